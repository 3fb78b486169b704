/**
 * The feat offer card's table (issue #18): when the trigger of a feat's free attack happens on a
 * card, the active GM posts this card (feat-offer-start.ts; a typed message, subtype `featOffer`, its
 * state in `system`: feat-offer-data.ts, drawn on each client in its language), and the holder's owners answer it once:
 * - **Clean-up Blow** — "When you stun an opponent, render him unconscious, or knock him prone, you
 *   can perform an immediate attack of opportunity": the holder's attack with its best melee weapon.
 * - **Redirect Force** — "When an opponent misses you with a melee attack, you may perform a trip,
 *   throw, or bull rush as an immediate attack of opportunity": the maneuver card.
 * - **Catch Projectile** — "you may catch the weapon … immediately hurl a thrown weapon back at the
 *   original attacker … You must have at least one hand free": the GM puts the caught weapon on the
 *   holder (a copy: the thrower's sheet is the GM's to adjust, as after any throw) and the holder's
 *   client throws it at the attacker.
 * - **Reflect Projectiles** — "reflect that attack back upon your attacker using your base ranged
 *   attack bonus": the attack is made with a copy of the attacking weapon on the holder (it counts no
 *   rounds), so the holder's own ranged attack bonus and the weapon's damage apply.
 * - **Epic Flow with Enemy** — "Once per round, when struck by an attack from an opponent with whom
 *   you have established flow, you may automatically avoid all damage": the GM sets the rolled
 *   damage on the attack card to 0 (before Apply), once per combat round.
 * The GM records the answer (sender proven, owners only, once); the attack or maneuver is then
 * started by the asking client, as the Riposte and the attack of opportunity are.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { MANEUVERS, type Maneuver } from '../../rules/index.js';
import {
  actorOf,
  defineCard,
  inheritedRollMode,
  owns,
  payload,
  postCard,
  Refusal,
  withRollMode,
  type CardActionResult,
} from '../kernel/index.js';
import { startAttack } from '../attack/attack-ask.js';
import { blockWeapons, cardState } from '../attack/attack-state.js';
import { saveCard } from '../attack/attack-save.js';
import {
  FEAT_OFFER_QUERY,
  featOfferOf,
  legacyFeatOffer,
  offerOpen,
  REDIRECT_MANEUVERS,
  type FeatOfferState,
  type OfferHolder,
} from './feat-offer-state.js';
import { renderFeatOffer } from './feat-offer-render.js';
import { combatOf, tokenOf } from '../../combat/scene-lookup.js';
import { capabilityGuard } from '../model-guard.js';
import { modelOffers } from '../../settings/combat-model.js';
import { f } from '../../format.js';
import { offerRefusals } from '../shared/card-refusals.js';

export { FEAT_OFFER_QUERY };
type OfferAction = 'featOfferTake' | 'featOfferDecline';

/** The creature's best melee weapon (its first Block weapon), or null. */
function bestMeleeWeapon(actor: Actor): Item | null {
  const best = blockWeapons(actor)[0];
  return (best && actor.items.get(best.itemId)) || null;
}

/** Able to act: not helpless, unconscious, dying or dead. */
function able(actor: Actor): boolean {
  return !['helpless', 'unconscious', 'dying', 'dead', 'stunned'].some((s) => actor.statuses?.has(s));
}

/**
 * Catch Projectile's "at least one hand free (holding nothing)": the equipped weapons (a two-handed
 * one takes both hands; unarmed and natural attacks none) and an equipped shield other than a
 * buckler take fewer than two hands.
 */
export function hasFreeHand(actor: Actor): boolean {
  let hands = 0;
  for (const item of actor.items.contents) {
    const sys = item.system as unknown as { equipped?: boolean; use?: string; shieldSize?: string };
    if (!sys.equipped) continue;
    if (item.type === 'weapon' && sys.use !== 'unarmed') hands += sys.use === 'two-handed' ? 2 : 1;
    if (item.type === 'shield' && sys.shieldSize !== 'buckler') hands += 1;
  }
  return hands < 2;
}

