/**
 * `system` data of the two Actor types. Stored fields describe the creature; everything GnG fights
 * with (Defense, Protection, maximum HP, injury, attacks, saves, skills, encumbrance) is derived in
 * `prepareDerivedData` through the rules engine (see derive-creature.ts) and never stored.
 *
 * Active Effects modify the typed bonus containers that `prepareBaseData` resets to zero, e.g.
 * `system.defense.bonuses.dodge` (ADD) or `system.defense.bonuses.deflection` (UPGRADE, since only
 * the best deflection bonus counts). The change keys are listed in docs/active-effects.md.
 */
import {
  ABILITIES,
  ANATOMY_TRAITS,
  DEFENSE_MODIFIER_TYPES,
  SAVES,
  SIZES,
  SKILL_IDS,
  type Ability,
  type DefenseModifierType,
  type Save,
  type Size,
  type SkillId,
} from '../../rules/index.js';
// The bound alone (a constant, inlined): the Saga-style model itself loads on first use.
import { CONDITION_TRACK_BOTTOM } from '../../rules/models/saga/track-bottom.js';
import { migrateActorSource } from '../migrations.js';
import { atMost, LIMITS, validationError, within } from '../validation.js';
import { deriveCreature, type DerivedCreature } from './derive-creature.js';
import { grantedDefensiveStatuses } from '../../combat/combat-option-records.js';
import { resistancesSchema, validateResistances, type ResistancesData } from './resistances.js';
import { resetSkippedEffectChanges } from './effect-guard.js';
import { spellcastingSchema, validateSpellcasting, type SpellcastingData } from './spellcasting.js';

/** Anatomy flags read by immunities (called shots, injury) and by HP (no Constitution). */
export const ANATOMY_FLAGS = [...ANATOMY_TRAITS, 'no-constitution', 'immune-to-critical-hits'] as const;
export type AnatomyFlag = (typeof ANATOMY_FLAGS)[number];

/** Typed bonuses to Protection that effects may change (GnG PROTECTION › Other Modifiers). */
export const PROTECTION_BONUS_TYPES = ['enhancement', 'sacredProfane', 'monk', 'circumstance'] as const;
/** Modifiers to base HP that effects may change (GnG HIT POINTS › Other Modifiers). */
export const HP_BONUS_TYPES = ['circumstance', 'enhancement', 'sacredProfane', 'other'] as const;

export interface AbilityData {
  value: number;
  damage: number;
  drain: number;
  /** Derived: score after damage and drain. */
  effective: number;
  /** Derived: the ability modifier of the effective score. */
  mod: number;
}

export interface SkillData {
  ranks: number;
  misc: number;
  /** Effects: bonus to this skill. */
  bonus: number;
  /** Derived. */
  total: number;
  usable: boolean;
  ability: Ability;
}

function integer(initial: number): DataField {
  return new foundry.data.fields.NumberField({ required: true, nullable: false, integer: true, initial });
}

function flag(initial = false): DataField {
  return new foundry.data.fields.BooleanField({ required: true, initial });
}

function creatureSchema(): DataSchema {
  const { SchemaField, StringField, HTMLField, ArrayField } = foundry.data.fields;
  const abilities: DataSchema = {};
  for (const ability of ABILITIES) {
    abilities[ability] = new SchemaField({ value: integer(10), damage: integer(0), drain: integer(0) });
  }
  const skills: DataSchema = {};
  for (const skill of SKILL_IDS) skills[skill] = new SchemaField({ ranks: integer(0), misc: integer(0) });
  return {
    abilities: new SchemaField(abilities),
    size: new StringField({ required: true, blank: false, initial: 'medium', choices: SIZES }),
    hp: new SchemaField({ value: integer(10), nonlethal: integer(0), temp: integer(0) }),
    naturalArmor: integer(0),
    negativeLevels: integer(0),
    speed: integer(30),
    /** HP the creature regenerates each round (GnG: regenerating creatures recover disabled parts at full HP); 0 none. */
    regeneration: integer(0),
    /** Sneak attack dice besides the class levels' (a creature's own "sneak attack +2d6"); 0 none. */
    sneakAttackDice: integer(0),
    /** Damage reduction ("5/silver; 10/magic") and energy resistance by type (issue #18). */
    resistances: resistancesSchema(),
    /** Spell slots by level and power points, each left now and per day (issue #33). */
    spellcasting: spellcastingSchema(),
    skills: new SchemaField(skills),
    proficiencies: new SchemaField({
      armor: new SchemaField({
        light: flag(),
        medium: flag(),
        heavy: flag(),
        force: flag(true),
        shield: flag(),
        tower: flag(),
      }),
      weapons: new SchemaField({ simple: flag(true), martial: flag() }),
      /** Exotic weapons by name (case-insensitive). */
      exotic: new ArrayField(new StringField({ required: true, blank: false })),
    }),
    biography: new HTMLField({ required: true, blank: true, initial: '' }),
    /**
     * The combat models' own stored fields (issue #30: the Saga-style condition step, 0–5; issue #31:
     * the Enlightened Grognard's bloodied mark, 0–1, and persistent tokens, ≥ 0). GM-written only.
     */
    model: new SchemaField({
      saga: new SchemaField({ conditionStep: integer(0) }),
      eg: new SchemaField({
        bloodied: integer(0),
        persistent: new SchemaField({ power: integer(0), speed: integer(0), insight: integer(0) }),
      }),
      tc: tcSchema(),
    }),
  };
}

