/**
 * The Time Count maneuver card's stored state (`flags.gng.tcManeuver` of its GM-posted message) and
 * its GM query. Types and names only.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { TcManeuver } from '../../rules/models/tc/maneuver-rows.js';
import type { TcManeuverResult } from '../../rules/models/tc/maneuvers.js';
import type { TcDefenseId } from '../../rules/models/tc/defenses.js';
import type { TcScheduleRecord } from '../../combat/tc-schedule.js';
import type { StatusHold } from '../../combat/status-holds.js';
import type { HitPointRecord } from '../../combat/hp-loss.js';
import type { UndoNote } from '../kernel/undo-notes.js';

export const TC_MANEUVER_QUERY = 'gng.tcManeuverAction';
export const TC_MANEUVER_FLAG = 'tcManeuver';

export type TcManeuverAction = 'applyTcManeuver' | 'undoTcManeuver' | 'takeBackTcManeuver';

/** What one Apply did, kept for its Undo (the exact inverse). */
export interface TcManeuverApplied {
  by: string;
  /** Statuses held on the target (status-holds.ts). */
  target: StatusHold;
  /** Statuses this Apply took off the one acting (a broken or escaped grab), put back by Undo. */
  removed: string[];
  /** The target knocked prone: its stance and `stanceUntil` before. */
  prone: { stance: string; stanceUntil: number } | null;
  /** The damage's loss (hp-loss.ts), taken back by Undo. */
  loss: HitPointRecord | null;
}

export interface TcManeuverTarget {
  id: string;
  name: string;
  actorUuid: string;
  tokenId: string | null;
  /** The defense(s) the roll met (two for a throw), their values when the card was posted. */
  defenses: { defense: TcDefenseId; value: number }[];
  natural: number;
  total: number;
  results: TcManeuverResult[];
  /** The steps' damage, rolled when posted (null: none). */
  damage: { amount: number; formula: string } | null;
  applied: TcManeuverApplied | null;
  undoNotes?: (UndoNote | string)[];
}

export interface TcManeuverCardState {
  version: 1;
  model: string;
  maneuver: TcManeuver;
  attacker: { actorUuid: string; name: string };
  check: { bonus: number; parts: { label: string; value: number }[] };
  fumble: boolean;
  /** A fumble with a weapon (002:66): its Durability before and after (null: it has none). Absent: none. */
  weaponFumble?: { name: string; durability: { before: number; after: number } | null } | null;
  /** The SF posted (null: no place on a Time Count). */
  speed: { sf: number; formula: string; next: number } | null;
  /** The row's fatigue on the one acting (null: none), and the Con check it calls for. */
  fatigue: { before: number; after: number; consciousnessDC: number | null } | null;
  /** The schedule's records it wrote (the act, a fumble's unsteady), reverted by the take-back. */
  records: TcScheduleRecord[];
  targets: TcManeuverTarget[];
  withdrawn: { by: string; notes: string[] } | null;
}

export function tcManeuverState(message: ChatMessage | null | undefined): TcManeuverCardState | null {
  const state = message?.flags?.[SYSTEM_ID]?.[TC_MANEUVER_FLAG] as TcManeuverCardState | undefined;
  return state && state.version === 1 && Array.isArray(state.targets) ? state : null;
}
