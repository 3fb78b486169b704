/**
 * The core combat options GnG keeps (issue #18) on the attack card, on the active GM's client:
 * - **Concealment and invisibility**: each creature target's miss chance (the degree the attacker
 *   chose for it in the dialog, the defender's invisibility, the attacker's blindness: engine
 *   `effectiveConcealment`) is rolled as a Foundry d% when the card is made, before any Defense roll
 *   (engine `missChance`); a miss ends that target's exchange.
 * - **Fighting defensively / total defense** become statuses lasting until the character's next turn
 *   (an effect of one round: src/combat/conditions-timer.ts expires it at that turn's start); their
 *   dodge bonus enters the Defense rolls through the derived Defense (derive-creature.ts) only when a
 *   GM's client set the status (the attack card, the `gng.totalDefense` query, a GM's own toggle:
 *   recorded in src/combat/combat-option-records.ts), and never a card made before it was set.
 *   Total defense is asked of the GM: on the actor's own turn in a begun combat, spending its attack
 *   action (core: "a character can use his or her attack action simply to defend").
 * - **Defensive Strike**: a melee attack that misses a defender in total defense is recorded (GM side,
 *   in the same world record) for that defender, whose next attack against that opponent gets +4
 *   (combat-options-lines.ts).
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { isActiveGM } from '../../documents/active-gm.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import {
  effectiveConcealment,
  expandConditions,
  missChance,
  type ConcealmentDegree,
  type DefenseInput,
} from '../../rules/index.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import { defensiveDodge } from '../../data/actor/derive-creature.js';
import { actorOf, actorQuery, askGM, Refusal, registerGMQuery, track, isGMMessage } from '../kernel/index.js';
import { spendTurnActions } from '../../combat/action-budget.js';
import {
  changeCombatOptionRecord,
  combatOptionRecord,
  defensiveGrantOf,
  defensiveStrikeRecordOf,
  DEFENSIVE_STATUSES,
  grantedDefensiveStatuses,
  registerCombatOptionRecords,
  type DefensiveStatus,
  type DefensiveStrikeRecord,
} from '../../combat/combat-option-records.js';
import type { AttackOptions } from './attack-options.js';
import { cardState, type AttackCardState, type CardTarget } from './attack-state.js';
import {
  DEFENSIVE_STRIKE,
  FIGHTING_DEFENSIVELY,
  TOTAL_DEFENSE,
  defensiveStrikeAgainst,
} from './combat-options-lines.js';
import { hasFeat } from '../../documents/actor-feats.js';
import { combatOf } from '../../combat/scene-lookup.js';

export const TOTAL_DEFENSE_QUERY = 'gng.totalDefense';

/** What the card keeps of a target's concealment miss chance. */
export interface CardConcealment {
  degree: ConcealmentDegree;
  /** The miss chance in percent. */
  chance: number;
  /** The d% rolled. */
  roll: number;
  missed: boolean;
  /** Total concealment: the attacker must guess the square (the GM's call). */
  mustGuessLocation: boolean;
}

// The card's state, extended here (attack-state.ts stays small): declaration merging.
declare module './attack-state.js' {
  interface CardTarget {
    /** Concealment's miss chance, rolled before Defense (absent without concealment). */
    concealment?: CardConcealment;
  }
  interface AttackCardState {
    /** Two-weapon fighting: this card is the off-hand attack of the card `primaryMessageId`. */
    offHand?: { primaryMessageId: string };
    /** The `fighting-defensively` effect this attack put on its attacker (taking it back removes it). */
    fightingDefensivelyEffect?: string;
  }
}

const t = (key: string) => game.i18n.localize(key);

/** A request's concealment must name only the attack's targets (token ids). */
export function checkConcealmentTargets(options: AttackOptions, tokenIds: readonly string[]): void {
  for (const id of Object.keys(options.concealment ?? {}))
    if (!tokenIds.includes(id)) throw new Refusal('GNG.Error.Attack.BadRequest');
}

/**
 * Rolls the miss chance of every creature target that has concealment from the attacker and whose
 * exchange is still open; a miss settles the target (no Defense roll). Resolves with the d% rolls.
 */