/** GM: the copy of the attacking weapon put on the holder (caught or reflected); its id. */
async function projectileOnHolder(state: FeatOfferState, holder: Actor): Promise<string> {
  const source = cardState(game.messages.get(state.source));
  const weapon = source ? (fromUuidSync(source.weapon.itemUuid) as Item | null) : null;
  if (!weapon) throw new Refusal('GNG.FeatOffer.Error.NoProjectile', { name: holder.name });
  const data = weapon.toObject() as Record<string, unknown> & { system: Record<string, unknown> };
  const reflected = state.kind === 'reflect-projectiles';
  const system: Record<string, unknown> = { ...data.system, equipped: true };
  // A reflected shot counts no rounds: it is the attacker's shot sent back.
  if (reflected && system.firearm)
    system.firearm = { ...(system.firearm as object), capacity: 0, ammunition: 0 };
  const [created] = (await holder.createEmbeddedDocuments('Item', [
    {
      name: f(reflected ? 'GNG.FeatOffer.ReflectedName' : 'GNG.FeatOffer.CaughtName', {
        weapon: weapon.name,
      }),
      type: weapon.type,
      img: data.img as string | undefined,
      system,
      flags: { [SYSTEM_ID]: { [reflected ? 'reflectedFrom' : 'caughtFrom']: state.source } },
    },
  ])) as Item[];
  if (!created) throw new Refusal('GNG.FeatOffer.Error.NoProjectile', { name: holder.name });
  return created.id as string;
}

/** The round of the begun combat holding the holder (whatever combat a tracker shows), or null. */
function currentRound(holderUuid: string): { combat: string; round: number } | null {
  const holder = fromUuidSync(holderUuid) as Actor | null;
  const combat = combatOf(holder?.documentName === 'Actor' ? holder : null);
  return combat && combat.round > 0 ? { combat: combat.id as string, round: combat.round } : null;
}

/** Epic Flow: whether the holder avoided an attack's damage this combat round (the offer cards say). */
export function epicFlowUsed(holderUuid: string): boolean {
  const round = currentRound(holderUuid);
  if (!round) return false;
  return game.messages.contents.some((m) => {
    const when = featOfferOf(m)?.holder.usedIn;
    return (
      featOfferOf(m)?.holder.actorUuid === holderUuid &&
      when?.combat === round.combat &&
      when.round === round.round
    );
  });
}

/** GM: Epic Flow — the rolled damage of the source card's target set to 0, once per combat round. */
async function avoidDamage(state: FeatOfferState, holder: OfferHolder): Promise<void> {
  if (epicFlowUsed(holder.actorUuid))
    throw new Refusal('GNG.FeatOffer.Error.OncePerRound', { name: holder.name });
  const round = currentRound(holder.actorUuid);
  const message = game.messages.get(state.source);
  const source = cardState(message);
  const target = source?.targets.find((t) => t.id === state.sourceTarget);
  if (!message || !source || !target) throw new Refusal('GNG.FeatOffer.Error.NoSource');
  if (target.applied) throw new Refusal('GNG.FeatOffer.Error.Applied', { name: holder.name });
  if (!target.damage) throw new Refusal('GNG.FeatOffer.Error.NoDamage', { name: holder.name });
  target.damage = { ...target.damage, final: 0, lethal: 0, nonlethal: 0, specialEffects: false };
  delete target.damage.instances;
  await saveCard(message, source);
  holder.usedIn = round;
}

async function take(
  state: FeatOfferState,
  holder: OfferHolder,
  user: User,
  extra: Record<string, unknown>,
): Promise<void> {
  const actor = await actorOf(holder.actorUuid);
  const opponent = await actorOf(state.opponent.actorUuid);
  if (!actor || !opponent || !able(actor))
    throw new Refusal('GNG.FeatOffer.Error.Cannot', { name: holder.name });
  switch (state.kind) {
    case 'clean-up-blow':
      if (!bestMeleeWeapon(actor)) throw new Refusal('GNG.FeatOffer.Error.Cannot', { name: holder.name });
      break;
    case 'redirect-force':
      if (!REDIRECT_MANEUVERS.includes(extra.maneuver as Maneuver))
        throw new Refusal('GNG.Error.Card.BadRequest');
      holder.maneuver = extra.maneuver as Maneuver;
      break;
    case 'catch-projectile':
      if (!hasFreeHand(actor)) throw new Refusal('GNG.FeatOffer.Error.NoFreeHand', { name: holder.name });
      holder.itemId = await projectileOnHolder(state, actor);
      break;
    case 'reflect-projectiles':
      holder.itemId = await projectileOnHolder(state, actor);
      break;
    case 'epic-flow-with-enemy':
      await avoidDamage(state, holder);
      break;
  }
  holder.takenBy = user.id as string;
}

