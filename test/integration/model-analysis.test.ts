/**
 * The odds and the simulator through the combat model's analysis (issue #26), proved with the test
 * model (test/fixtures/test-combat-model.ts: every attack hits, 5 damage, dead at 0 HP, a fight loop
 * of 5-point hits): the attack dialog's odds and the card's are the world's (the card's: its own
 * model's, GnG for a card that records none), `game.gng.simulate` runs the model's fights, and a
 * model the simulator does not have is a clear, localized error. Every expected value by hand.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { TEST_DAMAGE, TEST_MODEL, TEST_MODEL_ID } from '../fixtures/test-combat-model.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import { models } from '../../src/rules/index.js';

const h = await getHarness();
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const { cardOdds } = await import('../../src/cards/attack/attack-odds-card.js');
const { cardOddsAttack } = await import('../../src/cards/attack/attack-odds.js');
const { percent } = await import('../../src/cards/attack/attack-odds-view.js');
const { runChunked, UnknownModelError } = await import('../../src/simulator/protocol.js');
await (await import('../../src/applications/attack-dialog.js')).dialogOdds();
await (await import('../../src/cards/attack/attack-odds-register.js')).cardOddsModule();
const { gm, player } = h.users;

beforeEach(() => {
  h.reset(26);
  models.registerCombatModel(TEST_MODEL);
});
afterEach(async () => {
  await attackActionsSettled();
  for (const app of h.openApplications()) await app.close();
  models.unregisterCombatModel(TEST_MODEL_ID);
  expect([...h.i18n.missing]).toEqual([]);
});

const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;
/** An NPC of `hp` HP (max HP = Con for a Medium creature with no Hit Dice). */
const npc = (name: string, hp: number, owner?: User) =>
  h.createActor(
    { name, type: 'npc', system: { hp: { value: hp }, abilities: { con: { value: hp } } } },
    owner,
  );

async function useTestModel(): Promise<void> {
  h.as(gm);
  await game.settings.set('gng', 'combatModel', TEST_MODEL_ID);
}

describe("the test model's analysis", () => {
  it('odds: a sure hit, 5 damage for certain, dead when the HP after are 0 or less', async () => {
    const analysis = await TEST_MODEL.analysis();
    const input = (hp: number, nonlethal = false) => ({
      attack: { bonus: 0 },
      defense: { bonus: 0 },
      damage: { protection: { armor: 0, naturalArmor: 0 }, nonlethal },
      target: { hp: { value: hp, max: 10 }, size: 'medium' as const },
    });
    const ten = analysis.odds(input(10));
    expect(ten.hit.hit).toBe(1);
    expect(ten.damage.final.p).toEqual([1]);
    expect(ten.damage.final.min).toBe(5);
    expect(ten.outcome.hpAfter.min).toBe(5);
    expect(ten.outcome.condition).toMatchObject({ normal: 1, dead: 0 });
    expect(analysis.odds(input(5)).outcome.condition).toMatchObject({ normal: 0, dead: 1 });
    expect(analysis.odds(input(6)).outcome.condition).toMatchObject({ normal: 1, dead: 0 });
    // A nonlethal hit leaves the HP as they are.
    expect(analysis.odds(input(5, true)).outcome.condition).toMatchObject({ normal: 1, dead: 0 });
  });
});

