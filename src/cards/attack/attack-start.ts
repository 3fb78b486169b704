/**
 * Starting an attack (GnG ATTACK ROLL). The attacker's client only asks: `startAttack` (attack-ask.ts)
 * sends the actor, the weapon, the choices and the targeted tokens to the active GM. The GM's client checks
 * that the proven sender owns the actor, derives the bonus from the documents, rolls the d20 (and
 * the d10 chain) and posts the card as its own message, speaking as the attacker: its flags are
 * written only by a GM, so nothing the player's client wrote can change what the card applies.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import { rollChain } from '../../combat/critical-chain.js';
import {
  attackRollFromValues,
  coupDeGrace,
  criticalKindForNatural,
  expandConditions,
  objectDefense,
} from '../../rules/index.js';
import { combatModel, modelOffers } from '../../settings/combat-model.js';
import { modelStamp } from '../model-guard.js';
import {
  awaitsDefense,
  cardResult,
  checkModelOptions,
  settleStaticDefense,
  unchainedAttack,
} from './attack-model-steps.js';
import { actorOf, Refusal, withRollMode, type RollMode } from '../kernel/index.js';
import { postCard } from '../kernel/typed-card.js';
import { DEFAULT_ATTACK_OPTIONS, type AttackOptions } from './attack-options.js';
import { attackOptionsOf, parseModelChoices, type AttackStartRequest } from './attack-options-parse.js';

import { armorOf, attackRowOf, previewAttack } from './attack-preview.js';
import { calledShotAt, waivesAttackOfOpportunity } from './called-shots.js';
import { strikeCardState } from './strikes.js';
import { distanceToTarget, fireWeapon } from './firearms.js';
import { tokenOf } from '../../combat/scene-lookup.js';
import { anyAdjacent, provokeWhileThreatened, scattershotPlan } from './scattershot.js';
import { checkSunder, sunderCardState } from './sunder.js';
import { offerOpportunities } from '../opportunity/opportunity-start.js';
import { returnRounds } from '../../combat/ammunition.js';
import { flowDeniesOpportunity } from '../../combat/opponent-feats.js';
import { ATTACK_TYPE, type AttackCardState, type CardPart, type CardTarget } from './attack-state.js';
import type { TargetRef } from './attack-ask.js';
import type { AttackHand } from './combat-options-lines.js';
import { noteDefensiveStrike, withdrawCombatOptions } from './combat-options-card.js';
import {
  checkConcealmentTargets,
  fightDefensively,
  rollConcealment,
  spendDefensiveStrike,
} from './combat-options-gm.js';
import { attackerConditionsOf } from './attacker-conditions.js';
import {
  checkSagaOptions,
  isSagaModel,
  rollSagaConcealment,
  sagaAttackParts,
  settleSagaTarget,
} from './saga-attack.js';
import { rollWallDamage } from './saga-maneuver-card.js';
import { refundSagaAttack, spendSagaAttack } from './saga-turn-spend.js';
import { checkEgOptions, egAttackParts, isEgModel, settleEgTarget, startEgAttack } from './eg-attack.js';
import { answerNpcDefenses, refundEgAttack } from './eg-steps.js';
import { refundEgAttackTurn, spendEgAttack } from './eg-turn-spend.js';
import {
  assertTcActing,
  checkTcOptions,
  isTcModel,
  isUnarmed,
  refundTcAttack,
  scheduleTcAttack,
  settleTcTarget,
  startTcCard,
  tcAttackParts,
} from './tc-attack.js';
import { assertTcCanAttack } from '../shared/tc-situation.js';
import { assertTcInRange, tcRangeOf } from './tc-range.js';
import { t, f } from '../../format.js';

// The asking client's side (`startAttack`, the query's name) is in attack-ask.ts, loaded at start.
export { ATTACK_QUERY, startAttack } from './attack-ask.js';

/** What `gng.preAttack` handlers receive and may change (options, bonus parts, targets). */
export interface AttackConfig {
  options: AttackOptions;
  parts: CardPart[];
  targets: CardTarget[];
}

function creature(actor: Actor): CreatureData {
  return actor.system;
}

function emptyTarget(id: string, kind: CardTarget['kind'], name: string): CardTarget {
  return {
    id,
    kind,
    name,
    actorUuid: null,
    tokenId: null,
    object: null,
    coupDeGrace: null,
    defense: null,
    result: null,
    damage: null,
    applied: null,
  };
}

