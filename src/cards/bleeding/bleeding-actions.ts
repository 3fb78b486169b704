/**
 * Severe Bleeding in play (GnG called shots, "Severe Bleeding"; engine `bleeding.ts`, decisions
 * D19–D20): the bleeding card as a table, and the module loaded on first use (bleeding-register.ts).
 *
 * - At each turn start of a bleeding actor (one round after the wound: a later round than the one
 *   the effect was created in), the active GM posts the bleeding card with the current DC
 *   (bleeding-start.ts, from conditions-timer.ts): a typed message (subtype `bleeding`, its state in
 *   `system`, bleeding-data.ts), drawn on each client in its language (bleeding-render.ts).
 * - Its "Fortitude save" button, for the actor's owners, asks the active GM (`gng.bleedingCard`
 *   query) to roll the save (natural 1/20 as the core rules say); a success raises the DC by 2, a
 *   failure makes the actor fatigued, then exhausted (DC back to 20), then dead (bleeding-steps.ts).
 * - **Undo** (the GM only) restores the state before the save; the card offers the save again.
 * - A card posted before issue #34 (`flags.gng.bleeding`) is read by {@link legacyBleedingCard}: it
 *   still renders, rolls and undoes, and is saved where it was.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { BLEEDING_QUERY, type BleedingCardState } from './bleeding-state.js';
import { BLEEDING_TARGET, renderBleedingCard } from './bleeding-render.js';
import { rollBleedingSave, undoBleedingSave } from './bleeding-steps.js';
import { defineCard, owns, Refusal, type CardActionResult } from '../kernel/index.js';

export { BLEEDING_TARGET };
export {
  BIND_WOUNDS_QUERY,
  BLEEDING_QUERY,
  BLEEDING_STATUS,
  bindWounds,
  bleedingEffectOf,
} from './bleeding-state.js';
export { postBleedingCardsFor } from './bleeding-start.js';
export {
  bleedingStateOf,
  bleedingView,
  bloodLossOf,
  handleBindWounds,
  startBleedingState,
} from './bleeding-steps.js';

/**
 * A bleeding card posted before issue #34 (`type: 'base'`, `flags.gng.bleeding`): its state in
 * today's shape (Undo's record moved out of the result; no count of undos: 0).
 */
export function legacyBleedingCard(message: ChatMessage): BleedingCardState | null {
  const flags = message.flags?.[SYSTEM_ID];
  if (!flags || flags.type !== 'bleedingCard' || !flags.bleeding) return null;
  const old = structuredClone(flags.bleeding) as BleedingCardState & {
    result: (BleedingCardState['result'] & { undo?: BleedingCardState['undo'] }) | null;
  };
  const undo = old.undo ?? old.result?.undo ?? null;
  if (old.result) delete old.result.undo;
  return { ...old, undo, undone: old.undone ?? 0 };
}

/**
 * The bleeding card as a table: the save (the actor's owners, until rolled) and the GM's Undo of it
 * (the exact inverse of that save, while the bleeding is where the save left it).
 */
export const bleedingCard = defineCard<BleedingCardState, { id: string }, 'bleedingSave' | 'bleedingUndo'>({
  query: BLEEDING_QUERY,
  type: 'bleeding',
  render: renderBleedingCard,
  legacy: legacyBleedingCard,
  legacyFlag: 'bleeding',
  // Cards posted before the table named their target by the effect id: their buttons still work.
  targets: (state) => [{ id: BLEEDING_TARGET }, { id: state.effectId }],
  actors: (state) => [state.actorUuid],
  refusals: {
    badRequest: 'GNG.Error.Attack.BadRequest',
    noCard: 'GNG.Bleeding.Error.NoCard',
    unknownTarget: 'GNG.Error.Attack.BadRequest',
    notAllowed: (action, _user, state) =>
      action === 'bleedingUndo'
        ? new Refusal('GNG.Bleeding.Error.UndoGM')
        : new Refusal('GNG.Bleeding.Error.NotOwner', { name: state.name }),
    unavailable: (action) =>
      action === 'bleedingUndo' ? 'GNG.Bleeding.Error.NothingToUndo' : 'GNG.Bleeding.Error.Done',
  },
  actions: {
    bleedingSave: {
      may: (user, state) => owns(user, state.actorUuid),
      available: (state) => !state.result,
      undoneBy: 'bleedingUndo',
      run: rollBleedingSave,
    },
    bleedingUndo: {
      may: (user) => user.isGM,
      available: (state) => Boolean(state.result && state.undo),
      run: undoBleedingSave,
    },
  },
});

/** The bleeding card's state on a message (typed or legacy), or null. */
export const bleedingCardOf = (message: ChatMessage | null | undefined): BleedingCardState | null =>
  bleedingCard.spec.state(message);

/** Asks the active GM to roll the Fortitude save of the bleeding card `messageId`. */
export function requestBleedingSave(messageId: string): Promise<CardActionResult> {
  return bleedingCard.request(messageId, 'bleedingSave', BLEEDING_TARGET);
}

/** Asks the active GM (the user must be a GM) to undo the save rolled on the bleeding card `messageId`. */
export function requestBleedingUndo(messageId: string): Promise<CardActionResult> {
  return bleedingCard.request(messageId, 'bleedingUndo', BLEEDING_TARGET);
}
