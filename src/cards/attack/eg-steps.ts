/**
 * The attack card's token steps under the Enlightened Grognard model (seed 003; issue #31), on the
 * active GM's client: the defender's proactive spend before the roll ("no tokens" is a spend of 0;
 * the GM may close the step), the roll once every defender answered, the retroactive 3:1 spends on
 * the attack or the defense after it (decision A4), the power tokens on the damage 1:1 (dealt and
 * taken, a hit still dealing 1: 003:209–210), and the attack's take-back reverting every token the
 * card changed (the store's records, newest first). Each spend goes through the token store, which
 * refuses a pool too short and changes nothing. Decisions: docs/rules.md "### The attack card".
 */
import type { UndoNote } from '../kernel/index.js';
import { CHARGE_MISS_GAIN, maxTakenSpend, type EgTokenType } from '../../rules/models/eg/attack-card.js';
import { RETROACTIVE_RATE } from '../../rules/models/eg/token-uses.js';
import { combatModel } from '../../settings/combat-model.js';
import { automation } from '../../settings/variant-rules.js';
import { actorOf, owns, Refusal, showRolls } from '../kernel/index.js';
import { saveCard } from './attack-save.js';
import { staticCardDefense } from './attack-model-steps.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import { egDiceCount, everyoneAnswered, resolveEgTarget, settleEgRoll } from './eg-attack.js';
import type { CardEg, CardEgTarget, EgStepContext } from './eg-card-state.js';
import {
  cardTokenChange,
  revertCardRecords,
  revertCardRecordsAll,
  revertCardRecordsKept,
} from './eg-card-tokens.js';
import { assertMaySpend } from '../../combat/eg-token-store.js';
import { parseEgSpend } from './eg-options.js';
import { egMissToken } from './eg-miss-token.js';
import { adjacentTokens, tokenOf } from '../../combat/scene-lookup.js';
import { opposed } from '../opportunity/opportunity-start.js';
import { refundEgAttackTurn } from './eg-turn-spend.js';

/**
 * The actor of the side that spends, checked against the user (a GM may speak for either side; a
 * player spends nothing of the NPCs' communal pool, the store's `assertMaySpend`).
 */
async function spender(user: User, uuid: string | null, name: string, spends = true): Promise<Actor> {
  if (!user.isGM && !owns(user, uuid)) throw new Refusal('GNG.Error.Attack.NotAllowed', { name: user.name });
  const actor = await actorOf(uuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name });
  assertMaySpend(user, actor, spends);
  return actor;
}

function egOf(target: CardTarget): CardEgTarget {
  if (!target.eg) throw new Refusal('GNG.Error.Attack.BadRequest');
  return target.eg;
}

/** GM side: the d20s rolled and read (eg-attack.ts `settleEgRoll`), once every defender answered. */
export async function rollEgAttack(message: ChatMessage | null, state: AttackCardState): Promise<Roll> {
  const eg = state.eg as CardEg;
  const count = egDiceCount(eg);
  const roll = await new Roll(`${count}d20`).evaluate();
  const rolled = roll.dice.flatMap((term) => term.results.map((r) => r.result)).slice(0, count);
  state.attack.formula = `${count}d20 + ${state.attack.bonus}`;
  settleEgRoll(state, rolled, combatModel());
  await settleChargeMiss(state);
  if (message) showRolls(message, [roll]);
  return roll;
}

/**
 * A charge that misses: "all opponents who are adjacent to you gain 1 power token" (003:1533) — each
 * token on the attacker's scene adjacent to its token, of the opposite disposition, whose actor is in
 * the fight (an NPC's token goes to the communal pool). Read again after each retroactive spend: a
 * miss turned into a hit takes them back (while unspent), a hit turned into a miss gives them.
 */
