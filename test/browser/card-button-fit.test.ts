/**
 * A long card button in Foundry's narrow chat log (300 px): the Advanced Wound Trauma save's button
 * names whose save it is, and a target named "Rogue, 1st level" makes it long. On the attack, area
 * and grapple cards every button stays inside its card with its whole label visible (a label longer
 * than the card wraps inside its button), no two buttons overlap, and the short buttons of the same
 * cards keep to one line. Screenshots: test-results/browser/button-fit-{attack,area,grapple}-300.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { buttonBoxes, showInChatLog } from './card-layout.js';
import { requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState } from '../../src/cards/attack/attack-state.js';
import { areaState, requestAreaAction } from '../../src/cards/area/area-actions.js';
import { grappleState, requestGrappleAction } from '../../src/cards/grapple/grapple-ask.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 420, height: 1200 },
  beforeEachTest: () => h.reset(17),
});

const LONG = 'Rogue, 1st level';

/** A Con 30 NPC of the player's with the long name: 30 HP, Fortitude +10. */
const rogue = () =>
  h.createActor(
    { name: LONG, type: 'npc', system: { hp: { value: 30 }, abilities: { con: { value: 30 } } } },
    h.users.player,
  );

/**
 * The card `selector` at 300 px: every button inside it, its text not cut, none overlapping; the
 * buttons whose label is not `long` on one line. Returns the buttons' names.
 */
async function expectFits(page: Page, selector: string, long: string, shot: string): Promise<string[]> {
  const card = await page.locator(selector).boundingBox();
  if (!card) throw new Error(`${selector} is not shown`);
  const boxes = await buttonBoxes(page, selector);
  for (const box of boxes) {
    expect(box.overflows, `${box.name}: its text fits in it`).toBe(false);
    expect(box.x, `${box.name} inside the card`).toBeGreaterThanOrEqual(card.x - 0.5);
    expect(box.x + box.width, `${box.name} inside the card`).toBeLessThanOrEqual(card.x + card.width + 0.5);
    if (box.name !== long) expect(box.height, `${box.name} on one line`).toBeLessThanOrEqual(box.oneLine + 1);
  }
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      expect(
        a.x < b.x + b.width - 0.5 &&
          b.x < a.x + a.width - 0.5 &&
          a.y < b.y + b.height - 0.5 &&
          b.y < a.y + a.height - 0.5,
        `${a.name} overlaps ${b.name}`,
      ).toBe(false);
  await page.locator(selector).screenshot({ path: join(ARTIFACTS_DIR, shot) });
  return boxes.map((b) => b.name);
}

const save = `Fortitude vs DC 18 — ${LONG}`;

it('the attack card at 300 px: the wound-trauma save of "Rogue, 1st level" stays inside the card', async () => {
  await game.settings.set('gng', 'advancedWoundTrauma', true);
  const fighter = await appendix3Fighter(h, h.users.gm);
  const target = await rogue();
  h.target(h.users.gm, h.placeToken(target));
  h.dice.queue(10); // attack 19
  const weapon = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = (await game.gng.attack(fighter, weapon)) as ChatMessage;
  const id = cardState(message)?.targets[0]?.id as string;
  h.dice.queue(16); // Defense 16: RD 3
  expect(await requestCardAction(message.id as string, 'rollDefense', id)).toMatchObject({ ok: true });
  h.dice.queue(1); // 1 + 4 + 3 = 8 → DC 18
  expect(await requestCardAction(message.id as string, 'rollDamage', id)).toMatchObject({ ok: true });
  expect(await requestCardAction(message.id as string, 'applyDamage', id)).toMatchObject({ ok: true });
  await attackActionsSettled();
  await showInChatLog(pages.page, h, message, h.users.gm, 300);
  const names = await expectFits(pages.page, '#chat-log .attack-card', save, 'button-fit-attack-300.png');
  expect(names).toContain(save);
});

it('the area card at 300 px: the same save button inside the card; the other buttons one line each', async () => {
  await game.settings.set('gng', 'advancedWoundTrauma', true);
  const target = await rogue();
  h.dice.queue(4, 4);
  const message = (await game.gng.areaDamage({
    damage: '2d6',
    saveDc: 15,
    targets: [target],
  })) as ChatMessage;
  const id = areaState(message)?.targets[0]?.id as string;
  expect(await requestAreaAction(message.id as string, 'applyDamage', id)).toMatchObject({ ok: true });
  await attackActionsSettled();
  await showInChatLog(pages.page, h, message, h.users.gm, 300);
  const names = await expectFits(pages.page, '#chat-log .area-card', save, 'button-fit-area-300.png');
  expect(names).toContain(save);
  expect(names).toContain(`Undo on ${LONG}`);
});

it("the grapple card at 300 px: the held victim's save and the moves stay inside the card", async () => {
  await game.settings.set('gng', 'advancedWoundTrauma', true);
  const grappler = await h.createActor(
    { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
    h.users.otherPlayer,
  );
  const victim = await rogue();
  h.as(h.users.gm);
  h.target(h.users.gm, h.placeToken(victim));
  const message = (await game.gng.grapple(grappler)) as ChatMessage;
  await attackActionsSettled();
  const act = async (action: string, ...dice: number[]) => {
    h.dice.queue(...dice);
    const result = await requestGrappleAction(message.id as string, action as never);
    expect(result, action).toMatchObject({ ok: true });
    await attackActionsSettled();
  };
  await act('declineAoo');
  await act('touch', 15);
  await act('oppose', 2, 7); // touch Defense 2; hold 7 + 2 = 9
  await act('oppose', 5, 1); // 5: RD 4; 1d3 (1) + 2 + 4 = 7 → DC 17
  const fresh = game.messages.get(message.id as string) as ChatMessage;
  expect(grappleState(fresh)?.steps.at(-1)?.woundTrauma).toEqual({ dc: 17, save: null });
  await showInChatLog(pages.page, h, fresh, h.users.gm, 300);
  const names = await expectFits(pages.page, '#chat-log .grapple-card', '', 'button-fit-grapple-300.png');
  expect(names.some((n) => n.includes('DC 17'))).toBe(true);
});