/** Asking client, once the GM recorded the answer: the free attack or maneuver. */
async function freeAttack(messageId: string): Promise<CardActionResult> {
  const state = featOfferOf(game.messages.get(messageId));
  const actor = state ? (fromUuidSync(state.holder.actorUuid) as Actor | null) : null;
  const opponent = state ? (fromUuidSync(state.opponent.actorUuid) as Actor | null) : null;
  if (!state || !actor || !opponent) return { ok: false, error: 'GNG.FeatOffer.Error.NoSource' };
  if (state.kind === 'epic-flow-with-enemy') return { ok: true };
  if (
    state.kind === 'redirect-force' &&
    state.holder.maneuver &&
    (MANEUVERS as readonly string[]).includes(state.holder.maneuver)
  ) {
    await game.gng.maneuver(actor, state.holder.maneuver, { targets: [opponent] });
    return { ok: true };
  }
  const weapon = state.holder.itemId ? actor.items.get(state.holder.itemId) : bestMeleeWeapon(actor);
  const token =
    (state.opponent.tokenId ? tokenOf(opponent, { tokenId: state.opponent.tokenId }) : null) ??
    tokenOf(opponent);
  if (!weapon || !token) {
    ui.notifications.warn(f('GNG.FeatOffer.Error.Cannot', { name: state.holder.name }));
    return { ok: false, error: 'GNG.FeatOffer.Error.Cannot', data: { name: state.holder.name } };
  }
  await startAttack(actor, weapon, {}, [token]);
  return { ok: true };
}

const mayAnswer = (user: User, _state: FeatOfferState, target: OfferHolder) => owns(user, target.actorUuid);
const open = (_state: FeatOfferState, target: OfferHolder) => offerOpen(target);

export const featOfferCard = defineCard<FeatOfferState, OfferHolder, OfferAction>({
  query: FEAT_OFFER_QUERY,
  guard: capabilityGuard('featOffers', 'GNG.Model.Action.featOffer'),
  type: 'featOffer',
  render: renderFeatOffer,
  legacy: legacyFeatOffer,
  legacyFlag: 'featOffer',
  targets: (state) => [state.holder],
  actors: (state) => [state.holder.actorUuid, state.opponent.actorUuid],
  // Epic Flow writes the attack card it answers: its queue too.
  queueKeys: (state) => [state.holder.actorUuid, state.opponent.actorUuid, state.source],
  refusals: offerRefusals('GNG.FeatOffer.Error'),
  actions: {
    featOfferTake: {
      may: mayAnswer,
      available: open,
      parse: payload({ maneuver: 'str?' }),
      fields: (button) => (button.dataset.maneuver ? { maneuver: button.dataset.maneuver } : {}),
      run: ({ state, target, user, extra }) => take(state, target, user, extra),
      after: (messageId) => freeAttack(messageId),
    },
    featOfferDecline: {
      may: mayAnswer,
      available: open,
      parse: payload({}),
      async run({ target, user }) {
        target.declinedBy = user.id as string;
      },
    },
  },
});

/**
 * GM side: posts an offer (speaking as the holder), in the roll mode of the card whose step
 * triggered it: an offer after a hidden result does not reveal it.
 */
export async function postFeatOffer(state: FeatOfferState, holder: Actor): Promise<ChatMessage | null> {
  // Not offered under a combat model without GnG's feat offers (model-guard.ts).
  if (!modelOffers('featOffers')) return null;
  const { mode, roller } = inheritedRollMode(game.messages.get(state.source));
  const data = withRollMode(
    { speaker: ChatMessage.getSpeaker({ actor: holder }) },
    mode,
    roller ?? game.user,
  );
  return (await postCard('featOffer', state, data)) ?? null;
}
