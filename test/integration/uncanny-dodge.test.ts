/**
 * Uncanny dodge keeps the Dexterity and class bonus to Defense when flat-footed (issue #28): the
 * prepared data knows who has it (a feat item `uncanny-dodge`, or class levels: SRD 3.5 barbarian
 * 2nd, rogue 4th …), and every place that rolls a flat-footed Defense keeps them — the sheet, the
 * attack card's Defense roll and its odds, the simulator — and the abort actions stay open.
 *
 * GnG v4.0 DEFENSE (l. 327–329): "If you cannot react to a blow, such as when you are flat-footed,
 * you cannot apply your Dexterity bonus to Defense"; Class Bonus (l. 342–343): "Any situation that
 * denies your Dexterity bonus also denies your class bonus"; Block (l. 986–988): "If you have an
 * ability that lets you retain your Dexterity bonus while flat-footed, such as Uncanny Dodge, then you
 * may Block while flat-footed." Defense Bonus Progression, Good: level 1 +1 … 4 +4.
 *
 * The defender: a character with Dex 14 (+2), Medium, no armor, one class (barbarian or rogue: good
 * progression). Not flat-footed, barbarian 2: +2 Dex + 2 class = +4.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { uncannyDodgeFromClasses } from '../../src/rules/index.js';
import { defenseNow, newFighter } from '../../src/rules/simulate/combatant-state.js';

const h = await getHarness();
const { click } = cardHelpers(h);
const { gm, player } = h.users;
const { actorSnapshot } = await import('../../src/simulator/snapshot.js');
const { cardOddsAttack, targetOddsInput } = await import('../../src/cards/attack/attack-odds.js');
const { abortRefusal } = await import('../../src/combat/action-budget.js');
beforeEach(() => h.reset(28));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const derived = (actor: Actor) => (actor.system as unknown as CreatureData).derived;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;

/** A character with Dex 14 and `levels` in `className` (good Defense progression), flat-footed or not. */
async function defender(className: 'Barbarian' | 'Rogue', levels: number, flatFooted = true): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor({
    name: `${className} ${levels}`,
    type: 'character',
    system: { abilities: { dex: { value: 14 }, con: { value: 14 } }, hp: { value: 30 } },
  });
  await actor.createEmbeddedDocuments('Item', [
    {
      name: className,
      type: 'class',
      system: {
        identifier: className.toLowerCase(),
        levels,
        defenseProgression: 'good',
        hpProgression: 'good',
        babProgression: 'good',
      },
    },
  ]);
  if (flatFooted) await actor.toggleStatusEffect('flat-footed', { active: true });
  return actor;
}

describe('the engine: uncanny dodge by class level', () => {
  it('barbarian from 2nd, rogue from 4th; the prestige classes from 2nd; identifiers as names', () => {
    expect(uncannyDodgeFromClasses([{ name: 'Barbarian', levels: 1 }])).toBe(false);
    expect(uncannyDodgeFromClasses([{ name: 'Barbarian', levels: 2 }])).toBe(true);
    expect(uncannyDodgeFromClasses([{ name: 'rogue', levels: 3 }])).toBe(false);
    expect(uncannyDodgeFromClasses([{ name: 'rogue', levels: 4 }])).toBe(true);
    expect(uncannyDodgeFromClasses([{ name: 'shadow-dancer', levels: 2 }])).toBe(true);
    expect(uncannyDodgeFromClasses([{ name: 'Dwarven Defender', levels: 2 }])).toBe(true);
    expect(uncannyDodgeFromClasses([{ name: 'Assassin', levels: 2 }])).toBe(true);
    // Levels of two classes do not add up; other classes give none.
    expect(
      uncannyDodgeFromClasses([
        { name: 'Barbarian', levels: 1 },
        { name: 'Rogue', levels: 3 },
      ]),
    ).toBe(false);
    expect(uncannyDodgeFromClasses([{ name: 'Fighter', levels: 20 }])).toBe(false);
    expect(() => uncannyDodgeFromClasses([{ name: 'Rogue', levels: -1 }])).toThrow(RangeError);
  });
});

