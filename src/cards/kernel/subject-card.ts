/**
 * The parts every card about one actor shares (the rest, heal, dying and stabilize cards): one
 * target, the refusals under `<errors>.NoCard / UndoGM / NothingToUndo`, and the GM's Undo while
 * something is applied. The state and its save are the kernel's (typed cards, typed-card.ts).
 */
import type { CardActionSpec, CardRefusals, CardRun } from './card.js';
import { Refusal } from './result.js';

type Subject = { id: string };

/** The targets and refusals of a card about one actor. */
export function subjectCard<S>(o: {
  target: string;
  /** The lang prefix of the card's errors, e.g. `GNG.Rest.Error`. */
  errors: string;
}): {
  targets: () => Subject[];
  refusals: CardRefusals<S, Subject>;
} {
  return {
    targets: () => [{ id: o.target }],
    refusals: {
      badRequest: 'GNG.Error.Card.BadRequest',
      noCard: `${o.errors}.NoCard`,
      unknownTarget: 'GNG.Error.Card.BadRequest',
      notAllowed: () => new Refusal(`${o.errors}.UndoGM`),
      unavailable: () => `${o.errors}.NothingToUndo`,
    },
  };
}

/** The GM's Undo of a card about one actor: a GM's, while the card's change is applied. */
export function gmUndo<S extends { applied: unknown }>(
  run: (ctx: CardRun<S, Subject>) => Promise<void>,
): CardActionSpec<S, Subject> {
  return { may: (user) => user.isGM, available: (state) => state.applied !== null, run };
}
