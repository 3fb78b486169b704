/**
 * GnG Appendix 5 at the table: a weapon spell or power cast from the sheet's API makes the weapon
 * armor piercing ("Only one-half of an opponent's Protection applies") or armor ignoring ("None of an
 * opponent's Protection applies") for "10 minutes/level" of the world clock, counted at the caster's
 * effective level (energy drain: –1 per negative level); the attack card uses it, and after the
 * duration it is gone. A fang spell on another player's creature goes through the GM.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromConsole } from '../fixtures/cards.js';
import { getHarness, ROOT } from '../harness/index.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';

const h = await getHarness();
// Reads `foundry` when it loads: imported once the harness is up.
const { CastDialog } = await import('../../src/applications/cast-dialog.js');
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(18));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const packSource = (file: string) =>
  JSON.parse(readFileSync(join(ROOT, 'packs/_source/spells-powers', file), 'utf8')) as Record<
    string,
    unknown
  >;
const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const bypassOf = (weapon: Item) => (weapon.system as unknown as { bypass: string }).bypass;

/** `player`'s 7th-level caster with `negativeLevels`, a longsword, a claw and the spell `file`. */
async function caster(file: string, negativeLevels = 0) {
  const actor = await h.createActor(
    {
      name: 'Mage',
      type: 'npc',
      system: { negativeLevels, proficiencies: { weapons: { simple: true, martial: true } } },
    },
    player,
  );
  const [, sword, claw, spell] = (await actor.createEmbeddedDocuments('Item', [
    { name: 'Wizard', type: 'class', system: { levels: 7 } },
    {
      name: 'Longsword',
      type: 'weapon',
      system: { category: 'martial', use: 'one-handed', damage: { medium: '1d8' }, equipped: true },
    },
    { name: 'Claw', type: 'weapon', system: { use: 'unarmed', damage: { medium: '1d4' }, equipped: true } },
    packSource(file),
  ])) as Item[];
  return { actor, sword: sword as Item, claw: claw as Item, spell: spell as Item };
}

/** An NPC with Defense +0 and natural armor 6 (Protection 6), 40 HP. */
function armored(): Promise<Actor> {
  return h.createActor({
    name: 'Armadillo',
    type: 'npc',
    system: { naturalArmor: 6, abilities: { con: { value: 40 } }, hp: { value: 40 } },
  });
}

/**
 * `actor` attacks `target` with `weapon`: attack d20 15, Defense d20 5, damage `dieRoll`; resolves
 * with the Protection that counted on the card.
 */
async function protectionCounted(
  actor: Actor,
  weapon: Item,
  target: Actor,
  dieRoll: number,
): Promise<number> {
  h.as(player);
  h.target(player, h.placeToken(target));
  h.dice.queue(15);
  const message = (await game.gng.attack(actor, weapon)) as ChatMessage;
  await attackActionsSettled();
  expect(message).toBeTruthy();
  const state = () => cardState(game.messages.get(message.id as string)) as AttackCardState;
  const id = (state().targets[0] as CardTarget).id;
  h.as(gm);
  h.dice.queue(5);
  await requestCardAction(message.id as string, 'rollDefense', id);
  h.dice.queue(dieRoll);
  await requestCardAction(message.id as string, 'rollDamage', id);
  await attackActionsSettled();
  return (state().targets[0] as CardTarget).damage?.steps.protection as number;
}

describe('Armor Piercing Weapon and Armor Ignoring Weapon, cast from the sheet', () => {
  it('half Protection while it lasts (10 minutes × 7 levels = 70 minutes), full Protection after', async () => {
    const { actor, sword, spell } = await caster('spell-armor-piercing-weapon.json');
    const target = await armored();
    expect(await protectionCounted(actor, sword, target, 4)).toBe(6);
    h.as(player);
    const cast = await game.gng.castWeaponSpell(actor, spell, { weapons: [sword] });
    // Caster level 7 (the class), no negative levels: 7 × 10 minutes = 4200 seconds; a 3rd-level spell.
    expect(cast).toMatchObject({ casterLevel: 7, seconds: 4200, cost: 3 });
    expect(cast?.effects).toHaveLength(1);
    expect(bypassOf(sword)).toBe('piercing');
    expect(sys(actor).derived.attacks.find((a) => a.name === 'Longsword')?.bypass).toBe('piercing');
    // Armor piercing: ⌊6 / 2⌋ = 3 of the natural armor counts.
    expect(await protectionCounted(actor, sword, target, 4)).toBe(3);
    // One second before the end it still holds; at 4200 s the clock ends it.
    h.as(gm);
    await game.time.advance(4199);
    await attackActionsSettled();
    expect(bypassOf(sword)).toBe('piercing');
    await game.time.advance(1);
    await attackActionsSettled();
    expect(sword.effects.size).toBe(0);
    expect(bypassOf(sword)).toBe('none');
    expect(await protectionCounted(actor, sword, target, 4)).toBe(6);
  });

  it('armor ignoring: none of the Protection; energy drain shortens it (7 − 2 = 5 levels: 50 minutes)', async () => {
    const { actor, sword, spell } = await caster('spell-armor-ignoring-weapon.json', 2);
    expect(sys(actor).derived.effectiveLevel).toBe(5);
    const target = await armored();
    h.as(player);
    const cast = await game.gng.castWeaponSpell(actor, spell, { weapons: [sword] });
    expect(cast).toMatchObject({ casterLevel: 5, seconds: 3000, cost: 6 });
    expect(await protectionCounted(actor, sword, target, 4)).toBe(0);
    h.as(gm);
    await game.time.advance(3000);
    await attackActionsSettled();
    expect(await protectionCounted(actor, sword, target, 4)).toBe(6);
  });

  it('refuses a natural weapon for the weapon spells, and anything but natural weapons for the fangs', async () => {
    const { actor, claw, spell } = await caster('spell-armor-piercing-weapon.json');
    h.as(player);
    expect(await game.gng.castWeaponSpell(actor, spell, { weapons: [claw] })).toBeNull();
    expect(h.notices.at(-1)?.message).toBe('Claw is a natural weapon: this spell or power cannot take one.');
    expect(claw.effects.size).toBe(0);
    const [fang] = (await actor.createEmbeddedDocuments('Item', [
      packSource('spell-armor-piercing-fang.json'),
    ])) as Item[];
    const sword = actor.items.find((i) => i.name === 'Longsword') as Item;
    expect(await game.gng.castWeaponSpell(actor, fang as Item, { weapons: [sword] })).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      'Longsword is not a natural weapon: this spell or power takes only natural weapons.',
    );
  });
});

