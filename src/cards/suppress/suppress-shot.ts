/**
 * The steps of one trigger of a suppressing fire card, on the active GM's client (suppress-actions.ts
 * runs them through the kernel): the Reflex save, becoming suppressed, the shooter's free shot (its
 * rounds, its attack roll at −8 / −4), the defender's Defense roll or Dive for Cover, the damage, and
 * the GM's Undo of all of it. Every number comes from the documents and the GM's dice.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import {
  defenseRollFromValues,
  rangePenalty,
  rollAttack,
  savingThrow,
  suppressingFireFreeAttack,
} from '../../rules/index.js';
import { returnRounds, roundsOf, spendRounds } from '../../combat/ammunition.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import { applyHitPointLoss, recordOf, restoreHitPointLoss } from '../../combat/hp-loss.js';
import { giveBack, takeAbort } from '../../combat/abort-gate.js';
import type { WeaponData } from '../../data/item/item-data.js';
import { actorOf, partActor, Refusal, showRolls, type UndoNote } from '../kernel/index.js';
import { hitDamageInputs, shotThroughTarget } from '../attack/item-properties-damage.js';
import type { SuppressCardState, SuppressTrigger } from './suppress-state.js';
import { feetBetween } from '../../combat/scene-grid.js';
import { tokenOf } from '../../combat/scene-lookup.js';
import { t } from '../../format.js';

const creature = (actor: Actor) => actor.system;

/** The shooter and its weapon as they are now (the weapon must still be held: equipped). */
export async function shooterAndWeapon(state: SuppressCardState): Promise<{
  shooter: Actor;
  weapon: Item;
  bonus: number;
  damage: string;
  bypass: 'none' | 'piercing' | 'ignoring';
}> {
  const shooter = await partActor(state.shooter);
  const weapon = (await fromUuid(state.weapon.uuid)) as Item | null;
  const attack = creature(shooter).derived.attacks.find((a) => a.itemId === weapon?.id);
  if (!weapon || weapon.parent !== shooter || !attack)
    throw new Refusal('GNG.Suppress.Error.NotEquipped', { weapon: state.weapon.name });
  return { shooter, weapon, bonus: attack.bonus, damage: attack.damage, bypass: attack.bypass };
}

/** The actor's token the card names (on any scene), else its own token (scene-lookup.ts). */
function tokenNamed(actor: Actor, tokenId: string | null): TokenDocument | null {
  return (tokenId ? tokenOf(actor, { tokenId }) : null) ?? tokenOf(actor);
}

/**
 * The range penalty of the free shot (a normal ranged attack: core "Range Penalty", −2 per increment
 * after the first), from the shooter's token to the target's; 0 when either has no token. Beyond
 * the weapon's reach no shot is possible.
 */
async function rangePenaltyOf(
  state: SuppressCardState,
  trigger: SuppressTrigger,
  weapon: Item,
): Promise<number> {
  const shooter = tokenNamed(await partActor(state.shooter), state.shooter.tokenId);
  const target = tokenNamed(await partActor(trigger), trigger.tokenId);
  const increment = (weapon.system as unknown as { rangeIncrement?: number }).rangeIncrement ?? 0;
  // The scene's grid measure (nearest spaces), as every range penalty (scene-grid.ts).
  const distance = shooter && target ? feetBetween(shooter, target) : Infinity;
  if (!Number.isFinite(distance) || !(increment > 0)) return 0;
  try {
    return rangePenalty({ distanceFeet: distance, rangeIncrementFeet: increment });
  } catch {
    throw new Refusal('GNG.Suppress.Error.OutOfRange', { name: trigger.name, weapon: weapon.name });
  }
}

/** The defender's owner rolls Reflex against the card's DC. */
export async function rollSave(message: ChatMessage, state: SuppressCardState, trigger: SuppressTrigger) {
  const actor = await partActor(trigger);
  const bonus = creature(actor).derived.saves.ref.total;
  const roll = await new Roll('1d20').evaluate();
  const natural = roll.total as number;
  const save = savingThrow({ natural, bonus, dc: state.reflexDc });
  trigger.save = { natural, bonus, total: save.total, success: save.success };
  showRolls(message, [roll]);
}

/** "That target becomes suppressed": the status for one round (it falls prone, no actions). */
export async function suppress(message: ChatMessage, trigger: SuppressTrigger): Promise<void> {
  const actor = await partActor(trigger);
  const status = CONFIG.statusEffects.find((s) => s.id === 'suppressed');
  const [created] = await actor.createEmbeddedDocuments('ActiveEffect', [
    {
      name: t('GNG.Status.suppressed'),
      img: (status as { img?: string } | undefined)?.img ?? 'icons/svg/explosion.svg',
      statuses: ['suppressed'],
      duration: { rounds: 1 },
      flags: { [SYSTEM_ID]: { suppressedBy: message.id } },
    },
  ]);
  trigger.suppressedEffectId = (created?.id as string | undefined) ?? null;
}

/**
 * The shooter's free shot: 2 (fully automatic 4) rounds, fewer if that empties the weapon
 * (`suppressingFireFreeAttack`), then d20 (and its d10 chain) + ranged attack bonus − 8 (−4) + the
 * range penalty. A weapon emptied since ends the area instead.
 */
