/**
 * What the bleeding card's registration (bleeding-register.ts), the conditions timer and the sheet
 * read at start (issue #29): the card's names, whether an actor bleeds or a message is a bleeding
 * card, the request to bind wounds, and the types of the card's state. The card itself
 * (bleeding-actions.ts) loads on first use.
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import { askGM, type CardActionResult } from '../kernel/index.js';
import type { BleedingStage, SevereBleedingState } from '../../rules/index.js';
import type { TakenHolds } from '../../combat/status-holds.js';

export const BLEEDING_STATUS = 'severe-bleeding';
/** The GM query of the bleeding card's buttons. */
export const BLEEDING_QUERY = 'gng.bleedingCard';
export const BIND_WOUNDS_QUERY = 'gng.bindWounds';
export const BLEEDING_CARD_TEMPLATE = systemPath('templates/chat/bleeding-card.hbs');

/** `flags.gng.bleeding` of the `severe-bleeding` effect. */
export interface StoredBleeding extends SevereBleedingState {
  /** Combat round the wound was dealt in (null: out of combat — the first turn start saves). */
  woundRound: number | null;
  /** Round of the last bleeding card posted (one card per round). */
  lastCardRound: number | null;
}

/** The bleeding card's state: its message's `system` (subtype `bleeding`, bleeding-data.ts). */
export interface BleedingCardState {
  actorUuid: string;
  effectId: string;
  name: string;
  round: number;
  dc: number;
  stage: BleedingStage;
  result: null | {
    natural: number;
    bonus: number;
    total: number;
    success: boolean;
    after: SevereBleedingState;
  };
  /** What Undo restores of the save rolled (null: none, or a card rolled before Undo existed). */
  undo: BleedingUndo | null;
  /** How many times the GM undid a save on this card. */
  undone: number;
}

/** What a bleeding save changed, for Undo. */
export interface BleedingUndo {
  /** The bleeding effect's state before the save. */
  before: StoredBleeding;
  /** The bleeding effect's source, when the save removed it (death); null otherwise. */
  effect: Record<string, unknown> | null;
  /** Statuses the save set on the actor (`fatigued`, `exhausted`, `dead`). */
  added: string[];
  /** Statuses the save removed (`fatigued`, replaced by `exhausted`). */
  removed: string[];
  /** Its hold on the status it set and the effect it made (src/combat/status-holds.ts; absent on older cards). */
  hold?: string | null;
  effectIds?: Record<string, string>;
  /** The holds that went with the statuses it removed (Undo puts them back). */
  taken?: Record<string, TakenHolds | null>;
}

/** The actor's `severe-bleeding` effect, or undefined. */
export function bleedingEffectOf(actor: Actor): ActiveEffect | undefined {
  return actor.effects.find((effect) => effect.statuses.has(BLEEDING_STATUS));
}

/** Whether a message is a bleeding card: typed (`bleeding`), or one posted before issue #34 (its flag). */
export function isBleedingCard(message: ChatMessage | null | undefined): boolean {
  return message?.type === 'bleeding' || message?.flags?.[SYSTEM_ID]?.type === 'bleedingCard';
}

/** Asks the active GM to bind `actor`'s wounds (the sheet's Heal action "Bind wounds"). */
export function bindWounds(actor: Actor): Promise<CardActionResult> {
  return askGM(BIND_WOUNDS_QUERY, { actorUuid: actor.uuid });
}
