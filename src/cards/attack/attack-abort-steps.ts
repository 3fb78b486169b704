/**
 * The abort actions' steps on the attack card (attack-aborts.ts: what the card shows), run on the
 * active GM: Block, Roll with Blow, Riposte and their Undo. Loaded by the first abort taken or undone
 * (attack-actions.ts; issue #29).
 */
import type { UndoNote } from '../kernel/index.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import {
  attackRollFromValues,
  blockRoute,
  criticalKindForNatural,
  resolveBlock,
  resolveRollWithBlow,
  type AbortAction,
  type AbortContext,
  type Size,
} from '../../rules/index.js';
import { abortFeatsOf, abortRefusal, refundAbortFor, spendAbortFor } from '../../combat/action-budget.js';
import { rollChain } from '../../combat/critical-chain.js';
import { actorOf, Refusal, showRolls } from '../kernel/index.js';
import { saveCard } from './attack-save.js';
import { blockWeapons, type AttackCardState, type CardTarget } from './attack-state.js';
import {
  abortContextFor,
  attackingWeapon,
  creature,
  riposteWeapon,
  shieldOf,
  type WeaponSystem,
} from './attack-aborts.js';

/**
 * The defender's weapon for a Block: the one asked for (it must be one of {@link blockWeapons}),
 * else its best melee attack.
 */
function blockWeapon(defender: Actor, itemId: string | undefined): AttackSummary {
  const melee = blockWeapons(defender);
  if (itemId !== undefined) {
    const chosen = melee.find((a) => a.itemId === itemId);
    if (chosen) return chosen;
    const other = (creature(defender).derived?.attacks ?? []).find((a) => a.itemId === itemId);
    if (other)
      throw new Refusal('GNG.Abort.Refusal.notBlockWeapon', { name: defender.name, weapon: other.name });
    throw new Refusal('GNG.Abort.Refusal.noWeapon', { name: defender.name });
  }
  const best = melee[0];
  if (!best) throw new Refusal('GNG.Abort.Refusal.noWeapon', { name: defender.name });
  return best;
}

async function defenderOf(target: CardTarget): Promise<Actor> {
  const defender = await actorOf(target.actorUuid);
  if (!defender) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  return defender;
}

function check(defender: Actor, abort: AbortAction, ctx: AbortContext): void {
  const key = abortRefusal(defender, abort, ctx);
  if (key) throw new Refusal(key, { name: defender.name });
}

async function spend(defender: Actor, abort: AbortAction) {
  const spent = await spendAbortFor(defender, abort);
  if (!spent.ok) throw new Refusal(spent.reason, { name: defender.name });
  return spent;
}

/**
 * GM side: the defender blocks — d20 + the weapon's attack bonus (d10 chain on a natural 20 or 1)
 * opposed by the attack total, with size, weapon size, shield and route modifiers (engine
 * `resolveBlock`). Blocked: no damage step. Not blocked: the original RD stands.
 */
export async function blockAction(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  user: User,
  request: { weapon?: string; breaking?: boolean },
): Promise<void> {
  const defender = await defenderOf(target);
  const breaking = request.breaking === true;
  const ctx = abortContextFor(state, target, defender, 'block', breaking);
  check(defender, 'block', ctx);
  const weapon = blockWeapon(defender, request.weapon);
  const attacker = await actorOf(state.attacker.actorUuid);
  const shield = shieldOf(defender);

  const roll = await new Roll('1d20 + @bonus', { bonus: weapon.bonus }).evaluate();
  const natural = roll.dice[0]?.results[0]?.result ?? 0;
  const kind = criticalKindForNatural(natural);
  const chain = kind ? await rollChain(kind) : null;
  const blockRoll = attackRollFromValues({ natural, bonus: weapon.bonus, chainDice: chain?.d10s ?? [] });

  const defenderWeaponSize = (defender.items.get(weapon.itemId)?.system as unknown as WeaponSystem)?.size;
  const attackerWeaponSize = (attackingWeapon(state)?.system as unknown as WeaponSystem | undefined)?.size;
  const result = resolveBlock({
    ...ctx,
    feats: abortFeatsOf(defender).feats ?? [],
    blockerRoll: blockRoll.total,
    attackerRoll: state.attack.total,
    originalRelativeDegree: target.result?.relativeDegree ?? 0,
    blockerSize: creature(defender).size as Size,
    attackerSize: attacker ? (creature(attacker).size as Size) : 'medium',
    ...(defenderWeaponSize && attackerWeaponSize
      ? { blockerWeaponSize: defenderWeaponSize, attackerWeaponSize }
      : {}),
    shieldBonus: shield?.bonus ?? 0,
    shieldEnhancement: shield?.enhancement ?? 0,
  });

  const spent = await spend(defender, 'block');
  target.aborts = {
    ...target.aborts,
    block: {
      by: user.id as string,
      breaking,
      weapon: weapon.name,
      weaponId: weapon.itemId,
      natural: blockRoll.natural,
      chainDice: blockRoll.chainDice,
      chainAdjustment: blockRoll.chainAdjustment,
      bonus: blockRoll.bonus,
      via: blockVia(ctx, defender),
      blockerTotal: result.blockerTotal,
      attackerTotal: result.attackerTotal,
      margin: result.margin,
      blocked: result.blocked,
      riposte: result.riposte,
      riposteBy: null,
      breakingBlockDamage: result.breakingBlockDamage,
      paidWith: spent.paidWith,
      undo: { budgetBefore: spent.before, epoch: spent.epoch },
    },
  };
  showRolls(message, [roll, ...(chain?.rolls ?? [])]);
  await saveCard(message, state);
  Hooks.callAll('gng.abort', message, target, 'block');
}

