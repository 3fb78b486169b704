/**
 * The data model of each card's ChatMessage subtype (issue #34; system.json
 * `documentTypes.ChatMessage`), assigned to `CONFIG.ChatMessage.dataModels` on `init`. One line per
 * card: its lane adds it.
 */
import { NoteData } from './kernel/note-data.js';
import { BleedingData } from './bleeding/bleeding-data.js';
import { AttackData } from './attack/attack-data.js';

export const CARD_DATA_MODELS = {
  note: NoteData,
  bleeding: BleedingData,
  attack: AttackData,
};
