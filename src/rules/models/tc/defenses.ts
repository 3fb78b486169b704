/**
 * The five defenses of the Time Count and Threshold of Pain model (seed 002; issue #32; R1–R3):
 * Primary = 10 + armor + shield + size + the highest of Fortitude, Agility and Willpower (002:116);
 * Passive = 10 + armor + size (002:122); Vigor = 10 + Con + Fortitude (002:126); Celerity = 10 + Dex
 * + Agility (002:131); Spirit = 10 + Wis + Willpower (002:136). An attack hits when its roll "is equal
 * to or greater than" the defense (002:110). Passive replaces Primary when the defender is surprised,
 * unsteady or immobile (002:7), casting (002:636), or meleed while wielding no melee weapon (002:120,
 * 700) or fighting unarmed without training (002:695). Pure.
 */
import { abilityModifier } from '../../abilities.js';
import { combinedDefenseModifier } from '../../defense-core.js';
import { DEFENSE_MODIFIER_TYPES } from '../../defense-tables.js';
import { sizeModifier } from '../../sizes.js';
import { assertInteger, assertOneOf } from '../../validate.js';
import type { ModelAttack, ModelCreature, ModelPart } from '../types.js';
import { impairedAttributes, tcState } from './state.js';
import {
  paralysisPenalty,
  petrificationPenalty,
  tcCelerityWith,
  type TcConditionPenalty,
} from './conditions.js';

export const TC_DEFENSE_IDS = ['primary', 'passive', 'vigor', 'celerity', 'spirit'] as const;
export type TcDefenseId = (typeof TC_DEFENSE_IDS)[number];

/** Every defense is 10 + its parts (002:116–136). */
export const DEFENSE_BASE = 10;

/** Why Passive stands in for Primary (lang keys `GNG.Model.TC.Defense.Passive.<reason>`). */
export const PASSIVE_REASONS = [
  'surprised',
  'unsteady',
  'immobile',
  'casting',
  'noMeleeWeapon',
  'unarmedUntrained',
] as const;
export type PassiveReason = (typeof PASSIVE_REASONS)[number];

/** Statuses that leave a creature unable to move (immobile, 002:7). */
export const IMMOBILE_STATUSES = ['helpless', 'unconscious', 'pinned', 'paralyzed', 'dead'] as const;

/** One attack's facts the defense depends on (`ModelAttack.situation`); every field optional. */
export interface TcSituation {
  /** The defense the attack names (a spell's, a maneuver's "X vs Celerity"); absent: Primary, or Celerity for a touch attack. */
  defense: TcDefenseId | null;
  surprised: boolean;
  unsteady: boolean;
  immobile: boolean;
  /** The defender wields no melee weapon (a ranged weapon or nothing): Passive against melee (002:120, 700). */
  noMeleeWeapon: boolean;
  /** The defender fights unarmed without training: Passive against melee (002:695). */
  unarmedUntrained: boolean;
  /** A modifier to the defense the caller worked out (a stance's, 002:575–636); 0 none. */
  modifier: number;
}

const FLAGS = ['surprised', 'unsteady', 'immobile', 'noMeleeWeapon', 'unarmedUntrained'] as const;

/** `situation` checked: a RangeError names a bad field. */
export function tcSituation(situation?: Readonly<Record<string, unknown>> | null): TcSituation {
  const s = situation ?? {};
  if (typeof s !== 'object') throw new RangeError('the situation must be an object');
  const out: TcSituation = {
    defense:
      s.defense === undefined || s.defense === null
        ? null
        : assertOneOf('defense', s.defense, TC_DEFENSE_IDS),
    surprised: false,
    unsteady: false,
    immobile: false,
    noMeleeWeapon: false,
    unarmedUntrained: false,
    modifier: s.modifier === undefined ? 0 : assertInteger('defense modifier', s.modifier as number),
  };
  for (const f of FLAGS) {
    const v = s[f];
    if (v !== undefined && typeof v !== 'boolean') throw new RangeError(`${f} must be true or false`);
    out[f] = v === true;
  }
  return out;
}

/** A defense: its value and breakdown (lang keys `GNG.Model.TC.Defense.Part.*`). */
export interface TcDefense {
  id: TcDefenseId;
  value: number;
  parts: ModelPart[];
}

