/**
 * The cast card's state (its message's `system`, subtype `cast`, cast-data.ts; `flags.gng.cast` on
 * a card posted before issue #34): who cast what, what the cast spent
 * (a slot of a level, power points, or nothing when the caster keeps no pool) and what a weapon spell
 * made, so the card's Undo is the exact inverse of the cast (cast-actions.ts).
 */
import { systemPath } from '../../config/document-types.js';
import type { CastSpend } from '../../rules/index.js';
import type { LocalText, UndoNote } from '../kernel/undo-notes.js';
import { legacyFlagState } from '../kernel/typed-card.js';

/** The card's GM query and template (cast-register.ts registers them on `init`). */
export const CAST_QUERY = 'gng.castCard';
export const CAST_CARD_TEMPLATE = systemPath('templates/chat/cast-card.hbs');
/** The card's one target: the caster. */
export const CAST_TARGET = 'caster';

/** The state of a cast card. */
export interface CastCardState {
  casterUuid: string;
  caster: string;
  spell: string;
  kind: 'spell' | 'power';
  /** The proven sender who cast (the GM's record): it may undo its own cast. */
  by: string;
  spent: CastSpend;
  /**
   * What the cast did besides the spend (a weapon spell's line): a lang key and its data, or the
   * text itself on a card from before issue #34; null for none.
   */
  line: LocalText | string | null;
  /** The uuids of the effects a weapon spell put on weapons (Undo deletes those still there). */
  effects: string[];
  /** Whether the cast still stands (false once undone). */
  applied: boolean;
  /** What its Undo could not take back (keys; a legacy card's strings). */
  undoNotes?: (UndoNote | string)[];
}

/** The cast card's state of a message (typed or legacy), or null. */
export function castCardOf(message: ChatMessage | null | undefined): CastCardState | null {
  if (message?.type === 'cast') return message.system.toObject() as unknown as CastCardState;
  return legacyCastCard(message);
}

/** A cast card posted before issue #34 (`type: 'base'`, `flags.gng.cast`), or null. */
export function legacyCastCard(message: ChatMessage | null | undefined): CastCardState | null {
  return legacyFlagState(message, 'castCard', 'cast');
}
