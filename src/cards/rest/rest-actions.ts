/**
 * The rest card (GnG "HEALING", "RECOVERY OF DISABLED BODY PARTS"; engine `rest.ts`, decisions in
 * docs/rules.md "Rest, recovery and the dying"). `game.gng.rest(actor, { kind, … })` (the sheet's
 * Rest control) asks the active GM (`gng.restCard` query, `action: 'start'`), who checks the sender
 * owns the actor and the request, reads the actor's documents (rest-read.ts), rolls the rest through
 * the engine with Foundry dice (rest-dice.ts), applies it (rest-apply.ts) and posts one card speaking
 * as the actor: each change, every d% (Dice So Nice), and why anything did not heal. Its **Undo**
 * (the GM only, as on the bleeding card) is the exact inverse of the rest.
 *
 * The card is a typed message (subtype `rest`, rest-data.ts), drawn on each client in its language
 * (rest-render.ts); a card posted before issue #34 (`flags.gng.rest`) is read by `legacyRestCard`.
 */
import { REST_HOURS, REST_KINDS, type RestKind } from '../../rules/index.js';
import { automation } from '../../settings/variant-rules.js';
import { advanceClock, rewindClock } from '../../combat/world-time.js';
import { combatantOf } from '../../combat/action-budget.js';
import {
  actorOf,
  askGM,
  defineUndoCard,
  undoActor,
  noteUndo,
  Refusal,
  postInQueue,
  postRolledCard,
  type CardActionResult,
  type CardRun,
  type RollMode,
} from '../kernel/index.js';
import { applyRest, undoRest, type RestApplied } from './rest-apply.js';
import { rollRest } from './rest-dice.js';
import { disabledPartsOf, restInputOf, tendedOf } from '../shared/rest-read.js';
import { poolTexts, renderRestCard } from './rest-render.js';
import {
  legacyRestCard,
  REST_QUERY,
  restCardOf,
  type RestCardState,
  type RestOptions,
} from './rest-state.js';
import { payload } from '../kernel/payload.js';
import { applyTcRest } from './tc-rest.js';
import { combatModel } from '../../settings/combat-model.js';

export { REST_QUERY, restCardOf, type RestCardState, type RestOptions };
/** The card's one target: the resting actor. */
export const REST_TARGET = 'actor';

/** The request's fields (strict keys, a known kind, booleans; see {@link parseStart}). */
const SECONDS_PER_HOUR = 3600;

/** A flag that may be left out or sent as null (the same). */
const flag = { kind: 'bool', optional: true, nullable: true } as const;

/** The start request's rest, checked (strict keys, a known kind, booleans), or a refusal. */
const parseRestStart = payload({
  actorUuid: 'str',
  kind: REST_KINDS,
  interrupted: flag,
  dayWithLoss: flag,
  healer: flag,
  clock: flag,
});

/** The checked request's rest, each flag left out its default. */
function parsedStart(fields: Record<string, unknown>): { actorUuid: string; request: Required<RestOptions> } {
  const { actorUuid, kind } = fields as { actorUuid: string; kind: RestKind };
  const flag = (key: string, fallback = false): boolean =>
    (fields[key] as boolean | null | undefined) ?? fallback;
  return {
    actorUuid,
    request: {
      kind,
      interrupted: flag('interrupted'),
      dayWithLoss: flag('dayWithLoss'),
      healer: flag('healer'),
      clock: flag('clock', true),
    },
  };
}

