/**
 * HP across a change of the world's combat model (issue #30, round 2; docs/rules.md "Changing the
 * model"): the maximum follows the new model, and the active GM's client keeps each creature's HP
 * lost (current = new max − HP lost, never above the new max, a creature above 0 stays above 0, one
 * at 0 or below unchanged), nonlethal and temporary HP untouched, with a notice.
 *
 * By hand: the Appendix 3 fighter (5th level, good HP d10, Con 18 +4) has 23 HP under GnG (the
 * fixture's full HP) and under Saga 10 + 4 × 6 (d10's average rounded up) + 5 × 4 = 54 (A15); the
 * rogue (1st level, average HP d8, Con 13 +1) 13 under GnG and 8 + 1 = 9 under Saga.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { worldModelReady } from '../../src/settings/combat-model.js';
import { hpAfterModelChange } from '../../src/rules/models/model-change.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm } = h.users;

beforeEach(() => {
  h.reset(32);
  h.as(gm);
});
afterEach(async () => {
  h.as(gm);
  await game.settings.set('gng', 'combatModel', 'gng');
  await attackActionsSettled();
  expect([...h.i18n.missing]).toEqual([]);
});

const hp = (actor: Actor) => {
  const { value, max, nonlethal, temp } = (actor.system as CreatureData).hp;
  return { value, max, nonlethal, temp };
};

async function changeModel(id: string): Promise<void> {
  await game.settings.set('gng', 'combatModel', id);
  await worldModelReady();
  await attackActionsSettled();
}

describe('a change of combat model keeps each creature’s HP lost', () => {
  it('GnG → Saga → GnG gives back the HP each creature had; nonlethal and temporary HP untouched', async () => {
    const fighter = await appendix3Fighter(h);
    const rogue = await appendix3Rogue(h);
    await fighter.update({ 'system.hp.value': 18, 'system.hp.nonlethal': 2, 'system.hp.temp': 4 });
    await rogue.update({ 'system.hp.value': 7 });
    expect(hp(fighter)).toEqual({ value: 18, max: 23, nonlethal: 2, temp: 4 });
    expect(hp(rogue)).toMatchObject({ value: 7, max: 13 });
    h.notices.length = 0;

    await changeModel('saga');
    // 5 lost of 54: 49; 6 lost of 9: 3.
    expect(hp(fighter)).toEqual({ value: 49, max: 54, nonlethal: 2, temp: 4 });
    expect(hp(rogue)).toMatchObject({ value: 3, max: 9 });
    expect(h.notices.map((n) => n.level)).toEqual(['info']);
    expect(h.notices[0]?.message).toContain('2 creature(s) kept the HP they had lost');

    await changeModel('gng');
    expect(hp(fighter)).toEqual({ value: 18, max: 23, nonlethal: 2, temp: 4 });
    expect(hp(rogue)).toMatchObject({ value: 7, max: 13 });
  });

  it('unhurt stays unhurt; HP above the maximum come down to it; a creature up stays up; one down keeps its HP', async () => {
    const fighter = await appendix3Fighter(h);
    const rogue = await appendix3Rogue(h);
    const down = await appendix3Rogue(h);
    await down.update({ 'system.hp.value': -2 });
    await rogue.update({ 'system.hp.value': 2 });
    await changeModel('saga');
    // Unhurt fighter: 54 / 54 (not 23 / 54, "Unhurt" beside a half-empty bar).
    expect(hp(fighter)).toMatchObject({ value: 54, max: 54 });
    // 11 lost of 9: 1 (it was up), not −2; the downed rogue keeps −2.
    expect(hp(rogue)).toMatchObject({ value: 1, max: 9 });
    expect(hp(down)).toMatchObject({ value: -2, max: 9 });
    await changeModel('gng');
    expect(hp(fighter)).toMatchObject({ value: 23, max: 23 });
    // The floor is one-way: 8 lost of 13 is 5.
    expect(hp(rogue)).toMatchObject({ value: 5, max: 13 });
    expect(hp(down)).toMatchObject({ value: -2, max: 13 });
  });

  it('an HP value stored above the new maximum (a GnG stat block under Saga) comes down to it', () => {
    // The rogue's GnG 13 stored while Saga's maximum was 9, then back to GnG: 13 − (9 − 13) = 17 → 13.
    expect(hpAfterModelChange(13, 9, 13)).toBe(13);
    expect(hpAfterModelChange(13, 13, 9)).toBe(9);
    expect(hpAfterModelChange(0, 13, 9)).toBe(0);
    expect(hpAfterModelChange(5, 10, 10)).toBe(5);
  });
});
