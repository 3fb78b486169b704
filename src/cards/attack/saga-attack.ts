/**
 * The attack card under the Saga-style model (seed 001; issue #30), on the active GM's client: the
 * attack's parts from the chapter (charge, flanking, a prone attacker, into melee, nonlethal without
 * the tag, the condition step) instead of GnG's situational rows; each target's own situation (prone,
 * helpless: added to the roll against it), its concealment d% (001:69–73), its static defense with
 * its cover, the resolution, into melee's stray shot (001:149) and the coup de grace (001:80). The
 * numbers are the engine's (src/rules/models/saga/). Decisions: docs/rules.md "### The attack card".
 */
import { expandConditions, type CombatModel, type DefenseState } from '../../rules/index.js';
import {
  coupDeGraceAllowed,
  intoMeleeStray,
  sagaAttackModifiers,
  sagaConcealmentRoll,
  worstConcealment,
  type SagaConcealment,
} from '../../rules/models/saga/attack-situation.js';
import { CONDITION_TRACK_BOTTOM } from '../../rules/models/saga/condition-track.js';
import { maneuverDefense, maneuverRoll } from '../../rules/models/saga/maneuvers.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import type { WeaponData } from '../../data/item/item-data.js';
import { Refusal } from '../kernel/index.js';
import type { AttackOptions } from './attack-options.js';
import type { AttackCardState, CardPart, CardTarget } from './attack-state.js';
import { cardResult, gateModelOptions, staticCardDefense, type SettleTarget } from './attack-model-steps.js';
import { sagaOf } from './saga-card-state.js';
import { conditionStepOf, conditionStepParts, sagaSheetParts } from './saga-attack-parts.js';
import { settleManeuver } from './saga-maneuver-card.js';
import { coupDeGraceModel } from '../../rules/models/saga/coup-de-grace.js';
import { fortitudeDefense, sagaSituation } from '../../rules/models/saga/defenses.js';

/** The Saga-style model's id (lane core's SAGA_MODEL). */
export const SAGA_MODEL_ID = 'saga';

export const isSagaModel = (model: CombatModel | null | undefined): boolean => model?.id === SAGA_MODEL_ID;

/** The attacker's condition step (0 when the actor has none stored): saga-attack-parts.ts. */
export { conditionStepOf };

/** Helpless as the chapter reads it (001:124): unconscious, paralyzed, helpless, or the track's bottom. */
export function sagaHelpless(actor: Actor | null): boolean {
  if (!actor) return false;
  const conditions = expandConditions(actor.statuses ?? []);
  return coupDeGraceAllowed({
    helpless: conditions.has('helpless') || conditionStepOf(actor) === CONDITION_TRACK_BOTTOM,
    paralyzed: conditions.has('paralyzed'),
    unconscious: conditions.has('unconscious'),
  }).allowed;
}

const proneOf = (actor: Actor | null) =>
  actor ? expandConditions(actor.statuses ?? []).has('prone') : false;

/**
 * Before anything is rolled: `options.saga` only under the Saga model, GnG's own options not under
 * it; the chapter's refusals (a ranged charge, total cover, a coup de grace on a target that is not
 * helpless); per-target choices naming only the attack's targets.
 */
export function checkSagaOptions(
  options: AttackOptions,
  model: CombatModel,
  context: { mode: 'melee' | 'ranged'; targets: { tokenId: string; defender: Actor | null; name: string }[] },
): void {
  if (!gateModelOptions(options, isSagaModel(model), 'saga', [], 'GNG.Model.Saga.Card')) return;
  const saga = options.saga ?? {};
  const ids = context.targets.map((t) => t.tokenId);
  const named = [saga.concealment, saga.cover, saga.defending].flatMap((map) => Object.keys(map ?? {}));
  for (const id of named) if (!ids.includes(id)) throw new Refusal('GNG.Error.Attack.BadRequest');
  const { refusal } = sagaAttackModifiers({
    mode: context.mode,
    charge: saga.charge === true,
    flanking: saga.flanking === true,
    intoMelee: saga.intoMelee ?? null,
  });
  if (refusal) throw new Refusal(refusal);
  if (saga.maneuver !== undefined) {
    // One target; no coup de grace; sunder needs the object chart the text lost (decision A7: not here).
    if (options.coupDeGrace || (saga.wallAfter !== undefined && saga.maneuver !== 'bull-rush'))
      throw new Refusal('GNG.Error.Attack.BadRequest');
    if (saga.maneuver === 'sunder') throw new Refusal('GNG.Model.Saga.Card.Refusal.maneuverSunder');
    if (context.targets.length !== 1) throw new Refusal('GNG.Model.Saga.Card.Refusal.maneuverOneTarget');
  } else if (saga.wallAfter !== undefined) throw new Refusal('GNG.Error.Attack.BadRequest');
  for (const target of context.targets) {
    // "You can't make an attack against a target that has total cover" (001:88).
    if (saga.cover?.[target.tokenId] === 'total')
      throw new Refusal('GNG.Model.Saga.Card.Refusal.totalCover', { name: target.name });
    if (options.coupDeGrace && !sagaHelpless(target.defender))
      throw new Refusal('GNG.Model.Saga.Card.Refusal.coupDeGraceNotHelpless', { name: target.name });
  }
}

