/**
 * The data model of each card's ChatMessage subtype (issue #34; system.json
 * `documentTypes.ChatMessage`), assigned to `CONFIG.ChatMessage.dataModels` on `init`. One line per
 * card: its lane adds it.
 */
import { NoteData } from './kernel/note-data.js';
import { BleedingData } from './bleeding/bleeding-data.js';
import { TrackData } from './saga-track/track-data.js';
import { TcHealData } from './tc-heal/tc-heal-data.js';
import { EgTurnData } from './eg-turn/eg-turn-data.js';
import { SagaTurnData } from './saga-turn/saga-turn-data.js';
import { EgTokenData } from './eg-tokens/token-data.js';
import { EgActionData } from './eg-action/eg-action-data.js';

export const CARD_DATA_MODELS = {
  note: NoteData,
  bleeding: BleedingData,
  sagaTrack: TrackData,
  tcHeal: TcHealData,
  egTurn: EgTurnData,
  sagaTurn: SagaTurnData,
  egTokens: EgTokenData,
  egAction: EgActionData,
};