/**
 * The Time Count model's fields (issue #32): fatigue, Invigoration, the ToP lost this combat,
 * impairments, paralysis and petrification damage (≥ 0; GM-written), the stance and the count its
 * shift ends at (`stanceUntil`, 0: settled; lane maneuvers), the stance's id (the engine's
 * TC_STANCES, not imported: it loads with the model), and the attributes (decision A6: the owner's
 * character build; base ToP 3). Compact: it is in the code loaded at start.
 */
function tcSchema(): DataField {
  const { SchemaField, StringField } = foundry.data.fields;
  const ints = (keys: string) =>
    Object.fromEntries(keys.split(' ').map((k) => [k, integer(k === 'topBase' ? 3 : 0)]));
  return new SchemaField({
    ...ints('fatigue invigoration topLost paralysis petrification stanceUntil'),
    impairments: new SchemaField(ints('bludgeoning piercing slashing')),
    stance: new StringField({
      required: true,
      blank: false,
      initial: 'basic',
      choices: 'basic defensive crouch parry poised prone casting'.split(' '),
    }),
    attributes: new SchemaField(ints('fortitude agility willpower persona power accuracy topBase')),
  });
}

/** Shared data of characters and creatures. */
export class CreatureData extends foundry.abstract.TypeDataModel {
  declare abilities: Record<Ability, AbilityData>;
  declare size: Size;
  declare hp: {
    value: number;
    nonlethal: number;
    temp: number;
    bonuses: Record<(typeof HP_BONUS_TYPES)[number], number>;
  } & Partial<Pick<DerivedCreature['hp'], 'max' | 'injury' | 'breakdown'>>;
  declare naturalArmor: number;
  declare negativeLevels: number;
  declare speed: number;
  /** HP regenerated per round (the regeneration special quality); 0: none. */
  declare regeneration: number;
  /** Sneak attack dice besides the class levels'; derived: `derived.sneakAttackDice` (all of them). */
  declare sneakAttackDice: number;
  /** Damage reduction text and energy resistances (effects may change them); derived: `derived.resistances`. */
  declare resistances: ResistancesData;
  /** Spell slots (levels 0–9) and power points: left now and per day; a cast spends them (GM side). */
  declare spellcasting: SpellcastingData;
  declare skills: Record<SkillId, SkillData>;
  declare proficiencies: {
    armor: Record<'light' | 'medium' | 'heavy' | 'force' | 'shield' | 'tower', boolean>;
    weapons: Record<'simple' | 'martial', boolean>;
    exotic: string[];
  };
  declare biography: string;
  /**
   * The combat models' own fields: the Saga-style condition step (0 normal … 5 unconscious); the
   * Enlightened Grognard's bloodied mark (1: bloodied once this encounter) and persistent tokens.
   */
  declare model: {
    saga: { conditionStep: number };
    eg: { bloodied: number; persistent: { power: number; speed: number; insight: number } };
    tc: {
      fatigue: number;
      invigoration: number;
      topLost: number;
      impairments: { bludgeoning: number; piercing: number; slashing: number };
      paralysis: number;
      petrification: number;
      stance: string;
      /** The count a stance's shift ends at (in transition before it, 002:578); 0: settled. */
      stanceUntil: number;
      attributes: Record<
        'fortitude' | 'agility' | 'willpower' | 'persona' | 'power' | 'accuracy' | 'topBase',
        number
      >;
    };
  };
  /** Effects: typed bonuses to Defense; derived: the breakdown against melee and ranged attacks. */
  declare defense: { bonuses: Record<DefenseModifierType, number> } & Partial<DerivedCreature['defense']>;
  /** Effects: typed bonuses to Protection; derived: the breakdown. */
  declare protection: { bonuses: Record<(typeof PROTECTION_BONUS_TYPES)[number], number> } & Partial<
    DerivedCreature['protection']
  >;
  /** Effects: bonus to saves; derived: totals. */
  declare saves: Record<Save, { bonus: number } & Partial<DerivedCreature['saves'][Save]>>;
  /** Effects: bonus to all melee / ranged attack rolls. */
  declare attack: { bonuses: { melee: number; ranged: number } };
  /** Effects: bonus to initiative checks (not stored; reset before effects apply). */
  declare initiative?: { bonus: number };
  /** Derived: everything else (classes, level, BAB, attacks, encumbrance, grapple). */
  declare derived: DerivedCreature;

