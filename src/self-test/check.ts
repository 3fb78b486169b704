/**
 * What a self-test check is and how it fails (shared by the checks and the runner, self-test.ts).
 */
import type { Scratch } from './scratch.js';

export type CheckStatus = 'pass' | 'fail' | 'skip';

/** The outcome of one check: its label and, for a failure or a skip, the reason (localized). */
export interface CheckResult {
  id: string;
  label: string;
  status: CheckStatus;
  detail: string;
}

/** What a check answers: a detail line, or a skip with its reason. Failing = throwing. */
export type CheckOutcome = string | { skip: string };

/** One check: an id (its label is `GNG.SelfTest.Check.<id>`) and what it does. */
export interface SelfTestCheck {
  id: string;
  run(scratch: Scratch): Promise<CheckOutcome>;
}

/** A failure with a localized reason (lang key and data). */
export class CheckFailure extends Error {
  constructor(key: string, data: Record<string, unknown> = {}) {
    super(game.i18n.format(key, data));
    this.name = 'CheckFailure';
  }
}

/** Fails with `key` unless `condition`. */
export function expect(
  condition: unknown,
  key: string,
  data: Record<string, unknown> = {},
): asserts condition {
  if (!condition) throw new CheckFailure(key, data);
}
