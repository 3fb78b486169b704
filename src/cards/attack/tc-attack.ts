/**
 * The attack card under the Time Count and Threshold of Pain model (seed 002; issue #32, lane card),
 * on the active GM's client: the chapter's options checked before anything is rolled; the attack
 * refused when the attacker's count has not come (002:250: "Once the Time Count reaches that number,
 * your next turn begins"); each creature target's defense and why Passive stood in for Primary (R2);
 * and, once the d20 is rolled, the attacker's next count posted through the Time Count's store
 * (`scheduleAct`, src/combat/tc-schedule.ts) with the weapon's SF — its class stepped by a quick
 * strike or alternating weapons, the worse of two weapons' SFs together, a fumble's +1d6 and
 * unsteadiness. The numbers are the engine's (src/rules/models/tc/). Decisions: docs/rules.md
 * "### The attack card".
 */
import type { UndoNote } from '../kernel/index.js';
import { refusalNote } from './attack-notes.js';
import type { CombatModel } from '../../rules/index.js';
import {
  fumbleDurability,
  tcOptionParts,
  tcSpeedPlan,
  tcWeaponCategory,
} from '../../rules/models/tc/attack-card.js';
import { tcDamageAbility, tcUnarmedDie, type TcWeaponCategory } from '../../rules/models/tc/damage.js';
import { speedClassOf, speedFactor, worseSpeedFactor } from '../../rules/models/tc/speed.js';
import { passiveReasons, tcAbilityMod } from '../../rules/models/tc/defenses.js';
import { impairedAttributes, tcState } from '../../rules/models/tc/state.js';
import type { AttackSummary } from '../../data/actor/derive-attacks.js';
import type { WeaponData } from '../../data/item/item-data.js';
import {
  isActing,
  markUnsteady,
  revertScheduleAct,
  rollsSpeedFactor,
  scheduleAct,
  tcSchedule,
  type TcScheduleRecord,
} from '../../combat/tc-schedule.js';
import { combatantOf } from '../../combat/scene-lookup.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import { withMixedFoundryDice } from '../../combat/foundry-dice.js';
import { Refusal } from '../kernel/index.js';
import type { AttackOptions } from './attack-options.js';
import type { AttackCardState, CardPart } from './attack-state.js';
import { cardResult, gateModelOptions, staticCardDefense, type SettleTarget } from './attack-model-steps.js';
import type { CardTc, CardTcSpeed } from './tc-card-state.js';
import { tcAttackerOf, tcBaseParts, tcStanceFacts } from '../shared/tc-situation.js';
import type { TcRange } from './tc-range.js';
import { TC_MODEL_ID } from '../../rules/models/tc/state.js';

/** The Time Count model's id (the engine's, state.ts). */
export { TC_MODEL_ID };

export const isTcModel = (model: CombatModel | null | undefined): boolean => model?.id === TC_MODEL_ID;

/** GnG's options the chapter does not have, besides the situational ones (`gateModelOptions`). */
const GNG_ONLY = ['coupDeGrace', 'powerAttack', 'saga', 'eg', 'object'] as const;

const weaponData = (weapon: Item | null | undefined): WeaponData | null =>
  weapon?.type === 'weapon' ? (weapon.system as WeaponData) : null;

/** An unarmed strike (the weapon's use). */
export const isUnarmed = (weapon: Item | null | undefined): boolean => weaponData(weapon)?.use === 'unarmed';

/**
 * Before anything is rolled: `options.tc` only under the TC model, GnG's own options not under it;
 * feet only unarmed (002:695); two weapons together name the other weapon (GnG's `offHand`, its own
 * card) and are melee (002:691), and GnG's off-hand attack is only that; striking each other has one
 * target (002:687). `hand`: the off-hand card of two weapons together is checked with its primary.
 */
