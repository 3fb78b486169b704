/**
 * The table's modifiers, cover and range on the attack dialog and card under the Time Count model
 * (issue #32; R4, R10: 002:31–45, 642). Worked by hand from the text:
 * - Hadwin (test/fixtures/tc-world.ts) swings his long sword: Accuracy 3 + Strength 2 = +5 (a sword
 *   adds Strength, 002:58). On higher ground (+1), the defender flanked (+2), behind half cover (−4):
 *   +4. The goblin's Primary is 10 + Agility 1 = 11.
 * - An archer (BAB 3, Str 14, Dex 12): a shortbow (increment 40 ft) adds Dexterity +1 (bows, 002:58);
 *   at 85 ft "85 to 120 is -2" (002:45): 3 + 1 − 2 = +2; it reaches 10 increments, 400 ft. A javelin
 *   (thrown, increment 30 ft) adds Strength +2 and reaches 10 + 2 = 12 increments, 360 ft; at 360 ft
 *   it exceeds 11 full increments: 3 + 2 − 11 = −6.
 * The harness's grid: 100 px squares of 5 ft, so a token 17 squares away is 85 ft off.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import { advanceCount, setTcInitiative } from '../../src/combat/tc-schedule.js';
import { tcCreature, tcFight, tcFighter, tcGoblin, useTcWorld } from '../fixtures/tc-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;
const { openDialog } = cardHelpers(h);

useTcWorld(h, 35, { endCombats: true });

const lineTexts = (el: HTMLElement) =>
  [...el.querySelectorAll('.attack-lines li')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());

async function archer() {
  return tcCreature(h, {
    name: 'Archer',
    owner: player,
    abilities: { str: 14, dex: 12 },
    levels: 3,
    weapons: [
      { name: 'Shortbow', use: 'ranged', rangeIncrement: 40, damage: '1d6', damageTypes: ['piercing'] },
      { name: 'Javelin', use: 'thrown', rangeIncrement: 30, damage: '1d6', damageTypes: ['piercing'] },
    ],
  });
}

/** The player's `attacker` at (0, 0) shoots `weapon` at the goblin `squares` squares east; out of combat. */
async function shoot(attacker: Actor, goblin: Actor, weapon: string, squares: number, options = {}) {
  h.as(player);
  h.placeToken(attacker, { x: 0, y: 0 });
  h.target(player, h.placeToken(goblin, { x: 100 * squares, y: 0 }));
  const item = attacker.items.find((i) => i.name === weapon) as Item;
  const before = game.messages.contents.length;
  const message = await game.gng.attack(attacker, item, options);
  await attackActionsSettled();
  return { message: message ?? null, posted: game.messages.contents.length - before };
}

const partsOf = (message: ChatMessage) =>
  (cardState(message) as AttackCardState).attack.parts.map((p) => [p.label, p.value]);

describe("the table's modifiers and cover under the Time Count model", () => {
  it('the dialog offers them, previews them and the card plays them', async () => {
    const { fighter, goblin, combat } = await tcFight(h);
    h.as(gm);
    const id = (a: Actor) => combat.combatants.find((c) => c.actor === a)?.id as string;
    await setTcInitiative(combat, id(fighter), { total: 6 });
    await setTcInitiative(combat, id(goblin), { total: 7 });
    await advanceCount(combat);
    h.placeToken(fighter);
    h.as(player);
    h.target(player, h.placeToken(goblin, { x: 100, y: 0 }));
    const sheet = await h.openSheet(fighter);
    const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await openDialog();
    const el = dialog.element;
    const labels = [...el.querySelectorAll('.attack-tc input[name^="tc.modifier."]')].map((i) =>
      i.closest('label')?.textContent?.trim(),
    );
    expect(labels).toEqual([
      'Higher ground (+1)',
      'Defender flanked (+2)',
      'Rear attack (+4)',
      'No affinity for the weapon (-2)',
    ]);
    const covers = [...el.querySelectorAll('select[name="tc.cover"] option')].map((o) => o.textContent);
    expect(covers).toEqual([
      'No cover',
      'Partial cover (-2)',
      'Half cover (-4)',
      'Improved cover (-6)',
      'Nine-tenths cover (-8)',
    ]);
    expect(el.querySelector('.attack-total')?.textContent?.trim()).toBe('+5');
    await h.change(dialog, 'input[name="tc.modifier.higherGround"]', true);
    await h.change(dialog, 'input[name="tc.modifier.flanked"]', true);
    await h.change(dialog, 'select[name="tc.cover"]', 'half');
    expect(el.querySelector('.attack-total')?.textContent?.trim()).toBe('+4');
    expect(lineTexts(el)).toEqual([
      'Accuracy +3',
      'Strength modifier +2',
      'Higher ground +1',
      'Defender flanked +2',
      'Cover -4',
    ]);
    // d20 7 + 4 = 11 ≥ Primary 11: a hit; Standard SF 1d6 [3] + 6.
    h.dice.queue(7, 3);
    await h.click(dialog, 'button[type="submit"]');
    await clicked;
    await attackActionsSettled();
    const message = game.messages.contents.at(-1) as ChatMessage;
    const state = cardState(message) as AttackCardState;
    expect(state.options.tc).toEqual({ modifiers: ['higherGround', 'flanked'], cover: 'half' });
    expect(state.attack).toMatchObject({ natural: 7, bonus: 4, total: 11 });
    expect(state.targets[0]?.result).toMatchObject({ hit: true });
  });

  it('a rear attack is the flanking +2 and the facing +2, not +6 (002:642)', async () => {
    // Out of combat (no Time Count to wait for).
    const fighter = await tcFighter(h);
    const goblin = await tcGoblin(h);
    h.dice.queue(10);
    const { message } = await shoot(fighter, goblin, 'Long sword', 1, {
      tc: { modifiers: ['flanked', 'rear'] },
    });
    // 10 + 3 + 2 + 4 = 19.
    expect(partsOf(message as ChatMessage)).toEqual([
      ['GNG.Model.TC.Attack.Part.accuracy', 3],
      ['GNG.Model.TC.Attack.Part.strength', 2],
      ['GNG.Model.TC.Attack.Part.rear', 4],
    ]);
    expect((cardState(message as ChatMessage) as AttackCardState).attack.total).toBe(19);
  });

  it('malformed choices are refused on the GM side, flanked at range too; nothing is posted', async () => {
    const shooter = await archer();
    const goblin = await tcGoblin(h);
    for (const tc of [
      { modifiers: ['sideways'] },
      { modifiers: ['rear', 'rear'] },
      { modifiers: 'rear' },
      { modifiers: ['proficient'] },
      { cover: 'total' },
      { cover: 4 },
      { modifiers: ['flanked'] },
    ]) {
      const { message, posted } = await shoot(shooter, goblin, 'Shortbow', 2, { tc });
      expect([message, posted]).toEqual([null, 0]);
    }
    expect(h.notices.at(-1)?.message).toBe('Flanked counts in melee only.');
  });
});

