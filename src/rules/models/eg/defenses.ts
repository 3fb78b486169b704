/**
 * The Enlightened Grognard's four static defenses (seed 003; issue #31): Armor Class, Fortitude,
 * Reflex and Will, each a value an attack total must equal or beat (003:129). Their formulas
 * (003:236, 267, 283, 302) with decisions A5–A8 and the class modifiers of class-modifiers.ts. No
 * defender state takes a part away: "flat-footed … has been removed from the game" (003:14), and the
 * conditions' own numbers are in a chapter the seed does not hold (A2, A3). Pure.
 */
import { abilityModifier } from '../../abilities.js';
import { combinedDefenseModifier } from '../../defense-core.js';
import { DEFENSE_MODIFIER_TYPES } from '../../defense-tables.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf } from '../../validate.js';
import type { ModelAttack, ModelCreature, ModelPart } from '../types.js';
import { egClassModifiers } from './class-modifiers.js';
import { FORTITUDE_SIZE_MODIFIER, egSizeRow } from './size-table.js';
import { EG_DEFENSE_IDS, type EgDefenseId } from './rates.js';

export { EG_DEFENSE_IDS, type EgDefenseId } from './rates.js';

/** Every defense is 10 + its parts (003:236). */
export const DEFENSE_BASE = 10;

export { FORTITUDE_SIZE_MODIFIER } from './size-table.js';

/** One attack's facts the defense depends on (`ModelAttack.situation`). */
export interface EgSituation {
  /** The defense it targets; absent: AC, or Reflex for a touch attack (003:19). */
  defense: EgDefenseId | null;
  /** The token bonus the defender spent on this defense before the roll (003:256, 384). */
  defenseTokens: number;
}

/** `situation` checked: a RangeError names a bad field. */
export function egSituation(situation?: Readonly<Record<string, unknown>> | null): EgSituation {
  if (situation === undefined || situation === null) return { defense: null, defenseTokens: 0 };
  if (typeof situation !== 'object') throw new RangeError('the situation must be an object');
  const defense =
    situation.defense === undefined ? null : assertOneOf('defense', situation.defense, EG_DEFENSE_IDS);
  const tokens = situation.defenseTokens ?? 0;
  return { defense, defenseTokens: assertNonNegativeInteger('defense tokens', tokens as number) };
}

/** A defense: its value and breakdown (lang keys `GNG.Model.EG.Defense.Part.*`). */
export interface EgDefense {
  id: EgDefenseId;
  value: number;
  parts: ModelPart[];
}

const part = (key: string, value: number): ModelPart => ({
  label: `GNG.Model.EG.Defense.Part.${key}`,
  value,
});

function defense(id: EgDefenseId, parts: ModelPart[]): EgDefense {
  const shown = parts.filter((p) => p.value !== 0 || p.label.endsWith('.base'));
  return { id, value: shown.reduce((sum, p) => sum + p.value, 0), parts: shown };
}

/** The modifier of an ability: from `abilities`, else Dexterity and Constitution from the GnG inputs, else 0. */
export function abilityMod(creature: ModelCreature, ability: 'dex' | 'con' | 'wis'): number {
  const own = creature.abilities?.[ability];
  if (own) return assertInteger(`${ability} modifier`, own.mod);
  if (ability === 'dex') return assertInteger('Dexterity modifier', creature.defense.dexMod);
  if (ability === 'con' && creature.hitPoints.con !== null) return abilityModifier(creature.hitPoints.con);
  return 0;
}

/**
 * The Dexterity modifier on AC (003:249–253): half of a bonus in medium armor (rounded down, A6), none
 * in heavy armor; a penalty always counts.
 */
export function acDexterity(dexMod: number, armorType: string | null | undefined): number {
  const dex = assertInteger('Dexterity modifier', dexMod);
  if (dex <= 0) return dex;
  if (armorType === 'heavy') return 0;
  return armorType === 'medium' ? Math.floor(dex / 2) : dex;
}

/** The creature's own typed modifiers (the Dodge feat's +1, 003:259): dodge and circumstance add up. */
function typedModifiers(creature: ModelCreature): number {
  const modifiers = creature.ownDefenseModifiers ?? creature.defense.modifiers ?? {};
  return DEFENSE_MODIFIER_TYPES.reduce(
    (sum, type) =>
      sum + combinedDefenseModifier(type === 'dodge' || type === 'circumstance', modifiers[type]),
    0,
  );
}

