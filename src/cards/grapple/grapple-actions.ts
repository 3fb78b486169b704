/**
 * The GM's handler of the grapple card (`gng.grappleAction`): it checks the request and who sent it,
 * queues it behind every earlier action on the card and on its actors, posts new cards (a grapple, a
 * join, a Stab and Grab hold) and runs the card's actions, re-deriving every number.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { WeaponData } from '../../data/item/item-data.js';
import {
  attackOfOpportunityStopsGrapple,
  canJoinGrapple,
  resolveAttack,
  type Size,
} from '../../rules/index.js';
import { actorOf, Refusal, refusal, serialized, type CardActionResult } from '../kernel/index.js';
import {
  abilitiesOf,
  aooOpen,
  creature,
  GRAPPLE_ACTIONS,
  grappleActionAvailable,
  grappleState,
  grappleUserMayAct,
  hasFeat,
  isSide,
  isSided,
  keptDie,
  keptFor,
  mayActDespiteConditions,
  moveSide,
  other,
  t,
  undoRefusal,
  uuidOf,
  type GrappleAction,
  type GrappleCardState,
  type GrapplePending,
  type GrappleSide,
  type GrappleStep,
} from './grapple-state.js';
import { activeGrapplesOf, grappleQueueKeys } from './grapple-index.js';
import {
  checkBonus,
  grappleWeaponChoices,
  hitPoints,
  roll,
  rollTouchAttack,
  rollTouchDefense,
  zeroRoll,
} from './grapple-checks.js';
import { renderGrappleCard } from './grapple-render.js';
import { afterGrab, chooseThrow, newStep, resolve, rollOtherGrapplers } from './grapple-moves.js';
import { undoStep } from './grapple-undo.js';

const REQUEST_KEYS = new Set(['messageId', 'action']);
const SIDED_KEYS = new Set(['messageId', 'action', 'side']);
const THROW_KEYS = new Set(['messageId', 'action', 'feet', 'keep']);
const WEAPON_KEYS = new Set(['messageId', 'action', 'side', 'itemId']);
const START_KEYS = new Set(['action', 'actorUuid', 'targetUuid', 'tokenId']);

/** `CONFIG.queries['gng.grappleAction']`: runs on the active GM (`action: 'start'` posts a card); never throws. */
export async function handleGrappleAction(
  data: Record<string, unknown>,
  sender: User,
): Promise<CardActionResult> {
  if (typeof data !== 'object' || data === null) return { ok: false, error: 'GNG.Error.Attack.BadRequest' };
  try {
    const bad = () => new Refusal('GNG.Error.Attack.BadRequest');
    if (data.action === 'start') {
      if (Object.keys(data).some((key) => !START_KEYS.has(key))) throw bad();
      const { actorUuid, targetUuid, tokenId } = data;
      if (typeof actorUuid !== 'string' || typeof targetUuid !== 'string') throw bad();
      if (!(tokenId === null || typeof tokenId === 'string')) throw bad();
      // Queued on both actors and their grapples, so two grapples of one target are never posted at once.
      return serialized(grappleQueueKeys(null, [actorUuid, targetUuid]), async () => {
        const message = await postCard(actorUuid, targetUuid, tokenId, sender);
        return { ok: true, messageId: message.id as string };
      });
    }
    const keys =
      data.action === 'weapon'
        ? WEAPON_KEYS
        : data.action === 'throwChoice'
          ? THROW_KEYS
          : isSided(String(data.action))
            ? SIDED_KEYS
            : REQUEST_KEYS;
    if (Object.keys(data).some((key) => !keys.has(key))) throw bad();
    if (typeof data.messageId !== 'string' || !(GRAPPLE_ACTIONS as readonly unknown[]).includes(data.action))
      throw bad();
    let weapon: { side: GrappleSide; itemId: string | null } | null = null;
    if (data.action === 'weapon') {
      if (!isSide(data.side) || !(data.itemId === null || typeof data.itemId === 'string')) throw bad();
      weapon = { side: data.side, itemId: data.itemId || null };
    }
    if ('side' in data && data.action !== 'weapon' && !isSide(data.side)) throw bad();
    let choice: { feet: number; keep: boolean } | null = null;
    if (data.action === 'throwChoice') {
      const feet = data.feet;
      if (typeof feet !== 'number' || !Number.isInteger(feet) || feet < 0 || typeof data.keep !== 'boolean')
        throw bad();
      if (feet > 0 && data.keep) throw bad();
      choice = { feet, keep: data.keep };
    }
    const side = isSide(data.side) ? data.side : undefined;
    const messageId = data.messageId;
    const action = data.action as GrappleAction;
    return serialized(grappleQueueKeys(messageId), () =>
      runAction(messageId, action, sender, weapon, side, choice),
    );
  } catch (error) {
    return refusal(error);
  }
}

