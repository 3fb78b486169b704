/**
 * The Time Count's acts and initiative at the table (issue #32; seed 002:237–306; docs/rules.md "The
 * tracker"). A tracker button asks the active GM: `gng.tcAct` (a combatant acting now chose an action
 * of the table, R38, or an attack with one of its weapons, or holds for some counts) and
 * `gng.tcInitiative` (initiative for combatants, R32/R33). The GM's client checks the sender owns the
 * combatant (a GM may play any), rolls there — the SF (random for PCs, static for NPCs by the world
 * setting, R35) and the initiative — writes through the schedule store (src/combat/tc-schedule.ts,
 * which refuses an act out of turn) and posts a card holding the store's records, with the GM's exact
 * Undo. Loaded with the model (src/models/tc-tracker.ts registers it).
 * The card is a typed message (subtype `tcAct`, tc-act-data.ts) drawn from its state on each client
 * (tc-act-render.ts): its lines are keys and data, the action's name a key too. One posted before
 * issue #34 (`flags.gng.tcAct`) still renders and undoes.
 */
import { modelOffers } from '../../settings/combat-model.js';
import {
  ACTION_SPEEDS,
  actionSpeedFactor,
  isActionSpeedId,
  speedClassOf,
  tcInitiative,
  type ActionSpeedId,
} from '../../rules/models/tc/speed.js';
import type { DiceSource } from '../../rules/index.js';
import { tcActConditionMods } from '../../rules/models/tc/situation.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import {
  revertScheduleAct,
  rollsSpeedFactor,
  scheduleAct,
  setTcInitiative,
  tcSchedule,
  type TcScheduleRecord,
} from '../../combat/tc-schedule.js';
import {
  revertCountdown,
  setTcCountdown,
  type TcCountdown,
  type TcCountdownRecord,
} from '../../combat/tc-countdowns.js';
import { isSpellAct, planSpellAct, SPELL_ACTS } from './tc-spell-act.js';
import {
  defineUndoCard,
  noteUndo,
  owns,
  payload,
  Refusal,
  serialized,
  type CardActionResult,
} from '../kernel/index.js';
import { postCard } from '../kernel/typed-card.js';
import type { LocalText } from '../kernel/undo-notes.js';
import { legacyTcActCard, TC_ACT_CARD_QUERY, type TcActCardState, type TcActLine } from './tc-act-state.js';
import { renderTcActCard, TC_ACT_TARGET as TARGET } from './tc-act-render.js';

/** The most counts one hold may last (5 rounds). */
export const MAX_HOLD = 60;

type Line = TcActLine;

export { TC_ACT_CARD_QUERY, TC_ACT_QUERY, TC_INITIATIVE_QUERY, type TcActCardState } from './tc-act-state.js';

/**
 * The actions a turn may be spent on from the tracker: the table's rows with an SF of their own.
 * Not the spell acts: the tracker offers each preparation by its casting time, and casting only once
 * the combatant's preparation is due (R37, tc-tracker.ts).
 */
export const TRACKER_ACTIONS: readonly ActionSpeedId[] = (
  Object.keys(ACTION_SPEEDS) as ActionSpeedId[]
).filter((id) => {
  const kind = ACTION_SPEEDS[id].speed.kind;
  // Footnote 2 actions add to another (R39); preparing a spell needs the spell (its casting time).
  return kind !== 'adds' && kind !== 'castingTime' && kind !== 'weapon' && !isSpellAct(id);
});

/**
 * Runs a pure function that rolls dice with Foundry dice of any size: each die it asks for is rolled
 * as a Foundry Roll, and the function is run again with the dice so far until it asks for no more.
 */
export async function withTcDice<T>(run: (dice: DiceSource) => T): Promise<{ result: T; rolls: Roll[] }> {
  const rolls: { faces: number; roll: Roll }[] = [];
  const more = new Error('another die');
  for (;;) {
    let index = 0;
    let asked = 0;
    const dice: DiceSource = {
      roll(faces: number): number {
        const die = rolls[index++];
        if (die && die.faces === faces) return die.roll.total as number;
        if (die) throw new RangeError(`the dice changed: d${die.faces} then d${faces}`);
        asked = faces;
        throw more;
      },
    };
    try {
      return { result: run(dice), rolls: rolls.map((r) => r.roll) };
    } catch (error) {
      if (error !== more) throw error;
      rolls.push({ faces: asked, roll: await new Roll(`1d${asked}`).evaluate() });
    }
  }
}

