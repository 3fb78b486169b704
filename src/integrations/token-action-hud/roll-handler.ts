/**
 * A click on one of our HUD actions: the same call the sheet's button makes (actor-sheet.ts), so the
 * same dialogs, requests to the active GM and refusals follow — the attack dialog (Shift: the
 * defaults), the rolls, the Reload, the Cast dialog, the maneuvers, the condition toggle, the card's
 * abort request. Only the actor's owners (and the GM) act for it; anyone else gets a localized
 * refusal and nothing changes. Right-click on an item's action opens the item's sheet (as core's own
 * `isRenderItem` convention).
 */
import type { Ability, Maneuver, Save, SkillId } from '../../rules/index.js';
import type { GnGActor } from '../../documents/actor.js';
import { reloadAndTell } from '../../combat/ammunition.js';
import { castFromSheet } from '../../applications/cast-from-sheet.js';
import { takeTotalDefense } from '../../cards/attack/combat-options-card.js';
import { track } from '../../cards/kernel/index.js';
import { takeAbort, type AbortRequest } from './aborts.js';
import type { HudAction } from './actions.js';
import type { TahCoreModule } from './tah-core.js';

/** The click's context: the modifier keys core read from the event. */
export interface HudClick {
  shift: boolean;
  rightClick: boolean;
}

const SIMPLE = new Set(['grapple', 'totalDefense', 'quickStand']);
const STRING_FIELD: Record<string, string> = {
  attack: 'itemId',
  reload: 'itemId',
  cast: 'itemId',
  maneuver: 'maneuver',
  ability: 'ability',
  save: 'save',
  skill: 'skill',
  condition: 'status',
};

/** The action's `system` as one of ours, or null (another module's action, or a malformed one). */
export function parseHudAction(system: unknown): HudAction | null {
  if (!system || typeof system !== 'object') return null;
  const data = system as Record<string, unknown>;
  const kind = data.kind;
  if (typeof kind !== 'string') return null;
  if (SIMPLE.has(kind)) return { kind } as HudAction;
  const field = STRING_FIELD[kind];
  if (field) return typeof data[field] === 'string' ? ({ kind, [field]: data[field] } as HudAction) : null;
  if (kind !== 'abort') return null;
  const { messageId, targetId, action, weapon, breaking } = data;
  if (typeof messageId !== 'string' || typeof targetId !== 'string') return null;
  if (action !== 'block' && action !== 'rollWithBlow' && action !== 'riposte') return null;
  return {
    kind,
    messageId,
    targetId,
    action,
    ...(typeof weapon === 'string' ? { weapon } : {}),
    ...(breaking === true ? { breaking } : {}),
  };
}

/** The item an item's action names, still on the actor (else a warning). */
function itemOf(actor: Actor, itemId: string): Item | null {
  const item = actor.items.get(itemId);
  if (!item) ui.notifications.warn(game.i18n.format('GNG.TokenActionHud.Gone', { name: actor.name }));
  return item ?? null;
}

/** Runs a clicked action for `actor` as the current user. */
export async function runHudAction(actor: Actor | null, system: unknown, click: HudClick): Promise<void> {
  const action = parseHudAction(system);
  if (!actor || !action) return;
  if (!actor.isOwner) {
    ui.notifications.warn(game.i18n.format('GNG.TokenActionHud.NotOwner', { name: actor.name }));
    return;
  }
  const gng = actor as GnGActor;
  if (click.rightClick && 'itemId' in action) {
    await itemOf(actor, action.itemId)?.sheet?.render(true);
    return;
  }
  switch (action.kind) {
    case 'attack':
      if (itemOf(actor, action.itemId)) await gng.rollAttack(action.itemId, { skipDialog: click.shift });
      return;
    case 'reload': {
      const item = itemOf(actor, action.itemId);
      if (item) await reloadAndTell(item);
      return;
    }
    case 'cast': {
      const item = itemOf(actor, action.itemId);
      if (item) await castFromSheet(actor, item);
      return;
    }
    case 'maneuver':
      await game.gng.maneuver(actor, action.maneuver as Maneuver);
      return;
    case 'grapple':
      await game.gng.grapple(actor);
      return;
    case 'totalDefense':
      await takeTotalDefense(actor);
      return;
    case 'quickStand':
      await game.gng.quickStand(actor);
      return;
    case 'ability':
      await gng.rollAbilityCheck(action.ability as Ability);
      return;
    case 'save':
      await gng.rollSave(action.save as Save);
      return;
    case 'skill':
      await gng.rollSkill(action.skill as SkillId);
      return;
    case 'condition':
      // The sheet's toggle; a status the world does not define is not ours to toggle.
      if (CONFIG.statusEffects.some((status) => status.id === action.status))
        await actor.toggleStatusEffect(action.status);
      return;
    case 'abort': {
      const { kind: _kind, ...request } = action;
      await takeAbort(request as AbortRequest, game.user);
      return;
    }
  }
}

/** Our RollHandler: core's, whose click runs {@link runHudAction} (tracked, so tests can wait for it). */
export function createRollHandler(core: TahCoreModule) {
  return class GnGTahRollHandler extends core.api.RollHandler {
    override handleActionClick(_event: Event, _buttonValue: string | null): Promise<void> {
      const click = { shift: this.isShift, rightClick: this.isRightClick };
      return track(runHudAction(this.actor, this.action?.system, click)).catch((error: unknown) => {
        console.error(error);
      });
    }
  };
}
