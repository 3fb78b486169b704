/**
 * Temporary HP granted by a GM (GnG "TEMPORARY HIT POINTS": "Do not apply your size multiplier to
 * your temporary HP", "Do not add temporary HP to your base HP total"; engine
 * `temporaryHitPointsGained`, `gainTemporaryHitPoints`). `game.gng.grantTemporaryHp(actor, amount,
 * { stacks })` asks the active GM (`gng.temporaryHp` query), who checks the sender is a GM and the
 * amount a whole number of at least 1, and writes `system.hp.temp`: the amount as given for any size,
 * the higher of the pool and the grant unless the grant `stacks`. Neither the amount nor the pool it
 * leaves may pass what the data model holds (`LIMITS.hitPoints`, 1,000,000): refused with the reason.
 * The maximum and current HP are untouched; a short chat line (a `note`) says what changed. Under the
 * Enlightened Grognard temporary HP never stack (003:1061–1063, R26): `stacks` is ignored and the
 * larger pool is kept (engine `temporaryHitPointsAfterGain`; decision in docs/rules.md).
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { gainTemporaryHitPoints, temporaryHitPointsGained, type Size } from '../../rules/index.js';
import { temporaryHitPointsAfterGain } from '../../rules/models/eg/recovery.js';
import { LIMITS } from '../../data/validation.js';
import { actorOf, askGM, payload, Refusal, serialized, type CardActionResult } from '../kernel/index.js';
import { postNote } from '../kernel/note.js';

import { TEMP_HP_QUERY } from './dying-state.js';
import { playsEg } from './eg-stabilize.js';

export { TEMP_HP_QUERY };

export interface TemporaryHpOptions {
  /** The effect says its temporary HP stack: they add up (default: the higher is kept). */
  stacks?: boolean;
}

/** The refusal of an amount that is not whole, below 1, or more than an actor's pool may hold. */
function amountRefusal(amount: unknown): Refusal {
  return new Refusal('GNG.TempHp.Error.Amount', { amount: String(amount), max: LIMITS.hitPoints });
}

/** The request: the actor, the amount (a whole number from 1, else its own refusal), whether it stacks. */
const parse = payload({
  actorUuid: 'str',
  amount: { kind: 'int', min: 1, max: LIMITS.hitPoints, error: amountRefusal },
  stacks: { kind: 'bool', optional: true, nullable: true },
});

/** `CONFIG.queries['gng.temporaryHp']` (through the kernel): runs on the active GM. */
export async function handleTemporaryHp(
  data: Record<string, unknown>,
  sender: User,
): Promise<CardActionResult> {
  const {
    actorUuid,
    amount,
    stacks: given,
  } = parse(data) as {
    actorUuid: string;
    amount: number;
    stacks?: boolean | null;
  };
  const stacks = given ?? false;
  if (!sender.isGM) throw new Refusal('GNG.TempHp.Error.GM');
  const found = await actorOf(actorUuid);
  if (!found) throw new Refusal('GNG.Error.Card.BadRequest');
  return serialized([found.uuid], async () => {
    const actor = (await actorOf(actorUuid)) as Actor;
    const sys = actor.system;
    const before = sys.hp.temp;
    const gained = temporaryHitPointsGained(amount, sys.size as Size);
    // EG: one source's, the larger (R26); an effect's "stacks" does not make them add up.
    const eg = playsEg();
    const after = eg
      ? temporaryHitPointsAfterGain(before, gained)
      : gainTemporaryHitPoints({ temporary: before, gained, stacks });
    // The data model holds at most LIMITS.hitPoints (creature-data.ts): past it, a refusal, not an error.
    if (after > LIMITS.hitPoints) throw amountRefusal(amount);
    if (after !== before) await actor.update({ 'system.hp.temp': after });
    const key =
      eg && stacks
        ? 'Model.EG.TempHp.NoStack'
        : stacks
          ? 'TempHp.Stacked'
          : after === gained && gained > before
            ? 'TempHp.Gained'
            : 'TempHp.Kept';
    const record = { before, gained, after, stacks: stacks && !eg };
    // A note (subtype note, issue #34): its line a lang key and data, drawn on each client in its
    // language; the grant's numbers stay in the flags as the GM's record of it (nothing renders them).
    await postNote(
      'temp-hp',
      { key: `GNG.${key}`, data: { name: actor.name, amount: gained, before, after } },
      {
        speaker: ChatMessage.getSpeaker({ actor }),
        flags: { [SYSTEM_ID]: { type: 'temporaryHp', temporaryHp: record } },
      },
    );
    return { ok: true, data: { before, after } };
  });
}

/** `game.gng.grantTemporaryHp(actor, amount, options)`: a GM grants `actor` temporary HP. */
export function grantTemporaryHp(
  actor: Actor,
  amount: number,
  options: TemporaryHpOptions = {},
): Promise<CardActionResult> {
  return askGM(TEMP_HP_QUERY, { actorUuid: actor.uuid, amount, stacks: options.stacks ?? false });
}
