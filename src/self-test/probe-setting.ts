/**
 * The self-test's probe setting, registered on `init` (register.ts) apart from the checks, which
 * load on first use (issue #29).
 */
import { SYSTEM_ID } from '../config/document-types.js';

/**
 * The self-test's own world setting (no menu shows it, nothing reads it): written, read back and set
 * back, so no setting a GM chose ever changes, not even for a moment.
 */
export const PROBE_SETTING = 'selfTestProbe';

/** On `init`: the probe setting. */
export function registerProbeSetting(): void {
  game.settings.register(SYSTEM_ID, PROBE_SETTING, {
    name: 'GNG.SelfTest.ProbeSetting',
    scope: 'world',
    config: false,
    type: String,
    default: '',
  });
}
