/** The `note` subtype's `system` (note.ts `NoteState`): the class of its lines and the lines as lang keys. */
import { CardData } from './card-data.js';
import { arr, obj, str } from './card-fields.js';

export class NoteData extends CardData {
  static override defineSchema(): DataSchema {
    return { cls: str(), lines: arr(obj({ nullable: false })) };
  }
}
