/**
 * The playground map's distances: the d20 1-2-1 diagonal rule that system.json asks of Foundry
 * (grid.diagonals 4, ALTERNATING_1): the first diagonal square counts 5 ft, the second 10 ft, and so
 * on; distances are to the nearest occupied square of a larger creature.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { squaresBetween } from '../../playground/map.js';

const at = (column: number, row: number, size = 1) => ({ column, row, width: size, height: size });

describe('map distance (d20 diagonals)', () => {
  it('system.json asks Foundry for the alternating rule', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../system.json', import.meta.url), 'utf8'));
    expect(manifest.grid).toEqual({ type: 1, distance: 5, units: 'ft', diagonals: 4 });
  });

  it.each([
    ['adjacent, straight', at(0, 0), at(1, 0), 1],
    ['adjacent, diagonal', at(0, 0), at(1, 1), 1],
    ['two diagonals: 5 + 10 ft', at(0, 0), at(2, 2), 3],
    ['three diagonals: 5 + 10 + 5 ft', at(0, 0), at(3, 3), 4],
    ['four diagonals', at(0, 0), at(4, 4), 6],
    ['one diagonal and three straight', at(0, 0), at(4, 1), 4],
    ['to the nearest square of a Large creature', at(0, 0), at(3, 3, 2), 4],
  ])('%s', (_label, a, b, squares) => {
    expect(squaresBetween(a, b)).toBe(squares);
    expect(squaresBetween(b, a)).toBe(squares);
  });

  it('the equidistant rule, for comparison, counts every diagonal as one', () => {
    expect(squaresBetween(at(0, 0), at(4, 4), 'equidistant')).toBe(4);
  });
});
