/** The `note` subtype's `system` (note.ts `NoteState`): its lines as lang keys and their class, or a chat template and its data. */
import { CardData } from './card-data.js';
import { arr, obj, str } from './card-fields.js';

export class NoteData extends CardData {
  static override defineSchema(): DataSchema {
    return { cls: str(), lines: arr(obj({ nullable: false })), view: str(), data: obj() };
  }
}
