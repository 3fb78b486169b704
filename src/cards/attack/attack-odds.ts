/**
 * Where players see the odds (issue #20): the glue that turns an attack as the dialog would make it,
 * or as its card stands before Defense is rolled, into the input of the exact odds of the world's
 * combat model (`analysis().odds`, issue #26; GnG's: the engine's `attackOdds`, src/rules/odds/) for
 * each target — the same numbers the card will use.
 *
 * Every number comes from the functions the card itself calls: the attack bonus from `previewAttack`
 * (the dialog) or the card's rolled total; the defense from the world's model (`defenseSpecAgainst`,
 * attack-defense.ts, as the card assembles it: GnG's `defenseBonus` with the defender's derived
 * input); Strength to damage from
 * `weaponStrengthBonus`; the dice from `scattershotDice(parseDice(…))`; Protection, DR and energy
 * resistance from `hitDamageInputs`; called-shot immunities from `calledShotImmunities`. Concealment's
 * miss chance is one stated step on top: with chance c the attack misses before Defense, so every
 * outcome is c × (the target as it is) + (1 − c) × (the odds of the attack).
 * What the odds do not cover (several shots, strikes, objects, Vicious …) is named, not guessed.
 */
import {
  TAKE_10_NATURAL,
  calledShotImmunities,
  concealmentMissChance,
  effectiveConcealment,
  expandConditions,
  parseDice,
  type Grip,
} from '../../rules/index.js';
import type { CombatModel, ModelAnalysis } from '../../rules/index.js';
import * as odds from '../../rules/odds/index.js';
import type { AttackOdds, AttackOddsInput } from '../../rules/odds/index.js';
import { currentAnalysis } from '../../settings/model-analysis.js';
import { variantRules } from '../../settings/variant-rules.js';
import { weaponStrengthBonus, type AttackSummary } from '../../data/actor/derive-creature.js';
import type { WeaponData } from '../../data/item/item-data.js';
import type { AttackOptions } from './attack-options.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import { anatomyOf } from './called-shots.js';
import { barrelsOf } from './firearms.js';
import { exclusiveOdds, type ExclusiveOdds } from './attack-odds-exclusive.js';
import { hitDamageInputs } from './item-properties-damage.js';
import { scattershotDice, type CardScattershot } from './scattershot.js';
import { defenseSpecAgainst } from './attack-defense.js';
import { postedModel } from '../model-guard.js';
import { combatModel } from '../../settings/combat-model.js';
import { healthOf, modelCreatureOf } from '../../combat/model-health.js';
import { tcApplyOptions } from './tc-settings.js';

/** The attack's side, shared by every target. */
export interface OddsAttack {
  attacker: Actor;
  weapon: Item;
  /** The weapon's row on the attacker's sheet. */
  summary: AttackSummary;
  options: AttackOptions;
  mode: 'melee' | 'ranged';
  touch: boolean;
  grip: Grip | 'ranged';
  /** The attacker's conditions (an invisible attacker costs the defender its Dexterity). */
  attackerConditions: readonly string[];
  /** The dialog: the attack bonus (d20 + bonus, chains and all); the card: the rolled total and its natural. */
  attack: { bonus: number } | { total: number; natural?: number };
  scattershot: CardScattershot | null;
  /** The dialog counts each target's concealment; on the card it was rolled already. */
  concealment: boolean;
  /** On a card: its message (what its Defense roll will count was recorded against it). */
  messageId?: string;
  /** On a card: the combat model it was posted under (the defense its targets meet; default the world's). */
  model?: CombatModel;
}

/** The outcomes a player reads, each a probability (record of the odds, after concealment). */
export interface OddsSummary {
  hit: number;
  noEffect: number;
  /** The injury grade gets worse. */
  injury: number;
  /** Trauma (or, under Advanced Wound Trauma, the save it owes). */
  trauma: number;
  disabled: number;
  dying: number;
  dead: number;
  /** Nonlethal attacks: the target's nonlethal state after. */
  staggered: number;
  unconscious: number;
  nonlethal: boolean;
  /** The called shot: P(its effects take place) (Penetration alone: P(half the Protection ignored)). */
  effect: number | null;
  /** Disjoint outcomes summing to 1 and the overlapping chances of any hit (attack-odds-exclusive.ts). */
  exclusive: ExclusiveOdds['exclusive'];
  anyHit: ExclusiveOdds['anyHit'];
  /**
   * A model's own disjoint outcomes (the Saga-style model's miss … step, down, dead: the view shows
   * these instead of `exclusive`, and no overlapping chances); absent under GnG.
   */
  model?: { id: string; exclusive: Record<string, number> };
}

