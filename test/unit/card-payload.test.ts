/** The kernel's request schemas (issue #34, src/cards/kernel/payload.ts): what they let through and what they refuse. */
import { describe, expect, it } from 'vitest';
import { isPayload, maybe, payload } from '../../src/cards/kernel/payload.js';
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

  it('document ids (`key`), maps by document id, and fields that may be null (`maybe`)', () => {
    const p = payload({ id: 'key?', by: maybe(['a', 'b'], { map: true, max: 2 }) });
    expect(p({ id: 'Abc123', by: { t1: 'a', t2: 'b' } })).toEqual({ id: 'Abc123', by: { t1: 'a', t2: 'b' } });
    expect(p({ id: 'x', by: null })).toEqual({ id: 'x', by: null });
    for (const bad of [
      { id: 'a.b' },
      { id: '' },
      { id: 'x'.repeat(65) },
      { by: { '../t': 'a' } },
      { by: { t: 'c' } },
      { by: { t1: 'a', t2: 'a', t3: 'a' } },
      { by: ['a'] },
    ])
      refusedWith('GNG.Error.Card.BadRequest', () => p(bad));
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

  describe('field rules', () => {
    const entry = payload({ actorUuid: 'id', tokenId: { kind: 'str', nullable: true } });
    const rich = payload({
      uuids: { kind: 'id', list: true, min: 1, max: 3 },
      steps: { kind: 'int', min: 1, max: 5 },
      name: { kind: 'str', optional: true, max: 4 },
      defense: { kind: 'int', optional: true, error: 'GNG.Error.Attack.DefenseNumber' },
      entries: { kind: entry, list: true, optional: true },
      spell: { kind: entry, optional: true, nullable: true },
    });
    const ok = { uuids: ['a'], steps: 1 };

    it('lets through lists, ranges, null where allowed, nested records', () => {
      expect(rich(ok)).toEqual(ok);
      expect(
        rich({
          uuids: ['a', 'b', 'c'],
          steps: 5,
          name: 'abcd',
          defense: -3,
          entries: [{ actorUuid: 'x', tokenId: null }],
          spell: null,
        }),
      ).toMatchObject({ steps: 5, spell: null });
      expect(rich({ ...ok, spell: { actorUuid: 'x', tokenId: 't' } }).spell).toEqual({
        actorUuid: 'x',
        tokenId: 't',
      });
    });

    it.each([
      ['an empty list', { ...ok, uuids: [] }],
      ['a list too long', { ...ok, uuids: ['a', 'b', 'c', 'd'] }],
      ['an empty id in a list', { ...ok, uuids: ['a', ''] }],
      ['no list', { ...ok, uuids: 'a' }],
      ['an integer below the least', { ...ok, steps: 0 }],
      ['an integer above the most', { ...ok, steps: 6 }],
      ['a string too long', { ...ok, name: 'abcde' }],
      ['null where none is allowed', { ...ok, steps: null }],
      ['a nested record with an unknown key', { ...ok, entries: [{ actorUuid: 'x', tokenId: null, y: 1 }] }],
      ['a nested record missing a field', { ...ok, spell: { actorUuid: 'x' } }],
      ['a nested list where a record goes', { ...ok, spell: [] }],
    ])('refuses %s', (_what, request) => {
      refusedWith('GNG.Error.Card.BadRequest', () => rich(request as Record<string, unknown>));
    });

    it('refuses a field with its own key, and checks what the fields say together', () => {
      refusedWith('GNG.Error.Attack.DefenseNumber', () => rich({ ...ok, defense: 1.5 }));
      refusedWith('GNG.Error.Card.BadRequest', () => rich({ ...ok, extra: 1, defense: 1.5 }));
      const throwing = payload({ feet: { kind: 'int', min: 0 }, keep: 'bool' }, undefined, (f) => {
        if ((f.feet as number) > 0 && f.keep) throw new Refusal('GNG.Error.Attack.BadRequest');
      });
      expect(throwing({ feet: 0, keep: true })).toEqual({ feet: 0, keep: true });
      refusedWith('GNG.Error.Attack.BadRequest', () => throwing({ feet: 5, keep: true }));
    });

    it('checks each value of a list by a rule of its own', () => {
      const texts = payload({ uuids: { kind: { kind: 'str', min: 1, max: 3 }, list: true, max: 2 } });
      expect(texts({ uuids: ['a', 'abc'] })).toEqual({ uuids: ['a', 'abc'] });
      expect(texts({ uuids: [] })).toEqual({ uuids: [] });
      refusedWith('GNG.Error.Card.BadRequest', () => texts({ uuids: [''] }));
      refusedWith('GNG.Error.Card.BadRequest', () => texts({ uuids: ['abcd'] }));
      refusedWith('GNG.Error.Card.BadRequest', () => texts({ uuids: ['a', 'b', 'c'] }));
    });

    it('marks the parses it builds', () => {
      expect(isPayload(rich)).toBe(true);
      expect(isPayload((extra: Record<string, unknown>) => extra)).toBe(false);
      expect(isPayload(undefined)).toBe(false);
    });
  });
});