export function checkTcOptions(
  options: AttackOptions,
  model: CombatModel,
  context: { weapon: Item; mode: 'melee' | 'ranged'; targets: number; hand: 'primary' | 'off' },
): void {
  if (!gateModelOptions(options, isTcModel(model), 'tc', GNG_ONLY, 'GNG.Model.TC.Card')) return;
  const tc = options.tc ?? {};
  if (tc.feet && !isUnarmed(context.weapon)) throw new Refusal('GNG.Model.TC.Card.Refusal.feet');
  if (tc.twoWeapons === 'together' && context.mode !== 'melee')
    throw new Refusal('GNG.Model.TC.Card.Refusal.together');
  if (context.hand === 'primary' && (tc.twoWeapons === 'together') !== (options.offHand !== undefined))
    throw new Refusal('GNG.Model.TC.Card.Refusal.together');
  if (tc.simultaneous && context.targets !== 1) throw new Refusal('GNG.Model.TC.Card.Refusal.simultaneous');
  // Flanking: "Ranged attacks do not benefit from this" (002:642).
  if (tc.modifiers?.includes('flanked') && context.mode !== 'melee')
    throw new Refusal('GNG.Model.TC.Card.Refusal.flanked');
}

/** The attacker's combat and combatant when it is in one (null: out of combat, no Time Count). */
function scheduleOf(actor: Actor): { combat: Combat; combatant: Combatant } | null {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent ?? null;
  return combat && combatant ? { combat, combatant } : null;
}

/**
 * GM side, before anything is rolled: in a combat, the attacker acts now (its next count reached,
 * R34); striking each other needs the target acting at the same count too (002:687). Refused with
 * the store's words otherwise.
 */
export function assertTcActing(
  actor: Actor,
  options: AttackOptions,
  defenders: readonly (Actor | null)[],
): void {
  const at = scheduleOf(actor);
  if (!at) {
    if (options.tc?.simultaneous) throw new Refusal('GNG.Model.TC.Card.Refusal.simultaneous');
    return;
  }
  const schedule = tcSchedule(at.combat);
  const name = actor.name;
  if (!(at.combatant.id in schedule.next)) throw new Refusal('GNG.Model.TC.Act.Error.NoInitiative', { name });
  if (!isActing(schedule, at.combatant.id))
    throw new Refusal('GNG.Model.TC.Act.Error.NotActing', {
      name,
      next: schedule.next[at.combatant.id],
      count: schedule.count,
    });
  if (!options.tc?.simultaneous) return;
  const other = combatantOf(defenders[0] ?? null);
  if (other?.parent !== at.combat || schedule.next[other.id] !== schedule.count)
    throw new Refusal('GNG.Model.TC.Card.Refusal.simultaneous');
}

/** The card's TC part when it is made (before the roll). */
export function startTcCard(actor: Actor, options: AttackOptions): CardTc {
  return {
    choices: { ...(options.tc ?? {}) },
    combatId: scheduleOf(actor)?.combat.id ?? null,
    speed: null,
    records: [],
    fumble: null,
    withdrawn: null,
  };
}

/**
 * The attack's facts of a defender's situation (core's `TcSituation`): unsteady until it acts (the
 * schedule's mark: surprise 002:237, a fumble 002:66); no melee weapon (002:120, 700): no melee
 * attack on its sheet; unarmed without training (002:695): its melee attacks all unarmed and no
 * Improved Unarmed Strike.
 */
export function tcDefenderSituation(defender: Actor): Record<string, boolean> {
  const combatant = combatantOf(defender);
  const combat = combatant?.parent ?? null;
  const unsteady = combat && combatant ? tcSchedule(combat).unsteady[combatant.id] === true : false;
  const system = defender.system;
  const melee = (system.derived?.attacks ?? []).filter((row) => row.mode === 'melee');
  const unarmed = melee.length > 0 && melee.every((row) => isUnarmed(defender.items.get(row.itemId)));
  const trained = (system.derived?.feats ?? []).includes('improved-unarmed-strike');
  return {
    unsteady,
    noMeleeWeapon: melee.length === 0,
    unarmedUntrained: unarmed && !trained,
  };
}

