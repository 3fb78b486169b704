/**
 * The system's ChatMessage subtypes (issue #34; system.json `documentTypes.ChatMessage`, each with
 * its data model in `CONFIG.ChatMessage.dataModels`, src/cards/card-data-models.ts). A type only:
 * the list costs no start code.
 */
export type CardType =
  | 'attack'
  | 'grapple'
  | 'area'
  | 'burst'
  | 'suppress'
  | 'opportunity'
  | 'maneuver'
  | 'bleeding'
  | 'heal'
  | 'rest'
  | 'dying'
  | 'stabilize'
  | 'quickStand'
  | 'cast'
  | 'featAction'
  | 'featOffer'
  | 'flowWithEnemy'
  | 'woundTrauma'
  | 'sagaTrack'
  | 'sagaTurn'
  | 'egAction'
  | 'egManeuver'
  | 'egSave'
  | 'egTokens'
  | 'egTurn'
  | 'tcAct'
  | 'tcHeal'
  | 'tcManeuver'
  | 'tcStance'
  | 'note';

/** Whether `type` is one of the system's ChatMessage subtypes (it has a data model). */
export const isCardType = (type: unknown): type is CardType =>
  typeof type === 'string' && Object.hasOwn(CONFIG.ChatMessage.dataModels, type);
