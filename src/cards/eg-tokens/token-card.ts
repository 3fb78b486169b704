/**
 * The Enlightened Grognard's token cards on the active GM's client (issue #31; docs/rules.md
 * "Tokens"; token-card-state.ts says what they are). Every token they move goes through the token
 * store (src/combat/eg-token-store.ts), and each card keeps the store's records so a GM's Undo is
 * the exact inverse.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { combatantOf } from '../../combat/scene-lookup.js';
import { modelOffers } from '../../settings/combat-model.js';
import { changeTokens, revertTokenChange, type TokenChangeRecord } from '../../combat/eg-token-store.js';
import {
  giftRefusal,
  initiativeChoices,
  INITIATIVE_TOKENS,
  parseGift,
  type TokenCounts,
  type TokenType,
} from '../../rules/models/eg/tokens.js';
import {
  actorOf,
  defineCard,
  Refusal,
  serialized,
  type CardActionResult,
  type CardRun,
} from '../kernel/index.js';
import {
  EG_TOKEN_CARD_QUERY,
  EG_TOKEN_CARD_TEMPLATE,
  egTokenCardOf,
  type EgTokenCardState,
} from './token-card-state.js';

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);

/** "2 power, 1 speed": the counts above 0, in words. */
export function tokenWords(counts: TokenCounts): string {
  const parts = (['power', 'speed', 'insight'] as const)
    .filter((type) => counts[type] > 0)
    .map((type) =>
      f('GNG.Model.EG.Token.Count', { count: counts[type], type: t(`GNG.Model.EG.Token.Type.${type}`) }),
    );
  return parts.join(', ');
}

async function renderCard(state: EgTokenCardState): Promise<string> {
  const initiative = state.kind === 'initiative';
  const given = { power: 0, speed: 0, insight: 0, [state.type ?? 'power']: state.amount } as TokenCounts;
  const data = { name: state.name, recipient: state.recipientName ?? '', tokens: tokenWords(given) };
  const result =
    state.status === 'undone'
      ? f('GNG.Model.EG.Gift.Undone', data)
      : state.status === 'done'
        ? initiative
          ? f('GNG.Model.EG.Token.Initiative.Chosen', {
              name: state.name,
              tokens: tokenWords(state.choice as TokenCounts),
            })
          : f('GNG.Model.EG.Gift.Given', data)
        : '';
  return foundry.applications.handlebars.renderTemplate(EG_TOKEN_CARD_TEMPLATE, {
    heading: t(initiative ? 'GNG.Model.EG.Token.Initiative.Heading' : 'GNG.Model.EG.Gift.Heading'),
    ask:
      initiative && state.status === 'open'
        ? f('GNG.Model.EG.Token.Initiative.Ask', { name: state.name, count: state.gain })
        : '',
    // Whose move it is (issue #33), for everyone: the buttons show to the PC's owners only.
    waiting:
      initiative && state.status === 'open'
        ? f('GNG.Model.EG.Token.Initiative.Waiting', { name: state.name })
        : '',
    choices:
      initiative && state.status === 'open'
        ? initiativeChoices(state.gain).map((choice, index) => ({ index, label: tokenWords(choice) }))
        : [],
    result,
    undo: state.status === 'done',
  });
}

async function combatOfState(state: EgTokenCardState): Promise<{ actor: Actor; combat: Combat }> {
  const actor = await actorOf(state.actorUuid);
  if (!actor) throw new Refusal('GNG.Model.EG.Token.Error.NoActor');
  const combat = game.combats.get(state.combatId);
  if (!combat) throw new Refusal('GNG.Model.EG.Token.Error.NoEncounter', { name: actor.name });
  return { actor, combat };
}

const tokensModel = () => {
  if (!modelOffers('tokens'))
    throw new Refusal('GNG.Error.Model.Capability', { action: t('GNG.Model.EG.Token.Name') });
};

type Run = CardRun<EgTokenCardState, { id: string }>;

/** Initiative: the chosen mix gained through the store. */
async function choose({ state, extra }: Run): Promise<void> {
  tokensModel();
  const choice = initiativeChoices(state.gain)[extra.choice as number];
  if (!choice) throw new Refusal('GNG.Error.Card.BadRequest');
  const { actor, combat } = await combatOfState(state);
  const record = await changeTokens(combat, actor, choice, 'initiative');
  Object.assign(state, { status: 'done', choice, records: [record] });
}

/** Undo: the records reverted, the last first; an initiative choice may be made again, a gift is closed. */
async function undo({ state }: Run): Promise<void> {
  const done: TokenChangeRecord[] = [];
  try {
    for (const record of [...state.records].reverse()) done.push(await revertTokenChange(record));
  } catch (error) {
    for (const inverse of done.reverse()) await revertTokenChange(inverse);
    throw error;
  }
  Object.assign(state, {
    status: state.kind === 'initiative' ? 'open' : 'undone',
    choice: null,
    records: [],
  });
}