/** A creature target's defense (the model's, with its situation), why Passive stood in (R2), the result. */
export const settleTcTarget: SettleTarget = (state, target, defender, model) => {
  const attack = {
    mode: state.weapon.mode,
    touch: state.weapon.touch,
    situation: { ...tcDefenderSituation(defender), ...tcStanceFacts(defender) },
  };
  const creature = modelCreatureOf(defender);
  const spec = model.defenseAgainst(attack, creature);
  target.defense = staticCardDefense(spec, state.weapon.mode);
  target.result = cardResult(model.resolve(state.attack.total, target.defense.total, state.attack.natural));
  target.tc = {
    passive: spec.id === 'passive' ? passiveReasons(attack, creature) : [],
    top: null,
    consciousness: null,
  };
};

/**
 * GM side, after the roll: the attacker's next count (R34) — the weapon's speed class (A10: standard
 * when it has none), stepped by the options, rolled or static (R35, the world's `tcSpeedFactors`),
 * slashing impairments +1 each (002:90), two weapons together the worse of both (002:691), a fumble
 * +1d6 (002:66) — through `scheduleAct`, and after a fumble unsteady until it acts (`markUnsteady`).
 * Nothing out of combat, nor for the off-hand card. Returns the dice rolled (for the message).
 */
export async function scheduleTcAttack(
  actor: Actor,
  weapon: Item,
  state: AttackCardState,
  hand: 'primary' | 'off',
): Promise<Roll[]> {
  const tc = state.tc as CardTc;
  const at = scheduleOf(actor);
  const fumble = state.attack.natural === 1;
  if (fumble) {
    const durability = (weaponData(weapon) as { durability?: number } | null)?.durability;
    const after = fumbleDurability(durability);
    tc.fumble = { durability: after === null ? null : { before: durability as number, after } };
  }
  if (!at || hand === 'off') return [];
  const plan = tcSpeedPlan(tc.choices, fumble);
  const random = rollsSpeedFactor(actor);
  // Slashing impairments +1 SF each (002:90); paralysis's classes, petrification's SF (002:710, 719).
  const slowed = tcAttackerOf(actor, weapon, state.weapon.mode);
  const factorMod = tcState(modelCreatureOf(actor)).impairments.slashing + slowed.factorMod;
  const classOf = (item: Item | null | undefined) =>
    speedClassOf((weaponData(item) as { speedClass?: unknown } | null)?.speedClass ?? 'standard');
  const offWeapon = plan.worseOfTwo ? actor.items.get(state.options.offHand ?? '') : undefined;
  const { result, rolls } = await withMixedFoundryDice((dice) => {
    const opts = { random, dice, classSteps: plan.classSteps + slowed.classSteps, factorMod };
    const main = speedFactor(classOf(weapon), opts);
    const other = offWeapon ? speedFactor(classOf(offWeapon), opts) : null;
    const extra = Array.from({ length: plan.fumbleDice }, () => dice.roll(6));
    return { main, other, extra };
  });
  const worse = result.other ? worseSpeedFactor(result.main, result.other) : result.main;
  // A fumble "adds 1d6 to his weapon's SF" (002:66): the d6s rolled above.
  const sf = result.extra.reduce((sum, d) => sum + d, worse.sf);
  const count = tcSchedule(at.combat).count;
  const record = await scheduleAct(at.combat, at.combatant.id, { sf, reason: 'attack' });
  tc.records.push(record);
  if (fumble) tc.records.push(await markUnsteady(at.combat, at.combatant.id, 'fumble'));
  const speed: CardTcSpeed = {
    speedClass: worse.speedClass,
    classSteps: plan.classSteps + slowed.classSteps,
    random,
    formula: worse.formula,
    rolls: worse.rolls,
    fumbleDice: result.extra,
    other: result.other && offWeapon ? { name: offWeapon.name, sf: result.other.sf } : null,
    sf,
    count,
    next: count + sf,
  };
  tc.speed = speed;
  return rolls;
}

/**
 * GM side: reverts the card's schedule records, last first; the notes of what could not be. A
 * take-back (`sameCount`) leaves them once the Time Count has moved on (the store refuses).
 */