  static override LOCALIZATION_PREFIXES = ['GNG.Actor'];

  static override defineSchema(): DataSchema {
    return creatureSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return migrateActorSource(super.migrateData(source));
  }

  /**
   * Domain checks with localized messages; a failing change is rejected whole. Every stored number
   * has bounds ({@link LIMITS}, decision `number bounds`): a score of 0 is legal (decision
   * `ability score 0`), anything past the bound is refused.
   */
  static override validateJoint(data: Record<string, unknown>): void {
    const abilities = data.abilities as Record<Ability, { value: number; damage: number; drain: number }>;
    for (const ability of ABILITIES) {
      const score = abilities[ability];
      const field = `abilities.${ability}`;
      if (score.value < 0)
        throw validationError(
          'GNG.Validation.NegativeAbility',
          { ability, value: score.value },
          `${field}.value`,
        );
      if (score.value > LIMITS.ability)
        throw validationError(
          'GNG.Validation.AbilityTooHigh',
          { ability, value: score.value, max: LIMITS.ability },
          `${field}.value`,
        );
      for (const loss of ['damage', 'drain'] as const) {
        if (score[loss] < 0)
          throw validationError('GNG.Validation.NegativeAbilityLoss', { ability }, `${field}.${loss}`);
        atMost(`${field}.${loss}`, score[loss], LIMITS.ability);
      }
    }
    const hp = data.hp as { value: number; nonlethal: number; temp: number };
    for (const key of ['nonlethal', 'temp'] as const) {
      if (hp[key] < 0) throw validationError('GNG.Validation.NegativeHp', {}, `hp.${key}`);
      atMost(`hp.${key}`, hp[key], LIMITS.hitPoints);
    }
    within('hp.value', hp.value, -LIMITS.hitPoints, LIMITS.hitPoints);
    const step = (data.model as CreatureData['model'] | undefined)?.saga?.conditionStep;
    within('model.saga.conditionStep', step, 0, CONDITION_TRACK_BOTTOM);
    const eg = (data.model as CreatureData['model'] | undefined)?.eg;
    within('model.eg.bloodied', eg?.bloodied, 0, 1);
    for (const type of ['power', 'speed', 'insight'] as const) {
      within(`model.eg.persistent.${type}`, eg?.persistent?.[type], 0, LIMITS.hitPoints);
    }
    const tc = (data.model as CreatureData['model'] | undefined)?.tc;
    // Counts ≥ 0 (petrification 0–10, 002:719); attributes (the owner's build, added to rolls, the
    // ToP and damage) within ±300 as a bonus, the base ToP ≥ 0.
    for (const [group, values] of [
      ['', tc],
      ['impairments.', tc?.impairments],
      ['attributes.', tc?.attributes],
    ] as const) {
      for (const [k, v] of Object.entries(values ?? {})) {
        const attribute = group === 'attributes.';
        const max = attribute ? LIMITS.bonus : k === 'petrification' ? 10 : LIMITS.hitPoints;
        within(`model.tc.${group}${k}`, v, attribute && k !== 'topBase' ? -max : 0, max);
      }
    }
    for (const [field, max] of [
      ['naturalArmor', LIMITS.bonus],
      ['negativeLevels', LIMITS.levels],
      ['speed', LIMITS.feet],
      ['regeneration', LIMITS.hitPoints],
      ['sneakAttackDice', LIMITS.levels],
    ] as const) {
      if ((data[field] as number) < 0)
        throw validationError('GNG.Validation.Negative', { field, value: data[field] }, field);
      atMost(field, data[field], max);
    }
    validateResistances(data.resistances as ResistancesData | undefined);
    validateSpellcasting(data.spellcasting as SpellcastingData | undefined);
    const skills = data.skills as Record<SkillId, { ranks: number; misc: number }>;
    for (const skill of SKILL_IDS) {
      const { ranks, misc } = skills[skill];
      if (ranks < 0)
        throw validationError(
          'GNG.Validation.NegativeRanks',
          { skill, value: ranks },
          `skills.${skill}.ranks`,
        );
      atMost(`skills.${skill}.ranks`, ranks, LIMITS.levels);
      within(`skills.${skill}.misc`, misc, -LIMITS.modifier, LIMITS.modifier);
    }
  }