/**
 * A save's modifiers besides its base and ability (the sheet's bonus, conditions), which count as the
 * defense's "other modifiers" (003:276). Without the creature's classes: the whole save but its ability.
 */
function saveOther(creature: ModelCreature, save: 'fortitude' | 'reflex' | 'will', mod: number): number {
  const base = egClassModifiers(creature).baseSaves[save];
  return assertInteger(`${save} save`, creature.saves[save]) - base - mod;
}

const tokens = (s: EgSituation) => part('tokens', s.defenseTokens);

/** Armor Class (003:236): 10 + armor + shield + class + Dexterity + size + tokens + other. */
export function armorClass(creature: ModelCreature, s: EgSituation = egSituation()): EgDefense {
  const d = creature.defense;
  return defense('ac', [
    part('base', DEFENSE_BASE),
    part('armor', assertInteger('armor', creature.armor ?? 0)),
    part('shield', assertInteger('shield', (d.shield ?? 0) + (d.shieldEnhancement ?? 0))),
    part('class', egClassModifiers(creature).defense.ac),
    part('dexterity', acDexterity(abilityMod(creature, 'dex'), creature.armorType)),
    part('size', egSizeRow(creature.size).modifier),
    tokens(s),
    part('modifiers', typedModifiers(creature)),
  ]);
}

/** Fortitude (003:267): 10 + Constitution + class + the size table's Fortitude modifier + tokens + other. */
export function fortitudeDefense(creature: ModelCreature, s: EgSituation = egSituation()): EgDefense {
  const con = abilityMod(creature, 'con');
  return defense('fortitude', [
    part('base', DEFENSE_BASE),
    part('constitution', con),
    part('class', egClassModifiers(creature).defense.fortitude),
    part('size', FORTITUDE_SIZE_MODIFIER[creature.size]),
    tokens(s),
    part('save', saveOther(creature, 'fortitude', con)),
  ]);
}

/**
 * Reflex (003:283): 10 + Dexterity + class + the worn armor's check penalty (as printed) + size +
 * tokens + other (the typed modifiers, as AC: it replaces touch AC, 003:19; and the save's own).
 */
export function reflexDefense(creature: ModelCreature, s: EgSituation = egSituation()): EgDefense {
  const dex = abilityMod(creature, 'dex');
  return defense('reflex', [
    part('base', DEFENSE_BASE),
    part('dexterity', dex),
    part('class', egClassModifiers(creature).defense.reflex),
    part(
      'armorCheck',
      Math.min(0, assertInteger('armor check penalty', creature.defense.armorCheckPenalty ?? 0)),
    ),
    part('size', egSizeRow(creature.size).modifier),
    tokens(s),
    part('modifiers', typedModifiers(creature)),
    part('save', saveOther(creature, 'reflex', dex)),
  ]);
}

/** Will (003:302): 10 + Wisdom + class + tokens + other. */
export function willDefense(creature: ModelCreature, s: EgSituation = egSituation()): EgDefense {
  const wis = abilityMod(creature, 'wis');
  return defense('will', [
    part('base', DEFENSE_BASE),
    part('wisdom', wis),
    part('class', egClassModifiers(creature).defense.will),
    tokens(s),
    part('save', saveOther(creature, 'will', wis)),
  ]);
}

const BY_ID = { ac: armorClass, fortitude: fortitudeDefense, reflex: reflexDefense, will: willDefense };

/** The four defenses as the sheet shows them (no tokens: A5's saves read these). */
export function egDefenses(creature: ModelCreature): Record<EgDefenseId, EgDefense> {
  return {
    ac: armorClass(creature),
    fortitude: fortitudeDefense(creature),
    reflex: reflexDefense(creature),
    will: willDefense(creature),
  };
}

/** The defense `attack` targets: `situation.defense`, else Reflex for a touch attack (003:19), else AC. */
export function egDefenseAgainst(attack: ModelAttack, creature: ModelCreature): EgDefense {
  const s = egSituation(attack.situation);
  const id = s.defense ?? (attack.touch ? 'reflex' : 'ac');
  return BY_ID[id](creature, s);
}
