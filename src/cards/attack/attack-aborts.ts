/**
 * The defender's abort actions on the attack card (GnG "ABORT ACTIONS"): Block (after the attack
 * hit, before damage — with auto-rolled damage, before it is applied) and Roll with Blow (once the
 * damage is known, before it is applied), and the Riposte a successful Block may allow. They are
 * actions of the card's GM query (`gng.attackAction`: `block`, `rollWithBlow`, `riposte`): the GM's handler
 * re-derives everything from the card and the documents, checks the abort with the engine
 * (`abortEligibility` through `action-budget.ts`), rolls the dice, spends from the defender's
 * action budget and records what Undo gives back (the budget, the card). Here what the card shows
 * (whether an abort's button shows, the Riposte's weapon and target); the steps themselves are in
 * attack-abort-steps.ts, loaded by the first abort taken or undone (issue #29).
 */
import type { CreatureData } from '../../data/actor/creature-data.js';
import {
  blockAttackKind,
  type AbortAction,
  type AbortContext,
  type ShieldSize,
  type Size,
} from '../../rules/index.js';
import { abortRefusal } from '../../combat/action-budget.js';
import { actionAvailable, blockWeapons, type AttackCardState, type CardTarget } from './attack-state.js';
import { sceneById, tokenOf } from '../../combat/scene-lookup.js';

export { blockWeapons };

export function creature(actor: Actor): CreatureData {
  return actor.system;
}

/** The attacking weapon as the card names it (for thrown / firearm / energy), if it still exists. */
export function attackingWeapon(state: AttackCardState): Item | null {
  const doc = fromUuidSync(state.weapon.itemUuid);
  return doc && doc.documentName === 'Item' ? (doc as Item) : null;
}

export interface WeaponSystem {
  use?: string;
  size?: Size;
  energy?: boolean;
  firearm?: { fireModes?: string[]; capacity?: number };
}

/** The attack's side of an abort's requirements: its kind, touch, the attacker flanking. */
function attackContext(state: AttackCardState): AbortContext {
  const item = attackingWeapon(state);
  const sys = (item?.system ?? {}) as WeaponSystem;
  return {
    attackKind: blockAttackKind({
      mode: state.weapon.mode,
      thrown: sys.use === 'thrown',
      firearm: (sys.firearm?.fireModes?.length ?? 0) > 0 || (sys.firearm?.capacity ?? 0) > 0,
      energy: sys.energy === true,
    }),
    touch: state.weapon.touch || state.options.touch === true,
    flanked: state.options.situational?.includes('flanking') === true,
  };
}

/** The defender's equipped shield (size, bonus, enhancement), or null. */
export function shieldOf(defender: Actor): { size: ShieldSize; bonus: number; enhancement: number } | null {
  const id = creature(defender).derived?.equippedShieldId;
  const item = id ? defender.items.get(id) : undefined;
  if (!item) return null;
  const sys = item.system as unknown as { shieldSize: ShieldSize; shieldBonus: number; enhancement: number };
  return { size: sys.shieldSize, bonus: sys.shieldBonus ?? 0, enhancement: sys.enhancement ?? 0 };
}

/** Everything the engine needs to decide whether `defender` may take `abort` against this attack. */
export function abortContextFor(
  state: AttackCardState,
  target: CardTarget,
  defender: Actor,
  abort: AbortAction,
  breaking = false,
): AbortContext {
  const ctx: AbortContext = { ...attackContext(state) };
  if (abort === 'block') {
    ctx.shield = shieldOf(defender)?.size ?? null;
    ctx.breaking = breaking;
    ctx.alreadyUsed = Boolean(target.aborts?.block);
  }
  if (abort === 'roll-with-blow') ctx.alreadyUsed = Boolean(target.aborts?.rollWithBlow);
  return ctx;
}

/**
 * On the asking client (the card's buttons): the lang key why the defender may not take this abort
 * now, or null. The GM's handler checks the same again.
 */
export function cardAbortRefusal(
  state: AttackCardState,
  target: CardTarget,
  abort: AbortAction,
  breaking = false,
): string | null {
  const doc = target.actorUuid ? fromUuidSync(target.actorUuid) : null;
  if (!doc || doc.documentName !== 'Actor') return 'GNG.Error.Attack.NoActor';
  const defender = doc as Actor;
  return abortRefusal(defender, abort, abortContextFor(state, target, defender, abort, breaking));
}

/**
 * The defender and the weapon it blocked with, for the Riposte (cards from before `weaponId` find
 * it by name); null when either is gone.
 */
export function riposteWeapon(target: CardTarget): { defender: Actor; weapon: Item } | null {
  const block = target.aborts?.block;
  const doc = target.actorUuid ? fromUuidSync(target.actorUuid) : null;
  if (!block || !doc || doc.documentName !== 'Actor') return null;
  const defender = doc as Actor;
  const id =
    block.weaponId ??
    (creature(defender).derived?.attacks ?? []).find((a) => a.name === block.weapon)?.itemId;
  const weapon = id ? defender.items.get(id) : undefined;
  return weapon ? { defender, weapon } : null;
}

/**
 * Whom the Riposte attacks: the attacker's token on the card's scene, else its own token (none: the
 * attacker has no token on a scene).
 */
export function riposteTargets(state: AttackCardState): TokenDocument[] {
  const doc = fromUuidSync(state.attacker.actorUuid);
  if (!doc || doc.documentName !== 'Actor') return [];
  const scene = sceneById(state.sceneId);
  const token = (scene ? tokenOf(doc as Actor, { scene }) : null) ?? tokenOf(doc as Actor);
  return token ? [token] : [];
}

/**
 * The Block buttons: one per equipped melee weapon when the defender has several ("Block with …",
 * each sending its item id), else one plain Block (its best melee attack).
 */
export function blockButtons(target: CardTarget) {
  if (!actionAvailable('block', target)) return null;
  const doc = target.actorUuid ? fromUuidSync(target.actorUuid) : null;
  const weapons = doc && doc.documentName === 'Actor' ? blockWeapons(doc as Actor) : [];
  const name = target.name;
  if (weapons.length <= 1)
    return [
      {
        weapon: null,
        block: game.i18n.format('GNG.Abort.Action.block', { name }),
        breaking: game.i18n.format('GNG.Abort.Action.breakingBlock', { name }),
      },
    ];
  return weapons.map((w) => ({
    weapon: w.itemId,
    block: game.i18n.format('GNG.Abort.Action.blockWith', { weapon: w.name, name }),
    breaking: game.i18n.format('GNG.Abort.Action.breakingBlockWith', { weapon: w.name, name }),
  }));
}
