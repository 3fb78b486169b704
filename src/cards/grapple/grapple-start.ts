/**
 * New grapple cards, posted on the GM's client: a grapple started from the sheet or the token HUD
 * (the card's `start` request, queued on both actors and their grapples), a join, and the hold a
 * Stab and Grab hit opens ({@link openGrappleOnHit}, un-queued: it runs inside the attack card's queue).
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { WeaponData } from '../../data/item/item-data.js';
import { canJoinGrapple, type Size } from '../../rules/index.js';
import {
  actorOf,
  inheritedRollMode,
  postCard as postTypedCard,
  Refusal,
  serialized,
  withRollMode,
  payload,
  type RollMode,
} from '../kernel/index.js';
import { creature, other, uuidOf, type GrappleCardState } from './grapple-rules.js';
import { activeGrapplesOf, grappleQueueKeys } from './grapple-index.js';
import { checkBonus, roll, rollTouchAttack } from './grapple-checks.js';
import { viewNow } from './grapple-view.js';
import { hasFeat } from '../../documents/actor-feats.js';
import { tokenOf } from '../../combat/scene-lookup.js';

/** The start request's fields (its `action` aside): the actors' uuids and the target's token (or null). */
export const parseGrappleStart = payload(
  { actorUuid: 'str', targetUuid: 'str', tokenId: { kind: 'str', nullable: true } },
  'GNG.Error.Attack.BadRequest',
);

/**
 * GM side, the request `{ action: 'start', actorUuid, targetUuid, tokenId }` ({@link parseGrappleStart}): the
 * proven sender's actor grapples the target. Queued on both actors and their grapples, so two
 * grapples of one target are never posted at once.
 */
export async function startGrappleCard(
  data: Record<string, unknown>,
  sender: User,
  rollMode: RollMode,
): Promise<ChatMessage> {
  const { actorUuid, targetUuid, tokenId } = data as {
    actorUuid: string;
    targetUuid: string;
    tokenId: string | null;
  };
  let posted: ChatMessage | undefined;
  // Queued on the actors' own uuids (any spelling of one that resolves waits in the same queue).
  const keys = await Promise.all(
    [actorUuid, targetUuid].map(async (uuid) => (await actorOf(uuid))?.uuid ?? uuid),
  );
  const result = await serialized(grappleQueueKeys(null, keys), async () => {
    posted = await postCard(actorUuid, targetUuid, tokenId, sender, rollMode);
  });
  if (!result.ok) throw new Refusal(result.error, result.data);
  return posted as ChatMessage;
}

/** Posts the card; the rolls made for it (a touch attack, a hold check) are its `rolls`, as on every card. */
async function createCard(
  state: GrappleCardState,
  attacker: Actor,
  rolls: Roll[],
  rollMode: RollMode,
  user: User,
): Promise<ChatMessage> {
  // What every client draws of the two actors (grapple-view.ts).
  state.view = viewNow(state);
  const message = await postTypedCard(
    'grapple',
    state,
    withRollMode(
      {
        rolls,
        speaker: ChatMessage.getSpeaker({ actor: attacker }),
        flags: { [SYSTEM_ID]: { type: 'grappleCard' } },
      },
      rollMode,
      user,
    ),
  );
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  Hooks.callAll('gng.grapple', message);
  return message;
}

async function postCard(
  actorUuid: string,
  targetUuid: string,
  tokenId: string | null,
  user: User,
  rollMode: RollMode,
) {
  const attacker = await actorOf(actorUuid);
  if (!attacker) throw new Refusal('GNG.Error.Attack.NoActor', { name: actorUuid });
  if (!attacker.testUserPermission(user, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: attacker.name });
  const defender = await actorOf(targetUuid);
  if (!defender || defender === attacker) throw new Refusal('GNG.Error.Attack.UnknownTarget');
  const token = tokenId ? tokenOf(defender, { tokenId }) : undefined;
  if (tokenId && !token) throw new Refusal('GNG.Error.Attack.UnknownTarget');
  // Already in a grapple with someone else: the attacker joins it (within the limit of four).
  const existing = activeGrapplesOf(defender.uuid);
  if (existing.some((g) => uuidOf(g.state, other(g.side)) === attacker.uuid))
    throw new Refusal('GNG.Grapple.Error.Already', { name: attacker.name, target: defender.name });
  const joining = existing.length > 0;
  if (joining) {
    const sizes = existing.map((g) => {
      const a = fromUuidSync(uuidOf(g.state, other(g.side))) as Actor | null;
      return (a ? creature(a).size : 'medium') as Size;
    });
    if (!canJoinGrapple(sizes, creature(attacker).size as Size, creature(defender).size as Size))
      throw new Refusal('GNG.Grapple.Error.TooMany', { target: defender.name });
  }
  const provokes = !joining && !hasFeat(attacker, 'improved-grapple');
  const rolls: Roll[] = [];
  const state = newGrappleState('grapple', attacker, defender, token, {
    provokes,
    phase: 'grab',
    // No attack of opportunity to wait for: the touch attack is rolled at once.
    pending:
      provokes || joining
        ? null
        : {
            move: 'touch',
            side: 'attacker',
            by: user.id as string,
            roll: await rollTouchAttack(attacker, rolls),
          },
  });
  if (joining) {
    // Core "Joining a Grapple": "the target doesn't get an attack of opportunity against the
    // character, and the character's grab automatically succeeds" — straight to the hold.
    state.join = true;
    state.phase = 'starting';
    state.pending = {
      move: 'start',
      side: 'attacker',
      by: user.id as string,
      roll: await roll(checkBonus(state, 'attacker', attacker, 'start'), rolls),
    };
  }
  return createCard(state, attacker, rolls, rollMode, user);
}