/** One target's odds, or why there are none (lang keys under `GNG.Odds.Unavailable`). */
export type TargetOdds =
  | { id: string; name: string; available: true; odds: AttackOdds; missChance: number; summary: OddsSummary }
  | { id: string; name: string; available: false; reasons: string[] };

const creature = (actor: Actor) => actor.system;

/** Why this attack as a whole has no exact odds (lang keys), empty when it has. */
export function attackUnavailable(attack: OddsAttack): string[] {
  const reasons: string[] = [];
  const mode = attack.options.fire?.mode ?? 'single';
  if (mode !== 'single') reasons.push(`GNG.Odds.Unavailable.${mode}`);
  if (barrelsOf(attack.weapon) > 1) reasons.push('GNG.Odds.Unavailable.barrels');
  if (attack.options.strike) reasons.push('GNG.Odds.Unavailable.strike');
  if (attack.options.object) reasons.push('GNG.Odds.Unavailable.object');
  if (attack.options.sunder) reasons.push('GNG.Odds.Unavailable.sunder');
  if (attack.options.coupDeGrace) reasons.push('GNG.Odds.Unavailable.coupDeGrace');
  return reasons;
}

/** Concealment's miss chance (0…1) of `tokenId` in the dialog (engine `effectiveConcealment`). */
function missChanceOf(attack: OddsAttack, defender: Actor, tokenId: string): number {
  if (!attack.concealment) return 0;
  const chosen = attack.options.concealment?.[tokenId];
  const degree = effectiveConcealment({
    degrees: chosen ? [chosen] : [],
    defenderInvisible: expandConditions(defender.statuses ?? []).has('invisible'),
    attackerBlinded: expandConditions(attack.attacker.statuses ?? []).has('blinded'),
  });
  return concealmentMissChance(degree) / 100;
}

/**
 * The input of the model's odds for one defender, or the reasons there is none. `target` is the
 * card's target (its kind and called shot) when there is one.
 */
