/**
 * A rest under the Time Count model (issue #32, lane world; docs/rules.md "Sheet and world"): besides
 * what the rest card does under every model, each night ends the Invigoration ("Once the target sleeps
 * for the night, any remaining points of Invigoration are lost", 002:151) and heals impairments ("You
 * recover one point from your single worst impairment every night, or two worst for a day of bed rest",
 * 002:93), by lane core's `invigorationAfterRest` and `recoverImpairments`, one night (or bed-rest day)
 * per day the rest counts; a tie is rolled with a Foundry die (Dice So Nice shows it). Undo puts back
 * the Invigoration lost and the impairment points healed, as deltas on the values then. Loaded with
 * the rest card.
 */
import { isBedRest, REST_DAYS, type RestKind } from '../../rules/rest.js';
import type { DiceSource } from '../../rules/types.js';
import { invigorationAfterRest, recoverImpairments } from '../../rules/models/tc/recovery.js';
import { IMPAIRMENT_FIELDS } from '../../rules/models/tc/health.js';
import { TC_DAMAGE_TYPES, type TcDamageType } from '../../rules/models/tc/state.js';
import { healthOf } from '../../combat/model-health.js';

/** What a rest under TC changed, for the card and its Undo. */
export interface TcRestApplied {
  /** The Invigoration the night ended. */
  invigoration: number;
  /** Impairment points healed by type. */
  impairments: Record<TcDamageType, number>;
}

class NeedADie extends Error {
  constructor(readonly faces: number) {
    super(`d${faces}`);
  }
}

/** Runs `run` with Foundry dice of any faces, rolling each die the first time it is asked for. */
async function withTieDice<T>(run: (dice: DiceSource) => T): Promise<{ result: T; rolls: Roll[] }> {
  const rolls: Roll[] = [];
  for (;;) {
    let index = 0;
    const dice: DiceSource = {
      roll(faces: number): number {
        const roll = rolls[index++];
        if (!roll) throw new NeedADie(faces);
        return roll.total as number;
      },
    };
    try {
      return { result: run(dice), rolls };
    } catch (error) {
      if (!(error instanceof NeedADie)) throw error;
      rolls.push(await new Roll(`1d${error.faces}`).evaluate());
    }
  }
}

const store = (health: Record<string, number>) => ({
  'system.model.tc.invigoration': health.invigoration ?? 0,
  ...Object.fromEntries(
    TC_DAMAGE_TYPES.map((type) => [
      `system.model.tc.impairments.${type}`,
      health[IMPAIRMENT_FIELDS[type]] ?? 0,
    ]),
  ),
});

/** GM side, the world playing TC: the nights of `kind` on `actor`'s Invigoration and impairments. */
export async function applyTcRest(
  actor: Actor,
  kind: RestKind,
): Promise<{ applied: TcRestApplied; rolls: Roll[] }> {
  const before = healthOf(actor);
  const rest = isBedRest(kind) ? 'bedRest' : 'night';
  const { result: after, rolls } = await withTieDice((dice) => {
    let health = invigorationAfterRest(before);
    for (let day = 0; day < REST_DAYS[kind]; day++) health = recoverImpairments(health, rest, dice).after;
    return health;
  });
  const applied: TcRestApplied = {
    invigoration: (before.invigoration ?? 0) - (after.invigoration ?? 0),
    impairments: Object.fromEntries(
      TC_DAMAGE_TYPES.map((type) => {
        const field = IMPAIRMENT_FIELDS[type];
        return [type, (before[field] ?? 0) - (after[field] ?? 0)];
      }),
    ) as Record<TcDamageType, number>,
  };
  await actor.update(store(after));
  return { applied, rolls };
}

/** Undo: the Invigoration and the impairment points back, added to the values now. */
export async function undoTcRest(actor: Actor, applied: TcRestApplied): Promise<void> {
  const now = healthOf(actor);
  const back: Record<string, number> = {
    ...now,
    invigoration: (now.invigoration ?? 0) + applied.invigoration,
  };
  for (const type of TC_DAMAGE_TYPES)
    back[IMPAIRMENT_FIELDS[type]] = (now[IMPAIRMENT_FIELDS[type]] ?? 0) + applied.impairments[type];
  await actor.update(store(back));
}

/** The card's lines of a rest under TC (what the nights did; nothing when they changed nothing). */
export function tcRestLines(applied: TcRestApplied): string[] {
  const lines: string[] = [];
  if (applied.invigoration)
    lines.push(game.i18n.format('GNG.Model.TC.Heal.Rest.Invigoration', { value: applied.invigoration }));
  const healed = TC_DAMAGE_TYPES.filter((type) => applied.impairments[type] > 0).map((type) =>
    game.i18n.format('GNG.Model.TC.Heal.Rest.Type', {
      type: game.i18n.localize(`GNG.DamageType.${type}`),
      count: applied.impairments[type],
    }),
  );
  if (healed.length)
    lines.push(game.i18n.format('GNG.Model.TC.Heal.Rest.Impairments', { list: healed.join(', ') }));
  return lines;
}
