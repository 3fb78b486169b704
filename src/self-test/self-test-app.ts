/**
 * The "Check this world" window (system settings → Grim-n-Gritty → Check this world, GM only): a Run
 * button, each check's result as it comes (pass, fail with its reason, skip with what to do), and
 * the report as text to copy into a bug report. The checks themselves are in self-test.ts. Loaded on
 * first use, when the menu's button opens it (self-test-menu.ts).
 */
import type { CheckResult, SelfTestReport } from './self-test.js';
import { SELF_TEST_TEMPLATE, selfTestModule } from './self-test-menu.js';

/** The report as text (a report exists only once the checks were loaded to run). */
const formatReport = (report: SelfTestReport) => selfTestModule.loaded?.formatReport(report) ?? '';

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export class SelfTestApp extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    id: 'gng-self-test',
    classes: ['gng', 'self-test'],
    window: { title: 'GNG.SelfTest.Title', icon: 'fa-solid fa-stethoscope', resizable: true },
    position: { width: 640, height: 'auto' },
    actions: { run: SelfTestApp.onRun, copy: SelfTestApp.onCopy },
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    body: { template: SELF_TEST_TEMPLATE, scrollable: ['.self-test-results'] },
  };

  running = false;
  results: CheckResult[] = [];
  progress = { done: 0, total: 0 };
  report: SelfTestReport | null = null;
  error = '';

  override async _prepareContext(): Promise<Record<string, unknown>> {
    const status = (s: CheckResult['status']) => game.i18n.localize(`GNG.SelfTest.Status.${s}`);
    const counts = { pass: 0, fail: 0, skip: 0 };
    for (const r of this.results) counts[r.status] += 1;
    return {
      running: this.running,
      error: this.error,
      progress: this.running ? game.i18n.format('GNG.SelfTest.Progress', this.progress) : '',
      results: this.results.map((r) => ({ ...r, statusLabel: status(r.status) })),
      summary: this.report
        ? game.i18n.format(this.report.passed ? 'GNG.SelfTest.Passed' : 'GNG.SelfTest.Failed', counts)
        : '',
      passed: this.report?.passed ?? false,
      text: this.report ? formatReport(this.report) : '',
    };
  }

  /** Runs every check and shows each result as it comes. */
  async run(options: { waitMs?: number } = {}): Promise<SelfTestReport | null> {
    if (this.running) return null;
    this.running = true;
    this.results = [];
    this.report = null;
    this.error = '';
    await this.render();
    try {
      const { runSelfTest } = await selfTestModule();
      this.report = await runSelfTest({
        ...options,
        onProgress: (done, total, result) => {
          this.progress = { done, total };
          this.results = [...this.results, result];
          void this.render();
        },
      });
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
    } finally {
      this.running = false;
    }
    await this.render();
    return this.report;
  }

  static async onRun(this: SelfTestApp): Promise<void> {
    await this.run();
  }

  /** Copies the report (Foundry's clipboard helper; the text stays selectable in the window too). */
  static async onCopy(this: SelfTestApp): Promise<void> {
    if (!this.report) return;
    await game.clipboard.copyPlainText(formatReport(this.report));
    ui.notifications.info(game.i18n.localize('GNG.SelfTest.Copied'));
  }
}
