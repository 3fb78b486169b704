/**
 * The Saga-style chapter's other rules with numbers (seed 001; issue #30): spell resistance (R17,
 * 001:153), ability scores at −10 (R24, 001:47–59; decision A6), regeneration (R25, 001:145). Pure.
 */
import { ABILITIES, type Ability } from '../../abilities.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf } from '../../validate.js';

/**
 * Spell Resistance (001:153): "10 + 1/2 Hit Dice (minimum 1) + Casting Stat (alternatively, use the
 * highest mental stat if it is higher or if they aren't a caster)". Half the Hit Dice rounded down, at
 * least 1; the stats are ability modifiers (A6: the chapter's ability numbers are on the modifier
 * scale). `castingModifier` null: not a caster.
 */
export function spellResistance(input: {
  hitDice: number;
  castingModifier: number | null;
  mentalModifiers: { int: number; wis: number; cha: number };
}): number {
  const half = Math.max(1, Math.floor(assertNonNegativeInteger('Hit Dice', input.hitDice) / 2));
  const m = input.mentalModifiers;
  const highest = Math.max(
    assertInteger('Intelligence modifier', m.int),
    assertInteger('Wisdom modifier', m.wis),
    assertInteger('Charisma modifier', m.cha),
  );
  const casting =
    input.castingModifier === null
      ? highest
      : Math.max(assertInteger('casting modifier', input.castingModifier), highest);
  return 10 + half + casting;
}

/**
 * Whether a spell overcomes spell resistance: "a special Defense a magic user must overcome" (001:153)
 * names no roll, so the caster rolls as against any static defense of the chapter: a d20 check
 * (the d20 rules' caster level check, d20 + caster level) that reaches the resistance.
 */
export function overcomesSpellResistance(checkTotal: number, resistance: number): boolean {
  return assertInteger('caster level check', checkTotal) >= assertInteger('spell resistance', resistance);
}

/**
 * Whether spell resistance can stop a spell on this creature: always for a targeted spell; for an
 * area only when the creature was its origin ("area attacks still function unless the creature
 * targeted was the origin", 001:153).
 */
export function spellResistanceApplies(spell: { area: boolean; creatureIsOrigin?: boolean }): boolean {
  return !spell.area || spell.creatureIsOrigin === true;
}

/** What an ability at −10 does (001:49–59). */
export const ABILITY_COLLAPSE: Readonly<Record<Ability, string>> = {
  str: 'prone',
  dex: 'paralyzed',
  con: 'dead',
  int: 'unconscious',
  wis: 'insane',
  cha: 'noActions',
};

/** The level an ability's damage or drain must bring it to (001:49 "At -10 Strength"). */
export const ABILITY_COLLAPSE_AT = -10;

/**
 * The effect of ability damage or drain on one ability, or null (decision A6: "−10 Strength" is on the
 * modifier scale, so the rule tests the modifier less the damage and drain, counted in modifier points).
 */
export function abilityCollapse(ability: Ability, modifier: number, lost: number): string | null {
  assertOneOf('ability', ability, ABILITIES);
  const left = assertInteger('ability modifier', modifier) - assertNonNegativeInteger('ability damage', lost);
  return left <= ABILITY_COLLAPSE_AT ? ABILITY_COLLAPSE[ability] : null;
}

/** Ability damage and drain after 8 hours of rest: the damage is gone, drain stays (only magic heals it, 001:47). */
export function abilityLossAfterRest(loss: { damage: number; drain: number }): {
  damage: number;
  drain: number;
} {
  assertNonNegativeInteger('ability damage', loss.damage);
  return { damage: 0, drain: assertNonNegativeInteger('ability drain', loss.drain) };
}

/** Turns without regeneration after the creature takes damage of its bane ("suppressed for 2 rounds", 001:145). */
export const REGENERATION_SUPPRESSED_TURNS = 2;

/**
 * A regenerating creature's turn (001:145): it recovers its regeneration in HP (never past its
 * maximum) unless its bane suppressed it; each turn spends one turn of the suppression. Damage of its
 * bane (`baneDamage` before this turn, e.g. cold for Regeneration 5 (Cold)) suppresses its next two turns.
 */
export function regenerationTurn(input: {
  hp: number;
  max: number;
  regeneration: number;
  suppressedTurns: number;
}): { hp: number; healed: number; suppressedTurns: number } {
  const hp = assertInteger('HP', input.hp);
  const max = assertInteger('max HP', input.max);
  const amount = assertNonNegativeInteger('regeneration', input.regeneration);
  const suppressed = assertNonNegativeInteger('suppressed turns', input.suppressedTurns);
  if (suppressed > 0) return { hp, healed: 0, suppressedTurns: suppressed - 1 };
  const healed = Math.max(0, Math.min(amount, max - hp));
  return { hp: hp + healed, healed, suppressedTurns: 0 };
}
