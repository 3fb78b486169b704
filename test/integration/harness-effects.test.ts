/**
 * The fake runtime's Active Effects, status effects, tokens, UUIDs and drag-and-drop: the behaviour
 * the glue will rely on must hold here as in Foundry v13.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';

const h = await getHarness();
const MODES = CONST.ACTIVE_EFFECT_MODES;
beforeEach(() => h.reset(5));

type Abilities = Record<string, { value: number; mod: number }>;
const abilities = (actor: Actor) => (actor.system as unknown as { abilities: Abilities }).abilities;
const gngFlags = (actor: Actor) => actor.flags.gng as Record<string, unknown>;

function change(key: string, mode: number, value: string, priority?: number): ActiveEffectChange {
  return priority === undefined ? { key, mode, value } : { key, mode, value, priority };
}

async function actorWithEffect(flags: Record<string, unknown>, changes: ActiveEffectChange[]) {
  const actor = await h.createActor({ name: 'Brakka', type: 'character', flags: { gng: flags } });
  const [effect] = await actor.createEmbeddedDocuments('ActiveEffect', [{ name: 'Test', changes }]);
  return { actor, effect: effect as ActiveEffect };
}

describe('applying active effects', () => {
  it('applies each mode, casting the string value to the type of the property it changes', async () => {
    const { actor } = await actorWithEffect(
      { add: 1, text: 'ab', mul: 3, over: 'x', up: 5, up2: 5, down: 5, down2: 5, nan: 4 },
      [
        change('flags.gng.add', MODES.ADD, '2'),
        change('flags.gng.text', MODES.ADD, 'cd'),
        change('flags.gng.mul', MODES.MULTIPLY, '4'),
        change('flags.gng.over', MODES.OVERRIDE, 'y'),
        change('flags.gng.up', MODES.UPGRADE, '3'),
        change('flags.gng.up2', MODES.UPGRADE, '9'),
        change('flags.gng.down', MODES.DOWNGRADE, '3'),
        change('flags.gng.down2', MODES.DOWNGRADE, '9'),
        change('flags.gng.nan', MODES.ADD, 'lots'),
        change('flags.gng.fresh', MODES.OVERRIDE, '{"a":1}'),
        change('flags.gng.word', MODES.ADD, 'plain'),
      ],
    );
    expect(gngFlags(actor)).toEqual({
      add: 3,
      text: 'abcd',
      mul: 12,
      over: 'y',
      up: 5,
      up2: 9,
      down: 3,
      down2: 5,
      nan: 4, // a number change that is not a number adds 0
      fresh: { a: 1 }, // nothing there yet: the value is read as JSON…
      word: 'plain', // …or kept as text
    });
    // Effects change the prepared document, never its source.
    expect((actor.toObject().flags as { gng: Record<string, unknown> }).gng.add).toBe(1);
  });

  it('changes system data before derived data is prepared', async () => {
    const actor = await h.createActor({
      name: 'Brakka',
      type: 'character',
      system: { abilities: { str: { value: 12 } } },
    });
    const before = abilities(actor).str?.mod as number;
    await actor.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Bull', changes: [change('system.abilities.str.value', MODES.ADD, '6')] },
    ]);
    expect(abilities(actor).str?.value).toBe(18);
    expect(abilities(actor).str?.mod).toBeGreaterThan(before);
    expect((actor.toObject().system as { abilities: Abilities }).abilities.str?.value).toBe(12);
  });

  it('applies changes by priority (default mode × 10), equal priorities in effect order', async () => {
    const byDefault = await actorWithEffect({ n: 2 }, [
      change('flags.gng.n', MODES.ADD, '3'), // priority 20
      change('flags.gng.n', MODES.MULTIPLY, '10'), // priority 10: first
    ]);
    expect(gngFlags(byDefault.actor).n).toBe(23);

    const explicit = await actorWithEffect({ n: 2 }, [
      change('flags.gng.n', MODES.ADD, '3'),
      change('flags.gng.n', MODES.MULTIPLY, '10', 30),
    ]);
    expect(gngFlags(explicit.actor).n).toBe(50);

    const overridden = await actorWithEffect({ n: 2 }, [
      change('flags.gng.n', MODES.OVERRIDE, '7'), // priority 50: last, so it wins
      change('flags.gng.n', MODES.ADD, '100'),
    ]);
    expect(gngFlags(overridden.actor).n).toBe(7);

    const tie = await actorWithEffect({ s: '' }, [
      change('flags.gng.s', MODES.ADD, 'a'),
      change('flags.gng.s', MODES.ADD, 'b'),
    ]);
    await tie.actor.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Later', changes: [change('flags.gng.s', MODES.ADD, 'c')] },
    ]);
    expect(gngFlags(tie.actor).s).toBe('abc');
  });

  it('CUSTOM calls the applyActiveEffect hook with the actor, change, current value and cast delta', async () => {
    const seen: unknown[] = [];
    const id = Hooks.on(
      'applyActiveEffect',
      (
        actor: Actor,
        c: ActiveEffectChange,
        current: unknown,
        delta: unknown,
        changes: Record<string, unknown>,
      ) => {
        seen.push([actor.name, c.key, current, delta]);
        if (c.key === 'flags.gng.hooked') changes[c.key] = (current as number) * 100 + (delta as number);
      },
    );
    try {
      const { actor } = await actorWithEffect({ hooked: 2 }, [change('flags.gng.hooked', MODES.CUSTOM, '5')]);
      expect(gngFlags(actor).hooked).toBe(205);
      expect(seen.at(-1)).toEqual(['Brakka', 'flags.gng.hooked', 2, 5]);
    } finally {
      Hooks.off('applyActiveEffect', id);
    }
  });

  it('applies once however often the actor is re-prepared, and follows effect updates', async () => {
    const { actor, effect } = await actorWithEffect({ n: 1 }, [change('flags.gng.n', MODES.ADD, '1')]);
    await actor.update({ name: 'Brakka the Bold' });
    await actor.createEmbeddedDocuments('Item', [{ name: 'Sword', type: 'weapon' }]);
    expect(gngFlags(actor).n).toBe(2);
    await effect.update({ disabled: true });
    expect(gngFlags(actor).n).toBe(1);
    expect(effect.active).toBe(false);
    expect((actor.toObject().effects as { disabled: boolean }[])[0]?.disabled).toBe(true);
    await effect.update({ disabled: false, changes: [change('flags.gng.n', MODES.ADD, '4')] });
    expect(gngFlags(actor).n).toBe(5);
    expect(actor.effects.get(effect.id as string)).toBe(effect);
    await effect.delete();
    expect(actor.effects.size).toBe(0);
    expect(actor.toObject().effects).toEqual([]);
    expect(gngFlags(actor).n).toBe(1);
  });

  it('fills ActiveEffect defaults and fires the create/delete hooks', async () => {
    const { actor, effect } = await actorWithEffect({}, []);
    expect([effect.disabled, effect.transfer, effect.origin, [...effect.statuses]]).toEqual([
      false,
      true,
      null,
      [],
    ]);
    expect(effect.duration).toEqual({
      rounds: null,
      turns: null,
      seconds: null,
      startRound: null,
      startTurn: null,
    });
    expect(effect.target).toBe(actor);
    expect(effect.uuid).toBe(`${actor.uuid}.ActiveEffect.${effect.id}`);
    expect(h.hooks.fired).toContain('createActiveEffect');
    await actor.deleteEmbeddedDocuments('ActiveEffect', [effect.id as string]);
    expect(h.hooks.fired).toContain('deleteActiveEffect');
  });
});

describe('effects on items', () => {
  it('a transferring item effect applies to the owner; a disabled or non-transferring one does not', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    const [item] = await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Ring',
        type: 'equipment',
        effects: [
          { name: 'Worn', transfer: true, changes: [change('flags.gng.bonus', MODES.ADD, '2')] },
          { name: 'On hit', transfer: false, changes: [change('flags.gng.bonus', MODES.ADD, '10')] },
          {
            name: 'Dormant',
            transfer: true,
            disabled: true,
            changes: [change('flags.gng.bonus', MODES.ADD, '100')],
          },
        ],
      },
    ]);
    const ring = item as Item;
    expect(ring.effects.size).toBe(3);
    expect(gngFlags(actor).bonus).toBe(2);
    // Every transferring effect is applicable, the disabled one too; only active ones apply.
    expect([...actor.allApplicableEffects()].map((e) => e.name)).toEqual(['Worn', 'Dormant']);
    const [worn, onHit, dormant] = ring.effects.contents;
    expect(worn?.target).toBe(actor);
    expect(onHit?.target).toBeNull();
    expect(worn?.uuid).toBe(`${ring.uuid}.ActiveEffect.${worn?.id}`);

    await dormant?.update({ disabled: false });
    expect(gngFlags(actor).bonus).toBe(102);
    const storedItem = (actor.toObject().items as { effects: { name: string; disabled: boolean }[] }[])[0];
    expect(storedItem?.effects.map((e) => [e.name, e.disabled])).toEqual([
      ['Worn', false],
      ['On hit', false],
      ['Dormant', false],
    ]);

    await ring.deleteEmbeddedDocuments('ActiveEffect', [worn?.id as string]);
    expect(gngFlags(actor).bonus).toBe(100);
    await ring.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Polished', changes: [change('flags.gng.bonus', MODES.ADD, '1')] },
    ]);
    expect(gngFlags(actor).bonus).toBe(101);
    expect((actor.toObject().items as { effects: unknown[] }[])[0]?.effects).toHaveLength(3);

    await actor.deleteEmbeddedDocuments('Item', [ring.id as string]);
    expect(actor.getFlag('gng', 'bonus')).toBeUndefined();
  });
});

describe('status effects', () => {
  const status: StatusEffectConfig = {
    id: 'gngTestSapped',
    name: 'GNG.Ability.str.long', // any existing key: the effect's name is localized
    img: 'icons/svg/downgrade.svg',
    changes: [{ key: 'system.abilities.str.value', mode: 2, value: '-4' }],
  };
  beforeEach(() => {
    CONFIG.statusEffects.push(status);
  });
  afterEach(() => {
    CONFIG.statusEffects.splice(CONFIG.statusEffects.indexOf(status), 1);
  });

  it('toggles the status effect on and off: effect, statuses, changes and derived data follow', async () => {
    const actor = await h.createActor({
      name: 'Brakka',
      type: 'character',
      system: { abilities: { str: { value: 14 } } },
    });
    const modBefore = abilities(actor).str?.mod as number;

    const effect = (await actor.toggleStatusEffect('gngTestSapped')) as ActiveEffect;
    expect(actor.effects.contents).toEqual([effect]);
    expect([effect.name, effect.img, [...effect.statuses]]).toEqual([
      'Strength',
      'icons/svg/downgrade.svg',
      ['gngTestSapped'],
    ]);
    expect(actor.statuses.has('gngTestSapped')).toBe(true);
    expect(abilities(actor).str?.value).toBe(10);
    expect(abilities(actor).str?.mod).toBeLessThan(modBefore);

    expect(await actor.toggleStatusEffect('gngTestSapped')).toBe(false);
    expect(actor.effects.size).toBe(0);
    expect(actor.statuses.size).toBe(0);
    expect(abilities(actor).str?.value).toBe(14);
    expect(abilities(actor).str?.mod).toBe(modBefore);
  });

  it('active: true keeps an existing status, active: false does not create one; overlay is a flag', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    expect(await actor.toggleStatusEffect('gngTestSapped', { active: false })).toBeUndefined();
    const effect = (await actor.toggleStatusEffect('gngTestSapped', {
      active: true,
      overlay: true,
    })) as ActiveEffect;
    expect(effect.getFlag('core', 'overlay')).toBe(true);
    expect(await actor.toggleStatusEffect('gngTestSapped', { active: true })).toBe(true);
    expect(actor.effects.size).toBe(1);
  });

  it('refuses a player who does not own the actor, both on and off', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' }, h.users.player);
    h.as(h.users.otherPlayer);
    await expect(actor.toggleStatusEffect('gngTestSapped')).rejects.toThrow(/lacks permission/);
    await expect(actor.createEmbeddedDocuments('ActiveEffect', [{ name: 'X' }])).rejects.toThrow(
      /lacks permission/,
    );
    expect(actor.effects.size).toBe(0);
    h.as(h.users.player);
    await actor.toggleStatusEffect('gngTestSapped');
    h.as(h.users.otherPlayer);
    await expect(actor.toggleStatusEffect('gngTestSapped')).rejects.toThrow(/lacks permission/);
    expect(actor.statuses.has('gngTestSapped')).toBe(true);
    h.as(h.users.gm);
    expect(await actor.toggleStatusEffect('gngTestSapped')).toBe(false);
  });

  it('an unknown status id throws an error naming it', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    await expect(actor.toggleStatusEffect('notAStatus')).rejects.toThrow(/"notAStatus"/);
  });
});

describe('fromUuid and the compendium', () => {
  it('resolves world, embedded and compendium uuids; null for what does not exist', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    const [sword] = await actor.createEmbeddedDocuments('Item', [
      { name: 'Sword', type: 'weapon', effects: [{ name: 'Keen' }] },
    ]);
    const [bless] = await actor.createEmbeddedDocuments('ActiveEffect', [{ name: 'Bless' }]);
    const loose = (await Item.create({ name: 'Rope', type: 'equipment' })) as Item;
    const message = (await ChatMessage.create({ content: 'Hi' })) as ChatMessage;
    const keen = sword?.effects.contents[0] as ActiveEffect;

    for (const doc of [actor, sword, bless, loose, message, keen] as FoundryDocument[]) {
      expect(await fromUuid(doc.uuid)).toBe(doc);
      expect(fromUuidSync(doc.uuid)).toBe(doc);
    }
    expect(keen.uuid).toBe(`Actor.${actor.id}.Item.${sword?.id}.ActiveEffect.${keen.id}`);

    const longsword = h.registerCompendiumDocument('items', { name: 'Longsword', type: 'weapon' });
    expect(longsword.uuid).toBe(`Compendium.gng.items.Item.${longsword.id}`);
    expect(longsword.pack).toBe('gng.items');
    expect(await fromUuid(longsword.uuid)).toBe(longsword);
    expect(game.items.get(longsword.id as string)).toBeUndefined();

    const sample = h.registerCompendiumDocument(
      'samples',
      { name: 'Orc', type: 'npc', items: [{ name: 'Axe', type: 'weapon' }] },
      'Actor',
    ) as Actor;
    const axe = sample.items.contents[0] as Item;
    expect(axe.uuid).toBe(`Compendium.gng.samples.Actor.${sample.id}.Item.${axe.id}`);
    expect(fromUuidSync(axe.uuid)).toBe(axe);

    for (const uuid of [
      'Actor.nope',
      `Actor.${actor.id}.Item.nope`,
      `Actor.${actor.id}.Item`,
      `Compendium.gng.items.Item.nope`,
      `Compendium.gng.samples.Item.${longsword.id}`,
      'Scene.x.Token.y',
      '',
    ]) {
      expect(await fromUuid(uuid)).toBeNull();
    }
  });

  it('compendium documents are read-only for players and locked for the GM', async () => {
    const longsword = h.registerCompendiumDocument('items', { name: 'Longsword', type: 'weapon' });
    h.as(h.users.player);
    expect(longsword.testUserPermission(h.users.player, 'OBSERVER')).toBe(true);
    expect(longsword.isOwner).toBe(false);
    h.as(h.users.gm);
    await expect(longsword.update({ name: 'Shortsword' })).rejects.toThrow(/locked/);
    h.reset();
    expect(await fromUuid(longsword.uuid)).toBeNull();
  });
});

describe('drag and drop', () => {
  const { getDragEventData } = foundry.applications.ux.TextEditor.implementation;

  function dragEvent(text: string | null): DragEvent {
    const event = new h.window.DragEvent('drop');
    if (text !== null) {
      const dataTransfer = new h.window.DataTransfer();
      dataTransfer.setData('text/plain', text);
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
    }
    return event as unknown as DragEvent;
  }

  it('getDragEventData parses the text/plain JSON, and gives {} for bad or missing data', () => {
    expect(getDragEventData(dragEvent('{"type":"Item","uuid":"Item.abc"}'))).toEqual({
      type: 'Item',
      uuid: 'Item.abc',
    });
    expect(getDragEventData(dragEvent('{not json'))).toEqual({});
    expect(getDragEventData(dragEvent(''))).toEqual({});
    expect(getDragEventData(dragEvent(null))).toEqual({});
  });

  /** A sheet whose `_onDrop` copies a dropped Item (from the world or a compendium) onto its actor. */
  class InventorySheet extends foundry.applications.sheets.ActorSheetV2 {
    readonly targets: unknown[] = [];

    override async _onDrop(event: DragEvent): Promise<unknown> {
      this.targets.push(event.target);
      const data = foundry.applications.ux.TextEditor.implementation.getDragEventData(event);
      if (data.type !== 'Item') return null;
      const source = await fromUuid(String(data.uuid));
      if (!source) return null;
      const { _id, ...copy } = source.toObject();
      return this.actor.createEmbeddedDocuments('Item', [copy]);
    }
  }

  it('drop() reaches an overriding _onDrop, directly or through the rendered element', async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    const longsword = h.registerCompendiumDocument('items', { name: 'Longsword', type: 'weapon' });
    const sheet = new InventorySheet({ document: actor }) as InventorySheet & HarnessApp;

    const created = (await h.drop(sheet, { type: 'Item', uuid: longsword.uuid })) as Item[];
    expect(created.map((i) => i.name)).toEqual(['Longsword']);
    expect(actor.items.contents[0]?.pack).toBeNull();

    await sheet.render(true);
    const rope = (await Item.create({ name: 'Rope', type: 'equipment' })) as Item;
    await h.drop(sheet, { type: 'Item', uuid: rope.uuid });
    expect(actor.items.map((i) => i.name)).toEqual(['Longsword', 'Rope']);
    expect(sheet.targets.at(-1)).toBe(sheet.element);
    expect(await h.drop(sheet, { type: 'Actor', uuid: actor.uuid })).toBeNull();
  });

  it("the base sheet's _onDrop does nothing", async () => {
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    const sheet = new foundry.applications.sheets.ActorSheetV2({ document: actor }) as ActorSheetV2 &
      HarnessApp;
    const rope = (await Item.create({ name: 'Rope', type: 'equipment' })) as Item;
    expect(await h.drop(sheet, { type: 'Item', uuid: rope.uuid })).toBeUndefined();
    expect(actor.items.size).toBe(0);
  });
});

