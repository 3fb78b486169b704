/**
 * The attack card, its dialog and the sheet under the Saga-style model speak Saga's terms, not GnG's
 * (issue #30, round 2: the newcomer's screenshots 08, 10, 11, 13, 17, 19). Worked by hand from seed 001:
 * - the attacker: the Appendix 3 fighter, bastard sword 1d10, attack +9 (BAB 5, Str +4), damage + 4;
 * - the target: a trooper (2 levels of a d10 class, good Defense and Fortitude, Con 14, Dex 12):
 *   20 HP; Reflex 10 + 2 + 1 = 13; Fortitude 10 + 3 + 2 = 15 = its damage threshold (A2).
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { cardHelpers } from '../fixtures/cards.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { models } from '../../src/rules/index.js';
import { SAGA_MODEL } from '../../src/rules/models/saga/index.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
await (await import('../../src/cards/attack/attack-odds-register.js')).cardOddsModule();
const { gm, player } = h.users;
const { click, openDialog } = cardHelpers(h);

models.registerCombatModel(SAGA_MODEL);
afterAll(() => models.unregisterCombatModel(SAGA_MODEL.id));

async function worldPlays(id: string): Promise<void> {
  const user = game.user;
  h.as(gm);
  await game.settings.set('gng', 'combatModel', id);
  h.as(user);
}

beforeEach(async () => {
  h.reset(30);
  await worldPlays('saga');
});
afterEach(async () => {
  expect([...h.i18n.missing]).toEqual([]);
  await worldPlays('gng');
});

const messageOf = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const html = (message: ChatMessage) => h.renderMessage(messageOf(message));
const text = (message: ChatMessage, selector: string) =>
  html(message).querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;

/** The GM's trooper, armed with a longsword (a weapon GnG's Block would use). */
async function trooper(): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor({
    name: 'Trooper',
    type: 'npc',
    system: { abilities: { con: { value: 14 }, dex: { value: 12 } }, hp: { value: 20 } },
  });
  await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Soldier',
      type: 'class',
      system: { levels: 2, hitDie: 10, defenseProgression: 'good', saves: { fort: 'good' } },
    },
    {
      name: 'Longsword',
      type: 'weapon',
      system: { category: 'martial', use: 'one-handed', damage: { medium: '1d8' }, equipped: true },
    },
  ]);
  return actor;
}

/** The player's fighter attacks `defender` with the bastard sword; the dice are queued in order. */
async function fighterAttacks(defender: Actor, dice: number[]): Promise<ChatMessage> {
  const fighter = await appendix3Fighter(h, player);
  h.as(player);
  h.target(player, h.placeToken(defender));
  h.dice.queue(...dice);
  const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = (await game.gng.attack(fighter, sword, {})) as ChatMessage;
  await attackActionsSettled();
  return message;
}

