/**
 * The self-test's registration on `init` (issue #29): its queries (every client answers the GM's
 * probe), its settings menu and the window's template; the window (self-test-app.ts) is loaded when
 * the menu opens it, the checks themselves (self-test.ts, checks-*.ts) when the window runs them or
 * `game.gng.checkWorld()` is called.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { registerSelfTestQueries } from './queries.js';
import { registerProbeSetting } from './probe-setting.js';
import { SelfTestMenu, SELF_TEST_TEMPLATE, selfTestModule } from './self-test-menu.js';
import type { SelfTestReport } from './self-test.js';

/** `game.gng.checkWorld()`: loads the checks, then runs them (self-test.ts `runSelfTest`). */
export async function checkWorld(): Promise<SelfTestReport> {
  return (await selfTestModule()).runSelfTest();
}

/** On `init`: the queries, the probe setting, the settings menu and the window's template. */
export function registerSelfTest(): void {
  registerSelfTestQueries();
  registerProbeSetting();
  game.settings.registerMenu(SYSTEM_ID, 'checkWorld', {
    name: 'GNG.SelfTest.Menu.Name',
    label: 'GNG.SelfTest.Menu.Label',
    hint: 'GNG.SelfTest.Menu.Hint',
    icon: 'fa-solid fa-stethoscope',
    type: SelfTestMenu,
    restricted: true,
  });
  void foundry.applications.handlebars.loadTemplates([SELF_TEST_TEMPLATE]);
}