export async function freeShot(
  message: ChatMessage,
  state: SuppressCardState,
  trigger: SuppressTrigger,
): Promise<void> {
  const { weapon, bonus } = await shooterAndWeapon(state);
  // A weapon that counts no rounds (capacity 0) never runs dry.
  const counts = roundsOf(weapon);
  const loaded = counts ? counts.loaded : Number.MAX_SAFE_INTEGER;
  // Emptied since (another attack): the area ends, and the card says so, instead of a shot.
  if (loaded < 1) {
    state.active = false;
    state.endedBy = 'ammo';
    return;
  }
  const free = suppressingFireFreeAttack({ fullyAutomatic: state.fullyAutomatic, ammoLeft: loaded });
  const range = await rangePenaltyOf(state, trigger, weapon);
  const rounds = await spendRounds(weapon, free.ammoUsed);
  const d20 = await new Roll('1d20').evaluate();
  const natural = d20.total as number;
  const { result: attack, rolls } = await withFoundryDice(10, (dice) =>
    rollAttack(
      { roll: (faces) => (faces === 20 ? natural : dice.roll(faces)) },
      bonus + free.attackPenalty + range,
    ),
  );
  trigger.shot = {
    natural,
    chainDice: attack.chainDice,
    chainAdjustment: attack.chainAdjustment,
    bonus,
    penalty: free.attackPenalty,
    range,
    total: attack.total,
    rounds,
    defense: null,
    hit: null,
    relativeDegree: null,
    dive: null,
    damage: null,
    applied: null,
  };
  // "If you run out of ammunition, you cease suppressing your target area."
  if (!free.active) {
    state.active = false;
    state.endedBy = 'ammo';
  }
  showRolls(message, [d20, ...rolls]);
}

/** The defender's Defense roll against the free shot (ranged); the attacker hits on a tie. */
export async function rollDefense(message: ChatMessage, trigger: SuppressTrigger): Promise<void> {
  const actor = await partActor(trigger);
  const shot = trigger.shot as NonNullable<SuppressTrigger['shot']>;
  const ranged = creature(actor).derived.defense.ranged;
  const roll = ranged.autoRollOne ? null : await new Roll('1d20').evaluate();
  const defense = defenseRollFromValues({
    bonus: ranged.total,
    autoRollOne: ranged.autoRollOne,
    ...(roll ? { natural: roll.total as number } : {}),
  });
  shot.defense = { natural: defense.natural, bonus: defense.bonus, total: defense.total };
  shot.hit = shot.total >= defense.total;
  shot.relativeDegree = shot.total - defense.total;
  if (roll) showRolls(message, [roll]);
}

/** Dive for Cover against the free shot: the abort is paid, no damage, and the target is suppressed. */
export async function diveForCover(message: ChatMessage, trigger: SuppressTrigger): Promise<void> {
  const actor = await partActor(trigger);
  const shot = trigger.shot as NonNullable<SuppressTrigger['shot']>;
  const spent = await takeAbort(actor, 'dive-for-cover', { reflexAreaEffect: true });
  shot.dive = { paidWith: spent.paidWith, epoch: spent.epoch ?? null };
  if (!trigger.suppressedEffectId) await suppress(message, trigger);
}

/**
 * The GM applies the free shot's damage: the weapon's damage + RD through the attack card's damage
 * step — Protection, DR, energy resistance, the weapon's properties (a normal ranged attack at a
 * penalty: docs/rules.md "Suppressing fire") — and the shared HP loss.
 */
export async function applyDamage(
  message: ChatMessage,
  state: SuppressCardState,
  trigger: SuppressTrigger,
): Promise<void> {
  const actor = await partActor(trigger);
  const shot = trigger.shot as NonNullable<SuppressTrigger['shot']>;
  const { weapon, damage: formula, bypass } = await shooterAndWeapon(state);
  const roll = await new Roll(formula).evaluate();
  // The attack card's damage step: Protection, DR, energy resistance, the weapon's properties.
  const step = hitDamageInputs(
    weapon.type === 'weapon' ? (weapon.system as unknown as WeaponData) : null,
    actor,
    { kind: 'creature' },
    bypass,
  );
  const result = shotThroughTarget(Math.max(0, roll.total as number), shot.relativeDegree ?? 0, step);
  const loss = await applyHitPointLoss(actor, { lethal: result.final, nonlethal: 0 }, () => true);
  if (!loss) throw new Refusal('GNG.Error.Attack.Cancelled');
  const s = result.steps;
  const resisted = s.damageReduction > 0 || s.energyResistance > 0 || s.multiplier || step.record.cannotHarm;
  shot.damage = {
    formula: roll.formula,
    dice: roll.dice.flatMap((d) => d.results.map((r) => r.result)),
    rolled: roll.total as number,
    protection: s.protection,
    final: result.final,
    ...(resisted
      ? {
          afterProtection: s.afterProtection,
          damageReduction: s.afterProtection - s.afterDamageReduction,
          energyResistance: s.afterDamageReduction - s.final,
          ...(step.record.cannotHarm ? { cannotHarm: true } : {}),
        }
      : {}),
  };
  shot.applied = { ...recordOf(loss), hp: { before: loss.before.value, after: loss.after.value } };
  showRolls(message, [roll]);
}

/** The GM's Undo of a trigger: the damage, the suppressed status, the rounds of the shot, the dive. */
export async function undoTrigger(trigger: SuppressTrigger): Promise<(UndoNote | string)[]> {
  const actor = await actorOf(trigger.actorUuid);
  const notes: (UndoNote | string)[] = [];
  const shot = trigger.shot;
  if (actor && shot?.applied) notes.push(...(await restoreHitPointLoss(actor, shot.applied)));
  if (actor && trigger.suppressedEffectId) {
    const effect = actor.effects.get(trigger.suppressedEffectId);
    if (effect) await effect.delete();
    else notes.push({ key: 'GNG.Suppress.Undo.StatusGone' });
  }
  if (shot?.rounds) notes.push(...(await returnRounds(shot.rounds)).map((key) => ({ key })));
  if (actor && shot?.dive) notes.push(...(await giveBack(actor, 'dive-for-cover', shot.dive)));
  trigger.undone = true;
  return notes;
}
