/**
 * The state of one area damage card, stored in the chat message's `system` (subtype `area`; in
 * `flags.gng.area` on a card from before issue #34), the damage each
 * target takes as the card stands, and who may do what with it (area-actions.ts is the card's table).
 */
import type { AppliedLoss } from '../../combat/hp-loss.js';
import type { AreaSpell, HighMagicRoll } from './area-spell.js';
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import {
  areaDamage,
  metamagicProtection,
  resolveDiveForCover,
  type ArmorMetamagic,
  type Fortification,
} from '../../rules/index.js';
import type { AbortSpent } from '../../combat/action-budget.js';
import { owns, type RollMode, type UndoNote } from '../kernel/index.js';
import { migrateDives, type AbortUndo } from '../kernel/undo-fields.js';
import { woundTraumaPending, type WoundTrauma } from '../shared/wound-trauma.js';

/** The card's GM query and template (area-register.ts registers them on `init`). */
export const AREA_QUERY = 'gng.areaAction';
export const AREA_CARD_TEMPLATE = systemPath('templates/chat/area-card.hbs');

/** The card's actions (the `data-action` of its buttons). */
export const AREA_ACTIONS = [
  'rollSave',
  'diveForCover',
  'applyDamage',
  'undoDamage',
  'woundTraumaSave',
] as const;
export type AreaAction = (typeof AREA_ACTIONS)[number];

export interface AreaSave {
  natural: number;
  bonus: number;
  total: number;
  success: boolean;
}

export interface AreaDive {
  natural: number;
  bonus: number;
  cover: boolean;
  /** The Jump total with the no-cover penalty. */
  jumpTotal: number;
  margin: number;
  converted: number;
  /** How the dive was paid (Undo gives back exactly that). */
  paidWith?: AbortSpent['paidWith'];
  /**
   * Its Undo record: the defender's budget before it and its turn's epoch (older cards kept them on
   * the dive: `migrateDives`). The card's Undo gives back what it paid and takes the dive off the
   * card, so it may be taken again — as the attack card's Undo does for Block and Roll with Blow.
   */
  undo?: AbortUndo;
}

export interface AreaApplied extends AppliedLoss {
  by: string;
  lethal: number;
  nonlethal: number;
  /** Advanced Wound Trauma: the Fortitude save this damage calls for (absent or null: none). */
  woundTrauma?: WoundTrauma | null;
}

export interface AreaTarget {
  id: string;
  name: string;
  actorUuid: string;
  tokenId: string | null;
  save: AreaSave | null;
  dive: AreaDive | null;
  applied: AreaApplied | null;
  /** What the target's Undo could not take back (keys; a string on a card from before issue #34). */
  undoNotes?: (UndoNote | string)[];
  /** A GM's Undo took the Dive for Cover back: its side does not dive (and roll) again. */
  diveUndone?: boolean;
  /**
   * What the target's actor takes off the damage, as the GM read it (issue #34: every client draws
   * the damage from this, not from the actor): at the post and at each step until Apply, then what
   * Apply used. Absent on a card from before it, which reads the actor as it is now.
   */
  reduction?: AreaReduction;
}

/** Protection (after an armor metamagic), energy resistance and the immunities that stop the damage. */
export interface AreaReduction {
  protection: number;
  energyResistance: number;
  immune: string[] | null;
}

/** The caster's and the spell's (power's) names, as the card names them. */
export interface AreaSource {
  caster: string;
  spell: string;
}

export interface AreaCardState {
  version: 1;
  damage: {
    formula: string;
    dice: number[];
    total: number;
    type: string | null;
    /** A spell's damage under the world's high magic option (absent or null: rolled as given). */
    highMagic?: HighMagicRoll | null;
  };
  save: { type: 'ref'; dc: number };
  /** A spell or power cast with Armor Piercing / Ignoring Spell or Power (absent or null: none). */
  metamagic?: AreaMetamagic | null;
  /** Who cast what (a spell or power cast from the sheet; absent or null: the GM's own area). */
  source?: AreaSource | null;
  /** The GM's word on cover for everyone; null: each target's owner ticks "cover nearby". */
  cover: boolean | null;
  targets: AreaTarget[];
}

export interface AreaDamageOptions {
  /** Dice formula rolled once for all targets, e.g. `6d6`. */
  damage: string;
  damageType?: string;
  saveDc: number;
  save?: 'ref';
  /** Default: the GM's targeted tokens. */
  targets?: Actor[];
  /** Cover near every target (true/false), or undefined: each target's owner says. */
  cover?: boolean;
  /**
   * The damage is a spell's: the world's high magic option (Appendix 2) changes its dice. `damage`
   * must then be one kind of die and a flat bonus (`10d6`, `5d4 + 5`).
   */
  spell?: AreaSpell;
  /** Armor Piercing / Ignoring Spell or Power (GnG Appendix 4): half or none of each target's Protection. */
  metamagic?: AreaMetamagic;
  /** The caster and the spell or power, for the card's heading. */
  source?: AreaSource;
  /** The roll mode (default: the GM's own choice in the chat controls) and who chose it (a caster's player). */
  rollMode?: RollMode;
  roller?: User;
}

