/**
 * The attack dialog's form read back into `AttackOptions` (split from attack-dialog.ts to keep it
 * readable at once): the flat field names `FormDataExtended` gives, each model's own choices added.
 */
import {
  CALLED_SHOT_EFFECTS,
  GRIPS,
  RIP_SENSES_CHOICES,
  SPECIAL_STRIKE_IDS,
  STRIKES_WITH_ITEM,
  type Grip,
  type RipSensesChoice,
  type SpecialStrikeId,
} from '../rules/index.js';
import {
  DEFAULT_ATTACK_OPTIONS,
  DEFENDER_SITUATIONS,
  FIRE_CHOICES,
  type FireChoice,
  type AttackOptions,
  type SituationalModifier,
} from '../cards/attack/attack-options.js';
import { combatOptionsFromForm } from './attack-dialog-options.js';
import { sagaOptionsFromForm } from './attack-dialog-saga.js';
import { egOptionsFromForm } from './attack-dialog-eg.js';
import { tcOptionsFromForm } from './attack-dialog-tc.js';

/** The situational rows of the attacker table the dialog offers (the contract's `SituationalModifier`). */
export const SITUATIONAL_MODIFIERS: readonly SituationalModifier[] = [
  'flanking',
  'higher-ground',
  'squeezing',
];

/** A whole number from a form value (null, NaN and fractions → `fallback` / truncated), within bounds. */
function wholeNumber(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/** The `AttackOptions` of the dialog's form fields (flat names, as `FormDataExtended` gives them). */
export function optionsFromForm(data: Record<string, unknown>): AttackOptions {
  const situational = SITUATIONAL_MODIFIERS.filter((s) => data[`situational.${s}`] === true);
  const defenderSituation = DEFENDER_SITUATIONS.filter((s) => data[`defender.${s}`] === true);
  const calledShots = CALLED_SHOT_EFFECTS.filter((e) => data[`calledShots.${e}`] === true);
  const options: AttackOptions = {
    ...DEFAULT_ATTACK_OPTIONS,
    situational,
    defenderSituation,
    touch: data.touch === true,
    powerAttack: data.powerAttack === true,
    nonlethal: data.nonlethal === true,
    calledShots,
    bonus: wholeNumber(data.bonus, 0, -100, 100),
    // Concealment per target, into melee, fighting defensively, the off-hand weapon (issue #18).
    ...combatOptionsFromForm(data),
    // The Saga-style model's own choices (attack-dialog-saga.ts; its fields show under it alone).
    ...sagaOptionsFromForm(data),
    // The Enlightened Grognard model's own choices (attack-dialog-eg.ts; its fields show under it alone).
    ...egOptionsFromForm(data),
    // The Time Count model's own choices (attack-dialog-tc.ts; its fields show under it alone).
    ...tcOptionsFromForm(data),
  };
  // Firearms: the fire mode, and a controlled burst's announced shots ('' = roll 2d6).
  if (typeof data.fireMode === 'string' && (FIRE_CHOICES as readonly string[]).includes(data.fireMode)) {
    const controlled = Number(data.fireControlled);
    options.fire = {
      mode: data.fireMode as FireChoice,
      ...(data.fireMode === 'burst' && data.fireControlled && Number.isInteger(controlled)
        ? { controlled }
        : {}),
    };
  }
  if (typeof data.grip === 'string' && (GRIPS as readonly string[]).includes(data.grip))
    options.grip = data.grip as Grip;
  if (data.singleEdged === true) options.singleEdged = true;
  if (typeof data.strike === 'string' && (SPECIAL_STRIKE_IDS as readonly string[]).includes(data.strike)) {
    const strike: NonNullable<AttackOptions['strike']> = { id: data.strike as SpecialStrikeId };
    if (
      (STRIKES_WITH_ITEM as readonly string[]).includes(strike.id) &&
      typeof data.strikeItem === 'string' &&
      data.strikeItem
    )
      strike.itemId = data.strikeItem;
    if (
      strike.id === 'rip-senses' &&
      typeof data.strikeSense === 'string' &&
      (RIP_SENSES_CHOICES as readonly string[]).includes(data.strikeSense)
    )
      strike.sense = data.strikeSense as RipSensesChoice;
    options.strike = strike;
  }
  return options;
}
