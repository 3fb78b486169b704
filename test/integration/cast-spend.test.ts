/**
 * Casting spends a slot or power points through the GM (issue #33): the active GM checks and spends,
 * posts the cast card; none left is refused (nothing changes, no card); the card's Undo gives the
 * spend back exactly; a rest restores the pools; a non-owner decides nothing. Worked by hand.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cardHelpers, fromConsole } from '../fixtures/cards.js';
import { getHarness, ROOT } from '../harness/index.js';
import { attackActionsSettled, isGMMessage } from '../../src/cards/kernel/index.js';
import { castCardOf } from '../../src/cards/cast/cast-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
const { buttons, click } = cardHelpers(h);
beforeEach(() => h.reset(33));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const slots = (actor: Actor, level: number) => sys(actor).spellcasting.slots[String(level)];
const castCards = () => game.messages.contents.filter((m) => castCardOf(m));

const fireball = { name: 'Fireball', type: 'spell', system: { level: 3 } };
const energyBolt = { name: 'Energy Bolt', type: 'power', system: { level: 3, powerPoints: 5 } };

/** `player`'s 7th-level caster with 1 of 2 level 3 slots (and 2 of 3 level 5) and 12 of 20 power points. */
async function caster(feats: string[] = []): Promise<{ actor: Actor; spell: Item; power: Item }> {
  const actor = await h.createActor(
    {
      name: 'Magus',
      type: 'npc',
      system: {
        spellcasting: {
          slots: { 3: { value: 1, max: 2 }, 5: { value: 2, max: 3 } },
          powerPoints: { value: 12, max: 20 },
        },
      },
    },
    player,
  );
  const [, spell, power] = (await actor.createEmbeddedDocuments('Item', [
    { name: 'Wizard', type: 'class', system: { levels: 7 } },
    fireball,
    energyBolt,
  ])) as Item[];
  if (feats.length) {
    const { withFeats } = await import('../fixtures/cards.js');
    await withFeats(actor, feats);
  }
  return { actor, spell: spell as Item, power: power as Item };
}

const target = () => h.createActor({ name: 'Goblin', type: 'npc', system: {} });

async function cast(actor: Actor, item: Item, extra: Record<string, unknown> = {}) {
  const goblin = await target();
  h.dice.queue(3, 3, 3, 3, 3, 3);
  const message = await game.gng.castAreaSpell(actor, item, {
    damage: '6d6',
    saveDc: 15,
    targets: [goblin],
    ...extra,
  });
  await attackActionsSettled();
  return message;
}

