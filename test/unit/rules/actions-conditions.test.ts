import { describe, expect, it } from 'vitest';
import {
  ACTION_FEAT_IDS,
  BREAKING_BLOCK,
  CONDITION_IDS,
  CONDITION_TABLE,
  FREE_ABORT_FEATS,
  IMPROVED_CALLED_SHOT_REDUCTION,
  NERVE_STRIKE_MAX_SIZE_STEPS_LARGER,
  RIP_INNARDS_BLEED_PER_ROUND,
  SPECIAL_STRIKES,
  SPECIAL_STRIKE_IDS,
  conditionEffects,
  conditionLosesDexterity,
  specialStrike,
  strikeSaveDc,
} from '../../../src/rules/index.js';

describe('conditions table (GnG "CONDITIONS")', () => {
  it('has one entry per id', () => {
    expect(Object.keys(CONDITION_TABLE).sort()).toEqual([...CONDITION_IDS].sort());
  });
  it('reproduces the GnG numbers', () => {
    // Blinded prints "Dexterity and class", cowering "Dexterity": losing Dex also loses class and
    // dodge (decision "Dex penalty stays", docs/rules.md), so both lose all three.
    expect(conditionEffects('blinded')).toMatchObject({
      defense: -2,
      losesDefenseBonuses: ['dex', 'class', 'dodge'],
      speedMultiplier: 0.5,
      listedSkills: -4,
    });
    expect(conditionEffects('cowering')).toMatchObject({
      defense: -2,
      losesDefenseBonuses: ['dex', 'class', 'dodge'],
    });
    expect(conditionEffects('dazed')).toMatchObject({ noActions: true, typicalRounds: 1 });
    expect(conditionEffects('dazed').defense).toBeUndefined();
    expect(conditionEffects('dazzled')).toMatchObject({
      attack: -1,
      defense: -1,
      listedSkills: -1,
      skillList: ['Search', 'Spot'],
    });
    expect(conditionEffects('energy-drained')).toMatchObject({
      perLevel: true,
      attack: -1,
      defense: -1,
      saves: -1,
      skills: -1,
      abilityChecks: -1,
    });
    expect(conditionEffects('flat-footed')).toMatchObject({
      losesDefenseBonuses: ['dex', 'class', 'dodge'],
      noAttacksOfOpportunity: true,
    });
    for (const id of ['frightened', 'shaken'] as const) {
      expect(conditionEffects(id)).toMatchObject({
        attack: -2,
        defense: -2,
        saves: -2,
        skills: -2,
        abilityChecks: -2,
      });
    }
    expect(conditionEffects('grappling')).toMatchObject({ losesOnlyVsNonGrappled: true });
    expect(conditionEffects('helpless')).toMatchObject({
      dexterityZero: true,
      defenseRollAutoOne: true,
      meleeAttackersBonus: 4,
    });
    expect(conditionEffects('invisible')).toMatchObject({ attack: 2 });
    expect(conditionEffects('panicked')).toMatchObject({ defense: -2, saves: -2, dropsHeld: true });
    expect(conditionEffects('panicked').attack).toBeUndefined();
    expect(conditionEffects('prone')).toMatchObject({ meleeAttack: -4, defenseMelee: -4, defenseRanged: 4 });
    expect(conditionEffects('sickened')).toMatchObject({
      attack: -2,
      defense: -2,
      weaponDamage: -2,
      saves: -2,
    });
    expect(conditionEffects('stunned')).toMatchObject({ dropsHeld: true, noActions: true, defense: -2 });
    expect(conditionEffects('suppressed')).toMatchObject({ prone: true, noActions: true, typicalRounds: 1 });
  });
  it('decision D30: locked is −4 against melee (all opponents, the locker included), 0 against ranged, auto 1', () => {
    expect(conditionEffects('locked')).toMatchObject({
      held: true,
      defenseMelee: -4,
      defenseRollAutoOne: true,
    });
    expect(conditionEffects('locked').defenseRanged).toBeUndefined();
    expect(conditionEffects('locked').noActions).toBeUndefined();
    expect(conditionEffects('pinned')).toMatchObject({ held: true, noActions: true, defenseMelee: -4 });
  });
  it('disabled body parts: −2 penalties as printed, not stacking with themselves', () => {
    expect(conditionEffects('disabled-arm')).toMatchObject({
      attack: -2,
      strengthChecks: -2,
      listedSkills: -2,
    });
    expect(conditionEffects('disabled-ear')).toMatchObject({ initiative: -2, defense: -2, reflex: -2 });
    expect(conditionEffects('disabled-eye')).toMatchObject({
      dexterityChecks: -2,
      attack: -2,
      defense: -2,
      reflex: -2,
    });
    expect(conditionEffects('disabled-head')).toMatchObject({ allRollsExceptDamage: -2 });
    expect(conditionEffects('disabled-leg')).toMatchObject({ defense: -2, reflex: -2, dexterityChecks: -2 });
    for (const id of ['disabled-arm', 'disabled-ear', 'disabled-eye', 'disabled-head', 'disabled-leg']) {
      expect(conditionEffects(id).noStackWithSelf).toBe(true);
    }
  });
  it('decision D32: conditions defined only by the core rules carry no numbers here', () => {
    for (const id of ['deafened', 'nauseated']) {
      expect(Object.keys(conditionEffects(id)).sort()).toEqual(['descriptionKey', 'source']);
      expect(conditionEffects(id).source).toBe('core');
    }
    // Entangled's numbers are rows of the attacker and Defense tables; here only "cannot run or charge".
    expect(conditionEffects('entangled')).toEqual({
      source: 'core',
      noRunOrCharge: true,
      descriptionKey: 'GNG.Condition.entangled',
    });
  });
  it('decision "fatigue numbers": fatigued and exhausted carry the core numbers', () => {
    expect(conditionEffects('fatigued')).toEqual({
      source: 'core',
      strengthScore: -2,
      dexterityScore: -2,
      noRunOrCharge: true,
      fatigueDegree: 1,
      rest: { hours: 8, becomes: null },
      descriptionKey: 'GNG.Condition.fatigued',
    });
    expect(conditionEffects('exhausted')).toEqual({
      source: 'core',
      strengthScore: -6,
      dexterityScore: -6,
      speedMultiplier: 0.5,
      noRunOrCharge: true,
      fatigueDegree: 2,
      rest: { hours: 1, becomes: 'fatigued' },
      descriptionKey: 'GNG.Condition.exhausted',
    });
    // A disabled leg forbids running and charging too (GnG "the victim cannot run or charge").
    expect(conditionEffects('disabled-leg').noRunOrCharge).toBe(true);
    const runners = CONDITION_IDS.filter((id) => conditionEffects(id).noRunOrCharge);
    expect(runners).toEqual(['disabled-leg', 'entangled', 'exhausted', 'fatigued']);
  });
  it('Dexterity loss to Defense', () => {
    expect(conditionLosesDexterity('stunned')).toBe(true);
    expect(conditionLosesDexterity('helpless')).toBe(true);
    expect(conditionLosesDexterity('prone')).toBe(false);
    expect(conditionLosesDexterity('grappling')).toBe(true);
    expect(conditionLosesDexterity('grappling', true)).toBe(false);
  });
  it('unknown condition → RangeError naming it', () => {
    expect(() => conditionEffects('petrified')).toThrow(/petrified/);
  });
});

