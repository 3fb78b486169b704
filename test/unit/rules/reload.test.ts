/**
 * Reload actions: d20 Modern (a box magazine: move; an internal magazine: full-round) and GnG Quick
 * Reload ("swapping … box magazine … is a free action; loading … an internal magazine is a move
 * action"; a heavy single-shot weapon "a move action").
 */
import { describe, expect, it } from 'vitest';
import { reloadAction } from '../../../src/rules/reload.js';

describe('the action a reload takes', () => {
  it('as the weapon says without the feat', () => {
    expect(reloadAction('move')).toBe('move');
    expect(reloadAction('full')).toBe('full');
  });
  it('one step lighter with Quick Reload: box magazine free, internal magazine and heavy weapons move', () => {
    expect(reloadAction('move', true)).toBe('free');
    expect(reloadAction('full', true)).toBe('move');
    expect(reloadAction('standard', true)).toBe('move');
    expect(reloadAction('free', true)).toBe('free');
  });
  it('an unknown action throws a RangeError', () => {
    expect(() => reloadAction('swift' as 'move')).toThrow(RangeError);
  });
});