describe('a character’s flat-footed Defense on the sheet', () => {
  it.each([
    // Flat-footed without uncanny dodge: Dex +2 and class +1 / +3 lost → 0.
    ['Barbarian', 1, false, 0],
    ['Rogue', 3, false, 0],
    // With it: barbarian 2 keeps Dex +2 + class +2 = +4; rogue 4 keeps +2 + 4 = +6.
    ['Barbarian', 2, true, 4],
    ['Rogue', 4, true, 6],
  ] as const)('%s %i: uncanny dodge %s, flat-footed Defense %i', async (name, levels, uncanny, total) => {
    const actor = await defender(name, levels);
    expect(derived(actor).uncannyDodge).toBe(uncanny);
    expect(derived(actor).defense.melee.total).toBe(total);
    expect(derived(actor).defense.ranged.total).toBe(total);
    expect(derived(actor).defense.melee.removed.map((r) => r.part)).toEqual(
      uncanny ? [] : ['dexterity', 'class'],
    );
  });

  it('not flat-footed, rogue 3 has +2 + 3 = +5: the flat-footed 0 above is the loss, not a lower base', async () => {
    expect(derived(await defender('Rogue', 3, false)).defense.melee.total).toBe(5);
  });

  it('a feat item with the identifier uncanny-dodge gives it to any class (a talent, a class feature)', async () => {
    const actor = await defender('Barbarian', 1);
    await actor.createEmbeddedDocuments('Item', [
      { name: 'Uncanny Dodge', type: 'feat', system: { identifier: 'uncanny-dodge' } },
    ]);
    expect(derived(actor).uncannyDodge).toBe(true);
    expect(derived(actor).defense.melee.total).toBe(2 + 1);
  });

  it('an invisible attacker: the same Dexterity and class kept (the engine option covers both)', async () => {
    const actor = await defender('Barbarian', 2, false);
    const { defenseBonus } = await import('../../src/rules/index.js');
    const input = derived(actor).defenseInput;
    expect(defenseBonus({ ...input, states: ['attacker-invisible'] }).total).toBe(4);
  });
});

describe('where the flat-footed Defense is rolled', () => {
  async function attacker(): Promise<{ actor: Actor; item: Item }> {
    const actor = await h.createActor({ name: 'Raider', type: 'npc', system: { hp: { value: 20 } } }, player);
    const [item] = (await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Club',
        type: 'weapon',
        system: { category: 'simple', use: 'one-handed', damage: { medium: '1d6' }, equipped: true },
      },
    ])) as Item[];
    return { actor, item: item as Item };
  }

  it.each([
    ['Barbarian', 2, 4],
    ['Barbarian', 1, 0],
  ] as const)(
    'the attack card (%s %i): its Defense roll and its odds use %i',
    async (name, levels, bonus) => {
      const foe = await defender(name, levels);
      const { actor, item } = await attacker();
      h.placeToken(actor);
      h.as(player);
      h.target(player, h.placeToken(foe));
      h.dice.queue(15);
      const message = (await game.gng.attack(actor, item, {})) as ChatMessage;
      await attackActionsSettled();
      const state = cardState(fresh(message)) as AttackCardState;
      const odds = targetOddsInput(cardOddsAttack(state, actor, message.id as string)!, foe);
      expect(odds.input.defense).toMatchObject({ bonus, autoRollOne: false });
      h.as(gm);
      h.dice.queue(10);
      await click(message, 'rollDefense');
      const target = (cardState(fresh(message)) as AttackCardState).targets[0] as CardTarget;
      expect(target.defense?.total).toBe(10 + bonus);
    },
  );

  it('the simulator: before its first turn a fighter is flat-footed, and uncanny dodge keeps +4', async () => {
    const keeps = newFighter(actorSnapshot(await defender('Barbarian', 2, false), 'a', 'A'), 'a');
    const loses = newFighter(actorSnapshot(await defender('Barbarian', 1, false), 'b', 'B'), 'b');
    expect(keeps.acted).toBe(false);
    expect(defenseNow(keeps, 'melee', false).total).toBe(4);
    expect(defenseNow(loses, 'melee', false).total).toBe(0);
    keeps.acted = true;
    loses.acted = true;
    expect(defenseNow(loses, 'melee', false).total).toBe(2 + 1);
  });

  it('Block while flat-footed: open with barbarian 2 (class levels), refused with barbarian 1', async () => {
    expect(abortRefusal(await defender('Barbarian', 2), 'block')).toBeNull();
    expect(abortRefusal(await defender('Barbarian', 1), 'block')).toBe('GNG.Abort.Refusal.flat-footed');
  });
});
