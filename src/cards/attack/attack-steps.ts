/**
 * The attack card's own steps on the GM's client (GnG DEFENSE, RELATIVE DEGREE, DAMAGE, PROTECTION,
 * EFFECTS OF DAMAGE): the Defense roll (or the GM's total), the damage roll through the engine's
 * pipeline, Apply through the shared HP loss (with the world's Appendix 1 wound variants), the
 * Advanced Wound Trauma save Apply may call for, and Apply's exact inverse. The card's table
 * (attack-actions.ts) says who may run each and when.
 */
import { automation } from '../../settings/variant-rules.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import { weaponStrengthBonus } from '../../data/actor/derive-creature.js';
import { defenseRollFromValues, objectDefense, PROTECTION_PARTS, parseDice } from '../../rules/index.js';
import { combatModel } from '../../settings/combat-model.js';
import { postedModel } from '../model-guard.js';
import { cardResult } from './attack-model-steps.js';
import { sagaApplyModel } from './saga-attack.js';
import { egStrength } from './eg-attack.js';
import { tcDamageBonuses } from './tc-attack.js';
import { quickStrikeDamage, tcAfterApply, tcBeforeApply, undoTcConsciousness } from './tc-steps.js';
import { applyHitPointLoss, lossPairs, restoreHitPointLoss } from '../../combat/hp-loss.js';
import type { WeaponData } from '../../data/item/item-data.js';
import {
  rollWoundTrauma,
  undoWoundTrauma,
  woundTraumaOwed,
  type WoundTrauma,
} from '../shared/wound-trauma.js';
import { actorOf, Refusal, noteUndo, showRolls } from '../kernel/index.js';
import { saveCard } from './attack-save.js';
import { undoCalledShot } from './called-shots.js';
import { undoStrike } from './strike-steps.js';
import { actionAvailable, type AttackCardState, type CardTarget } from './attack-state.js';
import type { DefenseConfig } from '../shared/defense-config.js';

export type { DefenseConfig };
import { fireHits, multiShot, shotDamage } from './firearms-damage.js';
import { scattershotDice, scattershotFormula } from './scattershot.js';
import {
  applyPropertyDamage,
  brilliantShieldLost,
  cardWeapon,
  finishPropertyDamage,
  hitDamageInputs,
  undoPropertyDamage,
} from './item-properties-damage.js';
import { applySunder, undoSunder } from './sunder-steps.js';
import { defenseAgainst, defenseParts } from './attack-defense.js';

// The card's state, extended here (attack-state.ts stays small): declaration merging.
declare module './attack-state.js' {
  interface CardApplied {
    /** Apply's hold on the statuses it set (src/combat/status-holds.ts; absent on older cards). */
    hold?: string | null;
    /** The model's own health fields after Apply, besides HP (absent under GnG, which has none). */
    healthAfter?: Record<string, number>;
  }
}

function creature(actor: Actor): CreatureData {
  return actor.system;
}