/** The combat and combatant of a request, checked: the sender owns the combatant (a GM any). */
function combatantOf(fields: Record<string, unknown>, sender: User, id: unknown): Combatant {
  const combat = typeof fields.combatId === 'string' ? game.combats.get(fields.combatId) : undefined;
  if (!combat) throw new Refusal('GNG.Model.TC.Act.Error.NoCombat');
  const combatant = typeof id === 'string' ? combat.combatants.get(id) : undefined;
  if (!combatant) throw new Refusal('GNG.Model.TC.Act.Error.NoCombatant');
  if (!sender.isGM && !(combatant.actor && owns(sender, combatant.actor.uuid)))
    throw new Refusal('GNG.Model.TC.Act.Error.NotOwner', { name: combatant.actor?.name ?? '' });
  return combatant;
}

async function post(
  combat: Combat,
  actors: Actor[],
  lines: Line[],
  records: (TcScheduleRecord | TcCountdownRecord)[],
  rolls: Roll[],
): Promise<ChatMessage> {
  const state: TcActCardState = {
    combatId: combat.id as string,
    actorUuids: actors.map((a) => a.uuid),
    lines,
    applied: records,
  };
  const message = await postCard('tcAct', state, {
    rolls,
    speaker: actors.length === 1 ? ChatMessage.getSpeaker({ actor: actors[0] }) : {},
  });
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  return message;
}

/** The weapon an attack uses: one of the actor's own weapons (A10: its speed class, Standard if none). */
function weaponOf(actor: Actor, id: unknown): Item {
  const item = typeof id === 'string' ? actor.items.get(id) : undefined;
  if (!item || item.type !== 'weapon')
    throw new Refusal('GNG.Model.TC.Act.Error.NoWeapon', { name: actor.name });
  return item;
}

/** The act a request asks for, played on the GM's client: the SF rolled or taken, the next count posted. */
async function playAct(fields: Record<string, unknown>, sender: User): Promise<ChatMessage> {
  const combatant = combatantOf(fields, sender, fields.combatantId);
  const combat = combatant.parent as Combat;
  const actor = combatant.actor;
  if (!actor) throw new Refusal('GNG.Model.TC.Act.Error.NoCombatant');
  const action = fields.action;
  const count = tcSchedule(combat).count;
  if (action === 'hold') {
    const counts = fields.counts;
    if (typeof counts !== 'number' || !Number.isInteger(counts) || counts < 1 || counts > MAX_HOLD)
      throw new Refusal('GNG.Model.TC.Act.Error.BadHold', { max: MAX_HOLD });
    const record = await scheduleAct(combat, combatant.id, { sf: counts, reason: 'hold', delay: true });
    const line = {
      key: 'GNG.Model.TC.Act.Held',
      data: { name: actor.name, counts, next: record.after ?? 0 },
    };
    return post(combat, [actor], [line], [record], []);
  }
  // Paralyzed at 3 × Vigor or fully petrified: "unable to move or act" (002:714, 719); a hold only.
  const slowed = tcActConditionMods(
    action === 'attack' ? 'attack' : isActionSpeedId(action) ? action : 'attack',
    modelCreatureOf(actor),
  );
  if (slowed.immobile) throw new Refusal('GNG.Model.TC.Act.Error.Immobile', { name: actor.name });
  const mods = { classSteps: slowed.classSteps, factorMod: slowed.factorMod };
  const random = rollsSpeedFactor(actor);
  let label: LocalText;
  let speed: { sf: number; formula: string; rolls: Roll[] };
  let countdown: TcCountdown | null | undefined;
  if (isSpellAct(action)) {
    // R37: preparing (the casting time as a speed class) or casting with SF 1 (tc-spell-act.ts).
    const { plan, rolls } = await planSpellAct(
      combat,
      combatant.id,
      action,
      { castingTime: fields.castingTime, count, random },
      withTcDice,
    );
    label = { key: plan.labelKey, data: plan.labelData };
    speed = { sf: plan.sf, formula: plan.formula, rolls };
    countdown = plan.countdown;
  } else if (action === 'attack') {
    const weapon = weaponOf(actor, fields.weaponId);
    const speedClass = speedClassOf((weapon.system as { speedClass?: unknown }).speedClass);
    const { result, rolls } = await withTcDice((dice) =>
      actionSpeedFactor('attack', { random, dice, weapon: speedClass, ...mods }),
    );
    label = { key: 'GNG.Model.TC.Act.Attack', data: { weapon: weapon.name } };
    speed = { sf: result.sf, formula: result.formula, rolls };
  } else {
    if (!isActionSpeedId(action) || !TRACKER_ACTIONS.includes(action))
      throw new Refusal('GNG.Error.Card.BadRequest');
    const { result, rolls } = await withTcDice((dice) =>
      actionSpeedFactor(action, { random, dice, ...mods }),
    );
    label = { key: `GNG.Model.TC.ActionSpeed.${action}` };
    speed = { sf: result.sf, formula: result.formula, rolls };
  }
  const record = await scheduleAct(combat, combatant.id, { sf: speed.sf, reason: String(action) });
  const records: (TcScheduleRecord | TcCountdownRecord)[] = [record];
  if (countdown !== undefined) {
    try {
      records.push(await setTcCountdown(combat, combatant.id, countdown, String(action)));
    } catch (error) {
      await revertScheduleAct(record);
      throw error;
    }
  }
  const rolled = speed.rolls.map((r) => r.total).join(', ');
  const line = {
    key: rolled ? 'GNG.Model.TC.Act.Rolled' : 'GNG.Model.TC.Act.Static',
    data: {
      name: actor.name,
      action: label,
      formula: speed.formula,
      rolls: rolled,
      sf: speed.sf,
      count,
      next: record.after ?? 0,
    },
  };
  const lines: Line[] = [line];
  if (countdown) lines.push({ key: 'GNG.Model.TC.Spell.preparing', data: { count: countdown.at } });
  return post(combat, [actor], lines, records, speed.rolls);
}