export async function rollConcealment(
  state: AttackCardState,
  attacker: Actor,
  defenderOf: (target: CardTarget) => Promise<Actor | null>,
): Promise<Roll[]> {
  const rolls: Roll[] = [];
  const attackerBlinded = expandConditions(attacker.statuses ?? []).has('blinded');
  for (const target of state.targets) {
    if (target.kind !== 'creature' || target.result) continue;
    const defender = await defenderOf(target);
    const chosen = state.options.concealment?.[target.id];
    const degree = effectiveConcealment({
      degrees: chosen ? [chosen] : [],
      defenderInvisible: defender ? expandConditions(defender.statuses ?? []).has('invisible') : false,
      attackerBlinded,
    });
    if (degree === 'none') continue;
    const { result, rolls: rolled } = await withFoundryDice(100, (dice) => missChance(degree, dice));
    rolls.push(...rolled);
    target.concealment = {
      degree,
      chance: result.chance,
      roll: result.roll as number,
      missed: result.missed,
      mustGuessLocation: result.mustGuessLocation,
    };
    if (result.missed) target.result = { hit: false, relativeDegree: 0, automatic: true };
  }
  return rolls;
}

/** The card's line for a target's concealment roll (null without one). */
export function concealmentLine(target: CardTarget): { text: string; missed: boolean } | null {
  const c = target.concealment;
  if (!c) return null;
  const text = game.i18n.format(`GNG.CombatOptions.Concealment.${c.missed ? 'Missed' : 'Passed'}`, {
    degree: t(`GNG.CombatOptions.Degree.${c.degree}`),
    chance: c.chance,
    roll: c.roll,
    name: target.name,
  });
  return {
    text: c.mustGuessLocation ? `${text} ${t('GNG.CombatOptions.Concealment.Guess')}` : text,
    missed: c.missed,
  };
}

/** GM: the attack cards already made against `actor` whose Defense is still to come. */
function cardsAgainst(actor: Actor): string[] {
  return game.messages.contents
    .filter((message) => isGMMessage(message))
    .filter((message) =>
      (cardState(message)?.targets ?? []).some(
        (target) => target.actorUuid === actor.uuid && !target.defense && !target.result,
      ),
    )
    .map((message) => message.id as string);
}

/** GM: records that a GM's client set the defensive status of `effectId` on `actor`. */
function grantDefensive(actor: Actor, effectId: string, status: DefensiveStatus): Promise<void> {
  // The combat holding the actor, whatever combat the GM's tracker shows.
  const combat = combatOf(actor);
  const started = combat?.id && combat.round > 0;
  const grant = {
    status,
    before: cardsAgainst(actor),
    combat: started ? (combat.id as string) : null,
    round: started ? combat.round : null,
  };
  return changeCombatOptionRecord(actor.uuid, (record) => ({
    ...record,
    defensive: { ...(record.defensive ?? {}), [effectId]: grant },
  }));
}

/**
 * GM: puts the status of a defensive option on `actor` for one round (until the start of its next
 * turn in combat; the table removes it out of combat) and records it as the GM's. Nothing when a GM
 * set it already; the same status its player set by hand (which counts for nothing) is replaced.
 * Resolves with the effect's id, or null.
 */
export async function startDefensiveStatus(
  actor: Actor,
  status: typeof FIGHTING_DEFENSIVELY | typeof TOTAL_DEFENSE,
): Promise<string | null> {
  if (grantedDefensiveStatuses(actor).has(status)) return null;
  const byHand = actor.effects.filter((e) => e.statuses.has(status)).map((e) => e.id as string);
  if (byHand.length) await actor.deleteEmbeddedDocuments('ActiveEffect', byHand);
  const config = CONFIG.statusEffects.find((s) => s.id === status) as { img?: string } | undefined;
  const [created] = await actor.createEmbeddedDocuments('ActiveEffect', [
    {
      name: t(`GNG.Status.${status}`),
      img: config?.img ?? 'icons/svg/shield.svg',
      statuses: [status],
      duration: { rounds: 1 },
      flags: { [SYSTEM_ID]: { combatOption: status } },
    },
  ]);
  const id = (created?.id as string | undefined) ?? null;
  if (id) await grantDefensive(actor, id, status);
  return id;
}

