/**
 * Preparing and casting a spell on the Time Count (seed 002:263, 648–676; design §2.2 R37). Expected
 * values worked out by hand from those lines.
 */
import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/rules/dice.js';
import {
  abandonSpell,
  castPreparedSpell,
  castingDC,
  chargeSpell,
  hurtWhilePreparing,
  isPrepared,
  parseSpellPreparation,
  prepareSpell,
  releaseCharge,
  spellExpired,
  spellFatigueCost,
  walkWhilePreparing,
  type SpellPreparation,
} from '../../../src/rules/models/tc/spell-preparation.js';

// Fatigue cost 3, armor spell failure 2, cast once earlier today: DC 10 + 3 + 2 + 3 = 18.
// Casting time Standard, static: 9 TC from count 10 → prepared at 19.
const STANDARD_AT_10 = {
  now: 10,
  castingTime: 'standard',
  random: false,
  fatigueCost: 3,
  armorFailure: 2,
  priorCastings: 1,
} as const;

function prepared(): SpellPreparation {
  return prepareSpell(STANDARD_AT_10).prep;
}

describe('R37: preparing a spell (002:656–660)', () => {
  it('the DC of step 1 and 2, the casting time as the SF', () => {
    const { prep, sf } = prepareSpell(STANDARD_AT_10);
    expect(castingDC(prep)).toBe(18);
    expect(sf).toMatchObject({ sf: 9, delayed: true, action: 'prepareSpell' });
    expect(prep.readyAt).toBe(19);
    expect(isPrepared(prep, 18)).toBe(false);
    expect(isPrepared(prep, 19)).toBe(true);
  });

  it('a rolled casting time: Slow 1d8+8 (3) = 11', () => {
    const { prep } = prepareSpell({
      now: 4,
      castingTime: 'slow',
      random: true,
      dice: fixedDice([3]),
      fatigueCost: 1,
    });
    expect(prep.readyAt).toBe(15);
    expect(castingDC(prep)).toBe(11);
  });

  it('damage or fatigue taken and turns walked before it is prepared add to the DC; after, nothing', () => {
    let prep = prepared();
    prep = hurtWhilePreparing(prep, 14, 5); // 23
    prep = walkWhilePreparing(prep, 15, 2); // 25
    expect(castingDC(prep)).toBe(25);
    expect(castingDC(hurtWhilePreparing(prep, 19, 4))).toBe(25);
    expect(castingDC(walkWhilePreparing(prep, 20))).toBe(25);
  });
});

describe('R37: charging and casting (002:661–663)', () => {
  it('a charge: 1 TC, DC and fatigue cost +1, only once prepared; cast with SF 1', () => {
    const prep = prepared();
    expect(chargeSpell(prep, 18)).toEqual({ ok: false, reason: 'notPrepared' });
    const charged = chargeSpell(prep, 19);
    if (!charged.ok) throw new Error('refused');
    expect(charged.sf).toBe(1);
    expect(castingDC(charged.prep)).toBe(19);
    expect(spellFatigueCost(charged.prep)).toBe(4);
    // Cast at count 20 with an Arcana total of 19: success, 4 fatigue, next act at 21, DC of the next +3.
    expect(castPreparedSpell(charged.prep, 20, { total: 19 })).toEqual({
      ok: true,
      success: true,
      dc: 19,
      total: 19,
      fatigue: 4,
      nextAct: 21,
      priorCastings: 2,
    });
  });

  it('a failed casting still spends the fatigue; take 10 is 10 + the bonus', () => {
    const out = castPreparedSpell(prepared(), 19, { take10: 7 });
    expect(out).toMatchObject({ ok: true, success: false, total: 17, dc: 18, fatigue: 3, priorCastings: 2 });
  });

  it('releasing a charge takes one back; none to release is refused', () => {
    const prep = prepared();
    expect(releaseCharge(prep, 19)).toEqual({ ok: false, reason: 'noCharge' });
    const once = chargeSpell(prep, 19);
    if (!once.ok) throw new Error('refused');
    const back = releaseCharge(once.prep, 20);
    expect(back.ok && castingDC(back.prep)).toBe(18);
  });

  it('casting before it is prepared, or after about a minute (120 TC), is refused', () => {
    expect(castPreparedSpell(prepared(), 15, { total: 30 })).toEqual({ ok: false, reason: 'notPrepared' });
    expect(spellExpired(prepared(), 130)).toBe(false);
    expect(castPreparedSpell(prepared(), 131, { total: 30 })).toEqual({ ok: false, reason: 'expired' });
  });
});

describe('R37: abandoning a spell (002:263, 676)', () => {
  it('during the casting time: act on the following TC; once prepared: nothing moves', () => {
    expect(abandonSpell(prepared(), 14)).toEqual({ nextAct: 15 });
    expect(abandonSpell(prepared(), 19)).toEqual({ nextAct: null });
  });
});

describe('a stored preparation read back', () => {
  it('a good one as stored; a malformed one null', () => {
    const prep = prepared();
    expect(parseSpellPreparation(JSON.parse(JSON.stringify(prep)))).toEqual(prep);
    expect(parseSpellPreparation(null)).toBeNull();
    expect(parseSpellPreparation({ ...prep, charges: -1 })).toBeNull();
    expect(parseSpellPreparation({ ...prep, taken: '5' })).toBeNull();
    expect(parseSpellPreparation({ ...prep, walked: 1.5 })).toBeNull();
    expect(parseSpellPreparation({ ...prep, readyAt: 9 })).toBeNull(); // before it began (10)
    const { charges: _dropped, ...partial } = prep;
    expect(parseSpellPreparation(partial)).toBeNull();
  });
});

describe('bad input', () => {
  it('is refused', () => {
    expect(() => prepareSpell({ now: 1, castingTime: 'standard', random: false, fatigueCost: -1 })).toThrow(
      RangeError,
    );
    expect(() =>
      prepareSpell({ now: 1, castingTime: 'soon' as never, random: false, fatigueCost: 1 }),
    ).toThrow(RangeError);
    expect(() => hurtWhilePreparing(prepared(), 12, 1.5)).toThrow(RangeError);
  });
});