/**
 * GM side: records that the defender takes its Riposte (the follow-up attack a successful Block
 * allows with the Riposte feat), so it is offered once. The asking client, an owner of the defender,
 * then starts the attack itself (`startAttack`: the attacker is the defender's owner's to roll).
 */
export async function riposteAction(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  user: User,
): Promise<void> {
  const defender = await defenderOf(target);
  if (!riposteWeapon(target)) throw new Refusal('GNG.Abort.Refusal.noWeapon', { name: defender.name });
  const block = target.aborts?.block as NonNullable<NonNullable<CardTarget['aborts']>['block']>;
  block.riposteBy = user.id as string;
  await saveCard(message, state);
  Hooks.callAll('gng.abort', message, target, 'riposte');
}

/** The Block route the engine chose (for the card's label). */
function blockVia(ctx: AbortContext, defender: Actor): string {
  const route = blockRoute({ ...ctx, feats: abortFeatsOf(defender).feats ?? [] });
  return route.allowed ? route.via : 'melee';
}

/**
 * GM side: the defender rolls with the blow — d20 + Tumble opposed by the attack total (engine
 * `resolveRollWithBlow`); each point of margin turns one lethal point (after RD and Protection)
 * into nonlethal, which is what Apply then applies.
 */
export async function rollWithBlowAction(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  user: User,
): Promise<void> {
  const defender = await defenderOf(target);
  check(defender, 'roll-with-blow', abortContextFor(state, target, defender, 'roll-with-blow'));
  const tumble = creature(defender).derived?.skills?.tumble;
  if (!tumble?.usable) throw new Refusal('GNG.Abort.Refusal.untrained', { name: defender.name });
  const damage = target.damage as NonNullable<CardTarget['damage']>;
  const attacker = await actorOf(state.attacker.actorUuid);

  const roll = await new Roll('1d20 + @bonus', { bonus: tumble.total }).evaluate();
  const natural = roll.dice[0]?.results[0]?.result ?? 0;
  const result = resolveRollWithBlow({
    tumbleTotal: roll.total as number,
    attackRoll: state.attack.total,
    damage: damage.lethal,
    defenderSize: creature(defender).size as Size,
    attackerSize: attacker ? (creature(attacker).size as Size) : 'medium',
  });

  const spent = await spend(defender, 'roll-with-blow');
  const damageBefore = { lethal: damage.lethal, nonlethal: damage.nonlethal };
  damage.lethal = result.lethal;
  damage.nonlethal = damageBefore.nonlethal + result.converted;
  target.aborts = {
    ...target.aborts,
    rollWithBlow: {
      by: user.id as string,
      natural,
      bonus: tumble.total,
      tumbleTotal: result.tumbleTotal,
      attackTotal: result.attackTotal,
      margin: result.margin,
      converted: result.converted,
      paidWith: spent.paidWith,
      undo: { budgetBefore: spent.before, epoch: spent.epoch, damageBefore },
    },
  };
  showRolls(message, [roll]);
  await saveCard(message, state);
  Hooks.callAll('gng.abort', message, target, 'rollWithBlow');
}

/**
 * GM side (the GM's Undo of the aborts): the exact inverse of each abort taken against this attack —
 * what it paid is given back to the defender's budget as it is now, the damage split is restored —
 * and the aborts leave the card; their side may not take them again (a GM may). Resolves with notes
 * (localized) of what could not be given back.
 */
export async function undoAborts(target: CardTarget): Promise<(UndoNote | string)[]> {
  const aborts = target.aborts;
  if (!aborts) return [];
  const defender = await actorOf(target.actorUuid);
  const notes: (UndoNote | string)[] = [];
  const undone = new Set(target.undoneAborts ?? []);
  if (aborts.rollWithBlow) {
    const { paidWith, undo } = aborts.rollWithBlow;
    if (defender) notes.push(...(await refundAbortFor(defender, 'roll-with-blow', { paidWith, ...undo })));
    if (target.damage) {
      target.damage.lethal = undo.damageBefore.lethal;
      target.damage.nonlethal = undo.damageBefore.nonlethal;
    }
    undone.add('rollWithBlow');
  }
  if (aborts.block) {
    const { paidWith, undo } = aborts.block;
    if (defender) notes.push(...(await refundAbortFor(defender, 'block', { paidWith, ...undo })));
    undone.add('block');
  }
  target.undoneAborts = [...undone];
  delete target.aborts;
  return notes;
}