describe('a cast spends on the GM, and is refused when none are left', () => {
  it('Fireball spends its level 3 slot: 1 → 0 of 2, on a GM-made cast card', async () => {
    const { actor, spell } = await caster();
    h.as(player);
    expect(await cast(actor, spell)).toBeTruthy();
    expect(slots(actor, 3)).toEqual({ value: 0, max: 2 });
    const [card] = castCards();
    expect(card && isGMMessage(card)).toBe(true);
    const html = h.renderMessage(card as ChatMessage);
    expect(html.querySelector('.cast-spent')?.textContent).toBe('Spent: a level 3 spell slot (0 of 2 left).');
    // Nothing else was spent.
    expect(slots(actor, 5)).toEqual({ value: 2, max: 3 });
    expect(sys(actor).spellcasting.powerPoints.value).toBe(12);
  });

  it('a second Fireball is refused: no level 3 slot left; nothing changes and no card is posted', async () => {
    const { actor, spell } = await caster();
    h.as(player);
    await cast(actor, spell);
    const before = game.messages.size;
    expect(await cast(actor, spell)).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      'Magus has no level 3 spell slot left for Fireball: a rest restores them (slots per day are set on the Magic tab).',
    );
    // The goblin made by `cast` posts nothing; no area card and no cast card.
    expect(game.messages.size).toBe(before);
    expect(slots(actor, 3)).toEqual({ value: 0, max: 2 });
  });

  it('armor piercing Fireball uses the level 5 slot (3 + 2): 2 → 1 of 3, the level 3 slot untouched', async () => {
    const { actor, spell } = await caster(['armor-piercing-spell']);
    h.as(player);
    expect(await cast(actor, spell, { metamagic: 'piercing' })).toBeTruthy();
    expect(slots(actor, 5)).toEqual({ value: 1, max: 3 });
    expect(slots(actor, 3)).toEqual({ value: 1, max: 2 });
  });

  it('Energy Bolt costs 5 power points: 12 → 7; at 3 left it is refused', async () => {
    const { actor, power } = await caster();
    h.as(player);
    await cast(actor, power);
    expect(sys(actor).spellcasting.powerPoints).toEqual({ value: 7, max: 20 });
    h.as(gm);
    await actor.update({ 'system.spellcasting.powerPoints.value': 3 });
    h.as(player);
    expect(await cast(actor, power)).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      'Energy Bolt costs 5 power points; Magus has 3 left: a rest restores them.',
    );
    expect(sys(actor).spellcasting.powerPoints.value).toBe(3);
  });

  it('a caster who keeps no slots spends nothing and gets no cast card (as before)', async () => {
    const actor = await h.createActor({ name: 'Hedge', type: 'npc', system: {} }, player);
    const [, spell] = (await actor.createEmbeddedDocuments('Item', [
      { name: 'Wizard', type: 'class', system: { levels: 7 } },
      fireball,
    ])) as Item[];
    h.as(player);
    expect(await cast(actor, spell as Item)).toBeTruthy();
    expect(castCards()).toHaveLength(0);
  });

  it("another player cannot cast the caster's spell, even from the console; nothing is spent", async () => {
    const { actor, spell } = await caster();
    const goblin = await target();
    h.as(otherPlayer);
    const forged = await fromConsole('gng.castAreaSpell', {
      spellUuid: spell.uuid,
      damage: '6d6',
      saveDc: 15,
      metamagic: 'none',
      targetUuids: [goblin.uuid],
    });
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAttackerOwner' });
    expect(slots(actor, 3)).toEqual({ value: 1, max: 2 });
    expect(castCards()).toHaveLength(0);
  });
});

describe('Undo and rest', () => {
  it("the cast card's Undo gives the slot back exactly; only the caster's player or a GM may", async () => {
    const { actor, spell } = await caster();
    h.as(player);
    await cast(actor, spell);
    const card = castCards()[0] as ChatMessage;
    h.as(otherPlayer);
    expect(buttons(card)).toEqual([]);
    const forged = await fromConsole('gng.castCard', {
      messageId: card.id,
      action: 'castUndo',
      target: 'caster',
    });
    expect(forged).toMatchObject({ ok: false, error: 'GNG.CastCard.Error.UndoWho' });
    expect(slots(actor, 3)).toEqual({ value: 0, max: 2 });
    h.as(player);
    expect(buttons(card)).toEqual(['castUndo']);
    await click(card, 'castUndo');
    expect(slots(actor, 3)).toEqual({ value: 1, max: 2 });
    expect(castCardOf(game.messages.get(card.id as string))?.applied).toBe(false);
    expect(buttons(card)).toEqual([]);
    // Undone once: a second request is refused and changes nothing.
    const again = await fromConsole('gng.castCard', {
      messageId: card.id,
      action: 'castUndo',
      target: 'caster',
    });
    expect(again).toMatchObject({ ok: false });
    expect(slots(actor, 3)).toEqual({ value: 1, max: 2 });
  });

  it('Undo after a rest refilled the pool: nothing above the maximum, the card says so', async () => {
    const { actor, power } = await caster();
    h.as(player);
    await cast(actor, power);
    h.as(gm);
    await actor.update({ 'system.spellcasting.powerPoints.value': 18 });
    const card = castCards()[0] as ChatMessage;
    await click(card, 'castUndo');
    // 18 + 5 = 23 > 20: 20, 3 kept.
    expect(sys(actor).spellcasting.powerPoints.value).toBe(20);
    const html = h.renderMessage(game.messages.get(card.id as string) as ChatMessage);
    expect(html.querySelector('.cast-undo-note')?.textContent).toContain('3 could not come back');
  });

  it('a night restores every slot and power point; the rest card says so and its Undo takes them back', async () => {
    const { actor, spell } = await caster();
    h.as(player);
    await cast(actor, spell);
    expect(await game.gng.rest(actor, { kind: 'night' })).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(slots(actor, 3)).toEqual({ value: 2, max: 2 });
    expect(slots(actor, 5)).toEqual({ value: 3, max: 3 });
    expect(sys(actor).spellcasting.powerPoints).toEqual({ value: 20, max: 20 });
    const restCard = game.messages.contents.at(-1) as ChatMessage;
    const html = h.renderMessage(restCard);
    expect([...html.querySelectorAll('.rest-changes li')].map((li) => li.textContent)).toContain(
      'Restored: 2 level 3 spell slot(s), 1 level 5 spell slot(s), 8 power points.',
    );
    h.as(gm);
    await click(restCard, 'restUndo');
    expect(slots(actor, 3)).toEqual({ value: 0, max: 2 });
    expect(slots(actor, 5)).toEqual({ value: 2, max: 3 });
    expect(sys(actor).spellcasting.powerPoints.value).toBe(12);
  });

  it('an interrupted rest restores nothing', async () => {
    const { actor, spell } = await caster();
    h.as(player);
    await cast(actor, spell);
    expect(await game.gng.rest(actor, { kind: 'night', interrupted: true })).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(slots(actor, 3)).toEqual({ value: 0, max: 2 });
  });
});

