/**
 * The grapple card in Chromium with the built CSS (dist/gng.css).
 *
 * 1. Clicked through a whole grapple as the GM (who may press both sides' buttons): the attack of
 *    opportunity, the touch attack and the touch Defense roll, the hold (opposed grapple check) with
 *    its damage, a damage check with RD, a pin, an escape from the pin and from the grapple. Each click
 *    runs the card's real GM action in the harness; the page's card is re-rendered after it.
 * 2. Its layout in a chat log 300 px and 384 px (24rem) wide, as the GM and as the grappler's player:
 *    each move button on one line, no two overlapping, the groups headed with whose moves they are
 *    (the GM's two groups have different accessible names; a player sees only its own side's, with
 *    no heading left without buttons), the totals bigger than the steps, the steps folded and
 *    unfolded by keyboard, and no serious or critical axe-core violation.
 *
 * Screenshots (test-results/browser/): grapple-card.png (pinned), grapple-card-ended.png, and
 * grapple-card-{gm,player}-{300,384}.png (a Pin waiting for its answer; the hold's numbers).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { bridged, showChatMessage } from './bridge.js';
import {
  expectNoSeriousViolations,
  expectTidyButtons,
  expectWaitingLines,
  showInChatLog,
  tabTo,
  WINDOW_SIZES,
} from './card-layout.js';
import {
  grappleState,
  requestGrappleAction,
  type GrappleCardState,
} from '../../src/cards/grapple/grapple-ask.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { withFeats } from '../fixtures/cards.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 480, height: 1100 },
  beforeEachTest: () => h.reset(23),
});

const sys = (actor: Actor) => actor.system as unknown as CreatureData;

describe('grapple card in Chromium', () => {
  it('start, touch attack, hold, damage, pin, escape from the pin and from the grapple', async () => {
    const page = pages.page;
    /** A button by name; `Side: Name` is a button of that side's group of moves ("Moves for Side"). */
    const buttonOf = (name: string | RegExp) => {
      const [side, move] = typeof name === 'string' && name.includes(': ') ? name.split(': ') : [null, name];
      const scope = side ? page.getByRole('group', { name: `Moves for ${side}`, exact: true }) : page;
      return scope.getByRole('button', { name: move as string | RegExp, exact: true });
    };
    const clickButton = async (name: string | RegExp, ...dice: number[]) => {
      h.dice.queue(...dice);
      const button = buttonOf(name);
      expect(await button.isEnabled()).toBe(true);
      await bridged(page, () => button.click());
    };
    const grappler = await h.createActor({
      name: 'Grappler',
      type: 'npc',
      system: { abilities: { str: { value: 14 } } },
    });
    const victim = await h.createActor({
      name: 'Victim',
      type: 'npc',
      system: { abilities: { con: { value: 30 } }, hp: { value: 30 } },
    });
    h.target(h.users.gm, h.placeToken(victim));
    const message = (await game.gng.grapple(grappler)) as ChatMessage;
    const state = () => grappleState(game.messages.get(message.id as string)) as GrappleCardState;
    await showChatMessage(page, h, message);
    const card = page.locator('#chat-log .grapple-card');
    const steps = card.locator('.grapple-step');
    const badge = card.locator('.grapple-state');
    /** The check in numbers: each side's name and total, and who won. */
    const duel = async () =>
      (await card.locator('.grapple-duel-side').evaluateAll((sides) =>
        sides.map((side) => ({
          name: side.querySelector('.gng-card-label')?.textContent,
          total: side.querySelector('.gng-card-total')?.textContent,
          winner: side.classList.contains('is-winner'),
        })),
      )) as { name: string; total: string; winner: boolean }[];
    expect(await card.locator('h3').textContent()).toBe('Grappler grapples Victim');
    expect(await badge.textContent()).toBe('Grabbing');
    expect(await card.locator('.grapple-aoo').textContent()).toContain('provokes an attack of opportunity');
    // Nothing to answer yet (no answer button at all); the grappling moves wait for the grapple: no
    // button for them at all (issue #33), the card says whose choice it waits for.
    expect(await buttonOf('Grapple check').count()).toBe(0);
    expect(await buttonOf('Grappler: Damage').count()).toBe(0);
    expect(await buttonOf('Victim: Escape').count()).toBe(0);
    expect(await card.locator('.gng-card-waiting').textContent()).toBe(
      "Waiting for Victim to take or decline the attack of opportunity; Grappler's touch attack comes after it.",
    );

    await clickButton('Victim: Attack of opportunity');
    expect(await card.locator('.grapple-aoo-taken').textContent()).toContain(
      'Victim takes the attack of opportunity against Grappler',
    );
    expect(await buttonOf('Victim: Attack of opportunity').count()).toBe(0);
    // Taken: the touch attack waits until it is resolved, or given up before it is made (issue #28).
    expect(await card.locator('.gng-card-waiting').textContent()).toContain(
      "Waiting for Victim's attack of opportunity to be resolved",
    );
    expect(await buttonOf('Grappler: Touch attack').count()).toBe(0);
    await clickButton('Victim: No attack of opportunity');
    expect(await card.locator('.grapple-aoo-taken').textContent()).toBe(
      'Victim makes no attack of opportunity.',
    );

    await clickButton('Grappler: Touch attack', 15); // 15 + 2 (Str) + 4 (touch) = 21
    expect(await card.locator('.grapple-pending').textContent()).toContain('melee touch attack 21');
    // The touch attack waits for the victim's answer: 21 against a total still to roll.
    expect(await duel()).toEqual([
      { name: 'Grappler', total: '21', winner: false },
      { name: 'Victim', total: '?', winner: false },
    ]);
    expect(await page.getByRole('group', { name: 'Victim answers', exact: true }).count()).toBe(1);
    await clickButton('Roll touch Defense', 2, 10); // a hit; the hold check: 10 + 2 = 12
    expect(await steps.nth(0).textContent()).toContain('Touch attack: Grappler 21 vs Victim');
    expect(await card.locator('.grapple-pending').textContent()).toContain('Hold check 12');
    expect(await badge.textContent()).toBe('Taking hold');

    await clickButton('Grapple check', 5, 2); // 12 vs 5: RD 7; 1d3 (2) + 2 + 7 = 11
    expect(await steps.nth(1).textContent()).toContain('Hold: Grappler 12 vs Victim 5: succeeds');
    expect(await steps.nth(1).textContent()).toContain('11 after Protection');
    expect(await duel()).toEqual([
      { name: 'Grappler', total: '12', winner: true },
      { name: 'Victim', total: '5', winner: false },
    ]);
    expect(await card.locator('.grapple-outcome').textContent()).toBe('Grappler wins');
    expect(await card.locator('.grapple-check-lines').textContent()).toContain('11 after Protection');
    expect(await badge.textContent()).toBe('Grappling');
    expect(grappler.statuses.has('grappling') && victim.statuses.has('grappling')).toBe(true);
    expect(sys(victim).hp.value).toBe(19);

    await clickButton('Grappler: Damage', 15); // 17
    expect(await buttonOf('Grappler: Pin').count()).toBe(0);
    await clickButton('Grapple check', 5, 3); // 17 vs 5: RD 12; 3 + 2 + 12 = 17
    expect(await steps.nth(2).textContent()).toContain('= 17; 17 after Protection');
    expect(sys(victim).hp.value).toBe(2);

    await clickButton('Grappler: Pin', 10);
    await clickButton('Grapple check', 4); // 12 vs 4
    expect(await steps.nth(3).textContent()).toContain('Victim: Pinned for 1 round(s)');
    expect(victim.statuses.has('pinned')).toBe(true);
    expect(await badge.textContent()).toBe('Victim is pinned');
    await card.screenshot({ path: join(ARTIFACTS_DIR, 'grapple-card.png') });

    // The pinned victim may only escape.
    expect(await buttonOf('Victim: Damage').count()).toBe(0);
    await clickButton('Victim: Escape', 19); // 19 + 0 vs 3 + 2: out of the pin, still grappling
    await clickButton('Grapple check', 3);
    expect(await steps.nth(4).textContent()).toContain('Escape: Victim 19 vs Grappler 5: succeeds');
    expect(victim.statuses.has('pinned')).toBe(false);
    expect(victim.statuses.has('grappling')).toBe(true);
    expect(await badge.textContent()).toBe('Grappling');

    await clickButton('Victim: Escape', 18);
    await clickButton('Grapple check', 2);
    expect(await steps.nth(5).textContent()).toContain('Victim: no longer Grappling');
    expect(await badge.textContent()).toBe('Victim escaped');
    expect(state().phase).toBe('ended');
    expect(grappler.statuses.has('grappling') || victim.statuses.has('grappling')).toBe(false);
    // Nothing left to press but Undo: no groups of dead moves, no answer.
    expect(await page.getByRole('group', { name: /^Moves for/ }).count()).toBe(0);
    expect(await card.getByRole('button').count()).toBe(1);
    expect(await buttonOf('Grapple check').count()).toBe(0);

    // Undo says what it takes back, and brings the grapple back.
    await clickButton(/^Undo: Escape \(Victim\)$/);
    expect(state().phase).toBe('grappling');
    expect(victim.statuses.has('grappling')).toBe(true);
    await clickButton('Victim: Escape', 18);
    await clickButton('Grapple check', 2);
    await card.screenshot({ path: join(ARTIFACTS_DIR, 'grapple-card-ended.png') });
  });
});

