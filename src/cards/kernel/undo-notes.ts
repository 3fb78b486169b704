/**
 * What an Undo could not take back (a status already gone, HP capped at the maximum, an action
 * whose turn has begun), as localized notes on the card's target; none clears the old ones.
 */
export function noteUndo(holder: { undoNotes?: string[] }, notes: readonly string[]): void {
  if (notes.length) holder.undoNotes = [...notes];
  else delete holder.undoNotes;
}
