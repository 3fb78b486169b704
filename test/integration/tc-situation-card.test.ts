/**
 * The stances (R5, 002:574–636) and paralysis (R7, 002:704–716) and petrification (R8, 002:719) on
 * the attack card under the Time Count model, end to end on the harness (test/fixtures/tc-world.ts).
 * Worked by hand:
 * - Hadwin (the player's): BAB 3, Str +2, Con +2, Fortitude 2, Power 1; long sword +5 (002:58),
 *   1d8 + 2 + 1, Standard 1d6+6; Vigor 10 + 2 + 2 = 14 (002:126);
 * - the goblin (the GM's NPC): Agility 1, short spear +2 (BAB 1, proficient +1, Str 0); Primary
 *   10 + 1 = 11, Passive 10 (002:116, 122).
 * Initiative: Hadwin 6, the goblin 7; the count advanced to 6.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { advanceCount, setTcInitiative, tcSchedule } from '../../src/combat/tc-schedule.js';
import { tcCardView, tcCreature, tcFighter, useTcWorld } from '../fixtures/tc-world.js';
import type { HarnessCombat } from '../harness/index.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;

useTcWorld(h, 32, { endCombats: true });

const view = tcCardView(h);
const state = (message: ChatMessage) => cardState(view.messageOf(message)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;

/** Hadwin (with `tc` fields) and the goblin in a begun combat at count 6 (Hadwin acting). */
async function fightAt6(tc: Record<string, unknown> = {}, goblinTc: Record<string, unknown> = {}) {
  const fighter = await tcFighter(h, { tc });
  const goblin = await tcCreature(h, {
    name: 'Goblin',
    type: 'npc',
    abilities: { dex: 12, con: 12 },
    attributes: { agility: 1 },
    hp: { value: 8 },
    levels: 1,
    tc: goblinTc,
    weapons: [
      {
        name: 'Short spear',
        speedClass: 'fast',
        damage: '1d6',
        damageTypes: ['piercing'],
        category: 'simple',
      },
    ],
  });
  h.as(gm);
  const combat = h.startCombat([fighter, goblin]) as HarnessCombat;
  await combat.startCombat();
  await attackActionsSettled();
  const id = (a: Actor) => combat.combatants.find((c) => c.actor === a)?.id as string;
  await setTcInitiative(combat, id(fighter), { total: 6 });
  await setTcInitiative(combat, id(goblin), { total: 7 });
  await advanceCount(combat);
  expect(tcSchedule(combat).count).toBe(6);
  return { fighter, goblin, combat, f: id(fighter) };
}

async function attack(attacker: Actor, defender: Actor, weapon = 'Long sword') {
  h.as(player);
  const token = h.placeToken(defender, { x: 100, y: 0 });
  h.target(player, token);
  const item = attacker.items.find((i) => i.name === weapon) as Item;
  const message = await game.gng.attack(attacker, item, {});
  await attackActionsSettled();
  return message ?? null;
}

async function takeBack(message: ChatMessage) {
  h.as(player);
  const result = await requestCardAction(message.id as string, 'undoAttack' as never, target(message).id, {});
  await attackActionsSettled();
  expect(result.ok).toBe(true);
}

const setTc = async (actor: Actor, fields: Record<string, unknown>) => {
  h.as(gm);
  await actor.update(Object.fromEntries(Object.entries(fields).map(([k, v]) => [`system.model.tc.${k}`, v])));
};