describe('the attack card under the Saga-style model', () => {
  it('shows no GnG "What if?" (Block, injuries): Saga has no aborts', async () => {
    const defender = await trooper();
    // d20 13 + 9 = 22 against Reflex 13: a hit; the GM (the trooper's owner) sees the odds.
    const message = await fighterAttacks(defender, [13]);
    h.as(gm);
    html(message);
    await attackActionsSettled();
    expect(html(message).querySelector('.attack-what-if')).toBeNull();
    expect(html(message).textContent).not.toContain('abort');
  });

  it("names the margin, the defense met, the threshold and the steps in Saga's words", async () => {
    const defender = await trooper();
    // d20 13 + 9 = 22 against Reflex 13: beats it by 9 (no Relative Degree under Saga).
    const message = await fighterAttacks(defender, [13]);
    expect(html(message).querySelector('.result .rd')).toBeNull();
    expect(text(message, '.result .margin')).toBe('beats it by 9');
    expect(html(message).textContent).not.toContain('RD');
    // The breakdown's heading names the defense, not "Static defense · Melee +13".
    expect(text(message, '.defense details.steps summary')).toBe('Reflex Defense 13');
    // Before the damage: the threshold is the Fortitude Defense 10 + 3 + 2 = 15.
    expect(text(message, '.saga-threshold')).toBe(
      'Damage threshold 15: damage of at least 15 moves the target one step down the condition track.',
    );
    h.as(player);
    h.dice.queue(4);
    await click(message, 'rollDamage');
    // d10 4 + Str 4 = 8 < 15.
    expect(text(message, '.saga-threshold')).toBe(
      'Damage 8 is below the damage threshold 15: no step down the condition track.',
    );
    await click(message, 'applyDamage');
    expect((defender.system as unknown as { hp: { value: number } }).hp.value).toBe(12);
    // No GnG injury grade ("Unhurt"), and no step moved: no track line.
    expect(html(message).querySelector('.applied .outcome')).toBeNull();
    expect(html(message).textContent).not.toContain('Unhurt');
    expect(html(message).querySelector('.saga-track')).toBeNull();
  });

  it("a critical that beats the threshold says so before Apply; after it the steps have the sheet's names", async () => {
    const defender = await trooper();
    // A natural 20: 29 against 13, beats it by 16, a critical hit (damage × 2, A9).
    const message = await fighterAttacks(defender, [20]);
    expect(text(message, '.result .margin')).toBe('beats it by 16');
    h.as(player);
    h.dice.queue(4);
    await click(message, 'rollDamage');
    // (4 + 4) × 2 = 16 ≥ 15.
    expect(text(message, '.saga-threshold')).toBe(
      'Damage 16 beats the damage threshold 15: Apply moves the target down the condition track.',
    );
    await click(message, 'applyDamage');
    expect(text(message, '.saga-track')).toBe("Trooper's condition track: Normal → −1.");
  });

  it('a miss says by how much it misses', async () => {
    const defender = await trooper();
    // d20 2 + 9 = 11 against 13: misses it by 2.
    const message = await fighterAttacks(defender, [2]);
    expect(text(message, '.result .margin')).toBe('misses it by 2');
    expect(html(message).querySelector('.saga-threshold')).toBeNull();
  });
});

describe('the attack dialog under the Saga-style model', () => {
  it('has no empty "Combat options" fieldset and its odds say nothing of Block', async () => {
    const defender = await trooper();
    const fighter = await appendix3Fighter(h, player);
    h.placeToken(fighter);
    h.as(player);
    h.target(player, h.placeToken(defender));
    const sheet = await h.openSheet(fighter);
    const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await openDialog();
    const el = dialog.element;
    expect(el.querySelector('.attack-combat-options')).toBeNull();
    expect(el.querySelector('.attack-saga')).not.toBeNull();
    expect(el.querySelector('section.attack-odds .hint')?.textContent).toBe(
      'The exact chances of this attack against each target, before anything is rolled.',
    );
    await dialog.close();
    await clicked;
  });
});

describe('the sheet under the Saga-style model', () => {
  it("the attack row's bonus carries the condition step's penalty, as the card rolls it (A1)", async () => {
    const fighter = await appendix3Fighter(h, player);
    h.as(gm);
    await fighter.update({ 'system.model.saga.conditionStep': 1 });
    const sheet = await h.openSheet(fighter);
    const row = sheet.element.querySelector('.attack');
    // +5 base attack (fighter 5) + Str 18 +4, then the step −1: +8.
    expect(row?.querySelector('.stat-value')?.textContent?.trim()).toBe('+8');
    const lines = [...(row?.querySelectorAll('.breakdown-line') ?? [])].map((li) =>
      (li.textContent ?? '').replace(/\s+/g, ' ').trim(),
    );
    expect(lines).toEqual(['Base attack bonus (Fighter 5) +5', 'Strength +4', 'Condition track -1']);
    // Beside the HP bar: the step, not GnG's injury grade ("Unhurt").
    expect(sheet.element.querySelector('.sheet-header .injury-grade')?.textContent).toBe(
      'Condition track: −1',
    );
    // The card rolls the same bonus: d20 + 8.
    const defender = await trooper();
    h.as(player);
    h.target(player, h.placeToken(defender));
    h.dice.queue(10);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, sword, {})) as ChatMessage;
    await attackActionsSettled();
    expect(message.rolls[0]?.formula).toBe('1d20 + 8');
  });
});
