/**
 * What tokens buy, what earns them, and who pays a loss under the Enlightened Grognard (seed
 * 003:379–457; docs/rules.md "Tokens"). Expected values worked by hand from the text.
 */
import { describe, expect, it } from 'vitest';
import {
  attackTokenType,
  CIRCUMSTANCE_TOKENS,
  defenseTokenType,
  skillTokenType,
  TOKEN_GAINS,
  tokenBonus,
} from '../../../src/rules/models/eg/token-uses.js';
import { planTokenLoss, substituteOrder } from '../../../src/rules/models/eg/token-loss.js';

const pool = (power: number, speed: number, insight: number) => ({ power, speed, insight });

describe('the uses table (003:391–420)', () => {
  it('power raises Strength attacks, Str/Con skills and Fortitude; speed Dexterity, Dex/Int and AC/Reflex; insight Wis/Cha and Will', () => {
    expect([attackTokenType('str'), attackTokenType('dex'), attackTokenType('wis')]).toEqual([
      'power',
      'speed',
      null,
    ]);
    expect(['str', 'con', 'dex', 'int', 'wis', 'cha', 'luck'].map(skillTokenType)).toEqual([
      'power',
      'power',
      'speed',
      'speed',
      'insight',
      'insight',
      null,
    ]);
    expect(['fortitude', 'ac', 'reflex', 'will', 'dr'].map(defenseTokenType)).toEqual([
      'power',
      'speed',
      'speed',
      'insight',
      null,
    ]);
  });

  it('proactive 1:1, a saving throw +2 a token', () => {
    expect(tokenBonus('strengthAttack', 3, 'proactive')).toBe(3);
    expect(tokenBonus('save', 3, 'proactive')).toBe(6);
  });

  it('retroactive 3 for 1, spare tokens buying nothing (A4); damage 1 for 1', () => {
    expect(tokenBonus('dexterityAttack', 3, 'retroactive')).toBe(1);
    expect(tokenBonus('dexterityAttack', 5, 'retroactive')).toBe(1);
    expect(tokenBonus('ac', 6, 'retroactive')).toBe(2);
    expect(tokenBonus('damageDealt', 4, 'retroactive')).toBe(4);
    expect(tokenBonus('damageTaken', 2, 'retroactive')).toBe(2);
  });

  it('no more than 10 on one skill check; range and movement before the fact only', () => {
    expect(tokenBonus('wisdomSkill', 10, 'proactive')).toBe(10);
    expect(tokenBonus('wisdomSkill', 11, 'proactive')).toBeNull();
    expect(tokenBonus('weaponRange', 2, 'retroactive')).toBeNull();
    expect(tokenBonus('movement', 2, 'proactive')).toBe(2);
    expect(tokenBonus('fortitude', -1, 'proactive')).toBeNull();
  });
});

describe('the gains the chapter names', () => {
  it('reads the counts as written', () => {
    expect(TOKEN_GAINS.initiative).toMatchObject({ type: null, count: 2 });
    expect(TOKEN_GAINS.totalDefense).toMatchObject({ type: 'speed', count: 4, action: 'standard' });
    expect(TOKEN_GAINS.squeezingFoe).toMatchObject({ type: 'power', count: 5, action: 'swift' });
    expect(TOKEN_GAINS.grappledFoe).toMatchObject({ type: 'power', count: 2, action: 'free' });
    // A1: a swift action gains 2 tokens, the improved or total degree 4.
    expect(CIRCUMSTANCE_TOKENS.cover).toMatchObject({ type: 'speed', count: 2, action: 'swift' });
    expect(CIRCUMSTANCE_TOKENS.totalConcealment).toMatchObject({ type: 'speed', count: 4 });
    expect(CIRCUMSTANCE_TOKENS.proneFoe).toMatchObject({ type: 'power', count: 2 });
  });
});

describe('losing tokens with substitution (003:453–457)', () => {
  it('pays the asked type first', () => {
    expect(planTokenLoss({ id: 'a', pool: pool(3, 1, 0) }, 'power', 2)).toEqual({
      paid: [{ id: 'a', tokens: pool(2, 0, 0) }],
      ignored: 0,
    });
  });

  it('a token it lacks is another type, its choice first, else what it holds most', () => {
    // 1 power of 3 asked: 2 more, the loser chose insight (1 held), then speed.
    expect(planTokenLoss({ id: 'a', pool: pool(1, 4, 1) }, 'power', 3, [], ['insight'])).toEqual({
      paid: [{ id: 'a', tokens: pool(1, 1, 1) }],
      ignored: 0,
    });
    // No choice: speed (4) before insight (1).
    expect(substituteOrder('power', pool(1, 4, 1))).toEqual(['speed', 'insight']);
    expect(substituteOrder('speed', pool(1, 0, 2), ['power', 'speed', 'power'])).toEqual([
      'power',
      'insight',
    ]);
  });

  it('what the loser cannot pay its allies supply; what nobody has is ignored', () => {
    // 4 speed: the loser has 1 insight; ally b 2 speed; ally c 0; 1 left over.
    expect(
      planTokenLoss({ id: 'a', pool: pool(0, 0, 1) }, 'speed', 4, [
        { id: 'b', pool: pool(0, 2, 0) },
        { id: 'c', pool: pool(0, 0, 0) },
      ]),
    ).toEqual({
      paid: [
        { id: 'a', tokens: pool(0, 0, 1) },
        { id: 'b', tokens: pool(0, 2, 0) },
      ],
      ignored: 1,
    });
  });
});
