/** The kernel's request schemas (issue #34, src/cards/kernel/payload.ts): what they let through and what they refuse. */
import { describe, expect, it } from 'vitest';
import { payload } from '../../src/cards/kernel/payload.js';
import { Refusal } from '../../src/cards/kernel/result.js';

const parse = payload({
  weapon: 'id',
  mode: ['single', 'burst'],
  rounds: 'int?',
  aim: 'bool?',
  note: 'str?',
});

const refusedWith = (key: string, fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(Refusal);
    expect((error as Refusal).key).toBe(key);
    return;
  }
  throw new Error('not refused');
};

describe('payload', () => {
  it('answers the fields given, optional ones left out', () => {
    expect(parse({ weapon: 'w1', mode: 'burst' })).toEqual({ weapon: 'w1', mode: 'burst' });
    expect(parse({ weapon: 'w1', mode: 'single', rounds: 3, aim: false, note: '' })).toEqual({
      weapon: 'w1',
      mode: 'single',
      rounds: 3,
      aim: false,
      note: '',
    });
  });

  it.each([
    ['an unknown key', { weapon: 'w1', mode: 'single', extra: 1 }],
    ['a required field missing', { mode: 'single' }],
    ['an empty id', { weapon: '', mode: 'single' }],
    ['a value outside the list', { weapon: 'w1', mode: 'auto' }],
    ['a number where an integer goes', { weapon: 'w1', mode: 'single', rounds: 2.5 }],
    ['a string where an integer goes', { weapon: 'w1', mode: 'single', rounds: '3' }],
    ['a string where a boolean goes', { weapon: 'w1', mode: 'single', aim: 'true' }],
    ['an inherited key', Object.assign(Object.create({ weapon: 'w1' }) as object, { mode: 'single' })],
  ])('refuses %s (GNG.Error.Card.BadRequest)', (_what, request) => {
    refusedWith('GNG.Error.Card.BadRequest', () => parse(request as Record<string, unknown>));
  });

  it('refuses with the key it is given, and a request that is no object', () => {
    const own = payload({ actorUuid: 'id' }, 'GNG.Error.Attack.BadRequest');
    refusedWith('GNG.Error.Attack.BadRequest', () => own(null as unknown as Record<string, unknown>));
    refusedWith('GNG.Error.Attack.BadRequest', () => own({ actorUuid: 7 }));
    expect(own({ actorUuid: 'Actor.x' })).toEqual({ actorUuid: 'Actor.x' });
    const obj = payload({ options: 'obj', n: 'num' });
    expect(obj({ options: {}, n: 1.5 })).toEqual({ options: {}, n: 1.5 });
    refusedWith('GNG.Error.Card.BadRequest', () => obj({ options: [], n: 1 }));
    refusedWith('GNG.Error.Card.BadRequest', () => obj({ options: {}, n: Infinity }));
  });
});
