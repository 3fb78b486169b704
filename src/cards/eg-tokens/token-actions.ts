/**
 * The Enlightened Grognard's token cards on the active GM's client (issue #31; docs/rules.md
 * "Tokens"; token-state.ts says what they are). Every token they move goes through the token
 * store (src/combat/eg-token-store.ts), and each card keeps the store's records so a GM's Undo is
 * the exact inverse. A card is a typed message (subtype `egTokens`, token-data.ts) drawn from its
 * state on each client (token-render.ts); one posted before issue #34 (`flags.gng.egTokens`) still
 * renders, is chosen on and undone.
 */
import { combatantOf } from '../../combat/scene-lookup.js';
import { modelOffers } from '../../settings/combat-model.js';
import { changeTokens, revertTokenChange, type TokenChangeRecord } from '../../combat/eg-token-store.js';
import {
  giftRefusal,
  initiativeChoices,
  INITIATIVE_TOKENS,
  MAX_TOKENS,
  TOKEN_TYPES,
  type TokenType,
} from '../../rules/models/eg/tokens.js';
import {
  actorOf,
  defineCard,
  Refusal,
  refusal,
  serialized,
  type CardActionResult,
  type CardRun,
} from '../kernel/index.js';
import { postCard } from '../kernel/typed-card.js';
import { payload } from '../kernel/payload.js';
import { EG_TOKEN_CARD_QUERY, legacyEgTokenCard, type EgTokenCardState } from './token-state.js';
import { renderEgTokenCard } from './token-render.js';
import { t } from '../../format.js';

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
  type: 'egTokens',
  render: renderEgTokenCard,
  legacy: legacyEgTokenCard,
  legacyFlag: 'egTokens',
  targets: () => [{ id: 'actor' }],
  actors: (state) => [state.actorUuid, state.recipientUuid],
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
      parse: payload({ choice: 'int' }),
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
  return (await postCard('egTokens', state, { speaker: ChatMessage.getSpeaker({ actor }) })) as ChatMessage;
}

const amountError = 'GNG.Model.EG.Gift.Error.Amount';
/** The gift's request: giver, recipient, one token type and at least 1 token (else the amount's refusal). */
const giftFields = payload({
  actorUuid: 'str',
  recipientUuid: 'str',
  type: { kind: TOKEN_TYPES, error: amountError },
  amount: { kind: 'int', min: 1, max: MAX_TOKENS, error: amountError },
});

/**
 * `gng.egGift` on the active GM: checks the request (the sender owns the giver or is a GM; two
 * different PCs in the same combat; one type, at least 1 token, no more than the giver holds) and
 * moves the tokens through the store — the giver's spent (encounter pool first, then persistent),
 * the recipient's gained — then posts the gift's card with the records. Never throws.
 */
export async function handleGift(data: Record<string, unknown>, sender: User): Promise<CardActionResult> {
  try {
    giftFields(data);
  } catch (error) {
    return refusal(error);
  }
  const gift = { type: data.type as TokenType, amount: data.amount as number };
  return serialized([data.actorUuid as string, data.recipientUuid as string], async () => {
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
    const message = (await postCard('egTokens', state, {
      speaker: ChatMessage.getSpeaker({ actor: giver }),
    })) as ChatMessage;
    return { ok: true, messageId: message.id as string };
  });
}
