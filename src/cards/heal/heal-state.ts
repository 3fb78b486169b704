/**
 * The heal card's state (its message's `system`, subtype `heal`, heal-data.ts; `flags.gng.heal` on a
 * card posted before issue #34) and what `game.gng.heal` takes.
 */
import { systemPath } from '../../config/document-types.js';
import type { TendedMark } from '../shared/rest-read.js';
import { legacyFlagState } from '../kernel/typed-card.js';

/** The card's GM query and template (heal-register.ts registers them on `init`). */
export const HEAL_QUERY = 'gng.healCard';
export const HEAL_CARD_TEMPLATE = systemPath('templates/chat/heal-card.hbs');

export const HEAL_KINDS = ['tend', 'surgery', 'extraordinary'] as const;
export type HealKind = (typeof HEAL_KINDS)[number];

/** What `game.gng.heal` takes besides the patient. */
export interface HealOptions {
  kind: HealKind;
  /** Who heals: needed to tend and for surgery (the Heal check is the healer's); named on the card. */
  healer?: Actor;
  /** The disabled part (the id of its effect on the patient): surgery and extraordinary healing. */
  part?: string;
  /** Extraordinary healing: the HP the item, ability or power heals (`2d8+3`). */
  formula?: string;
}

/** The healer's Heal check: d20 + the Heal skill bonus against the DC. */
export interface HealCheck {
  natural: number;
  bonus: number;
  total: number;
  dc: number;
  success: boolean;
}

/** Extraordinary healing directed at a part: the HP rolled, then the d20 (≤ the HP restores it). */
export interface ExtraordinaryRoll {
  formula: string;
  amount: number;
  d20: number;
  success: boolean;
}

/** What the step changed, for Undo. */
export interface HealApplied {
  /** The tending this card put on the patient (the GM's care record, care-records.ts). */
  tended: TendedMark | null;
  /** The source of the part's effect this card deleted (surgery or extraordinary healing). */
  removed: Record<string, unknown> | null;
}

/** The state of a heal card. */
export interface HealCardState {
  kind: HealKind;
  patientUuid: string;
  patientName: string;
  healerName: string | null;
  /** The part treated (surgery, extraordinary healing). */
  part: { effectId: string; label: string } | null;
  check: HealCheck | null;
  extraordinary: ExtraordinaryRoll | null;
  /** What Undo takes back; null when nothing changed, or once undone. */
  applied: HealApplied | null;
  undone?: boolean;
}

/** The heal card's state of a message (typed or legacy), or null. */
export function healCardOf(message: ChatMessage | null | undefined): HealCardState | null {
  if (message?.type === 'heal') return message.system.toObject() as unknown as HealCardState;
  return legacyHealCard(message);
}

/** A heal card posted before issue #34 (`type: 'base'`, `flags.gng.heal`), or null. */
export function legacyHealCard(message: ChatMessage | null | undefined): HealCardState | null {
  return legacyFlagState(message, 'healCard', 'heal');
}
