/**
 * What a new user of the Enlightened Grognard model (issue #31, round 2) met in the playground and
 * found wrong, pinned on the harness: EG_MODEL registered for the file, a begun fight
 * (test/fixtures/eg-world.ts: the player's Appendix 3 fighter, the other player's rogue, the GM's
 * goblin). Numbers worked out by hand:
 * - the fighter's bastard sword: 1d10 + Str 4 (003:214), the attack +9 (003:184);
 * - the rogue (Dex 16 +3, padded armor +1, GnG's class Defense bonus 1 at 1st level): AC 10 + 1 + 1 +
 *   3 = 15 (003:236).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { egCardHelpers } from '../fixtures/eg-card.js';
import { egFight, useEgWorld } from '../fixtures/eg-world.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { registerEgTokens } from '../../src/models/eg-tokens.js';
import { combatantOf } from '../../src/combat/scene-lookup.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player, otherPlayer } = h.users;

useEgWorld(h, 31, { endCombats: true });
beforeAll(() => registerEgTokens());

const { view, target, grant, attack, act } = egCardHelpers(h);

describe('the EG attack card as a new user meets it', () => {
  it("shows the close of the defenders' step to the GM only, not to the defender's owner who may not press it", async () => {
    const { fighter, rogue } = await egFight(h);
    const message = (await attack(player, fighter, [rogue])) as ChatMessage;
    h.as(otherPlayer);
    // The rogue's player answers for the rogue: its spend and "no tokens", not the GM's close.
    expect(view.buttons(message)).toContain('egDefend');
    expect(view.buttons(message)).not.toContain('egClose');
    expect((await act(otherPlayer, message, 'egClose', { tokens: 0 })).ok).toBe(false);
    h.as(player);
    expect(view.buttons(message)).not.toContain('egClose');
    h.as(gm);
    expect(view.buttons(message)).toContain('egClose');
    expect(target(message).eg?.answer).toBeNull();
  });

  it("lists the damage's steps in the chapter's terms (the power tokens on each side, no Relative Degree, no Protection) and, after Apply, the bloodied mark and its Con damage", async () => {
    const { fighter, rogue, combat } = await egFight(h);
    await grant(combat, fighter, { power: 2 });
    await grant(combat, rogue, { power: 1 });
    const message = (await attack(player, fighter, [rogue])) as ChatMessage;
    // d20 10 + 9 = 19 against AC 15: a hit.
    h.dice.queue(10);
    expect((await act(otherPlayer, message, 'egDefend', { tokens: 0 })).ok).toBe(true);
    expect(target(message).result?.hit).toBe(true);
    h.as(player);
    h.dice.queue(3);
    await view.click(message, 'rollDamage');
    expect((await act(player, message, 'egDamage', { tokens: 2, side: 'dealt' })).ok).toBe(true);
    expect((await act(otherPlayer, message, 'egDamage', { tokens: 1, side: 'taken' })).ok).toBe(true);
    // d10 3 + Str 4 = 7; +2 dealt, −1 taken (003:399–404): 8, the steps adding up to it.
    expect(target(message).damage?.final).toBe(8);
    const steps = [...view.html(message).querySelectorAll('.damage details.steps .step-lines li')].map((li) =>
      [...li.querySelectorAll('span')].map((span) => span.textContent),
    );
    expect(steps).toEqual([
      ['Weapon dice and bonuses', '3'],
      ['Strength', '+4'],
      [`${fighter.name}'s power tokens`, '+2'],
      [`${rogue.name}'s power tokens`, '-1'],
      ['Damage', '8'],
    ]);
    // Apply: 9 − 8 = 1 HP, below half of 9 for the first time: 1 Constitution damage (003:969–970,
    // A9), said on the card beside the HP; Undo takes both back and the line goes.
    h.as(player);
    await view.click(message, 'applyDamage');
    const health = () =>
      [...view.html(message).querySelectorAll('.applied .eg-health')].map((p) => p.textContent);
    expect(health()).toEqual([
      `${rogue.name} is bloodied for the first time this encounter.`,
      `${rogue.name}'s Constitution damage: 0 → 1.`,
    ]);
    await view.click(message, 'undoDamage');
    expect(health()).toEqual([]);
  });
});

describe('the initiative card as each player sees it', () => {
  it('says whose choice it waits for instead of a bare "Choose:" to those who may not choose', async () => {
    const { fighter } = await egFight(h);
    h.as(player);
    await game.combat?.rollInitiative([combatantOf(fighter)?.id as string]);
    await attackActionsSettled();
    const card = game.messages.contents.at(-1) as ChatMessage;
    const seen = (user: User) => {
      h.as(user);
      const html = h.renderMessage(card);
      return {
        text: html.querySelector('.eg-token-ask')?.textContent,
        waiting: html.querySelector('.gng-card-waiting')?.textContent,
        choices: html.querySelectorAll('button[data-action="choose"]').length,
      };
    };
    const ask = `${fighter.name} rolled initiative and gains 2 tokens of its choice.`;
    const waiting = `Waiting for ${fighter.name}'s choice of tokens.`;
    expect(seen(otherPlayer)).toEqual({ text: ask, waiting, choices: 0 });
    expect(seen(player)).toEqual({ text: ask, waiting, choices: 6 });
  });
});

describe("the sheet's Combat tab under the model", () => {
  it("offers none of GnG's maneuver, grapple and total defense buttons, which the model refuses or ignores", async () => {
    const { fighter } = await egFight(h);
    h.as(player);
    const sheet = await h.openSheet(fighter);
    const el = sheet.element as HTMLElement;
    // The attack stays; Bull Rush, Trip, Throw ("not part of this world's combat rules"), GnG's
    // Grapple and its Total defense (a GnG status the EG defenses ignore: 003:759's Total Defense
    // is the EG block's action) are gone.
    expect(el.querySelectorAll('[data-action="rollAttack"]').length).toBeGreaterThan(0);
    const gng = ['startManeuver', 'startGrapple', 'totalDefense'].map(
      (action) => el.querySelectorAll(`.maneuvers [data-action="${action}"]`).length,
    );
    expect(gng).toEqual([0, 0, 0]);
    expect(el.querySelector('.maneuvers')).toBeNull();
    await sheet.close();
  });
});
