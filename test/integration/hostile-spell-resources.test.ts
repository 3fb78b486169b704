/**
 * Issue #33's spell slots and power points played by a hostile player: forged cast and Undo requests
 * from the console, out-of-order Undo of casts and rests, no GM connected (the importer's printed
 * attack bonus: hostile-importer-attack-bonus.test.ts). Each test asserts the SAFE outcome; values worked out by
 * hand.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cardHelpers, fromConsole } from '../fixtures/cards.js';
import { getHarness, ROOT } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { castCardOf } from '../../src/cards/cast/cast-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
const { click } = cardHelpers(h);
beforeEach(() => h.reset(3333));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const slots = (actor: Actor, level: number) => sys(actor).spellcasting.slots[String(level)];
const castCards = () => game.messages.contents.filter((m) => castCardOf(m));

/** `player`'s 7th-level caster with 1 of 2 level 3 slots and 12 of 20 power points, and Fireball. */
async function caster(): Promise<{ actor: Actor; spell: Item; power: Item }> {
  const actor = await h.createActor(
    {
      name: 'Magus',
      type: 'npc',
      system: {
        spellcasting: { slots: { 3: { value: 1, max: 2 } }, powerPoints: { value: 12, max: 20 } },
      },
    },
    player,
  );
  const [, spell, power] = (await actor.createEmbeddedDocuments('Item', [
    { name: 'Wizard', type: 'class', system: { levels: 7 } },
    { name: 'Fireball', type: 'spell', system: { level: 3 } },
    { name: 'Energy Bolt', type: 'power', system: { level: 3, powerPoints: 5 } },
  ])) as Item[];
  return { actor, spell: spell as Item, power: power as Item };
}

const request = (spell: Item, target: Actor, extra: Record<string, unknown> = {}) => ({
  spellUuid: spell.uuid,
  damage: '6d6',
  saveDc: 15,
  metamagic: 'none',
  targetUuids: [target.uuid],
  ...extra,
});

describe('forged cast requests', () => {
  it.each([
    ['casterLevel NaN', { casterLevel: Number.NaN }],
    ['casterLevel -1', { casterLevel: -1 }],
    ['casterLevel 1e9', { casterLevel: 1e9 }],
    ['casterLevel 2.5', { casterLevel: 2.5 }],
    ['casterLevel "7"', { casterLevel: '7' }],
    ['saveDc NaN', { saveDc: Number.NaN }],
    ['metamagic bogus', { metamagic: 'bogus' }],
    ['metamagic piercing without the feat', { metamagic: 'piercing' }],
    ['no targets', { targetUuids: [] }],
    ['an extra field', { spend: 0 }],
  ])('%s: refused with a localized message, nothing spent, no card', async (_what, extra) => {
    const { actor, spell } = await caster();
    const goblin = await h.createActor({ name: 'Goblin', type: 'npc', system: {} });
    h.as(player);
    const before = game.messages.size;
    const result = await fromConsole('gng.castAreaSpell', request(spell, goblin, extra));
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^GNG\./) });
    expect(game.i18n.has((result as { error: string }).error)).toBe(true);
    expect(game.messages.size).toBe(before);
    expect(slots(actor, 3)).toEqual({ value: 1, max: 2 });
  });

  it("a spell of another player's caster, or of the GM's NPC: refused", async () => {
    const { actor, spell } = await caster();
    const npc = await h.createActor({ name: 'Lich', type: 'npc', system: {} });
    const [npcSpell] = (await npc.createEmbeddedDocuments('Item', [
      { name: 'Fireball', type: 'spell', system: { level: 3 } },
    ])) as Item[];
    h.as(otherPlayer);
    expect(await fromConsole('gng.castAreaSpell', request(spell, npc))).toMatchObject({ ok: false });
    h.as(player);
    expect(await fromConsole('gng.castAreaSpell', request(npcSpell as Item, actor))).toMatchObject({
      ok: false,
    });
    expect(slots(actor, 3)).toEqual({ value: 1, max: 2 });
  });

  it('the same request sent twice at once: one slot, one cast; the other refused', async () => {
    const { actor, spell } = await caster();
    const goblin = await h.createActor({ name: 'Goblin', type: 'npc', system: {} });
    h.as(player);
    h.dice.queue(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3);
    const results = await Promise.all([
      fromConsole('gng.castAreaSpell', request(spell, goblin)),
      fromConsole('gng.castAreaSpell', request(spell, goblin)),
    ]);
    await attackActionsSettled();
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(slots(actor, 3)).toEqual({ value: 0, max: 2 });
    expect(castCards()).toHaveLength(1);
  });

  it('no GM connected: the cast is refused with the reason, nothing is spent', async () => {
    const { actor, spell } = await caster();
    const goblin = await h.createActor({ name: 'Goblin', type: 'npc', system: {} });
    (gm as unknown as { active: boolean }).active = false;
    try {
      h.as(player);
      expect(
        await game.gng.castAreaSpell(actor, spell, { damage: '6d6', saveDc: 15, targets: [goblin] }),
      ).toBeNull();
      expect(h.notices.at(-1)?.message).toBe('No GM is connected: card actions need one.');
    } finally {
      (gm as unknown as { active: boolean }).active = true;
    }
    expect(slots(actor, 3)).toEqual({ value: 1, max: 2 });
  });
});

