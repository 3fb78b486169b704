/** The fake runtime itself: the behaviour the glue relies on must hold here as in Foundry. */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';

const h = await getHarness();
beforeEach(() => h.reset(3));

describe('harness documents', () => {
  it('creates, updates and deletes embedded items, keeping the parent source in step', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    const [sword] = await actor.createEmbeddedDocuments('Item', [{ name: 'Sword', type: 'weapon' }]);
    expect(actor.items.size).toBe(1);
    expect(sword?.actor).toBe(actor);
    expect(sword?.uuid).toBe(`${actor.uuid}.Item.${sword?.id}`);
    await sword?.update({ 'system.description': '<p>Notched.</p>' });
    const stored = actor.toObject().items as { system: { description: string } }[];
    expect(stored[0]?.system.description).toBe('<p>Notched.</p>');
    await actor.deleteEmbeddedDocuments('Item', [sword?.id as string]);
    expect(actor.items.size).toBe(0);
    expect(actor.toObject().items).toEqual([]);
  });

  it('runs preUpdate (cancellable) and update hooks with the diff', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    const seen: unknown[] = [];
    const pre = Hooks.on('preUpdateActor', (_doc: Actor, diff: Record<string, unknown>) => {
      seen.push(diff);
      return diff.name !== 'Forbidden';
    });
    try {
      expect(await actor.update({ name: 'Forbidden' })).toBeUndefined();
      expect(actor.name).toBe('Brakka');
      await actor.update({ 'system.hp.value': 3 });
      expect(seen).toEqual([{ name: 'Forbidden' }, { system: { hp: { value: 3 } } }]);
      expect(h.hooks.fired.filter((n) => n === 'updateActor')).toHaveLength(1);
    } finally {
      Hooks.off('preUpdateActor', pre);
    }
  });

  it("builds a data model's schema once, on first use, and cleans every instance with it (Foundry's DataModel.schema)", async () => {
    const { fields } = foundry.data;
    let built = 0;
    class Counted extends foundry.abstract.TypeDataModel {
      static override defineSchema(): DataSchema {
        built += 1;
        return { level: new fields.NumberField({ initial: 1 }) };
      }
    }
    class Wider extends Counted {
      static override defineSchema(): DataSchema {
        return { ...super.defineSchema(), tag: new fields.StringField({ initial: 'x' }) };
      }
    }
    const parent = (await h.createActor({ name: 'Brakka', type: 'character' })) as unknown as FoundryDocument;
    const first = new Counted({ level: '4' }, { parent }) as unknown as { level: number };
    const second = new Counted({}, { parent }) as unknown as { level: number };
    expect([first.level, second.level, built]).toEqual([4, 1, 1]);
    // A subclass has a schema of its own (its defineSchema calls its parent's: one more build).
    const wide = new Wider({}, { parent }) as unknown as { level: number; tag: string };
    new Wider({ tag: 'y' }, { parent });
    expect([wide.level, wide.tag, built]).toEqual([1, 'x', 2]);
    expect(() => new Counted({ level: 'many' }, { parent })).toThrow(/level/);
  });

  it('re-renders an open sheet after its actor changes', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    const sheet = await h.openSheet(actor);
    await actor.update({ name: 'Brakka the Bold' });
    expect(sheet.element.querySelector<HTMLInputElement>('input.actor-name')?.value).toBe('Brakka the Bold');
  });

  it('owners may update; other players may not; the GM may', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' }, h.users.player);
    h.as(h.users.otherPlayer);
    await expect(actor.update({ name: 'X' })).rejects.toThrow(/lacks permission/);
    h.as(h.users.player);
    await actor.update({ name: 'Mine' });
    h.as(h.users.gm);
    await actor.update({ name: 'GM edit' });
    expect(actor.name).toBe('GM edit');
  });
});

