/**
 * The GM resolves a grapple card's opposed checks with the engine: the hold, damage, pin, choke,
 * lock, throw (and the thrower's choice), escapes (from several grapplers: core "Multiple
 * Grapplers"), and the lodged weapon's removal. Each resolved step records what it changed.
 */
import {
  canAttemptHold,
  chokeEffectRounds,
  CHOKE_EFFECT,
  escapeEnds,
  resolveChokeSave,
  resolveEscape,
  resolveGrappleCheck,
  resolveGrappleManeuver,
  resolvePin,
  throwEndsGrapple,
  type Size,
} from '../../rules/index.js';
import { actorOf, Refusal } from '../kernel/index.js';
import {
  creature,
  keptDie,
  other,
  uuidOf,
  type GrappleCardState,
  type GrapplePending,
  type GrappleRoll,
  type GrappleStep,
} from './grapple-rules.js';
import { activeGrapplesOf, type ActiveGrapple } from './grapple-index.js';
import { checkBonus, roll, zeroRoll } from './grapple-checks.js';
import {
  addStatus,
  addTimed,
  clearInto,
  dealDamage,
  hasAnatomy,
  lockRounds,
  removeLodgedWeapon,
} from './grapple-outcomes.js';
import { saveGrappleCard } from './grapple-render.js';

/** A new step of `pending`, resolved by `user`'s click (the move's own user is `pending.by`). */
export function newStep(state: GrappleCardState, pending: GrapplePending, user: User): GrappleStep {
  return {
    move: pending.move,
    side: pending.side,
    by: user.id as string,
    startedBy: pending.by,
    actor: pending.roll,
    opponent: null,
    won: false,
    relativeDegree: 0,
    reason: null,
    damage: null,
    save: null,
    throwMaxFeet: 0,
    throwFeet: 0,
    throwKept: null,
    added: [],
    removed: [],
    timed: [],
    weaponRemoved: false,
    others: [],
    mirrorOf: null,
    hpBefore: null,
    phaseBefore: state.phase,
    ...(pending.ally ? { ally: pending.ally } : {}),
  };
}

/**
 * The grab hit: the hold check is rolled at once (core "Hold": a free action) for the user who made
 * the touch attack (`by`), or fails by size.
 */
export async function afterGrab(
  state: GrappleCardState,
  attacker: Actor,
  defender: Actor,
  user: User,
  by: string,
  rolls: Roll[],
): Promise<void> {
  if (!canAttemptHold(creature(attacker).size as Size, creature(defender).size as Size)) {
    const step = newStep(state, { move: 'start', side: 'attacker', by, roll: zeroRoll() }, user);
    step.reason = 'holdTooLarge';
    state.steps.push(step);
    state.phase = 'ended';
    return;
  }
  state.phase = 'starting';
  state.pending = {
    move: 'start',
    side: 'attacker',
    by,
    roll: await roll(
      checkBonus(state, 'attacker', attacker, 'start'),
      rolls,
      keptDie(state, 'start', 'attacker', 'attacker'),
    ),
  };
}

export interface OtherGrappler {
  grapple: ActiveGrapple;
  actor: Actor;
  roll: GrappleRoll;
}

/**
 * The GM rolls the grapple check of every other grappler holding `escaper` (on other cards); a d20
 * kept from an undone escape (`kept`, by card) stays (G16).
 */
export async function rollOtherGrapplers(
  escaper: Actor,
  messageId: string,
  rolls: Roll[],
  kept: Record<string, number> = {},
): Promise<OtherGrappler[]> {
  const found: OtherGrappler[] = [];
  for (const grapple of activeGrapplesOf(escaper.uuid, messageId)) {
    const side = other(grapple.side);
    const actor = await actorOf(uuidOf(grapple.state, side));
    if (!actor) continue;
    const natural = kept[grapple.message.id as string];
    const bonus = checkBonus(grapple.state, side, actor, 'start');
    const die = natural === undefined ? null : { natural };
    found.push({ grapple, actor, roll: await roll(bonus, rolls, die) });
  }
  return found;
}

/**
 * A won escape from several grapplers ends the other cards too: each gets a mirrored step (its
 * statuses cleared there, its phase ended) that only the escape's own Undo reverts.
 */
