/**
 * When a feat offer's trigger happens (active GM only, from the hooks the cards call after a step):
 * - `gng.applyDamage` (attack card) / `gng.applyManeuver` (maneuver card): the step made the defender
 *   stunned, unconscious (dying brings unconscious) or prone, and the attacker has Clean-up Blow;
 * - `gng.defense`: a melee attack missed a defender with Redirect Force; an attack struck a defender
 *   with Epic Flow with Enemy that flows with the attacker;
 * - `gng.abort` 'block': a won Block of a ranged attack (Reflect Projectiles), of a thrown weapon
 *   through Block Projectile (Catch Projectile).
 * One offer per source card, target and feat (an Undo and a second Apply offer nothing new).
 */
import { expandConditions } from '../../rules/index.js';
import { isActiveGM } from '../../documents/active-gm.js';
import { EPIC_FLOW_WITH_ENEMY, flowsWith } from '../../combat/opponent-feats.js';
import { track } from '../kernel/index.js';
import { cardState, type CardTarget } from '../attack/attack-state.js';
import { maneuverState, type ManeuverTarget } from '../maneuver/maneuver-state.js';
import { featOfferModule } from './feat-offer-register.js';
import { featOfferOf, type FeatOfferState, type OfferKind } from './feat-offer-state.js';
import { hasFeat } from '../../documents/actor-feats.js';
import { tokenOf } from '../../combat/scene-lookup.js';

/** "When you stun an opponent, render him unconscious, or knock him prone". */
const CLEAN_UP_STATUSES = ['stunned', 'unconscious', 'prone'];

const actorAt = (uuid: string | null | undefined) => (uuid ? (fromUuidSync(uuid) as Actor | null) : null);

/** Posts the offer unless one for this source, target and feat exists. */
async function offer(
  kind: OfferKind,
  holder: Actor,
  opponent: Actor,
  opponentTokenId: string | null,
  source: string,
  sourceTarget: string,
): Promise<void> {
  const exists = game.messages.contents.some((m) => {
    const other = featOfferOf(m);
    return other?.kind === kind && other.source === source && other.sourceTarget === sourceTarget;
  });
  if (exists) return;
  const state: FeatOfferState = {
    kind,
    holder: { id: 'holder', actorUuid: holder.uuid, name: holder.name, takenBy: null, declinedBy: null },
    opponent: { actorUuid: opponent.uuid, name: opponent.name, tokenId: opponentTokenId },
    source,
    sourceTarget,
  };
  // The card (feat-offer-actions.ts) is loaded by its first offer (issue #29).
  await (await featOfferModule()).postFeatOffer(state, holder);
}

/** The attacker's token (the target of a free attack back at it; scene-lookup.ts). */
const tokenIdOf = (actor: Actor) => tokenOf(actor)?.id ?? null;

/** Clean-up Blow after a step that added `added` statuses to `defender`. */
function cleanUp(
  attacker: Actor | null,
  defender: Actor | null,
  added: readonly string[],
  source: string,
  targetId: string,
  tokenId: string | null,
) {
  // A dead opponent is no one to attack.
  if (!attacker || !defender || !hasFeat(attacker, 'clean-up-blow') || defender.statuses?.has('dead')) return;
  const now = expandConditions(added);
  if (!CLEAN_UP_STATUSES.some((s) => now.has(s))) return;
  void track(offer('clean-up-blow', attacker, defender, tokenId, source, targetId));
}

/** Clean-up Blow after the step that applied `target` of the attack or maneuver card `message`. */
function cleanUpAfter(
  message: ChatMessage,
  state: { attacker: { actorUuid: string } } | null,
  target: CardTarget | ManeuverTarget,
): void {
  if (!state || !target.applied) return;
  cleanUp(
    actorAt(state.attacker.actorUuid),
    actorAt(target.actorUuid),
    target.applied.statusesAdded,
    message.id as string,
    target.id,
    target.tokenId,
  );
}

function afterApply(message: ChatMessage, target: CardTarget): void {
  if (isActiveGM()) cleanUpAfter(message, cardState(message), target);
}

function afterManeuver(message: ChatMessage, target: ManeuverTarget): void {
  if (isActiveGM()) cleanUpAfter(message, maneuverState(message), target);
}

function afterDefense(message: ChatMessage, target: CardTarget): void {
  if (!isActiveGM()) return;
  const state = cardState(message);
  const attacker = state ? actorAt(state.attacker.actorUuid) : null;
  const defender = actorAt(target.actorUuid);
  if (!state || !attacker || !defender || target.kind !== 'creature' || !target.result) return;
  const id = message.id as string;
  if (!target.result.hit && state.weapon.mode === 'melee' && hasFeat(defender, 'redirect-force'))
    void track(offer('redirect-force', defender, attacker, tokenIdOf(attacker), id, target.id));
  // Once per round: no offer once the holder has used it this round (read from the offer cards).
  const epic = hasFeat(defender, EPIC_FLOW_WITH_ENEMY);
  if (target.result.hit && epic && flowsWith(defender, attacker))
    void track(
      featOfferModule().then(({ epicFlowUsed }) =>
        epicFlowUsed(defender.uuid)
          ? undefined
          : offer('epic-flow-with-enemy', defender, attacker, tokenIdOf(attacker), id, target.id),
      ),
    );
}

/** Whether the card's attacking weapon is thrown (its item's use). */
function thrownWeapon(itemUuid: string): boolean {
  const item = fromUuidSync(itemUuid) as Item | null;
  return (item?.system as unknown as { use?: string } | undefined)?.use === 'thrown';
}

function afterBlock(message: ChatMessage, target: CardTarget, abort: string): void {
  if (!isActiveGM() || abort !== 'block') return;
  const state = cardState(message);
  const block = target.aborts?.block;
  const attacker = state ? actorAt(state.attacker.actorUuid) : null;
  const defender = actorAt(target.actorUuid);
  if (!state || !block?.blocked || !attacker || !defender || state.weapon.mode !== 'ranged') return;
  const id = message.id as string;
  // "When using the Block Projectiles feat you may catch the weapon … hurl a thrown weapon back".
  const viaFeat = block.via === 'block-projectile' || block.via === 'epic-block-projectile';
  if (viaFeat && thrownWeapon(state.weapon.itemUuid) && hasFeat(defender, 'catch-projectile'))
    void track(offer('catch-projectile', defender, attacker, tokenIdOf(attacker), id, target.id));
  if (hasFeat(defender, 'reflect-projectiles'))
    void track(offer('reflect-projectiles', defender, attacker, tokenIdOf(attacker), id, target.id));
}

/** The hooks that offer a feat (src/hooks/register-hooks.ts). */
export const featOfferTriggers = { afterApply, afterManeuver, afterDefense, afterBlock };
