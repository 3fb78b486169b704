/**
 * Text a card stores to show later (issue #34): a lang key and its data, localized when the card is
 * rendered, on each client in its language. A data value may itself be such a text (a status's
 * name), or a list of them (joined with commas).
 */
export interface LocalText {
  key: string;
  data?: Record<string, TextValue>;
}
export type TextValue = string | number | LocalText | TextValue[];

/** A note on what an Undo could not take back: a lang key and its data. */
export type UndoNote = LocalText;

/** A text value on this client: a key localized, a list joined with commas, else as written. */
export const textOf = (value: TextValue): string =>
  Array.isArray(value)
    ? value.map(textOf).join(', ')
    : typeof value === 'object' && value !== null
      ? localText(value)
      : String(value);

/** `note` localized on this client (its data values too). */
export function localText(note: LocalText): string {
  const data = Object.fromEntries(Object.entries(note.data ?? {}).map(([k, v]) => [k, textOf(v)]));
  return note.data ? game.i18n.format(note.key, data) : game.i18n.localize(note.key);
}

/**
 * What an Undo could not take back (a status already gone, HP capped at the maximum, an action
 * whose turn has begun), as notes (keys) on the card's target; none clears the old ones. A string
 * is a card's from before issue #34 (already localized).
 */
export function noteUndo(
  holder: { undoNotes?: (UndoNote | string)[] },
  notes: readonly (UndoNote | string)[],
): void {
  if (notes.length) holder.undoNotes = [...notes];
  else delete holder.undoNotes;
}

/** The notes as lines in this client's language (a legacy string as it was written). */
export const undoNoteLines = (notes: readonly (UndoNote | string)[] = []): string[] =>
  notes.map((note) => (typeof note === 'string' ? note : localText(note)));
