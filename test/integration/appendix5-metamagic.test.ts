/**
 * Armor Piercing / Ignoring Spell and Power (GnG Appendix 4) at the table: a damaging spell or power
 * cast from the sheet onto the area card, offered only to a caster with the feat, with the raised
 * slot level (+2 / +4) or power points (+4 / +8) on the card and half / none of each target's
 * Protection in the damage. Worked by hand from the text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromConsole, withFeats } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { areaCard, areaState, type AreaCardState } from '../../src/cards/area/area-actions.js';
import type { CastDialog as CastDialogClass } from '../../src/applications/cast-dialog.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';

const h = await getHarness();
// Reads `foundry` when it loads: imported once the harness is up.
const { CastDialog } = await import('../../src/applications/cast-dialog.js');
const { gm, player } = h.users;
beforeEach(() => h.reset(5));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const state = (message: ChatMessage) => areaState(game.messages.get(message.id as string)) as AreaCardState;

/** `player`'s 7th-level caster with `feats` and the item `spell` (a spell or a power). */
async function caster(
  feats: string[],
  spell: Record<string, unknown>,
): Promise<{ actor: Actor; spell: Item }> {
  const actor = await h.createActor({ name: 'Magus', type: 'npc', system: {} }, player);
  const [, item] = (await actor.createEmbeddedDocuments('Item', [
    { name: 'Wizard', type: 'class', system: { levels: 7 } },
    spell,
  ])) as Item[];
  await withFeats(actor, feats);
  return { actor, spell: item as Item };
}

const fireball = { name: 'Fireball', type: 'spell', system: { level: 3, school: 'Evocation' } };
const disintegrate = { name: 'Disintegrate', type: 'spell', system: { level: 6 } };
const energyBolt = { name: 'Energy Bolt', type: 'power', system: { level: 3, powerPoints: 5 } };

/** An NPC with natural armor 6 (Protection 6) and 40 HP. */
function armored(): Promise<Actor> {
  return h.createActor({
    name: 'Armadillo',
    type: 'npc',
    system: { naturalArmor: 6, abilities: { con: { value: 40 } }, hp: { value: 40 } },
  });
}

/** The GM applies the card's damage to its first target. */
async function apply(message: ChatMessage): Promise<void> {
  h.as(gm);
  const target = state(message).targets[0] as AreaCardState['targets'][number];
  expect(await areaCard.request(message.id as string, 'applyDamage', target.id, {})).toMatchObject({
    ok: true,
  });
  await attackActionsSettled();
}

describe('Armor Piercing Spell and Armor Ignoring Spell on the area card', () => {
  it('armor piercing: a level 5 slot for Fireball (3 + 2), half of Protection 6 = 3 counts', async () => {
    const { actor, spell } = await caster(['armor-piercing-spell'], fireball);
    const target = await armored();
    h.as(player);
    // 6d6 rolled as 3 each: 18; no save rolled: 18 − 3 = 15.
    h.dice.queue(3, 3, 3, 3, 3, 3);
    const message = (await game.gng.castAreaSpell(actor, spell, {
      damage: '6d6',
      saveDc: 15,
      damageType: 'fire',
      metamagic: 'piercing',
      targets: [target],
    })) as ChatMessage;
    await attackActionsSettled();
    expect(message).toBeTruthy();
    expect(state(message).metamagic).toMatchObject({ option: 'piercing', kind: 'spell', base: 3, cost: 5 });
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(html.querySelector('.area-metamagic')?.textContent).toBe(
      "Magus casts Fireball as an armor piercing spell (metamagic): a level 5 slot for a level 3 spell; only half of each target's Protection applies.",
    );
    await apply(message);
    expect(sys(target).hp.value).toBe(40 - 15);
  });

  it('armor ignoring: a level 7 slot (3 + 4), none of the Protection: 18 damage', async () => {
    const { actor, spell } = await caster(['armor-ignoring-spell'], fireball);
    const target = await armored();
    h.as(player);
    h.dice.queue(3, 3, 3, 3, 3, 3);
    const message = (await game.gng.castAreaSpell(actor, spell, {
      damage: '6d6',
      saveDc: 15,
      metamagic: 'ignoring',
      targets: [target],
    })) as ChatMessage;
    await attackActionsSettled();
    expect(state(message).metamagic).toMatchObject({ cost: 7 });
    await apply(message);
    expect(sys(target).hp.value).toBe(40 - 18);
  });

  it('without the option, Protection 6 counts in full: 18 − 6 = 12', async () => {
    const { actor, spell } = await caster(['armor-piercing-spell'], fireball);
    const target = await armored();
    h.as(player);
    h.dice.queue(3, 3, 3, 3, 3, 3);
    const message = (await game.gng.castAreaSpell(actor, spell, {
      damage: '6d6',
      saveDc: 15,
      targets: [target],
    })) as ChatMessage;
    await attackActionsSettled();
    expect(state(message).metamagic).toBeNull();
    // The card names the caster and the spell (a newcomer's report: "Area damage" alone said neither).
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(html.querySelector('h3')?.textContent).toBe('Magus casts Fireball: area damage');
    expect(state(message).source).toEqual({ caster: 'Magus', spell: 'Fireball' });
    await apply(message);
    expect(sys(target).hp.value).toBe(40 - 12);
  });

  it('refused without the feat (also from the console), and above a 9th-level slot', async () => {
    const { actor, spell } = await caster(['armor-piercing-spell'], fireball);
    const target = await armored();
    h.as(player);
    expect(
      await game.gng.castAreaSpell(actor, spell, {
        damage: '6d6',
        saveDc: 15,
        metamagic: 'ignoring',
        targets: [target],
      }),
    ).toBeNull();
    expect(h.notices.at(-1)?.message).toBe('Magus does not have the feat Armor Ignoring Spell.');
    const forged = await fromConsole('gng.castAreaSpell', {
      spellUuid: spell.uuid,
      damage: '6d6',
      saveDc: 15,
      metamagic: 'ignoring',
      targetUuids: [target.uuid],
    });
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Cast.Error.NoFeat' });
    const [big] = (await actor.createEmbeddedDocuments('Item', [disintegrate])) as Item[];
    await withFeats(actor, ['armor-ignoring-spell']);
    // A 6th-level spell + 4 = a 10th-level slot: none exists.
    expect(
      await game.gng.castAreaSpell(actor, big as Item, {
        damage: '6d6',
        saveDc: 15,
        metamagic: 'ignoring',
        targets: [target],
      }),
    ).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      'Disintegrate would need a level 10 spell slot: there is none above 9th level.',
    );
    expect(game.messages.contents.filter((m) => areaState(m))).toHaveLength(0);
  });
});

