/**
 * The strikes' GM side (GnG Appendix 4, strikes.ts): the strike button's step after Apply (the
 * target's save or the opposed check, the effects on the target) and its Undo. Loaded with the
 * attack card's other steps on first use (attack-gm.ts).
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import type { WeaponData } from '../../data/item/item-data.js';
import {
  resolveBreakBalance,
  resolveBreakGrip,
  resolveBreakStance,
  savingThrow,
  sizeIndex,
  specialStrike,
  type BreakGripHold,
  type SpecialStrikeId,
  type StrikeCheckPart,
  type StrikeCheckResult,
} from '../../rules/index.js';

import { actorOf, Refusal, showRolls } from '../kernel/index.js';
import { saveCard } from './attack-save.js';
import type {
  AttackCardState,
  CardSave,
  CardStrike,
  CardStrikeResult,
  CardStrikeRoll,
  CardTarget,
} from './attack-state.js';
import { hasFeat } from '../../documents/actor-feats.js';

import { strikeDc } from './strikes.js';

const creature = (actor: Actor) => actor.system;

/** A d20 (kept in `rolls`, the step's rolls that Dice So Nice shows). */
async function d20(rolls: Roll[]): Promise<number> {
  const roll = await new Roll('1d20').evaluate();
  rolls.push(roll);
  return roll.total as number;
}

async function rollDice(formula: string, rolls: Roll[]): Promise<{ dice: number[]; total: number }> {
  const roll = await new Roll(formula).evaluate();
  rolls.push(roll);
  return {
    dice: roll.dice.flatMap((term) => term.results.map((r) => r.result)),
    total: roll.total as number,
  };
}

const PART_LABELS: Record<StrikeCheckPart['source'], string> = {
  ability: 'GNG.Strike.Part.ability',
  size: 'GNG.Strike.Part.size',
  charging: 'GNG.Strike.Part.charging',
  stability: 'GNG.Strike.Part.stability',
  attack: 'GNG.Strike.Part.attack',
  grip: 'GNG.Strike.Part.grip',
  'not-melee-weapon': 'GNG.Strike.Part.not-melee-weapon',
};

function checkRoll(side: StrikeCheckResult['attacker'], natural: number): CardStrikeRoll {
  return {
    natural,
    total: side.total,
    parts: side.parts.map((p) => ({ label: PART_LABELS[p.source], value: p.value })),
  };
}

/** The two naturals of an opposed check, the attacker's rolled first. */
async function opposedNaturals(rolls: Roll[]): Promise<{ attackerNatural: number; defenderNatural: number }> {
  const attackerNatural = await d20(rolls);
  return { attackerNatural, defenderNatural: await d20(rolls) };
}

/** Both sides' Strength modifiers (Break Stance and Break Balance are Strength against Strength). */
function strengths(attacker: Actor, defender: Actor): { attackerStrength: number; defenderStrength: number } {
  return {
    attackerStrength: creature(attacker).derived.abilities.str.mod,
    defenderStrength: creature(defender).derived.abilities.str.mod,
  };
}

/** An opposed check on the card (each side's roll, who won, by how much); the attacker won: a success. */
function recordCheck(
  result: CardStrikeResult,
  check: StrikeCheckResult,
  n: { attackerNatural: number; defenderNatural: number },
): void {
  result.check = {
    attacker: checkRoll(check.attacker, n.attackerNatural),
    defender: checkRoll(check.defender, n.defenderNatural),
    won: check.won,
    margin: check.margin,
  };
  result.success = check.won;
}

/** How a weapon is held for Break Grip, from its use and the grip of its attack row. */
function holdOf(actor: Actor, attack: AttackSummary | undefined): BreakGripHold {
  if (!attack) return 'light'; // an unarmed strike is a light weapon
  const item = actor.items.get(attack.itemId);
  const use = (item?.system as WeaponData | undefined)?.use;
  if (use === 'light' || use === 'unarmed') return 'light';
  return attack.grip === 'two-handed' || use === 'two-handed' ? 'two-handed' : 'one-handed';
}

const sizeFromMedium = (actor: Actor) => sizeIndex(creature(actor).size) - sizeIndex('medium');