/**
 * An armor metamagic (metapsionic) feat on the area's spell (power), as the card shows it: the option,
 * who cast what, and the raised cost — the slot level of a spell, the power points of a power.
 */
export interface AreaMetamagic {
  option: ArmorMetamagic;
  kind: 'spell' | 'power';
  caster: string;
  name: string;
  /** The spell's level / the power's own power points. */
  base: number;
  /** The slot level used / the power points spent. */
  cost: number;
}

const creature = (actor: Actor) => actor.system;

/**
 * The Protection an area's damage meets on `actor` (0 without an actor): under an armor metamagic
 * feat, half or none of it, after the armor's fortification (engine `metamagicProtection`).
 */
export function protectionOf(actor: Actor | null, state?: Pick<AreaCardState, 'metamagic'>): number {
  if (!actor) return 0;
  const protection = creature(actor).derived.protection;
  const option = state?.metamagic?.option ?? 'none';
  if (option === 'none') return protection.total;
  return metamagicProtection(
    Math.max(0, protection.total),
    option,
    (protection.fortification ?? 'none') as Fortification,
  );
}

/**
 * The energy resistance an area's damage meets on `actor` (issue #18): its resistance to the area's
 * damage type when that is one of the five energies ("Energy resistance applies to damage after
 * Protection"); 0 for other types, no type, or no actor.
 */
export function energyResistanceOf(actor: Actor | null, damageType: string | null | undefined): number {
  const energy = actor ? creature(actor).derived.resistances?.energy : undefined;
  if (!energy || !damageType || !(damageType in energy)) return 0;
  return energy[damageType as keyof typeof energy] ?? 0;
}

/** The card state of a message, or null. */
export function areaState(message: ChatMessage | null | undefined): AreaCardState | null {
  if (message?.type === 'area') return message.system.toObject() as unknown as AreaCardState;
  return legacyAreaState(message);
}

/** An area card posted before issue #34 (`type: 'base'`): its state in `flags.gng.area`, or null. */
export function legacyAreaState(message: ChatMessage | null | undefined): AreaCardState | null {
  const state = message?.flags?.[SYSTEM_ID]?.area as AreaCardState | undefined;
  if (!state || state.version !== 1 || !Array.isArray(state.targets)) return null;
  const copy = structuredClone(state);
  migrateDives(copy.targets);
  return copy;
}

/** The damage `target` takes as the card stands: engine `areaDamage`, then Dive for Cover's conversion. */
export function targetDamage(
  state: AreaCardState,
  target: AreaTarget,
  protection: number,
  energyResistance = 0,
  immune: string[] | null = null,
): {
  rolled: number;
  afterSave: number;
  protection: number;
  /** Energy resistance taken off after Protection. */
  energyResistance: number;
  final: number;
  lethal: number;
  nonlethal: number;
  /** The immunities that stopped it all (null: none). */
  immune: string[] | null;
} {
  const area = areaDamage({
    rolled: state.damage.total,
    saved: target.save?.success === true,
    protection,
  });
  const resisted = Math.min(energyResistance, area.final);
  const steps = { ...area, energyResistance: resisted, final: area.final - resisted, immune: null };
  // "takes no damage from it": nothing through, whatever the save, Protection or dive did.
  if (immune) return { ...steps, final: 0, lethal: 0, nonlethal: 0, immune };
  if (!target.dive) return { ...steps, lethal: steps.final, nonlethal: 0 };
  const dive = resolveDiveForCover({
    jumpTotal: target.dive.jumpTotal,
    reflexDc: state.save.dc,
    damage: steps.final,
    cover: true, // the stored total already has the no-cover penalty
  });
  return { ...steps, lethal: dive.lethal, nonlethal: dive.nonlethal };
}

/* -------------------------------------------------------------------------- */
/*  Permissions                                                                */
/* -------------------------------------------------------------------------- */

/**
 * Roll Reflex, Dive for Cover, the wound trauma save: the target's owners; Apply, Undo: the GM. A GM
 * may do everything.
 */
export function areaUserMayAct(user: User, action: AreaAction, target: AreaTarget): boolean {
  if (user.isGM) return true;
  if (action === 'rollSave' || action === 'woundTraumaSave') return owns(user, target.actorUuid);
  // A dive a GM's Undo took back is not taken (and rolled) again by its side.
  if (action === 'diveForCover') return owns(user, target.actorUuid) && !target.diveUndone;
  return false;
}

/**
 * Whether the card's state allows `action` on `target` now: each step once, nothing after Apply.
 * Undo takes back the applied damage and the Dive for Cover (like the attack card's Undo and its aborts).
 */
export function areaActionAvailable(action: AreaAction, target: AreaTarget): boolean {
  switch (action) {
    case 'rollSave':
      return target.save === null && target.applied === null;
    case 'diveForCover':
      return target.dive === null && target.applied === null;
    case 'applyDamage':
      return target.applied === null;
    case 'undoDamage':
      return target.applied !== null || target.dive !== null;
    case 'woundTraumaSave':
      // After Apply, under Advanced Wound Trauma: the Fortitude save the HP loss called for, once.
      return woundTraumaPending(target.applied?.woundTrauma);
  }
}
