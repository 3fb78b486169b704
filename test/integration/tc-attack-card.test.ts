/**
 * The attack card under the Time Count and Threshold of Pain model (issue #32, lane card), end to end
 * on the harness: TC_MODEL registered for the file and chosen with `gng.combatModel`, a begun fight
 * (test/fixtures/tc-world.ts). Worked by hand from seed 002 and the project's decisions:
 * - Hadwin (the player's): 3 levels of good BAB (3), Str 14 (+2), Dex 12, Con 14, Persona 1, Power 1,
 *   28 HP, a long sword (martial — not proficient by default —, 1d8 slashing, Standard 1d6+6 / 9):
 *   attack 3 + Str 2 = +5 (R9: a sword adds Strength, 002:58); damage 1d8 + Str 2 + Power 1;
 *   ToP 3 + Persona 1 = 4 (002:74);
 * - the goblin (the GM's NPC, the fixture's tcGoblin): 1 level of the fixture's d10 good-BAB class (BAB 1; max HP 10 + Con 1 =
 *   11, lane core's decision), Dex 12, Con 12 (+1), Agility 1, 8 HP, a short spear (simple: proficient
 *   +1, 002:34; a spear is a polearm: Strength 0; 1d6 piercing, Fast: static SF 6): attack 1 + 1 = +2;
 *   Primary 10 + Agility 1 = 11, Passive 10 (002:116, 122); ToP 3.
 * Initiative by the tracker's store: Hadwin 6, the goblin 7.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { advanceCount, setTcInitiative, tcSchedule } from '../../src/combat/tc-schedule.js';
import { registerTcImpairmentsSetting } from '../../src/cards/attack/tc-settings.js';
import { tcCardView, tcCreature, tcFight, tcGoblin, tcOf, useTcWorld } from '../fixtures/tc-world.js';
import type { HarnessCombat } from '../harness/index.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;

useTcWorld(h, 32, { endCombats: true });

const view = tcCardView(h);
const state = (message: ChatMessage) => cardState(view.messageOf(message)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const hp = (actor: Actor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

/** Hadwin 6, the goblin 7 (002:246: lowest first); the count advanced `advances` times (the GM). */
async function schedule(combat: Combat, fighter: Actor, goblin: Actor, advances: number) {
  h.as(gm);
  const id = (a: Actor) => combat.combatants.find((c) => c.actor === a)?.id as string;
  await setTcInitiative(combat, id(fighter), { total: 6 });
  await setTcInitiative(combat, id(goblin), { total: 7 });
  for (let i = 0; i < advances; i++) await advanceCount(combat);
  return { f: id(fighter), g: id(goblin) };
}

/** `owner` targets `defender` and attacks with `weapon`; the card, or null when refused. */
async function attack(owner: User, attacker: Actor, defender: Actor, weapon: string, options = {}) {
  h.as(owner);
  const token = h.placeToken(defender, { x: 100, y: 0 });
  h.target(owner, token);
  const item = attacker.items.find((i) => i.name === weapon) as Item;
  const message = await game.gng.attack(attacker, item, options);
  await attackActionsSettled();
  return message ?? null;
}

async function act(user: User, message: ChatMessage, action: string) {
  h.as(user);
  const result = await requestCardAction(message.id as string, action as never, target(message).id, {});
  await attackActionsSettled();
  return result;
}