describe('Armor Piercing Power and Armor Ignoring Power', () => {
  it('+4 power points (5 + 4 = 9) within manifester level 9; +8 (13) above it is refused', async () => {
    const { actor, spell } = await caster(['armor-piercing-power', 'armor-ignoring-power'], energyBolt);
    // A 9th-level manifester: a player states no caster level above the caster's own (hostile-spell-resources).
    await actor.items.find((i) => i.type === 'class')?.update({ 'system.levels': 9 });
    const target = await armored();
    h.as(player);
    h.dice.queue(2, 2, 2, 2, 2);
    const message = (await game.gng.castAreaSpell(actor, spell, {
      damage: '5d6',
      saveDc: 14,
      metamagic: 'piercing',
      casterLevel: 9,
      targets: [target],
    })) as ChatMessage;
    await attackActionsSettled();
    expect(state(message).metamagic).toMatchObject({ kind: 'power', base: 5, cost: 9 });
    await apply(message);
    // 5 × 2 = 10 − ⌊6/2⌋ = 7.
    expect(sys(target).hp.value).toBe(40 - 7);
    h.as(player);
    expect(
      await game.gng.castAreaSpell(actor, spell, {
        damage: '5d6',
        saveDc: 14,
        metamagic: 'ignoring',
        casterLevel: 9,
        targets: [target],
      }),
    ).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      'Energy Bolt would cost 13 power points, more than the manifester level 9.',
    );
  });
});

describe('the cast dialog from the sheet', () => {
  async function openDialog(): Promise<CastDialogClass & HarnessApplicationV2> {
    return vi.waitFor(() => {
      const dialog = h.openApplications().find((app) => app instanceof CastDialog);
      if (!dialog) throw new Error('no cast dialog is open');
      return dialog as CastDialogClass & HarnessApplicationV2;
    });
  }
  /** Clicks the spell's Cast button on the open sheet. */
  function pressCast(sheet: HarnessApplicationV2, spell: Item): void {
    const button = sheet.element.querySelector<HTMLButtonElement>(
      `button[data-action="castSpell"][data-item-id="${spell.id}"]`,
    );
    if (!button) throw new Error('no Cast button');
    button.dispatchEvent(
      new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
    );
  }
  const labels = (dialog: HarnessApplicationV2) =>
    [...dialog.element.querySelectorAll('.cast-metamagic label')].map((l) => l.textContent?.trim());

  it('offers only the options of the feats the caster has, with the slot each takes; Cast posts the card', async () => {
    const { actor, spell } = await caster(['armor-piercing-spell'], fireball);
    const target = await armored();
    h.as(player);
    h.target(player, h.placeToken(target));
    const sheet = await openSheetOn(h, actor, 'magic');
    const button = sheet.element.querySelector<HTMLButtonElement>(
      `button[data-action="castSpell"][data-item-id="${spell.id}"]`,
    );
    expect(button?.getAttribute('aria-label')).toBe('Cast Fireball');
    // Not awaited: the sheet's action waits for the dialog to close.
    pressCast(sheet, spell);
    const dialog = await openDialog();
    expect(labels(dialog)).toEqual([
      'Neither',
      'Armor piercing (metamagic, +2 slot levels): a level 5 slot, half Protection',
    ]);
    await h.change(dialog, 'input[name="damage"]', '6d6');
    await h.change(dialog, 'input[name="saveDc"]', 15);
    await h.click(dialog, 'input[name="metamagic"][value="piercing"]');
    h.dice.queue(3, 3, 3, 3, 3, 3);
    await h.click(dialog, 'button[type="submit"]');
    await vi.waitFor(() => {
      if (!game.messages.contents.some((m) => areaState(m))) throw new Error('no area card yet');
    });
    await attackActionsSettled();
    const message = game.messages.contents.find((m) => areaState(m)) as ChatMessage;
    expect(state(message).metamagic).toMatchObject({ option: 'piercing', cost: 5 });
    expect(state(message).damage.total).toBe(18);
  });

  it('a caster without the feats sees no armor options', async () => {
    const { actor, spell } = await caster([], fireball);
    h.as(player);
    const sheet = await openSheetOn(h, actor, 'magic');
    pressCast(sheet, spell);
    const dialog = await openDialog();
    expect(dialog.element.querySelector('.cast-metamagic')).toBeNull();
    expect(dialog.element.querySelector('input[name="damage"]')).not.toBeNull();
    await dialog.close();
  });
});
