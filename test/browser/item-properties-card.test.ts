/**
 * The attack card's damage lines for damage reduction and a Vicious weapon (issue #18) in Chromium
 * with the built CSS: each line readable (WCAG AA against its background, axe clean) and in view
 * under the damage. Screenshot: test-results/browser/item-properties-card.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showChatMessage } from './bridge.js';
import { cardHelpers } from '../fixtures/cards.js';
import { checkTextContrast } from './contrast.js';
import { expectNoSeriousViolations } from './axe.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';

const h = await getHarness();
const { click } = cardHelpers(h);
const pages = useChromiumPages({
  viewport: { width: 420, height: 900 },
  beforeEachTest: () => h.reset(18),
});

it('shows DR and Vicious lines under the damage, readable', async () => {
  const wielder = await h.createActor({ name: 'Wielder', type: 'npc', system: { hp: { value: 20 } } });
  const [blade] = (await wielder.createEmbeddedDocuments('Item', [
    {
      name: 'Vicious blade',
      type: 'weapon',
      system: {
        category: 'simple',
        damage: { medium: '1d8' },
        damageTypes: ['slashing'],
        equipped: true,
        properties: ['vicious'],
      },
    },
  ])) as Item[];
  const troll = await h.createActor({
    name: 'Troll',
    type: 'npc',
    system: { hp: { value: 30 }, abilities: { con: { value: 30 } }, resistances: { dr: '5/silver' } },
  });
  h.target(h.users.gm, h.placeToken(troll));
  h.dice.queue(15);
  const message = (await game.gng.attack(wielder, blade as Item)) as ChatMessage;
  await attackActionsSettled();
  h.dice.queue(10);
  await click(message, 'rollDefense');
  // 1d8 (6) + RD 5 = 11 − DR 5 = 6; the flash 2d6 (4, 3) = 7: 13. The wielder's 1d6 (2) at Apply.
  h.dice.queue(6, 4, 3, 2);
  await click(message, 'rollDamage');
  await click(message, 'applyDamage');
  await showChatMessage(pages.page, h, game.messages.get(message.id as string) as ChatMessage);

  const lines = pages.page.locator('#chat-log .damage-extra');
  expect(await lines.allTextContents()).toEqual([
    expect.stringMatching(/DR 5\/silver\s*−5/),
    expect.stringMatching(/Vicious \+2d6 \(4, 3\)\s*\+7/),
    expect.stringMatching(/Vicious: Wielder took 1d6 \(2\), hit points 20 → 18\s*2/),
  ]);
  expect(await pages.page.locator('#chat-log .damage-final .big-value').textContent()).toBe('13');
  for (const line of await lines.all()) expect(await line.isVisible()).toBe(true);
  expect(await checkTextContrast(pages.page, '#chat-log .damage-extras')).toEqual([]);
  await expectNoSeriousViolations(pages.page, '#chat-log');
  await pages.page.screenshot({ path: join(ARTIFACTS_DIR, 'item-properties-card.png'), fullPage: true });
});
