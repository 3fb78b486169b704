/**
 * The grapple card's waiting lines (issue #33): whose move it is and what for, read from the card's
 * state and its two actors as its view records them (the same availability that shows the moves,
 * grapple-rules.ts; grapple-view.ts). One step
 * at a time: a won Throw's distance, the last step's wound trauma save, the answer to a pending
 * check, the attack of opportunity and the touch attack of the grab; in the grapple, either side's
 * move, and why a side has none (it can take no actions; it is pinned or locked: only an escape).
 */
import {
  aooOpen,
  aooUnresolved,
  f,
  grappleActionAvailable,
  other,
  sideName,
  t,
  woundTraumaSide,
  woundTraumaWaits,
  type GrappleCardState,
  type GrappleSide,
} from './grapple-rules.js';
import { sideView } from './grapple-view.js';

const SIDES: readonly GrappleSide[] = ['attacker', 'defender'];

/** The card's lines "Waiting for …" (and why a side has no move), none once the grapple is over. */
export function grappleWaiting(state: GrappleCardState): string[] {
  const w = (key: string, data: Record<string, unknown> = {}) =>
    f(`GNG.Grapple.Waiting.${key}`, {
      attacker: state.attacker.name,
      defender: state.defender.name,
      ...data,
    });
  const named = (side: GrappleSide) => ({
    name: sideName(state, side),
    opponent: sideName(state, other(side)),
  });
  if (woundTraumaWaits(state)) {
    const side = woundTraumaSide(state);
    if (side) return [w('woundTraumaSave', named(side))];
  }
  if (state.throwChoice) return [w('throwChoice', named(state.throwChoice.side))];
  const pending = state.pending;
  if (pending)
    return [
      w(pending.move === 'touch' ? 'touchDefense' : 'oppose', {
        ...named(pending.side),
        name: pending.ally?.name ?? sideName(state, pending.side),
        move: t(`GNG.Grapple.Move.${pending.move}`),
      }),
    ];
  if (aooOpen(state)) return [w('aoo')];
  if (aooUnresolved(state)) return [w('aooUnresolved')];
  if (grappleActionAvailable('touch', state, false)) return [w('touch')];
  if (state.phase !== 'grappling') return [];
  // In the grapple either side moves on its turn (core "regardless of who started the grapple").
  const lines = [w('move')];
  for (const side of SIDES) {
    const who = sideView(state, side);
    if (who.cannotAct)
      lines.push(
        f('GNG.Grapple.Error.CannotAct', {
          name: sideName(state, side),
          condition: t(`GNG.Status.${who.cannotAct}`),
        }),
      );
    else if (who.held) lines.push(w('held', named(side)));
  }
  return lines;
}