const part = (key: string, value: number): ModelPart => ({
  label: `GNG.Model.TC.Defense.Part.${key}`,
  value,
});

function defense(id: TcDefenseId, parts: ModelPart[]): TcDefense {
  const shown = parts.filter((p) => p.value !== 0 || p.label.endsWith('.base'));
  return { id, value: shown.reduce((sum, p) => sum + p.value, 0), parts: shown };
}

/** An ability's modifier (A6: the text's "Constitution", "Dexterity", "Wisdom" are modifiers). */
export function tcAbilityMod(
  creature: ModelCreature,
  ability: 'str' | 'dex' | 'con' | 'int' | 'wis',
): number {
  const own = creature.abilities?.[ability];
  if (own) return assertInteger(`${ability} modifier`, own.mod);
  if (ability === 'dex') return assertInteger('Dexterity modifier', creature.defense.dexMod);
  if (ability === 'con' && creature.hitPoints.con !== null) return abilityModifier(creature.hitPoints.con);
  return 0;
}

/** The creature's own typed defense modifiers (its sheet, effects): "other factors" (002:139). */
function typedModifiers(creature: ModelCreature): number {
  const modifiers = creature.ownDefenseModifiers ?? creature.defense.modifiers ?? {};
  return DEFENSE_MODIFIER_TYPES.reduce(
    (sum, type) =>
      sum + combinedDefenseModifier(type === 'dodge' || type === 'circumstance', modifiers[type]),
    0,
  );
}

const armorOf = (c: ModelCreature) => assertInteger('armor', c.armor ?? 0);
const shieldOf = (c: ModelCreature) =>
  assertInteger('shield', (c.defense.shield ?? 0) + (c.defense.shieldEnhancement ?? 0));

/** Primary (002:116): 10 + armor + shield + size + the best of Fortitude, Agility, Willpower (impaired). */
export function primaryDefense(creature: ModelCreature, modifier = 0): TcDefense {
  const a = impairedAttributes(tcState(creature));
  // The first of the highest, in the text's order (Fortitude, Agility, Willpower).
  const best = (['fortitude', 'agility', 'willpower'] as const).reduce(
    (b, k) => (a[k] > a[b] ? k : b),
    'fortitude',
  );
  return defense('primary', [
    part('base', DEFENSE_BASE),
    part('armor', armorOf(creature)),
    part('shield', shieldOf(creature)),
    part('size', sizeModifier(creature.size)),
    part(best, a[best]),
    part('modifiers', typedModifiers(creature)),
    part('situation', modifier),
  ]);
}

/** Passive (002:122): 10 + armor + size. */
export function passiveDefense(creature: ModelCreature, modifier = 0): TcDefense {
  return defense('passive', [
    part('base', DEFENSE_BASE),
    part('armor', armorOf(creature)),
    part('size', sizeModifier(creature.size)),
    part('modifiers', typedModifiers(creature)),
    part('situation', modifier),
  ]);
}

/** Vigor (002:126): 10 + Constitution + Fortitude, + 1 per point of petrification (002:719). */
export function vigorDefense(creature: ModelCreature, modifier = 0): TcDefense {
  const state = tcState(creature);
  const a = impairedAttributes(state);
  return defense('vigor', [
    part('base', DEFENSE_BASE),
    part('constitution', tcAbilityMod(creature, 'con')),
    part('fortitude', a.fortitude),
    part('petrification', petrificationPenalty(state.petrification).vigor),
    part('situation', modifier),
  ]);
}

/**
 * What paralysis (R7) and petrification (R8) do to the creature now, added together (002:704–719).
 * Paralysis's steps count halves of the creature's Vigor as it stands, petrification's +1s in it
 * (decision: "your Vigor", 002:710, is the defense); a Vigor below 1 counts as 1.
 */
export function tcConditionPenalty(creature: ModelCreature): TcConditionPenalty {
  const state = tcState(creature);
  const para = paralysisPenalty(state.paralysis, Math.max(1, vigorDefense(creature).value));
  const petr = petrificationPenalty(state.petrification);
  return {
    classSteps: para.classSteps + petr.classSteps,
    factorMod: para.factorMod + petr.factorMod,
    hit: para.hit + petr.hit,
    damage: para.damage + petr.damage,
    celerity: para.celerity + petr.celerity,
    vigor: petr.vigor,
    speedQuarters: Math.max(para.speedQuarters, petr.speedQuarters),
    immobile: para.immobile || petr.immobile,
    petrified: petr.petrified,
  };
}

