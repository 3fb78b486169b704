/**
 * Time outside combat: effects whose duration is in seconds (hours, days) end when the world clock
 * passes their end, and the rests move the clock (issue #17 "Time").
 *
 * - **Start**: when an effect with `duration.seconds` is created on an actor, the creating client
 *   writes the world time into `flags.gng.startTime` before it is sent (`preCreateActiveEffect`), as
 *   the conditions timer does for rounds, unless it carries one; core's `duration.startTime` is only
 *   the fallback.
 * - **End**: on `updateWorldTime` the active GM deletes every effect (world actors and the scenes'
 *   unlinked tokens) whose start + seconds is reached, with one chat line each, as rounds do. The start and
 *   seconds of an effect a GM's client made are the GM's record of it (effect-timings.ts), not the
 *   effect's fields, which the owner of its actor (or weapon) may edit.
 * - **Rests** advance the clock through {@link advanceClock}, which returns what it did — the times
 *   before and after and the effects that ended — so the card's Undo ({@link rewindClock}) is its exact
 *   inverse while the clock still stands where the rest left it.
 *
 * Expiry runs one at a time (a rest's own expiry and the hook's for the same advance never race: the
 * second finds nothing left).
 *
 * The start stamp and the hooks are registered on `init` by world-time-register.ts; this module (the
 * expiry and the clock) loads on first use: the active GM's first `updateWorldTime`, or a rest's card.
 */
import { allActors } from '../documents/all-actors.js';
import { postEffectExpired } from '../chat/effect-expired.js';
import { effectTimingsSettled, endsAt, sourceWithTiming } from './effect-timings.js';

/** An effect ended by the clock: whose, and its source to re-create it. */
export interface ExpiredEffect {
  /** The actor's uuid, or the item's when the effect was on an item (a weapon spell). */
  actorUuid: string;
  source: Record<string, unknown>;
}

/** One advance of the clock: from and to (seconds) and the effects it ended. */
export interface ClockStep {
  from: number;
  to: number;
  expired: ExpiredEffect[];
}

/**
 * When `effect` ends on the world clock (seconds), or null: no seconds duration, or no known start
 * (the GM's record of it when a GM's client made it: effect-timings.ts).
 */
export function effectEndsAt(effect: ActiveEffect): number | null {
  return endsAt(effect);
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * What the clock ended lately, in order (`seq`) and when (`at`), so an advance can name what ended
 * with it, whichever ran first: its own expiry or the `updateWorldTime` hook's. Kept short.
 */
const ended: (ExpiredEffect & { seq: number; at: number })[] = [];
let seq = 0;
const ENDED_KEPT = 500;

/**
 * Active GM: deletes the effects that have ended at `now`, one chat line each; resolves with them.
 * `actors` (default every actor of the world) limits it: the self-test asks for its own actor only.
 */
export function expireTimedEffects(now: number, actors: () => Actor[] = allActors): Promise<ExpiredEffect[]> {
  const run = queue.then(async () => {
    const expired: ExpiredEffect[] = [];
    // The GM records of effects made a moment ago are written first.
    await effectTimingsSettled();
    // The actor's own effects, and its items' (an Appendix 5 weapon spell lasts on the weapon).
    for (const actor of actors())
      for (const parent of [actor, ...(actor.items ?? [])] as (Actor | Item)[]) {
        const due = parent.effects.filter((effect) => {
          const end = effectEndsAt(effect);
          return end !== null && end <= now;
        });
        if (!due.length) continue;
        // Kept with the GM's timing, so that a rest's Undo re-creates what the GM made.
        const gone = due.map((effect) => ({ effect, source: sourceWithTiming(effect) }));
        await parent.deleteEmbeddedDocuments(
          'ActiveEffect',
          due.map((effect) => effect.id as string),
        );
        for (const { effect, source } of gone) {
          expired.push({ actorUuid: parent.uuid, source });
          ended.push({ actorUuid: parent.uuid, source, seq: ++seq, at: now });
          await postEffectExpired(actor, effect);
        }
      }
    if (ended.length > ENDED_KEPT) ended.splice(0, ended.length - ENDED_KEPT);
    return expired;
  });
  queue = run.catch(() => undefined);
  return run;
}

let clockQueue: Promise<unknown> = Promise.resolve();

/** Runs `step` after every clock step already asked for (two rests at once move it one after the other). */
function onClock<T>(step: () => Promise<T>): Promise<T> {
  const run = clockQueue.then(step);
  clockQueue = run.catch(() => undefined);
  return run;
}

/**
 * Until the local clock shows `time` (or `ms` pass): nothing we found says the local clock is
 * updated when `advance` resolves, so the next step waits to read it.
 */
async function clockShows(time: number, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (game.time.worldTime !== time && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 20));
}

/** GM: advances the world clock by `seconds` and ends what ran out; the step is what Undo reverses. */
export function advanceClock(seconds: number): Promise<ClockStep> {
  return onClock(async () => {
    const from = game.time.worldTime;
    const since = seq;
    await game.time.advance(seconds);
    const to = from + seconds;
    await clockShows(to);
    await expireTimedEffects(to);
    const expired = ended
      .filter((e) => e.seq > since && e.at > from && e.at <= to)
      .map(({ actorUuid, source }) => ({ actorUuid, source }));
    return { from, to, expired };
  });
}

/**
 * GM: the exact inverse of `step` — the clock goes back and the effects it ended are re-created —
 * while the clock still stands where the step left it. Otherwise nothing changes and the answer is
 * the lang key of a note saying the clock was kept.
 */
export function rewindClock(step: ClockStep): Promise<string[]> {
  return onClock(async () => {
    if (game.time.worldTime !== step.to) return ['GNG.Rest.ClockKept'];
    await game.time.advance(step.from - step.to);
    await clockShows(step.from);
    for (const { actorUuid, source } of step.expired) {
      const parent = (await fromUuid(actorUuid)) as Actor | Item | null;
      if (parent) await parent.createEmbeddedDocuments('ActiveEffect', [source]);
    }
    return [];
  });
}