/* -------------------------------------------------------------------------- */
/*  Layout at the chat log's width, headings, folding, axe-core                */
/* -------------------------------------------------------------------------- */

/**
 * A grapple the GM plays up to a won hold: Fighter (the player's; Improved and Advanced Grapple, a
 * longsword, so Choke, Lock, Throw and the weapon choice show) holds Rogue (the other player's).
 */
async function heldGrapple(): Promise<{ message: ChatMessage; fighter: Actor; rogue: Actor }> {
  const fighter = await h.createActor(
    { name: 'Fighter', type: 'npc', system: { abilities: { str: { value: 16 } } } },
    h.users.player,
  );
  await withFeats(fighter, ['improved-grapple', 'advanced-grapple']);
  await fighter.createEmbeddedDocuments('Item', [
    {
      name: 'Longsword',
      type: 'weapon',
      system: {
        category: 'simple',
        use: 'one-handed',
        damage: { medium: '1d8' },
        damageTypes: ['slashing'],
        equipped: true,
      },
    },
  ]);
  const rogue = await h.createActor(
    {
      name: 'Rogue',
      type: 'npc',
      system: {
        abilities: { con: { value: 30 } },
        hp: { value: 30 },
        skills: { escapeArtist: { ranks: 4 } },
      },
    },
    h.users.otherPlayer,
  );
  h.as(h.users.gm);
  h.target(h.users.gm, h.placeToken(rogue));
  h.dice.queue(15); // Improved Grapple: no attack of opportunity; the touch attack at once
  const message = (await game.gng.grapple(fighter)) as ChatMessage;
  await attackActionsSettled();
  const act = async (action: 'oppose' | 'damage' | 'pin', ...dice: number[]) => {
    h.dice.queue(...dice);
    const result = await requestGrappleAction(message.id as string, action);
    await attackActionsSettled();
    expect(result.ok).toBe(true);
  };
  await act('oppose', 2, 12); // touch Defense 2: a hit; the hold check's d20 12
  await act('oppose', 4, 3); // the rogue's grapple check 4: the hold is won, damage 1d3 (3)
  expect(grappleState(game.messages.get(message.id as string))?.phase).toBe('grappling');
  return { message, fighter, rogue };
}

