/**
 * Every number of the rules lives in src/rules once: the views of the same rule that several modules
 * give (conditions table, Defense table and defenseBonus, attacker table, Protection halving) agree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTACKER_CONDITIONS,
  attackRollModifiers,
  ENTANGLED_DEXTERITY_PENALTY,
  type AttackerCondition,
} from '../../../src/rules/attack-modifiers.js';
import { penetratedProtection } from '../../../src/rules/called-shots.js';
import {
  CONDITION_IDS,
  CONDITION_TABLE,
  conditionEffects,
  conditionLosesDexterity,
  DEXTERITY_LOSS_BONUSES,
  type ConditionId,
  type DefenseBonusKind,
} from '../../../src/rules/conditions.js';
import {
  DEFENSE_ROLL_MODIFIER_ROWS,
  DEFENSE_ROLL_MODIFIERS,
  DEFENSE_STATES,
  defenseBonus,
  type DefenseAttackMode,
  type DefensePart,
  type DefenseState,
} from '../../../src/rules/defense.js';
import { resolvePin } from '../../../src/rules/grapple.js';
import { bypassedArmorValue } from '../../../src/rules/protection.js';

const isCondition = <T extends string>(id: T): id is T & ConditionId =>
  (CONDITION_IDS as readonly string[]).includes(id);
const MODES: readonly DefenseAttackMode[] = ['melee', 'ranged'];

/** The Defense modifier a condition's entry gives against one attack mode. */
function conditionDefense(id: ConditionId, mode: DefenseAttackMode): number {
  const e = conditionEffects(id);
  const always = (e.defense ?? 0) + (e.allRollsExceptDamage ?? 0);
  return mode === 'melee'
    ? always + (e.defenseMelee ?? 0) - (e.meleeAttackersBonus ?? 0)
    : always + (e.defenseRanged ?? 0);
}

describe('conditions table and Table: Defense Roll Modifiers agree', () => {
  const rows = DEFENSE_ROLL_MODIFIER_ROWS.filter(isCondition);
  it('the table has condition rows', () => {
    expect(rows).toEqual([
      'blinded',
      'cowering',
      'entangled',
      'flat-footed',
      'grappling',
      'helpless',
      'locked',
      'pinned',
      'prone',
      'stunned',
    ]);
  });
  it.each(rows)('%s: same melee/ranged numbers and footnotes', (id) => {
    const row = DEFENSE_ROLL_MODIFIERS[id];
    for (const mode of MODES) expect(row[mode]).toBe(conditionDefense(id, mode));
    const e = conditionEffects(id);
    expect(row.autoRollOne === true).toBe(e.defenseRollAutoOne === true);
    expect(row.losesDexterityBonus === true).toBe(!e.defenseRollAutoOne && conditionLosesDexterity(id));
  });
  it("entangled's −4 Dexterity is the attacker table's", () => {
    expect(DEFENSE_ROLL_MODIFIERS.entangled.dexterityPenalty).toBe(ENTANGLED_DEXTERITY_PENALTY);
  });
});

describe('conditions table and defenseBonus agree', () => {
  const states = DEFENSE_STATES.filter(isCondition);
  const input = (state: DefenseState, attack: DefenseAttackMode) =>
    defenseBonus({
      dexMod: 3,
      classes: [{ progression: 'good', levels: 5 }],
      size: 'medium',
      modifiers: { dodge: 1, haste: 1 },
      states: [state],
      attack,
    });
  const PART: Record<DefenseBonusKind, DefensePart> = { dex: 'dexterity', class: 'class', dodge: 'dodge' };

  it.each(states)('%s: Defense modifier, lost bonuses and automatic 1', (id) => {
    const e = conditionEffects(id);
    for (const mode of MODES) {
      const result = input(id, mode);
      expect(result.parts.situation + result.parts.conditions).toBe(conditionDefense(id, mode));
      expect(result.autoRollOne).toBe(e.defenseRollAutoOne === true);
      const removed = result.removed.map((r) => r.part);
      expect(removed.includes('dexterity')).toBe(conditionLosesDexterity(id));
      for (const kind of e.losesDefenseBonuses ?? []) expect(removed).toContain(PART[kind]);
      if (conditionLosesDexterity(id)) expect(removed).toContain('haste');
      else expect(removed).toEqual([]);
    }
  });

  it('every condition that loses bonuses loses the one list (Dex, class, dodge)', () => {
    for (const id of CONDITION_IDS) {
      const lost = CONDITION_TABLE[id].losesDefenseBonuses;
      if (lost !== undefined) expect(lost).toEqual(DEXTERITY_LOSS_BONUSES);
      expect(lost !== undefined || CONDITION_TABLE[id].dexterityZero === true).toBe(
        conditionLosesDexterity(id),
      );
    }
    expect(DEXTERITY_LOSS_BONUSES).toEqual(['dex', 'class', 'dodge']);
  });

  it('an invisible attacker takes the same parts in both tables', () => {
    expect(attackRollModifiers({ mode: 'melee', conditions: ['invisible'] }).defenderLosesDexterity).toBe(
      true,
    );
    const removed = input('attacker-invisible', 'melee').removed.map((r) => r.part);
    expect(removed).toEqual(['dexterity', 'class', 'dodge', 'haste']);
  });
});

describe('conditions table and Table: Attack Roll Modifiers agree', () => {
  const rows = ATTACKER_CONDITIONS.filter(
    (id): id is AttackerCondition & ConditionId => isCondition(id) && conditionEffects(id).source !== 'core',
  );
  it('the GnG conditions of the table', () => {
    expect(rows).toEqual(['dazzled', 'invisible', 'prone', 'shaken', 'frightened']);
  });
  it.each(rows)('%s: attack and melee-only attack modifiers', (id) => {
    const e = conditionEffects(id);
    for (const mode of MODES) {
      const expected = (e.attack ?? 0) + (mode === 'melee' ? (e.meleeAttack ?? 0) : 0);
      // Prone ranged is "—" (footnote 3); the conditions table has no ranged attack modifier for it.
      expect(attackRollModifiers({ mode, conditions: [id], rangedWeapon: 'rifle' }).total).toBe(expected);
    }
  });
  it('shaken and frightened share one printed row: their attack numbers are equal', () => {
    expect(conditionEffects('frightened').attack).toBe(conditionEffects('shaken').attack);
  });
});

describe('Protection halving is one rule', () => {
  it('penetration leaves what armor piercing leaves (decision D15)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (p) => {
        expect(penetratedProtection(p)).toBe(bypassedArmorValue(p, 'piercing'));
      }),
    );
  });
});

describe('a pin lasts what the pinned condition says', () => {
  it("resolvePin → the pinned condition's typical rounds", () => {
    expect(resolvePin(18, 12).pinnedRounds).toBe(conditionEffects('pinned').typicalRounds);
  });
});