/**
 * Celerity (002:131): 10 + Dexterity + Agility; paralysis and petrification lower it, never below 5
 * by them, and a completely immobile creature has 5 (002:712; the `conditions` part).
 */
export function celerityDefense(creature: ModelCreature, modifier = 0): TcDefense {
  const a = impairedAttributes(tcState(creature));
  const own = DEFENSE_BASE + tcAbilityMod(creature, 'dex') + a.agility;
  const pen = tcConditionPenalty(creature);
  return defense('celerity', [
    part('base', DEFENSE_BASE),
    part('dexterity', tcAbilityMod(creature, 'dex')),
    part('agility', a.agility),
    part('conditions', tcCelerityWith(own, pen.celerity, pen.immobile) - own),
    part('situation', modifier),
  ]);
}

/** Spirit (002:136): 10 + Wisdom + Willpower. */
export function spiritDefense(creature: ModelCreature, modifier = 0): TcDefense {
  const a = impairedAttributes(tcState(creature));
  return defense('spirit', [
    part('base', DEFENSE_BASE),
    part('wisdom', tcAbilityMod(creature, 'wis')),
    part('willpower', a.willpower),
    part('situation', modifier),
  ]);
}

const BY_ID = {
  primary: primaryDefense,
  passive: passiveDefense,
  vigor: vigorDefense,
  celerity: celerityDefense,
  spirit: spiritDefense,
} as const;

/** The five defenses as the sheet shows them. */
export function tcDefenses(creature: ModelCreature): Record<TcDefenseId, TcDefense> {
  return {
    primary: primaryDefense(creature),
    passive: passiveDefense(creature),
    vigor: vigorDefense(creature),
    celerity: celerityDefense(creature),
    spirit: spiritDefense(creature),
  };
}

/**
 * Why the defender meets `attack` with its Passive defense instead of Primary (R2), in
 * `PASSIVE_REASONS` order; empty: it may use Primary. Surprise also comes from a `flat-footed` state
 * of the attack; immobile from a status (`IMMOBILE_STATUSES`), the poised stance (002:618), paralysis
 * at 3 × Vigor or full petrification (002:714, 719); casting
 * from the casting stance (002:636); the last two only against melee.
 */
export function passiveReasons(attack: ModelAttack, creature: ModelCreature): PassiveReason[] {
  const s = tcSituation(attack.situation);
  const stance = tcState(creature).stance;
  const statusImmobile = IMMOBILE_STATUSES.some((st) => creature.statuses.has(st));
  const on: Record<PassiveReason, boolean> = {
    surprised: s.surprised || (attack.states ?? []).includes('flat-footed'),
    unsteady: s.unsteady,
    immobile: s.immobile || statusImmobile || stance === 'poised' || tcConditionPenalty(creature).immobile,
    casting: stance === 'casting',
    noMeleeWeapon: attack.mode === 'melee' && s.noMeleeWeapon,
    unarmedUntrained: attack.mode === 'melee' && s.unarmedUntrained,
  };
  return PASSIVE_REASONS.filter((r) => on[r]);
}

/**
 * The defense `attack` meets and why (R1, R2): the one its situation names (a named Primary still
 * gives way to Passive for the reasons above), else Celerity for a touch attack (002:131), else
 * Primary — or Passive with `reasons` when any applies.
 */
export function tcDefenseChoice(
  attack: ModelAttack,
  creature: ModelCreature,
): { defense: TcDefense; reasons: PassiveReason[] } {
  const s = tcSituation(attack.situation);
  const named = s.defense ?? (attack.touch ? 'celerity' : 'primary');
  const reasons = named === 'primary' ? passiveReasons(attack, creature) : [];
  const id: TcDefenseId = reasons.length > 0 ? 'passive' : named;
  return { defense: BY_ID[id](creature, s.modifier), reasons };
}

/** The defense `attack` meets (R1, R2). */
export function tcDefenseAgainst(attack: ModelAttack, creature: ModelCreature): TcDefense {
  return tcDefenseChoice(attack, creature).defense;
}