async function endOtherGrapple(
  o: OtherGrappler,
  main: GrappleStep,
  user: User,
  mainMessageId: string,
): Promise<void> {
  const otherId = o.grapple.message.id as string;
  const state = structuredClone(o.grapple.state);
  const escaperSide = o.grapple.side;
  const mirror = newStep(
    state,
    { move: main.move, side: escaperSide, by: main.startedBy ?? (user.id as string), roll: main.actor },
    user,
  );
  mirror.opponent = o.roll;
  mirror.won = true;
  mirror.relativeDegree = main.actor.total - o.roll.total;
  mirror.mirrorOf = mainMessageId;
  state.phase = 'ended';
  const escaper = await actorOf(uuidOf(state, escaperSide));
  for (const status of ['pinned', 'locked', 'grappling']) {
    await clearInto(mirror.removed, o.actor, status, otherId);
    // The escaper's own `grappling` goes with the last card (the escape's card).
    if (escaper && status !== 'grappling') await clearInto(mirror.removed, escaper, status, otherId);
  }
  state.steps.push(mirror);
  await saveGrappleCard(o.grapple.message, state);
}

/** The opposed check of `pending` against the answer `opp`: the step, with what it changed. */
export async function resolve(
  state: GrappleCardState,
  pending: GrapplePending,
  opp: GrappleRoll,
  actor: Actor,
  opponent: Actor,
  user: User,
  messageId: string,
  rolls: Roll[],
  others: OtherGrappler[] = [],
): Promise<GrappleStep> {
  const { move, side } = pending;
  const step = newStep(state, pending, user);
  step.opponent = opp;
  const add = (target: Actor, status: string, partner?: Actor) => addStatus(step, target, status, partner);
  const clear = (target: Actor, status: string) => clearInto(step.removed, target, status, messageId);
  const endGrapple = async () => {
    for (const status of ['grappling', 'pinned', 'locked']) {
      await clear(actor, status);
      await clear(opponent, status);
    }
    state.phase = 'ended';
  };
  // The side the grapple damages (the defender) and who deals it (the attacker).
  const attackerActor = side === 'attacker' ? actor : opponent;
  const defenderActor = side === 'attacker' ? opponent : actor;

  if (move === 'escape' || move === 'escapeArtist') {
    // Core "Multiple Grapplers": "to escape, a character's grapple check must beat the check results of all opponents".
    const r = resolveEscape(pending.roll.total, [opp.total, ...others.map((o) => o.roll.total)]);
    step.won = r.escaped;
    step.relativeDegree = r.margin;
    step.others = others.map((o) => ({
      messageId: o.grapple.message.id as string,
      name: o.actor.name,
      roll: o.roll,
      ended: false,
    }));
    if (!r.escaped) return step;
    // Core "Escape from Pin" / GnG "Locked": escaping a pin or lock leaves the grapple on.
    if (
      escapeEnds({ pinned: actor.statuses.has('pinned'), locked: actor.statuses.has('locked') }) === 'hold'
    ) {
      await clear(actor, 'pinned');
      await clear(actor, 'locked');
    } else {
      for (const [index, o] of others.entries()) {
        await endOtherGrapple(o, step, user, messageId);
        (step.others[index] as GrappleStep['others'][number]).ended = true;
      }
      await endGrapple();
    }
    return step;
  }
  if (move === 'breakPin') {
    // Core "Break Another's Pin": a won check breaks the pinner's hold on the ally (`actor`, the
    // pinned side); the grapple goes on ("Escape from Pin": "still being grappled").
    const r = resolveGrappleCheck(pending.roll.total, opp.total);
    step.won = r.won;
    step.relativeDegree = r.relativeDegree;
    if (r.won) await clear(actor, 'pinned');
    return step;
  }
  if (move === 'removeWeapon' || move === 'pullWeapon') {
    const r = resolveGrappleCheck(pending.roll.total, opp.total);
    step.won = r.won;
    step.relativeDegree = r.relativeDegree;
    if (!r.won) return step;
    await removeLodgedWeapon(state, step, defenderActor, rolls);
    return step;
  }
  if (move === 'choke' || move === 'lock' || move === 'throw') {
    const r = resolveGrappleManeuver(move, pending.roll.total, opp.total);
    step.won = r.won;
    step.relativeDegree = r.relativeDegree;
    step.actor = { ...pending.roll, total: r.attackerTotal };
    if (!r.won) return step;
    if (r.dealsDamage) await dealDamage(state, step, actor, opponent, move === 'throw', rolls);
    if (move === 'choke') await choke(step, actor, opponent, messageId, rolls);
    if (move === 'lock') await addTimed(step, opponent, 'locked', lockRounds(), [], messageId);
    for (const status of r.conditions) if (status !== 'locked') await add(opponent, status);
    if (move === 'throw') {
      // "you can choose to throw him 5 feet away … Otherwise, you can choose to end or maintain your grapple".
      step.throwMaxFeet = r.throwMaxFeet;
      state.throwChoice = { side, maxFeet: r.throwMaxFeet };
    }
    return step;
  }
  // start, damage, pin: the plain opposed grapple check.
  const pin = move === 'pin' ? resolvePin(pending.roll.total, opp.total) : null;
  const r = pin ?? resolveGrappleCheck(pending.roll.total, opp.total);
  step.won = r.won;
  step.relativeDegree = r.relativeDegree;
  if (!r.won) {
    // A lost hold ends the attempt (core "Hold": "If the character loses, he or she fails to start the grapple").
    if (move === 'start') state.phase = 'ended';
    return step;
  }
  if (move === 'start') {
    await add(attackerActor, 'grappling', defenderActor);
    await add(defenderActor, 'grappling', attackerActor);
    state.phase = 'grappling';
    // Core "Hold": "deals damage to the target as if with an unarmed strike" (+ RD, GnG).
    await dealDamage(state, step, actor, opponent, false, rolls);
  } else if (move === 'pin') {
    await addTimed(step, opponent, 'pinned', (pin as { pinnedRounds: number }).pinnedRounds, [], messageId);
  } else await dealDamage(state, step, actor, opponent, false, rolls);
  return step;
}

