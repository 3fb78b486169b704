/**
 * The grapple card in Chromium with the built CSS (dist/gng.css), clicked through a whole grapple as
 * the GM (who may press both sides' buttons): the attack of opportunity, the touch attack and the
 * touch Defense roll, the hold (opposed grapple check) with its damage, a damage check with RD, a
 * pin, an escape from the pin and an escape from the grapple. Each click runs the card's real GM
 * action in the harness; the page's card is re-rendered after it. Screenshots:
 * test-results/browser/grapple-card.png (pinned) and grapple-card-ended.png.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showChatMessage } from './bridge.js';
import { grappleState, type GrappleCardState } from '../../src/cards/grapple/grapple-card.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 480, height: 1100 },
  beforeEachTest: () => h.reset(23),
});

const sys = (actor: Actor) => actor.system as unknown as CreatureData;

describe('grapple card in Chromium', () => {
  it('start, touch attack, hold, damage, pin, escape from the pin and from the grapple', async () => {
    const page = pages.page;
    let clicks = 0;
    /** A button by name; `Side: Name` is a button of that side's row of moves. */
    const buttonOf = (name: string) => {
      const [side, move] = name.includes(': ') ? name.split(': ') : [null, name];
      const scope = side ? page.getByRole('group', { name: side, exact: true }) : page;
      return scope.getByRole('button', { name: move as string, exact: true });
    };
    const clickButton = async (name: string, ...dice: number[]) => {
      h.dice.queue(...dice);
      const button = buttonOf(name);
      expect(await button.isEnabled()).toBe(true);
      await button.click();
      clicks += 1;
      await page.waitForSelector(`body[data-settled="${clicks}"]`);
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
    expect(await card.locator('h3').textContent()).toBe('Grappler grapples Victim');
    expect(await card.locator('.grapple-aoo').textContent()).toContain('provokes an attack of opportunity');
    // Nothing to answer yet; the grappling moves wait for the grapple.
    expect(await buttonOf('Grapple check').isDisabled()).toBe(true);
    expect(await buttonOf('Grappler: Damage').isDisabled()).toBe(true);
    expect(await buttonOf('Victim: Escape').isDisabled()).toBe(true);

    await clickButton('Attack of opportunity');
    expect(await card.locator('.grapple-aoo-taken').textContent()).toContain(
      'Victim takes the attack of opportunity against Grappler',
    );
    expect(await buttonOf('Attack of opportunity').isDisabled()).toBe(true);

    await clickButton('Touch attack', 15); // 15 + 2 (Str) + 4 (touch) = 21
    expect(await card.locator('.grapple-pending').textContent()).toContain('melee touch attack 21');
    await clickButton('Roll touch Defense', 2, 10); // a hit; the hold check: 10 + 2 = 12
    expect(await steps.nth(0).textContent()).toContain('Touch attack: Grappler 21 vs Victim');
    expect(await card.locator('.grapple-pending').textContent()).toContain('Hold check 12');

    await clickButton('Grapple check', 5, 2); // 12 vs 5: RD 7; 1d3 (2) + 2 + 7 = 11
    expect(await steps.nth(1).textContent()).toContain('Hold: Grappler 12 vs Victim 5: succeeds');
    expect(await steps.nth(1).textContent()).toContain('11 after Protection');
    expect(await card.locator('.grapple-phase').textContent()).toBe('Grappling');
    expect(grappler.statuses.has('grappling') && victim.statuses.has('grappling')).toBe(true);
    expect(sys(victim).hp.value).toBe(19);

    await clickButton('Grappler: Damage', 15); // 17
    expect(await buttonOf('Grappler: Pin').isDisabled()).toBe(true);
    await clickButton('Grapple check', 5, 3); // 17 vs 5: RD 12; 3 + 2 + 12 = 17
    expect(await steps.nth(2).textContent()).toContain('= 17; 17 after Protection');
    expect(sys(victim).hp.value).toBe(2);

    await clickButton('Grappler: Pin', 10);
    await clickButton('Grapple check', 4); // 12 vs 4
    expect(await steps.nth(3).textContent()).toContain('Victim: Pinned for 1 round(s)');
    expect(victim.statuses.has('pinned')).toBe(true);
    await card.screenshot({ path: join(ARTIFACTS_DIR, 'grapple-card.png') });

    // The pinned victim may only escape.
    expect(await buttonOf('Victim: Damage').isDisabled()).toBe(true);
    await clickButton('Victim: Escape', 19); // 19 + 0 vs 3 + 2: out of the pin, still grappling
    await clickButton('Grapple check', 3);
    expect(await steps.nth(4).textContent()).toContain('Escape: Victim 19 vs Grappler 5: succeeds');
    expect(victim.statuses.has('pinned')).toBe(false);
    expect(victim.statuses.has('grappling')).toBe(true);

    await clickButton('Victim: Escape', 18);
    await clickButton('Grapple check', 2);
    expect(await steps.nth(5).textContent()).toContain('Victim: no longer Grappling');
    expect(await card.locator('.grapple-phase').textContent()).toBe('The grapple has ended');
    expect(state().phase).toBe('ended');
    expect(grappler.statuses.has('grappling') || victim.statuses.has('grappling')).toBe(false);
    for (const name of ['Grappler: Damage', 'Grappler: Pin', 'Victim: Escape', 'Victim: Escape Artist'])
      expect(await buttonOf(name).isDisabled()).toBe(true);
    expect(await buttonOf('Grapple check').isDisabled()).toBe(true);

    // Undo brings the grapple back.
    await clickButton('Undo');
    expect(state().phase).toBe('grappling');
    expect(victim.statuses.has('grappling')).toBe(true);
    await clickButton('Victim: Escape', 18);
    await clickButton('Grapple check', 2);
    await card.screenshot({ path: join(ARTIFACTS_DIR, 'grapple-card-ended.png') });
  });
});
