/**
 * The Time Count tracker (issue #32; seed 002:237–306; docs/rules.md "The tracker"): the count and
 * each combatant's next count on the tracker, lowest first; initiative rolled on the GM's client
 * (a player's roll is a request); Act chosen by the owner of an acting combatant and played by the
 * GM (SF rolled for PCs, static for NPCs), its card's exact Undo; Advance (and Foundry's next turn);
 * a player's initiative write put back; the ToP hits cleared when the combat ends (A7). Hostile: a
 * forged request, another's combatant, acting out of turn, a double click.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { useModelWorld, cardView } from '../fixtures/model-world.js';
import { TC_MODEL } from '../../src/rules/models/tc/model.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { registerTcTracker } from '../../src/models/tc-tracker.js';
import {
  registerTcSpeedFactorsSetting,
  scheduleAct,
  setTcInitiative,
  tcSchedule,
  advanceCount,
  isScheduledTurnStart,
} from '../../src/combat/tc-schedule.js';
import { revertCountdown, setTcCountdown, tcCountdowns } from '../../src/combat/tc-countdowns.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
useModelWorld(h, 32, TC_MODEL);
registerTcTracker();

let zherynn: Actor;
let aeus: Actor;
let garret: Actor;
let combat: HarnessCombat;
let z: string;
let a: string;
let g: string;

const idOf = (actor: Actor) => combat.combatants.find((c) => c.actor === actor)?.id as string;

beforeEach(async () => {
  registerTcSpeedFactorsSetting();
  zherynn = await h.createActor(
    { name: 'Zherynn', type: 'character', system: { abilities: { wis: { value: 12 } } } },
    player,
  );
  aeus = await h.createActor({ name: 'Aeus', type: 'character' }, otherPlayer);
  garret = await h.createActor({ name: 'Garret', type: 'npc' });
  await garret.createEmbeddedDocuments('Item', [{ name: 'Long sword', type: 'weapon' }]);
  await zherynn.createEmbeddedDocuments('Item', [{ name: 'Dagger', type: 'weapon' }]);
  combat = h.startCombat([zherynn, aeus, garret]) as HarnessCombat;
  [z, a, g] = [idOf(zherynn), idOf(aeus), idOf(garret)];
});

const tracker = () => h.renderCombatTracker(combat);
const rowOf = (html: HTMLElement, id: string) =>
  html.querySelector<HTMLElement>(`.combatant[data-combatant-id="${id}"]`) as HTMLElement;
const rowText = (id: string) => rowOf(tracker(), id).querySelector('.gng-tc-row')?.textContent ?? null;
const order = () =>
  [...tracker().querySelectorAll<HTMLElement>('.combatant')].map((r) => r.dataset.combatantId);
const lastCard = () => game.messages.contents.at(-1) as ChatMessage;
const cardText = () => cardView(h).html(lastCard()).textContent ?? '';

/** Clicks the row's Act with `value` chosen (as the current user's client). */
async function act(id: string, value: string, counts?: number): Promise<void> {
  const row = rowOf(tracker(), id);
  const select = row.querySelector<HTMLSelectElement>('select[name="tc-action"]');
  expect(select).not.toBeNull();
  (select as HTMLSelectElement).value = value;
  if (counts !== undefined)
    (row.querySelector('input[name="tc-hold"]') as HTMLInputElement).value = String(counts);
  row.querySelector<HTMLButtonElement>('button.gng-tc-act')?.click();
  await attackActionsSettled();
}

/** The text's example first counts (002:243): Zherynn 6, Garret 7, Aeus 13. */
async function theExample(): Promise<void> {
  await setTcInitiative(combat, z, { total: 6 });
  await setTcInitiative(combat, g, { total: 7 });
  await setTcInitiative(combat, a, { total: 13, surprised: true });
}

