/**
 * The attack card's token changes under the Enlightened Grognard model, through the token store
 * (src/combat/eg-token-store.ts, the only code that writes tokens): each change the card makes is
 * one store call, its record kept in the card's GM-written flags; Undo reverts them, newest first.
 * The pools are the fight's: the actor's combat's (none out of combat: only persistent tokens).
 */
import type { UndoNote } from '../kernel/index.js';
import { refusalNote } from './attack-notes.js';
import { changeTokens, revertTokenChange, type TokenChangeRecord } from '../../combat/eg-token-store.js';
import { combatOf } from '../../combat/scene-lookup.js';
import type { EgTokenDelta } from '../../rules/models/eg/attack-card.js';
import type { CardEgRecord } from './eg-card-state.js';
import { Refusal } from '../kernel/index.js';

/** The combat whose pools an actor spends and gains from. */
export function egCombatOf(actor: Actor): Combat | null {
  return combatOf(actor);
}

/**
 * GM side: `delta` on `actor`'s pool (negative: spent) through the store, recorded; null when there
 * is nothing to change. A pool too short refuses (the store's localized refusal), changing nothing;
 * so does a card whose combat (`combatId`, the card's) was deleted since: its encounter is over.
 */
export async function cardTokenChange(
  actor: Actor,
  delta: EgTokenDelta,
  reason: string,
  targetId: string | null,
  combatId?: string | null,
): Promise<CardEgRecord | null> {
  if (!Object.values(delta).some((n) => n)) return null;
  if (combatId && !game.combats.get(combatId)) throw new Refusal('GNG.Model.EG.Card.Refusal.encounterOver');
  const record = await changeTokens(egCombatOf(actor), actor, delta, `attack-card.${reason}`);
  return { actorUuid: actor.uuid, name: actor.name, reason, targetId, delta: { ...delta }, record };
}

/**
 * GM side: each record reverted, newest first (the store's exact inverse). One the store refuses
 * (its tokens spent since, its actor gone) stays as it is; its refusal comes back as a localized note.
 */
export async function revertCardRecords(records: readonly CardEgRecord[]): Promise<UndoNote[]> {
  return (await revertCardRecordsKept(records)).notes;
}

/**
 * GM side: every record reverted, newest first, or none: when the store refuses one (its tokens
 * spent since) those already reverted are made again and the refusal stands (the card's take-back is
 * the exact inverse of the attack or nothing: a gain spent elsewhere is never kept by taking back).
 */
export async function revertCardRecordsAll(records: readonly CardEgRecord[]): Promise<void> {
  const done: TokenChangeRecord[] = [];
  try {
    for (const entry of [...records].reverse())
      done.push(await revertTokenChange(entry.record as TokenChangeRecord));
  } catch (error) {
    for (const inverse of done.reverse()) await revertTokenChange(inverse);
    throw error;
  }
}

/**
 * {@link revertCardRecords}, also naming the records the store refused to revert (their tokens spent
 * since): they still stand, so the card keeps them (a token given and spent stays given).
 */
export async function revertCardRecordsKept(
  records: readonly CardEgRecord[],
): Promise<{ notes: UndoNote[]; kept: CardEgRecord[] }> {
  const notes: UndoNote[] = [];
  const kept: CardEgRecord[] = [];
  for (const entry of [...records].reverse())
    try {
      await revertTokenChange(entry.record as TokenChangeRecord);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      notes.push(refusalNote(error));
      kept.unshift(entry);
    }
  return { notes, kept };
}
