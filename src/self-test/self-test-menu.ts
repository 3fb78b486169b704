/**
 * The GM-only "Check this world" menu of the system settings (issue #29's start budget), as the
 * Variant rules menu (settings/variants-menu.ts): a small window class whose `render` loads the real
 * window (self-test-app.ts) on first use and renders it instead, with whatever render options it was
 * given. The checks themselves load when the window runs them (`selfTestModule`).
 */
import { systemPath } from '../config/document-types.js';
import { onDemand } from '../on-demand.js';

const { ApplicationV2 } = foundry.applications.api;

export const SELF_TEST_TEMPLATE = systemPath('templates/apps/self-test.hbs');

/** The checks (self-test.ts and the checks-*.ts), loaded on first use: a run (issue #29). */
export const selfTestModule = onDemand(() => import('./self-test.js'));

/** What the settings' button opens: the "Check this world" window, loaded on first use. */
export class SelfTestMenu extends ApplicationV2 {
  override async render(options?: boolean | ApplicationRenderOptions): Promise<this> {
    const { SelfTestApp } = await import('./self-test-app.js');
    // The real window is rendered; the menu's own instance never is.
    return (await new SelfTestApp().render(options)) as unknown as this;
  }
}
