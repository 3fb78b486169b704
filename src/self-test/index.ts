/**
 * The self-test (`game.gng.checkWorld()`, and the GM-only "Check this world" menu of the system
 * settings): registers its queries on every client and its settings menu (register.ts, on `init`;
 * the checks are loaded on first use).
 */
export {
  runSelfTest,
  formatReport,
  SELF_TEST_CHECKS,
  type SelfTestReport,
  type CheckResult,
} from './self-test.js';
export { SelfTestApp } from './self-test-app.js';
export { SelfTestMenu } from './self-test-menu.js';
export { checkWorld, registerSelfTest } from './register.js';
