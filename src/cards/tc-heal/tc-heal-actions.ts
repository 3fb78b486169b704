/**
 * The GM's Heal under the Time Count model (issue #32, R29; docs/rules.md "Sheet and world"): "Spells
 * that heal damage can be split between granting temporary hit points … (known as Invigoration), and
 * permanently reducing fatigue" (002:151). The sheet's GM-only control asks the active GM
 * (`gng.tcHeal`, a GM's request only); the GM's client splits the healing by the engine's rule (`tcHealing`:
 * never above the maximum HP, never below 0 fatigue, 002:149), writes `model.tc.invigoration`
 * and `model.tc.fatigue`, and posts a card (whispered to the GMs) with the exact Undo: the
 * Invigoration given taken back and the fatigue removed put back, refused while the Invigoration
 * given has been lost since. Loaded with the model's glue on first use.
 * The card is a typed message (subtype `tcHeal`, tc-heal-data.ts) drawn from its state on each
 * client (tc-heal-render.ts); one posted before issue #34 (`flags.gng.tcHeal`) still renders and undoes.
 */
import { combatModel } from '../../settings/combat-model.js';
import { healthOf } from '../../combat/model-health.js';
import { tcHealing } from '../../rules/models/tc/healing.js';
import { tcLethalCondition } from '../../rules/models/tc/health.js';
import {
  actorOf,
  actorQuery,
  askGM,
  defineUndoCard,
  Refusal,
  type CardActionResult,
} from '../kernel/index.js';
import { oncePerRequest } from '../kernel/same-request.js';
import { postCard } from '../kernel/typed-card.js';
import { TC_MODEL_ID } from '../../rules/models/tc/state.js';
import {
  legacyTcHealCard,
  TC_HEAL_CARD_QUERY,
  TC_HEAL_QUERY,
  type TcHealCardState,
  type TcHealPair,
} from './tc-heal-state.js';
import { renderTcHealCard, TC_HEAL_TARGET as TARGET } from './tc-heal-render.js';

const H = 'GNG.Model.TC.Heal';
/** The most one Heal gives (a typing slip of 1e9 is refused, not written). */
const MAX_AMOUNT = 999;

export { TC_HEAL_CARD_QUERY, TC_HEAL_QUERY, type TcHealCardState } from './tc-heal-state.js';

/** A typed amount: a whole number from 0 to {@link MAX_AMOUNT}, else null. */
function amountOf(text: string): number | null {
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_AMOUNT ? n : null;
}

const store = (v: TcHealPair) => ({
  'system.model.tc.invigoration': v.invigoration,
  'system.model.tc.fatigue': v.fatigue,
});

/** `gng.tcHeal` on the active GM: a GM's request only; the split written and the card posted. */
const playRequest = actorQuery(
  async (actorUuid, sender, fields) => {
    if (!sender.isGM) throw new Refusal(`${H}.Error.GMOnly`);
    if (combatModel().id !== TC_MODEL_ID) throw new Refusal(`${H}.Error.NotTC`);
    const actor = await actorOf(actorUuid);
    if (!actor || !(actor.type === 'character' || actor.type === 'npc'))
      throw new Refusal('GNG.Error.Card.BadRequest');
    const invigoration = amountOf(fields.invigoration ?? '');
    const fatigue = amountOf(fields.fatigue ?? '');
    if (invigoration === null || fatigue === null)
      throw new Refusal(`${H}.Error.Amount`, { max: MAX_AMOUNT });
    if (invigoration + fatigue === 0) throw new Refusal(`${H}.Error.Nothing`);
    const health = healthOf(actor);
    // "When your hit point total reaches 0, you are dead" (002:145): healing does not raise HP.
    if (actor.statuses.has('dead') || tcLethalCondition(health) === 'dead')
      throw new Refusal(`${H}.Error.Dead`, { name: actor.name });
    const max = actor.system.derived.hp.max;
    const { given, ...after } = tcHealing(health, { invigoration, fatigue }, max);
    const before = { invigoration: health.invigoration ?? 0, fatigue: health.fatigue ?? 0 };
    if (given.invigoration === 0 && given.fatigue === 0)
      throw new Refusal(`${H}.Error.NoRoom`, { name: actor.name });
    await actor.update(store(after));
    const state: TcHealCardState = {
      actorUuid: actor.uuid,
      name: actor.name,
      asked: { invigoration, fatigue },
      given,
      before,
      after,
      applied: given,
    };
    const message = await postCard('tcHeal', state, {
      speaker: ChatMessage.getSpeaker({ actor }),
      whisper: game.users.filter((user) => user.isGM).map((user) => user.id as string),
    });
    if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
    return { ok: true, messageId: message.id as string };
  },
  ['invigoration', 'fatigue'],
);

/**
 * `gng.tcHeal` on the active GM (never throws: a refusal is the answer). The same request sent again
 * by the same user while the first is being played (a double click) is that one: it heals once.
 */
export const handleTcHeal = oncePerRequest(playRequest);

/** Undo: the Invigoration given taken back, the fatigue removed put back (refused once the Invigoration is gone). */
async function undo({ state }: { state: TcHealCardState }): Promise<void> {
  const applied = state.applied;
  if (!applied) throw new Refusal(`${H}.Error.NothingToUndo`);
  const actor = await actorOf(state.actorUuid);
  if (!actor) throw new Refusal(`${H}.Error.NoActor`, { name: state.name });
  const now = healthOf(actor);
  const invigoration = (now.invigoration ?? 0) - applied.invigoration;
  if (invigoration < 0) throw new Refusal(`${H}.Error.Spent`, { name: actor.name });
  await actor.update(store({ invigoration, fatigue: (now.fatigue ?? 0) + applied.fatigue }));
  state.applied = null;
  state.undone = true;
}

/** The heal card as a table: the GM's Undo. */
export const tcHealCard = defineUndoCard<TcHealCardState, 'tcHeal'>({
  query: TC_HEAL_CARD_QUERY,
  type: 'tcHeal',
  render: renderTcHealCard,
  legacy: legacyTcHealCard,
  actors: (state) => [state.actorUuid],
  target: TARGET,
  errors: `${H}.Error`,
  undo,
});

/** The heal card's state on a message (typed or legacy), or null. */
export const tcHealCardOf = (message: ChatMessage | null | undefined): TcHealCardState | null =>
  tcHealCard.spec.state(message);

/** Asks the active GM to heal `actor` (the sheet's GM-only control); a refusal is shown here. */
export async function requestTcHeal(
  actor: Actor,
  amounts: { invigoration: number; fatigue: number },
): Promise<CardActionResult> {
  return askGM(TC_HEAL_QUERY, {
    actorUuid: actor.uuid,
    invigoration: String(amounts.invigoration),
    fatigue: String(amounts.fatigue),
  });
}

/** Asks the active GM (the user must be a GM) to undo the heal card `messageId`. */
export function requestTcHealUndo(messageId: string): Promise<CardActionResult> {
  return tcHealCard.request(messageId, 'tcHealUndo', TARGET);
}