export async function rollDefense(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
): Promise<void> {
  const mode = state.weapon.mode;
  let config: DefenseConfig;
  if (target.kind === 'object' && !target.actorUuid) {
    config = { mode, touch: state.weapon.touch, bonus: 0, autoRollOne: false, breakdown: null };
  } else {
    const defender = await actorOf(target.actorUuid);
    if (!defender) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
    const brilliant = (await cardWeapon(state))?.properties.includes('brilliant-energy') === true;
    const attack = {
      mode: state.weapon.mode,
      touch: state.weapon.touch,
      attackerConditions: state.attack.attackerConditions,
      defenderSituation: state.options.defenderSituation,
    };
    const breakdown = defenseAgainst(attack, defender, brilliant, {
      target,
      messageId: message.id as string,
    });
    const shieldLost = brilliant && !target.sunder ? brilliantShieldLost(defender) : null;
    if (shieldLost) breakdown.removed.push(shieldLost);
    config = {
      mode,
      touch: state.weapon.touch,
      bonus: breakdown.total,
      autoRollOne: breakdown.autoRollOne,
      breakdown,
    };
  }
  if (Hooks.call('gng.preDefense', message, target, config) === false)
    throw new Refusal('GNG.Error.Attack.Cancelled');

  let d20: Roll | null;
  if (target.object) {
    // A moving object rolls d20 + its size modifier (ATTACKING INANIMATE OBJECTS).
    d20 = await new Roll('1d20').evaluate();
    const natural = d20.total as number;
    const total = objectDefense({ size: target.object.size, moving: true, natural });
    target.defense = {
      source: 'roll',
      natural,
      bonus: total - natural,
      total,
      autoRollOne: false,
      mode,
      parts: [{ label: `GNG.Size.${target.object.size}`, value: total - natural }],
      notes: [],
    };
  } else {
    d20 = config.autoRollOne ? null : await new Roll('1d20').evaluate();
    const natural = d20 ? (d20.total as number) : undefined;
    const roll = defenseRollFromValues({
      ...(natural === undefined ? {} : { natural }),
      bonus: config.bonus,
      autoRollOne: config.autoRollOne,
    });
    const { parts, notes } = config.breakdown ? defenseParts(config.breakdown) : { parts: [], notes: [] };
    target.defense = {
      source: 'roll',
      natural: roll.natural,
      bonus: roll.bonus,
      total: roll.total,
      autoRollOne: roll.autoRollOne,
      mode,
      parts,
      notes,
    };
  }
  target.result = cardResult(
    combatModel().resolve(state.attack.total, target.defense.total, state.attack.natural),
  );
  showRolls(message, [d20]);
  await defenseSettled(message, state, target);
}

/**
 * A target's Defense and result are set: the card saved, `gng.defense` called, and the damage rolled
 * when the automation rolls it.
 */
async function defenseSettled(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
): Promise<void> {
  await saveCard(message, state);
  Hooks.callAll('gng.defense', message, target);
  if (actionAvailable('rollDamage', target) && automation().autoRollDamage)
    await rollDamage(message, state, target, true);
}

export async function setDefense(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  total: number,
): Promise<void> {
  const config: DefenseConfig = {
    mode: state.weapon.mode,
    touch: state.weapon.touch,
    bonus: total,
    autoRollOne: false,
    breakdown: null,
  };
  if (Hooks.call('gng.preDefense', message, target, config) === false)
    throw new Refusal('GNG.Error.Attack.Cancelled');
  target.defense = {
    source: 'gm',
    natural: null,
    bonus: config.bonus,
    total: config.bonus,
    autoRollOne: false,
    mode: state.weapon.mode,
    parts: [],
    notes: [],
  };
  target.result = cardResult(combatModel().resolve(state.attack.total, config.bonus, state.attack.natural));
  await defenseSettled(message, state, target);
}