describe('Armor Piercing Fang on another creature (through the GM), Iron Claw', () => {
  it("the druid's fang makes another player's wolf's bite armor piercing; the GM checks who casts", async () => {
    const { actor: druid } = await caster('spell-armor-piercing-fang.json');
    const fang = druid.items.find((i) => i.name === 'Armor Piercing Fang') as Item;
    const wolf = await h.createActor({ name: 'Wolf', type: 'npc', system: {} }, otherPlayer);
    const [bite] = (await wolf.createEmbeddedDocuments('Item', [
      { name: 'Bite', type: 'weapon', system: { use: 'unarmed', damage: { medium: '1d6' }, equipped: true } },
    ])) as Item[];
    h.as(player);
    expect(bite?.isOwner).toBe(false);
    const cast = await game.gng.castWeaponSpell(druid, fang, { weapons: [bite as Item] });
    await attackActionsSettled();
    expect(cast).toMatchObject({ casterLevel: 7, seconds: 4200, cost: 3 });
    expect(bypassOf(bite as Item)).toBe('piercing');
    // A player who does not own the druid cannot cast its spell, even from the console.
    h.as(otherPlayer);
    const forged = await fromConsole('gng.castWeaponSpell', {
      spellUuid: fang.uuid,
      weaponUuids: [(bite as Item).uuid],
    });
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAttackerOwner' });
    expect((bite as Item).effects.size).toBe(1);
  });

  it("Iron Claw: 5 power points for one natural weapon, 5 + 4 = 9 for two; only the manifester's own", async () => {
    const { actor, claw, spell } = await caster('power-iron-claw.json');
    const [bite] = (await actor.createEmbeddedDocuments('Item', [
      { name: 'Bite', type: 'weapon', system: { use: 'unarmed', damage: { medium: '1d6' } } },
    ])) as Item[];
    h.as(player);
    const cast = await game.gng.castWeaponSpell(actor, spell, { weapons: [claw, bite as Item] });
    expect(cast).toMatchObject({ cost: 9, seconds: 4200 });
    expect([bypassOf(claw), bypassOf(bite as Item)]).toEqual(['piercing', 'piercing']);
    const other = await h.createActor({ name: 'Bear', type: 'npc', system: {} }, player);
    const [paw] = (await other.createEmbeddedDocuments('Item', [
      { name: 'Paw', type: 'weapon', system: { use: 'unarmed', damage: { medium: '1d6' } } },
    ])) as Item[];
    expect(await game.gng.castWeaponSpell(actor, spell, { weapons: [paw as Item] })).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      "Iron Claw is personal: only the manifester's own natural weapons.",
    );
  });
});

describe('from the sheet', () => {
  it('the Cast button opens the dialog with the weapons the spell can take; casting enchants the chosen one', async () => {
    const { actor, sword, spell } = await caster('spell-armor-piercing-weapon.json', 1);
    h.as(player);
    const sheet = await openSheetOn(h, actor, 'magic');
    const button = sheet.element.querySelector<HTMLButtonElement>(
      `button[data-action="castSpell"][data-item-id="${spell.id}"]`,
    );
    expect(button?.getAttribute('aria-label')).toBe('Cast Armor Piercing Weapon');
    // Not awaited: the sheet's action waits for the dialog to close.
    button?.dispatchEvent(
      new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
    );
    const dialog = await vi.waitFor(() => {
      const app = h.openApplications().find((a) => a instanceof CastDialog);
      if (!app) throw new Error('no cast dialog');
      return app as unknown as HarnessApplicationV2;
    });
    // The longsword, not the claw (a natural weapon); 1 negative level: 7 − 1 = 6.
    const options = [...dialog.element.querySelectorAll('.cast-weapons label')].map((l) =>
      l.textContent?.trim(),
    );
    expect(options).toEqual(['Longsword (Mage)']);
    expect(dialog.element.querySelector('.cast-drained')?.textContent).toBe(
      'Energy drain: 1 negative level(s), so it counts as caster level 6.',
    );
    await h.click(dialog, 'button[type="submit"]');
    await vi.waitFor(() => {
      if (!game.messages.contents.some((m) => m.type === 'cast')) throw new Error('not cast yet');
    });
    expect(bypassOf(sword)).toBe('piercing');
    // 6 × 10 minutes.
    expect(sword.effects.contents[0]?.duration.seconds).toBe(3600);
    expect(game.messages.contents.at(-1)?.content).toContain(
      'Mage casts Armor Piercing Weapon (spell level 3) on Longsword (Mage): Armor-piercing for 60 minutes (caster level 6).',
    );
  });
});