/** The card's target for a targeted token of `actor` (an object actor is attacked as an object). */
function targetOf(ref: TargetRef, actor: Actor): CardTarget {
  const flagged = actor.flags?.[SYSTEM_ID]?.object as { moving?: boolean } | undefined;
  const token = tokenOf(actor, { tokenId: ref.tokenId });
  const target = emptyTarget(ref.tokenId, flagged ? 'object' : 'creature', token?.name || actor.name);
  target.actorUuid = actor.uuid;
  target.tokenId = ref.tokenId;
  if (flagged) target.object = { size: creature(actor).size, moving: flagged.moving === true };
  return target;
}

/** Helpless as the engine reads statuses: helpless, or unconscious (dying and dead bring unconscious). */
function isHelpless(actor: Actor): boolean {
  const conditions = expandConditions(actor.statuses);
  return conditions.has('helpless') || conditions.has('unconscious');
}

/** What is settled when the card is created: stationary objects' fixed Defense and coups de grace. */
function settleOnCreation(state: AttackCardState, target: CardTarget, defender: Actor | null): void {
  if (target.kind === 'object' && target.object && !target.object.moving) {
    const total = objectDefense({ size: target.object.size });
    target.defense = {
      source: 'object',
      natural: null,
      bonus: total,
      total,
      autoRollOne: false,
      mode: state.weapon.mode,
      parts: [{ label: `GNG.Size.${target.object.size}`, value: total }],
      notes: ['GNG.Attack.StationaryObject'],
    };
    target.result = cardResult(combatModel().resolve(state.attack.total, total, state.attack.natural));
    return;
  }
  // The Saga-style coup de grace is an attack roll against the flat-footed Reflex (saga-attack.ts).
  if (!state.options.coupDeGrace || target.kind !== 'creature' || isSagaModel(combatModel())) return;
  // The attacker declares the coup de grace; Foundry does not tell us whether a ranged attacker is adjacent.
  const cdg = coupDeGrace({
    targetHelpless: defender ? isHelpless(defender) : false,
    ranged: state.weapon.mode === 'ranged',
    adjacent: true,
  });
  target.coupDeGrace = { allowed: cdg.allowed, reason: cdg.reason ?? null };
  if (cdg.allowed) target.result = { hit: cdg.hit, relativeDegree: cdg.relativeDegree, automatic: true };
}

/* -------------------------------------------------------------------------- */
/*  On the active GM                                                           */
/* -------------------------------------------------------------------------- */

/**
 * The GM's side of `startAttack`: the card made from the documents, for the proven `sender`.
 * Resolves with the new message. `offHandOf`: this card is the off-hand attack of a two-weapon
 * attack whose primary card is that message ({@link createOffHandCard}).
 */