export async function rollDamage(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  automatic = false,
): Promise<void> {
  const attacker = await actorOf(state.attacker.actorUuid);
  const summary = attacker
    ? creature(attacker).derived.attacks.find((a) => a.itemId === state.weapon.itemId)
    : null;
  if (!attacker || !summary) throw new Refusal('GNG.Error.NoAttack', { name: state.weapon.name });
  // A Saga-style maneuver deals no weapon damage (saga-attack.ts).
  if (target.saga?.maneuver) throw new Refusal('GNG.Model.Saga.Card.Refusal.maneuverNoDamage');
  const result = target.result as NonNullable<CardTarget['result']>;

  // Under the Time Count model: Str/Dex by category, Power, the unarmed die (tc-attack.ts).
  const tc = state.tc ? tcDamageBonuses(attacker, state, summary) : null;
  // Scattershot: the increment's count of the base die (scattershot.ts).
  const dice = tc?.dice ?? scattershotDice(state.scattershot, parseDice(summary.damageDice));
  // Firearms: each hitting shot of each barrel rolls the weapon's dice (one roll, split in order).
  const fire = multiShot(state.fire) ? state.fire : null;
  const hits = fire ? fireHits(fire, result) : null;
  const rolls = hits ? hits.total : 1;
  const roll = await new Roll(dice.count > 0 ? `${dice.count * rolls}d${dice.faces}` : '0').evaluate();
  const all = roll.dice.flatMap((term) => term.results.map((r) => r.result));
  let values = all.slice(0, dice.count);
  // An EG area attack makes one damage roll for every target it hits (003:1476): the first one's.
  if (state.eg?.area) values = state.eg.areaDamage ??= values;
  // Under the EG model Strength goes by how the weapon is wielded (eg-attack.ts `egStrength`).
  const strength = tc
    ? tc.ability
    : state.eg
      ? egStrength(attacker, state, summary)
      : weaponStrengthBonus(summary.strength, state.weapon.grip, {
          powerAttack: state.options.powerAttack === true,
        });

  // A sundered item: the holder's Protection and resistances do not cover it (sunder.ts).
  const defender = target.sunder ? null : await actorOf(target.actorUuid);
  // The target's Protection, DR and energy resistance, the weapon's Appendix 6 properties (from the documents).
  const weapon = attacker.items.get(state.weapon.itemId);
  const props = hitDamageInputs(
    weapon?.type === 'weapon' ? (weapon.system as WeaponData) : null,
    defender,
    target,
    summary.bypass,
  );
  const pipeline = combatModel().damage({
    weaponDice: values,
    weaponBonus: dice.bonus + summary.damageModifiers.enhancement + summary.damageModifiers.conditions,
    strengthBonus: strength,
    margin: result.relativeDegree,
    // A model whose critical hit is maximum damage reads each die's faces (the EG model).
    ...(result.critical ? { critical: true, diceFaces: values.map(() => dice.faces) } : {}),
    ...props.inputs,
    ...(tc ? { otherBonus: tc.other } : {}),
    penetrated: target.calledShot?.penetration?.save?.success === false,
    nonlethal: state.options.nonlethal === true,
  });
  const breakdown = pipeline.protectionBreakdown;
  if (fire && hits) {
    const shotBonus =
      dice.bonus + summary.damageModifiers.enhancement + summary.damageModifiers.conditions + strength;
    target.damage = shotDamage(fire, hits.perBarrel, all, dice.count, shotBonus, {
      relativeDegree: result.relativeDegree,
      ...props.inputs,
      penetrated: target.calledShot?.penetration?.save?.success === false,
      nonlethal: state.options.nonlethal === true,
      formula: scattershotFormula(state.scattershot, dice, summary.damageDice),
      automatic,
    });
    target.damage.properties = props.record;
    showRolls(message, [roll, ...(await finishPropertyDamage(target.damage, props.record))]);
    await saveCard(message, state);
    return;
  }
  target.damage = {
    formula: scattershotFormula(state.scattershot, dice, summary.damageDice),
    dice: values,
    steps: pipeline.steps,
    final: pipeline.final,
    lethal: pipeline.lethal,
    nonlethal: pipeline.nonlethal,
    specialEffects: pipeline.specialEffects,
    bypass: breakdown?.bypass ?? props.inputs.bypass ?? summary.bypass,
    protectionParts: breakdown
      ? PROTECTION_PARTS.filter((part) => breakdown[part] !== 0).map((part) => ({
          label: `GNG.Protection.Part.${part}`,
          value: breakdown[part],
        }))
      : [],
    ...(automatic ? { automatic: true } : {}),
    properties: props.record,
  };
  // A sunder: the holder takes none of it (no Roll with the Blow); Apply hits the item (sunder.ts).
  if (target.sunder) target.damage.lethal = 0;
  // A quick strike's half damage (tc-steps.ts).
  quickStrikeDamage(state, target.damage);
  showRolls(message, [roll, ...(await finishPropertyDamage(target.damage, props.record))]);
  await saveCard(message, state);
}