describe('harness rolls, combat, queries, settings, targets', () => {
  it('rolls formulas with roll data, reproducibly per seed, and restores from JSON', async () => {
    h.reset(11);
    const a = await new Roll('2d6 + @bonus - 1', { bonus: 3 }).evaluate();
    h.reset(11);
    const b = await new Roll('2d6 + @bonus - 1', { bonus: 3 }).evaluate();
    expect(a.total).toBe(b.total);
    expect(a.formula).toBe('2d6 + 3 - 1');
    const dice = a.dice[0]?.results.map((r) => r.result) ?? [];
    expect(a.total).toBe(dice.reduce((s, v) => s + v, 0) + 2);
    expect(Roll.fromData(a.toJSON()).total).toBe(a.total);
    await expect(a.evaluate()).rejects.toThrow(/already been evaluated/);
    expect(() => new Roll('1d20 + @missing')).toThrow(/@missing is not a number/);
  });

  it('advances combat turns and rounds', async () => {
    const a = await h.createActor({ name: 'A', type: 'character' });
    const b = await h.createActor({ name: 'B', type: 'npc' });
    const combat = h.startCombat([a, b]);
    expect(combat.combatant?.actor).toBe(a);
    await combat.nextTurn();
    expect([combat.round, combat.combatant?.actor]).toEqual([1, b]);
    await combat.nextTurn();
    expect([combat.round, combat.turn, combat.combatant?.actor]).toEqual([2, 0, a]);
  });

  it('User#query reaches only the named user, whose handler gets the data and { timeout } (v13)', async () => {
    const calls: { asUser: string; options: unknown; data: unknown; later: string }[] = [];
    CONFIG.queries['gng.test'] = async (data, options) => {
      const asUser = game.user.name;
      await new Promise((resolve) => setTimeout(resolve, 1));
      // The receiving client stays the receiver across its awaits, whoever acts in the foreground.
      calls.push({ asUser, options, data, later: game.user.name });
      return { ok: true };
    };
    try {
      h.as(h.users.player);
      const answer = game.users.activeGM?.query('gng.test', { n: 1 }, { timeout: 500 });
      h.as(h.users.otherPlayer);
      expect(await answer).toEqual({ ok: true });
      expect(await h.users.player.query('gng.test', { n: 2 })).toEqual({ ok: true });
      expect(calls).toEqual([
        { asUser: 'Gamemaster', options: { timeout: 500 }, data: { n: 1 }, later: 'Gamemaster' },
        { asUser: 'Player', options: { timeout: 30_000 }, data: { n: 2 }, later: 'Player' },
      ]);
      expect(game.user.name).toBe('Other Player');
      await expect(h.users.gm.query('gng.unknown', {})).rejects.toThrow(/No query handler/);
    } finally {
      delete CONFIG.queries['gng.test'];
    }
  });

  it("a document's post-change hooks run on every connected client, with the changing user's id", async () => {
    const seen: string[] = [];
    const id = Hooks.on('updateActor', (_actor: Actor, _diff: unknown, _options: unknown, userId: string) => {
      seen.push(`${game.user.name}:${game.users.get(userId)?.name}`);
    });
    try {
      const actor = await h.createActor({ name: 'A', type: 'character' }, h.users.player);
      h.as(h.users.player);
      const firstHook = h.hooks.fired.length;
      await actor.update({ name: 'B' });
      expect(seen).toEqual(['Gamemaster:Player', 'Player:Player', 'Other Player:Player']);
      expect(h.hooks.fired.slice(firstHook).filter((n) => n === 'updateActor')).toHaveLength(1);
    } finally {
      Hooks.off('updateActor', id);
    }
  });

  it('world settings: defaults, GM-only changes', async () => {
    game.settings.register('gng', 'testSetting', {
      name: 'x',
      scope: 'world',
      config: true,
      type: Boolean,
      default: false,
    });
    expect(game.settings.get('gng', 'testSetting')).toBe(false);
    h.as(h.users.player);
    await expect(game.settings.set('gng', 'testSetting', true)).rejects.toThrow(/Only a GM/);
    h.as(h.users.gm);
    await game.settings.set('gng', 'testSetting', true);
    expect(game.settings.get('gng', 'testSetting')).toBe(true);
    expect(() => game.settings.get('gng', 'nope')).toThrow(/not a registered game setting/);
  });

  it('targets are per user', async () => {
    const actor = await h.createActor({ name: 'Target', type: 'npc' });
    h.target(h.users.player, h.placeToken(actor));
    expect([...h.users.player.targets].map((t) => t.actor?.name)).toEqual(['Target']);
    expect(h.users.gm.targets.size).toBe(0);
  });
});

describe('compendium packs', () => {
  it('makes a pack entry registered by source on first access: its uuid, or a listing of the pack, in registration order', async () => {
    const Base = CONFIG.Item.documentClass;
    let made = 0;
    CONFIG.Item.documentClass = class extends (Base as unknown as new (...args: never[]) => object) {
      constructor(...args: never[]) {
        super(...args);
        made += 1;
      }
    } as unknown as typeof Base;
    try {
      for (const [id, name] of [
        ['aaaaaaaaaaaaaaa1', 'Axe'],
        ['aaaaaaaaaaaaaaa2', 'Bow'],
        ['aaaaaaaaaaaaaaa3', 'Club'],
      ])
        h.registerCompendiumSource('items', { _id: id, name, type: 'weapon' }, 'Item');
      expect(made).toBe(0);
      expect(game.packs.get('gng.items')?.documentName).toBe('Item');
      expect(made).toBe(0);
      const bow = await fromUuid('Compendium.gng.items.Item.aaaaaaaaaaaaaaa2');
      expect([bow?.name, made]).toEqual(['Bow', 1]);
      expect(await fromUuid('Compendium.gng.items.Item.aaaaaaaaaaaaaaa2')).toBe(bow);
      const listed = (await game.packs.get('gng.items')?.getDocuments()) ?? [];
      expect([listed.map((doc) => doc.name), made]).toEqual([['Axe', 'Bow', 'Club'], 3]);
      expect(listed[1]).toBe(bow);
      // A reset empties the pack, made or waiting.
      h.registerCompendiumSource(
        'items',
        { _id: 'aaaaaaaaaaaaaaa4', name: 'Dagger', type: 'weapon' },
        'Item',
      );
      h.reset(3);
      expect(await fromUuid('Compendium.gng.items.Item.aaaaaaaaaaaaaaa4')).toBeNull();
      expect(game.packs.size).toBe(0);
    } finally {
      CONFIG.Item.documentClass = Base;
    }
  });
});

describe('embedded collections', () => {
  it('a loop that updates each item of an actor ends, and sees every item once', async () => {
    const h = await getHarness();
    h.reset(1);
    const actor = await h.createActor(
      {
        name: 'Packer',
        type: 'character',
        items: [
          { name: 'Rope', type: 'equipment' },
          { name: 'Torch', type: 'equipment' },
        ],
      },
      h.users.player,
    );
    const seen: string[] = [];
    for (const item of actor.items) {
      seen.push(item.name);
      await item.update({ 'system.quantity': 3 });
    }
    expect(seen.sort()).toEqual(['Rope', 'Torch']);
    expect(actor.items.map((i) => (i.system as unknown as { quantity: number }).quantity)).toEqual([3, 3]);
  });
});
