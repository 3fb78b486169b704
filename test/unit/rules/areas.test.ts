/**
 * Areas of fire (GnG SPECIAL ATTACKS): the 5-ft aisle, the strafing cone (length = max(first range
 * increment, 30 ft), end width = half the length), suppressing fire's 20 × 20 ft square. Expected
 * values are worked from the geometry the text describes.
 */
import { describe, expect, it } from 'vitest';
import { coneAngleDegrees, inArea, inAreaNearestFirst, type FireArea } from '../../../src/rules/areas.js';

const east = { x: 0, y: 0 };

describe('areas of fire', () => {
  it('an aisle 5 ft wide: 2.5 ft either side of its line, from the muzzle to its length', () => {
    const aisle: FireArea = { shape: 'aisle', origin: east, direction: 0, length: 100, width: 5 };
    expect(inArea(aisle, { x: 50, y: 2.5 })).toBe(true);
    expect(inArea(aisle, { x: 50, y: -2.6 })).toBe(false);
    expect(inArea(aisle, { x: 100, y: 0 })).toBe(true);
    expect(inArea(aisle, { x: 100.1, y: 0 })).toBe(false);
    expect(inArea(aisle, { x: -1, y: 0 })).toBe(false);
    // Pointing down the map (90°): x and y swap roles.
    const south: FireArea = { ...aisle, direction: 90 };
    expect(inArea(south, { x: 2, y: 60 })).toBe(true);
    expect(inArea(south, { x: 60, y: 2 })).toBe(false);
  });

  it('a strafing cone of 30 ft is 15 ft wide at its end, 7.5 ft at half way, and opens 2·atan(¼)', () => {
    const cone: FireArea = { shape: 'cone', origin: east, direction: 0, length: 30, width: 15 };
    expect(inArea(cone, { x: 30, y: 7.5 })).toBe(true);
    expect(inArea(cone, { x: 30, y: 7.6 })).toBe(false);
    expect(inArea(cone, { x: 15, y: 3.75 })).toBe(true);
    expect(inArea(cone, { x: 15, y: 4 })).toBe(false);
    expect(inArea(cone, { x: 31, y: 0 })).toBe(false);
    expect(coneAngleDegrees(30, 15)).toBeCloseTo((2 * Math.atan(0.25) * 180) / Math.PI, 10);
    expect(coneAngleDegrees(30, 15)).toBeCloseTo(28.07, 2);
  });

  it('a 20 × 20 ft square, edges included', () => {
    const square: FireArea = { shape: 'square', corner: { x: 10, y: 10 }, size: 20 };
    expect(inArea(square, { x: 10, y: 30 })).toBe(true);
    expect(inArea(square, { x: 30.5, y: 20 })).toBe(false);
  });

  it('the nearest first, whatever order they were given in; those outside are left out', () => {
    const aisle: FireArea = { shape: 'aisle', origin: east, direction: 0, length: 100, width: 5 };
    const order = inAreaNearestFirst(aisle, east, [
      { item: 'far', at: { x: 80, y: 0 } },
      { item: 'aside', at: { x: 20, y: 10 } },
      { item: 'near', at: { x: 10, y: 1 } },
      { item: 'mid', at: { x: 40, y: -2 } },
    ]);
    expect(order).toEqual(['near', 'mid', 'far']);
  });

  it('bad input throws a RangeError', () => {
    expect(() => inArea({ shape: 'aisle', origin: east, direction: 0, length: 0, width: 5 }, east)).toThrow(
      RangeError,
    );
    expect(() =>
      inArea({ shape: 'cone', origin: east, direction: Number.NaN, length: 30, width: 15 }, east),
    ).toThrow(RangeError);
    expect(() => inArea({ shape: 'blob' } as unknown as FireArea, east)).toThrow(RangeError);
  });
});