describe('the tracker', () => {
  it('shows the count and round, and each row when it acts, lowest first (002:248)', async () => {
    await theExample();
    expect(order()).toEqual([z, g, a]);
    expect(tracker().querySelector('.gng-tc-count')?.textContent).toBe('Time Count 0 · round 1');
    expect(rowText(g)).toBe('first acts at 7');
    expect(rowText(a)).toBe('first acts at 13 · unsteady');
    await advanceCount(combat);
    expect(rowText(z)).toBe('acting now');
    await scheduleAct(combat, z, { sf: 7, reason: 'x' });
    // Zherynn 13 and Aeus 13: simultaneous.
    expect(order()).toEqual([g, z, a]);
    expect(rowText(z)).toBe('acts at 13 (in 7) · together with Aeus');
  });

  it('gives the Advance button to GMs only, and Foundry’s next turn advances the count', async () => {
    await theExample();
    tracker().querySelector<HTMLButtonElement>('button.gng-tc-advance')?.click();
    await attackActionsSettled();
    expect(tcSchedule(combat).count).toBe(6);
    await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    await combat.nextTurn();
    expect(tcSchedule(combat).count).toBe(7);
    expect(combat.combatant?.id).toBe(g);
    h.as(player);
    expect(tracker().querySelector('button.gng-tc-advance')).toBeNull();
    await combat.nextTurn();
    expect(h.notices.at(-1)?.message).toBe("Only a GM's client writes the Time Count.");
    h.as(gm);
    expect(tcSchedule(combat).count).toBe(7);
  });

  it('works while the GM views another scene (the tracker shows the combat it views)', async () => {
    await theExample();
    h.view(h.createScene({ name: 'Elsewhere' }));
    tracker().querySelector<HTMLButtonElement>('button.gng-tc-advance')?.click();
    await attackActionsSettled();
    expect(rowText(z)).toBe('acting now');
    h.dice.queue(3);
    await act(z, 'drawWeapon');
    // Draw a weapon, Rapid 1d4 [3]: 6 + 3 = 9.
    expect(tcSchedule(combat).next[z]).toBe(9);
    expect(lastCard().type).toBe('tcAct');
  });

  it("keeps its buttons' clicks off the row and off the tracker's own actions", async () => {
    await theExample();
    await advanceCount(combat);
    const html = tracker();
    const row = rowOf(html, z);
    let rowClicks = 0;
    row.addEventListener('click', () => rowClicks++);
    const act = row.querySelector<HTMLButtonElement>('button.gng-tc-act') as HTMLButtonElement;
    expect(act.dataset.action).toBeUndefined();
    row.querySelector('select')?.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as never);
    act.click();
    await attackActionsSettled();
    expect(rowClicks).toBe(0);
  });

  it('undoes the last advance from the tracker while nothing moved since', async () => {
    await theExample();
    await advanceCount(combat);
    await advanceCount(combat);
    expect(tracker().querySelector('button.gng-tc-undo-advance')?.textContent).toBe('Back to count 6');
    tracker().querySelector<HTMLButtonElement>('button.gng-tc-undo-advance')?.click();
    await attackActionsSettled();
    expect(tcSchedule(combat).count).toBe(6);
    expect(tracker().querySelector('button.gng-tc-undo-advance')).toBeNull();
  });
});