describe('a forged damage type on a cast', () => {
  // Fixed HOLE: `damageType` was any text up to 30 characters. "Fire" missed the target's fire
  // resistance (its energy resistance is keyed "fire"), and "valueOf", "constructor", "toString" or
  // "__proto__" read a function off the resistances and the card showed NaN damage that could not be
  // applied. Fix: the type must be one of the damage types (the cast dialog's list), here and in
  // `game.gng.areaDamage`.
  it.each(['Fire', 'valueOf', 'constructor', '__proto__', 'toString', 'fire '])(
    '%s: refused with the list of types, nothing spent, no card',
    async (damageType) => {
      const { actor, spell } = await caster();
      const ogre = await h.createActor({
        name: 'Ogre',
        type: 'npc',
        system: { resistances: { energy: { fire: 10 } } },
      });
      h.as(player);
      const before = game.messages.size;
      expect(await fromConsole('gng.castAreaSpell', request(spell, ogre, { damageType }))).toMatchObject({
        ok: false,
        error: 'GNG.Area.Error.DamageType',
      });
      expect(game.messages.size).toBe(before);
      expect(slots(actor, 3)).toEqual({ value: 1, max: 2 });
      h.as(gm);
      expect(
        await game.gng.areaDamage({ damage: '6d6', saveDc: 15, targets: [ogre], damageType }),
      ).toBeNull();
      expect(h.notices.at(-1)?.message).toBe(
        `Area damage's type "${damageType}" is not one of the damage types (bludgeoning, piercing, slashing, fire, cold, acid, electricity, sonic, force). Nothing was rolled.`,
      );
      expect(game.messages.size).toBe(before);
    },
  );

  it('"fire" still casts: 6d6 of 3s = 18, the ogre’s fire resistance 10 leaves 8 on a failed save', async () => {
    const { spell } = await caster();
    const ogre = await h.createActor({
      name: 'Ogre',
      type: 'npc',
      system: { resistances: { energy: { fire: 10 } } },
    });
    h.as(player);
    h.dice.queue(3, 3, 3, 3, 3, 3);
    const result = await fromConsole('gng.castAreaSpell', request(spell, ogre, { damageType: 'fire' }));
    await attackActionsSettled();
    expect(result).toMatchObject({ ok: true });
    const html = h.renderMessage(
      game.messages.get((result as { messageId: string }).messageId) as ChatMessage,
    );
    expect(html.querySelector('.big-value.lethal')?.textContent).toBe('8');
  });
});

describe('a messy immunities text (an import, an effect, a hand edit)', () => {
  it('"fire,,  , FIRE;  Weapon   Damage": read as fire and weapon damage; a 6d6 fire blast (18) deals 0', async () => {
    h.as(gm);
    const imp = await h.createActor({
      name: 'Imp',
      type: 'npc',
      system: { hp: { value: 30 }, resistances: { immunities: 'fire,,  , FIRE;  Weapon   Damage' } },
    });
    expect(sys(imp).derived.resistances.immunities).toEqual(['fire', 'weapon damage']);
    h.dice.queue(3, 3, 3, 3, 3, 3);
    const message = (await game.gng.areaDamage({
      damage: '6d6',
      saveDc: 15,
      damageType: 'fire',
      targets: [imp],
    })) as ChatMessage;
    await attackActionsSettled();
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(html.textContent).toContain('Imp is immune (Fire): no damage');
  });
});

/** The player's 7th-level caster (12 of 20 power points) with a claw and the pack's Iron Claw power. */
async function clawCaster(): Promise<{ actor: Actor; claw: Item; ironClaw: Item }> {
  const { actor } = await caster();
  const [claw, ironClaw] = (await actor.createEmbeddedDocuments('Item', [
    { name: 'Claw', type: 'weapon', system: { use: 'unarmed', damage: { medium: '1d4' } } },
    JSON.parse(
      readFileSync(join(ROOT, 'packs/_source/spells-powers/power-iron-claw.json'), 'utf8'),
    ) as Record<string, unknown>,
  ])) as Item[];
  return { actor, claw: claw as Item, ironClaw: ironClaw as Item };
}

