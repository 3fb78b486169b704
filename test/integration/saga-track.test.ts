/**
 * The Saga-style model's sheet block and condition track (issue #30; docs/rules.md "Sheet and
 * track"), on the harness with the world playing 'saga' (the built-in model, loaded on first use):
 * - the block: Reflex, Fortitude and Will Defense with breakdowns, the damage threshold, HP with
 *   nonlethal damage, the six steps with the actor's marked — for everyone;
 * - the GM's buttons move the track one step (never past its ends); a player who owns the actor asks
 *   the GM, whose Approve moves it from the step it is on then, or Decline leaves it;
 * - a player's own write of the step is refused on the player's client; one that gets past it is put
 *   back by the GM's client; the token marker follows the step.
 * Expected numbers from the design's decisions (docs/rules.md, A2 and A3): an NPC without a class,
 * Dex 14 (+2), Con 13 (+1), Wis 8 (−1), Medium, no armor: Reflex 10 + 2 = 12, Fortitude
 * 10 + 0 + 1 = 11, Will 10 + 0 − 1 = 9; damage threshold = Fortitude = 11.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { conditionStepOf, moveConditionTrack } from '../../src/cards/saga-track/track-state.js';
import { CONDITION_STEP_STATUSES } from '../../src/hooks/condition-step.js';
import { openTab } from '../fixtures/sheet-tabs.js';
import { skippedEffectChanges } from '../../src/data/actor/effect-guard.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

import { useSagaWorld } from '../fixtures/saga-world.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;

const text = (app: HarnessApplicationV2, selector: string) =>
  app.element.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());

useSagaWorld(h, 30, { loaded: true });

/** The player's NPC: Dex 14, Con 13, Wis 8, 10 HP of which 3 nonlethal. */
async function scout(): Promise<Actor> {
  h.as(gm);
  return h.createActor(
    {
      name: 'Scout',
      type: 'npc',
      system: {
        abilities: { dex: { value: 14 }, con: { value: 13 }, wis: { value: 8 } },
        hp: { value: 10, nonlethal: 3 },
      },
    },
    player,
  );
}

const markers = (actor: Actor) => CONDITION_STEP_STATUSES.filter((id) => actor.statuses.has(id));

describe('the sheet block', () => {
  it('shows the three defenses with breakdowns, the damage threshold, HP with nonlethal, and the track', async () => {
    const actor = await scout();
    const sheet = await h.openSheet(actor);
    const labels = texts(sheet.element, '.combat-panel .combat-stats .stat-label');
    expect(labels).toEqual([
      'Reflex Defense',
      'Fortitude Defense',
      'Will Defense',
      'Damage threshold',
      'Hit points',
      'Initiative',
    ]);
    expect(text(sheet, '.stat-defense-reflex .stat-value')).toBe('12');
    expect(text(sheet, '.stat-defense-fortitude .stat-value')).toBe('11');
    expect(text(sheet, '.stat-defense-will .stat-value')).toBe('9');
    expect(text(sheet, '.stat-threshold .stat-value')).toBe('11');
    expect(texts(sheet.element, '.stat-threshold .breakdown-line')).toEqual(['Fortitude Defense = 11']);
    expect(texts(sheet.element, '.stat-defense-reflex .breakdown-line')).toContain('Dexterity +2');
    expect(texts(sheet.element, '.stat-defense-reflex .breakdown-line').at(-1)).toBe('Reflex Defense = 12');
    expect(text(sheet, '.stat-hp .stat-sub')).toBe('(3 nonlethal)');
    // GnG's Protection is not part of this model.
    expect(sheet.element.querySelector('.stat-protection')).toBeNull();
    expect(texts(sheet.element, '.track-step')).toEqual(['Normal', '−1', '−2', '−5', '−10', 'Unconscious']);
    expect(sheet.element.querySelector('.track-step[aria-current="step"]')?.getAttribute('data-step')).toBe(
      '0',
    );
    expect(text(sheet, '.track-now')).toBe('Now: normal, no penalty.');
    // The GM moves it: up is disabled at the top.
    expect(texts(sheet.element, '.track-buttons button')).toEqual(['One step up', 'One step down']);
    expect(sheet.element.querySelector<HTMLButtonElement>('[data-move="up"]')?.disabled).toBe(true);
  });

  it('under GnG: no track, GnG’s combat panel', async () => {
    await game.settings.set('gng', 'combatModel', 'gng');
    const sheet = await h.openSheet(await scout());
    expect(sheet.element.querySelector('.condition-track')).toBeNull();
    expect(sheet.element.querySelector('.stat-protection')).not.toBeNull();
  });
});

