/**
 * The attack card under the Enlightened Grognard model (seed 003; issue #31), on the active GM's
 * client: the chapter's options checked before anything is rolled; the attack's parts (the sheet's
 * bonus without GnG's injury and non-proficiency penalty, which the chapter replaces with a token,
 * and the proactive tokens); what the options cost and earn, changed through the token store before
 * the card is posted; each creature target's static defense; and the roll itself, made only once
 * every defender answered its proactive spend (or the GM closed that step): one d20, two kept low
 * when fighting defensively, three sorted for an area attack. The numbers are the engine's
 * (src/rules/models/eg/). Decisions: docs/rules.md "### The attack card".
 */
import { expandConditions, type CombatModel } from '../../rules/index.js';
import {
  sumTokenDeltas,
  areaDice,
  asSpend,
  attackAbility,
  attackTokenType,
  CHARGE_GAIN,
  criticalHit,
  defenseTokenType,
  FIGHTING_DEFENSIVELY_GAIN,
  fightingDefensivelyNatural,
  nonProficientCost,
  retroactiveBonus,
  SHIELD_BASH_COST,
} from '../../rules/models/eg/attack-card.js';
import type { AttackSummary } from '../../data/actor/derive-attacks.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import { capabilityRefusal } from '../model-guard.js';
import { Refusal } from '../kernel/index.js';
import { itemizedAttackParts } from './attack-preview.js';
import type { AttackOptions } from './attack-options.js';
import type { AttackCardState, CardPart, CardTarget } from './attack-state.js';
import { cardResult, staticCardDefense } from './attack-model-steps.js';
import type { CardEg, CardEgTarget } from './eg-card-state.js';
import { cardTokenChange } from './eg-card-tokens.js';

/** The Enlightened Grognard model's id (lane core's EG_MODEL). */
export const EG_MODEL_ID = 'eg';

export const isEgModel = (model: CombatModel | null | undefined): boolean => model?.id === EG_MODEL_ID;

/** GnG's own options the chapter replaces with its own (`options.eg`) or does not have. */
const GNG_ONLY = [
  'situational',
  'defenderSituation',
  'concealment',
  'intoMelee',
  'fightingDefensively',
  'coupDeGrace',
  'saga',
  'object',
] as const;

function chosen(options: AttackOptions, key: (typeof GNG_ONLY)[number]): boolean {
  const value = options[key];
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return value === true;
}

/** A shield used as a weapon (the SRD's "Shield, light/heavy", spiked or not): a shield bash (003:1766–1770). */
export function isShieldBash(weapon: Item): boolean {
  return /\bshield\b/i.test(weapon.name);
}

/**
 * Before anything is rolled: `options.eg` only under the EG model, GnG's own options not under it;
 * fighting defensively and a charge are melee (003:698, 1505), a charge has one target, an area
 * attack names one of its targets as the primary.
 */
export function checkEgOptions(
  options: AttackOptions,
  model: CombatModel,
  context: { mode: 'melee' | 'ranged'; targets: string[] },
): void {
  if (!isEgModel(model)) {
    if (options.eg !== undefined) throw capabilityRefusal('GNG.Model.EG.Card.Options');
    return;
  }
  for (const key of GNG_ONLY)
    if (chosen(options, key)) throw capabilityRefusal(`GNG.Model.EG.Card.GnGOption.${key}`);
  const eg = options.eg ?? {};
  if ((eg.fightingDefensively || eg.charge) && context.mode !== 'melee')
    throw new Refusal('GNG.Model.EG.Card.Refusal.melee');
  if (eg.charge && (context.targets.length !== 1 || eg.area))
    throw new Refusal('GNG.Model.EG.Card.Refusal.chargeOneTarget');
  if (eg.area && !context.targets.includes(eg.area.primary)) throw new Refusal('GNG.Error.Attack.BadRequest');
}

/** The attack's parts under the chapter: the sheet's, without GnG's injury and −4 non-proficiency. */
export function egAttackParts(actor: Actor, row: AttackSummary, options: AttackOptions): CardPart[] {
  const sheet = itemizedAttackParts(actor, row).filter(
    (p) => p.label !== 'GNG.Breakdown.Injury' && p.label !== 'GNG.Breakdown.Nonproficient',
  );
  const eg = options.eg ?? {};
  // An area attack's proactive tokens raise one die, not the bonus every target meets (egRollAttack).
  const spend =
    eg.spend && !eg.area
      ? [{ label: `GNG.Model.EG.Card.Part.${attackTokenType(attackAbility(row.mode))}`, value: eg.spend }]
      : [];
  const bonus = options.bonus ? [{ label: 'GNG.AttackDialog.Bonus', value: options.bonus }] : [];
  return [...sheet, ...spend, ...bonus];
}

/**
 * GM side, before the card is posted: the card's EG part, and the attacker's tokens changed through
 * the store — the options' gains (charge: 2 power, fighting defensively: 2 speed, gained before the
 * attack, so they may pay for it), then its costs (non-proficient weapon, shield bash) and the
 * proactive tokens, in one change. A pool too short refuses and nothing changes.
 */
