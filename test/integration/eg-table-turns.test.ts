/**
 * The Enlightened Grognard at the table (issue #31, lane world; docs/rules.md "Sheet, tracker and
 * turns"), the world playing 'eg' as a world does (EG_LOADER): the model's loader, the tracker
 * (tokens per PC, bloodied marker, the NPCs' communal pool for GMs only), the dying Fortitude save at
 * the turn start with its Undo, and the guard of `system.model.eg.*`. Worked by hand:
 * - the Guard (eg-sheet-actions.test.ts): 28 HP, Fortitude 10 + 2 + 3 = 15, save +1 (003:345);
 * - the dying save (003:1023–1026): d20 9 + 1 = 10 saves; 5 + 1 = 6 fails and costs the d4 (2) in Con
 *   damage; a natural 20 revives a PC at level 3 + Con 2 = 5 HP; a natural 1 fails whatever the bonus,
 *   and Con damage 12 + 2 = 14 ≥ Con 14 kills the dying (003:1039);
 * - bloodied below half of 28: 13 HP (13 × 2 < 28), not 14 (A9).
 */
import { describe, expect, it } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { models } from '../../src/rules/index.js';
import { combatModel } from '../../src/settings/combat-model.js';
import { COMBAT_MODEL_CHOICES } from '../../src/settings/combat-model-setting.js';
import { egTurnCardOf, playEgTurnStart } from '../../src/cards/eg-turn/eg-turn-actions.js';
import { combatantOf } from '../../src/combat/scene-lookup.js';
import { egCardView, egGoblin, egGuard, egTrackerText, useEgWorld } from '../fixtures/eg-world.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
const view = egCardView(h);

useEgWorld(h, 31, { loaded: true, endCombats: true });

const sys = (actor: Actor) => actor.system as CreatureData;
const turnCards = () => game.messages.contents.filter((m) => egTurnCardOf(m) !== null);
const deathStatuses = (actor: Actor) =>
  ['dying', 'unconscious', 'stable', 'dead'].filter((id) => actor.statuses.has(id));

/** The Guard (eg-sheet-actions.test.ts), `owner`'s, at `hp` HP with `conDamage`. */
async function guard(hp = 28, conDamage = 0, name = 'Guard', owner: User = player): Promise<Actor> {
  return egGuard(h, { owner, hp, conDamage, name });
}

/** A begun combat of `actors` (round 1, the first one's turn: its turn start played), `dice` queued. */
async function fight(actors: Actor[], ...dice: number[]): Promise<HarnessCombat> {
  h.as(gm);
  h.dice.queue(...dice);
  const combat = h.startCombat(actors) as HarnessCombat;
  await combat.startCombat();
  await attackActionsSettled();
  expect(h.dice.queued).toEqual([]);
  return combat;
}

describe('the loader', () => {
  it('offers the model as a choice and loads it with its glue; the self-test passes', async () => {
    expect(COMBAT_MODEL_CHOICES.eg).toBe('GNG.Model.EG.label');
    expect(h.i18n.localize('GNG.Model.EG.label')).toBe('Enlightened Grognard (tokens)');
    expect(combatModel().id).toBe('eg');
    expect(models.BUILT_IN_MODEL_IDS).toEqual(['gng', 'saga', 'eg', 'tc']);
    await guard();
    const { SELF_TEST_CHECKS, runSelfTest } = await import('../../src/self-test/index.js');
    const report = await runSelfTest({ checks: SELF_TEST_CHECKS.filter((c) => c.id === 'combatModel') });
    expect(report.results.find((r) => r.id === 'combatModel')).toMatchObject({ status: 'pass' });
  });
});

