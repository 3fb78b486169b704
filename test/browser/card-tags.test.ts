/**
 * Issue 17 review fixes in Chromium with the built CSS (dist/gng.css): every card's header tags
 * (`.card-tags`: the attack's reach, the area's save DC, the rest's "Tended by …", "Interrupted")
 * are small framed words in a row, not a bullet list; the sheet's combat panel shows temporary HP
 * beside the HP, inside its box; the heal card shows its result as a badge and the number the roll
 * is compared with beside it. Screenshots (test-results/browser/): card-tags-{attack,area,rest}.png,
 * sheet-temp-hp.png, heal-card-{tend,extraordinary}-300.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showApplication } from './bridge.js';
import { showInChatLog } from './card-layout.js';
import { checkTextContrast } from './contrast.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 760, height: 900 },
  beforeEachTest: () => h.reset(11),
});

/** The tags of the card `selector`: their texts and how the list and each tag are drawn. */
function tagLooks(page: Page, selector: string) {
  return page.locator(`${selector} .card-tags`).evaluate((ul) => {
    const style = getComputedStyle(ul);
    const items = [...ul.querySelectorAll('li')];
    return {
      texts: items.map((li) => li.textContent?.trim()),
      display: style.display,
      listStyle: style.listStyleType,
      padding: style.paddingLeft,
      framed: items.every((li) => getComputedStyle(li).borderTopStyle === 'solid'),
      // In a row: every tag on the first tag's line (the few tags of a card fit on one).
      oneRow: items.every((li) => li.getBoundingClientRect().top === items[0]?.getBoundingClientRect().top),
    };
  });
}

const sameLook = { display: 'flex', listStyle: 'none', padding: '0px', framed: true, oneRow: true };

async function expectTags(page: Page, selector: string, texts: string[], shot: string): Promise<void> {
  expect(await tagLooks(page, selector)).toEqual({ texts, ...sameLook });
  expect(await checkTextContrast(page, `${selector} .card-tags`)).toEqual([]);
  await page.locator(selector).screenshot({ path: join(ARTIFACTS_DIR, shot) });
}

it('the attack, area and rest cards draw their tags alike: framed words in a row, no bullets', async () => {
  const { gm, player } = h.users;
  h.as(gm);
  const fighter = await appendix3Fighter(h, player);
  const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 30 } } });
  h.target(gm, h.placeToken(orc));
  h.dice.queue(10);
  const weapon = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const attack = (await game.gng.attack(fighter, weapon)) as ChatMessage;
  await showInChatLog(pages.page, h, attack, gm, 300);
  await expectTags(pages.page, '#chat-log .attack-card', ['Melee'], 'card-tags-attack.png');

  h.dice.queue(4, 4);
  const area = (await game.gng.areaDamage({ damage: '2d6', saveDc: 15, targets: [orc] })) as ChatMessage;
  let page = await pages.reopen();
  await showInChatLog(page, h, area, gm, 300);
  await expectTags(page, '#chat-log .area-card', ['Reflex DC 15 for half'], 'card-tags-area.png');

  // The GM rests the fighter with a healer's help, interrupted: two tags.
  await fighter.update({ 'system.hp.value': 10 });
  expect(await game.gng.rest(fighter, { kind: 'night', interrupted: true, healer: true })).toMatchObject({
    ok: true,
  });
  await attackActionsSettled();
  const rest = game.messages.contents.at(-1) as ChatMessage;
  page = await pages.reopen();
  await showInChatLog(page, h, rest, gm, 300);
  await expectTags(page, '#chat-log .rest-card', ['Interrupted', 'Tended by a healer'], 'card-tags-rest.png');
});