describe('countdowns', () => {
  it("shows a preparing caster's and an unconscious creature's count, with the exact Undo", async () => {
    await theExample();
    await advanceCount(combat);
    // Zherynn prepares a spell of Standard casting time, static 9: ready at 6 + 9 = 15 (R37).
    await scheduleAct(combat, z, { sf: 9, reason: 'prepareSpell' });
    const preparing = await setTcCountdown(combat, z, { kind: 'preparing', at: 15 });
    // Garret failed a consciousness check by 2: first check to wake 6 + 20 = 26 (R27).
    await setTcCountdown(combat, g, { kind: 'unconscious', at: 26 });
    expect(rowText(z)).toBe('acts at 15 (in 9) · preparing a spell: ready at 15 (in 9)');
    expect(rowText(g)).toBe('acts at 7 (in 1) · unconscious: checks to wake at 26 (in 20)');
    await revertCountdown(preparing);
    expect(tcCountdowns(combat)).toEqual({ [g]: { kind: 'unconscious', at: 26 } });
    // Reverting twice finds the countdown changed since: refused, nothing changes.
    await expect(revertCountdown(preparing)).rejects.toMatchObject({
      key: 'GNG.Model.TC.Tracker.Error.CountdownMoved',
    });
    await expect(setTcCountdown(combat, z, { kind: 'asleep', at: 3 } as never)).rejects.toMatchObject({
      key: 'GNG.Model.TC.Tracker.Error.BadCountdown',
    });
    h.as(player);
    await expect(setTcCountdown(combat, z, null)).rejects.toMatchObject({
      key: 'GNG.Model.TC.Act.Error.GMOnly',
    });
    h.as(gm);
    expect(Object.keys(tcCountdowns(combat))).toEqual([g]);
  });
});

describe('initiative', () => {
  it("rolls 1d6 + 4 − Wisdom on the GM's client for the player's own combatant (R33)", async () => {
    h.as(player);
    h.dice.queue(3);
    await combat.rollInitiative([z]);
    await attackActionsSettled();
    h.as(gm);
    // 3 + 4 − 1 (Wisdom 12) = 6.
    expect(tcSchedule(combat).next).toEqual({ [z]: 6 });
    expect(combat.combatants.get(z)?.initiative).toBe(6);
    expect(cardText()).toContain('Zherynn: initiative 1d6+4-1 [3] = 6.');
  });

  it('adds 1d6 for a combatant the GM marked surprised, unsteady until it acts (R32, 002:237)', async () => {
    tracker().querySelector<HTMLButtonElement>(`[data-combatant-id="${a}"] button.gng-tc-surprise`)?.click();
    await attackActionsSettled();
    h.dice.queue(4, 5);
    await combat.rollInitiative([a]);
    await attackActionsSettled();
    // 4 + 4 + 5 = 13.
    expect(tcSchedule(combat)).toMatchObject({ next: { [a]: 13 }, unsteady: { [a]: true } });
    expect(cardText()).toContain('initiative 1d6+4+1d6 [4, 5] = 13');
  });

  it("refuses a player's roll for a combatant it does not own, and a second roll", async () => {
    h.as(player);
    await combat.rollInitiative([g]);
    await attackActionsSettled();
    expect(h.notices.at(-1)?.message).toBe(
      'You do not own Garret: only its owners or a GM choose its action.',
    );
    h.as(gm);
    await setTcInitiative(combat, z, { total: 5 });
    await combat.rollInitiative([z]);
    await attackActionsSettled();
    expect(tcSchedule(combat).next).toEqual({ [z]: 5 });
  });

  it('Undo on the card takes the roll back', async () => {
    h.dice.queue(2);
    await combat.rollInitiative([g]);
    await attackActionsSettled();
    await cardView(h).click(lastCard(), 'tcActUndo');
    expect(tcSchedule(combat).next).toEqual({});
    expect(cardText()).toContain('Undone');
  });
});