describe('the tracker', () => {
  it('shows each PC’s tokens (persistent apart) and the bloodied marker to all; the NPC pool to GMs only', async () => {
    const hero = await guard(13);
    const scout = await guard(28, 0, 'Scout', otherPlayer);
    const goblin = await egGoblin(h);
    const combat = await fight([hero, scout, goblin]);
    h.as(player);
    await askGM('gng.egAction', {
      actorUuid: hero.uuid,
      action: 'totalDefense',
      first: '',
      second: '',
      aidTo: '',
    });
    h.as(gm);
    // The goblin refocuses on its own turn (a swift action of its turn's budget).
    await combat.nextTurn();
    await combat.nextTurn();
    await attackActionsSettled();
    await askGM('gng.egAction', {
      actorUuid: goblin.uuid,
      action: 'refocus',
      first: '',
      second: '',
      aidTo: '',
    });
    await hero.update({ 'system.model.eg.persistent.insight': 2 });
    h.as(otherPlayer);
    expect(egTrackerText(h, hero, '.gng-eg-tokens')).toBe('P 0 · S 4 · I 0 (+P 0 · S 0 · I 2 persistent)');
    expect(egTrackerText(h, scout, '.gng-eg-tokens')).toBe('P 0 · S 0 · I 0');
    expect(egTrackerText(h, goblin, '.gng-eg-tokens')).toBeNull();
    expect(egTrackerText(h, hero, '.gng-eg-bloodied')).toBe('Bloodied');
    expect(egTrackerText(h, scout, '.gng-eg-bloodied')).toBeNull();
    expect(h.renderCombatTracker().querySelector('.gng-eg-npc-pool')).toBeNull();
    h.as(gm);
    expect(h.renderCombatTracker().querySelector('.gng-eg-npc-pool')?.textContent).toBe(
      'NPC communal pool: 0 power, 1 speed, 0 insight',
    );
    // 14 of 28 is half, not below it (A9).
    await hero.update({ 'system.hp.value': 14 });
    expect(egTrackerText(h, hero, '.gng-eg-bloodied')).toBeNull();
  });
});

describe('the dying save at the turn start', () => {
  it('a failure costs the d4 in Con damage, on a card; the GM’s Undo takes it back exactly', async () => {
    const hero = await guard(-3);
    const combat = await fight([hero, await egGoblin(h)], 5, 2);
    expect(sys(hero).abilities.con.damage).toBe(2);
    const [card] = turnCards();
    expect(view.text(card as ChatMessage)).toContain(
      "Guard's turn start Round 1 Guard is dying: Fortitude save d20 5 + 1 = 6, below 10: failed. Guard takes 2 Con damage (Con damage 2 of Con 14). Undo",
    );
    // Once per round.
    expect(await playEgTurnStart(combat, combatantOf(hero) as Combatant)).toBeNull();
    h.as(player);
    expect(view.buttons(card as ChatMessage)).toEqual([]);
    h.as(gm);
    await view.click(card as ChatMessage, 'egTurnUndo');
    expect(sys(hero).abilities.con.damage).toBe(0);
    expect(sys(hero).hp.value).toBe(-3);
    // The record goes with it: the turn start may be played again.
    h.dice.queue(9);
    const again = await playEgTurnStart(combat, combatantOf(hero) as Combatant);
    expect(view.text(again as ChatMessage)).toContain('Fortitude save d20 9 + 1 = 10: saved, no Con damage.');
    expect(sys(hero).abilities.con.damage).toBe(0);
  });

  it('a PC’s natural 20 revives it at level + Con; Undo puts it back to dying', async () => {
    const hero = await guard();
    // HP typed by the GM: the HP glue sets `dying` (src/hooks/hp-statuses.ts) and, under EG,
    // `unconscious` ("A dying character immediately falls unconscious", 003:1019; eg-table.ts).
    await hero.update({ 'system.hp.value': -3 });
    await attackActionsSettled();
    expect(deathStatuses(hero)).toEqual(['dying', 'unconscious']);
    await fight([hero, await egGoblin(h)], 20);
    expect(sys(hero).hp.value).toBe(5);
    expect(deathStatuses(hero)).toEqual([]);
    const [card] = turnCards();
    expect(view.text(card as ChatMessage)).toContain(
      'A natural 20: Guard regains consciousness at 5 HP, fully functional.',
    );
    await view.click(card as ChatMessage, 'egTurnUndo');
    expect(sys(hero).hp.value).toBe(-3);
    expect(deathStatuses(hero)).toEqual(['dying', 'unconscious']);
  });

  it('a natural 1 fails; Con damage reaching Con kills the dying; the living, the stable and the dead roll nothing', async () => {
    const hero = await guard(-3, 12);
    const up = await guard(28, 0, 'Scout', otherPlayer);
    const combat = await fight([hero, up], 1, 2);
    expect(sys(hero).abilities.con.damage).toBe(14);
    expect(deathStatuses(hero)).toEqual(['dead']);
    expect(view.text(turnCards()[0] as ChatMessage)).toContain(
      'Guard takes 2 Con damage (Con damage 14 of Con 14) and dies.',
    );
    // The Scout's turn: not dying, no card, no die.
    await combat.nextTurn();
    await attackActionsSettled();
    expect(turnCards()).toHaveLength(1);
    // The dead: nothing next round.
    await combat.nextTurn();
    await attackActionsSettled();
    expect(turnCards()).toHaveLength(1);
    // A stabilised creature below 0 is disabled, not dying (003:1048): no save.
    await up.update({ 'system.hp.value': -4 });
    await up.toggleStatusEffect('stable', { active: true });
    expect(await playEgTurnStart(combat, combatantOf(up) as Combatant)).toBeNull();
    expect(turnCards()).toHaveLength(1);
  });
});

