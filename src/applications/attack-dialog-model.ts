/**
 * The attack dialog's preview under a combat model with its own attack parts (the Saga-style, the
 * Enlightened Grognard, the Time Count: attack-dialog-saga.ts, -eg.ts, -tc.ts): GnG's preview and its
 * refusals kept, its lines and total the model's. Loaded with the dialog.
 */
import type { AttackSummary } from '../data/actor/derive-attacks.js';
import type { AttackPreview } from '../cards/attack/attack-preview.js';
import { attackRowOf } from '../cards/attack/attack-preview.js';
import type { CardPart } from '../cards/attack/attack-state.js';

/** `preview` with the model's `partsOf` the weapon's attack row as its lines, and their total. */
export function modelPreview(
  actor: Actor,
  weapon: Item,
  preview: AttackPreview | null,
  partsOf: (row: AttackSummary) => CardPart[],
): AttackPreview | null {
  const row = attackRowOf(actor, weapon);
  if (!preview || !row) return preview;
  const lines = partsOf(row);
  return { ...preview, lines, total: lines.reduce((sum, line) => sum + line.value, 0) };
}
