/**
 * "What if?" for the defender (issue #20): on the attack card, while Block or Roll with the Blow is
 * open to this user's defender (the card's own `actionAvailable` and `cardAbortRefusal`), a
 * disclosure with the odds of what the hit does without the abort and with it.
 *
 * - **Block** comes after the hit, with the Relative Degree known: without it, the odds of the damage
 *   still to roll with that RD (or of the damage already rolled); with it, the Block is the engine's
 *   opposed roll — the defender's best blocking weapon, d20 + its attack bonus with the d10 chains
 *   (`attackTotalOdds`), against the attack total, with the size, weapon-size, shield and route
 *   modifiers of `resolveBlock` (taken from it with both rolls at 0) — and a blocked attack does
 *   nothing. A Breaking Block's own damage and a Riposte are not counted.
 * - **Roll with the Blow** comes with the damage known: without it, that damage; with it, each d20 of
 *   the Tumble check (d20 + Tumble, no chain) through the engine's `resolveRollWithBlow`, the lethal
 *   damage left applied as the card applies it. The points it turns nonlethal are not counted (what
 *   they do to a staggered or unconscious target is left out).
 */
import { resolveBlock, resolveRollWithBlow, type ModelAnalysis, type Size } from '../../rules/index.js';
import * as odds from '../../rules/odds/index.js';
import { abortFeatsOf } from '../../combat/action-budget.js';
import { actionAvailable, blockWeapons, type AttackCardState, type CardTarget } from './attack-state.js';
import { abortContextFor, cardAbortRefusal } from './attack-aborts.js';
import {
  mixedSummary,
  oddsSummary,
  outcomeUnharmed,
  targetOddsInput,
  type OddsAttack,
  type OddsSummary,
} from './attack-odds.js';
import { oddsPairs, percent } from './attack-odds-view.js';
import { oddsShownTo } from './odds-visibility.js';
import { currentAnalysis } from '../../settings/model-analysis.js';
import { f } from '../../format.js';

const creature = (actor: Actor) => actor.system;

/** One line of the "What if?": its label and the odds it gives. */
export interface WhatIfLine {
  label: string;
  summary: OddsSummary;
}

/** The size of a weapon item, if it has one. */
function weaponSize(item: Item | null | undefined): Size | undefined {
  return (item?.system as { size?: Size } | undefined)?.size;
}

/** The defender's equipped shield bonus and enhancement (as attack-aborts.ts reads them). */
function shieldOf(defender: Actor): { bonus: number; enhancement: number } {
  const id = creature(defender).derived?.equippedShieldId;
  const sys = id ? (defender.items.get(id)?.system as { shieldBonus?: number; enhancement?: number }) : null;
  return { bonus: sys?.shieldBonus ?? 0, enhancement: sys?.enhancement ?? 0 };
}

/** The odds of the hit as it stands: RD known (damage to roll) or the damage rolled. */
function standing(attack: OddsAttack, defender: Actor, target: CardTarget, analysis: ModelAnalysis) {
  const { input } = targetOddsInput(attack, defender, target);
  const unharmed = outcomeUnharmed(input);
  const damage = target.damage;
  if (damage) {
    const nonlethal = attack.options.nonlethal === true;
    const dealt = nonlethal ? damage.nonlethal : damage.lethal;
    const outcome = odds.outcomeOdds(
      { final: odds.pointDistribution(dealt), nonlethalAttack: nonlethal },
      input.target,
      { ...(input.variants ? { variants: input.variants } : {}), slashing: input.slashing === true },
    );
    return { input, unharmed, outcome, hit: 1, nonlethal, effect: null as number | null };
  }
  // The Defense total is known: the RD is fixed, the weapon's dice are still to roll.
  const result = analysis.odds({
    ...input,
    defense: { bonus: (target.defense?.total ?? 0) as number, fixed: true },
  });
  const summary = oddsSummary(result, input, 0);
  return {
    input,
    unharmed,
    outcome: result.outcome,
    hit: result.hit.hit,
    nonlethal: summary.nonlethal,
    effect: summary.effect,
  };
}

/** P(the Block succeeds) with the defender's best blocking weapon, and its name; null if none. */
export function blockOdds(
  state: AttackCardState,
  target: CardTarget,
  defender: Actor,
  attacker: Actor,
): { blocked: number; weapon: string } | null {
  const weapon = blockWeapons(defender)[0];
  if (!weapon) return null;
  const ctx = abortContextFor(state, target, defender, 'block');
  const attackingWeapon = attacker.items.get(state.weapon.itemId);
  const blockerSize = weaponSize(defender.items.get(weapon.itemId));
  const attackerSize = weaponSize(attackingWeapon);
  const shield = shieldOf(defender);
  // The modifiers alone: both rolls at 0, so blocked ⇔ block roll ≥ attack total − margin.
  const base = resolveBlock({
    ...ctx,
    feats: abortFeatsOf(defender).feats ?? [],
    blockerRoll: 0,
    attackerRoll: 0,
    blockerSize: creature(defender).size as Size,
    attackerSize: creature(attacker).size as Size,
    ...(blockerSize && attackerSize
      ? { blockerWeaponSize: blockerSize, attackerWeaponSize: attackerSize }
      : {}),
    shieldBonus: shield.bonus,
    shieldEnhancement: shield.enhancement,
  });
  const rolls = odds.attackTotalOdds(weapon.bonus);
  return { blocked: odds.probabilityAtLeast(rolls, state.attack.total - base.margin), weapon: weapon.name };
}

