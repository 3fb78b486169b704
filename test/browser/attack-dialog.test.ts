/**
 * The attack dialog in Chromium with the built CSS (dist/gng.css): it is styled, and usable with the
 * keyboard alone — focus starts on its first control, Tab reaches the checkboxes, Space ticks one and
 * the live attack bonus follows (the harness dialog's real listeners run through the form bridge),
 * Enter submits. Screenshot: test-results/browser/attack-dialog.png.
 */
import { describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showForm } from './form-bridge.js';
import { attackRollModifiers } from '../../src/rules/index.js';
import { DEFAULT_ATTACK_OPTIONS } from '../../src/cards/attack/attack-options.js';
import { expectNoSeriousViolations } from './axe.js';

const h = await getHarness();
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const pages = useChromiumPages({
  viewport: { width: 520, height: 900 },
  beforeEachTest: () => h.reset(17),
});

async function openDialog(actor: Actor) {
  // The dialog opens only with a targeted token (an attack needs a defender).
  const defender = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
  h.target(game.user, h.placeToken(defender));
  const sword = actor.items.find((i) => i.name === 'Bastard sword') as Item;
  const result = AttackDialog.prompt(actor, sword);
  const dialog = await vi.waitFor(() => {
    const app = h.openApplications().find((a) => a instanceof AttackDialog);
    if (!app) throw new Error('no attack dialog yet');
    return app as InstanceType<typeof AttackDialog> & HarnessApplicationV2;
  });
  return { dialog, result };
}

const focusedName = (p: Page) =>
  p.evaluate(() => (document.activeElement as HTMLInputElement | null)?.getAttribute('name') ?? null);

describe('attack dialog in Chromium', () => {
  it('is styled by dist/gng.css', async () => {
    const actor = await appendix3Fighter(h);
    const { dialog } = await openDialog(actor);
    await showForm(pages.page, h, dialog, '.attack-preview');
    const preview = pages.page.locator('.attack-preview');
    expect(await preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(43, 42, 40)');
    expect(await preview.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(90, 26, 20)');
    const columns = await pages.page
      .locator('.called-shot-effects')
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    const submit = pages.page.getByRole('button', { name: 'Attack' });
    expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(90, 26, 20)');
    // Every control has an accessible name.
    for (const name of ['Flanking', 'Touch attack', 'Grip', 'Stun (-4)']) {
      expect(await pages.page.getByLabel(name, { exact: true }).count(), name).toBe(1);
    }
    await dialog.close();
  });

  it('keyboard only: Space ticks checkboxes, the bonus follows live, Enter submits', async () => {
    const actor = await appendix3Fighter(h);
    const { dialog, result } = await openDialog(actor);
    await showForm(pages.page, h, dialog, '.attack-preview');
    const total = pages.page.locator('.attack-total');
    expect(await total.textContent()).toBe('+9');
    // Focus starts on the dialog's first control.
    expect(await focusedName(pages.page)).toBe('situational.flanking');

    await pages.page.keyboard.press('Space');
    await pages.page.waitForSelector('body[data-settled="1"]');
    const flanking = attackRollModifiers({ mode: 'melee', conditions: ['flanking'] }).total;
    expect(await total.textContent()).toBe(`+${9 + flanking}`);

    // Tab past higher ground and squeezing to the touch attack checkbox.
    for (let i = 0; i < 3; i++) await pages.page.keyboard.press('Tab');
    expect(await focusedName(pages.page)).toBe('touch');
    await pages.page.keyboard.press('Space');
    await pages.page.waitForSelector('body[data-settled="2"]');
    const both = attackRollModifiers({ mode: 'melee', conditions: ['flanking'], touch: true }).total;
    expect(await total.textContent()).toBe(`+${9 + both}`);
    expect(await focusedName(pages.page)).toBe('touch');
    await pages.page.screenshot({ path: join(ARTIFACTS_DIR, 'attack-dialog.png'), fullPage: true });

    await pages.page.keyboard.press('Enter');
    await pages.page.waitForSelector('body[data-closed="true"]');
    expect(await result).toEqual({
      ...DEFAULT_ATTACK_OPTIONS,
      situational: ['flanking'],
      touch: true,
      grip: 'one-handed',
    });
  });

  it('passes axe-core (no serious or critical violation), with a called shot chosen too', async () => {
    const actor = await appendix3Fighter(h);
    const { dialog } = await openDialog(actor);
    await showForm(pages.page, h, dialog, '.attack-preview');
    await expectNoSeriousViolations(pages.page, '.attack-dialog');
    // The called-shot penalty shows once: as its own line in the bonus breakdown.
    await pages.page.getByLabel('Stun (-4)', { exact: true }).check();
    await pages.page.waitForSelector('body[data-settled="1"]');
    expect(await pages.page.locator('.called-shot-line').count()).toBe(1);
    expect(await pages.page.locator('.called-shot-line .value').textContent()).toBe('-4');
    expect(await pages.page.getByText('-4', { exact: true }).count()).toBe(1);
    await expectNoSeriousViolations(pages.page, '.attack-dialog');
    await dialog.close();
  });

  it('Escape cancels', async () => {
    const actor = await appendix3Fighter(h);
    const { dialog, result } = await openDialog(actor);
    await showForm(pages.page, h, dialog, '.attack-preview');
    await pages.page.keyboard.press('Escape');
    await pages.page.waitForSelector('body[data-closed="true"]');
    expect(await result).toBeNull();
  });
});
