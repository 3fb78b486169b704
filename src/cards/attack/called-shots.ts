/**
 * Called shots resolved on the attack card (GnG "CALLED SHOTS"; decisions D12–D18, D41–D43): the
 * attack of opportunity a called shot provokes, the Penetration Reflex save before damage, and the
 * Fortitude save after Apply that applies the chosen condition effects as Active Effects (Vital
 * Strike: the damage dealt is lost once more). Each step is an action of the card that runs on the GM
 * (`gng.attackAction`), which re-derives the numbers from the card and the documents.
 */
import type { UndoNote } from '../kernel/index.js';
import { CARD_HP_UPDATE } from '../../hooks/hp-statuses.js';
import { SYSTEM_ID } from '../../config/document-types.js';
import {
  ANATOMY_TRAITS,
  applyDamageToHitPoints,
  calledShotEffect,
  calledShotImmunities,
  conditionSaveDc,
  damageConsequences,
  penetrationSaveDc,
  resolveConditionEffects,
  STAB_AND_GRAB,
  vitalStrikeDamage,
  type AnatomyTrait,
  type CalledShotEffect,
  type Size,
} from '../../rules/index.js';
import { actorOf, Refusal, showRolls } from '../kernel/index.js';
import { saveCard } from './attack-save.js';
import { restoreHitPointLoss } from '../../combat/hp-loss.js';
import { holdStatuses } from '../../combat/status-holds.js';
import { rollSave } from '../shared/wound-trauma.js';
import { grappleModule, grappleState } from '../grapple/grapple-register.js';
import {
  conditionEffectsAt,
  type AttackCardState,
  type CardCalledShot,
  type CardCalledShotApplied,
  type CardTarget,
  type CardVitalStrike,
} from './attack-state.js';

const creature = (actor: Actor) => actor.system;

/** The anatomy traits of an actor that grant called-shot immunities. */
export function anatomyOf(actor: Actor): AnatomyTrait[] {
  const traits = creature(actor).creatureTraits?.().anatomy ?? [];
  return traits.filter((t): t is AnatomyTrait => (ANATOMY_TRAITS as readonly string[]).includes(t));
}

/**
 * The called shot's state against one target when the card is created: immunities from the target's
 * anatomy, whether it provokes (Advanced Called Shot with a proficient weapon, or a sneak attack,
 * removes the attack of opportunity — decision D18), and the pending Penetration save.
 */
export function calledShotAt(
  effects: readonly CalledShotEffect[],
  defender: Actor | null,
  waived: boolean,
): CardCalledShot {
  return {
    effects: [...effects],
    immune: defender ? calledShotImmunities([...effects], anatomyOf(defender)) : [],
    provokes: !waived,
    aooBy: null,
    penetration: effects.includes('penetration') ? { save: null } : null,
    condition: null,
  };
}

/**
 * The called shot provokes no attack of opportunity: a sneak attack that counts against the target
 * (GnG SNEAK ATTACK: "While performing a sneak attack, you can make a Called Shot without provoking an
 * attack of opportunity"; sneak-attack.ts), or Advanced Called Shot with a proficient weapon.
 */
export function waivesAttackOfOpportunity(attacker: Actor, weaponId: string, sneakAttack: boolean): boolean {
  if (sneakAttack) return true;
  const sys = creature(attacker);
  const row = sys.derived.attacks.find((a) => a.itemId === weaponId);
  return sys.derived.feats.includes('advanced-called-shot') && row?.proficient === true;
}

