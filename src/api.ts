/**
 * The system's public API, exposed as `game.gng` for macros and modules.
 */
import * as rules from './rules/index.js';

export interface GnGApi {
  /** The pure rules engine (see docs/api.md). */
  rules: typeof rules;
  /** The system's version, from system.json. */
  version: string;
}

export function createApi(version: string): GnGApi {
  return { rules, version };
}