async function createCard(state: GrappleCardState, attacker: Actor): Promise<ChatMessage> {
  const message = await ChatMessage.create({
    content: await renderGrappleCard(state),
    speaker: ChatMessage.getSpeaker({ actor: attacker }),
    flags: { [SYSTEM_ID]: { type: 'grappleCard', grapple: state } },
  });
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  Hooks.callAll('gng.grapple', message);
  return message;
}

async function postCard(actorUuid: string, targetUuid: string, tokenId: string | null, user: User) {
  const attacker = await actorOf(actorUuid);
  if (!attacker) throw new Refusal('GNG.Error.Attack.NoActor', { name: actorUuid });
  if (!attacker.testUserPermission(user, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: attacker.name });
  const defender = await actorOf(targetUuid);
  if (!defender || defender === attacker) throw new Refusal('GNG.Error.Attack.UnknownTarget');
  const token = tokenId ? defender.getActiveTokens().find((tk) => tk.id === tokenId) : undefined;
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
  const state = newGrappleState('grapple', attacker, defender, token, {
    provokes,
    phase: 'grab',
    // No attack of opportunity to wait for: the touch attack is rolled at once.
    pending:
      provokes || joining
        ? null
        : { move: 'touch', side: 'attacker', by: user.id as string, roll: await rollTouchAttack(attacker) },
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
      roll: await roll(checkBonus(state, 'attacker', attacker, 'start')),
    };
  }
  return createCard(state, attacker);
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
}): Promise<ChatMessage | null> {
  const { attacker, defender, tokenId, user, bonus } = options;
  if (options.source !== 'stab-and-grab' || !Number.isInteger(bonus) || bonus < 0)
    throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!attacker || !defender || attacker === defender) throw new Refusal('GNG.Error.Attack.UnknownTarget');
  if (!attacker.testUserPermission(user, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: attacker.name });
  const token = tokenId ? defender.getActiveTokens().find((tk) => tk.id === tokenId) : undefined;
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
  state.pending = {
    move: 'start',
    side: 'attacker',
    by: user.id as string,
    roll: await roll(checkBonus(state, 'attacker', attacker, 'start')),
  };
  return createCard(state, attacker);
}