describe('acting', () => {
  it("a player's Act with its weapon: the GM rolls the SF (a PC's random SF, A10 Standard 1d6+6) and posts the next count", async () => {
    await theExample();
    await advanceCount(combat);
    h.as(player);
    h.dice.queue(2);
    const dagger = zherynn.items.find((i) => i.type === 'weapon') as Item;
    await act(z, `attack:${dagger.id}`);
    h.as(gm);
    // 1d6 [2] + 6 = 8; acted at 6 → 14 (R34).
    expect(tcSchedule(combat).next[z]).toBe(14);
    expect(cardText()).toContain(
      'Zherynn: Attack with Dagger, SF 1d6+6 [2] = 8; acted at 6, acts next at 14.',
    );
  });

  it("an NPC takes the static SF (R35: Standard 9), and the card's Undo puts its count back", async () => {
    await theExample();
    await advanceCount(combat);
    await advanceCount(combat);
    const sword = garret.items.find((i) => i.type === 'weapon') as Item;
    await act(g, `attack:${sword.id}`);
    expect(tcSchedule(combat).next[g]).toBe(16);
    expect(cardText()).toContain('Garret: Attack with Long sword, SF 9; acted at 7, acts next at 16.');
    await cardView(h).click(lastCard(), 'tcActUndo');
    expect(tcSchedule(combat).next[g]).toBe(7);
  });

  it('an action of the table (draw a weapon: Rapid 1d4), and a hold that keeps the surprised unsteady', async () => {
    await theExample();
    await advanceCount(combat);
    await advanceCount(combat);
    // Count 7: Zherynn (who held from 6) acts, SF 9 → 16; then 13, Aeus's count.
    await scheduleAct(combat, z, { sf: 9, reason: 'x' });
    await advanceCount(combat);
    expect(tcSchedule(combat).count).toBe(13);
    h.as(otherPlayer);
    await act(a, 'hold', 2);
    h.as(gm);
    expect(tcSchedule(combat)).toMatchObject({ next: { [a]: 15 }, unsteady: { [a]: true } });
    await advanceCount(combat);
    h.as(otherPlayer);
    h.dice.queue(3);
    await act(a, 'drawWeapon');
    h.as(gm);
    expect(tcSchedule(combat)).toMatchObject({ next: { [a]: 18 }, unsteady: {} });
  });

  it('shows the counts field only for a hold', async () => {
    await theExample();
    await advanceCount(combat);
    const row = rowOf(tracker(), z);
    const select = row.querySelector<HTMLSelectElement>('select[name="tc-action"]') as HTMLSelectElement;
    const counts = row.querySelector<HTMLInputElement>('input[name="tc-hold"]') as HTMLInputElement;
    // The first choice is an attack with a weapon, which says it rolls nothing: no counts beside it.
    expect(select.options[0]?.textContent).toBe('Dagger attack (no roll)');
    expect(select.title).toBe(
      "Roll an attack with the sheet's Attack: its card moves the count. Here an attack only moves the count, for one rolled by hand.",
    );
    expect(select.value).not.toBe('hold');
    expect(counts.hidden).toBe(true);
    select.value = 'hold';
    select.dispatchEvent(new h.window.Event('change') as unknown as Event);
    expect(counts.hidden).toBe(false);
    select.value = 'drawWeapon';
    select.dispatchEvent(new h.window.Event('change') as unknown as Event);
    expect(counts.hidden).toBe(true);
  });

  it('the settings make every creature roll, or none', async () => {
    await theExample();
    await game.settings.set('gng', 'tcSpeedFactors', 'all-static');
    await advanceCount(combat);
    await act(z, 'drawWeapon');
    // Rapid's static SF 2: 6 → 8.
    expect(tcSchedule(combat).next[z]).toBe(8);
  });
});