type HarnessApp = HarnessApplicationV2;

describe('tokens and targets', () => {
  /** A throwaway actor type whose `hp` has the `{ value, max }` a token bar reads. */
  class BarData extends foundry.abstract.TypeDataModel {
    static override defineSchema(): DataSchema {
      const { SchemaField, NumberField } = foundry.data.fields;
      return {
        hp: new SchemaField({
          value: new NumberField({ required: true, initial: 7 }),
          max: new NumberField({ required: true, initial: 12 }),
        }),
      };
    }
  }
  class ValueData extends foundry.abstract.TypeDataModel {
    static override defineSchema(): DataSchema {
      return { hp: new foundry.data.fields.NumberField({ required: true, initial: 3 }) };
    }
  }
  beforeEach(() => {
    Object.assign(CONFIG.Actor.dataModels, { gngTestBar: BarData, gngTestValue: ValueData });
  });
  afterEach(() => {
    delete CONFIG.Actor.dataModels.gngTestBar;
    delete CONFIG.Actor.dataModels.gngTestValue;
  });

  it("bar1 reads system.json's primaryTokenAttribute (hp) from the actor, effects included", async () => {
    const actor = await h.createActor({ name: 'Orc', type: 'gngTestBar' });
    const token = h.placeToken(actor);
    expect(token.actor).toBe(actor);
    expect([token.document.actor, token.document.name, token.document.id]).toEqual([actor, 'Orc', token.id]);
    expect(token.document.getBarAttribute('bar1')).toEqual({
      type: 'bar',
      attribute: 'hp',
      value: 7,
      max: 12,
    });
    expect(token.document.getBarAttribute('bar2')).toBeNull();

    await actor.update({ 'system.hp.value': 4 });
    await actor.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Tough', changes: [change('system.hp.max', MODES.ADD, '5')] },
    ]);
    expect(token.document.getBarAttribute('bar1')).toEqual({
      type: 'bar',
      attribute: 'hp',
      value: 4,
      max: 17,
    });

    const plain = await h.createActor({ name: 'Rat', type: 'gngTestValue' });
    expect(h.placeToken(plain).document.getBarAttribute('bar1')).toEqual({
      type: 'value',
      attribute: 'hp',
      value: 3,
    });
  });

  it('getActiveTokens finds placed tokens; target() sets a user’s targets', async () => {
    const orc = await h.createActor({ name: 'Orc', type: 'npc' });
    const goblin = await h.createActor({ name: 'Goblin', type: 'npc' });
    const [a, b, c] = [h.placeToken(orc), h.placeToken(orc), h.placeToken(goblin)];
    expect(orc.getActiveTokens()).toEqual([a, b]);

    h.target(h.users.player, a, c);
    h.as(h.users.player);
    expect([...game.user.targets].map((t) => t.actor?.name)).toEqual(['Orc', 'Goblin']);
    h.target(h.users.player, b);
    expect([...game.user.targets]).toEqual([b]);
    expect(h.users.gm.targets.size).toBe(0);
    h.reset();
    expect(orc.getActiveTokens()).toEqual([]);
    expect(h.users.player.targets.size).toBe(0);
  });
});