/**
 * The attack's parts under the chapter: the sheet's bonus itemized without GnG's condition rows and
 * injury, then what the attacker's situation adds, the condition step's penalty and the flat bonus.
 */
export function sagaAttackParts(
  actor: Actor,
  weapon: Item,
  row: AttackSummary,
  options: AttackOptions,
): CardPart[] {
  const saga = options.saga ?? {};
  const stepPart = conditionStepParts(actor);
  const bonus = options.bonus ? [{ label: 'GNG.AttackDialog.Bonus', value: options.bonus }] : [];
  // A feint is a Deception check (001:185): the actor's Bluff, not the weapon.
  if (saga.maneuver && maneuverRoll(saga.maneuver) === 'deception') {
    const bluff = actor.system.derived.skills.bluff.total;
    return [{ label: 'GNG.Model.Saga.Maneuver.deception', value: bluff }, ...stepPart, ...bonus];
  }
  const sheet = sagaSheetParts(actor, row);
  const w = weapon.system as WeaponData;
  const situation = sagaAttackModifiers({
    mode: row.mode,
    charge: saga.charge === true,
    flanking: saga.flanking === true,
    attackerProne: proneOf(actor),
    intoMelee: saga.intoMelee ?? null,
    nonlethalWithoutTag: options.nonlethal === true && !(w.properties ?? []).includes('nonlethal'),
  });
  return [...sheet, ...situation.parts, ...stepPart, ...bonus];
}

/**
 * Concealment's d% for each creature target the attacker chose it for (an invisible defender or a
 * blinded attacker: total), before the defense: a roll at or under the chance misses. Resolves
 * with the d% rolls.
 */
export async function rollSagaConcealment(
  state: AttackCardState,
  attacker: Actor,
  defenderOf: (target: CardTarget) => Promise<Actor | null>,
): Promise<Roll[]> {
  const rolls: Roll[] = [];
  const blinded = expandConditions(attacker.statuses ?? []).has('blinded');
  for (const target of state.targets) {
    if (target.kind !== 'creature' || target.result) continue;
    const defender = await defenderOf(target);
    const invisible = defender ? expandConditions(defender.statuses ?? []).has('invisible') : false;
    const picked = state.options.saga?.concealment?.[target.id];
    const degrees: SagaConcealment[] = [
      ...(picked ? [picked] : []),
      ...(invisible || blinded ? (['total'] as const) : []),
    ];
    const degree = worstConcealment(degrees);
    if (degree === 'none') continue;
    const { result, rolls: rolled } = await withFoundryDice(100, (dice) => sagaConcealmentRoll(degree, dice));
    rolls.push(...rolled);
    sagaOf(target).concealment = {
      degree,
      chance: result.chance,
      roll: result.roll as number,
      missed: result.missed,
    };
    if (result.missed) target.result = { hit: false, relativeDegree: 0, automatic: true };
  }
  return rolls;
}

/**
 * A creature target meets its static defense (its cover added; a coup de grace: the flat-footed
 * Reflex Defense), and the roll plus what its situation adds (prone, helpless) is resolved against
 * it; into melee with the risk taken marks the stray shot; a coup de grace's hit is a critical hit.
 */
