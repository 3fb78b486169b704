/**
 * Appendix 4 weapon feats at the table (issue #18): Advanced Unarmed Strike ("Your unarmed damage
 * increases by one die size (e.g., from 1d4 to 1d6)"), Improvised Weapon Proficiency ("You may attack
 * without penalty when wielding any improvised weapon"; Normal: "–4 penalty") and Improvised Weapon
 * Mastery ("Treat an improvised weapon as one size category larger … for … the damage it deals").
 * Expected dice are the core rules' weapon sizes: an unarmed strike is 1d2 Small, 1d3 Medium, 1d4
 * Large; a longsword 1d6 Small, 1d8 Medium, 2d6 Large; a greatsword 2d6 Medium, 3d6 Large.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers, withFeats } from '../fixtures/cards.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import type { AttackCardState } from '../../src/cards/attack/attack-state.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';

const h = await getHarness();
beforeEach(() => h.reset(18));
// Every string shown is in lang/en.json.
afterEach(() => expect([...h.i18n.missing]).toEqual([]));
const { gm, player, otherPlayer } = h.users;
const { click } = cardHelpers(h);

const { damageDiceSizeUp } = await import('../../src/rules/index.js');
const { attackActionsSettled, requestCardAction } = await import('../../src/cards/attack/attack-actions.js');
const { cardState } = await import('../../src/cards/attack/attack-state.js');
const { grappleState } = await import('../../src/cards/grapple/grapple-ask.js');

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const row = (actor: Actor, name: string) => {
  const found = sys(actor).derived.attacks.find((a) => a.name === name);
  if (!found) throw new Error(`no attack row ${name}`);
  return found;
};

/** A Medium NPC with Str 10 (no Strength to damage), simple weapons only, with these weapons equipped. */
async function brawler(weapons: Record<string, unknown>[], feats: string[] = []): Promise<Actor> {
  const actor = await h.createActor({ name: 'Brawler', type: 'npc', system: { hp: { value: 10 } } });
  await actor.createEmbeddedDocuments(
    'Item',
    weapons.map((system) => ({ name: system.name, type: 'weapon', system: { equipped: true, ...system } })),
  );
  return withFeats(actor, feats);
}

const UNARMED = { name: 'Unarmed strike', use: 'unarmed', damage: { small: '1d2', medium: '1d3' } };
const LONGSWORD = { name: 'Longsword', category: 'martial', use: 'one-handed', damage: { medium: '1d8' } };
/** A chair: an improvised weapon (club-like, 1d6 Medium). */
const CHAIR = {
  name: 'Chair',
  category: 'simple',
  use: 'one-handed',
  damage: { medium: '1d6' },
  improvised: true,
};

describe('damage dice one size up (engine damageDiceSizeUp)', () => {
  it('follows the core weapon sizes and the feat’s own example', () => {
    expect(damageDiceSizeUp('1d4')).toBe('1d6'); // the text: "from 1d4 to 1d6"
    expect(damageDiceSizeUp('1d2')).toBe('1d3'); // unarmed Small → Medium
    expect(damageDiceSizeUp('1d3')).toBe('1d4'); // unarmed Medium → Large
    expect(damageDiceSizeUp('1d6')).toBe('1d8'); // longsword Small → Medium
    expect(damageDiceSizeUp('1d8')).toBe('2d6'); // longsword Medium → Large
    expect(damageDiceSizeUp('2d6')).toBe('3d6'); // greatsword Medium → Large
    expect(damageDiceSizeUp('1d10')).toBe('2d8'); // heavy flail Medium 1d10 → Large 2d8
    expect(damageDiceSizeUp('1d12')).toBe('3d6'); // greataxe Medium 1d12 → Large 3d6
    expect(damageDiceSizeUp('2d4')).toBe('2d6'); // falchion Medium 2d4 → Large 2d6
  });

  it('keeps a flat bonus, takes several steps, and knows when it cannot', () => {
    expect(damageDiceSizeUp('1d6+1')).toBe('1d8+1');
    expect(damageDiceSizeUp('1d4-1')).toBe('1d6-1');
    expect(damageDiceSizeUp('1d3', 2)).toBe('1d6'); // 1d3 → 1d4 → 1d6
    expect(damageDiceSizeUp('5d7')).toBeNull();
    expect(damageDiceSizeUp('12d6')).toBeNull(); // the end of the table
    expect(damageDiceSizeUp('5')).toBeNull(); // no dice
    expect(damageDiceSizeUp('not dice')).toBeNull();
  });
});

