/**
 * What the static-defense models' turn glue shares (the Saga-style model's src/combat/saga-turns.ts
 * and the Enlightened Grognard's src/combat/eg-turns.ts): each combatant's turn record kept in the
 * Combat's flags, written by the GM's client, and what the actor's sheet says of its attacks of
 * opportunity a round (its Dexterity modifier and Combat Reflexes).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { combatantOf } from './scene-lookup.js';

/**
 * GM side: writes `changes` into the combatant's record at `flags.gng.<path>.<combatant id>` of its
 * combat, one field each (objects copied, so a caller's later change does not reach the update).
 */
export async function writeTurnRecord(
  combatant: Combatant,
  path: string,
  changes: Readonly<Record<string, unknown>>,
): Promise<void> {
  const combat = combatant.parent;
  if (!combat) return;
  const plain = (v: unknown) => (v && typeof v === 'object' ? { ...v } : v);
  await combat.update(
    Object.fromEntries(
      Object.entries(changes).map(([key, value]) => [
        `flags.${SYSTEM_ID}.${path}.${combatant.id}.${key}`,
        plain(value),
      ]),
    ),
  );
}

/** The facts the attacks of opportunity a round are counted from: Dexterity and the `featId` feat. */
export function opportunityFactsOf(
  actor: Actor | null,
  featId: string,
): { dexModifier: number; combatReflexes: boolean } {
  const system = actor?.system as { derived?: { abilities?: { dex?: { mod?: number } } } } | undefined;
  const combatReflexes =
    actor?.items.find(
      (item) =>
        item.type === 'feat' && (item.system as unknown as { identifier?: string }).identifier === featId,
    ) !== undefined;
  return { dexModifier: system?.derived?.abilities?.dex?.mod ?? 0, combatReflexes };
}

/**
 * GM side (Undo): gives `spent` back to the budget of the turn it was taken in while that turn's
 * record stands (`turns.recordOf`, of the spend's round): true, nothing to give back included; false
 * when a turn began since or the actor has no combatant.
 */
export async function refundTurnSpend<B, S extends { round: number }>(
  actor: Actor,
  spent: S | null,
  turns: {
    recordOf: (combatant: Combatant) => { round: number; budget: B };
    write: (combatant: Combatant, changes: { budget: B }) => Promise<void>;
    refund: (budget: B, spent: S) => B;
  },
): Promise<boolean> {
  if (!spent) return true;
  const combatant = combatantOf(actor);
  if (!combatant) return false;
  const record = turns.recordOf(combatant);
  if (record.round !== spent.round) return false;
  await turns.write(combatant, { budget: turns.refund(record.budget, spent) });
  return true;
}