describe('the GM moves the track', () => {
  it('one step per click, the token marker in step, never past the bottom', async () => {
    const actor = await scout();
    const sheet = await h.openSheet(actor);
    await h.click(sheet, '[data-action="conditionTrack"][data-move="down"]');
    await attackActionsSettled();
    expect(conditionStepOf(actor)).toBe(1);
    expect(markers(actor)).toEqual(['condition-step-1']);
    for (let i = 0; i < 3; i++) await moveConditionTrack(actor, 'down');
    await attackActionsSettled();
    expect(conditionStepOf(actor)).toBe(4);
    expect(markers(actor)).toEqual(['condition-step-4']);
    expect(text(sheet, '.track-now')).toBe(
      'Now: −10 to attacks, all three defenses, ability and skill checks. Half speed.',
    );
    // The step's penalty is on the defenses (decision A1): Reflex 12 − 10.
    expect(text(sheet, '.stat-defense-reflex .stat-value')).toBe('2');
    await moveConditionTrack(actor, 'down');
    await attackActionsSettled();
    expect(conditionStepOf(actor)).toBe(5);
    expect(await moveConditionTrack(actor, 'down')).toMatchObject({
      ok: false,
      error: 'GNG.Model.Saga.Track.Error.AtBottom',
    });
    expect(conditionStepOf(actor)).toBe(5);
    expect(h.notices.at(-1)?.message).toBe(
      'Scout is already at the bottom of the condition track (unconscious): nothing was changed.',
    );
    await moveConditionTrack(actor, 'up');
    await attackActionsSettled();
    expect(conditionStepOf(actor)).toBe(4);
    expect(markers(actor)).toEqual(['condition-step-4']);
  });
});

describe('a player asks the GM', () => {
  it('a request card the GM approves: the move from the step now; decided once', async () => {
    const actor = await scout();
    h.as(player);
    const sheet = await h.openSheet(actor);
    expect(texts(sheet.element, '.track-buttons button')).toEqual([
      'Ask the GM: one step up',
      'Ask the GM: one step down',
    ]);
    await h.click(sheet, '[data-action="conditionTrack"][data-move="down"]');
    await attackActionsSettled();
    // Asking moved nothing.
    expect(conditionStepOf(actor)).toBe(0);
    const message = game.messages.contents.at(-1) as ChatMessage;
    h.as(gm);
    let html = h.renderMessage(message);
    expect(text({ element: html } as never, '.track-ask')).toBe(
      'Player asks to move Scout one step down the condition track (now Normal).',
    );
    await attackActionsSettled();
    html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    // The GM moved it meanwhile: Approve moves it from where it is now.
    await moveConditionTrack(actor, 'down');
    await attackActionsSettled();
    html.querySelector<HTMLButtonElement>('button[data-action="approve"]')?.click();
    await attackActionsSettled();
    expect(conditionStepOf(actor)).toBe(2);
    const decided = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(text({ element: decided } as never, '.track-result')).toBe('Approved: Scout moved from −1 to −2.');
    expect(decided.querySelector('button[data-action="approve"]')).toBeNull();
    // The player sees the card, without its buttons.
    h.as(player);
    const seen = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(seen.querySelector('button')).toBeNull();
  });

  it('Decline leaves the track; a player may not approve; a player who does not own the actor may not ask', async () => {
    const actor = await scout();
    h.as(player);
    expect(await moveConditionTrack(actor, 'down')).toMatchObject({ ok: true });
    await attackActionsSettled();
    const message = game.messages.contents.at(-1) as ChatMessage;
    const { trackCard } = await import('../../src/cards/saga-track/track-actions.js');
    expect(await trackCard.request(message.id as string, 'approve', 'actor')).toMatchObject({
      ok: false,
      error: 'GNG.Model.Saga.Track.Error.GMDecides',
    });
    h.as(gm);
    const html = h.renderMessage(message);
    await attackActionsSettled();
    h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(await trackCard.request(message.id as string, 'decline', 'actor')).toEqual({ ok: true });
    expect(conditionStepOf(actor)).toBe(0);
    expect(html).toBeTruthy();
    h.as(otherPlayer);
    expect(await moveConditionTrack(actor, 'down')).toMatchObject({
      ok: false,
      error: 'GNG.Model.Saga.Track.Error.NotOwner',
    });
    expect(game.messages.size).toBe(1);
  });
});