function emptyResult(by: string): CardStrikeResult {
  return {
    by,
    save: null,
    check: null,
    success: false,
    statuses: [],
    formula: null,
    dice: [],
    rounds: null,
    abilityDamage: {},
    hemorrhage: null,
    effectIds: [],
    pushFeet: 0,
    dropped: null,
  };
}

/** Creates one effect on `actor` for this strike and records its id. */
async function createEffect(
  actor: Actor,
  result: CardStrikeResult,
  data: Record<string, unknown>,
  strike: SpecialStrikeId,
  message: ChatMessage,
  origin: string,
): Promise<void> {
  const [created] = await actor.createEmbeddedDocuments('ActiveEffect', [
    {
      img: 'icons/svg/target.svg',
      origin,
      ...data,
      flags: { [SYSTEM_ID]: { strike, message: message.id } },
    },
  ]);
  if (created?.id) result.effectIds.push(created.id);
}

/** A failed save: the strike's conditions (rolled duration), ability damage and hemorrhage. */
async function applySaveEffects(
  actor: Actor,
  result: CardStrikeResult,
  strike: CardStrike,
  message: ChatMessage,
  origin: string,
  rolls: Roll[],
): Promise<void> {
  const data = specialStrike(strike.id);
  const name = game.i18n.localize(`GNG.Strike.Name.${strike.id}`);
  const statuses = data.conditions.flatMap((c) =>
    c === 'blinded-or-deafened' ? [strike.sense ?? 'blinded'] : c === 'internal-hemorrhage' ? [] : [c],
  );
  if (data.duration !== null) {
    const rolled = await rollDice(data.duration, rolls);
    result.formula = data.duration;
    result.dice = rolled.dice;
    result.rounds = rolled.total;
  }
  if (statuses.length) {
    result.statuses = statuses;
    await createEffect(
      actor,
      result,
      { name, statuses, duration: result.rounds === null ? {} : { rounds: result.rounds } },
      strike.id,
      message,
      origin,
    );
  }
  if (data.conditions.includes('internal-hemorrhage') && result.rounds !== null) {
    result.hemorrhage = { dice: result.dice, rounds: result.rounds };
    await createEffect(
      actor,
      result,
      {
        name: game.i18n.localize('GNG.Strike.Hemorrhage'),
        duration: { rounds: result.rounds },
      },
      strike.id,
      message,
      origin,
    );
  }
  const abilities = Object.entries(data.abilityDamage) as ['str' | 'dex' | 'con', number][];
  if (abilities.length) {
    result.abilityDamage = Object.fromEntries(abilities);
    await createEffect(
      actor,
      result,
      {
        name: game.i18n.format('GNG.Strike.AbilityDamageEffect', { strike: name }),
        changes: abilities.map(([ability, amount]) => ({
          key: `system.abilities.${ability}.damage`,
          mode: CONST.ACTIVE_EFFECT_MODES.ADD,
          value: String(amount),
        })),
      },
      strike.id,
      message,
      origin,
    );
  }
}

/**
 * GM side, after Apply: resolves the strike against the target. Saves: Will (Break Spirit) or
 * Fortitude against 10 + ½ BAB + Str of the attacker now; a failure applies the effects. Opposed
 * checks: both sides' d20 rolled here (Break Stance pushes, Break Balance knocks prone, Break Grip
 * makes the target drop the chosen item).
 */
