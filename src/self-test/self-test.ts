/**
 * "Check this world": a self-test a GM runs inside a real Foundry. Each check exercises one Foundry
 * behaviour the system relies on (the same ones `test/harness/README.md` names evidence for), on
 * scratch documents in a scratch folder that is deleted afterwards, and reports pass, fail (with
 * the reason) or skip (with what to do). The harness runs it in the tests too (self-test.test.ts),
 * so a check that stops exercising what it claims fails there.
 *
 * Active GM only: the checks create and delete world documents and answer GM queries.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { isActiveGM } from '../documents/active-gm.js';
import { CONFIG_CHECKS } from './checks-config.js';
import { DOCUMENT_CHECKS } from './checks-documents.js';
import { CARD_CHECKS } from './checks-cards.js';
import { PACK_CHECKS } from './checks-packs.js';
import { rollModesCheck } from './checks-roll-modes.js';
import { TRUST_CHECKS } from './checks-trust.js';
import { Scratch, SCRATCH_FLAG } from './scratch.js';
import { CheckFailure, type CheckResult, type SelfTestCheck } from './check.js';

export type { CheckResult, CheckStatus, CheckOutcome, SelfTestCheck } from './check.js';
export { CheckFailure, expect } from './check.js';

/** Every check, in the order it runs (later checks use what earlier ones proved). */
export const SELF_TEST_CHECKS: readonly SelfTestCheck[] = [
  ...CONFIG_CHECKS,
  rollModesCheck,
  ...PACK_CHECKS,
  ...DOCUMENT_CHECKS,
  ...CARD_CHECKS,
  ...TRUST_CHECKS,
];

export interface SelfTestReport {
  started: string;
  results: CheckResult[];
  passed: boolean;
}

/** Options of a run: which checks (default all) and a callback after each. */
export interface SelfTestOptions {
  checks?: readonly SelfTestCheck[];
  /** How long a check waits for work done elsewhere (another client, a hook): default 5 s. */
  waitMs?: number;
  onProgress?: (done: number, total: number, result: CheckResult) => void;
}

const label = (id: string) => game.i18n.localize(`GNG.SelfTest.Check.${id}`);

function reasonOf(error: unknown): string {
  if (error instanceof CheckFailure) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return game.i18n.format('GNG.SelfTest.Unexpected', { error: message });
}

/**
 * Runs the checks on the active GM's client and cleans up every scratch document, also those left
 * by an earlier run that was interrupted. Refuses (with a localized error) on any other client.
 */
export async function runSelfTest(options: SelfTestOptions = {}): Promise<SelfTestReport> {
  if (!isActiveGM()) throw new Error(game.i18n.localize('GNG.SelfTest.NotActiveGM'));
  const checks = options.checks ?? SELF_TEST_CHECKS;
  const started = new Date().toISOString();
  const results: CheckResult[] = [];
  const scratch = new Scratch(options.waitMs);
  await Scratch.removeLeftovers();
  const record = (result: CheckResult) => {
    results.push(result);
    options.onProgress?.(results.length, checks.length + 1, result);
  };
  for (const check of checks) {
    let result: CheckResult;
    try {
      const outcome = await check.run(scratch);
      result =
        typeof outcome === 'string'
          ? { id: check.id, label: label(check.id), status: 'pass', detail: outcome }
          : { id: check.id, label: label(check.id), status: 'skip', detail: outcome.skip };
    } catch (error) {
      result = { id: check.id, label: label(check.id), status: 'fail', detail: reasonOf(error) };
    }
    record(result);
  }
  // Cleaning up is a check too: a scratch document left in the world is a failure to report.
  const leftovers = await scratch.cleanUp();
  record({
    id: 'cleanup',
    label: label('cleanup'),
    status: leftovers.length ? 'fail' : 'pass',
    detail: leftovers.length
      ? game.i18n.format('GNG.SelfTest.Fail.Leftovers', { list: leftovers.join('; ') })
      : game.i18n.localize('GNG.SelfTest.Pass.Cleanup'),
  });
  return { started, results, passed: results.every((r) => r.status !== 'fail') };
}

/** The report as plain text, to copy into a bug report. */
export function formatReport(report: SelfTestReport): string {
  const modules = [...(game.modules?.values() ?? [])]
    .filter((module) => module.active)
    .map((module) => `${module.id} ${module.version ?? ''}`.trim());
  const connected = game.users.filter((user) => user.active).length;
  const lines = [
    game.i18n.format('GNG.SelfTest.Report.Heading', { started: report.started }),
    game.i18n.format('GNG.SelfTest.Report.Versions', {
      system: `${SYSTEM_ID} ${game.system.version}`,
      foundry: game.version ?? '?',
      users: connected,
    }),
    game.i18n.format('GNG.SelfTest.Report.Modules', {
      modules: modules.length ? modules.join(', ') : game.i18n.localize('GNG.SelfTest.Report.None'),
    }),
    '',
    ...report.results.map(
      (r) => `${game.i18n.localize(`GNG.SelfTest.Status.${r.status}`).padEnd(5)} ${r.label}: ${r.detail}`,
    ),
  ];
  return lines.join('\n');
}

export { SCRATCH_FLAG };