async function defenderOf(target: CardTarget): Promise<Actor> {
  const actor = await actorOf(target.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  return actor;
}

/** GM side: the target's Reflex save against 10 + RD (failed: half its Protection is ignored). */
export async function penetrationSaveAction(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
): Promise<void> {
  const defender = await defenderOf(target);
  const result = target.result as NonNullable<CardTarget['result']>;
  const cs = target.calledShot as CardCalledShot;
  const rolls: Roll[] = [];
  cs.penetration = { save: await rollSave(defender, 'ref', penetrationSaveDc(result.relativeDegree), rolls) };
  showRolls(message, rolls);
  await saveCard(message, state);
}

/** Rolls an effect's duration (dice as data); null: until recovered. */
async function rollDuration(
  formula: string | null,
  rolls: Roll[],
): Promise<{ dice: number[]; rounds: number | null }> {
  if (formula === null) return { dice: [], rounds: null };
  const roll = await new Roll(formula).evaluate();
  rolls.push(roll);
  return {
    dice: roll.dice.flatMap((term) => term.results.map((r) => r.result)),
    rounds: roll.total as number,
  };
}

/** The statuses an effect sets: the engine's conditions; Severe Bleeding its own status. */
function statusesOf(effect: CalledShotEffect): string[] {
  if (effect === 'severe-bleeding') return ['severe-bleeding'];
  return [...calledShotEffect(effect).conditions];
}

/**
 * GM side, after Apply: the target's Fortitude save against 10 + the damage dealt (before Vital
 * Strike doubles it, D17). On a failure each chosen effect the target is not immune to takes place:
 * an Active Effect with its statuses and rolled duration; Vital Strike loses the damage dealt once
 * more (decision D42). Immunities are re-derived from the target now.
 */
export async function conditionSaveAction(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  user: User,
): Promise<void> {
  const defender = await defenderOf(target);
  const cs = target.calledShot as CardCalledShot;
  cs.immune = calledShotImmunities([...cs.effects], anatomyOf(defender));
  if (conditionEffectsAt(target).length === 0) throw new Refusal('GNG.CalledShot.Card.AllImmune');
  const damage = target.damage as NonNullable<CardTarget['damage']>;
  const dc = conditionSaveDc(damage.final) as number;
  const rolls: Roll[] = [];
  const save = await rollSave(defender, 'fort', dc, rolls);
  const resolved = resolveConditionEffects({
    effects: cs.effects.filter((e) => e !== 'penetration'),
    damageDealt: damage.final,
    fortitudeSave: save.success,
    anatomy: anatomyOf(defender),
  });
  // Stab and Grab first: when the grapple card cannot be opened, nothing else has changed yet.
  let stabAndGrab: { grappleMessageId: string | null; lodgedWeaponId: string } | null = null;
  if (resolved.applied.includes('stab-and-grab')) {
    stabAndGrab = await stabAndGrabHit(message, state, target, defender, user);
  }
  const applied: CardCalledShotApplied[] = [];
  for (const effect of resolved.applied) {
    const statuses = statusesOf(effect);
    const formula = calledShotEffect(effect).duration;
    const { dice, rounds } = await rollDuration(formula, rolls);
    let effectId: string | null = null;
    if (statuses.length) {
      const [created] = await defender.createEmbeddedDocuments('ActiveEffect', [
        {
          name: game.i18n.localize(`GNG.AttackDialog.Effect.${effect}`),
          img: 'icons/svg/target.svg',
          statuses,
          origin: state.attacker.actorUuid,
          duration: rounds === null ? {} : { rounds },
          flags: { [SYSTEM_ID]: { calledShot: effect, message: message.id } },
        },
      ]);
      effectId = (created?.id as string | undefined) ?? null;
    }
    applied.push({ effect, statuses, formula, dice, rounds, effectId });
  }
  let vitalStrike: CardVitalStrike = null;
  if (resolved.applied.includes('vital-strike') && damage.lethal > 0) {
    vitalStrike = await loseAgain(defender, vitalStrikeDamage(damage.lethal) - damage.lethal);
  }
  cs.condition = { save, applied, vitalStrike, stabAndGrab };
  showRolls(message, rolls);
  await saveCard(message, state);
}

/**
 * Stab and Grab took place (decision D12: a Condition Effect, after a failed Fortitude save): the
 * attacker grabs the weapon and makes the grapple check with its +4 on a grapple card opened by the
 * grapple flow, which keeps the +4 while the weapon stays lodged and offers its removal. The
 * attacker's owner who applied the damage (or the asking user) is the grappling user.
 */
async function stabAndGrabHit(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  defender: Actor,
  user: User,
): Promise<{ grappleMessageId: string | null; lodgedWeaponId: string }> {
  const attacker = await actorOf(state.attacker.actorUuid);
  if (!attacker) throw new Refusal('GNG.Error.Attack.NoActor', { name: state.attacker.name });
  const applier = target.applied ? game.users.get(target.applied.by) : undefined;
  const grappler = applier && attacker.testUserPermission(applier, 'OWNER') ? applier : user;
  const grapple = await (
    await grappleModule()
  ).openGrappleOnHit({
    attacker,
    defender,
    tokenId: target.tokenId,
    user: grappler,
    bonus: STAB_AND_GRAB.initialGrappleBonus,
    source: 'stab-and-grab',
    lodgedWeaponId: state.weapon.itemId,
    // The grapple continues the attack's exchange: the attack card's roll mode.
    rollModeOf: message,
  });
  return { grappleMessageId: grapple?.id ?? null, lodgedWeaponId: state.weapon.itemId };
}

/**
 * Vital Strike's second half: the HP loss again, with its dying / dead statuses; the record is what
 * Undo takes back (restoreHitPointLoss).
 */
async function loseAgain(actor: Actor, amount: number): Promise<NonNullable<CardVitalStrike>> {
  const sys = creature(actor);
  const before = { value: sys.hp.value, temp: sys.hp.temp, nonlethal: sys.hp.nonlethal };
  const lethal = applyDamageToHitPoints({ current: sys.hp.value, temporary: sys.hp.temp, damage: amount });
  const consequences = damageConsequences({
    currentHp: sys.hp.value,
    hpLost: lethal.hpLost,
    size: sys.size as Size,
    nonlethal: false,
  });
  await actor.update(
    { 'system.hp.value': lethal.current, 'system.hp.temp': lethal.temporary },
    CARD_HP_UPDATE,
  );
  const wanted =
    consequences.condition === 'dying' ? ['dying'] : consequences.condition === 'dead' ? ['dead'] : [];
  // Held per step like every card's statuses (src/combat/status-holds.ts).
  const { hold, statusesAdded, effectIds } = await holdStatuses(actor, wanted);
  const after = { value: lethal.current, temp: lethal.temporary, nonlethal: before.nonlethal };
  return {
    hpLost: lethal.hpLost,
    statusesAdded,
    record: { snapshot: before, after, statusesAdded, effectIds, hold, traumaBefore: null },
  };
}

/** Undo (GM side): removes what the failed save applied; notes of what could not be undone. */
export async function undoCalledShot(actor: Actor, target: CardTarget): Promise<(UndoNote | string)[]> {
  const condition = target.calledShot?.condition;
  if (!condition) return [];
  // Stab and Grab: the grapple card it opened goes too, as long as nothing was resolved on it.
  const grappleId = condition.stabAndGrab?.grappleMessageId;
  const grapple = grappleId ? game.messages.get(grappleId) : undefined;
  if (grapple) {
    if ((grappleState(grapple)?.steps.length ?? 0) > 0)
      throw new Refusal('GNG.CalledShot.Card.GrappleUnderway');
    await grapple.delete();
  }
  const ids = condition.applied
    .map((a) => a.effectId)
    .filter((id): id is string => id !== null && actor.effects.get(id) !== undefined);
  if (ids.length) await actor.deleteEmbeddedDocuments('ActiveEffect', ids);
  const notes: (UndoNote | string)[] = [];
  const vital = condition.vitalStrike;
  if (vital?.record) notes.push(...(await restoreHitPointLoss(actor, vital.record)));
  else
    for (const status of vital?.statusesAdded ?? []) {
      if (actor.statuses.has(status)) await actor.toggleStatusEffect(status, { active: false });
    }
  (target.calledShot as CardCalledShot).condition = null;
  return notes;
}

/** GM side: records the attack of opportunity the called shot provoked (offered once). */
export async function attackOfOpportunityAction(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  user: User,
): Promise<void> {
  await defenderOf(target);
  (target.calledShot as CardCalledShot).aooBy = user.id as string;
  await saveCard(message, state);
}
