/**
 * Our system's side of Token Action HUD Core, loaded when core hands over its API
 * (`tokenActionHudCoreApiReady`, register.ts). Core's classes exist only now, so ours are made here:
 * an ActionHandler that fills our groups with the selected actor's actions (actions.ts), a
 * RollHandler that runs a clicked one (roll-handler.ts), and a SystemManager that returns them and
 * the default layout (defaults.ts). Core takes the SystemManager from the module object we pass to
 * `tokenActionHudSystemReady`, after checking `requiredCoreModuleVersion` against its own version.
 * Evidence and decisions: docs/host.md "Token Action HUD".
 */
import { cardState } from '../../cards/attack/attack-state.js';
import { hudActions } from './actions.js';
import { hudDefaults } from './defaults.js';
import { createRollHandler } from './roll-handler.js';
import { isTahCore, REQUIRED_CORE_MODULE_VERSION, type TahCoreModule } from './tah-core.js';
import { tokenActionHudCardHooks } from '../../hooks/lazy-hooks.js';

/** The id of our one roll handler in core's "Roll handler" setting (core's own name for the default). */
const ROLL_HANDLER_ID = 'core';

/** Our ActionHandler: the selected actor's actions (none with several tokens selected). */
function createActionHandler(core: TahCoreModule) {
  return class GnGTahActionHandler extends core.api.ActionHandler {
    override async buildSystemActions(_groupIds: string[]): Promise<void> {
      const actor = this.actor;
      if (!actor) return;
      for (const [id, actions] of hudActions(actor, game.user))
        this.addActions(actions, { id, type: 'system' });
    }
  };
}

/** Our SystemManager class, built on core's. */
export function createSystemManager(core: TahCoreModule) {
  const ActionHandler = createActionHandler(core);
  const RollHandler = createRollHandler(core);
  return class GnGTahSystemManager extends core.api.SystemManager {
    override getActionHandler() {
      return new ActionHandler();
    }

    override getAvailableRollHandlers(): Record<string, string> {
      return { [ROLL_HANDLER_ID]: game.i18n.localize('GNG.TokenActionHud.RollHandler') };
    }

    override getRollHandler(_rollHandlerId: string) {
      return new RollHandler();
    }

    override async registerDefaults() {
      return hudDefaults();
    }
  };
}

/**
 * An attack card posted or changed may offer the HUD's actor an abort, or take one back: core
 * rebuilds its HUD on `forceUpdateTokenActionHud` (it does not watch chat messages itself).
 */
let refreshing = false;
function refreshOnCards(): void {
  if (refreshing) return;
  refreshing = true;
  const refresh = (message: ChatMessage) => {
    if (cardState(message)) Hooks.callAll('forceUpdateTokenActionHud');
  };
  tokenActionHudCardHooks(refresh);
}

/**
 * Answers core's `tokenActionHudCoreApiReady`: our SystemManager on a module object of our own (the
 * system is no module; core reads only its `api`). A core without the classes we extend is left
 * alone (a console warning; no HUD for our actors).
 */
export function registerWithCore(core: unknown): void {
  if (!isTahCore(core)) {
    console.warn(game.i18n.localize('GNG.TokenActionHud.Incompatible'));
    return;
  }
  refreshOnCards();
  const SystemManager = createSystemManager(core);
  Hooks.call('tokenActionHudSystemReady', {
    id: game.system.id,
    api: { requiredCoreModuleVersion: REQUIRED_CORE_MODULE_VERSION, SystemManager },
  });
}