/**
 * GM side, after a Stab and Grab hit (GnG "Stab and Grab": "You immediately perform a grapple check,
 * with a +4 bonus on your roll, to initiate a grapple … If you win the check, you are now
 * grappling"): posts a grapple card at the hold — no attack of opportunity, no touch attack (the hit
 * was the grab) — with the attacker's hold check already rolled with `+bonus`, waiting for the
 * defender's Grapple check; a won hold links both actors as any grapple does. The attacker keeps
 * `+bonus` on its grapple checks while the weapon stays lodged (`lodgedWeaponId`; without it, while the
 * card lasts), shown on the card; with `lodgedWeaponId` either side may try to remove the weapon
 * (opposed check; `stabAndGrabRemovalDamage`, ignoring Protection, with Undo). Throws a
 * {@link Refusal} on bad input (the caller's GM handler relays it to the asking user). Runs inside
 * the attack card's queue (which holds both actors), so it is not queued again here.
 */
export async function openGrappleOnHit(options: {
  attacker: Actor;
  defender: Actor;
  tokenId: string | null;
  user: User;
  bonus: number;
  source: 'stab-and-grab';
  lodgedWeaponId?: string;
  /** The attack card whose roll mode (and its roller) the grapple card takes (default public). */
  rollModeOf?: ChatMessage;
}): Promise<ChatMessage | null> {
  const { attacker, defender, tokenId, user, bonus } = options;
  if (options.source !== 'stab-and-grab' || !Number.isInteger(bonus) || bonus < 0)
    throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!attacker || !defender || attacker === defender) throw new Refusal('GNG.Error.Attack.UnknownTarget');
  if (!attacker.testUserPermission(user, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: attacker.name });
  const token = tokenId ? tokenOf(defender, { tokenId }) : undefined;
  let weapon: NonNullable<GrappleCardState['bonus']>['weapon'] = null;
  if (options.lodgedWeaponId !== undefined) {
    const item = attacker.items.get(options.lodgedWeaponId);
    if (!item || item.type !== 'weapon') throw new Refusal('GNG.Grapple.Error.NoWeapon');
    const w = item.system as WeaponData;
    const dice = w.damage[creature(attacker).size as Size] || w.damage[w.size] || '';
    if (!dice) throw new Refusal('GNG.Grapple.Error.NoWeapon');
    weapon = { itemId: item.id as string, name: item.name, damageDice: dice };
  }
  const state = newGrappleState('stab-and-grab', attacker, defender, token, {
    phase: 'starting',
    bonus: { value: bonus, source: 'stab-and-grab', weapon, removed: false },
  });
  const rolls: Roll[] = [];
  state.pending = {
    move: 'start',
    side: 'attacker',
    by: user.id as string,
    roll: await roll(checkBonus(state, 'attacker', attacker, 'start'), rolls),
  };
  const inherited = inheritedRollMode(options.rollModeOf);
  return createCard(state, attacker, rolls, inherited.mode, inherited.roller ?? user);
}

/** A new card's state: `attacker` grapples `defender` (shown by its token's name), nothing rolled yet. */
function newGrappleState(
  source: GrappleCardState['source'],
  attacker: Actor,
  defender: Actor,
  token: TokenDocument | null | undefined,
  start: Pick<GrappleCardState, 'phase'> & Partial<Pick<GrappleCardState, 'provokes' | 'pending' | 'bonus'>>,
): GrappleCardState {
  return {
    version: 2,
    source,
    attacker: { actorUuid: attacker.uuid, name: attacker.name, weaponId: null },
    defender: {
      actorUuid: defender.uuid,
      name: token?.name || defender.name,
      tokenId: token?.id ?? null,
      weaponId: null,
    },
    provokes: false,
    aoo: null,
    aooDeclinedBy: null,
    pending: null,
    steps: [],
    join: false,
    throwChoice: null,
    bonus: null,
    kept: [],
    undoNotes: null,
    ...start,
  };
}
