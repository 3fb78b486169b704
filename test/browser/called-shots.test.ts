/**
 * Called shots in Chromium with the built CSS (dist/gng.css).
 * The dialog: Stun, then Vital Strike, ticked with the mouse and one unticked with the keyboard
 * (Space); after each change the shown called-shot penalty and attack total are the engine's
 * (`calledShotPenalty`, `previewAttack`), with and without Improved Called Shot.
 * The card: a Stun + Vital Strike card; Roll Defense, Roll damage, Apply and the Fortitude save are
 * clicked in the page (as the GM) and run the card's ACTIONS in the harness; a failed save shows the
 * stun and the damage lost again. Screenshots: test-results/browser/called-shot-dialog.png and
 * test-results/browser/called-shot-card.png.
 */
import { describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showForm } from './form-bridge.js';
import { clickBridged, showChatMessage } from './bridge.js';
import { expectNoSeriousViolations, expectWaitingLines, showInChatLog, WINDOW_SIZES } from './card-layout.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { calledShotPenalty, type CalledShotEffect } from '../../src/rules/index.js';
import { DEFAULT_ATTACK_OPTIONS } from '../../src/cards/attack/attack-options.js';
import { previewAttack } from '../../src/cards/attack/attack-preview.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const pages = useChromiumPages({
  viewport: { width: 520, height: 1000 },
  beforeEachTest: () => h.reset(17),
});

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
const sys = (actor: Actor) => actor.system as unknown as CreatureData;

async function openDialog(actor: Actor, weapon: Item) {
  // The dialog opens only with a targeted token (an attack needs a defender).
  const defender = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
  h.target(game.user, h.placeToken(defender));
  const result = AttackDialog.prompt(actor, weapon);
  const dialog = await vi.waitFor(() => {
    const app = h.openApplications().find((a) => a instanceof AttackDialog);
    if (!app) throw new Error('no attack dialog yet');
    return app as InstanceType<typeof AttackDialog> & HarnessApplicationV2;
  });
  return { dialog, result };
}

const focusedName = (p: Page) =>
  p.evaluate(() => (document.activeElement as HTMLInputElement | null)?.getAttribute('name') ?? null);

describe('called-shot dialog in Chromium', () => {
  it.each([
    ['no feat', [] as string[]],
    ['Improved Called Shot', ['improved-called-shot']],
  ])('%s: the penalty and the total follow the ticked effects', async (_name, feats) => {
    const improvedCalledShot = feats.length > 0;
    const actor = await appendix3Fighter(h);
    if (feats.length)
      await actor.createEmbeddedDocuments(
        'Item',
        feats.map((identifier) => ({ name: identifier, type: 'feat', system: { identifier } })),
      );
    const sword = actor.items.find((i) => i.name === 'Bastard sword') as Item;
    const { dialog, result } = await openDialog(actor, sword);
    await showForm(pages.page, h, dialog, '.attack-preview');
    const page = pages.page;
    const total = page.locator('.attack-total');
    // The penalty shows once, as the called-shot line of the breakdown (absent while it is 0).
    const penaltyLine = page.locator('.called-shot-line .value');
    const penalty = {
      textContent: async () => ((await penaltyLine.count()) ? await penaltyLine.textContent() : '+0'),
    };
    const improvedNote = page.getByText('Improved Called Shot: each effect costs 1 less.');
    expect(await improvedNote.count()).toBe(improvedCalledShot ? 1 : 0);

    let settled = 0;
    const expectShown = async (effects: CalledShotEffect[]) => {
      const engine = previewAttack(actor, sword, { ...DEFAULT_ATTACK_OPTIONS, calledShots: effects });
      const expectedPenalty = calledShotPenalty(effects, { improvedCalledShot });
      expect(engine?.calledShot.penalty).toBe(expectedPenalty);
      expect((await penalty.textContent())?.trim()).toBe(signed(expectedPenalty));
      expect((await total.textContent())?.trim()).toBe(signed(engine!.total));
      return { total: engine!.total, penalty: expectedPenalty };
    };
    const changed = async () => {
      settled += 1;
      await page.waitForSelector(`body[data-settled="${settled}"]`);
    };

    const none = await expectShown([]);
    expect(none).toEqual({ total: 9, penalty: 0 });

    // The mouse: Stun, then Vital Strike.
    await page.getByLabel('Stun (-4)', { exact: true }).click();
    await changed();
    const stun = await expectShown(['stun']);
    expect(stun.penalty).toBe(improvedCalledShot ? -3 : -4);
    expect(stun.total).toBe(9 + stun.penalty);

    const vital = page.locator('input[name="calledShots.vital-strike"]');
    await vital.click();
    await changed();
    const both = await expectShown(['stun', 'vital-strike']);
    expect(both.penalty).toBe(improvedCalledShot ? -10 : -12);
    expect(both.total).toBe(9 + both.penalty);
    expect(await vital.isChecked()).toBe(true);
    expect(await focusedName(page)).toBe('calledShots.vital-strike');
    if (!improvedCalledShot)
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'called-shot-dialog.png'), fullPage: true });

    // The keyboard: back to Stun with Shift+Tab, Space unticks it.
    for (let i = 0; i < 12 && (await focusedName(page)) !== 'calledShots.stun'; i++)
      await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('calledShots.stun');
    await page.keyboard.press('Space');
    await changed();
    expect(await page.locator('input[name="calledShots.stun"]').isChecked()).toBe(false);
    const vitalOnly = await expectShown(['vital-strike']);
    expect(vitalOnly.penalty).toBe(improvedCalledShot ? -7 : -8);
    expect(vitalOnly.total).toBe(9 + vitalOnly.penalty);
    expect(await focusedName(page)).toBe('calledShots.stun');

    await page.keyboard.press('Enter');
    await page.waitForSelector('body[data-closed="true"]');
    expect((await result)?.calledShots).toEqual(['vital-strike']);
  });
});