/** The card's table: the owner's (or a GM's) choice while open; a GM's Undo once done. */
export const egTokenCard = defineCard<EgTokenCardState, { id: string }, 'choose' | 'undo'>({
  query: EG_TOKEN_CARD_QUERY,
  state: egTokenCardOf,
  targets: () => [{ id: 'actor' }],
  actors: (state) => [state.actorUuid, state.recipientUuid],
  save: async (message, state) => {
    await message.update({ content: await renderCard(state), [`flags.${SYSTEM_ID}.egTokens`]: state });
  },
  refusals: {
    badRequest: 'GNG.Error.Card.BadRequest',
    noCard: 'GNG.Model.EG.Token.Error.NoCard',
    unknownTarget: 'GNG.Error.Card.BadRequest',
    notAllowed: 'GNG.Model.EG.Token.Error.NotOwner',
    unavailable: () => 'GNG.Model.EG.Token.Error.Decided',
  },
  actions: {
    choose: {
      may: (user, state) =>
        user.isGM || Boolean(fromUuidSync(state.actorUuid)?.testUserPermission(user, 'OWNER')),
      available: (state) => state.kind === 'initiative' && state.status === 'open',
      parse: (extra) => {
        const choice = extra.choice;
        if (Object.keys(extra).length !== 1 || typeof choice !== 'number' || !Number.isInteger(choice))
          throw new Refusal('GNG.Error.Card.BadRequest');
        return { choice };
      },
      fields: (button) => ({ choice: Number(button.dataset.choice) }),
      undoneBy: 'undo',
      run: choose,
    },
    undo: {
      may: (user) => user.isGM,
      available: (state) => state.status === 'done',
      run: undo,
    },
  },
});

/** GM side: posts the initiative card of a PC's combatant (2 tokens of choice, 003:430). */
export async function postInitiativeCard(combat: Combat, actor: Actor): Promise<ChatMessage> {
  const state: EgTokenCardState = {
    kind: 'initiative',
    actorUuid: actor.uuid,
    name: actor.name as string,
    combatId: combat.id as string,
    gain: INITIATIVE_TOKENS,
    recipientUuid: null,
    recipientName: null,
    type: null,
    amount: 0,
    status: 'open',
    choice: null,
    records: [],
  };
  return (await ChatMessage.create({
    content: await renderCard(state),
    speaker: ChatMessage.getSpeaker({ actor }),
    flags: { [SYSTEM_ID]: { type: 'egTokens', egTokens: state } },
  })) as ChatMessage;
}

const KEYS = ['actorUuid', 'recipientUuid', 'type', 'amount'];

/**
 * `gng.egGift` on the active GM: checks the request (the sender owns the giver or is a GM; two
 * different PCs in the same combat; one type, at least 1 token, no more than the giver holds) and
 * moves the tokens through the store — the giver's spent (encounter pool first, then persistent),
 * the recipient's gained — then posts the gift's card with the records. Never throws.
 */
export async function handleGift(data: Record<string, unknown>, sender: User): Promise<CardActionResult> {
  if (
    Object.keys(data).some((key) => !KEYS.includes(key)) ||
    typeof data.actorUuid !== 'string' ||
    typeof data.recipientUuid !== 'string'
  )
    return { ok: false, error: 'GNG.Error.Card.BadRequest' };
  const gift = parseGift(data.type, data.amount);
  if (!gift) return { ok: false, error: 'GNG.Model.EG.Gift.Error.Amount' };
  return serialized([data.actorUuid, data.recipientUuid], async () => {
    tokensModel();
    const [giver, recipient] = await Promise.all([
      actorOf(data.actorUuid as string),
      actorOf(data.recipientUuid as string),
    ]);
    if (!giver || !recipient) throw new Refusal('GNG.Model.EG.Token.Error.NoActor');
    if (!sender.isGM && !giver.testUserPermission(sender, 'OWNER'))
      throw new Refusal('GNG.Model.EG.Token.Error.NotOwner', { name: sender.name });
    const why = giftRefusal(
      { id: giver.uuid, pc: giver.type === 'character' },
      { id: recipient.uuid, pc: recipient.type === 'character' },
    );
    if (why) throw new Refusal(`GNG.Model.EG.Gift.Error.${why === 'self' ? 'Self' : 'NPC'}`);
    const combat = combatantOf(giver)?.parent ?? null;
    if (!combat || !combat.combatants.find((c) => c.actor?.uuid === recipient.uuid))
      throw new Refusal('GNG.Model.EG.Gift.Error.NotTogether', {
        name: giver.name,
        recipient: recipient.name,
      });
    const delta = { [gift.type]: gift.amount } as Partial<Record<TokenType, number>>;
    const spent = await changeTokens(combat, giver, { [gift.type]: -gift.amount }, 'gift');
    let gained: TokenChangeRecord;
    try {
      gained = await changeTokens(combat, recipient, delta, 'gift');
    } catch (error) {
      await revertTokenChange(spent);
      throw error;
    }
    const state: EgTokenCardState = {
      kind: 'gift',
      actorUuid: giver.uuid,
      name: giver.name as string,
      combatId: combat.id as string,
      gain: 0,
      recipientUuid: recipient.uuid,
      recipientName: recipient.name as string,
      type: gift.type,
      amount: gift.amount,
      status: 'done',
      choice: null,
      records: [spent, gained],
    };
    const message = (await ChatMessage.create({
      content: await renderCard(state),
      speaker: ChatMessage.getSpeaker({ actor: giver }),
      flags: { [SYSTEM_ID]: { type: 'egTokens', egTokens: state } },
    })) as ChatMessage;
    return { ok: true, messageId: message.id as string };
  });
}