describe('the stances on the attack card', () => {
  it('the defender’s: defensive +2 once settled, none in transition; prone −4 in melee; parry at least +2', async () => {
    const { fighter, goblin } = await fightAt6({}, { stance: 'defensive', stanceUntil: 0 });
    h.dice.queue(12, 3);
    let message = (await attack(fighter, goblin)) as ChatMessage;
    // Primary 11 + 2 (002:585).
    expect(target(message).defense).toMatchObject({ id: 'primary', total: 13 });
    expect(view.html(message).querySelector('.static-defense')?.textContent).toBe('vs Primary 13');
    await takeBack(message);
    // Shifted at count 0 with an SF ending at 10: at count 6 it has the drawbacks only (002:578).
    await setTc(goblin, { stanceUntil: 10 });
    h.dice.queue(12, 3);
    message = (await attack(fighter, goblin)) as ChatMessage;
    expect(target(message).defense).toMatchObject({ id: 'primary', total: 11 });
    await takeBack(message);
    // Prone: −4 against melee (002:624): 11 − 4 = 7.
    await setTc(goblin, { stance: 'prone', stanceUntil: 0 });
    h.dice.queue(12, 3);
    message = (await attack(fighter, goblin)) as ChatMessage;
    expect(target(message).defense).toMatchObject({ id: 'primary', total: 7 });
    await takeBack(message);
    // Parry: the spear's +2 halved is 1, at least 2 (002:605): 13.
    await setTc(goblin, { stance: 'parry' });
    h.dice.queue(12, 3);
    message = (await attack(fighter, goblin)) as ChatMessage;
    expect(target(message).defense).toMatchObject({ id: 'primary', total: 13 });
    // Casting: its Passive, 10 (002:636).
    await takeBack(message);
    await setTc(goblin, { stance: 'casting' });
    h.dice.queue(12, 3);
    message = (await attack(fighter, goblin)) as ChatMessage;
    expect(target(message).defense).toMatchObject({ id: 'passive', total: 10 });
    expect(view.text(message)).toContain('casting a spell');
  });

  it('the attacker’s: parrying, unable to attack — refused before anything is rolled (002:607)', async () => {
    const { fighter, goblin, combat, f } = await fightAt6({ stance: 'parry' });
    expect(await attack(fighter, goblin)).toBeNull();
    expect(view.lastNotice()).toContain("Hadwin's stance allows no attack with Long sword");
    expect(game.messages.size).toBe(0);
    expect(tcSchedule(combat).next[f]).toBe(6);
  });

  it('the attacker’s: defensive −2 on the roll, in transition too (a drawback)', async () => {
    const { fighter, goblin } = await fightAt6({ stance: 'defensive', stanceUntil: 9 });
    h.dice.queue(12, 3);
    const message = (await attack(fighter, goblin)) as ChatMessage;
    // +5 − 2 = +3: 12 + 3 = 15.
    expect(state(message).attack).toMatchObject({ natural: 12, bonus: 3, total: 15 });
  });
});

describe('paralysis and petrification on the attack card', () => {
  it('Hadwin, paralysis 8 and petrification 1: −2 hit, −1 damage, one class slower and +1 SF', async () => {
    // Vigor 14 + 1 = 15; paralysis 8 ≥ 7½: one step (002:710): −1 hit, −1 damage, +1 SC;
    // petrification 1: −1 hit, +1 SF (002:719).
    const { fighter, goblin, combat, f } = await fightAt6({ paralysis: 8, petrification: 1 });
    // d20 12 + 5 − 2 = 15 against Primary 11. SF: Standard one class slower is Slow, 1d8+8 (A1):
    // d8 [3] + 8 + 1 = 12; next 6 + 12 = 18.
    h.dice.queue(12, 3);
    const message = (await attack(fighter, goblin)) as ChatMessage;
    expect(state(message).attack).toMatchObject({ natural: 12, bonus: 3, total: 15 });
    expect(tcSchedule(combat).next[f]).toBe(18);
    // Damage: d8 7 + Str 2 + Power 1 − 1 = 9.
    h.as(player);
    h.dice.queue(7);
    await view.click(message, 'rollDamage');
    expect(target(message).damage).toMatchObject({ final: 9 });
  });

  it('fully petrified: no attack (002:719), nothing rolled', async () => {
    const { fighter, goblin } = await fightAt6({ petrification: 10 });
    expect(await attack(fighter, goblin)).toBeNull();
    expect(view.lastNotice()).toContain('Hadwin cannot act (paralyzed or petrified)');
    expect(game.messages.size).toBe(0);
  });
});
