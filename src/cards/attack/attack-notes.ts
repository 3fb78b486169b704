/** A refusal kept on the card as a note to show later (issue #34): its lang key and data, not its text. */
import type { Refusal, UndoNote } from '../kernel/index.js';

export const refusalNote = (error: Refusal): UndoNote => ({
  key: error.key,
  data: error.data as UndoNote['data'],
});