/**
 * What the card `messageId`'s Defense roll of `defender` takes instead of the derived Defense
 * modifiers: without the dodge bonus of a defensive option set after that card was made (its attack
 * roll was on the card already). Empty when nothing was set since.
 */
export function defensiveInputFor(
  defender: Actor,
  messageId: string,
): { modifiers?: DefenseInput['modifiers'] } {
  const all = grantedDefensiveStatuses(defender);
  const before = grantedDefensiveStatuses(defender, messageId);
  if (all.size === before.size) return {};
  return { modifiers: defensiveDodge((defender.system as CreatureData).defense.bonuses, before) };
}

/** Fighting defensively chosen with this attack: the status on the attacker, its effect kept on the card. */
export async function fightDefensively(state: AttackCardState, actor: Actor): Promise<void> {
  if (!state.options.fightingDefensively) return;
  const id = await startDefensiveStatus(actor, FIGHTING_DEFENSIVELY);
  if (id) state.fightingDefensivelyEffect = id;
}

/** The attack is not made after all (no card, or taken back): the status it set goes. */
export async function withdrawCombatOptions(state: AttackCardState): Promise<void> {
  const id = state.fightingDefensivelyEffect;
  const actor = fromUuidSync(state.attacker.actorUuid) as Actor | null;
  if (id && actor?.effects.get(id)) await actor.deleteEmbeddedDocuments('ActiveEffect', [id]);
}

/** GM side of total defense: checks, spends the attack action, sets the status. */
async function totalDefense(actorUuid: string, sender: User): Promise<void> {
  const actor = await actorOf(actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!actor.testUserPermission(sender, 'OWNER'))
    throw new Refusal('GNG.CombatOptions.Refusal.NotOwner', { name: actor.name });
  if (grantedDefensiveStatuses(actor).has(TOTAL_DEFENSE)) return;
  // A character fighting defensively this round has attacked: no total defense as well.
  if (actor.statuses?.has(FIGHTING_DEFENSIVELY))
    throw new Refusal('GNG.CombatOptions.Refusal.AlreadyDefensive', { name: actor.name });
  // Core "Total Defense": "Instead of attacking, a character can use his or her attack action simply
  // to defend" — on its own turn, with its attack action left. Out of combat nothing is spent.
  const spent = await spendTurnActions(actor, 'attack');
  if (!spent.ok)
    throw new Refusal(
      spent.reason === 'notTurn'
        ? 'GNG.CombatOptions.Refusal.TotalDefenseNotTurn'
        : 'GNG.CombatOptions.Refusal.TotalDefenseNoAttack',
      { name: actor.name },
    );
  await startDefensiveStatus(actor, TOTAL_DEFENSE);
}

/** `CONFIG.queries['gng.totalDefense']`: runs on the active GM, in the actor's queue; never throws. */
export const handleTotalDefense = actorQuery(totalDefense);

/**
 * Total defense from the sheet: asks the active GM (`gng.totalDefense`), who checks ownership and the
 * turn, spends the attack action and sets the status until the actor's next turn (a refusal is
 * shown). Resolves true when the GM set it.
 */
export async function takeTotalDefense(actor: Actor): Promise<boolean> {
  const result = await askGM(TOTAL_DEFENSE_QUERY, { actorUuid: actor.uuid });
  return result.ok && grantedDefensiveStatuses(actor).has(TOTAL_DEFENSE);
}

/** The round of the owner's next turn: the round after its total defense began (null out of combat). */
function nextTurnOf(defender: Actor): { combat: string | null; round: number | null } {
  const grant = defensiveGrantOf(defender, TOTAL_DEFENSE);
  if (grant?.combat && typeof grant.round === 'number')
    return { combat: grant.combat, round: grant.round + 1 };
  return { combat: null, round: null };
}