describe('hostile clients', () => {
  it("shows Act only to the acting combatant's owners and GMs", async () => {
    await theExample();
    await advanceCount(combat);
    h.as(otherPlayer);
    expect(rowOf(tracker(), z).querySelector('.gng-tc-act')).toBeNull();
    h.as(player);
    expect(rowOf(tracker(), z).querySelector('.gng-tc-act')).not.toBeNull();
    expect(rowOf(tracker(), g).querySelector('.gng-tc-act')).toBeNull();
  });

  it('refuses a forged request: another’s combatant, out of turn, unknown fields or actions', async () => {
    await theExample();
    await advanceCount(combat);
    const before = structuredClone(combat.getFlag('gng', 'tc'));
    h.as(otherPlayer);
    const ask = (data: Record<string, unknown>) => askGM('gng.tcAct', { combatId: combat.id, ...data });
    expect(await ask({ combatantId: z, action: 'drawWeapon' })).toMatchObject({
      ok: false,
      error: 'GNG.Model.TC.Act.Error.NotOwner',
    });
    expect(await ask({ combatantId: a, action: 'drawWeapon' })).toMatchObject({
      ok: false,
      error: 'GNG.Model.TC.Act.Error.NotActing',
    });
    h.as(player);
    expect(await ask({ combatantId: z, action: 'teleport' })).toMatchObject({ ok: false });
    expect(await ask({ combatantId: z, action: 'concentrate' })).toMatchObject({ ok: false });
    expect(await ask({ combatantId: z, action: 'drawWeapon', sf: 1 })).toMatchObject({ ok: false });
    expect(await ask({ combatantId: z, action: 'hold', counts: 0 })).toMatchObject({ ok: false });
    const sword = garret.items.contents[0] as Item;
    expect(await ask({ combatantId: z, action: 'attack', weaponId: sword.id })).toMatchObject({
      ok: false,
      error: 'GNG.Model.TC.Act.Error.NoWeapon',
    });
    h.as(gm);
    expect(combat.getFlag('gng', 'tc')).toEqual(before);
  });

  it('a double click acts once', async () => {
    await theExample();
    await advanceCount(combat);
    h.as(player);
    const request = { combatId: combat.id, combatantId: z, action: 'hold', counts: 3 };
    const results = await Promise.all([askGM('gng.tcAct', request), askGM('gng.tcAct', request)]);
    h.as(gm);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(tcSchedule(combat).next[z]).toBe(9);
  });

  it('a turn start is the schedule’s only: a turn or round written by hand starts no turn (A14)', async () => {
    // No schedule yet: core's own turn order.
    expect(isScheduledTurnStart(combat, g, 1)).toBe(true);
    await theExample();
    await advanceCount(combat); // count 6: Zherynn acts, round ⌊6/12⌋ + 1 = 1
    expect(isScheduledTurnStart(combat, z, 1)).toBe(true);
    // Garret (7) and Aeus (13) do not act at count 6; nor is round 2 the count's.
    expect(isScheduledTurnStart(combat, g, 1)).toBe(false);
    expect(isScheduledTurnStart(combat, a, 1)).toBe(false);
    expect(isScheduledTurnStart(combat, z, 2)).toBe(false);
    await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    await advanceCount(combat); // count 7: Garret
    expect(isScheduledTurnStart(combat, g, 1)).toBe(true);
    expect(isScheduledTurnStart(combat, z, 1)).toBe(false);
  });

  it("puts back a player's own write of its combatant's initiative", async () => {
    await setTcInitiative(combat, z, { total: 9 });
    h.as(player);
    await combat.combatants.get(z)?.update({ initiative: 1 });
    await attackActionsSettled();
    h.as(gm);
    expect(combat.combatants.get(z)?.initiative).toBe(9);
  });
});

describe("a GM's edit of the initiative field", () => {
  it('moves that combatant on the schedule (its unsteadiness kept); a value that is no count is put back', async () => {
    await setTcInitiative(combat, a, { total: 13, surprised: true });
    await combat.combatants.get(a)?.update({ initiative: 10 });
    await attackActionsSettled();
    expect(tcSchedule(combat)).toMatchObject({ next: { [a]: 10 }, unsteady: { [a]: true } });
    await combat.combatants.get(a)?.update({ initiative: 10.5 });
    await attackActionsSettled();
    expect(tcSchedule(combat).next[a]).toBe(10);
    expect(combat.combatants.get(a)?.initiative).toBe(10);
  });
});

describe('the end of the combat (A7)', () => {
  it("clears the hits taken against each creature's Threshold of Pain", async () => {
    await zherynn.update({ 'system.model.tc.topLost': 2 });
    await combat.delete();
    await attackActionsSettled();
    expect((zherynn.system as unknown as { model: { tc: { topLost: number } } }).model.tc.topLost).toBe(0);
  });
});
