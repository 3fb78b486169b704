/**
 * The healer's sheet control (issue 17): the Effects tab's "Heal the target" group asks
 * `game.gng.heal` for the sheet's actor (the healer) and the user's one targeted token (the patient).
 * Expected values from GnG "RECOVERY OF DISABLED BODY PARTS" and the heal card's API:
 * - the healer: Wis 12 (+1) and 4 ranks of Heal → Heal +5; d20 10 → 15 (tending, DC 15, succeeds),
 *   d20 15 → 20 (surgery, DC 20, succeeds);
 * - the patient: the Appendix 3 rogue with its arm and leg disabled (one effect each).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { careOf } from '../../src/combat/care-records.js';
import { healCardOf } from '../../src/cards/heal/heal-actions.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(17));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const effectOf = (actor: Actor, status: string) =>
  actor.effects.find((effect) => effect.statuses.has(status)) as ActiveEffect;

/** The healer (Player's): Heal +5. The patient (Other Player's): the rogue, arm and leg disabled. */
async function table(): Promise<{ healer: Actor; patient: Actor }> {
  h.as(gm);
  const healer = await h.createActor(
    {
      name: 'Healer',
      type: 'character',
      system: { abilities: { wis: { value: 12 } }, skills: { heal: { ranks: 4 } } },
    },
    player,
  );
  const patient = await appendix3Rogue(h, otherPlayer);
  await patient.update({ 'system.hp.value': 5 });
  await patient.toggleStatusEffect('disabled-arm', { active: true });
  await patient.toggleStatusEffect('disabled-leg', { active: true });
  return { healer, patient };
}

const group = (sheet: { element: HTMLElement }) =>
  sheet.element.querySelector<HTMLElement>('.gng-heal-target');
const button = (sheet: { element: HTMLElement }, kind: 'tend' | 'surgery') =>
  sheet.element.querySelector<HTMLButtonElement>(`.gng-heal-target button[data-kind="${kind}"]`);
const words = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Presses a heal button of the sheet; waits for the GM's answer. */
async function press(sheet: Awaited<ReturnType<typeof h.openSheet>>, kind: 'tend' | 'surgery') {
  await h.click(sheet, `.gng-heal-target button[data-kind="${kind}"]`);
  await attackActionsSettled();
}

