/**
 * The world's variant rules (GnG APPENDIX 1 and 2) and table automation, as world settings. Every
 * reader goes through {@link variantRules} / {@link automation}, so the glue passes one object to
 * the engine and never reads a setting key by hand. The settings are not shown in the core list
 * (`config: false`): the "Variant rules and automation" submenu edits them (variants-app.ts).
 *
 * A change re-prepares every actor and re-renders open sheets and cards (`onChange`), so the sheet,
 * the previews and new card steps follow at once without a reload.
 */
import { allActors } from '../documents/all-actors.js';
import { SYSTEM_ID } from '../config/document-types.js';
import { HIGH_MAGIC_OPTIONS, type HighMagicOption } from '../rules/index.js';

/** What the variants change in the engine's input. All off (and high magic "really grim") by default. */
export interface VariantRules {
  /** Appendix 1 "Advanced Wound Trauma": a Fortitude save on every HP loss replaces trauma. */
  advancedWoundTrauma: boolean;
  /** Appendix 1 "Strength Bonus Limitation": Strength adds nothing to damage. */
  strengthBonusLimitation: boolean;
  /** Appendix 1 "Wounds Normally Cause Bleeding": enough damage by size causes Severe Bleeding. */
  woundsCauseBleeding: boolean;
  /** Appendix 2: how spell damage dice are toned down ("really grim": as they are). */
  highMagic: HighMagicOption;
}

/** How much the table does by itself. */
export interface Automation {
  /** A defender no player owns rolls its Defense as soon as the attack card exists. */
  autoRollNpcDefense: boolean;
  /** Damage is rolled as soon as a hit is known. */
  autoRollDamage: boolean;
  /** `ask`: every Apply is a click; `apply-npc`: damage to a creature no player owns is applied at once. */
  applyDamage: 'ask' | 'apply-npc';
  /** A rest advances the world clock by its length (8 hours, a day, a week). */
  restAdvancesClock: boolean;
  /** Who sees the exact odds on an attack card before Defense (issue #20): default the attacker's owners. */
  showOdds: 'everyone' | 'gm' | 'attacker' | 'off';
  /** Creatures of one kind (NPC combatants of the same base actor) share one initiative roll (issue #33). */
  groupNpcInitiative: boolean;
}

export const APPLY_DAMAGE_MODES = ['ask', 'apply-npc'] as const;
export const SHOW_ODDS_MODES = ['everyone', 'gm', 'attacker', 'off'] as const;

/** One setting of the submenu: its key, kind and default. The submenu lists them in this order. */
export interface VariantSettingSpec {
  key: string;
  group: 'appendix1' | 'appendix2' | 'automation';
  type: typeof Boolean | typeof String;
  default: boolean | string;
  /** For a choice: the values (labels are `GNG.Variants.<key>.choices.<value>`). */
  choices?: readonly string[];
}

export const VARIANT_SETTINGS: readonly VariantSettingSpec[] = [
  { key: 'advancedWoundTrauma', group: 'appendix1', type: Boolean, default: false },
  { key: 'strengthBonusLimitation', group: 'appendix1', type: Boolean, default: false },
  { key: 'woundsCauseBleeding', group: 'appendix1', type: Boolean, default: false },
  {
    key: 'highMagic',
    group: 'appendix2',
    type: String,
    default: 'really-grim',
    choices: HIGH_MAGIC_OPTIONS,
  },
  { key: 'autoRollNpcDefense', group: 'automation', type: Boolean, default: false },
  { key: 'autoRollDamage', group: 'automation', type: Boolean, default: false },
  { key: 'applyDamage', group: 'automation', type: String, default: 'ask', choices: APPLY_DAMAGE_MODES },
  { key: 'restAdvancesClock', group: 'automation', type: Boolean, default: true },
  { key: 'showOdds', group: 'automation', type: String, default: 'attacker', choices: SHOW_ODDS_MODES },
  { key: 'groupNpcInitiative', group: 'automation', type: Boolean, default: false },
];

/** The value of a registered setting, or `fallback` when it is unknown (before `init`, or not registered). */
function read<T>(key: string, fallback: T, valid: (value: unknown) => value is T): T {
  try {
    const value = game.settings.get(SYSTEM_ID, key);
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

/** The world's variant rules now. */
export function variantRules(): VariantRules {
  return {
    advancedWoundTrauma: read('advancedWoundTrauma', false, isBoolean),
    strengthBonusLimitation: read('strengthBonusLimitation', false, isBoolean),
    woundsCauseBleeding: read('woundsCauseBleeding', false, isBoolean),
    highMagic: read<HighMagicOption>('highMagic', 'really-grim', oneOf(HIGH_MAGIC_OPTIONS)),
  };
}

/** The world's automation switches now. */
export function automation(): Automation {
  return {
    autoRollNpcDefense: read('autoRollNpcDefense', false, isBoolean),
    autoRollDamage: read('autoRollDamage', false, isBoolean),
    applyDamage: read<Automation['applyDamage']>('applyDamage', 'ask', oneOf(APPLY_DAMAGE_MODES)),
    restAdvancesClock: read('restAdvancesClock', true, isBoolean),
    showOdds: read<Automation['showOdds']>('showOdds', 'attacker', oneOf(SHOW_ODDS_MODES)),
    groupNpcInitiative: read('groupNpcInitiative', false, isBoolean),
  };
}

/**
 * After a change: every actor prepared again (world actors and the scenes' unlinked tokens) and open
 * windows redrawn. Cards posted before keep what they showed; their next step reads the new rules.
 */
export function rulesChanged(): void {
  for (const actor of allActors()) actor.reset();
  for (const app of foundry.applications.instances.values()) {
    if (app.rendered) void app.render();
  }
}

/** Registers the settings (on `init`). Names and hints are the submenu's; none shows in the core list. */
export function registerVariantSettings(): void {
  for (const spec of VARIANT_SETTINGS) {
    const choices = spec.choices
      ? Object.fromEntries(spec.choices.map((value) => [value, `GNG.Variants.${spec.key}.choices.${value}`]))
      : undefined;
    game.settings.register(SYSTEM_ID, spec.key, {
      name: `GNG.Variants.${spec.key}.name`,
      hint: `GNG.Variants.${spec.key}.hint`,
      scope: 'world',
      config: false,
      type: spec.type,
      default: spec.default,
      ...(choices ? { choices } : {}),
      onChange: rulesChanged,
    });
  }
}