it("the sheet's combat panel shows temporary HP beside the HP, inside the HP box", async () => {
  const fighter = await appendix3Fighter(h);
  await fighter.update({ 'system.hp.temp': 5 });
  await showApplication(pages.page, h, await h.openSheet(fighter));
  const stat = pages.page.locator('.combat-panel .stat-hp');
  expect(await stat.locator('.stat-value').textContent()).toBe('23 / 23');
  expect(await stat.locator('.stat-sub').textContent()).toBe('(+5 temporary)');
  // Read as one: the button's name says both.
  expect(await stat.locator('.stat-button').textContent()).toMatch(/23 \/ 23\s+\(\+5 temporary\)/);
  const box = await stat.locator('.stat-button').boundingBox();
  for (const part of ['.stat-value', '.stat-sub']) {
    const inner = await stat.locator(part).boundingBox();
    expect(box && inner, part).toBeTruthy();
    if (!box || !inner) continue;
    expect(inner.x, `${part} inside the box`).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(inner.x + inner.width, `${part} inside the box`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    // One line each.
    expect(inner.height, `${part} on one line`).toBeLessThan(part === '.stat-value' ? 45 : 25);
  }
  expect(await checkTextContrast(pages.page, '.combat-panel .stat-hp')).toEqual([]);
  await pages.page.locator('.combat-panel').screenshot({ path: join(ARTIFACTS_DIR, 'sheet-temp-hp.png') });
});

it('the heal card at 300 px: the result as a badge, the DC beside the total (extraordinary: what the d20 must not exceed)', async () => {
  const { gm, player, otherPlayer } = h.users;
  h.as(gm);
  const healer = await h.createActor(
    {
      name: 'Healer',
      type: 'character',
      system: { abilities: { wis: { value: 12 } }, skills: { heal: { ranks: 4 } } },
    },
    player,
  );
  const patient = await h.createActor({ name: 'Wounded', type: 'character' }, otherPlayer);
  await patient.toggleStatusEffect('disabled-arm', { active: true });
  h.as(player);
  h.dice.queue(9); // 9 + 5 = 14 against DC 15: fails
  expect(await game.gng.heal(patient, { kind: 'tend', healer })).toMatchObject({ ok: true });
  await attackActionsSettled();
  const tend = game.messages.contents.at(-1) as ChatMessage;
  await showInChatLog(pages.page, h, tend, gm, 300);
  const card = pages.page.locator('#chat-log .heal-card');
  expect(await card.locator('.gng-card-badge').allTextContents()).toEqual(['Tending', 'Failure']);
  expect(await card.locator('.gng-card-total').allTextContents()).toEqual(['14', '15']);
  expect(await card.locator('.gng-card-label').allTextContents()).toEqual(['Heal check', 'DC']);
  expect(await checkTextContrast(pages.page, '#chat-log .heal-card')).toEqual([]);
  await card.screenshot({ path: join(ARTIFACTS_DIR, 'heal-card-tend-300.png') });

  h.as(gm);
  const arm = patient.effects.find((e) => e.statuses.has('disabled-arm')) as ActiveEffect;
  h.dice.queue(3, 4, 6); // 2d8 = 7; d20 6 ≤ 7: restored
  expect(
    await game.gng.heal(patient, { kind: 'extraordinary', part: arm.id as string, formula: '2d8' }),
  ).toMatchObject({ ok: true });
  await attackActionsSettled();
  const extraordinary = game.messages.contents.at(-1) as ChatMessage;
  const page = await pages.reopen();
  await showInChatLog(page, h, extraordinary, gm, 300);
  const big = page.locator('#chat-log .heal-card');
  expect(await big.locator('.gng-card-badge').allTextContents()).toEqual([
    'Extraordinary healing',
    'Success',
  ]);
  expect(await big.locator('.gng-card-total').allTextContents()).toEqual(['6', '7']);
  expect(await big.locator('.gng-card-label').allTextContents()).toEqual(['d20', 'At most']);
  expect(await checkTextContrast(page, '#chat-log .heal-card')).toEqual([]);
  await big.screenshot({ path: join(ARTIFACTS_DIR, 'heal-card-extraordinary-300.png') });
});