describe('called-shot card in Chromium', () => {
  it('Stun + Vital Strike: Roll Defense, Roll damage, Apply, a failed Fortitude save', async () => {
    const clickButton = (name: string) => clickBridged(pages.page, name, { exact: true });
    const fighter = await appendix3Fighter(h, h.users.player);
    const orc = await h.createActor({
      name: 'Orc',
      type: 'npc',
      system: { hp: { value: 30 }, abilities: { con: { value: 30 } } },
    });
    h.target(h.users.gm, h.placeToken(orc));
    const weapon = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    h.dice.queue(15);
    const message = (await game.gng.attack(fighter, weapon, {
      calledShots: ['stun', 'vital-strike'],
    })) as ChatMessage;
    const state = () => cardState(game.messages.get(message.id as string)) as AttackCardState;
    const target = () => state().targets[0] as CardTarget;
    expect(state().attack.total).toBe(15 + 9 + calledShotPenalty(['stun', 'vital-strike']));
    await showChatMessage(pages.page, h, message);

    const card = pages.page.locator('#chat-log .attack-card');
    expect(await card.locator('.called-shot-effects').textContent()).toContain('Stun');
    expect(await card.locator('.called-shot-effects').textContent()).toContain('Vital strike');
    expect(await card.locator('.called-shot-provokes').textContent()).toContain(
      'provokes an attack of opportunity',
    );

    h.dice.queue(1); // Defense 1: a hit
    await clickButton('Roll Defense (Orc)');
    const section = card.locator('section.target');
    expect(await section.locator('.result .big-label').textContent()).toBe('Hit');
    const rd = target().result!.relativeDegree;
    // The damage waits for the provoked attack of opportunity: the orc (the GM's) lets it go.
    await clickButton('No attack of opportunity (Orc)');
    expect(await section.locator('.called-shot-aoo-taken').textContent()).toBe(
      'Orc made no attack of opportunity.',
    );

    h.dice.queue(4);
    await clickButton(`Roll damage (${fighter.name})`);
    const dealt = target().damage!.final;
    expect(dealt).toBe(4 + 4 + rd);
    expect(await section.locator('.damage-final .big-value').textContent()).toBe(String(dealt));

    await clickButton('Apply damage to Orc');
    expect(await section.locator('.applied-hp .big-label').textContent()).toBe(
      `Hit points 30 → ${30 - dealt}`,
    );
    expect(sys(orc).hp.value).toBe(30 - dealt);
    expect(await section.getByText(`Fortitude save (DC ${10 + dealt})`).count()).toBeGreaterThan(0);

    h.dice.queue(1); // the Fortitude save fails
    await clickButton('Roll Fortitude save (Orc)');
    const condition = section.locator('.called-shot-condition');
    expect(await condition.locator('.called-shot-fortitude').textContent()).toMatch(
      new RegExp(`vs DC ${10 + dealt}: failed`),
    );
    const applied = await condition.locator('.called-shot-applied').allTextContents();
    // Vital Strike is an instant loss with its own line, not a lasting effect.
    expect(applied).toEqual(['Stun: 1 round(s)']);
    expect(await condition.locator('.called-shot-vital-strike').textContent()).toBe(
      `Vital strike: ${dealt} more hit points lost (hit points now ${30 - 2 * dealt}).`,
    );
    // Doubled: the damage dealt is lost once more.
    expect(sys(orc).hp.value).toBe(30 - 2 * dealt);
    expect(orc.statuses.has('stunned')).toBe(true);
    expect(
      await pages.page.getByRole('button', { name: 'Roll Fortitude save (Orc)', exact: true }).count(),
    ).toBe(0);
    await card.screenshot({ path: join(ARTIFACTS_DIR, 'called-shot-card.png') });
  });
});

describe('called-shot card: what the damage waits for (issue #33)', () => {
  it('at 1280×720 and 1600×1000: no greyed Roll damage, a line naming the Orc and its choice', async () => {
    const fighter = await appendix3Fighter(h, h.users.player);
    const orc = await h.createActor({
      name: 'Orc',
      type: 'npc',
      system: { hp: { value: 30 }, abilities: { con: { value: 30 } } },
    });
    h.as(h.users.player);
    h.target(h.users.player, h.placeToken(orc));
    const weapon = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    h.dice.queue(15);
    const message = (await game.gng.attack(fighter, weapon, { calledShots: ['stun'] })) as ChatMessage;
    await attackActionsSettled();
    h.as(h.users.gm);
    h.dice.queue(1); // Defense 1: a hit; the called shot provoked the Orc's attack of opportunity
    const id = (cardState(message) as AttackCardState).targets[0]?.id as string;
    expect((await requestCardAction(message.id as string, 'rollDefense', id)).ok).toBe(true);
    await attackActionsSettled();
    const card = '#chat-log .attack-card';
    for (const [i, size] of WINDOW_SIZES.entries()) {
      const page = i === 0 ? pages.page : await pages.reopen();
      await page.setViewportSize(size);
      // The fighter's player: nothing to press until the Orc (the GM's) takes or declines it.
      await showInChatLog(page, h, message, h.users.player, 300);
      await expectWaitingLines(page, card, [
        'Waiting for Orc to take or decline the attack of opportunity; the damage comes after it.',
      ]);
      expect(await page.locator(`${card} button`).count()).toBe(0);
      if (i === 0) await expectNoSeriousViolations(page, card);
      await page
        .locator(card)
        .screenshot({ path: join(ARTIFACTS_DIR, `called-shot-waiting-${size.width}.png`) });
    }
  });
});
