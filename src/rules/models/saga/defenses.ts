/**
 * The Saga-style model's static defenses (seed 001; issue #30): Reflex, Fortitude and Will Defense,
 * each a value an attack total must reach (001:76, 167, 185). The chapter uses them without a formula:
 * decision A3 (docs/rules.md "Defenses, damage and health") builds them from the creature's d20 facts.
 * The defender's own modifiers of the chapter: cover (001:76–92), Partial and Total Defense (001:121),
 * withdraw (001:139), grappled (001:171), flat-footed, feinted and helpless (001:124, 185), and the
 * condition step's penalty (A1). Pure.
 */
import { combinedDefenseModifier } from '../../defense-core.js';
import { DEFENSE_MODIFIER_TYPES } from '../../defense-tables.js';
import { classDefenseBonus } from '../../defense-hp-progression.js';
import { sizeModifier } from '../../sizes.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf } from '../../validate.js';
import type { ModelAttack, ModelCreature, ModelPart } from '../types.js';
import { conditionStep } from './condition-track.js';

export const SAGA_DEFENSES = ['reflex', 'fortitude', 'will'] as const;
export type SagaDefenseId = (typeof SAGA_DEFENSES)[number];

/** A static defense is 10 + its bonuses (A3). */
export const DEFENSE_BASE = 10;

/** Cover's bonus to Reflex Defense (001:76 +5, 001:84 partial +2, 001:92 improved doubled); total: no attack (001:88). */
export const COVER_BONUS = { none: 0, partial: 2, cover: 5, improved: 10, total: null } as const;
export type SagaCover = keyof typeof COVER_BONUS;
export const SAGA_COVERS: readonly SagaCover[] = ['none', 'partial', 'cover', 'improved', 'total'];

/** Partial (standard action) and Total Defense (full-round) to all defenses; with 5+ Acrobatics ranks (001:121). */
export const DEFENDING_BONUS = {
  none: { base: 0, acrobatic: 0 },
  partial: { base: 2, acrobatic: 4 },
  total: { base: 5, acrobatic: 8 },
} as const;
export type SagaDefending = keyof typeof DEFENDING_BONUS;
export const SAGA_DEFENDING: readonly SagaDefending[] = ['none', 'partial', 'total'];
/** Acrobatics ranks for the better Partial and Total Defense (001:121 "5 or more ranks"). */
export const ACROBATIC_DEFENSE_RANKS = 5;

/** Withdrawing: +2 Reflex against attacks beyond its first square (001:139). */
export const WITHDRAW_BONUS = 2;
/** A grappled target: −2 Reflex (001:171). */
export const GRAPPLED_PENALTY = -2;

/**
 * States that take the Dexterity bonus off Reflex Defense: flat-footed (001:185), helpless ("They are
 * considered flat-footed", 001:124) and what the text counts as helpless (001:80: paralyzed, unconscious).
 */
export const LOSES_DEXTERITY = ['flat-footed', 'helpless', 'unconscious', 'paralyzed'] as const;
/** The creature's status of a Saga grapple's target (the GnG grapple's status is the same id). */
export const GRAPPLED_STATUS = 'grappling';

/** The situation of one attack that the defender's defenses depend on (`ModelAttack.situation`). */
export interface SagaSituation {
  /** The defense the attack targets (default Reflex: 001:167; a feint targets Will, 001:185). */
  defense: SagaDefenseId;
  cover: SagaCover;
  defending: SagaDefending;
  /** The defender's Acrobatics ranks (5+: +4 / +8 when defending). */
  acrobaticsRanks: number;
  /** Withdrawing and the attack comes after the first square. */
  withdrawing: boolean;
  /** Feinted (001:185): loses Dexterity to Reflex until its next turn. */
  feinted: boolean;
  /** Grappled (a Saga grapple, 001:171), besides the creature's own grappling status. */
  grappled: boolean;
}

const NO_SITUATION: SagaSituation = {
  defense: 'reflex',
  cover: 'none',
  defending: 'none',
  acrobaticsRanks: 0,
  withdrawing: false,
  feinted: false,
  grappled: false,
};

/** `situation` checked: a RangeError names a bad field. */
export function sagaSituation(situation?: Readonly<Record<string, unknown>> | null): SagaSituation {
  if (situation === undefined || situation === null) return NO_SITUATION;
  if (typeof situation !== 'object') throw new RangeError('the situation must be an object');
  const flag = (key: 'withdrawing' | 'feinted' | 'grappled') => {
    const value = situation[key] ?? false;
    if (typeof value !== 'boolean') throw new RangeError(`situation.${key} must be true or false`);
    return value;
  };
  return {
    defense: assertOneOf('defense', situation.defense ?? 'reflex', SAGA_DEFENSES),
    cover: assertOneOf('cover', situation.cover ?? 'none', SAGA_COVERS),
    defending: assertOneOf('defending', situation.defending ?? 'none', SAGA_DEFENDING),
    acrobaticsRanks: assertNonNegativeInteger('Acrobatics ranks', (situation.acrobaticsRanks ?? 0) as number),
    withdrawing: flag('withdrawing'),
    feinted: flag('feinted'),
    grappled: flag('grappled'),
  };
}

/** A static defense: its value and breakdown (lang keys `GNG.Model.Saga.Defense.Part.*`). */
export interface SagaDefense {
  id: SagaDefenseId;
  value: number;
  parts: ModelPart[];
}

const part = (key: string, value: number): ModelPart => ({
  label: `GNG.Model.Saga.Defense.Part.${key}`,
  value,
});