describe('weapon spells spend too, and their Undo takes the enchantment off', () => {
  const packSource = (file: string) =>
    JSON.parse(readFileSync(join(ROOT, 'packs/_source/spells-powers', file), 'utf8')) as Record<
      string,
      unknown
    >;

  it('Iron Claw on two claws: 9 power points (12 → 3); Undo: 12 again and no effect left', async () => {
    const { actor } = await caster();
    const [claw, bite, ironClaw] = (await actor.createEmbeddedDocuments('Item', [
      { name: 'Claw', type: 'weapon', system: { use: 'unarmed', damage: { medium: '1d4' } } },
      { name: 'Bite', type: 'weapon', system: { use: 'unarmed', damage: { medium: '1d6' } } },
      packSource('power-iron-claw.json'),
    ])) as Item[];
    h.as(player);
    const done = await game.gng.castWeaponSpell(actor, ironClaw as Item, {
      weapons: [claw as Item, bite as Item],
    });
    expect(done).toMatchObject({ cost: 9 });
    expect(sys(actor).spellcasting.powerPoints.value).toBe(3);
    expect((claw as Item).effects.size + (bite as Item).effects.size).toBe(2);
    // Again: 9 > 3 left, refused before any effect is made.
    expect(
      await game.gng.castWeaponSpell(actor, ironClaw as Item, { weapons: [claw as Item, bite as Item] }),
    ).toBeNull();
    expect((claw as Item).effects.size).toBe(1);
    const card = castCards()[0] as ChatMessage;
    await click(card, 'castUndo');
    expect(sys(actor).spellcasting.powerPoints.value).toBe(12);
    expect((claw as Item).effects.size + (bite as Item).effects.size).toBe(0);
  });
});

describe('the Magic tab', () => {
  it('shows the slots left and per day and the power points, as inputs of the stored fields', async () => {
    const { actor } = await caster();
    h.as(player);
    const sheet = await openSheetOn(h, actor, 'magic');
    const input = (name: string) => sheet.element.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    expect(input('system.spellcasting.slots.3.value')?.value).toBe('1');
    expect(input('system.spellcasting.slots.3.max')?.value).toBe('2');
    expect(input('system.spellcasting.slots.3.value')?.getAttribute('aria-label')).toBe('Level 3 slots left');
    expect(input('system.spellcasting.powerPoints.value')?.value).toBe('12');
    expect(input('system.spellcasting.powerPoints.max')?.value).toBe('20');
  });

  it('the cast dialog says what is left to pay with: 1 of 2 level 3 slots; 12 of 20 power points', async () => {
    const { CastDialog } = await import('../../src/applications/cast-dialog.js');
    const { actor, spell, power } = await caster();
    h.as(player);
    for (const [item, text] of [
      [
        spell,
        'Level 3 spell slots left: 1 of 2 (casting spends one; armor metamagic spends the higher slot).',
      ],
      [power, 'Power points left: 12 of 20.'],
    ] as const) {
      void CastDialog.prompt(actor, item);
      const dialog = await vi.waitFor(() => {
        const app = h.openApplications().find((a) => a instanceof CastDialog);
        if (!app) throw new Error('no cast dialog');
        return app as unknown as HarnessApplicationV2;
      });
      expect(dialog.element.querySelector('.cast-pool')?.textContent).toBe(text);
      await dialog.close();
    }
  });
});