describe('the guard', () => {
  it("a player's own write of the step is refused, with a message; the value stays", async () => {
    const actor = await scout();
    h.as(player);
    await actor.update({ 'system.model.saga.conditionStep': 3 });
    expect(conditionStepOf(actor)).toBe(0);
    expect(h.notices.at(-1)?.message).toBe(
      'Only a GM moves the condition track (Scout): ask the GM with the track’s buttons. Nothing was changed.',
    );
    // Other fields of the player's actor are the player's as before.
    await actor.update({ 'system.hp.value': 8 });
    expect((actor.system as unknown as { hp: { value: number } }).hp.value).toBe(8);
  });

  it('an effect of the player’s cannot change the step: skipped by the effect guard', async () => {
    const actor = await scout();
    for (let i = 0; i < 4; i++) await moveConditionTrack(actor, 'down');
    await attackActionsSettled();
    h.as(player);
    await actor.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Shrug it off',
        changes: [
          { key: 'system.model.saga.conditionStep', mode: CONST.ACTIVE_EFFECT_MODES.OVERRIDE, value: '0' },
        ],
      },
    ]);
    expect(conditionStepOf(actor)).toBe(4);
    // Step 4: −10 on the Reflex Defense of 12 (decision A1).
    const sys = actor.system as unknown as CreatureData;
    expect(sys.derived.modelDefenses.reflex).toMatchObject({ value: 2 });
    expect(skippedEffectChanges(actor)).toMatchObject([
      { key: 'system.model.saga.conditionStep', reason: 'gm-only' },
    ]);
  });

  it("a write that got past the player's client (no hooks there) is put back by the GM's client", async () => {
    const actor = await scout();
    h.as(gm);
    await moveConditionTrack(actor, 'down');
    await attackActionsSettled();
    // A client without our hooks: its own pre-hook does not run.
    const call = Hooks.call.bind(Hooks);
    Hooks.call = ((name: string, ...args: unknown[]) =>
      name === 'preUpdateActor' ? true : call(name, ...args)) as typeof Hooks.call;
    h.as(player);
    try {
      await actor.update({ 'system.model.saga.conditionStep': 0 });
    } finally {
      Hooks.call = call;
    }
    await attackActionsSettled();
    expect(conditionStepOf(actor)).toBe(1);
    expect(markers(actor)).toEqual(['condition-step-1']);
    expect(
      h.notices.some(
        (n) => n.message === 'Player changed Scout’s condition step without the GM: it was put back.',
      ),
    ).toBe(true);
  });
});

describe('the token markers', () => {
  it('go when the world leaves the model, and come back with it', async () => {
    const actor = await scout();
    // The API's call (a macro's) is the sheet's.
    expect(await game.gng.conditionTrack(actor, 'down')).toEqual({ ok: true });
    await moveConditionTrack(actor, 'down');
    await attackActionsSettled();
    expect(markers(actor)).toEqual(['condition-step-2']);
    await game.settings.set('gng', 'combatModel', 'gng');
    await attackActionsSettled();
    expect(markers(actor)).toEqual([]);
    // The step stays stored; under the model again, its marker is back.
    expect(conditionStepOf(actor)).toBe(2);
    await game.settings.set('gng', 'combatModel', 'saga');
    await attackActionsSettled();
    expect(markers(actor)).toEqual(['condition-step-2']);
    // Not a condition to toggle by hand on the sheet, though in CONFIG.statusEffects.
    expect(CONFIG.statusEffects.map((status) => status.id)).toContain('condition-step-2');
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'effects');
    const toggles = [...sheet.element.querySelectorAll<HTMLElement>('button[data-action="toggleStatus"]')];
    expect(toggles.map((b) => b.dataset.status)).toContain('prone');
    expect(toggles.filter((b) => b.dataset.status?.startsWith('condition-step'))).toEqual([]);
  });
});

describe('the self-test', () => {
  it('reports the model loaded before any actor was prepared (the world chose it; nothing stood in)', async () => {
    await scout();
    const { SELF_TEST_CHECKS, runSelfTest } = await import('../../src/self-test/index.js');
    const report = await runSelfTest({ checks: SELF_TEST_CHECKS.filter((c) => c.id === 'combatModel') });
    expect(report.results.find((r) => r.id === 'combatModel')).toMatchObject({
      status: 'pass',
      detail:
        'The Saga-style (static defenses, condition track) combat rules were loaded before any actor was prepared; the 1 actor(s) of the world have its defenses.',
    });
  });
});
