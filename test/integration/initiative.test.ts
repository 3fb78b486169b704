/**
 * Initiative from the sheet (issue #33): the derived modifier (Dex, Improved Initiative, conditions,
 * injury, effects) shown with its breakdown, rolled by the combat tracker (Combat#rollInitiative →
 * GnGCombatant#getInitiativeRoll), ties ordered by the modifier, and group initiative for creatures
 * of one kind as a world option. Expected values worked out by hand (seed 004 line 183).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
beforeEach(() => h.reset(3));
// Every string shown is in lang/en.json.
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const abilities = (dex: number) => ({
  str: { value: 10 },
  dex: { value: dex },
  con: { value: 10 },
  int: { value: 10 },
  wis: { value: 10 },
  cha: { value: 10 },
});

async function character(name: string, dex: number, feats: string[] = []): Promise<Actor> {
  const actor = await h.createActor({ name, type: 'character', system: { abilities: abilities(dex) } });
  await actor.createEmbeddedDocuments('Item', [
    { name: 'Fighter', type: 'class', system: { levels: 2 } },
    ...feats.map((id) => ({
      name: id === 'improved-initiative' ? 'Improved Initiative' : id,
      type: 'feat',
      system: { identifier: id },
    })),
  ]);
  return actor;
}

async function npc(name: string, dex: number): Promise<Actor> {
  return h.createActor({ name, type: 'npc', system: { abilities: abilities(dex) } });
}

const init = (actor: Actor) => (actor.system as CreatureData).derived.initiative;
const order = (combat: Combat) => combat.combatants.contents.map((c) => [c.actor?.name, c.initiative]);

describe('the derived initiative', () => {
  it('adds Dex and Improved Initiative, with each part on the sheet', async () => {
    // Dex 16: +3; Improved Initiative +4 → +7.
    const actor = await character('Quick', 16, ['improved-initiative']);
    expect(init(actor)).toBe(7);
    const sheet = await h.openSheet(actor);
    const stat = sheet.element.querySelector('.combat-panel .stat-initiative');
    expect(stat?.querySelector('.stat-value')?.textContent).toBe('+7');
    const button = stat?.querySelector('button.stat-button');
    expect(button?.getAttribute('aria-describedby')).toBe(`gng-${actor.id}-initiative`);
    const lines = [...(stat?.querySelectorAll('.breakdown-line') ?? [])].map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(lines).toEqual(['Dexterity +3', 'Improved Initiative +4']);
  });

  it('takes conditions on Dexterity checks, the injury penalty and effects', async () => {
    const actor = await character('Hurt', 14); // Dex 14: +2
    await actor.toggleStatusEffect('shaken', { active: true }); // −2 on ability checks
    expect(init(actor)).toBe(0);
    await actor.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Alert',
        changes: [{ key: 'system.initiative.bonus', mode: CONST.ACTIVE_EFFECT_MODES.ADD, value: '2' }],
      },
    ]);
    expect(init(actor)).toBe(2);
    // Light injury (≤ 75 % of max HP): −2 on ability checks (GnG INJURY).
    const max = (actor.system as CreatureData).hp.max as number;
    await actor.update({ 'system.hp.value': Math.floor(max * 0.75) });
    expect((actor.system as CreatureData).derived.hp.injury.level).toBe('light');
    expect(init(actor)).toBe(0);
    const sheet = await h.openSheet(actor);
    const lines = [...sheet.element.querySelectorAll('.stat-initiative .breakdown-line')].map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(lines).toEqual([
      'Dexterity +2',
      'Shaken (condition) -2',
      'Injury (Lightly injured) -2',
      'Effects +2',
    ]);
  });
});

describe('the combat tracker rolls it', () => {
  it('rolls d20 + modifier, and a tie goes to the higher modifier', async () => {
    const quick = await character('Quick', 16, ['improved-initiative']); // +7
    const nimble = await character('Nimble', 20); // +5
    const combat = h.startCombat([quick, nimble]);
    // Quick 11 + 7 = 18, Nimble 13 + 5 = 18: the tie goes to Quick, whose +7 is higher.
    h.dice.queue(11, 13);
    await combat.rollInitiative(combat.combatants.contents.map((c) => c.id));
    expect(order(combat)).toEqual([
      ['Quick', 18.57],
      ['Nimble', 18.55],
    ]);
  });

  it('orders a tie the other way when the other has the higher modifier', async () => {
    const slow = await character('Slow', 10); // +0
    const nimble = await character('Nimble', 20); // +5
    const combat = h.startCombat([slow, nimble]);
    h.dice.queue(17, 12); // 17 + 0 = 17, 12 + 5 = 17
    await combat.rollInitiative(combat.combatants.contents.map((c) => c.id));
    expect(order(combat)).toEqual([
      ['Nimble', 17.55],
      ['Slow', 17.5],
    ]);
  });
});

describe('group initiative for creatures of one kind (world option)', () => {
  async function fight() {
    const goblin = await npc('Goblin', 12); // +1
    const orc = await npc('Orc', 8); // −1
    const hero = await character('Hero', 14); // +2
    const combat = h.startCombat([goblin, goblin, orc, hero]);
    return { combat, ids: combat.combatants.contents.map((c) => c.id) };
  }

  it('is off by default: every combatant rolls', async () => {
    const { combat, ids } = await fight();
    h.dice.queue(10, 5, 8, 3);
    await combat.rollInitiative(ids);
    // Goblins 10 + 1 = 11.51 and 5 + 1 = 6.51, the orc 8 − 1 = 7.49, the hero 3 + 2 = 5.52.
    expect(order(combat)).toEqual([
      ['Goblin', 11.51],
      ['Orc', 7.49],
      ['Goblin', 6.51],
      ['Hero', 5.52],
    ]);
  });

  it('on: one roll for the goblins, the others roll their own', async () => {
    await game.settings.set('gng', 'groupNpcInitiative', true);
    const { combat, ids } = await fight();
    h.dice.queue(10, 8, 3); // the first goblin, the orc, the hero: three dice, not four
    await combat.rollInitiative(ids);
    expect(order(combat)).toEqual([
      ['Goblin', 11.51],
      ['Goblin', 11.51],
      ['Orc', 7.49],
      ['Hero', 5.52],
    ]);
  });

  it('on: a goblin that joins later takes its kind’s count without a roll', async () => {
    await game.settings.set('gng', 'groupNpcInitiative', true);
    const goblin = await npc('Goblin', 12);
    const combat = h.startCombat([goblin]);
    h.dice.queue(15);
    await combat.rollInitiative(combat.combatants.contents[0]!.id);
    const [late] = await combat.createEmbeddedDocuments('Combatant', [{ actorId: goblin.id }]);
    h.dice.queue(2); // would give 3.51 if it rolled
    await combat.rollInitiative(late!.id);
    expect(late!.initiative).toBe(16.51);
    expect(h.dice.queued).toEqual([2]);
  });
});