export function targetOddsInput(
  attack: OddsAttack,
  defender: Actor,
  target: Pick<CardTarget, 'kind'> & Partial<Pick<CardTarget, 'calledShot'>> = { kind: 'creature' },
): { input: AttackOddsInput; unavailable: string[] } {
  const weapon = attack.weapon.type === 'weapon' ? (attack.weapon.system as WeaponData) : null;
  const derived = creature(defender).derived;
  const props = hitDamageInputs(weapon, defender, target, attack.summary.bypass);
  const unavailable = attackUnavailable(attack);
  if (props.record.vicious) unavailable.push('GNG.Odds.Unavailable.vicious');
  if (props.record.cannotHarm) unavailable.push('GNG.Odds.Unavailable.cannotHarm');
  if (props.record.immune?.length) unavailable.push('GNG.Odds.Unavailable.immune');
  const brilliant = weapon?.properties.includes('brilliant-energy') === true;
  // The card's Defense's own assembly (attack-defense.ts); on a card, with its message's records.
  const spec = defenseSpecAgainst(
    {
      mode: attack.mode,
      touch: attack.touch,
      attackerConditions: attack.attackerConditions,
      defenderSituation: attack.options.defenderSituation,
    },
    defender,
    brilliant,
    attack.messageId ? { messageId: attack.messageId } : null,
    attack.model,
  );
  // A rolled Defense (GnG): d20 + its bonus; a static one: the value to beat.
  const defense =
    spec.kind === 'rolled'
      ? { total: spec.bonus, autoRollOne: spec.autoRollOne }
      : { total: spec.value, autoRollOne: false };
  const dice = scattershotDice(attack.scattershot, parseDice(attack.summary.damageDice));
  const effects = target.calledShot?.effects ?? attack.options.calledShots ?? [];
  const immune = target.calledShot?.immune ?? calledShotImmunities([...effects], anatomyOf(defender));
  const system = creature(defender);
  const variants = variantRules();
  const input: AttackOddsInput = {
    attack:
      'total' in attack.attack
        ? // On the card the attack is rolled: a fixed total is "taking 10" on total − 10 (no die, no
          // chain); its natural goes along for a model that counts it (the Saga-style 20 and 1).
          {
            bonus: attack.attack.total - TAKE_10_NATURAL,
            take10: true,
            ...(attack.attack.natural === undefined || attack.model?.id === 'gng' || !attack.model
              ? {}
              : { natural: attack.attack.natural }),
          }
        : { bonus: attack.attack.bonus },
    defense: { bonus: defense.total, autoRollOne: defense.autoRollOne },
    damage: {
      weaponDice: { count: dice.count, faces: dice.faces },
      weaponBonus:
        dice.bonus + attack.summary.damageModifiers.enhancement + attack.summary.damageModifiers.conditions,
      strengthBonus: weaponStrengthBonus(attack.summary.strength, attack.grip, {
        powerAttack: attack.options.powerAttack === true,
      }),
      ...props.inputs,
      nonlethal: attack.options.nonlethal === true,
    },
    target: {
      hp: {
        value: system.hp.value,
        max: system.hp.max ?? system.hp.value,
        temp: system.hp.temp,
        nonlethal: system.hp.nonlethal,
      },
      size: system.size,
      immuneToInjury: derived.hp.injury.immune,
      stable: defender.statuses.has('stable'),
      saves: { fortitude: derived.saves.fort.total, reflex: derived.saves.ref.total },
    },
    variants: {
      advancedWoundTrauma: variants.advancedWoundTrauma,
      woundsCauseBleeding: variants.woundsCauseBleeding,
    },
    slashing: weapon?.damageTypes.includes('slashing') === true,
    ...(effects.length ? { calledShot: { effects: [...effects], immune: [...immune] } } : {}),
  };
  // A model other than GnG applies damage through its own health vector (the Saga-style condition step).
  const model = attack.model ?? combatModel();
  if (model.id !== 'gng')
    input.model = { health: healthOf(defender, model), creature: modelCreatureOf(defender) };
  // The Time Count's hit as Apply makes it: the world's impairments and the weapon's type (tc-steps.ts).
  if (model.capabilities.timeCount) input.apply = tcApplyOptions(attack.weapon);
  return { input, unavailable };
}

type OutcomeOdds = AttackOdds['outcome'];

/**
 * The summary of `o` (the attack's outcome odds) when, with chance `c`, something stops it before it
 * does anything (concealment's miss, a Block): then the target stays as `stays` (the engine's outcome
 * of a sure miss). `hit` and `effect` are those of the attack itself.
 */
export function mixedSummary(
  o: OutcomeOdds,
  stays: OutcomeOdds,
  c: number,
  attack: { hit: number; nonlethal: boolean; effect: number | null },
): OddsSummary {
  const mix = (onHit: number, onMiss: number) => c * onMiss + (1 - c) * onHit;
  const trauma = (x: OutcomeOdds) => (x.woundTrauma ? x.woundTrauma.owed : x.trauma);
  return {
    hit: (1 - c) * attack.hit,
    noEffect: mix(o.noEffect, stays.noEffect),
    injury: mix(o.injuryWorse, stays.injuryWorse),
    trauma: mix(trauma(o), trauma(stays)),
    disabled: mix(o.condition.disabled, stays.condition.disabled),
    dying: mix(o.condition.dying, stays.condition.dying),
    dead: mix(o.condition.dead, stays.condition.dead),
    staggered: mix(o.nonlethal.staggered, stays.nonlethal.staggered),
    unconscious: mix(o.nonlethal.unconscious, stays.nonlethal.unconscious),
    nonlethal: attack.nonlethal,
    effect: attack.effect === null ? null : (1 - c) * attack.effect,
    ...exclusiveOdds(o, stays, c, attack.hit, attack.nonlethal),
  };
}

/** The target as it stands when the attack does nothing: the engine's outcome of a sure miss. */
export function outcomeUnharmed(input: AttackOddsInput): OutcomeOdds {
  return odds.outcomeOdds(
    odds.damageOdds({ hitRd: odds.emptyDistribution(), miss: 1 }, input.damage),
    input.target,
    { ...(input.variants ? { variants: input.variants } : {}), slashing: input.slashing === true },
  );
}