async function settleChargeMiss(state: AttackCardState): Promise<void> {
  const eg = state.eg;
  const target = state.targets[0];
  if (!eg?.charge || !eg.rolled || !target?.result) return;
  const given = eg.records.filter((r) => r.reason === 'chargeMiss');
  if (target.result.hit) {
    if (given.length) {
      // A token its gainer spent since stays given (and its record kept): a hit turned back into
      // a miss gives nothing again, so no flip of the result mints tokens.
      const { kept } = await revertCardRecordsKept(given);
      eg.records = eg.records.filter((r) => !given.includes(r) || kept.includes(r));
    }
    return;
  }
  if (given.length) return;
  const attacker = await actorOf(state.attacker.actorUuid);
  const own = attacker ? tokenOf(attacker) : null;
  if (!own) return;
  for (const token of adjacentTokens(own)) {
    const actor = token.actor;
    if (!actor || token.id === own.id || !opposed(own.disposition, token.disposition)) continue;
    try {
      const record = await cardTokenChange(actor, { ...CHARGE_MISS_GAIN }, 'chargeMiss', null, eg.combatId);
      if (record) eg.records.push(record);
    } catch (error) {
      // Not in the fight: no pool to gain into (the store's refusal); the others still gain.
      if (!(error instanceof Refusal)) throw error;
    }
  }
}

/**
 * The defender's proactive spend against this attack (003:382–384), before the roll: `tokens` of the
 * type that raises the defense it meets (AC/Reflex speed, Fortitude power, Will insight), 0 for "no
 * tokens". The last answer rolls the attack.
 */
export async function egDefend({ message, state, target, user, extra }: EgStepContext): Promise<void> {
  const { tokens } = parseEgSpend(extra);
  const eg = egOf(target);
  const defender = await spender(user, target.actorUuid, target.name, tokens > 0);
  if (tokens > 0) {
    const type = eg.defenseType;
    if (!type || !target.defense) throw new Refusal('GNG.Model.EG.Card.Refusal.noDefenseType');
    const record = await cardTokenChange(
      defender,
      { [type]: -tokens },
      'defense',
      target.id,
      state.eg?.combatId,
    );
    if (record) state.eg?.records.push(record);
    // The model's defense with the tokens spent on it (its `defenseTokens`, 003:384).
    const spec = combatModel().defenseAgainst(
      { mode: state.weapon.mode, touch: state.weapon.touch, situation: { defenseTokens: tokens } },
      modelCreatureOf(defender),
    );
    target.defense = staticCardDefense(spec, state.weapon.mode);
  }
  eg.answer = { tokens, by: user.id as string };
  if (everyoneAnswered(state)) await rollEgAttack(message, state);
  await saveCard(message, state);
}

/** GM side: the GM closes the defenders' step; who has not answered spends nothing, and the attack is rolled. */
export async function egClose(message: ChatMessage, state: AttackCardState, user: User): Promise<void> {
  for (const target of state.targets)
    if (target.eg && target.eg.answer === null) target.eg.answer = { tokens: 0, by: user.id as string };
  (state.eg as CardEg).closedBy = user.id as string;
  await rollEgAttack(message, state);
  await saveCard(message, state);
}

/** Whose side a spend is and the token type it spends. */
function sideOf(
  state: AttackCardState,
  target: CardTarget,
  side: string,
): { uuid: string | null; type: EgTokenType | null; name: string } {
  if (side === 'attack' || side === 'dealt')
    return {
      uuid: state.attacker.actorUuid,
      type: side === 'dealt' ? 'power' : (state.eg as CardEg).type,
      name: state.attacker.name,
    };
  return {
    uuid: target.actorUuid,
    type: side === 'taken' ? 'power' : (target.eg?.defenseType ?? null),
    name: target.name,
  };
}

/**
 * A retroactive spend after the roll (003:388–389, decision A4): three tokens of the roll's type per
 * +1, on the attack (the attacker's) or the defense (the defender's). The result is read again; a hit
 * that becomes a miss loses the damage already rolled. Closed once tokens were spent on that damage,
 * and refused on a natural 1 or 20, which no bonus changes.
 */