  /**
   * The containers {@link prepareBaseData} resets and Active Effects write into, with their bounds
   * (min, max): an effect change that leaves one of them anything but an integer within its bounds
   * is skipped (src/data/actor/effect-guard.ts).
   */
  static effectTargets(): Readonly<Record<string, readonly [number, number]>> {
    return EFFECT_TARGETS;
  }

  /** Resets the containers Active Effects write into, before effects apply. */
  override prepareBaseData(): void {
    resetSkippedEffectChanges(this.parent);
    this.defense = { bonuses: zeros(DEFENSE_MODIFIER_TYPES) };
    this.protection = { bonuses: zeros(PROTECTION_BONUS_TYPES) };
    this.hp.bonuses = zeros(HP_BONUS_TYPES);
    this.saves = { fort: { bonus: 0 }, ref: { bonus: 0 }, will: { bonus: 0 } };
    this.attack = { bonuses: { melee: 0, ranged: 0 } };
    this.initiative = { bonus: 0 };
    for (const skill of SKILL_IDS) this.skills[skill].bonus = 0;
  }

  override prepareDerivedData(): void {
    const actor = this.parent as Actor;
    const derived = deriveCreature({
      system: this,
      items: [...actor.items],
      statuses: actor.statuses ?? new Set<string>(),
      defensive: grantedDefensiveStatuses(actor),
      creature: this.creatureTraits(),
    });
    this.derived = derived;
    for (const ability of ABILITIES) Object.assign(this.abilities[ability], derived.abilities[ability]);
    Object.assign(this.hp, derived.hp);
    Object.assign(this.defense, derived.defense);
    Object.assign(this.protection, derived.protection);
    for (const save of SAVES) Object.assign(this.saves[save], derived.saves[save]);
    for (const skill of SKILL_IDS) Object.assign(this.skills[skill], derived.skills[skill]);
  }

  /** Creature type and anatomy (creatures only; characters are humanoids with normal anatomy). */
  creatureTraits(): { creatureType: string; anatomy: readonly AnatomyFlag[] } {
    return { creatureType: 'Humanoid', anatomy: [] };
  }
}

/** An integer any sign within ±limit, or (enhancement and monk bonuses, never negative) 0 to limit. */
const signed = (limit: number) => [-limit, limit] as const;
const positive = (limit: number) => [0, limit] as const;

const EFFECT_TARGETS: Readonly<Record<string, readonly [number, number]>> = Object.freeze(
  Object.fromEntries([
    ...DEFENSE_MODIFIER_TYPES.map((type) => [`defense.bonuses.${type}`, signed(LIMITS.bonus)]),
    ...PROTECTION_BONUS_TYPES.map((type) => [
      `protection.bonuses.${type}`,
      // PROTECTION: an enhancement or monk bonus is a bonus; sacred/profane and circumstance go either way.
      type === 'enhancement' || type === 'monk' ? positive(LIMITS.bonus) : signed(LIMITS.bonus),
    ]),
    ...HP_BONUS_TYPES.map((type) => [`hp.bonuses.${type}`, signed(LIMITS.hitPoints)]),
    ...SAVES.map((save) => [`saves.${save}.bonus`, signed(LIMITS.bonus)]),
    ['attack.bonuses.melee', signed(LIMITS.bonus)],
    ['attack.bonuses.ranged', signed(LIMITS.bonus)],
    ['initiative.bonus', signed(LIMITS.bonus)],
    ...SKILL_IDS.map((skill) => [`skills.${skill}.bonus`, signed(LIMITS.modifier)]),
  ]) as Record<string, readonly [number, number]>,
);

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

export class CharacterData extends CreatureData {}

/** A creature: creature type and subtypes, anatomy flags; Hit Dice are `class` items of kind `racial`. */
export class NpcData extends CreatureData {
  declare creatureType: string;
  declare subtypes: string[];
  declare anatomy: AnatomyFlag[];

  static override defineSchema(): DataSchema {
    const { StringField, ArrayField } = foundry.data.fields;
    return {
      ...super.defineSchema(),
      creatureType: new StringField({ required: true, blank: false, initial: 'Humanoid' }),
      subtypes: new ArrayField(new StringField({ required: true, blank: false })),
      anatomy: new ArrayField(new StringField({ required: true, blank: false, choices: ANATOMY_FLAGS })),
    };
  }

  override creatureTraits(): { creatureType: string; anatomy: readonly AnatomyFlag[] } {
    return { creatureType: this.creatureType, anatomy: this.anatomy };
  }
}
