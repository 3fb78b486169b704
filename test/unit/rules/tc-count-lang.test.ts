/**
 * Every Time Count name the glue shows has its label in lang/en.json (GNG.Model.TC.ActionSpeed.*,
 * Speed.*, Move.*, Spell.*), so a new action or class cannot reach a menu unlabelled.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MOVEMENT_RATE_NAMES } from '../../../src/rules/models/tc/movement.js';
import { ACTION_SPEED_IDS, SPEED_CLASS_ORDER } from '../../../src/rules/models/tc/speed.js';

type Tree = { [key: string]: string | Tree };
const lang = JSON.parse(readFileSync(new URL('../../../lang/en.json', import.meta.url), 'utf8')) as Tree;

function at(path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], lang);
}

describe('the Time Count labels', () => {
  it('every action of the table, speed class, movement rate and refusal has a string', () => {
    const keys = [
      ...ACTION_SPEED_IDS.map((id) => `GNG.Model.TC.ActionSpeed.${id}`),
      ...SPEED_CLASS_ORDER.map((sc) => `GNG.Model.TC.Speed.${sc}`),
      ...Object.values(MOVEMENT_RATE_NAMES).map((name) => `GNG.Model.TC.Move.Rate.${name}`),
      ...['notPrepared', 'noCharge', 'expired'].map((r) => `GNG.Model.TC.Spell.Error.${r}`),
      ...['full', 'refused'].map((r) => `GNG.Model.TC.Move.Error.${r}`),
    ];
    const missing = keys.filter((key) => typeof at(key) !== 'string' || (at(key) as string).length === 0);
    expect(missing).toEqual([]);
    expect(keys.length).toBe(29 + 7 + 7 + 3 + 2);
  });
});