describe('the attack card under the Time Count model', () => {
  it('the exchange: vs Primary, the next count posted, the ToP split, the Constitution check, Undo and the take-back', async () => {
    const { fighter, goblin, combat } = await tcFight(h);
    const { f } = await schedule(combat, fighter, goblin, 0);
    // Count 0: Hadwin acts at 6, not now (002:250); refused before anything is rolled.
    expect(await attack(player, fighter, goblin, 'Long sword')).toBeNull();
    expect(view.lastNotice()).toContain('does not act now');
    expect(game.messages.size).toBe(0);

    h.as(gm);
    await advanceCount(combat);
    expect(tcSchedule(combat).count).toBe(6);
    // d20 12 + 5 = 17 against Primary 11: a hit by 6. Hadwin's SF rolled (a PC, R35): 1d6 [3] + 6 = 9.
    h.dice.queue(12, 3);
    const message = (await attack(player, fighter, goblin, 'Long sword')) as ChatMessage;
    expect(state(message).model).toBe('tc');
    expect(state(message).attack).toMatchObject({ natural: 12, bonus: 5, total: 17 });
    expect(target(message).defense).toMatchObject({ source: 'static', id: 'primary', total: 11 });
    expect(view.html(message).querySelector('.static-defense')?.textContent).toBe('vs Primary 11');
    expect(target(message).result).toMatchObject({ hit: true, relativeDegree: 6 });
    // 6 + 9 = 15 (R34, 002:250).
    expect(tcSchedule(combat).next[f]).toBe(15);
    expect(view.text(message)).toContain('Hadwin acts next at count 15 (count 6 + SF 9).');
    expect(view.text(message)).toContain('Standard speed factor rolled: 1d6+6 [3].');

    // Damage: d8 7 + Str 2 + Power 1 = 10 against ToP 3: fatigue +3, HP −7 (A2); 8 → 1 HP.
    h.as(player);
    h.dice.queue(7);
    await view.click(message, 'rollDamage');
    expect(target(message).damage).toMatchObject({ final: 10, lethal: 10 });
    await view.click(message, 'applyDamage');
    expect(hp(goblin)).toBe(1);
    expect(tcOf(goblin)).toMatchObject({ fatigue: 3, topLost: 1 });
    expect(view.html(message).querySelector('.tc-split')?.textContent).toBe('fatigue +3, HP −7, ToP 3→2');
    // Fatigue 3 ≥ HP 1: a Constitution check, DC 3 − 1 = 2 (002:162); fatigue ≥ 2 × HP: dying (R28).
    expect(target(message).tc?.consciousness).toMatchObject({ dc: 2, penalty: 0, roll: null });
    expect(goblin.statuses.has('dying')).toBe(true);
    // No impairment: no "−0 for impairments".
    expect(view.text(message)).toContain('Goblin must make a Constitution check to stay conscious: DC 2.');
    // The player does not roll the GM's goblin's check; the GM does: d20 1 + Con 1 = 2 ≥ 2 — no
    // automatic failure on a 1 (A9): conscious.
    expect((await act(player, message, 'tcConsciousness')).ok).toBe(false);
    h.dice.queue(1);
    expect((await act(gm, message, 'tcConsciousness')).ok).toBe(true);
    expect(target(message).tc?.consciousness?.roll).toMatchObject({ natural: 1, total: 2, success: true });
    expect(goblin.statuses.has('unconscious')).toBe(false);
    expect(view.text(message)).toContain('Goblin stays conscious: d20 1 → 2 vs DC 2.');

    // Undo (the GM's: the goblin rolled against the damage, so its attacker's side no longer may):
    // the health vector back exactly, the check gone; the attack then taken back: next 6 again.
    expect((await act(player, message, 'undoDamage')).ok).toBe(false);
    expect((await act(gm, message, 'undoDamage')).ok).toBe(true);
    expect(hp(goblin)).toBe(8);
    expect(tcOf(goblin)).toMatchObject({ fatigue: 0, topLost: 0 });
    expect(goblin.statuses.has('dying')).toBe(false);
    expect(target(message).tc?.consciousness).toBeNull();
    expect((await act(player, message, 'undoAttack')).ok).toBe(true);
    expect(tcSchedule(combat).next[f]).toBe(6);
    expect(state(message).tc?.withdrawn).toMatchObject({ notes: [] });
  });

  it('a failed Constitution check: unconscious, its count to wake; Undo takes it off', async () => {
    const { fighter, goblin, combat } = await tcFight(h);
    await schedule(combat, fighter, goblin, 1);
    // The goblin starts at fatigue 5 (the GM writes it). 12 + 5 hits; SF 1d6 [3] + 6; damage d8 6 +
    // Str 2 + Power 1 = 9 against ToP 3: fatigue 5 + 3 = 8, HP 8 − 6 = 2: DC 8 − 2 = 6 (002:162).
    h.as(gm);
    await goblin.update({ 'system.model.tc.fatigue': 5 });
    h.dice.queue(12, 3, 6);
    const message = (await attack(player, fighter, goblin, 'Long sword')) as ChatMessage;
    h.as(player);
    await view.click(message, 'rollDamage');
    await view.click(message, 'applyDamage');
    expect(hp(goblin)).toBe(2);
    expect(target(message).tc?.consciousness).toMatchObject({ dc: 6, penalty: 0 });
    // d20 2 + 1 = 3 < 6: failed by 3 → at least 30 counts (002:166): from count 6, count 36.
    h.dice.queue(2);
    expect((await act(gm, message, 'tcConsciousness')).ok).toBe(true);
    expect(target(message).tc?.consciousness?.roll).toMatchObject({
      success: false,
      failedBy: 3,
      wakeAt: 36,
    });
    expect(goblin.statuses.has('unconscious')).toBe(true);
    expect(view.text(message)).toContain('no check to wake before count 36');
    // A second roll is refused (once).
    expect((await act(gm, message, 'tcConsciousness')).ok).toBe(false);
    // The attacker's side no longer undoes what the defender rolled against (the GM may).
    expect((await act(player, message, 'undoDamage')).ok).toBe(false);
    expect((await act(gm, message, 'undoDamage')).ok).toBe(true);
    expect(goblin.statuses.has('unconscious')).toBe(false);
    expect(tcOf(goblin)).toMatchObject({ fatigue: 5 });
  });

  it('a fumble: +1d6 to the SF, unsteady until it acts — the goblin then meets Passive; impairments as the world option', async () => {
    const { fighter, goblin, combat } = await tcFight(h);
    registerTcImpairmentsSetting();
    await game.settings.set('gng', 'tcImpairments', true);
    const { f, g } = await schedule(combat, fighter, goblin, 1);
    // Natural 1 (002:66): a miss; SF 1d6 [2] + 6 = 8, + 1d6 [4] = 12: next 6 + 12 = 18, unsteady.
    h.dice.queue(1, 2, 4);
    const fumble = (await attack(player, fighter, goblin, 'Long sword')) as ChatMessage;
    expect(target(fumble).result).toMatchObject({ hit: false, fumble: true });
    expect(tcSchedule(combat).next[f]).toBe(18);
    expect(tcSchedule(combat).unsteady[f]).toBe(true);
    expect(view.text(fumble)).toContain('Critical fumble: +1d6 to the speed factor (4).');
    expect(view.text(fumble)).toContain('Long sword has no Durability Points to lose.');

    // Count 7: the goblin (an NPC: static SF 6, next 13) against unsteady Hadwin: Passive 10.
    h.as(gm);
    await advanceCount(combat);
    h.dice.queue(8);
    const message = (await attack(gm, goblin, fighter, 'Short spear')) as ChatMessage;
    expect(state(message).attack).toMatchObject({ natural: 8, bonus: 2, total: 10 });
    expect(target(message).defense).toMatchObject({ id: 'passive', total: 10 });
    expect(view.html(message).querySelector('.static-defense')?.textContent).toBe('vs Passive 10 (unsteady)');
    expect(target(message).result?.hit).toBe(true);
    expect(tcSchedule(combat).next[g]).toBe(13);
    // d6 6 + 0 = 6 against ToP 4: fatigue +4, HP −2, and a piercing impairment (002:82–88).
    h.dice.queue(6);
    await view.click(message, 'rollDamage');
    await view.click(message, 'applyDamage');
    expect(hp(fighter)).toBe(26);
    expect(tcOf(fighter)).toMatchObject({ fatigue: 4, topLost: 1, impairments: { piercing: 1 } });
    expect(view.html(message).querySelector('.tc-split')?.textContent).toBe(
      'fatigue +4, HP −2, ToP 4→3, impairments +1',
    );
    await game.settings.set('gng', 'tcImpairments', false);
  });

  it('a quick strike: one speed class faster and half damage; two weapons together: −6 each, the worse SF', async () => {
    const { fighter, goblin, combat } = await tcFight(h);
    const { f } = await schedule(combat, fighter, goblin, 1);
    // Quick strike (002:517–521): the long sword's Standard one class faster, Fast: 1d6 [4] + 3 = 7;
    // 6 + 7 = 13. Damage d8 7 + 3 = 10, halved: 5 — against ToP 3: fatigue +3, HP −2.
    h.dice.queue(12, 4, 7);
    const quick = (await attack(player, fighter, goblin, 'Long sword', {
      tc: { quickStrike: true },
    })) as ChatMessage;
    expect(tcSchedule(combat).next[f]).toBe(13);
    expect(view.text(quick)).toContain('Fast speed factor rolled: 1d6+3 [4].');
    h.as(player);
    await view.click(quick, 'rollDamage');
    expect(target(quick).damage).toMatchObject({ final: 5, lethal: 5 });
    await view.click(quick, 'applyDamage');
    expect(view.html(quick).querySelector('.tc-split')?.textContent).toBe('fatigue +3, HP −2, ToP 3→2');
    expect((await act(player, quick, 'undoDamage')).ok).toBe(true);
    expect((await act(player, quick, 'undoAttack')).ok).toBe(true);
    expect(tcSchedule(combat).next[f]).toBe(6);

    // Two weapons together (002:691): the long sword at 3 + 2 − 6 = −1: d20 12 → 11 against Primary
    // 11, a hit; the SFs 1d6 [2] + 6 = 8 and the dagger's 1d6 [6] + 3 = 9: the worse, 9: next 15.
    // The dagger's own card: 3 + Dex 1 (daggers, 002:58) + proficient 1 − 6 = −1: d20 10 → 9, a miss.
    const dagger = fighter.items.find((i) => i.name === 'Dagger') as Item;
    h.dice.queue(12, 2, 6, 10);
    const both = (await attack(player, fighter, goblin, 'Long sword', {
      offHand: dagger.id,
      tc: { twoWeapons: 'together' },
    })) as ChatMessage;
    expect(state(both).attack).toMatchObject({ bonus: -1, total: 11 });
    expect(target(both).result?.hit).toBe(true);
    expect(tcSchedule(combat).next[f]).toBe(15);
    expect(view.text(both)).toContain('Two weapons together: Dagger SF 9; the worse kept.');
    const off = game.messages.contents.at(-1) as ChatMessage;
    expect(state(off).weapon.name).toBe('Dagger');
    expect(state(off).attack).toMatchObject({ natural: 10, bonus: -1, total: 9 });
    expect(state(off).tc?.speed).toBeNull();
  });

  it('striking each other at the same count +1; an unarmed strike: the better of Str and Dex, 1d3, nonlethal, feet −4', async () => {
    // A brawler (the player's): 1 level (BAB 1), Str 14 (+2), Dex 16 (+3), an unarmed strike (simple:
    // proficient +1; Fast 1d6+3). Both act at count 6 (002:248: "If two numbers match …").
    const brawler = await tcCreature(h, {
      name: 'Brawler',
      owner: player,
      abilities: { str: 14, dex: 16 },
      hp: { value: 10 },
      levels: 1,
      weapons: [
        {
          name: 'Unarmed strike',
          use: 'unarmed',
          damage: '1d3',
          damageTypes: ['bludgeoning'],
          category: 'simple',
          speedClass: 'fast',
        },
      ],
    });
    const goblin = await tcGoblin(h);
    h.as(gm);
    const combat = h.startCombat([brawler, goblin]) as HarnessCombat;
    await combat.startCombat();
    const id = (a: Actor) => combat.combatants.find((c) => c.actor === a)?.id as string;
    await setTcInitiative(combat, id(brawler), { total: 6 });
    await setTcInitiative(combat, id(goblin), { total: 6 });
    await advanceCount(combat);
    // 1 + Dex 3 (unarmed: the better, 002:58) + 1 proficient − 4 feet (002:695) + 1 each other (002:687)
    // = +2; d20 10 → 12 against Primary 11. SF 1d6 [2] + 3 = 5: next 11.
    h.dice.queue(10, 2);
    const message = (await attack(player, brawler, goblin, 'Unarmed strike', {
      tc: { feet: true, simultaneous: true },
    })) as ChatMessage;
    expect(state(message).attack).toMatchObject({ bonus: 2, total: 12 });
    expect(state(message).options.nonlethal).toBe(true);
    expect(target(message).result?.hit).toBe(true);
    expect(tcSchedule(combat).next[id(brawler)]).toBe(11);
    // 1d3 [3] + Dex 3 = 6, nonlethal: all fatigue (A3), no HP; the ToP still drops (002:107).
    h.as(player);
    h.dice.queue(3);
    await view.click(message, 'rollDamage');
    expect(target(message).damage).toMatchObject({ formula: '1d3', final: 6, nonlethal: 6, lethal: 0 });
    await view.click(message, 'applyDamage');
    expect(hp(goblin)).toBe(8);
    expect(tcOf(goblin)).toMatchObject({ fatigue: 6, topLost: 1 });
    expect(view.html(message).querySelector('.tc-split')?.textContent).toBe('fatigue +6, ToP 3→2');
  });

  it('hostile: forged choices, feet without an unarmed attack, striking each other out of step', async () => {
    const { fighter, goblin, combat } = await tcFight(h);
    await schedule(combat, fighter, goblin, 1);
    expect(await attack(player, fighter, goblin, 'Long sword', { tc: { bogus: true } })).toBeNull();
    expect(await attack(player, fighter, goblin, 'Long sword', { tc: { feet: true } })).toBeNull();
    expect(view.lastNotice()).toContain('needs an unarmed attack');
    // The goblin acts at 7, not at the current count 6: no +1 for striking each other (002:687).
    expect(await attack(player, fighter, goblin, 'Long sword', { tc: { simultaneous: true } })).toBeNull();
    expect(view.lastNotice()).toContain('both acting at the current count');
    // GnG's own options are refused under the model.
    expect(await attack(player, fighter, goblin, 'Long sword', { situational: ['flanking'] })).toBeNull();
    expect(game.messages.size).toBe(0);
    expect(tcSchedule(combat).count).toBe(6);
  });
});