export async function createAttackCard(
  data: AttackStartRequest,
  sender: User,
  rollMode: RollMode,
  offHandOf: string | null = null,
): Promise<ChatMessage> {
  const hand: AttackHand = offHandOf ? 'off' : 'primary';
  parseModelChoices(data.options);
  const actor = await actorOf(data.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!actor.testUserPermission(sender, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: actor.name });
  const weapon = actor.items.get(data.weaponId);
  if (!weapon) throw new Refusal('GNG.Error.NoAttack', { name: actor.name });
  const opts: AttackOptions = {
    ...structuredClone(DEFAULT_ATTACK_OPTIONS),
    ...attackOptionsOf(data.options),
  };
  const refs = data.targets ?? [];
  checkConcealmentTargets(opts, opts.object ? [] : refs.map((ref) => ref.tokenId));
  const defenders: (Actor | null)[] = [];
  for (const ref of refs) {
    const defender = await actorOf(ref.actorUuid);
    // A target deleted since it was targeted: say so; a uuid of something else is bad data.
    if (!defender)
      throw new Refusal(
        (await fromUuid(ref.actorUuid)) ? 'GNG.Error.Attack.BadRequest' : 'GNG.Error.Attack.TargetGone',
      );
    defenders.push(defender);
  }
  // Sunder: an equipped weapon or shield of the one targeted actor (sunder.ts), before anything else.
  checkSunder(opts, defenders, refs.length);
  // The same numbers the attack dialog previews: the sheet's bonus and what the options add.
  const single = defenders.length === 1 ? (defenders[0] ?? null) : null;
  const armor = armorOf(single);
  // The targeted token documents (on their own scene, whatever scene the GM views): a longarm's
  // adjacent foe, a scattershot's range increment.
  const tokens = opts.object
    ? []
    : refs.flatMap((ref, i) => tokenOf(defenders[i], { tokenId: ref.tokenId }) ?? []);
  const row = attackRowOf(actor, weapon);
  const scatter = row && !opts.object ? scattershotPlan(actor, weapon, row.damageDice, tokens) : null;
  const preview = previewAttack(actor, weapon, opts, {
    ...(armor === undefined ? {} : { targetArmor: armor }),
    target: single,
    adjacent: anyAdjacent(actor, tokens),
    scattershot: scatter,
    hand,
    // The single target's distance: a ranged sneak attack counts within 30 ft (sneak-attack.ts).
    distanceFeet:
      single && refs.length === 1 ? distanceToTarget(actor, single, refs[0]?.tokenId ?? null) : null,
  });
  if (!preview) throw new Refusal('GNG.Error.NoAttack', { name: weapon.name });
  if (!preview.allowed)
    throw new Refusal('GNG.Error.Attack.NotAllowedAttack', { reason: preview.reason ?? '' });
  const summary = preview.attack;
  // The Saga-style chapter's own options and refusals (saga-attack.ts); its options under no other model.
  checkSagaOptions(opts, combatModel(), {
    mode: summary.mode,
    targets: opts.object
      ? []
      : refs.map((ref, i) => ({
          tokenId: ref.tokenId,
          defender: defenders[i] ?? null,
          name: defenders[i]?.name ?? '',
        })),
  });
  const saga = isSagaModel(combatModel());
  // The Enlightened Grognard chapter's own options (eg-attack.ts); its options under no other model.
  checkEgOptions(opts, combatModel(), { mode: summary.mode, targets: refs.map((ref) => ref.tokenId) });
  const eg = isEgModel(combatModel());
  // The Time Count chapter's own options (tc-attack.ts); the attacker's count must have come.
  checkTcOptions(opts, combatModel(), { weapon, mode: summary.mode, targets: refs.length, hand });
  const tc = isTcModel(combatModel());
  if (tc && hand === 'primary') assertTcActing(actor, opts, defenders);
  if (tc) assertTcCanAttack(actor, weapon, summary.mode);
  // The range penalty from the tokens' distance (R10, tc-range.ts); beyond the weapon's reach, refused.
  const tcRange = tc
    ? tcRangeOf(
        actor,
        weapon,
        summary.mode,
        refs.map((ref, i) => ({ actor: defenders[i] ?? null, tokenId: ref.tokenId })),
      )
    : null;
  if (tc) assertTcInRange(tcRange, weapon);
  // "Fighting unarmed normally deals only 1d3 damage … This damage is nonlethal" (002:695).
  if (tc && isUnarmed(weapon)) opts.nonlethal = true;
  // The off-hand card keeps its 'off-hand' grip (a weapon that cannot take it was refused above).
  if (preview.grip && hand === 'primary') opts.grip = preview.grip;
  let targets: CardTarget[];
  if (opts.object) {
    const object = emptyTarget(
      'object',
      'object',
      f('GNG.Attack.ObjectName', { size: t(`GNG.Size.${opts.object.size}`) }),
    );
    object.object = { size: opts.object.size, moving: opts.object.moving === true };
    targets = [object];
  } else {
    // No defender, no opposed Defense: nothing is posted (cards from older versions may still hold
    // an unnamed defender, whose Defense the GM enters).
    if (!refs.length) throw new Refusal('GNG.Error.Attack.NoTarget');
    targets = refs.map((ref, i) => targetOf(ref, defenders[i] as Actor));
    // Scattershot at five increments: every other defender in the 5-ft aisle, nearest first.
    for (const token of scatter?.aisle ?? [])
      if (token.actor)
        targets.push(targetOf({ tokenId: token.id, actorUuid: token.actor.uuid }, token.actor));
  }
  const config: AttackConfig = {
    options: opts,
    // The sheet's bonus itemized (base attack, ability, size …), then what the choices add.
    parts:
      saga && row
        ? sagaAttackParts(actor, weapon, row, opts)
        : eg && row
          ? egAttackParts(actor, row, opts)
          : tc && row
            ? tcAttackParts(actor, weapon, row, opts, tcRange)
            : preview.lines.map((line) => ({ label: line.label, value: line.value })),
    targets,
  };
  // Again after `gng.preAttack` and a scattershot's aisle, before anything is rolled.
  checkSunder(config.options, defenders, config.targets.length);
  // An accelerated pair or a burst is fired "at a single target" (SPECIAL ATTACKS).
  const fireMode = config.options.fire?.mode ?? 'single';
  if (fireMode !== 'single' && config.targets.length !== 1)
    throw new Refusal('GNG.Fire.Refusal.OneTarget', { mode: t(`GNG.Fire.Mode.${fireMode}`) });
  if (Hooks.call('gng.preAttack', actor, weapon, config) === false)
    throw new Refusal('GNG.Error.Attack.Cancelled');
  // What the world's combat model does not offer (called shots, bursts …) is refused (attack-model.ts).
  checkModelOptions(config.options);

  // The shots are fired (a burst's 2d6 first) and the rounds spent before the attack roll; a weapon
  // that holds too few refuses here and nothing is posted.
  const first = config.targets[0];
  const distance =
    config.targets.length === 1 && first?.tokenId
      ? distanceToTarget(actor, await actorOf(first.actorUuid), first.tokenId)
      : null;
  // The Saga-style attacker's action on its turn (saga-turn-spend.ts); the off-hand card spends none.
  const sagaTurn = saga && hand === 'primary' ? await spendSagaAttack(actor, config.options) : null;
  // The EG attacker's standard action or attack of opportunity (eg-turn-spend.ts); the off-hand none.
  const egTurn = eg && row && hand === 'primary' ? await spendEgAttack(actor, config.targets) : null;
  let fired: Awaited<ReturnType<typeof fireWeapon>>;
  try {
    fired = await fireWeapon(actor, weapon, config.options, distance);
  } catch (error) {
    await refundSagaAttack(actor, sagaTurn);
    await refundEgAttackTurn(actor.uuid, egTurn);
    throw error;
  }
  // The EG attacker's tokens (its options' gains, costs and proactive spend) through the token store.
  let egCard: Awaited<ReturnType<typeof startEgAttack>> | null;
  try {
    egCard = eg && row ? await startEgAttack(actor, weapon, row, config.options, sender) : null;
  } catch (error) {
    await returnRounds(fired?.fire.spent);
    await refundEgAttackTurn(actor.uuid, egTurn);
    throw error;
  }
  if (egCard) egCard.turn = egTurn;

  const bonus = config.parts.reduce((sum, p) => sum + p.value, 0);
  // Under the EG model the d20 waits for the defenders' proactive spends (eg-steps.ts `rollEgAttack`).
  const roll = egCard ? null : await new Roll('1d20 + @bonus', { bonus }).evaluate();
  const natural = roll?.dice[0]?.results[0]?.result ?? 0;
  // GnG's d10 chain on a natural 20 or 1, only under a model with critical chains (attack-model.ts).
  const chains = combatModel().capabilities.criticalChains;
  const kind = chains ? criticalKindForNatural(natural) : null;
  const chain = kind ? await rollChain(kind) : null;
  const attack = chains
    ? attackRollFromValues({ natural, bonus, chainDice: chain?.d10s ?? [] })
    : unchainedAttack(natural, bonus);
  const state: AttackCardState = {
    version: 1,
    attacker: { actorUuid: actor.uuid, name: actor.name },
    weapon: {
      itemUuid: weapon.uuid,
      itemId: weapon.id as string,
      name: weapon.name,
      mode: summary.mode,
      grip: config.options.grip ?? summary.grip,
      touch: summary.touch || config.options.touch === true,
      bypass: summary.bypass,
      damage: summary.damage,
    },
    options: config.options,
    attack: {
      formula: roll?.formula ?? '',
      natural: attack.natural,
      critical: attack.critical,
      chainDice: attack.chainDice,
      chainAdjustment: attack.chainAdjustment,
      bonus: attack.bonus,
      parts: config.parts.filter((p, i) => i === 0 || p.value !== 0),
      total: attack.total,
      attackerConditions: attackerConditionsOf(actor),
    },
    targets: config.targets,
    ...modelStamp(),
  };
  // The fight's scene, recorded now (the GM may view another scene): the first target's token's.
  const scene = (tokens[0] ?? tokenOf(actor))?.parent ?? null;
  if (scene) state.sceneId = scene.id;
  if (fired) state.fire = fired.fire;
  if (sagaTurn) state.sagaTurn = sagaTurn;
  if (egCard) state.eg = egCard;
  if (tc) state.tc = startTcCard(actor, config.options);
  if (scatter?.record) state.scattershot = scatter.record;
  const defenderOf = async (target: CardTarget) =>
    target.actorUuid ? await actorOf(target.actorUuid) : null;
  for (const target of state.targets) settleOnCreation(state, target, await defenderOf(target));
  if (offHandOf) state.offHand = { primaryMessageId: offHandOf };
  // Concealment: each target's miss chance, before any Defense roll (combat-options-card.ts).
  const concealed = saga
    ? await rollSagaConcealment(state, actor, defenderOf)
    : await rollConcealment(state, actor, defenderOf);
  // A model whose defense is not rolled: each creature meets its static defense now (attack-model.ts).
  const settle = saga
    ? settleSagaTarget
    : egCard
      ? settleEgTarget
      : tc
        ? settleTcTarget
        : settleStaticDefense;
  for (const target of state.targets) {
    const defender = await defenderOf(target);
    if (awaitsDefense(target, defender)) settle(state, target, defender, combatModel());
  }
  // EG: defenders no player owns answer "no tokens" under the NPC-defense automation (eg-steps.ts).
  const egRoll = egCard ? await answerNpcDefenses(state) : null;
  // A Saga-style bull rush into a wall: its d6s, rolled now (saga-attack.ts).
  const wall = saga ? (await Promise.all(state.targets.map(rollWallDamage))).filter((r) => r !== null) : [];
  const calledShots = config.options.calledShots ?? [];
  // Only a sneak attack that counts against the target waives it (GnG SNEAK ATTACK), not its dice alone.
  const waived =
    calledShots.length > 0 &&
    waivesAttackOfOpportunity(actor, state.weapon.itemId, preview.sneakAttack.bonus > 0);
  for (const target of state.targets) {
    if (target.kind !== 'creature') continue;
    const defender = await defenderOf(target);
    if (calledShots.length) target.calledShot = calledShotAt(calledShots, defender, waived);
    if (config.options.strike) target.strike = strikeCardState(config.options.strike, actor, defender);
    if (config.options.sunder) sunderCardState(actor, state, target, defender);
    provokeWhileThreatened(actor, state.weapon.mode, target, defender);
    // Flow with Enemy: "that enemy cannot perform attacks of opportunity against you".
    // Nor is one offered under a combat model without attacks of opportunity (attack-model.ts).
    if (target.calledShot && (flowDeniesOpportunity(actor, defender) || !modelOffers('opportunity')))
      target.calledShot.provokes = false;
  }

  // The attacker's next count through the Time Count's store (tc-attack.ts); refused: nothing posted.
  let tcRolls: Roll[];
  try {
    tcRolls = tc ? await scheduleTcAttack(actor, weapon, state, hand) : [];
  } catch (error) {
    await refundTcAttack(state);
    await returnRounds(fired?.fire.spent);
    throw error;
  }
  // Fighting defensively: the status until the attacker's next turn (combat-options-card.ts).
  await fightDefensively(state, actor);
  let message: ChatMessage | null | undefined;
  try {
    // A typed card (issue #34): its state is the message's `system`, drawn on each client.
    message = await postCard(
      ATTACK_TYPE,
      state,
      withRollMode(
        {
          rolls: [
            ...(fired?.roll ? [fired.roll] : []),
            ...(roll ? [roll] : []),
            ...(egRoll ? [egRoll] : []),
            ...tcRolls,
            ...(chain?.rolls ?? []),
            ...concealed,
            ...wall,
          ],
          speaker: ChatMessage.getSpeaker({ actor }),
          // The card's kind, read by other cards and the forged-card check (not its state).
          flags: { [SYSTEM_ID]: { type: 'attackCard' } },
        },
        rollMode,
        sender,
      ),
    );
  } finally {
    // No card, no shot: the rounds go back.
    if (!message) await returnRounds(fired?.fire.spent);
    if (!message) await withdrawCombatOptions(state);
    if (!message) await refundSagaAttack(actor, sagaTurn);
    if (!message) await refundEgAttack(state);
    if (!message) await refundTcAttack(state);
  }
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  // Defensive Strike's +4 is spent; a miss against a defender in total defense gives it its +4.
  if (config.parts.some((p) => p.label === 'GNG.CombatOptions.DefensiveStrike'))
    await spendDefensiveStrike(actor, single);
  for (const target of state.targets) await noteDefensiveStrike(state, target, message.id as string);
  Hooks.callAll('gng.attack', message);
  // Its targets are offered theirs on this card; any other foe that threatens the shooter, on its own.
  if (state.weapon.mode === 'ranged')
    await offerOpportunities(actor, message.id as string, new Set(state.targets.map((t) => t.tokenId ?? '')));
  return message;
}
