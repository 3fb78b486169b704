import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import type { GnGActor } from '../../src/documents/actor.js';

const h = await getHarness();
const systemJson = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as {
  documentTypes: Record<string, Record<string, { htmlFields?: string[] }>>;
};

beforeEach(() => h.reset(42));

describe('system start-up (init / ready)', () => {
  it('registers a data model for every Actor and Item type of system.json, and no other', () => {
    expect(Object.keys(CONFIG.Actor.dataModels).sort()).toEqual(
      Object.keys(systemJson.documentTypes.Actor ?? {}).sort(),
    );
    expect(Object.keys(CONFIG.Item.dataModels).sort()).toEqual(
      Object.keys(systemJson.documentTypes.Item ?? {}).sort(),
    );
  });

  it('declares every HTMLField of the data models as an htmlField in system.json', () => {
    for (const documentName of ['Actor', 'Item'] as const) {
      for (const [type, Model] of Object.entries(CONFIG[documentName].dataModels)) {
        const htmlPaths = Object.entries(Model.defineSchema())
          .filter(([, field]) => field instanceof foundry.data.fields.HTMLField)
          .map(([key]) => key);
        expect(systemJson.documentTypes[documentName]?.[type]?.htmlFields ?? []).toEqual(htmlPaths);
      }
    }
  });

  it('exposes the rules engine as game.gng.rules (once loaded) and fires gng.ready', async () => {
    expect((await game.gng.loadRules()).sizeModifier('large')).toBe(-1);
    expect(game.gng.rules.sizeModifier('large')).toBe(-1);
    expect(game.gng.version).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    expect(h.hooks.fired).toContain('gng.ready');
  });

  it('registers a default sheet for both actor types and for every item type', () => {
    expect(h.actorSheets.defaultFor('character')?.name).toBe('CharacterSheet');
    expect(h.actorSheets.defaultFor('npc')?.name).toBe('NpcSheet');
    for (const type of Object.keys(systemJson.documentTypes.Item ?? {})) {
      expect(h.itemSheets.defaultFor(type)?.name).toBe('ItemSheet');
    }
  });
});

describe('actor data', () => {
  it('derives ability modifiers through the rules engine and never stores them', async () => {
    const actor = await h.createActor({
      name: 'Brakka',
      type: 'character',
      system: { abilities: { str: { value: 17 }, dex: { value: 8 } } },
    });
    const system = actor.system as unknown as { abilities: Record<string, { value: number; mod: number }> };
    expect(system.abilities.str?.mod).toBe(3);
    expect(system.abilities.dex?.mod).toBe(-1);
    const stored = actor.toObject().system as { abilities: Record<string, Record<string, unknown>> };
    expect(stored.abilities.str).toEqual({ value: 17, damage: 0, drain: 0 });
  });

  it('re-derives after an update', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    await actor.update({ 'system.abilities.str.value': 20 });
    expect((actor.system as unknown as { abilities: { str: { mod: number } } }).abilities.str.mod).toBe(5);
  });

  it('rejects an invalid update (negative Constitution) and keeps the old data', async () => {
    const actor = await h.createActor({
      name: 'Brakka',
      type: 'character',
      system: { abilities: { con: { value: 14 } } },
    });
    await expect(actor.update({ 'system.abilities.con.value': -3 })).rejects.toThrow(
      'An ability score cannot be negative (con: -3). Use 0 for a score of nothing.',
    );
    expect((actor.toObject().system as { abilities: { con: { value: number } } }).abilities.con.value).toBe(
      14,
    );
  });

  it("refuses a player's update of an actor they do not own", async () => {
    const actor = await h.createActor({ name: 'Villain', type: 'npc' });
    h.as(h.users.player);
    await expect(actor.update({ name: 'Renamed' })).rejects.toThrow(/permission/);
    expect(actor.name).toBe('Villain');
  });
});

describe('creature sheet', () => {
  it('renders the real template with localized labels and one labelled button per ability', async () => {
    const actor = await h.createActor({
      name: 'Brakka',
      type: 'character',
      system: { abilities: { str: { value: 16 } } },
    });
    const sheet = await h.openSheet(actor);
    const buttons = [
      ...sheet.element.querySelectorAll<HTMLButtonElement>('button[data-action="rollAbility"]'),
    ];
    expect(buttons.map((b) => b.dataset.ability)).toEqual(['str', 'dex', 'con', 'int', 'wis', 'cha']);
    expect(buttons[0]?.getAttribute('aria-label')).toBe('Roll a check of Strength');
    expect(buttons[0]?.textContent?.trim()).toBe('+3');
    expect(sheet.element.querySelector<HTMLInputElement>('input.actor-name[name="name"]')?.value).toBe(
      'Brakka',
    );
    expect([...h.i18n.missing]).toEqual([]);
  });

  it('clicking an ability button posts a chat card with a Roll of d20 + modifier', async () => {
    const actor = await h.createActor({
      name: 'Brakka',
      type: 'character',
      system: { abilities: { str: { value: 16 } } },
    });
    const sheet = await h.openSheet(actor);
    h.dice.queue(14);
    await h.click(sheet, 'button[data-action="rollAbility"][data-ability="str"]');
    const [message] = game.messages.contents;
    expect(message?.rolls[0]?.total).toBe(17);
    expect(message?.rolls[0]?.formula).toBe('1d20 + 3');
    expect(message?.getFlag('gng', 'type')).toBe('abilityCheck');
    expect(message?.content).toContain('Strength');
    expect(message?.content).toContain('17');
  });

  it('gng.preRollAbilityCheck can cancel the roll', async () => {
    const actor = (await h.createActor({ name: 'Brakka', type: 'character' })) as GnGActor;
    const id = Hooks.on('gng.preRollAbilityCheck', () => false);
    try {
      expect(await actor.rollAbilityCheck('dex')).toBeNull();
      expect(game.messages.size).toBe(0);
    } finally {
      Hooks.off('gng.preRollAbilityCheck', id);
    }
  });

  it('an unknown ability gives a localized warning and posts nothing', async () => {
    const actor = (await h.createActor({ name: 'Brakka', type: 'character' })) as GnGActor;
    expect(await actor.rollAbilityCheck('luck' as never)).toBeNull();
    expect(h.notices).toEqual([{ level: 'warn', message: 'There is no ability called "luck".' }]);
    expect(game.messages.size).toBe(0);
  });
});