export const settleSagaTarget: SettleTarget = (state, target, defender, model) => {
  const saga = sagaOf(target);
  if (target.result) return; // concealment's miss
  const mode = state.weapon.mode;
  const coupDeGrace = state.options.coupDeGrace === true;
  const maneuver = state.options.saga?.maneuver;
  const feint = maneuver !== undefined && maneuverRoll(maneuver) === 'deception';
  // The target's situation counts for attack rolls, a maneuver's among them; not for a feint's check.
  const situation = feint
    ? { parts: [], total: 0 }
    : sagaAttackModifiers({ mode, targetProne: proneOf(defender), targetHelpless: sagaHelpless(defender) });
  saga.parts = situation.parts;
  saga.total = situation.total;
  // The model's defense with the attack's situation (lane core: cover, the defense a feint meets).
  const states: DefenseState[] = coupDeGrace ? ['flat-footed'] : [];
  const cover = state.options.saga?.cover?.[target.id];
  const facts: Record<string, string | number | boolean> = {};
  if (cover) facts.cover = cover;
  if (maneuver) facts.defense = maneuverDefense(maneuver);
  Object.assign(facts, defendingFacts(state, target, defender));
  // The same situation raises the damage threshold on Apply (Partial or Total Defense, 001:121).
  if (facts.defending)
    saga.situation = { defending: facts.defending, acrobaticsRanks: facts.acrobaticsRanks ?? 0 };
  // The damage threshold Apply will meet (sagaApplyDamage: the Fortitude Defense with that situation).
  saga.threshold = Math.max(
    0,
    fortitudeDefense(modelCreatureOf(defender), sagaSituation(saga.situation)).value,
  );
  const spec = model.defenseAgainst(
    { mode, touch: state.weapon.touch, states, situation: facts },
    modelCreatureOf(defender),
  );
  target.defense = staticCardDefense(spec, mode, coupDeGrace ? ['GNG.Model.Saga.Card.FlatFooted'] : []);
  const resolution = model.resolve(
    state.attack.total + saga.total,
    target.defense.total,
    state.attack.natural,
  );
  const result = cardResult(resolution);
  if (coupDeGrace) {
    saga.coupDeGrace = true;
    if (result.hit) result.critical = true;
  }
  target.result = result;
  if (maneuver) settleManeuver(state, target, defender, resolution);
  if (
    intoMeleeStray({
      choice: state.options.saga?.intoMelee ?? null,
      hit: resolution.hit,
      margin: resolution.margin,
      natural: state.attack.natural,
    })
  )
    saga.stray = true;
};

/**
 * The target's Partial or Total Defense or withdrawal (001:121, 139): the attacker's word for this
 * target (it only raises the target's defenses). Its Tumble ranks stand for the chapter's Acrobatics
 * (5 or more: +4 / +8). GnG's `total-defense` status is not read: its dodge bonus already enters the
 * prepared defense's modifiers, and the two would stack.
 */
function defendingFacts(
  state: AttackCardState,
  target: CardTarget,
  defender: Actor,
): Record<string, string | number | boolean> {
  const said = state.options.saga?.defending?.[target.id];
  if (said === 'withdrawing') return { withdrawing: true };
  const defending = said;
  if (!defending) return {};
  const ranks = defender.system.skills?.tumble?.ranks ?? 0;
  return { defending, acrobaticsRanks: ranks };
}

/**
 * The model a target's Apply goes through: its coup de grace's (coup-de-grace.ts), and the attack's
 * situation (Partial or Total Defense) for the damage threshold. Undefined: the world's model as it is.
 */
export function sagaApplyModel(target: CardTarget, model: CombatModel): CombatModel | undefined {
  const situation = target.saga?.situation;
  if (!situation && !isCoupDeGrace(target)) return undefined;
  let applied = model;
  if (situation) {
    const base = model;
    const applyDamage: CombatModel['applyDamage'] = (before, damage, creature, options = {}) =>
      base.applyDamage(before, damage, creature, { ...options, situation });
    applied = Object.assign(Object.create(base) as CombatModel, { applyDamage });
  }
  return isCoupDeGrace(target) ? coupDeGraceModel(applied) : applied;
}

/** Whether coup de grace's rules apply to this target's Apply (coup-de-grace.ts). */
export function isCoupDeGrace(target: CardTarget): boolean {
  return target.saga?.coupDeGrace === true;
}