describe('forged weapon spell requests', () => {
  // Fixed HOLE: Iron Claw naming the same claw twice was taken as two weapons: 5 + 4 = 9 power points
  // spent and two enchantments on one claw. Fix: a request naming a weapon twice is not understood.
  it('Iron Claw on the same claw twice: refused, nothing spent, no effect, no card', async () => {
    const { actor, claw, ironClaw } = await clawCaster();
    h.as(player);
    const result = await fromConsole('gng.castWeaponSpell', {
      spellUuid: (ironClaw as Item).uuid,
      weaponUuids: [(claw as Item).uuid, (claw as Item).uuid],
    });
    expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Card.BadRequest' });
    expect(sys(actor).spellcasting.powerPoints).toEqual({ value: 12, max: 20 });
    expect((claw as Item).effects.size).toBe(0);
    expect(castCards()).toHaveLength(0);
  });

  it.each([
    ['2.5', 2.5],
    ['NaN', Number.NaN],
    ['-3', -3],
    ['101', 101],
  ])('caster level %s: refused (GNG.Cast.Error.Level), nothing spent', async (_what, casterLevel) => {
    const { actor, claw, ironClaw } = await clawCaster();
    h.as(player);
    const result = await fromConsole('gng.castWeaponSpell', {
      spellUuid: (ironClaw as Item).uuid,
      weaponUuids: [(claw as Item).uuid],
      casterLevel,
    });
    expect(result).toMatchObject({ ok: false, error: 'GNG.Cast.Error.Level' });
    expect(sys(actor).spellcasting.powerPoints.value).toBe(12);
  });

  it('two Undo requests of one cast at once: the points come back once (12), the second refused', async () => {
    const { actor, claw, ironClaw } = await clawCaster();
    h.as(player);
    await game.gng.castWeaponSpell(actor, ironClaw as Item, { weapons: [claw as Item] });
    // Iron Claw on one claw: 5 points, 12 → 7.
    expect(sys(actor).spellcasting.powerPoints.value).toBe(7);
    const undo = { messageId: castCards()[0]?.id, action: 'castUndo', target: 'caster' };
    const results = await Promise.all([fromConsole('gng.castCard', undo), fromConsole('gng.castCard', undo)]);
    await attackActionsSettled();
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(sys(actor).spellcasting.powerPoints.value).toBe(12);
  });

  it("Undo by the caster's player after the GM took the caster away: refused, nothing back", async () => {
    const { actor, claw, ironClaw } = await clawCaster();
    h.as(player);
    await game.gng.castWeaponSpell(actor, ironClaw as Item, { weapons: [claw as Item] });
    h.as(gm);
    await actor.update({ ownership: { default: 0, [player.id as string]: 0 } });
    h.as(player);
    const undo = { messageId: castCards()[0]?.id, action: 'castUndo', target: 'caster' };
    expect(await fromConsole('gng.castCard', undo)).toMatchObject({
      ok: false,
      error: 'GNG.CastCard.Error.UndoWho',
    });
    expect(sys(actor).spellcasting.powerPoints.value).toBe(7);
    expect((claw as Item).effects.size).toBe(1);
  });
});

