/**
 * Areas of fire (GnG SPECIAL ATTACKS): the 5-ft aisle, the strafing cone (length = max(first range
 * increment, 30 ft), end width = half the length), suppressing fire's 20 × 20 ft square. Expected
 * values are worked from the geometry the text describes.
 */
import { describe, expect, it } from 'vitest';
import {
  coneAngleDegrees,
  inArea,
  inAreaNearestFirst,
  segmentEntersArea,
  type FireArea,
} from '../../../src/rules/fire-areas.js';

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

  describe('a move through an area (segmentEntersArea)', () => {
    const square: FireArea = { shape: 'square', corner: { x: 25, y: 0 }, size: 20 };

    it('a move straight across a 20-ft square, starting and ending outside it, enters it', () => {
      // West of the square (x 22.5) to east of it (x 52.5), on the row y = 7.5.
      expect(segmentEntersArea(square, { x: 22.5, y: 7.5 }, { x: 52.5, y: 7.5 })).toBe(true);
      // The same line 2.5 ft past the square's south edge (y 22.5 > 20) does not.
      expect(segmentEntersArea(square, { x: 22.5, y: 22.5 }, { x: 52.5, y: 22.5 })).toBe(false);
      // Along the south edge itself (y = 20): edges are in.
      expect(segmentEntersArea(square, { x: 0, y: 20 }, { x: 100, y: 20 })).toBe(true);
    });

    it('a move that starts or ends inside enters; one that stops short does not', () => {
      expect(segmentEntersArea(square, { x: 35, y: 10 }, { x: 100, y: 10 })).toBe(true);
      expect(segmentEntersArea(square, { x: 100, y: 10 }, { x: 44, y: 10 })).toBe(true);
      // From x 0 to x 24: one foot short of the west side.
      expect(segmentEntersArea(square, { x: 0, y: 10 }, { x: 24, y: 10 })).toBe(false);
    });

    it('a diagonal move clipping the corner enters; one passing beside the corner does not', () => {
      // From (20, 10) to (30, 0), on the line x + y = 30: inside the square from (25, 5) to (30, 0).
      expect(segmentEntersArea(square, { x: 20, y: 10 }, { x: 30, y: 0 })).toBe(true);
      // The line from (20, 4) to (24, 0) has x ≤ 24 everywhere: it never reaches x = 25.
      expect(segmentEntersArea(square, { x: 20, y: 4 }, { x: 24, y: 0 })).toBe(false);
      // From (20, -10) to (30, -1): y stays below 0, the square's north side.
      expect(segmentEntersArea(square, { x: 20, y: -10 }, { x: 30, y: -1 })).toBe(false);
    });

    it('a move of no length is the point itself', () => {
      expect(segmentEntersArea(square, { x: 30, y: 5 }, { x: 30, y: 5 })).toBe(true);
      expect(segmentEntersArea(square, { x: 50, y: 5 }, { x: 50, y: 5 })).toBe(false);
    });

    it('a move across a 5-ft aisle (2.5 ft either side of its line) enters it', () => {
      const aisle: FireArea = { shape: 'aisle', origin: east, direction: 0, length: 100, width: 5 };
      // From 5 ft north of the line to 5 ft south, at 50 ft out: both ends outside, the line crossed.
      expect(segmentEntersArea(aisle, { x: 50, y: -5 }, { x: 50, y: 5 })).toBe(true);
      // The same crossing beyond its 100 ft, or behind the muzzle, does not.
      expect(segmentEntersArea(aisle, { x: 101, y: -5 }, { x: 101, y: 5 })).toBe(false);
      expect(segmentEntersArea(aisle, { x: -1, y: -5 }, { x: -1, y: 5 })).toBe(false);
      // A move alongside, 3 ft off the line, stays outside (2.5 ft half width).
      expect(segmentEntersArea(aisle, { x: 10, y: 3 }, { x: 90, y: 3 })).toBe(false);
      // Pointing south (90°): crossing it means moving east–west at some y in 0–100.
      const south: FireArea = { ...aisle, direction: 90 };
      expect(segmentEntersArea(south, { x: -5, y: 40 }, { x: 5, y: 40 })).toBe(true);
      expect(segmentEntersArea(south, { x: 40, y: -5 }, { x: 40, y: 5 })).toBe(false);
    });

    it('a move across a 30-ft strafing cone enters it where it is wide enough', () => {
      const cone: FireArea = { shape: 'cone', origin: east, direction: 0, length: 30, width: 15 };
      // At 20 ft out the cone is 10 ft wide (±5): a move from y −6 to y 6 crosses it.
      expect(segmentEntersArea(cone, { x: 20, y: -6 }, { x: 20, y: 6 })).toBe(true);
      // Along y = 6 from x 20 to 24: the cone's half width is x·¼, 6 ft only at x = 24 (its edge).
      expect(segmentEntersArea(cone, { x: 20, y: 6 }, { x: 24, y: 6 })).toBe(true);
      expect(segmentEntersArea(cone, { x: 20, y: 6 }, { x: 23.9, y: 6 })).toBe(false);
      // Behind the muzzle, crossing its line: outside.
      expect(segmentEntersArea(cone, { x: -2, y: -6 }, { x: -2, y: 6 })).toBe(false);
    });

    it('bad input throws a RangeError', () => {
      expect(() => segmentEntersArea(square, { x: Number.NaN, y: 0 }, east)).toThrow(RangeError);
      expect(() => segmentEntersArea({ ...square, size: -1 } as FireArea, east, east)).toThrow(RangeError);
    });
  });
});
