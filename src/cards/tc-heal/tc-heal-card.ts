/**
 * The GM's Heal under the Time Count model (issue #32, R29; docs/rules.md "Sheet and world"): "Spells
 * that heal damage can be split between granting temporary hit points … (known as Invigoration), and
 * permanently reducing fatigue" (002:151). The sheet's GM-only control asks the active GM
 * (`gng.tcHeal`, a GM's request only); the GM's client splits the healing by the engine's rule (`tcHealing`:
 * never above the maximum HP, never below 0 fatigue, 002:149), writes `model.tc.invigoration`
 * and `model.tc.fatigue`, and posts a card (whispered to the GMs) with the exact Undo: the
 * Invigoration given taken back and the fatigue removed put back, refused while the Invigoration
 * given has been lost since. Loaded with the model's glue on first use.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { escapeHtml } from '../../chat/escape-html.js';
import { combatModel } from '../../settings/combat-model.js';
import { healthOf } from '../../combat/model-health.js';
import { tcHealing } from '../../rules/models/tc/healing.js';
import { tcLethalCondition } from '../../rules/models/tc/health.js';
import {
  actorOf,
  actorQuery,
  askGM,
  defineCard,
  gmUndo,
  Refusal,
  subjectCard,
  type CardActionResult,
} from '../kernel/index.js';
import { oncePerRequest } from '../kernel/same-request.js';
import { TC_MODEL_ID } from '../../rules/models/tc/state.js';

export const TC_HEAL_QUERY = 'gng.tcHeal';
export const TC_HEAL_CARD_QUERY = 'gng.tcHealCard';
const TARGET = 'actor';
const H = 'GNG.Model.TC.Heal';
/** The most one Heal gives (a typing slip of 1e9 is refused, not written). */
const MAX_AMOUNT = 999;

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => escapeHtml(game.i18n.format(key, data));

/** `flags.gng.tcHeal` of a heal card. */
export interface TcHealCardState {
  actorUuid: string;
  name: string;
  /** What the GM asked for. */
  asked: { invigoration: number; fatigue: number };
  /** What was given after the caps: Invigoration gained, fatigue removed. */
  given: { invigoration: number; fatigue: number };
  /** Invigoration and fatigue before and after. */
  before: { invigoration: number; fatigue: number };
  after: { invigoration: number; fatigue: number };
  /** What Undo takes back (null once undone). */
  applied: { invigoration: number; fatigue: number } | null;
  undone?: boolean;
}

export function tcHealCardOf(message: ChatMessage | null | undefined): TcHealCardState | null {
  const flags = message?.flags?.[SYSTEM_ID];
  return flags?.type === 'tcHeal' ? ((flags.tcHeal as TcHealCardState | undefined) ?? null) : null;
}

function renderCard(state: TcHealCardState): Promise<string> {
  const lines = [
    f(`${H}.Given`, {
      invigoration: state.given.invigoration,
      fatigue: state.given.fatigue,
      before: state.before.fatigue,
      after: state.after.fatigue,
      total: state.after.invigoration,
    }),
  ];
  const capped =
    state.given.invigoration < state.asked.invigoration || state.given.fatigue < state.asked.fatigue;
  if (capped)
    lines.push(f(`${H}.Capped`, { invigoration: state.asked.invigoration, fatigue: state.asked.fatigue }));
  if (state.undone) lines.push(escapeHtml(t(`${H}.Undone`)));
  const undo = state.applied
    ? `<div class="card-buttons"><button type="button" data-action="tcHealUndo" data-target-id="${TARGET}">${escapeHtml(t(`${H}.Undo`))}</button></div>`
    : '';
  return Promise.resolve(
    `<div class="gng chat-card tc-heal-card gng-card-paper"><header class="card-header"><h3>${f(`${H}.Heading`, { name: state.name })}</h3></header>` +
      lines.map((line) => `<p class="tc-heal-line">${line}</p>`).join('') +
      undo +
      '</div>',
  );
}

/** A typed amount: a whole number from 0 to {@link MAX_AMOUNT}, else null. */
function amountOf(text: string): number | null {
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_AMOUNT ? n : null;
}

const store = (v: { invigoration: number; fatigue: number }) => ({
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
    const message = await ChatMessage.create({
      content: await renderCard(state),
      speaker: ChatMessage.getSpeaker({ actor }),
      whisper: game.users.filter((user) => user.isGM).map((user) => user.id as string),
      flags: { [SYSTEM_ID]: { type: 'tcHeal', tcHeal: state } },
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
export const tcHealCard = defineCard<TcHealCardState, { id: string }, 'tcHealUndo'>({
  query: TC_HEAL_CARD_QUERY,
  state: tcHealCardOf,
  actors: (state) => [state.actorUuid],
  ...subjectCard<TcHealCardState>({
    flag: `flags.${SYSTEM_ID}.tcHeal`,
    target: TARGET,
    render: renderCard,
    errors: `${H}.Error`,
  }),
  actions: { tcHealUndo: gmUndo(undo) },
});

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
