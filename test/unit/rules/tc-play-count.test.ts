/**
 * The Time Count as a pure reducer (seed 002:237–250, 66; design §2.2 R32–R34, R11), played through
 * the text's example: Zherynn 6, Garret 7, Aeus 8 + 5 = 13 (surprised); dagger SF 6, long sword SF 9.
 */
import { describe, expect, it } from 'vitest';
import {
  isActingNow,
  nextScheduledCount,
  playCount,
  type TcCountEvent,
  type TcCountState,
} from '../../../src/rules/models/tc/play-count.js';

function play(state: TcCountState, ...events: TcCountEvent[]): TcCountState {
  return events.reduce((s, event) => {
    const step = playCount(s, event);
    if (!step.ok) throw new Error(`refused ${event.kind}: ${step.reason}`);
    return step.state;
  }, state);
}

const EMPTY: TcCountState = { count: 0, next: {}, unsteady: {} };

describe('playCount: the example (002:243)', () => {
  it('initiative, acts, advances', () => {
    let s = play(
      EMPTY,
      { kind: 'initiative', id: 'zherynn', total: 6 },
      { kind: 'initiative', id: 'aeus', total: 13, surprised: true },
      { kind: 'initiative', id: 'garret', total: 7 },
    );
    expect(s.unsteady).toEqual({ aeus: true });
    s = play(s, { kind: 'advance' });
    expect(s.count).toBe(6);
    expect(playCount(s, { kind: 'act', id: 'garret', sf: 9 })).toEqual({ ok: false, reason: 'notActing' });
    s = play(s, { kind: 'act', id: 'zherynn', sf: 6 }, { kind: 'advance' });
    expect(s.count).toBe(7);
    s = play(s, { kind: 'act', id: 'garret', sf: 9 }, { kind: 'advance' });
    expect(s).toEqual({ count: 12, next: { zherynn: 12, aeus: 13, garret: 16 }, unsteady: { aeus: true } });
    expect(isActingNow(s, 'zherynn')).toBe(true);
    expect(isActingNow(s, 'aeus')).toBe(false);
    // "followed by Aeus 1 point later": Zherynn acts again (dagger 6 → 18), then Aeus, steady once it acts.
    s = play(s, { kind: 'act', id: 'zherynn', sf: 6 }, { kind: 'advance' });
    expect(s.count).toBe(13);
    s = play(s, { kind: 'act', id: 'aeus', sf: 9 });
    expect(s).toEqual({ count: 13, next: { zherynn: 18, aeus: 22, garret: 16 }, unsteady: {} });
    expect(nextScheduledCount(s)).toBe(16);
  });
});

describe('playCount: the other events', () => {
  const at5: TcCountState = { count: 5, next: { a: 5, b: 9 }, unsteady: {} };

  it('a creature that did not act keeps its turn after an advance', () => {
    const s = play(at5, { kind: 'advance' });
    expect(s.count).toBe(9);
    expect(isActingNow(s, 'a')).toBe(true);
    expect(play(s, { kind: 'act', id: 'a', sf: 4 }).next.a).toBe(13);
  });

  it('a fumble: the next count from the SF with its 1d6, unsteady until it acts again (002:66)', () => {
    const s = play(at5, { kind: 'fumble', id: 'a', sf: 13 });
    expect(s.next.a).toBe(18);
    expect(s.unsteady).toEqual({ a: true });
  });

  it('a delay to a later count; remove', () => {
    expect(play(at5, { kind: 'delay', id: 'a', until: 7 }).next).toEqual({ a: 7, b: 9 });
    expect(playCount(at5, { kind: 'delay', id: 'a', until: 5 })).toEqual({ ok: false, reason: 'badCount' });
    expect(play(at5, { kind: 'remove', id: 'b' }).next).toEqual({ a: 5 });
  });

  it('refusals change nothing', () => {
    expect(playCount(at5, { kind: 'act', id: 'zz', sf: 3 })).toEqual({ ok: false, reason: 'unscheduled' });
    expect(playCount(at5, { kind: 'act', id: 'a', sf: -1 })).toEqual({ ok: false, reason: 'badCount' });
    expect(playCount(at5, { kind: 'act', id: 'a', sf: Number.NaN })).toEqual({
      ok: false,
      reason: 'badCount',
    });
    expect(playCount(at5, { kind: 'initiative', id: 'c', total: 0 })).toEqual({
      ok: false,
      reason: 'badCount',
    });
    expect(playCount({ count: 9, next: { a: 9 }, unsteady: {} }, { kind: 'advance' })).toEqual({
      ok: false,
      reason: 'nobodyLater',
    });
    expect(at5).toEqual({ count: 5, next: { a: 5, b: 9 }, unsteady: {} });
  });
});