/** The accessible names of the card's groups of moves. */
async function moveGroups(page: Page): Promise<string[]> {
  return page
    .locator('#chat-log .grapple-card fieldset.grapple-side')
    .evaluateAll((groups) => groups.map((g) => g.querySelector('legend')?.textContent?.trim() ?? ''));
}

describe('grapple card layout in the chat log', () => {
  for (const width of [300, 384]) {
    it(`at ${width} px: one line per button, no overlap, headed groups, big totals, folded steps, axe (GM and player)`, async () => {
      const { message } = await heldGrapple();
      // A Pin waits for the rogue's answer: the duel shows 18 against a total to come, the answer group shows.
      h.dice.queue(13);
      expect((await requestGrappleAction(message.id as string, 'pin')).ok).toBe(true);
      await attackActionsSettled();

      for (const who of ['gm', 'player'] as const) {
        const page = who === 'gm' ? pages.page : await pages.reopen();
        await showInChatLog(page, h, message, h.users[who], width);
        const card = page.locator('#chat-log .grapple-card');
        // The GM has the rogue's answer; the fighter's player nothing to press while it waits.
        if (who === 'gm') await expectTidyButtons(page, '#chat-log .grapple-card');
        else expect(await card.getByRole('button').count()).toBe(0);

        // While the Pin waits for its answer no side has a move (issue #33): only the answer, a group
        // named for the rogue, and a line saying whose answer the card waits for.
        expect(await moveGroups(page)).toEqual([]);
        if (who === 'gm') {
          expect(await page.getByRole('group', { name: 'Rogue answers', exact: true }).count()).toBe(1);
          expect(await page.getByRole('heading', { name: 'Rogue answers' }).count()).toBe(1);
        } else {
          // The player owns the fighter only: no heading of the rogue's left alone.
          expect(await card.getByText('Rogue answers', { exact: true }).count()).toBe(0);
        }
        expect(await card.locator('.gng-card-waiting').textContent()).toBe(
          "Waiting for Rogue's Grapple check against Fighter's Pin.",
        );
        const orphans = await card
          .locator('.gng-card-group')
          .evaluateAll((gs) => gs.filter((g) => !g.querySelector('button')).length);
        expect(orphans).toBe(0);

        // The pending Pin in numbers: 13 + the fighter's bonus against the rogue's answer to come.
        expect(await card.locator('.grapple-check-title').textContent()).toBe('Pin');
        expect(await card.locator('.grapple-duel-side .gng-card-total').allTextContents()).toEqual([
          String(grappleState(game.messages.get(message.id as string))?.pending?.roll.total),
          '?',
        ]);

        // Decisive totals are bigger than the folded steps and than the buttons.
        const sizes = await card.evaluate((el) => {
          const size = (selector: string) =>
            parseFloat(getComputedStyle(el.querySelector(selector) as Element).fontSize);
          const button = el.querySelector('button') ? size('button') : 0;
          return { total: size('.gng-card-total'), steps: size('.gng-card-steps'), button };
        });
        expect(sizes.total).toBeGreaterThan(sizes.steps * 1.5);
        expect(sizes.total).toBeGreaterThan(sizes.button * 1.5);

        // The history is folded; Tab reaches its summary, Enter unfolds it, Space folds it again.
        const details = card.locator('details.gng-card-steps');
        expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
        expect(await card.locator('.grapple-step').first().isVisible()).toBe(false);
        const reached = await tabTo(page, 'details.gng-card-steps > summary');
        expect(reached).toBe(true);
        await page.keyboard.press('Enter');
        expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
        expect(await card.locator('.grapple-step').first().isVisible()).toBe(true);
        expect(await card.locator('.grapple-step').first().textContent()).toContain('Touch attack: Fighter');
        await card.screenshot({ path: join(ARTIFACTS_DIR, `grapple-card-${who}-${width}.png`) });
        await page.keyboard.press('Space');
        expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);

        await expectNoSeriousViolations(page, '#chat-log .grapple-card');
      }
    });
  }

  it('after a won check: the totals, the winner and the grappling moves, tidy at 300 px (GM)', async () => {
    const { message } = await heldGrapple();
    const page = pages.page;
    await showInChatLog(page, h, message, h.users.gm, 300);
    const card = page.locator('#chat-log .grapple-card');
    expect(await card.locator('.grapple-state').textContent()).toBe('Grappling');
    const sides = await card
      .locator('.grapple-duel-side')
      .evaluateAll((els) =>
        els.map((el) => [
          el.querySelector('.gng-card-label')?.textContent,
          el.classList.contains('is-winner'),
        ]),
      );
    expect(sides).toEqual([
      ['Fighter', true],
      ['Rogue', false],
    ]);
    expect(await card.locator('.grapple-outcome').textContent()).toBe('Fighter wins');
    // Advanced Grapple: the fighter's group has Choke, Lock and Throw; the rogue's has not.
    const fighter = page.getByRole('group', { name: 'Moves for Fighter', exact: true });
    const rogue = page.getByRole('group', { name: 'Moves for Rogue', exact: true });
    for (const move of ['Choke (−4)', 'Lock (−4)', 'Throw (−4)'])
      expect(await fighter.getByRole('button', { name: move, exact: true }).isEnabled()).toBe(true);
    expect(await rogue.getByRole('button', { name: 'Choke (−4)' }).count()).toBe(0);
    expect(await rogue.getByRole('button', { name: 'Escape', exact: true }).isEnabled()).toBe(true);
    // The groups name whose moves they are (the GM's two told apart); the weapon choice sits in the
    // fighter's group, named for the fighter.
    expect(await moveGroups(page)).toEqual(['Moves for Fighter', 'Moves for Rogue']);
    expect(await fighter.getByRole('group', { name: 'Fighter grapples with', exact: true }).count()).toBe(1);
    await expectTidyButtons(page, '#chat-log .grapple-card');
    await expectNoSeriousViolations(page, '#chat-log .grapple-card');
    await card.screenshot({ path: join(ARTIFACTS_DIR, 'grapple-card-gm-held-300.png') });

    // A won Throw: the thrower's choice of distance is a group named for the thrower, tidy too.
    h.as(h.users.gm);
    h.dice.queue(18);
    expect((await requestGrappleAction(message.id as string, 'throw')).ok).toBe(true);
    await attackActionsSettled();
    h.dice.queue(2, 3);
    expect((await requestGrappleAction(message.id as string, 'oppose')).ok).toBe(true);
    await attackActionsSettled();
    expect(grappleState(game.messages.get(message.id as string))?.throwChoice?.side).toBe('attacker');
    const throwPage = await pages.reopen();
    await showInChatLog(throwPage, h, message, h.users.player, 300);
    const choice = throwPage.getByRole('group', { name: 'Fighter throws:', exact: true });
    expect(await choice.getByRole('button').count()).toBeGreaterThanOrEqual(3);
    expect(
      await choice.getByRole('button', { name: 'In place, keep the grapple', exact: true }).isEnabled(),
    ).toBe(true);
    await expectTidyButtons(throwPage, '#chat-log .grapple-card');
    await expectNoSeriousViolations(throwPage, '#chat-log .grapple-card');
    await throwPage
      .locator('#chat-log .grapple-card')
      .screenshot({ path: join(ARTIFACTS_DIR, 'grapple-card-player-throw-300.png') });
  });
});

