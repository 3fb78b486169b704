/**
 * What the EG maneuver card does outside its own message, on the active GM's client: the chapter's
 * conditions in `CONFIG.statusEffects` (so `toggleStatusEffect` knows them), and tokens given to the
 * enemies adjacent to the one acting through the token store (the only writer of tokens), with the
 * exact inverse for Undo.
 */
import { EG_STATUS_IDS } from '../../rules/models/eg/statuses.js';
import { changeTokens, revertTokenChange, type TokenChangeRecord } from '../../combat/eg-token-store.js';
import { adjacentTokens, combatOf, tokenOf } from '../../combat/scene-lookup.js';

// Core's icons (the chapter's conditions have none of their own).
const ICONS: Record<string, string> = {
  unbalanced: 'falling',
  slowed: 'downgrade',
  immobilized: 'net',
  distracted: 'daze',
  grabbed: 'net',
};

/** The chapter's conditions GnG's list lacks, added to `CONFIG.statusEffects` once (A2, A3). */
export function ensureEgStatuses(): void {
  for (const id of EG_STATUS_IDS)
    if (!CONFIG.statusEffects.some((status) => status.id === id))
      CONFIG.statusEffects.push({
        id,
        name: `GNG.Status.${id}`,
        img: `icons/svg/${ICONS[id] ?? 'aura'}.svg`,
      });
}

/** Takes `statuses` off `actor` (an escape, a grab broken); resolves with the ones it had. */
export async function removeStatuses(actor: Actor, statuses: Iterable<string>): Promise<string[]> {
  const removed: string[] = [];
  for (const status of statuses)
    if (actor.statuses.has(status)) {
      await actor.toggleStatusEffect(status, { active: false });
      removed.push(status);
    }
  return removed;
}

/** Undo of {@link removeStatuses}: the statuses it took off put back (those `actor` lacks now). */
export async function putBackStatuses(actor: Actor, removed: readonly string[]): Promise<void> {
  ensureEgStatuses();
  for (const status of removed)
    if (!actor.statuses.has(status)) await actor.toggleStatusEffect(status, { active: true });
}

/** Whether two tokens are on opposite sides: one friendly, the other hostile (or secret). */
const opposed = (a: TokenDocument, b: TokenDocument): boolean => {
  const side = (token: TokenDocument) =>
    Math.sign((token as unknown as { disposition?: number }).disposition ?? 0);
  return side(a) * side(b) < 0;
};

/**
 * "all enemies adjacent to you gain 1 power token" (003:1501–1502; standing up, 003:825): each enemy
 * adjacent to the one acting on its scene, in a combat, gains `power` (an NPC into the communal pool,
 * once per NPC); `reason` names it for the store's record.
 * Resolves with the store's records (for Undo).
 */
export async function giveAdjacentEnemiesPower(
  actor: Actor,
  tokenId: string | null,
  power: number,
  reason: string,
): Promise<TokenChangeRecord[]> {
  const origin = tokenOf(actor, tokenId ? { tokenId } : {});
  if (!origin) return [];
  const records: TokenChangeRecord[] = [];
  try {
    for (const token of adjacentTokens(origin)) {
      const enemy = token.actor;
      if (!enemy || enemy === actor || !opposed(origin, token)) continue;
      const combat = combatOf(enemy);
      if (!combat) continue;
      records.push(await changeTokens(combat, enemy, { power }, reason));
    }
  } catch (error) {
    // All or nothing: the gains made are taken back, then the refusal stands.
    await revertTokenRecords(records);
    throw error;
  }
  return records;
}

/**
 * Undo: each record reverted, the last first, all or nothing — a refusal (tokens spent since) puts
 * back the ones already reverted and stands (shown to the asker; the card keeps its Apply).
 */
export async function revertTokenRecords(records: readonly unknown[]): Promise<void> {
  const done: TokenChangeRecord[] = [];
  try {
    for (const record of [...records].reverse())
      done.push(await revertTokenChange(record as TokenChangeRecord));
  } catch (error) {
    for (const inverse of done.reverse()) await revertTokenChange(inverse);
    throw error;
  }
}