describe('the range penalty from the tokens on the scene (R10)', () => {
  it('a shortbow at 85 ft: −2; beyond 400 ft refused', async () => {
    const shooter = await archer();
    const goblin = await tcGoblin(h);
    h.dice.queue(10);
    const { message } = await shoot(shooter, goblin, 'Shortbow', 17);
    expect(partsOf(message as ChatMessage)).toEqual([
      ['GNG.Model.TC.Attack.Part.accuracy', 3],
      ['GNG.Model.TC.Attack.Part.dexterity', 1],
      ['GNG.Model.TC.Attack.Part.range', -2],
    ]);
    expect((cardState(message as ChatMessage) as AttackCardState).attack.total).toBe(12);
    // 400 ft (80 squares) is the last in reach: ⌈400/40⌉ − 1 = 9; 405 ft is refused.
    h.dice.queue(10);
    const far = await shoot(shooter, goblin, 'Shortbow', 80);
    expect((cardState(far.message as ChatMessage) as AttackCardState).attack.total).toBe(10 + 4 - 9);
    const beyond = await shoot(shooter, goblin, 'Shortbow', 81);
    expect([beyond.message, beyond.posted]).toEqual([null, 0]);
    expect(h.notices.at(-1)?.message).toBe('Shortbow reaches 400 ft; the target is 405 ft away.');
  });

  it('a javelin reaches 10 + Strength increments: 360 ft at −11, 365 ft refused', async () => {
    const shooter = await archer();
    const goblin = await tcGoblin(h);
    h.dice.queue(10);
    const { message } = await shoot(shooter, goblin, 'Javelin', 72);
    expect(partsOf(message as ChatMessage)).toEqual([
      ['GNG.Model.TC.Attack.Part.accuracy', 3],
      ['GNG.Model.TC.Attack.Part.strength', 2],
      ['GNG.Model.TC.Attack.Part.range', -11],
    ]);
    const beyond = await shoot(shooter, goblin, 'Javelin', 73);
    expect([beyond.message, beyond.posted]).toEqual([null, 0]);
    expect(h.notices.at(-1)?.message).toBe('Javelin reaches 360 ft; the target is 365 ft away.');
  });

  it('no token of the attacker on the scene: no distance, no penalty', async () => {
    const shooter = await archer();
    const goblin = await tcGoblin(h);
    h.as(player);
    h.target(player, h.placeToken(goblin, { x: 8000, y: 0 }));
    h.dice.queue(10);
    const message = (await game.gng.attack(
      shooter,
      shooter.items.find((i) => i.name === 'Shortbow') as Item,
      {},
    )) as ChatMessage;
    await attackActionsSettled();
    expect(partsOf(message)).toEqual([
      ['GNG.Model.TC.Attack.Part.accuracy', 3],
      ['GNG.Model.TC.Attack.Part.dexterity', 1],
    ]);
  });
});
