/**
 * The self-test (`game.gng.checkWorld()`, and the GM-only "Check this world" menu of the system
 * settings): registers its queries on every client and its settings menu.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { registerSelfTestQueries } from './queries.js';
import { registerProbeSetting } from './checks-config.js';
import { SelfTestApp, SELF_TEST_TEMPLATE } from './self-test-app.js';

export {
  runSelfTest,
  formatReport,
  SELF_TEST_CHECKS,
  type SelfTestReport,
  type CheckResult,
} from './self-test.js';
export { SelfTestApp } from './self-test-app.js';

/** On `init`: the queries, the probe setting, the settings menu and the window's template. */
export function registerSelfTest(): void {
  registerSelfTestQueries();
  registerProbeSetting();
  game.settings.registerMenu(SYSTEM_ID, 'checkWorld', {
    name: 'GNG.SelfTest.Menu.Name',
    label: 'GNG.SelfTest.Menu.Label',
    hint: 'GNG.SelfTest.Menu.Hint',
    icon: 'fa-solid fa-stethoscope',
    type: SelfTestApp,
    restricted: true,
  });
  void foundry.applications.handlebars.loadTemplates([SELF_TEST_TEMPLATE]);
}