export async function egRetro({ message, state, target, user, extra }: EgStepContext): Promise<void> {
  const spend = parseEgSpend(extra, ['attack', 'defense']) as { tokens: number; side: 'attack' | 'defense' };
  const eg = egOf(target);
  if (spend.tokens === 0 || spend.tokens % RETROACTIVE_RATE !== 0)
    throw new Refusal('GNG.Model.EG.Card.Refusal.retroThrees', { rate: RETROACTIVE_RATE });
  // The attacker's tokens raise the die: an area attack's shared die for every target it decides.
  const group = spend.side === 'attack' ? sameDie(state, target) : [target];
  if (group.some((t) => t.eg?.damage.dealt || t.eg?.damage.taken))
    throw new Refusal('GNG.Model.EG.Card.Refusal.retroAfterDamageSpend');
  // A natural 1 misses and a natural 20 hits whatever is added (003:133–134): nothing to buy.
  if (eg.natural === 1 || eg.natural === 20) throw new Refusal('GNG.Model.EG.Card.Refusal.retroNatural');
  const side = sideOf(state, target, spend.side);
  if (!side.type) throw new Refusal('GNG.Model.EG.Card.Refusal.noDefenseType');
  const actor = await spender(user, side.uuid, side.name);
  const reason = spend.side === 'attack' ? 'retroAttack' : 'retroDefense';
  const record = await cardTokenChange(
    actor,
    { [side.type]: -spend.tokens },
    reason,
    target.id,
    state.eg?.combatId,
  );
  if (record) state.eg?.records.push(record);
  for (const t of group) {
    const own = egOf(t);
    own.retro[spend.side] += spend.tokens;
    resolveEgTarget(state, t, combatModel());
    if (!t.result?.hit) t.damage = null;
    // A miss made a hit takes back the token its miss granted (eg-miss-token.ts), while unspent.
    // One the ally spent since stays given: the attack has granted its one miss token (no second
    // one when a later spend makes it a miss again).
    if (t.result?.hit && own.missGift) {
      const given = (state.eg as CardEg).records.filter((r) => r.reason === 'missToken');
      const { kept } = await revertCardRecordsKept(given);
      (state.eg as CardEg).records = (state.eg as CardEg).records.filter(
        (r) => !given.includes(r) || kept.includes(r),
      );
      if (!kept.length) delete own.missGift;
    }
  }
  await settleChargeMiss(state);
  await saveCard(message, state);
}

/**
 * The targets whose roll is `target`'s die: on an area attack the primary target alone, or every
 * other target (the shared die, 003:1473–1474); otherwise `target`.
 */
function sameDie(state: AttackCardState, target: CardTarget): CardTarget[] {
  const primary = state.eg?.area?.primary;
  if (!primary) return [target];
  return state.targets.filter((t) => t.eg && (t.id === primary) === (target.id === primary));
}

/**
 * Power tokens on the rolled damage, 1:1 (003:399–404): +1 dealt per the attacker's token, −1 taken
 * per the defender's; the damage is the model's again with them (its minimum of 1, then DR). The
 * defender is refused what would buy nothing below 1 (003:209–210).
 */
