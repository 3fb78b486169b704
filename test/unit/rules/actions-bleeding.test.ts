import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SEVERE_BLEEDING,
  advanceSevereBleeding,
  bindSevereBleeding,
  severeBleedingConditions,
  startSevereBleeding,
  type SevereBleedingState,
} from '../../../src/rules/index.js';

describe('Severe Bleeding (GnG "Severe Bleeding")', () => {
  it('starts with a DC 12 Fortitude save one round after the attack', () => {
    expect(SEVERE_BLEEDING.firstSaveAfterRounds).toBe(1);
    expect(startSevereBleeding()).toEqual({ status: 'active', stage: 'bleeding', dc: 12 });
    expect(severeBleedingConditions(startSevereBleeding())).toEqual([]);
  });
  it('each success raises the DC by 2 (cumulative); decision D20: a save equal to the DC succeeds', () => {
    let s = startSevereBleeding();
    s = advanceSevereBleeding(s, 12);
    expect(s.dc).toBe(14);
    s = advanceSevereBleeding(s, true);
    expect(s).toEqual({ status: 'active', stage: 'bleeding', dc: 16 });
  });
  it('a failure makes the victim fatigued and resets the DC to 20', () => {
    const s = advanceSevereBleeding(advanceSevereBleeding(startSevereBleeding(), 15), 13);
    expect(s).toEqual({ status: 'active', stage: 'fatigued', dc: 20 });
    expect(severeBleedingConditions(s)).toEqual(['fatigued']);
  });
  it('decision D19: successes keep adding +2 after fatigue; "resets again" means back to 20 on exhaustion', () => {
    let s: SevereBleedingState = { status: 'active', stage: 'fatigued', dc: 20 };
    s = advanceSevereBleeding(s, 20);
    expect(s.dc).toBe(22);
    s = advanceSevereBleeding(s, 21);
    expect(s).toEqual({ status: 'active', stage: 'exhausted', dc: 20 });
    expect(severeBleedingConditions(s)).toEqual(['exhausted']);
  });
  it('failing while exhausted is death from blood loss; no more saves after', () => {
    const s = advanceSevereBleeding({ status: 'active', stage: 'exhausted', dc: 24 }, 23);
    expect(s.status).toBe('dead');
    expect(severeBleedingConditions(s)).toEqual(['dead']);
    expect(() => advanceSevereBleeding(s, 30)).toThrow(RangeError);
    expect(() => bindSevereBleeding(s)).toThrow(RangeError);
  });
  it('binding the wounds ends the saves; fatigue or exhaustion stays', () => {
    const fatigued = advanceSevereBleeding(startSevereBleeding(), false);
    const bound = bindSevereBleeding(fatigued);
    expect(bound).toEqual({ status: 'stopped', stage: 'fatigued', dc: 20 });
    expect(severeBleedingConditions(bound)).toEqual(['fatigued']);
    expect(() => advanceSevereBleeding(bound, 30)).toThrow(/stopped/);
  });
  it('a full run: 12 ✓, 14 ✗ → fatigued, 20 ✗ → exhausted, 20 ✓, 22 ✗ → dead', () => {
    const saves = [15, 10, 5, 20, 3];
    const states = saves.reduce<SevereBleedingState[]>(
      (acc, save) => [...acc, advanceSevereBleeding(acc[acc.length - 1] as SevereBleedingState, save)],
      [startSevereBleeding()],
    );
    expect(states.map((s) => `${s.status}/${s.stage}/${s.dc}`)).toEqual([
      'active/bleeding/12',
      'active/bleeding/14',
      'active/fatigued/20',
      'active/exhausted/20',
      'active/exhausted/22',
      'dead/exhausted/22',
    ]);
  });
  it('is immutable and rejects bad saves', () => {
    const s = startSevereBleeding();
    advanceSevereBleeding(s, false);
    expect(s).toEqual(startSevereBleeding());
    expect(Object.isFrozen(s)).toBe(true);
    expect(() => advanceSevereBleeding(s, 12.5)).toThrow(RangeError);
    expect(() => advanceSevereBleeding(s, NaN)).toThrow(RangeError);
  });
  it('property: at most three failures before death, the DC never drops below 12', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 40 }), (saves) => {
        let s = startSevereBleeding();
        let failures = 0;
        for (const save of saves) {
          if (s.status !== 'active') break;
          if (!save) failures++;
          s = advanceSevereBleeding(s, save);
          expect(s.dc).toBeGreaterThanOrEqual(12);
        }
        expect(s.status === 'dead').toBe(failures === 3);
      }),
    );
  });
});