const noCombat = 'GNG.Model.TC.Act.Error.NoCombat';
const badHold = () => new Refusal('GNG.Model.TC.Act.Error.BadHold', { max: MAX_HOLD });

/** An act's request: its combat and combatant, the act, an attack's weapon, a hold's counts, a spell's casting time. */
const parseAct = payload(
  {
    combatId: { kind: 'str', error: noCombat },
    combatantId: { kind: 'str', error: 'GNG.Model.TC.Act.Error.NoCombatant' },
    action: [...TRACKER_ACTIONS, 'attack', 'hold', ...SPELL_ACTS],
    weaponId: 'str?',
    counts: { kind: 'int', optional: true, min: 1, max: MAX_HOLD, error: badHold },
    castingTime: 'str?',
  },
  'GNG.Error.Card.BadRequest',
  ({ action, counts }) => {
    if (action === 'hold' && counts === undefined) throw badHold();
  },
);

/** An initiative request: the combat and its combatants (1 to 100). */
const parseInitiative = payload({
  combatId: { kind: 'str', error: noCombat },
  combatantIds: { kind: 'str', list: true, min: 1, max: 100 },
});

/**
 * `gng.tcAct` on the active GM: `{ combatId, combatantId, action, weaponId?, counts? }` — `action` an
 * action of {@link TRACKER_ACTIONS}, `attack` (with `weaponId`) or `hold` (with `counts`). Queued per
 * combat, so a double click's second request finds the combatant no longer acting.
 */
export async function handleTcAct(data: Record<string, unknown>, sender: User): Promise<CardActionResult> {
  parseAct(data);
  if (!modelOffers('timeCount')) throw new Refusal('GNG.Model.TC.Act.Error.NotTC');
  let messageId = '';
  const result = await serialized(`gng.tcAct.${String(data.combatId)}`, async () => {
    messageId = (await playAct(data, sender)).id as string;
  });
  return result.ok ? { ok: true, messageId } : result;
}

