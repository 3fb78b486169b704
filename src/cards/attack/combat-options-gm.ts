/**
 * The combat options' steps on the active GM's client (combat-options-card.ts says what they are):
 * the concealment miss chances and their card lines, the defensive statuses a card or the total
 * defense query sets, the Defense input of a card made before one was set, Defensive Strike's +4
 * spent. Loaded with the attack card's GM side (attack-start.ts, attack-render.ts, attack-defense.ts)
 * or by the first total defense request the GM answers (issue #29's start budget).
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import { effectiveConcealment, expandConditions, missChance, type DefenseInput } from '../../rules/index.js';
import { defensiveDodge } from '../../data/actor/derive-creature.js';
import { actorOf, Refusal } from '../kernel/index.js';
import { spendTurnActions } from '../../combat/action-budget.js';
import { changeCombatOptionRecord, grantedDefensiveStatuses } from '../../combat/combat-option-records.js';
import type { AttackOptions } from './attack-options.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import { FIGHTING_DEFENSIVELY, TOTAL_DEFENSE, defensiveStrikeAgainst } from './combat-options-lines.js';
import { grantDefensive } from './combat-options-card.js';
import { t } from '../../format.js';

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
  return { modifiers: defensiveDodge(defender.system.defense.bonuses, before) };
}

/** Fighting defensively chosen with this attack: the status on the attacker, its effect kept on the card. */
export async function fightDefensively(state: AttackCardState, actor: Actor): Promise<void> {
  if (!state.options.fightingDefensively) return;
  const id = await startDefensiveStatus(actor, FIGHTING_DEFENSIVELY);
  if (id) state.fightingDefensivelyEffect = id;
}

/** GM side of total defense: checks, spends the attack action, sets the status. */
export async function totalDefense(actorUuid: string, sender: User): Promise<void> {
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

/** The attack used Defensive Strike's +4 against `target`: the record of that opponent is spent. */
export async function spendDefensiveStrike(actor: Actor, target: Actor | null): Promise<void> {
  if (!target || !defensiveStrikeAgainst(actor, target)) return;
  await changeCombatOptionRecord(actor.uuid, (record) => {
    const against = (record.strike?.against ?? []).filter((u) => u !== target.uuid);
    const { strike, ...rest } = record;
    return strike && against.length ? { ...rest, strike: { ...strike, against } } : rest;
  });
}
