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
  attackRollTokenType,
  CHARGE_GAIN,
  FIGHTING_DEFENSIVELY_GAIN,
  fightingDefensivelyNatural,
  nonProficientCost,
  retroactiveBonus,
  SHIELD_BASH_COST,
  egWield,
} from '../../rules/models/eg/attack-card.js';
import { defenseTokenType } from '../../rules/models/eg/token-uses.js';
import { strengthDamage } from '../../rules/models/eg/damage.js';
import type { WeaponData } from '../../data/item/item-data.js';
import { againstHelpless, isHelpless } from '../../rules/models/eg/resolve.js';
import { egAttackBonus } from '../../rules/models/eg/attack-bonus.js';
import type { AttackSummary } from '../../data/actor/derive-attacks.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import { Refusal } from '../kernel/index.js';
import type { AttackOptions } from './attack-options.js';
import type { AttackCardState, CardPart, CardTarget } from './attack-state.js';
import { cardResult, gateModelOptions, staticCardDefense, type SettleTarget } from './attack-model-steps.js';
import type { CardEg, CardEgTarget } from './eg-card-state.js';
import { cardTokenChange, egCombatOf } from './eg-card-tokens.js';
import { assertMaySpend } from '../../combat/eg-token-store.js';

/** The Enlightened Grognard model's id (lane core's EG_MODEL). */
export const EG_MODEL_ID = 'eg';

export const isEgModel = (model: CombatModel | null | undefined): boolean => model?.id === EG_MODEL_ID;

/** GnG's options the chapter does not have, besides the situational ones (`gateModelOptions`). */
const GNG_ONLY = ['coupDeGrace', 'saga', 'object'] as const;

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
  if (!gateModelOptions(options, isEgModel(model), 'eg', GNG_ONLY, 'GNG.Model.EG.Card')) return;
  const eg = options.eg ?? {};
  if ((eg.fightingDefensively || eg.charge) && context.mode !== 'melee')
    throw new Refusal('GNG.Model.EG.Card.Refusal.melee');
  if (eg.charge && (context.targets.length !== 1 || eg.area))
    throw new Refusal('GNG.Model.EG.Card.Refusal.chargeOneTarget');
  if (eg.area && !context.targets.includes(eg.area.primary)) throw new Refusal('GNG.Error.Attack.BadRequest');
}

/** What the sheet's row adds besides its base attack, ability and size: the weapon's own, armor's, effects. */
const SHEET_KEEPS = [
  'GNG.Breakdown.Enhancement',
  'GNG.Breakdown.ArmorNonproficient',
  'GNG.Breakdown.ShieldNonproficient',
  'GNG.Breakdown.Effects',
];

/**
 * The attack's parts under the chapter: the ability's base attack bonus, the ability and size (the
 * model's `egAttackBonus`, 003:153, 184; a printed stat-block bonus stands for them), the proactive
 * tokens (not an area attack's: they raise one die), then what the sheet's row adds of its own (the
 * weapon's enhancement, armor and shield non-proficiency, 003:1454–1457, effects) and the flat bonus.
 * GnG's injury, condition rows and −4 non-proficiency are not the chapter's (a token pays for that).
 */
export function egAttackParts(actor: Actor, row: AttackSummary, options: AttackOptions): CardPart[] {
  const eg = options.eg ?? {};
  const tokens = eg.area ? 0 : (eg.spend ?? 0);
  const printed = row.parts.find((p) => p.label === 'GNG.Breakdown.Printed');
  const base = printed
    ? [{ label: printed.label, value: printed.value }, ...(tokens ? [tokenPart(row, tokens)] : [])]
    : egAttackBonus(modelCreatureOf(actor), { ability: attackAbility(row.mode), tokens }).parts.map((p) =>
        p.label === 'GNG.Model.EG.Bab.Part.tokens' ? tokenPart(row, p.value) : { ...p },
      );
  const sheet = row.parts.filter((p) => SHEET_KEEPS.includes(p.label) && p.value !== 0);
  const bonus = options.bonus ? [{ label: 'GNG.AttackDialog.Bonus', value: options.bonus }] : [];
  return [...base, ...sheet.map((p) => ({ ...p })), ...bonus];
}

/** The proactive tokens as a part named by their type ("Power tokens +2"). */
function tokenPart(row: AttackSummary, value: number): CardPart {
  return { label: `GNG.Model.EG.Card.Part.${attackRollTokenType(attackAbility(row.mode))}`, value };
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
  sender: User,
): Promise<CardEg> {
  const eg = options.eg ?? {};
  const ability = attackAbility(row.mode);
  const type = attackRollTokenType(ability);
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
    combatId: egCombatOf(actor)?.id ?? null,
  };
  const delta = sumTokenDeltas(gained, asSpend(cost), asSpend({ [type]: card.spend }));
  assertMaySpend(
    sender,
    actor,
    Object.values(delta).some((n) => n < 0),
  );
  const record = await cardTokenChange(actor, delta, 'attack', null);
  if (record) card.records.push(record);
  return card;
}

/** Helpless as the model reads it (resolve.ts `isHelpless`, 003:1445), with what implies each status. */
export function egHelpless(actor: Actor | null): boolean {
  return actor ? isHelpless(expandConditions(actor.statuses ?? [])) : false;
}

/** A creature target's static defense (the model's) and its EG part, before the roll. */
export const settleEgTarget: SettleTarget = (state, target, defender, model) => {
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
};

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
  target.result = cardResult(againstHelpless(model.resolve(attack, defense, eg.natural), eg.helpless));
}

/**
 * The attacker's Strength on this attack's damage under the chapter (003:212–218): by how its weapon
 * is wielded (`egWield`: one-handed ×1, two-handed ×1½, light and ranged none); none for a weapon
 * that adds no Strength.
 */
export function egStrength(attacker: Actor, state: AttackCardState, summary: AttackSummary): number {
  if (summary.strength.rule === 'none') return 0;
  const weapon = attacker.items.get(state.weapon.itemId);
  const use = weapon?.type === 'weapon' ? (weapon.system as WeaponData).use : 'one-handed';
  return strengthDamage(summary.strength.modifier, egWield(use, state.weapon.grip));
}
