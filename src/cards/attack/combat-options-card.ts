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
 *
 * Here what is registered on `init` and what start code calls (the query, the hooks, the sheet's
 * request, the taking back of an attack); the GM's steps the attack card runs and the total defense
 * query's work are in combat-options-gm.ts, loaded with the attack card's GM side or by the query's
 * first request (issue #29's start budget).
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { isActiveGM } from '../../documents/active-gm.js';
import type { ConcealmentDegree } from '../../rules/index.js';
import { actorQuery, askGM, registerGMQuery, track, isGMMessage } from '../kernel/index.js';
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
import { cardState, type AttackCardState, type CardTarget } from './attack-state.js';
import { DEFENSIVE_STRIKE, TOTAL_DEFENSE } from './combat-options-lines.js';
import { hasFeat } from '../../documents/actor-feats.js';
import { combatOf } from '../../combat/scene-lookup.js';
import { onDemand } from '../../on-demand.js';

/** The GM's steps of the combat options and the total defense query's work, loaded on first use. */
const combatOptionsGM = onDemand(() => import('./combat-options-gm.js'));

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
export function grantDefensive(actor: Actor, effectId: string, status: DefensiveStatus): Promise<void> {
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

/** The attack is not made after all (no card, or taken back): the status it set goes. */
export async function withdrawCombatOptions(state: AttackCardState): Promise<void> {
  const id = state.fightingDefensivelyEffect;
  const actor = fromUuidSync(state.attacker.actorUuid) as Actor | null;
  if (id && actor?.effects.get(id)) await actor.deleteEmbeddedDocuments('ActiveEffect', [id]);
}

/**
 * `CONFIG.queries['gng.totalDefense']`: runs on the active GM, in the actor's queue; never throws.
 * The request is checked and queued as before; its work (combat-options-gm.ts) loads in the queue.
 */
export const handleTotalDefense = actorQuery(async (actorUuid, sender) =>
  (await combatOptionsGM()).totalDefense(actorUuid, sender),
);

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

/**
 * The combat options' hooks (src/hooks/register-hooks.ts). The active GM records a defensive status a
 * GM's client set by other means (a GM's own toggle: the hook's user id is the server's, not the
 * client's word), and forgets the record of an effect that is gone. An effect a player's client
 * created is never recorded: its status gives no dodge bonus. After a Defense roll (`gng.defense`),
 * Defensive Strike's record.
 */
export const combatOptionHooks = {
  createActiveEffect(effect: ActiveEffect, _options: unknown, userId: string): void {
    if (!isActiveGM() || !game.users.get(userId)?.isGM) return;
    const actor = effect.parent as Actor | null;
    if (!actor || actor.documentName !== 'Actor' || effect.flags?.[SYSTEM_ID]?.combatOption) return;
    const status = DEFENSIVE_STATUSES.find((s) => effect.statuses?.has(s));
    if (status) void track(grantDefensive(actor, effect.id as string, status));
  },
  deleteActiveEffect(effect: ActiveEffect): void {
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
  },
  defense(message: ChatMessage, target: CardTarget): void {
    if (!isActiveGM()) return;
    const state = cardState(message);
    if (state) void track(noteDefensiveStrike(state, target, message.id as string));
  },
};

/** The combat options' records and the total defense query (on `init`). */
export function registerCombatOptions(): void {
  registerCombatOptionRecords();
  registerGMQuery(TOTAL_DEFENSE_QUERY, handleTotalDefense);
}
