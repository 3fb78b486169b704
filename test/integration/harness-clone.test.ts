/**
 * The harness's copy of document data (test/harness/utils.ts `cloneData`): what structuredClone
 * gives, for sources and for what is not plain data.
 */
import { expect, it } from 'vitest';
import { cloneData } from '../harness/utils.js';

it('copies plain data as structuredClone does, sharing nothing with the original', () => {
  const source = {
    _id: 'a1',
    name: 'Orc',
    flags: { gng: { seen: true, note: null, gone: undefined } },
    system: { hp: { value: 12, temp: -0 }, tags: ['big', 'green'], nested: [[1, 2], { x: 'y' }] },
    items: [{ _id: 'i1', system: { weight: 4 } }],
  };
  const copy = cloneData(source);
  expect(copy).toStrictEqual(structuredClone(source));
  expect(Object.is(copy.system.hp.temp, -0)).toBe(true);
  expect('gone' in copy.flags.gng).toBe(true);
  expect(copy.system).not.toBe(source.system);
  expect(copy.system.tags).not.toBe(source.system.tags);
  expect(copy.items[0]).not.toBe(source.items[0]);
  copy.system.tags.push('mutated');
  expect(source.system.tags).toEqual(['big', 'green']);
});

it('leaves what is not plain data to structuredClone: dates, maps, holes, class instances, a cycle, a function', () => {
  const when = new Date(5);
  const holes: number[] = [];
  holes[0] = 1;
  holes[2] = 3;
  const copy = cloneData({ when, map: new Map([['k', 1]]), holes });
  expect(copy.when).toBeInstanceOf(Date);
  expect(copy.when).not.toBe(when);
  expect(copy.when.getTime()).toBe(5);
  expect(copy.map.get('k')).toBe(1);
  expect(1 in copy.holes).toBe(false);

  class Point {
    constructor(readonly x: number) {}
  }
  const point = cloneData({ at: new Point(3) }).at;
  expect(point).not.toBeInstanceOf(Point); // structuredClone keeps the data, not the class
  expect(point).toEqual({ x: 3 });

  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = cyclic;
  const loop = cloneData(cyclic);
  expect(loop.self).toBe(loop);

  const own = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
  const ownCopy = cloneData(own);
  expect(Object.keys(ownCopy)).toEqual(['__proto__']);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();

  expect(() => cloneData({ run: () => 1 })).toThrow();
});