export async function startEgAttack(
  actor: Actor,
  weapon: Item,
  row: AttackSummary,
  options: AttackOptions,
): Promise<CardEg> {
  const eg = options.eg ?? {};
  const ability = attackAbility(row.mode);
  const type = attackTokenType(ability);
  const shieldBash = isShieldBash(weapon);
  const gained = sumTokenDeltas(
    eg.charge ? CHARGE_GAIN : {},
    eg.fightingDefensively ? FIGHTING_DEFENSIVELY_GAIN : {},
  );
  const cost = sumTokenDeltas(nonProficientCost(row.proficient, ability), shieldBash ? SHIELD_BASH_COST : {});
  const card: CardEg = {
    type,
    spend: eg.spend ?? 0,
    gained,
    cost,
    fightingDefensively: eg.fightingDefensively === true,
    charge: eg.charge === true,
    shieldBash,
    nonProficient: !row.proficient,
    area: eg.area ? { primary: eg.area.primary, spendOn: eg.area.spendOn ?? 'primary' } : null,
    dice: [],
    rolled: false,
    closedBy: null,
    areaDamage: null,
    records: [],
    withdrawn: null,
  };
  const delta = sumTokenDeltas(gained, asSpend(cost), asSpend({ [type]: card.spend }));
  const record = await cardTokenChange(actor, delta, 'attack', null);
  if (record) card.records.push(record);
  return card;
}

/** Helpless as the chapter reads it (003:1445): bound, sleeping, paralyzed, unconscious, helpless. */
export function egHelpless(actor: Actor | null): boolean {
  if (!actor) return false;
  const conditions = expandConditions(actor.statuses ?? []);
  return ['helpless', 'unconscious', 'paralyzed', 'asleep'].some((id) => conditions.has(id));
}

/** A creature target's static defense (the model's) and its EG part, before the roll. */
export function settleEgTarget(
  state: AttackCardState,
  target: CardTarget,
  defender: Actor | null,
  model: CombatModel,
): void {
  if (target.kind !== 'creature' || !defender || target.defense) return;
  const spec = model.defenseAgainst(
    { mode: state.weapon.mode, touch: state.weapon.touch },
    modelCreatureOf(defender),
  );
  target.defense = staticCardDefense(spec, state.weapon.mode);
  const eg: CardEgTarget = {
    defenseType: defenseTokenType(spec.id),
    answer: null,
    helpless: egHelpless(defender),
    natural: null,
    attackTotal: null,
    retro: { attack: 0, defense: 0 },
    damage: { dealt: 0, taken: 0, base: null },
  };
  target.eg = eg;
}

/** Whether every target's defender answered (the roll may be made). */
export function everyoneAnswered(state: AttackCardState): boolean {
  return state.targets.every((target) => !target.eg || target.eg.answer !== null);
}

/** The d20s this attack rolls: 3 for an area attack, 2 fighting defensively, else 1. */
export function egDiceCount(eg: CardEg): number {
  return eg.area ? 3 : eg.fightingDefensively ? 2 : 1;
}

/**
 * The roll, once every defender answered: the d20s `rolled` read as the chapter says, the card's
 * natural and total (an area attack's: the primary's), each target's die and total, and its result
 * against its defense (with the defender's proactive tokens), a hit on a helpless defender critical.
 */
export function settleEgRoll(state: AttackCardState, rolled: readonly number[], model: CombatModel): void {
  const eg = state.eg as CardEg;
  eg.dice = [...rolled];
  eg.rolled = true;
  const area = eg.area ? areaDice(rolled as [number, number, number]) : null;
  const single = eg.fightingDefensively
    ? fightingDefensivelyNatural(rolled[0] as number, rolled[1] as number)
    : (rolled[0] as number);
  const bonus = state.attack.bonus;
  for (const target of state.targets) {
    if (!target.eg || !target.defense) continue;
    const primary = !area || target.id === eg.area?.primary;
    const natural = area ? (primary ? area.primary : area.others) : single;
    // The proactive tokens of an area attack raise the die they named (003:1481).
    const areaSpend = area && (eg.area?.spendOn === 'others') !== primary ? eg.spend : 0;
    target.eg.natural = natural;
    target.eg.attackTotal = natural + bonus + areaSpend;
    resolveEgTarget(state, target, model);
  }
  const first = area ? area.primary : single;
  state.attack.natural = first;
  state.attack.total = first + bonus + (area && eg.area?.spendOn !== 'others' ? eg.spend : 0);
}

/**
 * A target's result from its die and totals with every spend so far: the retroactive tokens buy
 * ⌊n/3⌋ (decision A4) on the attack or the defense; a hit on a helpless defender is a critical.
 */
export function resolveEgTarget(state: AttackCardState, target: CardTarget, model: CombatModel): void {
  const eg = target.eg;
  if (!eg || eg.attackTotal === null || eg.natural === null || !target.defense) return;
  const attack = eg.attackTotal + retroactiveBonus(eg.retro.attack);
  const defense = target.defense.total + retroactiveBonus(eg.retro.defense);
  const result = cardResult(model.resolve(attack, defense, eg.natural));
  delete result.critical;
  if (criticalHit(result.hit, eg.natural, eg.helpless)) result.critical = true;
  target.result = result;
}
