/**
 * The card kernel: what every card shares. See docs/architecture.md.
 * - gm-query: a request to the active GM, its sender proven (sender.ts), refusals shown;
 * - queue: the GM's queues per card and per actor;
 * - decorate: the per-user buttons of a rendered card;
 * - waiting: whose move it is (a button only while its step is open; a disabled one says why);
 * - in-flight: actions macros and tests can wait for;
 * - gm-message: whether a message is a GM's (author, and who made it);
 * - show-rolls: a step's rolls shown by Dice So Nice to the card's roll-mode audience;
 * - roll-mode: the mode a card is rolled in, its whisper and who sees its results;
 * - typed-card: a card as a typed chat message (issue #34): its state in `system`, drawn on each
 *   client in its language; card-data / card-fields its data model, note the `note` subtype;
 * - payload: a request's fields checked by a schema;
 * - undo-notes: text stored as lang keys (undo notes), localized when drawn.
 */
export { Refusal, refusal, type CardActionResult } from './result.js';
export { track, attackActionsSettled } from './in-flight.js';
export { serialized, postInQueue } from './queue.js';
export {
  askGM,
  registerGMQuery,
  registeredGMQueries,
  registerCardKernel,
  type GMQueryHandler,
  type GMQueryContext,
} from './gm-query.js';
export {
  chosenRollMode,
  inheritedRollMode,
  isRollMode,
  ROLL_MODES,
  rollModeOf,
  seesResult,
  withRollMode,
  type RollMode,
} from './roll-mode.js';
export { decorateButtons } from './decorate.js';
export { describeDisabled } from './waiting.js';
export { immunityWords } from './immunity-words.js';
export { isGMMessage } from './gm-message.js';
export { actorOf, owns, partActor } from './documents.js';
export {
  defineCard,
  definedCards,
  registerCard,
  type Card,
  type CardSpec,
  type CardActionSpec,
  type CardRun,
  type DefinedCardSpec,
} from './card.js';
export {
  noteUndo,
  undoNoteLines,
  localText,
  textOf,
  type UndoNote,
  type LocalText,
  type TextValue,
} from './undo-notes.js';
export { cardState, legacyFlagState, saveCard, postCard, type TypedCard } from './typed-card.js';
export { postNote, postNoteView, type NoteState } from './note.js';
export { payload, maybe, isPayload, type PayloadField, type PayloadParse } from './payload.js';
export { isCardType, type CardType } from './card-types.js';
export { postRolledCard, showRolls } from './show-rolls.js';
export { noTargetWarning, singleTargetActor } from './targets.js';
export { subjectCard, gmUndo, defineUndoCard, undoActor } from './subject-card.js';
export { actorQuery } from './actor-query.js';