export async function applyDamage(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  user: User,
): Promise<void> {
  if (target.sunder) return applySunder(message, state, target, user);
  const actor = await actorOf(target.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  const damage = target.damage as NonNullable<CardTarget['damage']>;
  // The Time Count model: the ToP the hit meets, its impairments' type (tc-steps.ts).
  const tcOptions = await tcBeforeApply(state, target, actor);
  const loss = await applyHitPointLoss(
    actor,
    {
      lethal: damage.lethal,
      nonlethal: damage.nonlethal,
      nonlethalAttack: state.options.nonlethal === true,
      slashing: await slashingWeapon(state),
      ...(tcOptions ? { model: tcOptions } : {}),
    },
    (changes) => Hooks.call('gng.preApplyDamage', message, target, actor, changes) !== false,
    // A Saga-style coup de grace, Partial or Total Defense (saga-attack.ts); otherwise the world's model.
    sagaApplyModel(target, combatModel()),
  );
  if (!loss) throw new Refusal('GNG.Error.Attack.Cancelled');
  tcAfterApply(state, target, loss.consciousness);
  // The Vicious wielder's 1d6 and the Wounding save (item-properties-damage.ts).
  const extra = await applyPropertyDamage(state, target, actor);
  target.applied = {
    by: user.id as string,
    hpLost: loss.hpLost,
    ...lossPairs(loss),
    trauma: loss.trauma,
    condition: loss.condition,
    nonlethalCondition: loss.nonlethalCondition,
    injury: loss.injury,
    statusesAdded: loss.statusesAdded,
    effectIds: loss.effectIds,
    hold: loss.hold,
    traumaFlagBefore: loss.traumaBefore,
    snapshot: loss.before,
    ...modelHealthAfter({ ...loss.after }),
    woundTrauma: woundTraumaOwed(loss),
    properties: extra.applied,
  };
  delete target.undoNotes;
  showRolls(message, extra.rolls);
  await saveCard(message, state);
  Hooks.callAll('gng.applyDamage', message, target, actor);
}

export async function undoDamage(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
): Promise<void> {
  if (target.sunder && target.applied) return undoSunder(message, state, target);
  const actor = await actorOf(target.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  const applied = target.applied;
  if (applied) {
    const notes = await undoCalledShot(actor, target);
    await undoStrike(actor, target);
    notes.push(...(await undoWoundTrauma(actor, applied.woundTrauma)));
    notes.push(...(await undoTcConsciousness(actor, target)));
    notes.push(...(await undoPropertyDamage(state, actor, applied.properties)));
    notes.push(
      ...(await restoreHitPointLoss(
        actor,
        {
          snapshot: applied.snapshot,
          after: {
            value: applied.hp.after,
            temp: applied.temp.after,
            nonlethal: applied.nonlethal.after,
            ...applied.healthAfter,
          },
          statusesAdded: applied.statusesAdded,
          effectIds: applied.effectIds,
          hold: applied.hold,
          traumaBefore: applied.traumaFlagBefore ?? null,
        },
        // Undo works under any model: the card's own (its health fields and statuses).
        postedModel(state.model) ?? undefined,
      )),
    );
    target.applied = null;
    noteUndo(target, notes);
  }
  await saveCard(message, state);
}

/** A model's health fields besides HP after Apply, for its Undo (nothing under GnG). */
function modelHealthAfter(after: Record<string, unknown>): { healthAfter?: Record<string, number> } {
  const { value: _v, temp: _t, nonlethal: _n, statusesRemoved: _r, statusesTaken: _s, ...rest } = after;
  const fields = Object.entries(rest).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  return fields.length ? { healthAfter: Object.fromEntries(fields) } : {};
}

/**
 * Whether the attack's weapon deals slashing damage (its damage types; "slashing or piercing" counts,
 * decision "wound variants" in docs/rules.md). A weapon gone from the attacker does not.
 */
async function slashingWeapon(state: AttackCardState): Promise<boolean> {
  const attacker = await actorOf(state.attacker.actorUuid);
  const weapon = attacker?.items.get(state.weapon.itemId);
  return weapon?.type === 'weapon' && (weapon.system as WeaponData).damageTypes.includes('slashing');
}

/** GM side: the target's Advanced Wound Trauma save after Apply (its owners' button; a GM may roll it). */
export async function woundTraumaSave(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
): Promise<void> {
  const actor = await actorOf(target.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  const applied = target.applied as NonNullable<CardTarget['applied']>;
  await rollWoundTrauma(message, actor, applied.woundTrauma as WoundTrauma, state.attacker.actorUuid);
  await saveCard(message, state);
}