describe('feats as data (GnG Appendix 4)', () => {
  it('free aborts: Improved = 1, Advanced = Dex modifier, Infinite Block = unlimited', () => {
    expect(FREE_ABORT_FEATS['improved-block']).toEqual({
      abort: 'block',
      grant: { kind: 'fixed', count: 1 },
    });
    expect(FREE_ABORT_FEATS['advanced-block']).toEqual({ abort: 'block', grant: { kind: 'dex-modifier' } });
    expect(FREE_ABORT_FEATS['infinite-block']).toEqual({ abort: 'block', grant: { kind: 'unlimited' } });
    expect(FREE_ABORT_FEATS['advanced-roll-with-blow']?.abort).toBe('roll-with-blow');
    expect(ACTION_FEAT_IDS).toContain('riposte');
  });
  it('Breaking Block, Improved Called Shot', () => {
    expect(BREAKING_BLOCK).toEqual({ penalty: -4, appliesRelativeDegree: false, meleeOnly: true });
    expect(IMPROVED_CALLED_SHOT_REDUCTION).toBe(1);
  });
  it('breaking strikes and nerve strikes: penalties and saves', () => {
    const penalties = Object.fromEntries(
      SPECIAL_STRIKE_IDS.map((id) => [id, SPECIAL_STRIKES[id].attackPenalty]),
    );
    expect(penalties).toEqual({
      'break-spirit': -4,
      'break-stance': -4,
      'break-grip': -6,
      'break-balance': -6,
      'break-weapon': -4,
      'break-body': -8,
      'rip-nerves': -4,
      'rip-mind': -4,
      'rip-senses': -4,
      'rip-strength': -8,
      'rip-dexterity': -8,
      'rip-innards': -8,
      'rip-body': -8,
    });
    expect(specialStrike('break-spirit')).toMatchObject({
      resolution: 'will',
      conditions: ['shaken'],
      duration: '1d4',
    });
    expect(specialStrike('break-body')).toMatchObject({
      resolution: 'fortitude',
      abilityDamage: { str: 1, con: 1 },
    });
    expect(specialStrike('rip-nerves')).toMatchObject({ conditions: ['sickened'], duration: '1d4+1' });
    expect(specialStrike('rip-mind')).toMatchObject({ conditions: ['stunned'], duration: '1' });
    expect(specialStrike('rip-strength').abilityDamage).toEqual({ str: 2 });
    expect(specialStrike('rip-dexterity').abilityDamage).toEqual({ dex: 2 });
    expect(specialStrike('rip-innards')).toMatchObject({ abilityDamage: { con: 2 }, duration: '1d4' });
    expect(RIP_INNARDS_BLEED_PER_ROUND).toBe('1d4');
    expect(specialStrike('rip-body')).toMatchObject({
      conditions: ['nauseated', 'sickened'],
      duration: '1d4+1',
    });
    expect(NERVE_STRIKE_MAX_SIZE_STEPS_LARGER).toBe(2);
    expect(() => specialStrike('rip-soul')).toThrow(/rip-soul/);
  });
  it('strike save DC: 10 + ½ BAB (rounded down) + ability modifier', () => {
    expect(strikeSaveDc(7, 3)).toBe(16);
    expect(strikeSaveDc(1, 0)).toBe(10);
    expect(strikeSaveDc(8, -1)).toBe(13);
    expect(() => strikeSaveDc(-1, 0)).toThrow(RangeError);
    expect(() => strikeSaveDc(2, 0.5)).toThrow(RangeError);
  });
});