describe('Advanced Unarmed Strike', () => {
  it('the unarmed strike rolls 1d4 instead of 1d3 (Medium); a longsword keeps its 1d8', async () => {
    const plain = await brawler([UNARMED, LONGSWORD]);
    expect(row(plain, 'Unarmed strike').damageDice).toBe('1d3');
    const trained = await brawler([UNARMED, LONGSWORD], ['advanced-unarmed-strike']);
    expect(row(trained, 'Unarmed strike').damageDice).toBe('1d4');
    expect(row(trained, 'Unarmed strike').damage).toBe('1d4');
    expect(row(trained, 'Longsword').damageDice).toBe('1d8');
  });

  it('a Small monk’s 1d2 becomes 1d3 (its own size’s dice, one size up)', async () => {
    const actor = await brawler([{ ...UNARMED, size: 'small' }], ['advanced-unarmed-strike']);
    expect(row(actor, 'Unarmed strike').damageDice).toBe('1d3');
  });

  it('at the table: the attack card rolls the unarmed damage as 1d4', async () => {
    const actor = await brawler([UNARMED], ['advanced-unarmed-strike']);
    const dummy = await h.createActor({ name: 'Dummy', type: 'npc', system: { hp: { value: 10 } } });
    h.as(gm);
    h.target(gm, h.placeToken(dummy));
    // Attack d20 15 (+0) vs Defense d20 5 (+0): RD 10; the damage die shows 4 (possible only on a d4).
    h.dice.queue(15);
    const message = (await game.gng.attack(
      actor,
      actor.items.find((i) => i.name === 'Unarmed strike') as Item,
    )) as ChatMessage;
    await attackActionsSettled();
    const state = () => cardState(game.messages.get(message.id as string)) as AttackCardState;
    const targetId = state().targets[0]?.id as string;
    h.dice.queue(5, 4);
    await requestCardAction(message.id as string, 'rollDefense', targetId);
    expect(state().targets[0]?.result).toMatchObject({ hit: true, relativeDegree: 10 });
    await requestCardAction(message.id as string, 'rollDamage', targetId);
    const damage = state().targets[0]?.damage;
    expect(damage?.formula).toContain('1d4');
    expect(damage?.dice).toEqual([4]);
    // 4 (die) + 10 (RD) − 0 (Protection) = 14; the unarmed strike's damage here is lethal (no property).
    expect(damage?.final).toBe(14);
  });
});

