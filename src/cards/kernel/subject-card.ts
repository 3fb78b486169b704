/**
 * The parts every card about one actor shares (the rest, heal, dying and stabilize cards): one
 * target, the refusals under `<errors>.NoCard / UndoGM / NothingToUndo`, and the GM's Undo while
 * something is applied. The state and its save are the kernel's (typed cards, typed-card.ts).
 */
import {
  defineCard,
  type Card,
  type CardActionSpec,
  type CardRefusals,
  type CardRun,
  type CardSpec,
} from './card.js';
import type { CardType } from './card-types.js';
import { actorOf } from './documents.js';
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

/**
 * The table of a card about one actor whose one action is the GM's Undo, `<type>Undo` (the rest,
 * heal, stabilize, feat action, turn-start and model cards): `undo` is that action's run, the target
 * and refusals are {@link subjectCard}'s, and a legacy card keeps its state in `flags.gng.<type>`.
 */
export function defineUndoCard<S extends { applied: unknown }, T extends CardType>(
  table: Omit<
    CardSpec<S, Subject, `${T}Undo`>,
    'type' | 'legacyFlag' | 'targets' | 'refusals' | 'actions'
  > & {
    type: T;
    target: string;
    /** The lang prefix of the card's errors, e.g. `GNG.Rest.Error`. */
    errors: string;
    undo: (ctx: CardRun<S, Subject>) => Promise<void>;
  },
): Card<S, Subject, `${T}Undo`> {
  const { target, errors, undo, ...spec } = table;
  const actions = { [`${spec.type}Undo`]: gmUndo(undo) } as Record<`${T}Undo`, CardActionSpec<S, Subject>>;
  return defineCard({ ...spec, legacyFlag: spec.type, ...subjectCard<S>({ target, errors }), actions });
}

/** The actor an Undo changes back, or the card's refusal `<errors>.NoActor` naming it (deleted since). */
export async function undoActor(uuid: string, name: string, errors: string): Promise<Actor> {
  const actor = await actorOf(uuid);
  if (!actor) throw new Refusal(`${errors}.NoActor`, { name });
  return actor;
}
