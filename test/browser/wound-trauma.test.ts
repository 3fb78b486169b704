/**
 * Advanced Wound Trauma (GnG Appendix 1) on the cards in Chromium with the built CSS (dist/gng.css):
 * with the world's variant on, an attack card's Apply owes the target a Fortitude save (DC 10 +
 * damage); the GM clicks the save's button in the page, which runs the card's action in the harness,
 * and the card shows the roll and the stun; the card passes axe and the text contrast check, and the
 * button is reached with the keyboard. The area card shows the same save. Screenshots:
 * test-results/browser/wound-trauma-attack-card.png, wound-trauma-area-card.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { bridged, clickBridged, showChatMessage } from './bridge.js';
import { expectNoSeriousViolations } from './axe.js';
import { checkTextContrast } from './contrast.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 420, height: 1000 },
  beforeEachTest: () => h.reset(17),
});

const sys = (actor: Actor) => actor.system as unknown as CreatureData;

const clickButton = (name: string) => clickBridged(pages.page, name, { exact: true });

it('the attack card: Apply owes a Fortitude save (DC 18); the GM rolls it from the keyboard; Undo takes it back', async () => {
  await game.settings.set('gng', 'advancedWoundTrauma', true);
  const fighter = await appendix3Fighter(h, h.users.player);
  // Con 30: 30 HP, Fortitude +10 (unhurt).
  const orc = await h.createActor({
    name: 'Orc',
    type: 'npc',
    system: { hp: { value: 30 }, abilities: { con: { value: 30 } } },
  });
  h.target(h.users.gm, h.placeToken(orc));
  h.dice.queue(10); // attack 19
  const weapon = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = (await game.gng.attack(fighter, weapon)) as ChatMessage;
  await showChatMessage(pages.page, h, message);
  const card = pages.page.locator('#chat-log .attack-card');
  const section = card.locator('section.target');

  h.dice.queue(16); // Defense 16: RD 3
  await clickButton('Roll Defense (Orc)');
  h.dice.queue(1); // 1 + 4 + 3 = 8
  await clickButton(`Roll damage (${fighter.name})`);
  expect(await section.locator('.damage-final .big-value').textContent()).toBe('8');
  await clickButton('Apply damage to Orc');
  expect(sys(orc).hp.value).toBe(22);
  // No trauma line: the variant replaces trauma.
  expect(await section.locator('.trauma').count()).toBe(0);
  expect(await section.locator('.wound-trauma-pending').textContent()).toBe(
    'Advanced Wound Trauma: Orc makes a Fortitude save (DC 18).',
  );
  await expectNoSeriousViolations(pages.page, '.gng.attack-card');
  expect(await checkTextContrast(pages.page, '#chat-log .attack-card')).toEqual([]);

  // The save's button is reached with Tab from the Apply's outcome and pressed with Enter.
  const save = pages.page.getByRole('button', {
    name: 'Fortitude vs DC 18 — Orc',
    exact: true,
  });
  await section.locator('.wound-trauma-pending').click();
  let reached = false;
  for (let i = 0; i < 5 && !reached; i++) {
    await pages.page.keyboard.press('Tab');
    reached = await save.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  // At 22 of 30 HP the orc has a Light Injury (−2 on saves, GnG INJURY): 3 + 10 − 2 = 11,
  // failed by 7 → stunned 1 round.
  h.dice.queue(3);
  await bridged(pages.page, () => pages.page.keyboard.press('Enter'));
  expect(await section.locator('.wound-trauma-save').textContent()).toBe(
    'Wound trauma: Fortitude save 3 +8 = 11 vs DC 18: failed',
  );
  expect(await section.locator('.wound-trauma-outcome').textContent()).toBe(
    'Orc is stunned for 1 round (failed by 7).',
  );
  expect(orc.statuses.has('stunned')).toBe(true);
  expect(await save.count()).toBe(0);
  expect(await checkTextContrast(pages.page, '#chat-log .attack-card')).toEqual([]);
  await card.screenshot({ path: join(ARTIFACTS_DIR, 'wound-trauma-attack-card.png') });

  await clickButton('Undo damage to Orc');
  expect(sys(orc).hp.value).toBe(30);
  expect(orc.statuses.has('stunned')).toBe(false);
  expect(await section.locator('.wound-trauma').count()).toBe(0);
});

it('the area card: the same save after the GM applies the blast', async () => {
  await game.settings.set('gng', 'advancedWoundTrauma', true);
  const orc = await h.createActor({
    name: 'Orc',
    type: 'npc',
    system: { hp: { value: 30 }, abilities: { con: { value: 30 } } },
  });
  h.dice.queue(4, 4);
  const message = (await game.gng.areaDamage({ damage: '2d6', saveDc: 15, targets: [orc] })) as ChatMessage;
  await showChatMessage(pages.page, h, message);
  const card = pages.page.locator('#chat-log .area-card');
  await clickButton('Apply to Orc');
  expect(await card.locator('.wound-trauma-pending').textContent()).toBe(
    'Advanced Wound Trauma: Orc makes a Fortitude save (DC 18).',
  );
  h.dice.queue(12); // 12 + 10 − 2 (Light Injury at 22 of 30 HP) = 20: saved
  await clickButton('Fortitude vs DC 18 — Orc');
  expect(await card.locator('.wound-trauma-outcome').textContent()).toBe('Orc shakes off the wound.');
  await expectNoSeriousViolations(pages.page, '.gng.area-card');
  expect(await checkTextContrast(pages.page, '#chat-log .area-card')).toEqual([]);
  await card.screenshot({ path: join(ARTIFACTS_DIR, 'wound-trauma-area-card.png') });
});