describe('Advanced Unarmed Strike in a grapple', () => {
  it('the hold deals the grappler’s unarmed damage one die size up: 1d4 instead of 1d3', async () => {
    // Grappler Str 14 (+2), Improved Grapple (+4, no attack of opportunity): grapple +6.
    const grappler = await h.createActor(
      { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
      otherPlayer,
    );
    await withFeats(grappler, ['improved-grapple', 'advanced-unarmed-strike']);
    const victim = await h.createActor(
      { name: 'Victim', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
      player,
    );
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(victim));
    h.dice.queue(15); // the touch attack
    const message = (await game.gng.grapple(grappler)) as ChatMessage;
    await attackActionsSettled();
    h.as(player);
    h.dice.queue(2, 10); // touch Defense 2: hit; the hold check d20 10 (+6 = 16)
    await click(message, 'oppose');
    h.dice.queue(5, 4); // the victim's check 5 (+0): RD 11; the damage die 4 (only a d4 shows 4)
    await click(message, 'oppose');
    const step = grappleState(game.messages.get(message.id as string))?.steps.at(-1);
    expect(step?.damage?.formula).toContain('1d4');
    // 4 + Str 2 = 6 rolled; + RD 11 = 17; no Protection.
    expect(step?.damage).toMatchObject({ rolled: 6, total: 17, dealt: 17 });
  });
});

describe('Improvised Weapon Proficiency and Mastery', () => {
  it('an improvised weapon takes −4 without the feat, even of a category the wielder is proficient in', async () => {
    const actor = await brawler([CHAIR, { ...CHAIR, name: 'Club', improvised: false }]);
    // Base attack +0 (no classes, Str 10, Medium): the chair −4, the club +0.
    expect(row(actor, 'Chair').proficient).toBe(false);
    expect(row(actor, 'Chair').bonus).toBe(-4);
    expect(row(actor, 'Club').proficient).toBe(true);
    expect(row(actor, 'Club').bonus).toBe(0);
  });

  it('with Improvised Weapon Proficiency the chair takes no penalty; its damage stays 1d6', async () => {
    const actor = await brawler([CHAIR], ['improvised-weapon-proficiency']);
    expect(row(actor, 'Chair').proficient).toBe(true);
    expect(row(actor, 'Chair').bonus).toBe(0);
    expect(row(actor, 'Chair').damageDice).toBe('1d6');
  });

  it('with Improvised Weapon Mastery the chair deals 1d8 (one size larger); a real weapon does not change', async () => {
    const actor = await brawler(
      [CHAIR, { ...LONGSWORD, category: 'simple' }],
      ['improvised-weapon-proficiency', 'improvised-weapon-mastery'],
    );
    expect(row(actor, 'Chair').damageDice).toBe('1d8');
    expect(row(actor, 'Longsword').damageDice).toBe('1d8');
  });

  it('the item sheet shows the Improvised weapon box, and ticking it takes the proficiency away', async () => {
    const actor = await brawler([{ ...CHAIR, improvised: false }]);
    const chair = actor.items.find((i) => i.name === 'Chair') as Item;
    const sheet = await h.openItemSheet(chair);
    const box = sheet.element.querySelector<HTMLInputElement>('input[name="system.improvised"]');
    const label = sheet.element.querySelector(`label[for="${box?.id ?? 'none'}"]`);
    expect(label?.textContent?.trim()).toBe('Improvised weapon');
    expect(box?.checked).toBe(false);
    expect(row(actor, 'Chair').bonus).toBe(0);
    await h.change(sheet, 'input[name="system.improvised"]', true);
    expect((chair.system as unknown as { improvised: boolean }).improvised).toBe(true);
    expect(row(actor, 'Chair').bonus).toBe(-4);
  });
});

describe('Dynamic Grip: the blunt end', () => {
  it('the Feats tab adds the blunt end of a long-handled weapon: a simple 1d6 bludgeoning weapon', async () => {
    // A character with martial weapons: a quarterstaff (two-handed), a longsword (one-handed), a dagger (light).
    h.as(gm);
    const actor = await h.createActor(
      { name: 'Staff fighter', type: 'character', system: { proficiencies: { weapons: { martial: true } } } },
      player,
    );
    await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Quarterstaff',
        type: 'weapon',
        system: { use: 'two-handed', damage: { medium: '1d6' }, equipped: true },
      },
      { ...{ name: 'Longsword', type: 'weapon' }, system: { ...LONGSWORD, equipped: true } },
      { name: 'Dagger', type: 'weapon', system: { use: 'light', damage: { medium: '1d4' }, equipped: true } },
    ]);
    await withFeats(actor, ['dynamic-grip']);
    h.as(player);
    const sheet = await openSheetOn(h, actor, 'feats');
    const select = sheet.element.querySelector<HTMLSelectElement>('select.blunt-end-weapon');
    // The light dagger has no forearm-long handle: not offered.
    expect([...(select?.options ?? [])].map((o) => o.textContent)).toEqual(['Quarterstaff', 'Longsword']);
    const label = sheet.element.querySelector(`label[for="${select?.id ?? ''}"]`);
    expect(label?.textContent).toBe('Dynamic Grip: blunt end of');
    (select as HTMLSelectElement).value = actor.items.find((i) => i.name === 'Longsword')?.id as string;
    await h.click(sheet, 'button[data-action="addBluntEnd"]');
    const end = row(actor, 'Blunt end (Longsword)');
    expect(end).toMatchObject({
      damageDice: '1d6',
      damageTypes: ['bludgeoning'],
      proficient: true,
      mode: 'melee',
    });
    // Base +0, Str 10: the blunt end attacks at +0 and deals 1d6 (no Strength).
    expect([end.bonus, end.damage]).toEqual([0, '1d6']);
    // Offered once per weapon: the longsword is no longer in the list.
    const again = sheet.element.querySelector<HTMLSelectElement>('select.blunt-end-weapon');
    expect([...(again?.options ?? [])].map((o) => o.textContent)).toEqual(['Quarterstaff']);
  });

  it('no blunt end is offered without the feat', async () => {
    h.as(gm);
    const actor = await h.createActor({ name: 'Plain', type: 'character' }, player);
    await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Quarterstaff',
        type: 'weapon',
        system: { use: 'two-handed', damage: { medium: '1d6' }, equipped: true },
      },
    ]);
    h.as(player);
    const sheet = await openSheetOn(h, actor, 'feats');
    expect(sheet.element.querySelector('select.blunt-end-weapon')).toBeNull();
  });
});