/** A won choke's Fortitude save and its stun and daze (decision G5). */
async function choke(
  step: GrappleStep,
  actor: Actor,
  opponent: Actor,
  messageId: string,
  rolls: Roll[],
): Promise<void> {
  const d = creature(actor).derived;
  const dealt = step.damage?.dealt ?? 0;
  let fort: number | undefined;
  const immune = hasAnatomy(opponent, 'no-constitution') || hasAnatomy(opponent, 'no-circulatory-system');
  if (dealt >= 1 && !immune) fort = (await roll(creature(opponent).derived.saves.fort.total, rolls)).total;
  const save = resolveChokeSave({
    damageDealt: dealt,
    baseAttackBonus: d.bab,
    strengthModifier: d.abilities.str.mod,
    fortitudeSave: fort,
    immune,
  });
  if (fort !== undefined) step.save = { dc: save.dc, total: fort, failed: save.applies };
  if (!save.applies) return;
  // "stunned for one round and dazed for 1d4 rounds after that" (engine `chokeEffectRounds`).
  const dazed = await new Roll(save.dazedRounds ?? CHOKE_EFFECT.dazedRounds).evaluate();
  rolls.push(dazed);
  const dice = dazed.dice.flatMap((term) => term.results.map((res) => res.result));
  const rounds = chokeEffectRounds(dazed.total as number);
  await addTimed(step, opponent, 'stunned', rounds.stunned, [], messageId);
  await addTimed(step, opponent, 'dazed', rounds.dazed, dice, messageId);
}

/**
 * The thrower's choice after a won Throw (GnG "Throw"): any distance (a multiple of 5 ft up to the
 * maximum) ends the grapple (`throwEndsGrapple`); in place, the thrower keeps or ends it. What ends
 * is recorded on the throw's step, so its Undo reverts the whole throw.
 */
export async function chooseThrow(
  state: GrappleCardState,
  choice: { feet: number; keep: boolean },
  attacker: Actor,
  defender: Actor,
  messageId: string,
): Promise<void> {
  const pendingChoice = state.throwChoice as NonNullable<GrappleCardState['throwChoice']>;
  const step = state.steps.at(-1) as GrappleStep;
  let away: boolean;
  try {
    away = throwEndsGrapple(choice.feet, pendingChoice.maxFeet);
  } catch {
    throw new Refusal('GNG.Grapple.Error.ThrowDistance', { max: pendingChoice.maxFeet });
  }
  step.throwFeet = choice.feet;
  step.throwKept = !away && choice.keep;
  state.throwChoice = null;
  if (step.throwKept) return;
  for (const status of ['grappling', 'pinned', 'locked']) {
    await clearInto(step.removed, attacker, status, messageId);
    await clearInto(step.removed, defender, status, messageId);
  }
  state.phase = 'ended';
}
