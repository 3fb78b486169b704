/**
 * `CONFIG.GNG` and the system's classes on `game.gng` (issue #34; docs/api.md "Extending the
 * system"): the lists are the ones the system reads (a module's change takes effect), and the
 * classes are the ones registered.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import { models } from '../../src/rules/index.js';

const h = await getHarness();
const system = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as {
  documentTypes: Record<string, Record<string, unknown>>;
};

beforeEach(() => {
  h.reset(34);
  h.as(h.users.gm);
});

const config = () => CONFIG.GNG as NonNullable<typeof CONFIG.GNG>;

describe('CONFIG.GNG', () => {
  const weaponImage = 'icons/svg/sword.svg';
  afterEach(() => {
    config().itemImages.weapon = weaponImage;
    models.unregisterCombatModel('module-test');
  });

  it('lists the document types system.json declares and the statuses the token HUD offers', () => {
    expect(config().id).toBe('gng');
    expect([...config().actorTypes].sort()).toEqual(Object.keys(system.documentTypes.Actor ?? {}).sort());
    expect([...config().itemTypes].sort()).toEqual(Object.keys(system.documentTypes.Item ?? {}).sort());
    expect(config().statuses.map((s) => s.id)).toEqual(CONFIG.statusEffects.map((s) => s.id));
    expect(CONFIG.specialStatusEffects).toMatchObject(config().specialStatuses);
  });

  it('holds the item images the system reads: a module’s change is the image a new item gets', async () => {
    expect(config().itemImages.weapon).toBe(weaponImage);
    config().itemImages.weapon = 'modules/armory/rifle.webp';
    const item = (await Item.create({ name: 'Rifle', type: 'weapon' })) as Item;
    expect(item.img).toBe('modules/armory/rifle.webp');
  });

  it('names the combat models and registers a module’s own, which the world setting then offers', () => {
    const { combatModels } = config();
    expect(combatModels.default).toBe('gng');
    expect(combatModels.ids()).toEqual(expect.arrayContaining(['gng', 'saga', 'eg', 'tc']));
    expect(combatModels.labels.saga).toBe('GNG.Model.Saga.label');
    combatModels.register({
      id: 'module-test',
      label: 'GNG.Model.Saga.label',
      load: () => models.loadCombatModel('gng') as never,
    });
    expect(combatModels.ids()).toContain('module-test');
    const choices = h.settings.registered.get(`gng.${combatModels.setting}`)?.choices ?? {};
    expect('module-test' in choices).toBe(true);
  });

  it('holds the world stores’ models, each its setting’s type', () => {
    const stores = config().stores;
    expect(Object.keys(stores).sort()).toEqual(
      ['careRecords', 'combatOptionRecords', 'effectTimings', 'migrationReported', 'statusHolds'].sort(),
    );
    for (const [key, model] of Object.entries(stores))
      expect(h.settings.registered.get(`gng.${key}`)?.type, key).toBe(model);
  });
});

describe('the classes on game.gng', () => {
  it('are the registered document classes, data models and sheets', async () => {
    const { documents, dataModels, sheets } = game.gng;
    expect(documents.GnGActor).toBe(CONFIG.Actor.documentClass);
    expect(documents.GnGItem).toBe(CONFIG.Item.documentClass);
    expect(documents.GnGCombat).toBe(CONFIG.Combat.documentClass);
    expect(documents.GnGCombatant).toBe(CONFIG.Combatant.documentClass);
    expect(documents.GnGActiveEffect).toBe(CONFIG.ActiveEffect.documentClass);
    expect(dataModels.actor.character).toBe(CONFIG.Actor.dataModels.character);
    expect(dataModels.actor.npc).toBe(CONFIG.Actor.dataModels.npc);
    expect(dataModels.item.weapon).toBe(CONFIG.Item.dataModels.weapon);
    expect(dataModels.stores).toBe(config().stores);
    expect(dataModels.card.bleeding).toBe(CONFIG.ChatMessage.dataModels.bleeding);
    const actor = await h.createActor({ name: 'Hero', type: 'character' });
    expect(actor.sheet).toBeInstanceOf(sheets.CharacterSheet);
  });

  it('offer the card kernel and load the windows on first use', async () => {
    expect(typeof game.gng.cards.defineCard).toBe('function');
    expect(typeof game.gng.cards.registerCard).toBe('function');
    expect(typeof game.gng.cards.registerLazyCard).toBe('function');
    const apps = await game.gng.applications();
    expect(Object.entries(apps).map(([name, cls]) => [name, cls.name])).toEqual([
      ['AttackDialog', 'AttackDialog'],
      ['CastDialog', 'CastDialog'],
      ['SimulatorApp', 'SimulatorApp'],
      ['StatBlockImporterApp', 'StatBlockImporterApp'],
      ['VariantsApp', 'VariantsApp'],
    ]);
  });
});
