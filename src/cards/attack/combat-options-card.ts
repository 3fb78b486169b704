/**
 * The core combat options GnG keeps (issue #18) on the attack card, on the active GM's client:
 * - **Concealment and invisibility**: each creature target's miss chance (the degree the attacker
 *   chose for it in the dialog, the defender's invisibility, the attacker's blindness: engine
 *   `effectiveConcealment`) is rolled as a Foundry d% when the card is made, before any Defense roll
 *   (engine `missChance`); a miss ends that target's exchange.
 * - **Fighting defensively / total defense** become statuses lasting until the character's next turn
 *   (an effect of one round: src/combat/conditions-timer.ts expires it at that turn's start); their
 *   dodge bonus enters every Defense roll through the derived Defense (derive-creature.ts).
 * - **Defensive Strike**: a melee attack that misses a defender in total defense is recorded on that
 *   defender, whose next attack against that opponent gets +4 (combat-options-lines.ts).
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { isActiveGM } from '../../documents/active-gm.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import {
  effectiveConcealment,
  expandConditions,
  missChance,
  type ConcealmentDegree,
} from '../../rules/index.js';
import { Refusal, track } from '../kernel/index.js';
import type { AttackOptions } from './attack-options.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import {
  DEFENSIVE_STRIKE,
  FIGHTING_DEFENSIVELY,
  TOTAL_DEFENSE,
  defensiveStrikeAgainst,
  defensiveStrikeRecord,
  hasFeat,
  type DefensiveStrikeRecord,
} from './combat-options-lines.js';

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

/**
 * Puts the status of a defensive option on `actor` for one round (until the start of its next turn
 * in combat; the table removes it out of combat). Nothing when it already has it. Resolves with the
 * effect's id, or null.
 */
export async function startDefensiveStatus(
  actor: Actor,
  status: typeof FIGHTING_DEFENSIVELY | typeof TOTAL_DEFENSE,
): Promise<string | null> {
  if (actor.statuses?.has(status)) return null;
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
  return (created?.id as string | undefined) ?? null;
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

/**
 * Total defense from the sheet (an owner of `actor`): the status until its next turn. A character
 * fighting defensively already this round has attacked: it cannot take total defense too (refused
 * with a warning). Resolves true when the status is on.
 */
export async function takeTotalDefense(actor: Actor): Promise<boolean> {
  if (!actor.isOwner) return false;
  if (actor.statuses?.has(FIGHTING_DEFENSIVELY)) {
    ui.notifications.warn(
      game.i18n.format('GNG.CombatOptions.Refusal.AlreadyDefensive', { name: actor.name }),
    );
    return false;
  }
  await startDefensiveStatus(actor, TOTAL_DEFENSE);
  return actor.statuses?.has(TOTAL_DEFENSE) ?? false;
}

/** The round of the owner's next turn: the round after its total defense began (null out of combat). */
function nextTurnOf(actor: Actor): { combat: string | null; round: number | null } {
  const effect = actor.effects.find((e) => e.statuses.has(TOTAL_DEFENSE));
  const start = effect?.flags?.[SYSTEM_ID]?.start as { combat?: string; round?: number } | undefined;
  if (start?.combat && typeof start.round === 'number')
    return { combat: start.combat, round: start.round + 1 };
  const combat = game.combat;
  return combat?.id && combat.round > 0
    ? { combat: combat.id, round: combat.round + 1 }
    : { combat: null, round: null };
}

/** Records that `attackerUuid`'s melee attack missed `defender` during its total defense (Defensive Strike). */
async function recordDefensiveStrike(defender: Actor, attackerUuid: string): Promise<void> {
  const old = defensiveStrikeRecord(defender);
  const next = nextTurnOf(defender);
  const keep = old && old.combat === next.combat && old.round === next.round ? old.against : [];
  const record: DefensiveStrikeRecord = { against: [...new Set([...keep, attackerUuid])], ...next };
  await defender.update({ [`flags.${SYSTEM_ID}.defensiveStrike`]: record });
}

/**
 * After an exchange is settled (GM): a melee attack that missed a defender with Defensive Strike in
 * total defense gives it the +4 against that attacker. A hit gives nothing ("You gain no bonus …
 * against an opponent who makes a successful attack").
 */
export async function noteDefensiveStrike(state: AttackCardState, target: CardTarget): Promise<void> {
  if (state.weapon.mode !== 'melee' || target.kind !== 'creature' || target.result?.hit !== false) return;
  if (target.coupDeGrace?.allowed) return;
  const defender = target.actorUuid ? (fromUuidSync(target.actorUuid) as Actor | null) : null;
  if (!defender || !hasFeat(defender, DEFENSIVE_STRIKE) || !defender.statuses?.has(TOTAL_DEFENSE)) return;
  await recordDefensiveStrike(defender, state.attacker.actorUuid);
}

/** The attack used Defensive Strike's +4 against `target`: the record of that opponent is spent. */
export async function spendDefensiveStrike(actor: Actor, target: Actor | null): Promise<void> {
  if (!target || !defensiveStrikeAgainst(actor, target)) return;
  const record = defensiveStrikeRecord(actor) as DefensiveStrikeRecord;
  await actor.update({
    [`flags.${SYSTEM_ID}.defensiveStrike`]: {
      ...record,
      against: record.against.filter((u) => u !== target.uuid),
    },
  });
}

/** The `gng.defense` hook (active GM): Defensive Strike's record after a Defense roll. */
export function registerCombatOptions(): void {
  Hooks.on('gng.defense', (message: ChatMessage, target: CardTarget) => {
    if (!isActiveGM()) return;
    const state = message.flags?.[SYSTEM_ID]?.attack as AttackCardState | undefined;
    if (state) void track(noteDefensiveStrike(state, target));
  });
}