describe('grapple card: whose move it is (issue #33)', () => {
  it('at 1280×720 and 1600×1000 the grab shows only the defender its choice, and everyone the line', async () => {
    const grappler = await h.createActor(
      { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
      h.users.otherPlayer,
    );
    const victim = await h.createActor(
      { name: 'Victim', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
      h.users.player,
    );
    h.as(h.users.otherPlayer);
    h.target(h.users.otherPlayer, h.placeToken(victim));
    const message = (await game.gng.grapple(grappler)) as ChatMessage;
    await attackActionsSettled();
    const card = '#chat-log .grapple-card';
    const line =
      "Waiting for Victim to take or decline the attack of opportunity; Grappler's touch attack comes after it.";
    const [laptop, desktop] = WINDOW_SIZES;
    // The grappler's player: no moves at all (no greyed Damage, Pin, Escape …), the line says why.
    await pages.page.setViewportSize(laptop);
    await showInChatLog(pages.page, h, message, h.users.otherPlayer, 300);
    await expectWaitingLines(pages.page, card, [line]);
    expect(await pages.page.locator(`${card} button`).count()).toBe(0);
    expect(await pages.page.locator(`${card} fieldset`).count()).toBe(0);
    await pages.page.locator(card).screenshot({ path: join(ARTIFACTS_DIR, 'grapple-card-waiting-1280.png') });
    // The victim's player: its two answers in its own group, the same line.
    const page = await pages.reopen();
    await page.setViewportSize(desktop);
    await showInChatLog(page, h, message, h.users.player, 300);
    await expectWaitingLines(page, card, [line]);
    const group = page.getByRole('group', { name: 'Moves for Victim', exact: true });
    expect(await group.getByRole('button').allTextContents()).toEqual([
      'Attack of opportunity',
      'No attack of opportunity',
    ]);
    expect(await page.getByRole('button', { name: 'Escape' }).count()).toBe(0);
    await expectNoSeriousViolations(page, card);
    await page.locator(card).screenshot({ path: join(ARTIFACTS_DIR, 'grapple-card-waiting-1600.png') });
  });
});
