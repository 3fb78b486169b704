/**
 * The Enlightened Grognard's token arithmetic (seed 003:366–478; docs/rules.md "Tokens"): pools read
 * defensively, a change split over the encounter pool and the persistent tokens, the initiative
 * choice, gifts. Expected values worked by hand from the text.
 */
import { describe, expect, it } from 'vitest';
import {
  giftRefusal,
  initiativeChoices,
  MAX_TOKENS,
  normalizeTokenCounts,
  parseGift,
  parseInitiativeChoice,
  parseTokenDelta,
  splitTokenChange,
} from '../../../src/rules/models/eg/tokens.js';

const pool = (power: number, speed: number, insight: number) => ({ power, speed, insight });

describe('pools and changes read defensively', () => {
  it('a stored pool keeps whole numbers ≥ 0 and reads anything else as 0', () => {
    expect(normalizeTokenCounts({ power: 3, speed: -2, insight: 1.5 })).toEqual(pool(3, 0, 0));
    expect(normalizeTokenCounts({ power: '4', speed: null, insight: 2 })).toEqual(pool(0, 0, 2));
    expect(normalizeTokenCounts('power')).toEqual(pool(0, 0, 0));
    expect(normalizeTokenCounts({ power: 1e9 })).toEqual(pool(MAX_TOKENS, 0, 0));
  });

  it('a change names token types with whole numbers only', () => {
    expect(parseTokenDelta({ speed: -2 })).toEqual(pool(0, -2, 0));
    expect(parseTokenDelta({ power: 1, insight: 3 })).toEqual(pool(1, 0, 3));
    expect(parseTokenDelta({ luck: 1 })).toBeNull();
    expect(parseTokenDelta({ power: 0.5 })).toBeNull();
    expect(parseTokenDelta({ power: '1' })).toBeNull();
    expect(parseTokenDelta({ power: MAX_TOKENS + 1 })).toBeNull();
    expect(parseTokenDelta([1, 2])).toBeNull();
    expect(parseTokenDelta(null)).toBeNull();
  });
});

describe('a change split over the encounter pool and the persistent tokens (003:461–465)', () => {
  it('a gain goes to the encounter pool', () => {
    const result = splitTokenChange(pool(0, 0, 0), pool(5, 5, 5), pool(2, 0, 1));
    expect(result).toEqual({ ok: true, split: { encounter: pool(2, 0, 1), persistent: pool(0, 0, 0) } });
  });

  it('a spend takes the encounter pool first, then the persistent tokens', () => {
    // 3 speed wanted, 1 in the encounter pool and 4 persistent: 1 + 2.
    const result = splitTokenChange(pool(0, 1, 0), pool(0, 4, 0), pool(0, -3, 0));
    expect(result).toEqual({ ok: true, split: { encounter: pool(0, -1, 0), persistent: pool(0, -2, 0) } });
  });

  it('a spend the two together cannot pay is refused, naming the type', () => {
    // 2 insight in all, 3 asked; the power part alone could be paid.
    expect(splitTokenChange(pool(1, 0, 1), pool(0, 0, 1), pool(-1, 0, -3))).toEqual({
      ok: false,
      short: 'insight',
    });
  });
});

describe('the initiative gain: 2 tokens of choice (003:430)', () => {
  it('accepts exactly 2 tokens in any mix, nothing else', () => {
    expect(parseInitiativeChoice({ power: 2 })).toEqual(pool(2, 0, 0));
    expect(parseInitiativeChoice({ speed: 1, insight: 1 })).toEqual(pool(0, 1, 1));
    expect(parseInitiativeChoice({ power: 3 })).toBeNull();
    expect(parseInitiativeChoice({ power: 1 })).toBeNull();
    expect(parseInitiativeChoice({ power: 3, speed: -1 })).toBeNull();
    expect(parseInitiativeChoice({ power: 3 }, 3)).toEqual(pool(3, 0, 0));
  });

  it('offers the six ways to take 2 of three types', () => {
    // 2+0+0 three ways, 1+1+0 three ways.
    expect(initiativeChoices()).toEqual([
      pool(2, 0, 0),
      pool(1, 1, 0),
      pool(1, 0, 1),
      pool(0, 2, 0),
      pool(0, 1, 1),
      pool(0, 0, 2),
    ]);
  });
});

describe('gifts (003:442, 473, 1020)', () => {
  it('pass between two PCs only', () => {
    expect(giftRefusal({ id: 'a', pc: true }, { id: 'b', pc: true })).toBeNull();
    expect(giftRefusal({ id: 'a', pc: true }, { id: 'a', pc: true })).toBe('self');
    expect(giftRefusal({ id: 'a', pc: false }, { id: 'b', pc: true })).toBe('npc');
    expect(giftRefusal({ id: 'a', pc: true }, { id: 'b', pc: false })).toBe('npc');
  });

  it('are one type, at least one token', () => {
    expect(parseGift('speed', 2)).toEqual({ type: 'speed', amount: 2 });
    expect(parseGift('speed', 0)).toBeNull();
    expect(parseGift('speed', -1)).toBeNull();
    expect(parseGift('luck', 1)).toBeNull();
    expect(parseGift('power', 1.5)).toBeNull();
  });
});