/** GM side: the rest of the request, in the actor's queue; posts the card. */
async function startRest(
  data: Record<string, unknown>,
  sender: User,
  rollMode: RollMode,
): Promise<ChatMessage> {
  const { actorUuid, request } = parsedStart(data);
  const found = await actorOf(actorUuid);
  if (!found) throw new Refusal('GNG.Error.Card.BadRequest');
  // In the actor's queue: its cards never read and write it at once (quick-stand-steps.ts does the same).
  return postInQueue([found.uuid], async () => {
    const actor = (await actorOf(actorUuid)) as Actor;
    if (!actor.testUserPermission(sender, 'OWNER'))
      throw new Refusal('GNG.Rest.Error.NotOwner', { name: actor.name });
    // What the character does (the kind of rest, an interruption, a loss) is its player's to say;
    // that a healer tended it — which raises the recovery chance — is the GM's word, or a healer's
    // successful Heal check on the heal card (the tended mark, which this rest uses up).
    if (request.healer && !sender.isGM) throw new Refusal('GNG.Rest.Error.HealerGM');
    // A rest takes its time; only a GM rests without moving the clock (the party rest moves it once).
    if (!request.clock && !sender.isGM) throw new Refusal('GNG.Rest.Error.ClockGM');
    if (actor.statuses.has('dead')) throw new Refusal('GNG.Rest.Error.Dead', { name: actor.name });
    // A dying, unstable creature loses HP every round: it is stabilized first, it does not sleep.
    if (actor.statuses.has('dying')) throw new Refusal('GNG.Rest.Error.Dying', { name: actor.name });
    // A rest is nights and days, not a moment between two blows: in a begun combat only a GM rests.
    if (!sender.isGM && combatantOf(actor)?.parent?.started)
      throw new Refusal('GNG.Rest.Error.InCombat', { name: actor.name });
    const input = restInputOf(actor, request);
    if (!input) throw new Refusal('GNG.Rest.Error.NoCon', { name: actor.name });
    const parts = Object.fromEntries(disabledPartsOf(actor).map((p) => [p.effectId, p.label]));
    const { outcome, rolls } = await rollRest(input);
    const recovered = outcome.bodyParts.filter((p) => p.recovered).map((p) => p.part);
    const mark = tendedOf(actor);
    const applied = await applyRest(actor, outcome, recovered, request.interrupted);
    // The Time Count model's nights: Invigoration ends, impairments heal (tc-rest.ts).
    if (combatModel().id === 'tc') {
      const tc = await applyTcRest(actor, request.kind);
      applied.tc = tc.applied;
      rolls.push(...tc.rolls);
    }
    const clock =
      request.clock && automation().restAdvancesClock
        ? await advanceClock(REST_HOURS[request.kind] * SECONDS_PER_HOUR)
        : null;
    const state: RestCardState = {
      actorUuid: actor.uuid,
      name: actor.name,
      request,
      outcome,
      parts,
      applied,
      clock,
      tended: mark ? { healer: mark.healer, total: mark.total } : null,
      pools: applied.pools ?? null,
      ...(applied.tc ? { tc: applied.tc } : {}),
    };
    // A typed card (subtype rest): its state in `system`, drawn on each client (rest-render.ts).
    return postRolledCard('rest', state, { actor, rolls, rollMode, sender });
  });
}

async function undoRestCard({ state }: CardRun<RestCardState, { id: string }>): Promise<void> {
  const actor = await undoActor(state.actorUuid, state.name, 'GNG.Rest.Error');
  const { kept, poolsKept } = await undoRest(actor, state.applied as RestApplied);
  if (state.clock) kept.push(...(await rewindClock(state.clock)));
  noteUndo(state, [
    ...kept.map((key) => ({ key })),
    // Spent again since the rest: those could not be taken back (never below 0).
    ...(poolsKept
      ? [{ key: 'GNG.Rest.Pools.Kept', data: { name: actor.name, list: poolTexts(poolsKept) } }]
      : []),
  ]);
  state.applied = null;
  state.undone = true;
}

/** The rest card as a table: its one action, the GM's Undo of the rest. */
export const restCard = defineUndoCard<RestCardState, 'rest'>({
  query: REST_QUERY,
  type: 'rest',
  render: renderRestCard,
  legacy: legacyRestCard,
  actors: (state) => [state.actorUuid],
  target: REST_TARGET,
  errors: 'GNG.Rest.Error',
  undo: undoRestCard,
  start: startRest,
  parseStart: parseRestStart,
});

/** `game.gng.rest(actor, options)`: asks the active GM to rest `actor` (owned by the user). */
export function rest(actor: Actor, options: RestOptions): Promise<CardActionResult> {
  return askGM(REST_QUERY, { action: 'start', actorUuid: actor.uuid, ...options });
}

/** Asks the active GM (the user must be a GM) to undo the rest of the card `messageId`. */
export function requestRestUndo(messageId: string): Promise<CardActionResult> {
  return restCard.request(messageId, 'restUndo', REST_TARGET);
}