export async function egDamage({ message, state, target, user, extra }: EgStepContext): Promise<void> {
  const spend = parseEgSpend(extra, ['dealt', 'taken']) as { tokens: number; side: 'dealt' | 'taken' };
  const eg = egOf(target);
  const damage = target.damage;
  if (!damage || spend.tokens === 0) throw new Refusal('GNG.Error.Attack.BadRequest');
  const steps = damage.steps;
  // The roll's damage before any token: its weapon (each die at its maximum on a critical), Strength, other.
  eg.damage.base ??= { weapon: steps.weapon, strength: steps.strength, other: steps.other };
  const base = eg.damage.base;
  const dealt = eg.damage.dealt + (spend.side === 'dealt' ? spend.tokens : 0);
  const taken = eg.damage.taken + (spend.side === 'taken' ? spend.tokens : 0);
  const max = maxTakenSpend(base.weapon + base.strength + base.other, dealt);
  if (spend.side === 'taken' && taken > max)
    throw new Refusal('GNG.Model.EG.Card.Refusal.takenBelowOne', { max: Math.max(0, max - eg.damage.taken) });
  const side = sideOf(state, target, spend.side);
  const actor = await spender(user, side.uuid, side.name);
  const record = await cardTokenChange(
    actor,
    { power: -spend.tokens },
    spend.side,
    target.id,
    state.eg?.combatId,
  );
  if (record) state.eg?.records.push(record);
  eg.damage.dealt = dealt;
  eg.damage.taken = taken;
  const again = combatModel().damage({
    weaponBonus: base.weapon,
    strengthBonus: base.strength,
    otherBonus: base.other,
    margin: 0,
    protection: 0,
    tokens: { added: dealt, prevented: taken },
    damageReduction: steps.damageReduction,
    energyResistance: steps.energyResistance,
    nonlethal: state.options.nonlethal === true,
  });
  Object.assign(damage, {
    steps: again.steps,
    final: again.final,
    lethal: again.lethal,
    nonlethal: again.nonlethal,
  });
  await saveCard(message, state);
}

/**
 * GM side (the attacker's "Take back the attack"): every token the card changed, given back exactly —
 * or, when one cannot be (a gain spent since), none, and the take-back is refused (the store's
 * localized reason): taking an attack back never keeps what it gained.
 */
export async function takeBackEgAttack(state: AttackCardState, user: User): Promise<void> {
  const eg = state.eg;
  if (!eg || eg.withdrawn) return;
  await revertCardRecordsAll(eg.records);
  const notes: UndoNote[] = [];
  // The attack's action (or attack of opportunity) back while that turn's record stands.
  if (!(await refundEgAttackTurn(state.attacker.actorUuid, eg.turn ?? null)))
    notes.push({ key: 'GNG.Model.EG.Card.TurnNotGiven', data: { name: state.attacker.name } });
  eg.withdrawn = { by: user.id as string, notes };
}

/**
 * GM side, before the card is posted: with the `autoRollNpcDefense` automation a defender no player
 * owns answers "no tokens" at once (the GM asked not to be asked for NPC defenses); when that leaves
 * no one to wait for, the attack is rolled now (its roll, for the new message).
 */
export async function answerNpcDefenses(state: AttackCardState): Promise<Roll | null> {
  if (automation().autoRollNpcDefense)
    for (const target of state.targets) {
      const actor = target.eg?.answer === null ? await actorOf(target.actorUuid) : null;
      if (actor && !actor.hasPlayerOwner && target.eg) target.eg.answer = { tokens: 0, by: 'auto' };
    }
  return everyoneAnswered(state) ? rollEgAttack(null, state) : null;
}

/** GM side: the card was not posted; the tokens it changed go back. */
export async function refundEgAttack(state: AttackCardState): Promise<void> {
  if (!state.eg) return;
  await revertCardRecords(state.eg.records);
  await refundEgAttackTurn(state.attacker.actorUuid, state.eg.turn ?? null);
}

/** The card's EG steps by action name (attack-actions.ts), each with its own request fields. */
export function egStep(name: string, ctx: EgStepContext): Promise<void> {
  if (name === 'egDefend') return egDefend(ctx);
  if (name === 'egRetro') return egRetro(ctx);
  if (name === 'egDamage') return egDamage(ctx);
  if (name === 'egMissToken') return egMissToken(ctx);
  const { message, state, user, extra } = ctx;
  if (Object.keys(extra).some((key) => extra[key] !== undefined && key !== 'tokens'))
    throw new Refusal('GNG.Error.Attack.BadRequest');
  return egClose(message, state, user);
}
