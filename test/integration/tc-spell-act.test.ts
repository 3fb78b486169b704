/**
 * Preparing and casting a spell from the Time Count tracker (issue #32, R37; seed 002:263, 656–662).
 * Worked by hand from the text's example (002:243): Zherynn 6, Garret 7, Aeus 13 (surprised). At
 * count 6 Zherynn (the player's PC: a random SF, R35) prepares a spell of Standard casting time:
 * 1d6 [3] + 6 = 9, prepared at 6 + 9 = 15 (002:263: "you spend the whole of the casting time").
 * Garret (the GM's NPC: static SF) acts at 7 with SF 9 → 16; Aeus at 13 with SF 9 → 22; at count 15
 * Zherynn casts "with a Speed Factor of 1" (002:662): next 16.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { useModelWorld, cardView } from '../fixtures/model-world.js';
import { TC_MODEL } from '../../src/rules/models/tc/model.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { registerTcTracker } from '../../src/models/tc-tracker.js';
import {
  advanceCount,
  registerTcSpeedFactorsSetting,
  scheduleAct,
  setTcInitiative,
  tcSchedule,
} from '../../src/combat/tc-schedule.js';
import { tcCountdowns } from '../../src/combat/tc-countdowns.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
useModelWorld(h, 37, TC_MODEL);
registerTcTracker();

let combat: HarnessCombat;
let z: string;
let a: string;
let g: string;

beforeEach(async () => {
  registerTcSpeedFactorsSetting();
  const zherynn = await h.createActor({ name: 'Zherynn', type: 'character' }, player);
  const aeus = await h.createActor({ name: 'Aeus', type: 'character' }, otherPlayer);
  const garret = await h.createActor({ name: 'Garret', type: 'npc' });
  combat = h.startCombat([zherynn, aeus, garret]) as HarnessCombat;
  const idOf = (actor: Actor) => combat.combatants.find((c) => c.actor === actor)?.id as string;
  [z, a, g] = [idOf(zherynn), idOf(aeus), idOf(garret)];
  await setTcInitiative(combat, z, { total: 6 });
  await setTcInitiative(combat, g, { total: 7 });
  await setTcInitiative(combat, a, { total: 13, surprised: true });
  await advanceCount(combat);
  // The tracker's action list comes with the act card's module, loaded on demand: loaded before the
  // first look at a row, or the row lists no actions at all (and nothing wrongly offered shows).
  await attackActionsSettled();
});

const tracker = () => h.renderCombatTracker(combat);
const rowOf = (id: string) =>
  tracker().querySelector<HTMLElement>(`.combatant[data-combatant-id="${id}"]`) as HTMLElement;
const rowText = (id: string) => rowOf(id).querySelector('.gng-tc-row')?.textContent ?? null;
const choices = (id: string) =>
  [...rowOf(id).querySelectorAll<HTMLOptionElement>('select[name="tc-action"] option')].map((o) => o.value);
const lastCard = () => game.messages.contents.at(-1) as ChatMessage;
const cardText = () => cardView(h).html(lastCard()).textContent ?? '';

/** Clicks the row's Act with `value` chosen (as the current user's client). */
async function act(id: string, value: string): Promise<void> {
  const row = rowOf(id);
  (row.querySelector('select[name="tc-action"]') as HTMLSelectElement).value = value;
  row.querySelector<HTMLButtonElement>('button.gng-tc-act')?.click();
  await attackActionsSettled();
}

describe('a spell on the Time Count tracker', () => {
  it('the player prepares it (its casting time as the SF, a countdown) and casts it with SF 1; Undo is exact', async () => {
    h.as(player);
    const offered = choices(z);
    expect(offered).toContain('drinkPotion');
    expect(offered).toContain('prepareSpell:standard');
    expect(offered).not.toContain('castSpell');
    expect(rowOf(z).querySelector('option[value="prepareSpell:standard"]')?.textContent).toBe(
      'Prepare a spell (Standard casting time)',
    );
    h.dice.queue(3);
    await act(z, 'prepareSpell:standard');
    h.as(gm);
    expect(tcSchedule(combat).next[z]).toBe(15);
    expect(tcCountdowns(combat)).toEqual({ [z]: { kind: 'preparing', at: 15 } });
    expect(cardText()).toContain(
      'Zherynn: Prepare a spell (Standard casting time), SF 1d6+6 [3] = 9; acted at 6, acts next at 15.',
    );
    expect(cardText()).toContain('Preparing a spell: ready at count 15');
    expect(rowText(z)).toBe('acts at 15 (in 9) · preparing a spell: ready at 15 (in 9)');

    await advanceCount(combat);
    await scheduleAct(combat, g, { sf: 9, reason: 'x' });
    await advanceCount(combat);
    await scheduleAct(combat, a, { sf: 9, reason: 'x' });
    await advanceCount(combat);
    expect(tcSchedule(combat).count).toBe(15);
    h.as(player);
    expect(choices(z)).toContain('castSpell');
    await act(z, 'castSpell');
    h.as(gm);
    expect(tcSchedule(combat).next[z]).toBe(16);
    expect(tcCountdowns(combat)).toEqual({});
    expect(cardText()).toContain('Zherynn: Cast the prepared spell, SF 1; acted at 15, acts next at 16.');
    // The GM's Undo of the casting: the next count and the countdown as they were.
    await cardView(h).click(lastCard(), 'tcActUndo');
    expect(tcSchedule(combat).next[z]).toBe(15);
    expect(tcCountdowns(combat)).toEqual({ [z]: { kind: 'preparing', at: 15 } });
  });

  it("an NPC's casting time is static (R35: Slow 12); the GM's Undo of the preparation takes both back", async () => {
    await advanceCount(combat);
    expect(tcSchedule(combat).count).toBe(7);
    h.as(gm);
    await act(g, 'prepareSpell:slow');
    expect(tcSchedule(combat).next[g]).toBe(19);
    expect(tcCountdowns(combat)).toEqual({ [g]: { kind: 'preparing', at: 19 } });
    expect(cardText()).toContain(
      'Garret: Prepare a spell (Slow casting time), SF 12; acted at 7, acts next at 19.',
    );
    await cardView(h).click(lastCard(), 'tcActUndo');
    expect(tcSchedule(combat).next[g]).toBe(7);
    expect(tcCountdowns(combat)).toEqual({});
  });

  it('refuses casting before it is prepared, a casting time that is not a speed class, and another’s caster', async () => {
    const before = structuredClone(combat.getFlag('gng', 'tc'));
    const ask = (data: Record<string, unknown>) => askGM('gng.tcAct', { combatId: combat.id, ...data });
    h.as(player);
    expect(await ask({ combatantId: z, action: 'castSpell' })).toMatchObject({
      ok: false,
      error: 'GNG.Model.TC.Spell.Error.notPrepared',
    });
    expect(await ask({ combatantId: z, action: 'prepareSpell', castingTime: 'warp' })).toMatchObject({
      ok: false,
    });
    expect(await ask({ combatantId: z, action: 'prepareSpell' })).toMatchObject({ ok: false });
    h.as(otherPlayer);
    expect(await ask({ combatantId: z, action: 'prepareSpell', castingTime: 'fast' })).toMatchObject({
      ok: false,
      error: 'GNG.Model.TC.Act.Error.NotOwner',
    });
    h.as(gm);
    expect(combat.getFlag('gng', 'tc')).toEqual(before);
  });
});
