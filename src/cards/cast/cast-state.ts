/**
 * The cast card's stored state (`flags.gng.cast` of its message): who cast what, what the cast spent
 * (a slot of a level, power points, or nothing when the caster keeps no pool) and what a weapon spell
 * made, so the card's Undo is the exact inverse of the cast (cast-card.ts).
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import type { CastSpend } from '../../rules/index.js';

/** The card's GM query and template (cast-register.ts registers them on `init`). */
export const CAST_QUERY = 'gng.castCard';
export const CAST_CARD_TEMPLATE = systemPath('templates/chat/cast-card.hbs');
/** The card's one target: the caster. */
export const CAST_TARGET = 'caster';

/** `flags.gng.cast` of a cast card. */
export interface CastCardState {
  casterUuid: string;
  caster: string;
  spell: string;
  kind: 'spell' | 'power';
  /** The proven sender who cast (the GM's record): it may undo its own cast. */
  by: string;
  spent: CastSpend;
  /** What the cast did besides the spend, as the card says it (a weapon spell's line), or null. */
  line: string | null;
  /** The uuids of the effects a weapon spell put on weapons (Undo deletes those still there). */
  effects: string[];
  /** Whether the cast still stands (false once undone). */
  applied: boolean;
  undoNotes?: string[];
}

/** The stored cast card state of a message, or null. */
export function castCardOf(message: ChatMessage | null | undefined): CastCardState | null {
  const flags = message?.flags?.[SYSTEM_ID];
  if (!flags || flags.type !== 'castCard') return null;
  return (flags.cast as CastCardState | undefined) ?? null;
}
