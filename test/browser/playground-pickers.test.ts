/**
 * The playground as a newcomer meets it, in Chromium at 1600×1000: the "Actor from the packs"
 * dropdown lists ~700 pack actors grouped (`<optgroup>`) by pack and, for the bestiary, by creature
 * type (its folders), each group sorted by name, from its first focus or pointer press (before, it
 * holds only its choice: the page is lighter, docs/performance.md); and the Burst control under the
 * map says why it has nothing to fire when the acting character holds no automatic weapon. ("Add a
 * combatant" is a search field: playground-compendium.test.ts.) A drawing of the table after a change
 * of the world keeps each combatant's panel and picker in the page (issue #29: a picker's options
 * detached and attached again cost a style and layout pass each), so a focused picker keeps the focus.
 * Screenshot: test-results/browser/playground-burst-empty.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1000 } });
const server = usePlaygroundServer('playground-pickers');

it('groups the pack actors by pack and creature type, and the Burst control says why it is empty', async () => {
  const { page } = pages;
  await page.goto(`${server.url()}?seed=3`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.selectOption('#pg-user', { label: 'Player' });
  await expect.poll(() => page.evaluate(() => game.user.name)).toBe('Player');

  const optionCount = (selector: string) =>
    page.locator(selector).evaluate((select: HTMLSelectElement) => select.options.length);
  // Until it is used, a picker holds only its choice, in its group; its first focus (a click on it,
  // Tab to it) or pointer press brings every pack actor, before its list opens.
  expect(
    await page
      .locator('select[name="actor-a-0"]')
      .evaluate((select: HTMLSelectElement) =>
        [...select.options].map((o) => [o.parentElement?.tagName, o.text]),
      ),
  ).toEqual([['OPTGROUP', 'Fighter, 5th level']]);
  expect(await optionCount('select[name="actor-b-0"]')).toBe(1);
  await page.locator('select[name="actor-b-0"]').dispatchEvent('pointerdown');
  expect(await optionCount('select[name="actor-b-0"]')).toBeGreaterThan(600);
  await page.locator('select[name="actor-a-0"]').focus();
  for (const selector of ['select[name="actor-a-0"]']) {
    const groups = await page.locator(selector).evaluate((select) =>
      [...select.querySelectorAll('optgroup')].map((g) => ({
        label: g.label,
        names: [...g.querySelectorAll('option')].map((o) => o.textContent ?? ''),
      })),
    );
    const labels = groups.map((g) => g.label);
    // No option outside a group; the sample characters, and the bestiary by creature type.
    expect(await page.locator(`${selector} > option`).count()).toBe(0);
    expect(labels).toContain('GnG Sample Characters');
    expect(labels).toEqual(
      expect.arrayContaining([
        'GnG Bestiary (SRD 3.5 monsters): Aberration',
        'GnG Bestiary (SRD 3.5 monsters): Undead',
      ]),
    );
    expect(new Set(labels).size).toBe(labels.length);
    for (const group of groups) {
      expect(group.names.length).toBeGreaterThan(0);
      expect(group.names).toEqual([...group.names].sort((a, b) => a.localeCompare(b)));
    }
    expect(groups.find((g) => g.label.endsWith(': Undead'))?.names).toContain('Allip');
    // Every bestiary monster is in one of its folders' groups (696 in the pack, none left over).
    const total = groups.reduce((n, g) => n + g.names.length, 0);
    expect(total).toBeGreaterThan(600);
  }
  // The side's picker still shows its member: the fighter.
  expect(
    await page
      .locator('select[name="actor-a-0"]')
      .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent),
  ).toBe('Fighter, 5th level');

  // Player acts: the fighter holds no weapon firing 'auto'; the control says so and how to get one.
  const control = page.locator('fieldset.pg-burst');
  await expect
    .poll(() => control.locator('.pg-burst-empty').textContent())
    .toBe(
      "Fighter, 5th level has no weapon that fires bursts: drag one from the Compendium (toolbar), e.g. the Submachine gun (9mm) from the pack GnG Weapons, onto the actor's sheet and equip it, or play the sample Gunner, 3rd level.",
    );
  expect(await control.locator('.pg-burst-fields').isHidden()).toBe(true);
  await control.scrollIntoViewIfNeeded();
  await control.screenshot({ path: join(ARTIFACTS_DIR, 'playground-burst-empty.png') });
});

it('a drawing of the table keeps each combatant panel and its picker in place: the picker keeps the focus', async () => {
  const { page } = pages;
  await page.goto(`${server.url()}?seed=3`);
  await page.waitForSelector('body[data-ready="true"]');
  const panel = page.locator('.pg-combatant[data-side="a"]').first();
  const picker = panel.locator('select[name="actor-a-0"]');
  await picker.focus();
  // Whatever the drawings remove from the sides: none of it may be a panel or a picker.
  await page.evaluate(() => {
    const removed: string[] = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof HTMLElement && node.matches('.pg-combatant, .pg-side, label:has(select)'))
            removed.push(node.tagName);
    }).observe(document.getElementById('pg-combatants') as HTMLElement, { childList: true, subtree: true });
    (window as unknown as { removedPanels: string[] }).removedPanels = removed;
  });
  const before = await panel.locator('.pg-hp').textContent();
  // A change of the world (the fighter hurt, as the GM): the table draws again.
  await page.evaluate(async () => {
    const fighter = game.actors.find((actor) => actor.name === 'Fighter, 5th level') as Actor;
    const hp = (fighter.system as unknown as { hp: { value: number } }).hp.value;
    await fighter.update({ 'system.hp.value': hp - 3 });
  });
  await expect.poll(() => panel.locator('.pg-hp').textContent()).not.toBe(before);
  expect(await picker.evaluate((select) => select === document.activeElement)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { removedPanels: string[] }).removedPanels)).toEqual(
    [],
  );
  expect(await picker.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe(
    'Fighter, 5th level',
  );
});