describe('the odds views use the combat model', () => {
  it("the attack dialog shows the world's model's odds: under the test model, a sure hit that kills at 5 HP", async () => {
    const fighter = await appendix3Fighter(h, player);
    const tough = await npc('Tough', 10);
    const frail = await npc('Frail', TEST_DAMAGE);
    const tokens = [h.placeToken(tough), h.placeToken(frail)];
    await useTestModel();
    h.as(player);
    h.target(player, ...tokens);
    void AttackDialog.prompt(fighter, sword(fighter));
    const dialog = await vi.waitFor(() => {
      const app = h.openApplications().find((a) => a instanceof AttackDialog);
      if (!app) throw new Error('no attack dialog');
      return app as unknown as HarnessApplicationV2;
    });
    await attackActionsSettled();
    const cell = (token: { id: string }, outcome: string) =>
      dialog.element.querySelector(
        `.attack-odds tr[data-target-id="${token.id}"] td[data-outcome="${outcome}"]`,
      )?.textContent;
    expect(cell(tokens[0]!, 'miss')).toBe(percent(0));
    expect(cell(tokens[0]!, 'hurt')).toBe(percent(1));
    expect(cell(tokens[0]!, 'dead')).toBe(percent(0));
    expect(cell(tokens[1]!, 'miss')).toBe(percent(0));
    expect(cell(tokens[1]!, 'dead')).toBe(percent(1));
  });

  it("the card's odds are its model's: GnG for a card that records none, the test model's for one that records it", async () => {
    const fighter = await appendix3Fighter(h, player);
    const orc = await npc('Orc', 10);
    h.as(player);
    h.target(player, h.placeToken(orc));
    // The fighter's +9 and a natural 10: total 19.
    h.dice.queue(10);
    const message = (await game.gng.attack(fighter, sword(fighter), {})) as ChatMessage;
    await attackActionsSettled();
    await useTestModel();
    const state = () => cardState(game.messages.get(message.id as string)) as AttackCardState;
    const miss = () => {
      const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
      return html.querySelector('section.target .odds-list dd[data-outcome="miss"]')?.textContent;
    };
    // A card from before the models reads as GnG: 19 against d20 + 0 misses on a Defense 20 only.
    h.as(player);
    expect(miss()).toBe(percent(0.05));
    const [gng] = cardOdds(state(), cardOddsAttack(state(), fighter)!);
    expect(gng?.available && gng.summary.hit).toBeCloseTo(0.95, 12);
    // The same card recording the test model: a sure hit.
    h.as(gm);
    await game.messages.get(message.id as string)?.update({ 'system.model': TEST_MODEL_ID });
    h.as(player);
    expect(miss()).toBe(percent(0));
    await attackActionsSettled();
    const [test] = cardOdds(state(), cardOddsAttack(state(), fighter)!);
    expect(test?.available && test.summary.hit).toBe(1);
  });
});

describe('the simulator runs the combat model', () => {
  it("game.gng.simulate fights the world's model: 12 HP against 10 HP, 5 a hit, side A first", async () => {
    const a = await npc('Twelve', 12);
    const b = await npc('Ten', 10);
    await useTestModel();
    const r = await game.gng.simulate({ sideA: [a], sideB: [b], n: 50, seed: 1 });
    // Round 1: A → B 5, B → A 7; round 2: A → B 0, dead. Every fight the same.
    expect(r.wins).toEqual({ a: 50, b: 0, draw: 0 });
    expect(r.meanRounds).toBe(2);
    const [twelve, ten] = r.combatants;
    expect(twelve?.meanHp).toBe(7);
    expect(ten?.states.dead).toBe(1);
    expect(twelve?.hitRate).toBe(1);
  });

  it('an unknown model is a clear error: before the run, and from a worker that lacks it', async () => {
    const a = await npc('A', 10);
    const b = await npc('B', 10);
    h.as(gm);
    const message =
      'The simulator cannot run the combat model "homebrew": it is not a model this system has. Choose a built-in combat model in the Variant rules window.';
    await expect(game.gng.simulate({ sideA: [a], sideB: [b], n: 10, model: 'homebrew' })).rejects.toThrow(
      message,
    );
    // The run itself (the worker's side) refuses an id its registry lacks.
    const job = { sides: { a: [], b: [] }, policies: {}, variants: {}, n: 1, seed: 1, model: 'homebrew' };
    await expect(runChunked(job, () => true)).rejects.toBeInstanceOf(UnknownModelError);
    // A worker answering that it lacks the model: the page words it.
    const posted: unknown[] = [];
    class FakeWorker {
      onmessage: ((event: { data: unknown }) => void) | null = null;
      onerror: unknown = null;
      postMessage(job: unknown) {
        posted.push(job);
        queueMicrotask(() =>
          this.onmessage?.({ data: { type: 'error', message: 'no model', unknownModel: 'gng' } }),
        );
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', FakeWorker);
    try {
      await expect(game.gng.simulate({ sideA: [a], sideB: [b], n: 10 })).rejects.toThrow(
        'The simulator cannot run the combat model "gng"',
      );
      expect(posted).toMatchObject([{ model: 'gng', n: 10 }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