/** Records that `attackerUuid`'s melee attack missed `defender` during its total defense (Defensive Strike). */
async function recordDefensiveStrike(defender: Actor, attackerUuid: string): Promise<void> {
  const old = defensiveStrikeRecordOf(defender);
  const next = nextTurnOf(defender);
  const keep = old && old.combat === next.combat && old.round === next.round ? old.against : [];
  const strike: DefensiveStrikeRecord = { against: [...new Set([...keep, attackerUuid])], ...next };
  await changeCombatOptionRecord(defender.uuid, (record) => ({ ...record, strike }));
}

/**
 * After an exchange is settled (GM): a melee attack that missed a defender with Defensive Strike in
 * total defense gives it the +4 against that attacker. A hit gives nothing ("You gain no bonus …
 * against an opponent who makes a successful attack").
 */
export async function noteDefensiveStrike(
  state: AttackCardState,
  target: CardTarget,
  messageId?: string,
): Promise<void> {
  if (state.weapon.mode !== 'melee' || target.kind !== 'creature' || target.result?.hit !== false) return;
  if (target.coupDeGrace?.allowed) return;
  const defender = target.actorUuid ? (fromUuidSync(target.actorUuid) as Actor | null) : null;
  if (!defender || !hasFeat(defender, DEFENSIVE_STRIKE)) return;
  // In total defense as the GM set it, before this attack was made.
  if (!grantedDefensiveStatuses(defender, messageId).has(TOTAL_DEFENSE)) return;
  await recordDefensiveStrike(defender, state.attacker.actorUuid);
}

/** The attack used Defensive Strike's +4 against `target`: the record of that opponent is spent. */
export async function spendDefensiveStrike(actor: Actor, target: Actor | null): Promise<void> {
  if (!target || !defensiveStrikeAgainst(actor, target)) return;
  await changeCombatOptionRecord(actor.uuid, (record) => {
    const against = (record.strike?.against ?? []).filter((u) => u !== target.uuid);
    const { strike, ...rest } = record;
    return strike && against.length ? { ...rest, strike: { ...strike, against } } : rest;
  });
}

/**
 * The active GM records a defensive status a GM's client set by other means (a GM's own toggle: the
 * hook's user id is the server's, not the client's word), and forgets the record of an effect that
 * is gone. An effect a player's client created is never recorded: its status gives no dodge bonus.
 */
function watchDefensiveEffects(): void {
  Hooks.on('createActiveEffect', (effect: ActiveEffect, _options: unknown, userId: string) => {
    if (!isActiveGM() || !game.users.get(userId)?.isGM) return;
    const actor = effect.parent as Actor | null;
    if (!actor || actor.documentName !== 'Actor' || effect.flags?.[SYSTEM_ID]?.combatOption) return;
    const status = DEFENSIVE_STATUSES.find((s) => effect.statuses?.has(s));
    if (status) void track(grantDefensive(actor, effect.id as string, status));
  });
  Hooks.on('deleteActiveEffect', (effect: ActiveEffect) => {
    const actor = effect.parent as Actor | null;
    if (!isActiveGM() || !actor || actor.documentName !== 'Actor') return;
    const id = effect.id as string;
    if (!combatOptionRecord(actor).defensive?.[id]) return;
    void track(
      changeCombatOptionRecord(actor.uuid, (record) => {
        const defensive = { ...(record.defensive ?? {}) };
        delete defensive[id];
        return { ...record, defensive };
      }),
    );
  });
}

/** The `gng.defense` hook (active GM): Defensive Strike's record after a Defense roll. */
export function registerCombatOptions(): void {
  registerCombatOptionRecords();
  registerGMQuery(TOTAL_DEFENSE_QUERY, handleTotalDefense);
  watchDefensiveEffects();
  Hooks.on('gng.defense', (message: ChatMessage, target: CardTarget) => {
    if (!isActiveGM()) return;
    const state = message.flags?.[SYSTEM_ID]?.attack as AttackCardState | undefined;
    if (state) void track(noteDefensiveStrike(state, target, message.id as string));
  });
}
