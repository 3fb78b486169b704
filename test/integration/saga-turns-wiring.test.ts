/**
 * The Saga-style turns (src/combat/saga-turns.ts) are registered by the model's own loader
 * (SAGA_LOADER, src/settings/combat-model.ts): nothing registers them while the world plays GnG;
 * changing the world's model to the Saga-style model loads it and, with it, the turns — a combat
 * then shows each combatant's budget on the tracker and refills it at each turn start.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { sagaFight, trackerText } from '../fixtures/saga-world.js';
import { models } from '../../src/rules/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { combatantOf } from '../../src/combat/scene-lookup.js';
import { SAGA_LOADER } from '../../src/settings/combat-model.js';
import { sagaRecordOf, spendSagaActionFor } from '../../src/combat/saga-turns.js';

const h = await getHarness();
const { gm } = h.users;

beforeEach(() => h.reset(30));
afterEach(async () => {
  h.as(gm);
  for (const combat of [...game.combats]) await combat.delete();
  await game.settings.set('gng', 'combatModel', 'gng');
  expect([...h.i18n.missing]).toEqual([]);
});

const badge = (actor: Actor) => trackerText(h, actor);

const fight = () => sagaFight(h);

describe("the Saga turns arrive with the model's loader", () => {
  it('under GnG nothing of them runs: no badge, no record at turn start', async () => {
    expect(models.combatModelById('saga')).toBeNull();
    const { fighter } = await fight();
    expect(badge(fighter)).toBeNull();
    expect(combatantOf(fighter)?.parent?.getFlag('gng', 'saga')).toBeUndefined();
  });

  it("after the world's model is changed to Saga: the badge, and a turn start refills the budget", async () => {
    // The setting's onChange loads the model through SAGA_LOADER (registered at import).
    expect(models.combatModelLabel('saga')).toBe(SAGA_LOADER.label);
    await game.settings.set('gng', 'combatModel', 'saga');
    await attackActionsSettled();
    expect(models.combatModelById('saga')?.id).toBe('saga');
    const { fighter, rogue, combat } = await fight();
    // A fresh Saga turn (001:5–21): one standard, a move (or the standard as a second), swift ×3.
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×3 · AoO 1');
    expect(badge(rogue)).toBe('AoO 1');
    expect(sagaRecordOf(combatantOf(fighter) as Combatant).round).toBe(1);
    // The fighter spends its full round (standard + move); the next turns refill each in turn.
    expect((await spendSagaActionFor(fighter, 'full-round')).ok).toBe(true);
    expect(badge(fighter)).toBe('swift ×1 · AoO 1');
    await combat.nextTurn();
    await attackActionsSettled();
    expect(badge(rogue)).toBe('standard · move ×2 · swift ×3 · AoO 1');
    await combat.nextTurn();
    await attackActionsSettled();
    expect(sagaRecordOf(combatantOf(fighter) as Combatant)).toMatchObject({
      round: 2,
      budget: { standard: true, move: true, swift: true },
    });
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×3 · AoO 1');
  });
});