/**
 * The lines of the "What if?" of `defender` on this card now (empty: nothing to show), the hit's odds
 * by `analysis` (the world's combat model's).
 */
export function whatIfLines(
  state: AttackCardState,
  attack: OddsAttack,
  target: CardTarget,
  defender: Actor,
  analysis: ModelAnalysis = currentAnalysis(),
): WhatIfLine[] {
  const canBlock = actionAvailable('block', target) && cardAbortRefusal(state, target, 'block') === null;
  const canRoll =
    actionAvailable('rollWithBlow', target) && cardAbortRefusal(state, target, 'roll-with-blow') === null;
  const tumble = creature(defender).derived?.skills?.tumble;
  if (!canBlock && !(canRoll && tumble?.usable)) return [];
  const now = standing(attack, defender, target, analysis);
  const plain = { hit: now.hit, nonlethal: now.nonlethal, effect: now.effect };
  const lines: WhatIfLine[] = [
    { label: f('GNG.Odds.WhatIf.Without', {}), summary: mixedSummary(now.outcome, now.unharmed, 0, plain) },
  ];
  let block: ReturnType<typeof blockOdds> = null;
  try {
    block = canBlock ? blockOdds(state, target, defender, attack.attacker) : null;
  } catch {
    // The engine refuses this Block route (resolveBlock): no line for it.
  }
  if (block)
    lines.push({
      label: f('GNG.Odds.WhatIf.Block', { weapon: block.weapon, chance: percent(block.blocked) }),
      summary: mixedSummary(now.outcome, now.unharmed, block.blocked, plain),
    });
  if (canRoll && tumble?.usable && target.damage) {
    const damage = target.damage.lethal;
    const lethal = odds.mapped(odds.diceSum(1, 20), (natural) =>
      rollWithBlowLethal(state, defender, attack.attacker, tumble.total + natural, damage),
    );
    const outcome = odds.outcomeOdds({ final: lethal, nonlethalAttack: false }, now.input.target, {
      ...(now.input.variants ? { variants: now.input.variants } : {}),
      slashing: now.input.slashing === true,
    });
    lines.push({
      label: f('GNG.Odds.WhatIf.RollWithBlow', {
        bonus: tumble.total >= 0 ? `+${tumble.total}` : `${tumble.total}`,
      }),
      summary: mixedSummary(outcome, now.unharmed, 0, plain),
    });
  }
  return lines.length > 1 ? lines : [];
}

/** Lethal damage left by a Tumble total (engine `resolveRollWithBlow`). */
function rollWithBlowLethal(
  state: AttackCardState,
  defender: Actor,
  attacker: Actor,
  tumbleTotal: number,
  damage: number,
): number {
  return resolveRollWithBlow({
    tumbleTotal,
    attackRoll: state.attack.total,
    damage,
    defenderSize: creature(defender).size as Size,
    attackerSize: creature(attacker).size as Size,
  }).lethal;
}

/**
 * The "What if?" disclosure for `user`, or null: only for a user the world setting shows it to (the
 * defender's owners, GMs only under "GM only", nobody under "off": odds-visibility.ts), only while an
 * abort is open to the defender.
 */
export function whatIfFor(
  state: AttackCardState,
  attack: OddsAttack,
  target: CardTarget,
  defender: Actor | null,
  user: User,
  doc: Document,
  card?: ChatMessage | null,
  analysis: ModelAnalysis = currentAnalysis(),
): HTMLElement | null {
  if (!defender || !oddsShownTo(user, 'whatIf', defender, card)) return null;
  let lines: WhatIfLine[];
  try {
    lines = whatIfLines(state, attack, target, defender, analysis);
  } catch {
    return null;
  }
  if (!lines.length) return null;
  const details = doc.createElement('details');
  details.className = 'attack-what-if';
  details.dataset.targetId = target.id;
  const summary = doc.createElement('summary');
  summary.textContent = f('GNG.Odds.WhatIf.Title', { name: target.name });
  details.append(summary);
  for (const line of lines) {
    const p = doc.createElement('p');
    p.className = 'what-if-line';
    p.textContent = line.label;
    details.append(p, oddsPairs(doc, line.summary, false));
  }
  const note = doc.createElement('p');
  note.className = 'note';
  note.textContent = game.i18n.localize('GNG.Odds.WhatIf.Note');
  details.append(note);
  return details;
}