/** A new card's state: `attacker` grapples `defender` (shown by its token's name), nothing rolled yet. */
function newGrappleState(
  source: GrappleCardState['source'],
  attacker: Actor,
  defender: Actor,
  token: Token | null | undefined,
  start: Pick<GrappleCardState, 'phase'> & Partial<Pick<GrappleCardState, 'provokes' | 'pending' | 'bonus'>>,
): GrappleCardState {
  return {
    version: 2,
    source,
    attacker: { actorUuid: attacker.uuid, name: attacker.name, weaponId: null },
    defender: {
      actorUuid: defender.uuid,
      name: token?.document.name || defender.name,
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

/** The refusal of an action that is not available now, with the reason where one is known. */
function unavailable(action: GrappleAction, state: GrappleCardState): Refusal {
  // G17: the grappler waits for the defender's attack of opportunity (taken or declined).
  if (action === 'touch' && aooOpen(state))
    return new Refusal('GNG.Grapple.Error.AooPending', { name: state.defender.name });
  return new Refusal(`GNG.Grapple.Error.Unavailable.${action}`);
}

async function runAction(
  messageId: string,
  action: GrappleAction,
  user: User,
  weapon: { side: GrappleSide; itemId: string | null } | null,
  requestedSide?: GrappleSide,
  choice: { feet: number; keep: boolean } | null = null,
): Promise<void> {
  const message = game.messages.get(messageId);
  const stored = grappleState(message);
  // Only the GM writes grapple cards: a card another user wrote is not trusted.
  if (!message || !stored || !message.author?.isGM) throw new Refusal('GNG.Grapple.Error.NoCard');
  const state = structuredClone(stored);
  const attacker = await actorOf(state.attacker.actorUuid);
  const defender = await actorOf(state.defender.actorUuid);
  if (!attacker || !defender) throw new Refusal('GNG.Error.Attack.NoActor', { name: state.defender.name });
  const actorFor = (side: GrappleSide) => (side === 'attacker' ? attacker : defender);
  const actingSide = isSided(action) ? (requestedSide ?? moveSide(action)) : moveSide(action);
  if (action === 'undo' && state.steps.length && grappleActionAvailable('undo', state, false)) {
    const why = undoRefusal(user, state);
    if (why) throw new Refusal(why.key, why.data);
  }
  if (!grappleUserMayAct(user, action, state, weapon?.side ?? (isSided(action) ? actingSide : undefined)))
    throw new Refusal('GNG.Grapple.Error.NotAllowed', { name: user.name });
  const who = abilitiesOf(actorFor(actingSide));
  if (!grappleActionAvailable(action, state, who.advanced, who.held)) throw unavailable(action, state);
  if (!mayActDespiteConditions(action, who))
    throw new Refusal('GNG.Grapple.Error.CannotAct', {
      name: actorFor(actingSide).name,
      condition: t(`GNG.Status.${who.cannotAct}`),
    });

  if (action === 'undo') {
    const step = state.steps.pop() as GrappleStep;
    const notes = await undoStep(state, step, messageId);
    state.undoNotes = notes.length ? { move: step.move, notes } : null;
  } else {
    state.undoNotes = null;
    await act(state, action, user, { attacker, defender, actingSide, weapon, choice, messageId });
  }
  await message.update({ content: await renderGrappleCard(state), [`flags.${SYSTEM_ID}.grapple`]: state });
}

interface ActContext {
  attacker: Actor;
  defender: Actor;
  actingSide: GrappleSide;
  weapon: { side: GrappleSide; itemId: string | null } | null;
  choice: { feet: number; keep: boolean } | null;
  messageId: string;
}

/** Every action but Undo, on `state` (checked: allowed and available). */
async function act(state: GrappleCardState, action: GrappleAction, user: User, c: ActContext): Promise<void> {
  const { attacker, defender, messageId } = c;
  const actorFor = (side: GrappleSide) => (side === 'attacker' ? attacker : defender);
  if (action === 'throwChoice')
    await chooseThrow(state, c.choice as { feet: number; keep: boolean }, attacker, defender, messageId);
  else if (action === 'weapon') {
    const { side, itemId } = c.weapon as { side: GrappleSide; itemId: string | null };
    if (itemId && !grappleWeaponChoices(actorFor(side), state).some((item) => item.id === itemId))
      throw new Refusal('GNG.Grapple.Error.NoWeapon');
    const current = side === 'attacker' ? state.attacker : state.defender;
    if (current.weaponId === itemId) throw new Refusal('GNG.Grapple.Error.SameWeapon');
    current.weaponId = itemId;
  } else if (action === 'aoo') {
    state.aoo = { by: user.id as string, hp: hitPoints(attacker) };
  } else if (action === 'declineAoo') {
    state.aooDeclinedBy = user.id as string;
  } else if (action === 'oppose') {
    const pending = state.pending as GrapplePending;
    const answering = other(pending.side);
    const opponent = actorFor(answering);
    // G16: the check made again after an Undo: the side that lost it keeps its dice.
    const kept = keptFor(state, pending.move, pending.side);
    const answerDie = kept?.loser === answering ? kept : null;
    state.pending = null;
    if (pending.move === 'touch') {
      const defense = await rollTouchDefense(opponent, answerDie);
      if (kept) state.kept?.pop();
      const r = resolveAttack(pending.roll.total, defense.total);
      const step = newStep(state, pending, user);
      step.opponent = defense;
      step.won = r.hit;
      step.relativeDegree = r.relativeDegree;
      state.steps.push(step);
      if (r.hit) await afterGrab(state, attacker, defender, user, pending.by);
      else state.phase = 'ended';
    } else {
      // The opponent always answers with its grapple check (Escape Artist is the escaper's option).
      const opp = await roll(checkBonus(state, answering, opponent, 'start'), answerDie);
      const escaping = pending.move === 'escape' || pending.move === 'escapeArtist';
      const others = escaping
        ? await rollOtherGrapplers(actorFor(pending.side), messageId, kept?.others ?? {})
        : [];
      if (kept) state.kept?.pop();
      state.steps.push(
        await resolve(state, pending, opp, actorFor(pending.side), opponent, user, messageId, others),
      );
    }
  } else if (
    action === 'touch' &&
    state.aoo &&
    attackOfOpportunityStopsGrapple(state.aoo.hp, hitPoints(attacker))
  ) {
    // Core "Attack of Opportunity": "If the attack of opportunity deals the character damage, the
    // character fails to start the grapple."
    const step = newStep(
      state,
      { move: 'touch', side: 'attacker', by: user.id as string, roll: zeroRoll() },
      user,
    );
    step.reason = 'aooDamage';
    state.steps.push(step);
    state.phase = 'ended';
  } else {
    const side = c.actingSide;
    const move = action as GrapplePending['move'];
    const die = keptDie(state, move, side, side);
    state.pending = {
      move,
      side,
      by: user.id as string,
      roll:
        action === 'touch'
          ? await rollTouchAttack(attacker, die)
          : await roll(checkBonus(state, side, actorFor(side), move), die),
    };
  }
}