/**
 * `gng.tcInitiative` on the active GM: `{ combatId, combatantIds }`. Each combatant the sender owns
 * (a GM: any) and not yet on the schedule rolls 1d6 + 4 − Wisdom, +1d6 when surprised (marked
 * unsteady before its first roll, 002:237), on the GM's client, counted from the current count once
 * the count has begun; one card of the rolls.
 */
export async function handleTcInitiative(
  data: Record<string, unknown>,
  sender: User,
): Promise<CardActionResult> {
  const ids = parseInitiative(data).combatantIds as string[];
  if (!modelOffers('timeCount')) throw new Refusal('GNG.Model.TC.Act.Error.NotTC');
  let messageId = '';
  const result = await serialized(`gng.tcAct.${String(data.combatId)}`, async () => {
    const combatants = ids.map((id) => combatantOf(data, sender, id));
    const combat = combatants[0]?.parent as Combat;
    const schedule = tcSchedule(combat);
    const lines: Line[] = [];
    const records: TcScheduleRecord[] = [];
    const rolls: Roll[] = [];
    for (const combatant of new Set(combatants)) {
      const actor = combatant.actor as Actor;
      if (combatant.id in schedule.next) {
        lines.push({
          key: 'GNG.Model.TC.Initiative.Already',
          data: { name: actor.name, next: schedule.next[combatant.id] ?? 0 },
        });
        continue;
      }
      const surprised = schedule.unsteady[combatant.id] === true;
      const wisdom = actor.system.derived?.abilities?.wis?.mod ?? 0;
      const rolled = await withTcDice((dice) => tcInitiative({ dice, wisdom, surprised }));
      rolls.push(...rolled.rolls);
      // Rolled once the count has begun (a late arrival, or a combatant taken out and put back): its
      // roll counts from the current count, as the first rolls count from 0 (002:246–248).
      const from = schedule.started ? schedule.count : 0;
      const total = from + rolled.result.total;
      records.push(await setTcInitiative(combat, combatant.id, { total, surprised }));
      lines.push({
        key: schedule.started
          ? 'GNG.Model.TC.Initiative.Late'
          : surprised
            ? 'GNG.Model.TC.Initiative.Surprised'
            : 'GNG.Model.TC.Initiative.Rolled',
        data: {
          name: actor.name,
          formula: rolled.result.formula,
          rolls: rolled.result.rolls.join(', '),
          total: rolled.result.total,
          count: from,
          next: total,
        },
      });
    }
    if (!records.length) throw new Refusal('GNG.Model.TC.Initiative.NoneToRoll');
    const actors = [...new Set(combatants)].map((c) => c.actor as Actor);
    messageId = (await post(combat, actors, lines, records, rolls)).id as string;
  });
  return result.ok ? { ok: true, messageId } : result;
}

/** The exact inverse of one of the card's records: the schedule's or a countdown's. */
const revert = (record: TcScheduleRecord | TcCountdownRecord) =>
  record.kind === 'countdown' ? revertCountdown(record) : revertScheduleAct(record);

/** Undo: the records reverted, the last first (refused, nothing more changes, when one moved since). */
async function undo({ state }: { state: TcActCardState }): Promise<void> {
  const records = state.applied;
  if (!records) throw new Refusal('GNG.Model.TC.Act.Error.NothingToUndo');
  const done: (TcScheduleRecord | TcCountdownRecord)[] = [];
  try {
    for (const record of [...records].reverse()) done.push(await revert(record));
  } catch (error) {
    // Put back what this Undo reverted before the refusal: the card stays applied, as it was.
    for (const inverse of done.reverse()) await revert(inverse);
    throw error;
  }
  noteUndo(state, []);
  state.applied = null;
  state.undone = true;
}

/** The act card as a table: the GM's Undo. */
export const tcActCard = defineUndoCard<TcActCardState, 'tcAct'>({
  query: TC_ACT_CARD_QUERY,
  type: 'tcAct',
  render: renderTcActCard,
  legacy: legacyTcActCard,
  actors: (state) => state.actorUuids,
  target: TARGET,
  errors: 'GNG.Model.TC.Act.Error',
  undo,
});

/** The act card's state on a message (typed or legacy), or null. */
export const tcActCardOf = (message: ChatMessage | null | undefined): TcActCardState | null =>
  tcActCard.spec.state(message);
