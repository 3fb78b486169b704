/**
 * The data model of each card's ChatMessage subtype (issue #34; system.json
 * `documentTypes.ChatMessage`), assigned to `CONFIG.ChatMessage.dataModels` on `init`. One line per
 * card: its lane adds it.
 */
import { NoteData } from './kernel/note-data.js';
import { BleedingData } from './bleeding/bleeding-data.js';
import { CastData } from './cast/cast-data.js';
import { HealData } from './heal/heal-data.js';
import { RestData } from './rest/rest-data.js';
import { QuickStandData } from './quick-stand/quick-stand-data.js';
import { FeatActionData } from './feat-actions/feat-action-data.js';
import { FeatOfferData } from './feat-offer/feat-offer-data.js';
import { FlowWithEnemyData } from './opponent-feats/flow-with-enemy-data.js';
import { ManeuverData } from './maneuver/maneuver-data.js';
import { OpportunityData } from './opportunity/opportunity-data.js';
import { TrackData } from './saga-track/track-data.js';
import { TcHealData } from './tc-heal/tc-heal-data.js';
import { EgTurnData } from './eg-turn/eg-turn-data.js';
import { SagaTurnData } from './saga-turn/saga-turn-data.js';
import { EgTokenData } from './eg-tokens/token-data.js';
import { EgActionData } from './eg-action/eg-action-data.js';
import { AttackData } from './attack/attack-data.js';
import { TcActData } from './tc-act/tc-act-data.js';
import { TcManeuverData } from './tc-maneuver/tc-maneuver-data.js';
import { EgManeuverData } from './eg-maneuver/eg-maneuver-data.js';
import { TcStanceData } from './tc-maneuver/tc-stance-data.js';
import { GrappleData } from './grapple/grapple-data.js';
import { BurstData } from './burst/burst-data.js';
import { DyingData, StabilizeData } from './dying/dying-data.js';
import { EgSaveData } from './eg-maneuver/eg-save-data.js';
import { AreaData } from './area/area-data.js';
import { SuppressData } from './suppress/suppress-data.js';

export const CARD_DATA_MODELS = {
  note: NoteData,
  bleeding: BleedingData,
  quickStand: QuickStandData,
  cast: CastData,
  heal: HealData,
  rest: RestData,
  opportunity: OpportunityData,
  featAction: FeatActionData,
  featOffer: FeatOfferData,
  flowWithEnemy: FlowWithEnemyData,
  maneuver: ManeuverData,
  sagaTrack: TrackData,
  tcHeal: TcHealData,
  egTurn: EgTurnData,
  sagaTurn: SagaTurnData,
  egTokens: EgTokenData,
  egAction: EgActionData,
  attack: AttackData,
  tcStance: TcStanceData,
  tcAct: TcActData,
  tcManeuver: TcManeuverData,
  egManeuver: EgManeuverData,
  grapple: GrappleData,
  burst: BurstData,
  dying: DyingData,
  stabilize: StabilizeData,
  egSave: EgSaveData,
  area: AreaData,
  suppress: SuppressData,
};