export async function strikeAction(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  user: User,
): Promise<void> {
  const strike = target.strike as CardStrike;
  const data = specialStrike(strike.id);
  const defender = await actorOf(target.actorUuid);
  if (!defender) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  const attacker = await actorOf(state.attacker.actorUuid);
  if (!attacker) throw new Refusal('GNG.Error.Attack.NoActor', { name: state.attacker.name });
  // The card's author could rewrite its flags: the strike must be the one the attack paid for, with
  // the feat the attacker has now.
  const paid = state.attack.parts.some(
    (p) => p.label === `GNG.Strike.Name.${strike.id}` && p.value === data.attackPenalty,
  );
  if (!paid || !hasFeat(attacker, data.feat)) throw new Refusal('GNG.Error.Attack.Tampered');
  const result = emptyResult(user.id as string);
  const origin = attacker.uuid;
  const rolls: Roll[] = [];

  if (data.resolution === 'fortitude' || data.resolution === 'will') {
    const dc = strikeDc(attacker, strike.id);
    strike.dc = dc;
    const bonus = creature(defender).derived.saves[data.resolution === 'will' ? 'will' : 'fort'].total;
    const natural = await d20(rolls);
    const saved = savingThrow({ natural, bonus, dc });
    const save: CardSave = { natural, bonus, total: saved.total, dc, success: saved.success };
    result.save = save;
    result.success = !save.success;
    if (result.success) await applySaveEffects(defender, result, strike, message, origin, rolls);
  } else if (strike.id === 'break-stance') {
    const n = await opposedNaturals(rolls);
    const check = resolveBreakStance({
      ...n,
      ...strengths(attacker, defender),
      sizeSteps: sizeIndex(creature(attacker).size) - sizeIndex(creature(defender).size),
    });
    recordCheck(result, check, n);
    result.pushFeet = check.pushFeet;
  } else if (strike.id === 'break-balance') {
    const n = await opposedNaturals(rolls);
    const check = resolveBreakBalance({
      ...n,
      ...strengths(attacker, defender),
      defenderDexterity: creature(defender).derived.abilities.dex.mod,
      attackerSizeFromMedium: sizeFromMedium(attacker),
      defenderSizeFromMedium: sizeFromMedium(defender),
    });
    recordCheck(result, check, n);
    if (check.won && !defender.statuses.has('prone')) {
      result.statuses = ['prone'];
      await createEffect(
        defender,
        result,
        { name: game.i18n.localize('GNG.Strike.Name.break-balance'), statuses: ['prone'] },
        strike.id,
        message,
        origin,
      );
    }
  } else if (strike.id === 'break-grip') {
    const item = strike.item ? defender.items.get(strike.item.id) : undefined;
    if (!item || !strike.item) throw new Refusal('GNG.Strike.Refusal.item', { name: target.name });
    const attackerRow = creature(attacker).derived.attacks.find((a) => a.itemId === state.weapon.itemId);
    if (!attackerRow) throw new Refusal('GNG.Error.NoAttack', { name: state.weapon.name });
    const defenderAttacks = creature(defender).derived.attacks.filter((a) => a.mode === 'melee');
    const defenderRow =
      defenderAttacks.find((a) => a.itemId === item.id) ??
      [...defenderAttacks].sort((x, y) => y.bonus - x.bonus)[0];
    const defenderSys = creature(defender).derived;
    const n = await opposedNaturals(rolls);
    const check = resolveBreakGrip({
      ...n,
      attackerAttackBonus: attackerRow.bonus,
      defenderAttackBonus: defenderRow?.bonus ?? defenderSys.bab + defenderSys.abilities.str.mod,
      attackerHold: holdOf(attacker, attackerRow),
      defenderHold: holdOf(defender, defenderRow),
      sizeSteps: sizeIndex(creature(attacker).size) - sizeIndex(creature(defender).size),
      itemIsMeleeWeapon: strike.item.melee,
    });
    recordCheck(result, check, n);
    if (check.won) {
      const equippedBefore = (item.system as { equipped?: boolean }).equipped === true;
      await item.update({ 'system.equipped': false });
      result.dropped = { itemId: item.id as string, name: item.name, equippedBefore };
    }
  } else {
    throw new Refusal('GNG.Error.Attack.Unavailable.strike');
  }
  strike.result = result;
  showRolls(message, rolls);
  await saveCard(message, state);
}

/** Undo (GM side): deletes the strike's effects and equips the dropped item again. */
export async function undoStrike(actor: Actor, target: CardTarget): Promise<void> {
  const result = target.strike?.result;
  if (!result) return;
  const ids = result.effectIds.filter((id) => actor.effects.get(id) !== undefined);
  if (ids.length) await actor.deleteEmbeddedDocuments('ActiveEffect', ids);
  if (result.dropped) {
    const item = actor.items.get(result.dropped.itemId);
    if (item) await item.update({ 'system.equipped': result.dropped.equippedBefore });
  }
  (target.strike as CardStrike).result = null;
}