describe("the healer's sheet: Heal the target", () => {
  it("Tend: the player targets the patient's token and presses; the GM posts the heal card", async () => {
    const { healer, patient } = await table();
    h.as(player);
    h.target(player, h.placeToken(patient));
    const sheet = await openSheetOn(h, healer, 'effects');
    const box = group(sheet);
    expect(box).not.toBeNull();
    expect(words(box?.querySelector('legend'))).toBe('Heal the target');
    expect(words(box)).toContain(`Patient: ${patient.name}.`);
    // Real buttons whose text says whose injuries.
    expect(button(sheet, 'tend')?.tagName).toBe('BUTTON');
    expect(words(button(sheet, 'tend'))).toBe(`Tend ${patient.name}'s injuries`);
    expect(words(button(sheet, 'surgery'))).toBe(`Operate on ${patient.name}`);

    const count = game.messages.size;
    h.dice.queue(10);
    await press(sheet, 'tend');
    expect(h.dice.queued).toEqual([]);
    expect(game.messages.size).toBe(count + 1);
    const card = game.messages.contents.at(-1) as ChatMessage;
    expect(card.author?.isGM).toBe(true);
    expect(healCardOf(card)).toMatchObject({
      kind: 'tend',
      patientUuid: patient.uuid,
      healerName: 'Healer',
      check: { natural: 10, bonus: 5, total: 15, dc: 15, success: true },
    });
    expect(careOf(patient).tended).toMatchObject({ healer: 'Healer', total: 15 });
    await sheet.close();
  });

  it('Surgery: the select lists the target’s disabled parts; the chosen one is operated on', async () => {
    const { healer, patient } = await table();
    const arm = effectOf(patient, 'disabled-arm');
    const leg = effectOf(patient, 'disabled-leg');
    h.as(player);
    h.target(player, h.placeToken(patient));
    const sheet = await openSheetOn(h, healer, 'effects');
    const select = sheet.element.querySelector<HTMLSelectElement>('.gng-heal-target select.heal-part');
    expect(select).not.toBeNull();
    // Labelled for assistive technology.
    const label = sheet.element.querySelector(`label[for="${select?.id}"]`);
    expect(words(label)).toBe('Part to operate on');
    expect([...(select?.options ?? [])].map((o) => [o.value, o.textContent])).toEqual([
      [arm.id, arm.name],
      [leg.id, leg.name],
    ]);

    (select as HTMLSelectElement).value = leg.id as string;
    h.dice.queue(15);
    const count = game.messages.size;
    await press(sheet, 'surgery');
    expect(h.dice.queued).toEqual([]);
    expect(game.messages.size).toBe(count + 1);
    expect(healCardOf(game.messages.contents.at(-1))).toMatchObject({
      kind: 'surgery',
      healerName: 'Healer',
      part: { effectId: leg.id },
      check: { natural: 15, bonus: 5, total: 20, dc: 20, success: true },
    });
    expect(patient.statuses.has('disabled-leg')).toBe(false);
    expect(patient.statuses.has('disabled-arm')).toBe(true);
    // The select now lists only the part still disabled.
    const after = [
      ...sheet.element.querySelectorAll<HTMLOptionElement>('.gng-heal-target .heal-part option'),
    ];
    expect(after.map((o) => o.value)).toEqual([arm.id]);
    await sheet.close();
  });

  it('a second press (either button) while the GM answers the first does nothing', async () => {
    const { healer, patient } = await table();
    h.as(player);
    h.target(player, h.placeToken(patient));
    const sheet = await openSheetOn(h, healer, 'effects');
    const count = game.messages.size;
    // A failed tending (1 + 5 = 6 < 15) leaves nothing that would refuse a second heal.
    h.dice.queue(1, 15);
    const press = (kind: 'tend' | 'surgery') =>
      button(sheet, kind)?.dispatchEvent(
        new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
      );
    press('tend');
    press('tend');
    press('surgery');
    await sheet.settle();
    await attackActionsSettled();
    expect(game.messages.size).toBe(count + 1);
    expect(healCardOf(game.messages.contents.at(-1))?.kind).toBe('tend');
    expect(h.dice.queued).toEqual([15]);
    // Answered: the next press asks again.
    await h.click(sheet, '.gng-heal-target button[data-kind="surgery"]');
    await attackActionsSettled();
    expect(game.messages.size).toBe(count + 2);
    expect(healCardOf(game.messages.contents.at(-1))?.kind).toBe('surgery');
    await sheet.close();
  });

  it('no target, or two: the buttons say so and a press warns; nothing is posted', async () => {
    const { healer, patient } = await table();
    const bystander = await appendix3Rogue(h, otherPlayer);
    h.as(player);
    const sheet = await openSheetOn(h, healer, 'effects');
    expect(words(group(sheet))).toContain("No target: target the patient's token to heal it.");
    expect(words(button(sheet, 'tend'))).toBe("Tend the target's injuries");
    expect(words(button(sheet, 'surgery'))).toBe('Operate on the target');
    expect(sheet.element.querySelector('.heal-part')).toBeNull();

    const count = game.messages.size;
    await press(sheet, 'tend');
    expect(h.notices.at(-1)).toMatchObject({
      level: 'warn',
      message: "No target: target the patient's token to heal it.",
    });
    await press(sheet, 'surgery');
    expect(h.notices.at(-1)?.message).toBe("No target: target the patient's token to heal it.");

    h.target(player, h.placeToken(patient), h.placeToken(bystander));
    await press(sheet, 'tend');
    expect(h.notices.at(-1)).toMatchObject({
      level: 'warn',
      message: "2 tokens are targeted: target only the patient's token.",
    });
    await sheet.render();
    expect(words(group(sheet))).toContain("2 tokens are targeted: target only the patient's token.");
    expect(game.messages.size).toBe(count);
    await sheet.close();
  });

  it('a target without disabled parts: Surgery warns; Tend still works', async () => {
    const { healer } = await table();
    const whole = await appendix3Rogue(h, otherPlayer);
    h.as(player);
    h.target(player, h.placeToken(whole));
    const sheet = await openSheetOn(h, healer, 'effects');
    expect(sheet.element.querySelector('.heal-part')).toBeNull();
    expect(words(group(sheet))).toContain(`${whole.name} has no disabled body part to operate on.`);
    const count = game.messages.size;
    await press(sheet, 'surgery');
    expect(h.notices.at(-1)).toMatchObject({
      level: 'warn',
      message: `${whole.name} has no disabled body part to operate on.`,
    });
    expect(game.messages.size).toBe(count);
    await sheet.close();
  });

  it('the target changes: the targetToken hook lists the new patient; a stale choice is not used', async () => {
    const { healer, patient } = await table();
    const other = await appendix3Rogue(h, otherPlayer);
    await other.update({ name: 'Second rogue' });
    h.as(gm);
    await other.toggleStatusEffect('disabled-arm', { active: true });
    const otherArm = effectOf(other, 'disabled-arm');
    h.as(player);
    const first = h.placeToken(patient);
    h.target(player, first);
    const sheet = await openSheetOn(h, healer, 'effects');
    expect(sheet.element.querySelectorAll('.heal-part option')).toHaveLength(2);

    // Targeting another token (Foundry calls `targetToken`): the group re-renders for it.
    const second = h.placeToken(other);
    h.target(player, second);
    Hooks.callAll('targetToken', player, first, false);
    Hooks.callAll('targetToken', player, second, true);
    await vi.waitFor(() => expect(words(group(sheet))).toContain('Patient: Second rogue.'));
    const options = [...sheet.element.querySelectorAll<HTMLOptionElement>('.heal-part option')];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([[otherArm.id, otherArm.name]]);

    // Retargeting without a re-render (no hook): the listed part is another actor's, so it warns.
    h.target(player, first);
    const count = game.messages.size;
    await press(sheet, 'surgery');
    expect(h.notices.at(-1)).toMatchObject({
      level: 'warn',
      message: 'The target or its disabled parts have changed: choose the part to operate on again.',
    });
    expect(game.messages.size).toBe(count);
    // …and the sheet now lists the current target's parts.
    expect(words(group(sheet))).toContain(`Patient: ${patient.name}.`);
    expect(sheet.element.querySelectorAll('.heal-part option')).toHaveLength(2);

    // Another user's targeting does not re-render this user's sheet.
    const before = group(sheet);
    Hooks.callAll('targetToken', otherPlayer, second, true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(group(sheet)).toBe(before);
    await sheet.close();
  });

  it('an observer (not an owner) sees no group', async () => {
    const { healer, patient } = await table();
    h.as(gm);
    await healer.update({ ownership: { default: 2 } });
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(patient));
    const observed = await openSheetOn(h, healer, 'effects');
    expect(observed.element.querySelector('.tab-effects, [data-tab="effects"]')).not.toBeNull();
    expect(group(observed)).toBeNull();
    expect(observed.element.querySelector('[data-action="healTarget"]')).toBeNull();
    await observed.close();
  });
});