describe('the guard of system.model.eg', () => {
  it("a player's own write of its persistent tokens or bloodied mark is refused, with a message", async () => {
    const hero = await guard();
    h.as(player);
    await hero.update({ 'system.model.eg.persistent.power': 5 });
    await hero.update({ 'system.model.eg.bloodied': 1 });
    expect(sys(hero).model.eg).toEqual({ bloodied: 0, persistent: { power: 0, speed: 0, insight: 0 } });
    expect(h.notices.at(-1)?.message).toBe(
      "Only a GM changes Guard's bloodied mark and persistent tokens: they are the GM's to grant. Nothing was changed.",
    );
    // The player's other fields stay the player's.
    await hero.update({ 'system.hp.value': 20 });
    expect(sys(hero).hp.value).toBe(20);
  });

  it("a write that got past the player's client is put back by the GM's client", async () => {
    const hero = await guard();
    h.as(gm);
    await hero.update({ 'system.model.eg.persistent.speed': 2 });
    const call = Hooks.call.bind(Hooks);
    Hooks.call = ((name: string, ...args: unknown[]) =>
      name === 'preUpdateActor' ? true : call(name, ...args)) as typeof Hooks.call;
    h.as(player);
    try {
      await hero.update({ 'system.model.eg.persistent.speed': 9 });
    } finally {
      Hooks.call = call;
    }
    await attackActionsSettled();
    expect(sys(hero).model.eg.persistent.speed).toBe(2);
    expect(h.notices.some((n) => n.message.includes('without the GM: they were put back.'))).toBe(true);
  });
});

describe('the sheet header', () => {
  it("names the model's health, not GnG's injury grade: not bloodied, bloodied, disabled, dying, stable, dead", async () => {
    // The Guard has 28 HP: bloodied below 14 (13 × 2 < 28, A9), disabled at 0 (003:1006), dying below
    // 0 (003:1016), a stable creature below 0 is not dying (003:1048).
    const hero = await guard();
    const sheet = await h.openSheet(hero);
    const label = () => sheet.element.querySelector('.sheet-header .injury-grade')?.textContent?.trim();
    const cases: [Record<string, unknown>, string[], string][] = [
      [{ 'system.hp.value': 28 }, [], 'Not bloodied'],
      [{ 'system.hp.value': 14 }, [], 'Not bloodied'],
      [{ 'system.hp.value': 13 }, [], 'Bloodied'],
      [{ 'system.hp.value': 0 }, [], 'Disabled (0 HP)'],
      [{ 'system.hp.value': -3 }, [], 'Dying'],
      [{ 'system.hp.value': -3 }, ['stable'], 'Stable (disabled)'],
      [{ 'system.hp.value': -3 }, ['dead'], 'Dead'],
    ];
    h.as(gm);
    for (const [update, statuses, expected] of cases) {
      await hero.update(update);
      for (const id of ['stable', 'dead'])
        await hero.toggleStatusEffect(id, { active: statuses.includes(id) });
      await sheet.render();
      expect(label(), expected).toBe(expected);
    }
  });
});