/** The models whose odds carry their own disjoint outcomes, under their id (`result.saga.exclusive` …). */
const OWN_OUTCOME_MODELS = ['saga', 'eg', 'tc'] as const;

/**
 * A model's summary: its disjoint outcomes (the Saga-style miss … step, down, dead; EG's miss …
 * bloodied, disabled, down, dead under the odds' stated token policy; TC's miss … fatigue, passed,
 * unconscious, dying, dead) with concealment's miss chance `c` mixed in (a stopped attack is a miss);
 * the common record's fields for the rest.
 */
function ownSummary(
  result: AttackOdds,
  id: (typeof OWN_OUTCOME_MODELS)[number],
  input: AttackOddsInput,
  c: number,
): OddsSummary {
  const base = mixedSummary(result.outcome, outcomeUnharmed(input), c, {
    hit: result.hit.hit,
    nonlethal: result.damage.nonlethalAttack,
    effect: null,
  });
  const own = (result as unknown as Record<string, { exclusive: Record<string, number> } | undefined>)[id];
  const exclusive = Object.fromEntries(
    Object.entries(own?.exclusive ?? {}).map(([k, p]) => [k, k === 'miss' ? c + (1 - c) * p : (1 - c) * p]),
  );
  return { ...base, model: { id, exclusive } };
}

/** What the player reads of the odds, with concealment's miss chance `c` mixed in (module comment). */
export function oddsSummary(result: AttackOdds, input: AttackOddsInput, c: number): OddsSummary {
  const own = OWN_OUTCOME_MODELS.find((id) => id in result);
  if (own) return ownSummary(result, own, input, c);
  const cs = result.calledShot;
  return mixedSummary(result.outcome, outcomeUnharmed(input), c, {
    hit: result.hit.hit,
    nonlethal: result.damage.nonlethalAttack,
    effect: cs ? (cs.condition?.failed ?? cs.penetration?.penetrated ?? 0) : null,
  });
}

/**
 * One target's odds (`id` and `name` as the dialog or card shows it), by `analysis`: the world's
 * combat model's (loaded: src/settings/model-analysis.ts).
 */
export function targetOdds(
  attack: OddsAttack,
  defender: Actor | null,
  id: string,
  name: string,
  target?: Pick<CardTarget, 'kind'> & Partial<Pick<CardTarget, 'calledShot'>>,
  analysis: ModelAnalysis = currentAnalysis(),
): TargetOdds {
  if (!defender) return { id, name, available: false, reasons: ['GNG.Odds.Unavailable.noActor'] };
  let prepared: ReturnType<typeof targetOddsInput>;
  try {
    prepared = targetOddsInput(attack, defender, target);
  } catch {
    return { id, name, available: false, reasons: ['GNG.Odds.Unavailable.noNumbers'] };
  }
  if (prepared.unavailable.length) return { id, name, available: false, reasons: prepared.unavailable };
  const c = missChanceOf(attack, defender, id);
  let result: AttackOdds;
  try {
    result = analysis.odds(prepared.input);
  } catch {
    return { id, name, available: false, reasons: ['GNG.Odds.Unavailable.noNumbers'] };
  }
  return {
    id,
    name,
    available: true,
    odds: result,
    missChance: c,
    summary: oddsSummary(result, prepared.input, c),
  };
}

/** The attack side on a card before Defense: its rolled total and stored choices, the documents' rest. */
export function cardOddsAttack(
  state: AttackCardState,
  attacker: Actor,
  messageId?: string,
): OddsAttack | null {
  const weapon = attacker.items.get(state.weapon.itemId);
  const summary = creature(attacker).derived.attacks.find((a) => a.itemId === state.weapon.itemId);
  if (!weapon || !summary) return null;
  return {
    attacker,
    weapon,
    summary,
    options: state.options,
    mode: state.weapon.mode,
    touch: state.weapon.touch,
    grip: state.weapon.grip,
    attackerConditions: state.attack.attackerConditions,
    attack: { total: state.attack.total, natural: state.attack.natural },
    scattershot: state.scattershot ?? null,
    concealment: false,
    ...(messageId ? { messageId } : {}),
    // A card's own model, GnG for a card that records none (a model the world lacks: the world's).
    ...withModel(postedModel(state.model)),
  };
}

const withModel = (model: CombatModel | null): { model?: CombatModel } => (model ? { model } : {});