async function revertRecords(tc: CardTc, options: { sameCount?: boolean } = {}): Promise<UndoNote[]> {
  const notes: UndoNote[] = [];
  for (const record of [...tc.records].reverse()) {
    try {
      await revertScheduleAct(record as TcScheduleRecord, options);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const note = refusalNote(error);
      if (!notes.some((n) => JSON.stringify(n) === JSON.stringify(note))) notes.push(note);
    }
  }
  tc.records = [];
  return notes;
}

/** GM side: the card was not posted; its next count goes back. */
export async function refundTcAttack(state: AttackCardState): Promise<void> {
  if (state.tc) await revertRecords(state.tc);
}

/**
 * GM side: the attacker takes the attack back (the card's "Take back"): its next count and a
 * fumble's unsteadiness back, exactly while the schedule has not moved since — neither the
 * attacker's place nor the Time Count (a later count: the act stays spent) — (the store refuses
 * otherwise: noted on the card).
 */
export async function takeBackTcAttack(state: AttackCardState, user: User): Promise<void> {
  const tc = state.tc;
  if (!tc || tc.withdrawn) return;
  const notes = await revertRecords(tc, { sameCount: true });
  tc.withdrawn = { by: user.id as string, notes };
}

/** The 002:58 ability of `weapon`'s damage: by its category, else Strength in melee, Dexterity at range. */
function damageAbility(
  creature: ReturnType<typeof modelCreatureOf>,
  weapon: Item | undefined,
  summary: AttackSummary,
): number {
  const mods = {
    str: tcAbilityMod(creature, 'str'),
    dex: tcAbilityMod(creature, 'dex'),
    composite: summary.strength.rule === 'composite-bow',
  };
  const category = tcWeaponCategory({
    name: weapon?.name ?? summary.name,
    use: weaponData(weapon)?.use ?? '',
  });
  if (category) return tcDamageAbility(category as TcWeaponCategory, mods).value;
  return summary.mode === 'melee' ? mods.str : mods.dex;
}

/**
 * The damage's parts under the chapter (R19, 002:52–58): Strength or Dexterity by the weapon's
 * category (`ability`), the attacker's Power after its piercing impairments (`other`, 002:52, 87),
 * and an unarmed strike's die by size (002:695: 1d3, 1d2 small, 1d4 large; `dice`, null: the weapon's).
 */
export function tcDamageBonuses(
  attacker: Actor,
  state: AttackCardState,
  summary: AttackSummary,
): { dice: { count: number; faces: number; bonus: number } | null; ability: number; other: number } {
  const creature = modelCreatureOf(attacker);
  const weapon = attacker.items.get(state.weapon.itemId);
  return {
    dice: isUnarmed(weapon) ? { count: 1, faces: tcUnarmedDie(creature.size), bonus: 0 } : null,
    ability: damageAbility(creature, weapon, summary),
    // Power, and paralysis's −1 damage per step (002:710).
    other:
      impairedAttributes(tcState(creature)).power +
      (weapon ? tcAttackerOf(attacker, weapon, state.weapon.mode).damage : 0),
  };
}

/**
 * The attack's parts under the chapter (R9): Accuracy, the category's ability, size, proficiency
 * (`tcAttackBonus`; a printed stat-block bonus stands for them), the table's modifiers and cover the
 * attacker chose and the range penalty (R4, R10: `range`, tc-range.ts), the options' parts
 * (tc-options.ts) and the flat bonus. GnG's injury, condition rows and −4 non-proficiency are not
 * the chapter's.
 */
export function tcAttackParts(
  actor: Actor,
  weapon: Item,
  row: AttackSummary,
  options: AttackOptions,
  range: TcRange | null = null,
): CardPart[] {
  const chosen = options.tc ?? {};
  const base = tcBaseParts(actor, weapon, row, {
    modifiers: chosen.modifiers ?? [],
    cover: chosen.cover ?? 'none',
    range: range?.penalty ?? 0,
  });
  // The attacker's stance and conditions (situation.ts); a refused attack is refused at the start.
  const situation = tcAttackerOf(actor, weapon, row.mode).parts;
  const bonus = options.bonus ? [{ label: 'GNG.AttackDialog.Bonus', value: options.bonus }] : [];
  return [...base, ...situation, ...tcOptionParts(options.tc ?? {}), ...bonus];
}