describe('a caster level stated above the caster’s own', () => {
  // Fixed HOLE: the caster level is the dialog's number (default: the actor's level), and the GM took
  // any whole number up to 100 from a player: a 7th-level manifester stating 9 manifested Energy Bolt
  // armor piercing for 9 points (5 + 4; refused above the manifester level, 7), and a weapon spell
  // stated at 100 lasted 1,000 minutes instead of 70. Fix (docs/rules.md "Caster level"): a player
  // states at most the caster's level; a GM any (monsters' spell-like abilities).
  it('a player: 9 for a 7th-level caster is refused, nothing spent; 5 (lower) is taken', async () => {
    const { actor, power } = await caster();
    const goblin = await h.createActor({ name: 'Goblin', type: 'npc', system: {} });
    h.as(player);
    expect(await fromConsole('gng.castAreaSpell', request(power, goblin, { casterLevel: 9 }))).toMatchObject({
      ok: false,
      error: 'GNG.Cast.Error.LevelAboveOwn',
    });
    expect(
      await game.gng.castAreaSpell(actor, power, {
        damage: '5d6',
        saveDc: 14,
        casterLevel: 99,
        targets: [goblin],
      }),
    ).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      "Magus's caster level is at most its level, 7, not 99: only a GM casts at a higher one.",
    );
    expect(sys(actor).spellcasting.powerPoints.value).toBe(12);
    h.dice.queue(3, 3, 3, 3, 3);
    expect(await fromConsole('gng.castAreaSpell', request(power, goblin, { casterLevel: 5 }))).toMatchObject({
      ok: true,
    });
    // Energy Bolt: 5 power points, 12 → 7.
    expect(sys(actor).spellcasting.powerPoints.value).toBe(7);
  });

  it('a weapon spell at 100 from a player is refused; the GM casting it at 12 lasts 12 × 10 = 120 minutes', async () => {
    const { actor, claw, ironClaw } = await clawCaster();
    h.as(player);
    expect(
      await fromConsole('gng.castWeaponSpell', {
        spellUuid: (ironClaw as Item).uuid,
        weaponUuids: [(claw as Item).uuid],
        casterLevel: 100,
      }),
    ).toMatchObject({ ok: false, error: 'GNG.Cast.Error.LevelAboveOwn' });
    expect((claw as Item).effects.size).toBe(0);
    h.as(gm);
    expect(
      await game.gng.castWeaponSpell(actor, ironClaw as Item, { weapons: [claw as Item], casterLevel: 12 }),
    ).toMatchObject({ casterLevel: 12, seconds: 120 * 60 });
  });
});

describe("a spell item's identifier naming an object's own property", () => {
  // Fixed HOLE: `enchantmentOf` looked the identifier up with `in`, so a power of the player's own
  // whose `flags.gng.identifier` is "constructor" (or "toString", "__proto__") read as a weapon
  // spell of no kind, and every weapon was refused as "a natural weapon". Fix: only the table's own
  // entries; the request is then refused as not a weapon spell.
  it.each(['constructor', 'toString', '__proto__'])(
    '"%s": not a weapon spell, nothing spent',
    async (identifier) => {
      const { actor } = await caster();
      const [sword, odd] = (await actor.createEmbeddedDocuments('Item', [
        { name: 'Sword', type: 'weapon', system: { use: 'one-handed', damage: { medium: '1d8' } } },
        { name: 'Odd', type: 'power', system: { level: 1, powerPoints: 1 }, flags: { gng: { identifier } } },
      ])) as Item[];
      const { enchantmentOf } = await import('../../src/magic/index.js');
      expect(enchantmentOf(odd)).toBeNull();
      h.as(player);
      expect(
        await fromConsole('gng.castWeaponSpell', {
          spellUuid: (odd as Item).uuid,
          weaponUuids: [(sword as Item).uuid],
        }),
      ).toMatchObject({ ok: false, error: 'GNG.Error.Card.BadRequest' });
      expect(sys(actor).spellcasting.powerPoints.value).toBe(12);
    },
  );
});

describe('Undo out of order', () => {
  // Fixed HOLE: a rest's Undo takes back what the rest restored on the pools as they are now, never
  // below 0; a slot spent again since (the cast) was silently not taken back, and the cast's own Undo
  // then gave it back: 0 → rest 2 → cast 1 → rest Undo 0 → cast Undo 1, a slot out of nowhere with
  // no word on either card. Fix: the rest card's Undo says what it could not take back, so the GM
  // knows before the cast's Undo (the cast's Undo still gives its slot back, as its card says).
  it('rest, cast, rest Undo: 0 left, and the rest card says the slot spent since was not taken back', async () => {
    const { actor, spell } = await caster();
    const goblin = await h.createActor({ name: 'Goblin', type: 'npc', system: {} });
    h.as(gm);
    await actor.update({ 'system.spellcasting.slots.3.value': 0 });
    h.as(player);
    await game.gng.rest(actor, { kind: 'night' });
    await attackActionsSettled();
    const restCard = game.messages.contents.at(-1) as ChatMessage;
    expect(slots(actor, 3)).toEqual({ value: 2, max: 2 });
    h.dice.queue(3, 3, 3, 3, 3, 3);
    await game.gng.castAreaSpell(actor, spell, { damage: '6d6', saveDc: 15, targets: [goblin] });
    await attackActionsSettled();
    expect(slots(actor, 3)).toEqual({ value: 1, max: 2 });
    h.as(gm);
    await click(restCard, 'restUndo');
    // 1 left − 2 restored: 0, and 1 could not be taken back.
    expect(slots(actor, 3)).toEqual({ value: 0, max: 2 });
    const html = h.renderMessage(game.messages.get(restCard.id as string) as ChatMessage);
    expect(html.textContent).toContain(
      'Magus spent 1 level 3 spell slot(s) of what this rest restored since: those could not be taken back.',
    );
  });
});
