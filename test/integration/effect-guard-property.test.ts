/**
 * Issue #28, property: whatever an Active Effect's changes say — any key among the actor's and its
 * items' data paths (and a few that name nothing), any mode, any value (numbers with NaN, infinities,
 * negatives and huge ones, text, null, JSON objects and arrays) — the actor prepares: nothing throws,
 * `system.derived` is set, every number in it and in its items' data is finite, and maximum HP stay
 * within the stored bound.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getHarness } from '../harness/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { LIMITS } from '../../src/data/validation.js';
import { SIZES } from '../../src/rules/index.js';

const h = await getHarness();
h.reset(2828);

/** Every path of a schema (objects and their fields), as `system.…` keys. */
function schemaKeys(schema: DataSchema, prefix = 'system.'): string[] {
  return Object.entries(schema).flatMap(([name, field]) => {
    const inner = (field as { fields?: DataSchema }).fields;
    return [`${prefix}${name}`, ...(inner ? schemaKeys(inner, `${prefix}${name}.`) : [])];
  });
}

const models = CONFIG.Item.dataModels;
const npcModel = CONFIG.Actor.dataModels.npc as unknown as typeof CreatureData;
const ACTOR_KEYS = [
  ...schemaKeys(npcModel.defineSchema()),
  ...Object.keys(npcModel.effectTargets()).map((path) => `system.${path}`),
  // Paths that name no field: a container, a derived value, a method, something made up.
  'system.defense',
  'system.derived',
  'system.derived.hp.max',
  'system.creatureTraits',
  'system.nothing.here',
];
const ITEM_KEYS = {
  weapon: schemaKeys(models.weapon!.defineSchema()),
  armor: schemaKeys(models.armor!.defineSchema()),
  shield: schemaKeys(models.shield!.defineSchema()),
  class: schemaKeys(models.class!.defineSchema()),
};

const value = fc.oneof(
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e308', '-1e308', '1000000000', '-1000000000', '1e-7'),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.double().map(String),
  fc.constantFrom(...SIZES, 'Large', 'bogus', 'piercing', 'heavy', 'good', 'racial', '1d8', 'd', ''),
  fc.constantFrom('true', 'false', '0', '-1', '200', '300', '301', '1000000', '-1000001'),
  fc.constantFrom('null', '{}', '[]', '{"value":5}', '["slashing"]', '{"str":{"value":null}}'),
  fc.string({ maxLength: 8 }),
  fc.jsonValue({ maxDepth: 2 }).map((json) => JSON.stringify(json)),
);

const changes = (keys: readonly string[]) =>
  fc.array(fc.record({ key: fc.constantFrom(...keys), mode: fc.integer({ min: 0, max: 5 }), value }), {
    maxLength: 4,
  });

/** Every number in `data` that is not finite, by path. */
function nonFinite(data: unknown, path: string): string[] {
  if (typeof data === 'number') return Number.isFinite(data) ? [] : [path];
  if (data === null || typeof data !== 'object') return [];
  return Object.entries(data).flatMap(([key, inner]) => nonFinite(inner, `${path}.${key}`));
}

const itemEffect = (type: string, list: ActiveEffectChange[]) => ({
  name: `On the ${type}`,
  transfer: false,
  flags: { gng: { target: type } },
  changes: list,
});

describe('any effect change leaves the actor prepared', () => {
  it('never throws, and every derived number is finite and bounded', { timeout: 60_000 }, () => {
    const ActorClass = CONFIG.Actor.documentClass as unknown as ActorConstructor;
    fc.assert(
      fc.property(
        fc.constantFrom('character', 'npc'),
        changes(ACTOR_KEYS),
        changes(ACTOR_KEYS),
        changes(ITEM_KEYS.weapon),
        changes(ITEM_KEYS.armor),
        changes(ITEM_KEYS.shield),
        changes(ITEM_KEYS.class),
        (type, onActor, fromItem, weapon, armor, shield, klass) => {
          const actor = new ActorClass({
            name: 'Target',
            type,
            system: { abilities: { str: { value: 14 }, dex: { value: 12 } }, hp: { value: 8 } },
            effects: [{ name: 'On the actor', changes: onActor }],
            items: [
              {
                name: 'Fighter',
                type: 'class',
                system: { levels: 3 },
                effects: [itemEffect('class', klass)],
              },
              {
                name: 'Sword',
                type: 'weapon',
                system: { damage: { medium: '1d8' }, equipped: true },
                effects: [itemEffect('weapon', weapon)],
              },
              {
                name: 'Chain shirt',
                type: 'armor',
                system: { armorBonus: 4, armorCheckPenalty: -2, equipped: true },
                effects: [itemEffect('armor', armor)],
              },
              {
                name: 'Buckler',
                type: 'shield',
                system: { shieldBonus: 1, equipped: true },
                effects: [itemEffect('shield', shield), { name: 'Transferred', changes: fromItem }],
              },
            ],
          });
          const system = actor.system as unknown as CreatureData;
          expect(system.derived).toBeDefined();
          expect(nonFinite(system.derived, 'derived')).toEqual([]);
          for (const item of actor.items) expect(nonFinite(item.system, item.name)).toEqual([]);
          expect(system.derived.hp.max).toBeGreaterThanOrEqual(0);
          expect(system.derived.hp.max).toBeLessThanOrEqual(LIMITS.hitPoints);
        },
      ),
      { numRuns: 100 },
    );
  });
});
