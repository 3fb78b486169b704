/**
 * The weapon's speed class under the Time Count model (seed 002, issue #32; decision A10: the text
 * gives no weapon table, so each weapon names its class). A stored field of every weapon, Standard
 * when not given (a weapon made before the field, a compendium's), one of the seven classes of the
 * rebuilt table (A1), edited on the weapon's sheet.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { SPEED_CLASS_ORDER, speedClassOf } from '../../src/rules/models/tc/speed.js';

const h = await getHarness();
// After the harness: the data models extend Foundry's classes.
const { WEAPON_SPEED_CLASSES } = await import('../../src/data/item/item-data.js');

async function dagger(speedClass?: string): Promise<Item> {
  h.reset(32);
  h.as(h.users.gm);
  const actor = await h.createActor({ name: 'Zherynn', type: 'character' });
  const system = speedClass === undefined ? { category: 'simple' } : { category: 'simple', speedClass };
  const [item] = await actor.createEmbeddedDocuments('Item', [{ name: 'Dagger', type: 'weapon', system }]);
  return item as Item;
}
const speedOf = (item: Item) => (item.system as unknown as { speedClass: string }).speedClass;

describe("a weapon's speed class", () => {
  it('is Standard when not given, and keeps the class it is given', async () => {
    expect(speedOf(await dagger())).toBe('standard');
    expect(speedOf(await dagger('fast'))).toBe('fast');
  });

  it('is one of the seven classes of the table, fastest first (A1): the engine’s classes', () => {
    expect(WEAPON_SPEED_CLASSES).toEqual(['free', 'rapid', 'swift', 'fast', 'standard', 'slow', 'sedentary']);
    expect(WEAPON_SPEED_CLASSES).toEqual(SPEED_CLASS_ORDER);
    // A weapon stored before the field (no `speedClass`) reads as Standard in the engine too.
    expect(speedClassOf(undefined)).toBe('standard');
  });

  it('refuses a class that is not in the table and keeps its own', async () => {
    const item = await dagger('fast');
    await expect(item.update({ 'system.speedClass': 'lightning' })).rejects.toThrow();
    expect(speedOf(item)).toBe('fast');
  });

  it("is edited on the weapon's sheet, each class by its name", async () => {
    const item = await dagger();
    const sheet = await h.openItemSheet(item);
    const select = sheet.element.querySelector<HTMLSelectElement>('select[name="system.speedClass"]');
    const label = sheet.element.querySelector(`label[for="${select?.id ?? 'none'}"]`);
    expect(label?.textContent?.trim()).toBe('Speed class (Time Count combat)');
    expect([...(select?.options ?? [])].map((o) => o.textContent?.trim())).toEqual([
      'Free',
      'Rapid',
      'Swift',
      'Fast',
      'Standard',
      'Slow',
      'Sedentary',
    ]);
    expect(select?.value).toBe('standard');
    await h.change(sheet, 'select[name="system.speedClass"]', 'slow');
    expect(speedOf(item)).toBe('slow');
    await sheet.close();
    expect([...h.i18n.missing]).toEqual([]);
  });
});