/** The creature's condition step (0 when none is stored). */
export function conditionStepOf(creature: Pick<ModelCreature, 'model'>): number {
  return creature.model?.saga?.conditionStep ?? 0;
}

/** Parts every defense has: the step's penalty (A1) and Partial/Total Defense (001:121). */
function commonParts(creature: ModelCreature, s: SagaSituation): ModelPart[] {
  const parts: ModelPart[] = [];
  const step = conditionStep(conditionStepOf(creature));
  if (step.penalty !== 0) parts.push(part('conditionStep', step.penalty));
  if (s.defending !== 'none') {
    const bonus = DEFENDING_BONUS[s.defending];
    const value = s.acrobaticsRanks >= ACROBATIC_DEFENSE_RANKS ? bonus.acrobatic : bonus.base;
    parts.push(part(`${s.defending}Defense`, value));
  }
  return parts;
}

function defense(id: SagaDefenseId, parts: ModelPart[]): SagaDefense {
  const nonZero = parts.filter((p) => p.value !== 0 || p.label.endsWith('.base'));
  return { id, value: nonZero.reduce((sum, p) => sum + p.value, 0), parts: nonZero };
}

/** Whether the creature loses its Dexterity bonus to Reflex (flat-footed, feinted, helpless, step 5). */
export function losesDexterity(
  creature: ModelCreature,
  attack: ModelAttack | null,
  s: SagaSituation,
): boolean {
  if (s.feinted) return true;
  const states = new Set<string>([
    ...creature.statuses,
    ...(creature.defense.states ?? []),
    ...(attack?.states ?? []),
  ]);
  if (conditionStep(conditionStepOf(creature)).helpless) return true;
  const flatFooted = LOSES_DEXTERITY.some((state) => states.has(state));
  // Uncanny Dodge keeps Dexterity while flat-footed, not while helpless or feinted.
  const onlyFlatFooted = flatFooted && LOSES_DEXTERITY.slice(1).every((state) => !states.has(state));
  return flatFooted && !(onlyFlatFooted && creature.defense.retainsDexterityWhenFlatFooted === true);
}

/**
 * Reflex Defense (A3): 10 + class Defense bonus + Dexterity + armor + shield + size + typed
 * modifiers; a touch attack ignores armor and shield. Flat-footed, feinted or helpless: no Dexterity
 * bonus (a penalty stays). Cover, withdraw and grappled count here only.
 */
export function reflexDefense(
  creature: ModelCreature,
  attack: ModelAttack | null = null,
  situation: SagaSituation = NO_SITUATION,
): SagaDefense {
  const d = creature.defense;
  const cover = COVER_BONUS[situation.cover];
  if (cover === null) throw new RangeError('a target with total cover cannot be attacked (001:88)');
  const touch = attack?.touch === true;
  const dex = assertInteger('Dexterity modifier', d.dexMod);
  // The creature's own typed modifiers: not a GnG defensive status's dodge (its Total Defense is the
  // chapter's own, counted in commonParts from the situation: 001:121; docs/rules.md).
  const modifiers = creature.ownDefenseModifiers ?? d.modifiers ?? {};
  const typed = DEFENSE_MODIFIER_TYPES.reduce(
    (sum, type) =>
      sum + combinedDefenseModifier(type === 'dodge' || type === 'circumstance', modifiers[type]),
    0,
  );
  const grappled = situation.grappled || creature.statuses.has(GRAPPLED_STATUS);
  return defense('reflex', [
    part('base', DEFENSE_BASE),
    part('class', classDefenseBonus(d.classes)),
    part('dexterity', dex > 0 && losesDexterity(creature, attack, situation) ? 0 : dex),
    part('armor', touch ? 0 : assertInteger('armor', creature.armor ?? 0)),
    part('shield', touch ? 0 : (d.shield ?? 0) + (d.shieldEnhancement ?? 0)),
    part('size', sizeModifier(d.size)),
    part('modifiers', typed),
    part(situation.cover === 'none' ? 'cover' : `${situation.cover}Cover`, cover),
    part('withdraw', situation.withdrawing ? WITHDRAW_BONUS : 0),
    part('grappled', grappled ? GRAPPLED_PENALTY : 0),
    ...commonParts(creature, situation),
  ]);
}

/**
 * Fortitude Defense (A3): 10 + the Fortitude save (base + Constitution + its modifiers); it is also
 * the damage threshold (A2).
 */
export function fortitudeDefense(
  creature: ModelCreature,
  situation: SagaSituation = NO_SITUATION,
): SagaDefense {
  return defense('fortitude', [
    part('base', DEFENSE_BASE),
    part('save', assertInteger('Fortitude save', creature.saves.fortitude)),
    ...commonParts(creature, situation),
  ]);
}

/** Will Defense (A3): 10 + the Will save (base + Wisdom + its modifiers). */
export function willDefense(creature: ModelCreature, situation: SagaSituation = NO_SITUATION): SagaDefense {
  return defense('will', [
    part('base', DEFENSE_BASE),
    part('save', assertInteger('Will save', creature.saves.will)),
    ...commonParts(creature, situation),
  ]);
}

/** The three defenses as the sheet shows them (no attack's situation). */
export function sagaDefenses(creature: ModelCreature): Record<SagaDefenseId, SagaDefense> {
  return {
    reflex: reflexDefense(creature),
    fortitude: fortitudeDefense(creature),
    will: willDefense(creature),
  };
}

/** The damage threshold (A2): the Fortitude Defense as the sheet shows it. */
export function damageThreshold(creature: ModelCreature): number {
  return fortitudeDefense(creature).value;
}
