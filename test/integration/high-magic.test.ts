/**
 * GnG APPENDIX 2 "GRIM-N-GRITTY HIGH MAGIC" at the table: a spell's damage on the area card follows
 * the world's high magic option (the variant setting `highMagic`). Expected dice come from the text:
 * - LIMITED SCALING: "the maximum dice of damage is limited to the spell's level + 1. For example, a
 *   third level spell can inflict no more than four dice of damage."
 * - SLOW SCALING: "if a spell normally gives 1d6 damage per level, it gives you 1d6 per two levels."
 * - REDUCE DAMAGE DICE: "d4 = 1 point of damage; d6 = d4 … if you normally roll 10d6 for a spell,
 *   you would only roll 10d4."
 * - ODDS = 1: "5d6 with dice results of 2, 1, 5, 4, and 6 … a result of '14'."
 * The same blast is fired with the option off (the Really Grim Option, the default) and on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => h.reset(11));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const { areaState } = await import('../../src/cards/area/area-actions.js');

async function target(): Promise<Actor> {
  return h.createActor(
    { name: 'Orc', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
    player,
  );
}

async function option(value: string): Promise<void> {
  h.as(gm);
  await game.settings.set('gng', 'highMagic', value);
}

/** The GM casts `damage` as a spell with these dice queued; the card's damage. */
async function cast(damage: string, spell: Record<string, unknown>, dice: number[]) {
  h.as(gm);
  const orc = await target();
  h.dice.queue(...dice);
  const message = await game.gng.areaDamage({
    damage,
    saveDc: 15,
    targets: [orc],
    spell: spell as { level: number },
  });
  expect(message).toBeTruthy();
  expect(h.dice.queued).toEqual([]);
  const state = areaState(game.messages.get((message as ChatMessage).id as string));
  return { damage: state?.damage, content: (message as ChatMessage).content };
}

const TEN_SIXES = [6, 5, 4, 3, 2, 1, 6, 5, 4, 3];

describe('a spell on the area card under each high magic option', () => {
  it('the Really Grim Option (default): 10d6 as it is', async () => {
    const { damage, content } = await cast('10d6', { level: 3, casterLevel: 10 }, TEN_SIXES);
    expect(damage).toMatchObject({ formula: '10d6', dice: TEN_SIXES, total: 39, highMagic: null });
    expect(content).not.toContain('area-high-magic');
  });

  it('Limited Scaling: a 3rd-level spell rolls at most 4 dice (10d6 → 4d6)', async () => {
    await option('limited-scaling');
    const { damage, content } = await cast('10d6', { level: 3 }, [6, 5, 4, 3]);
    expect(damage).toMatchObject({ formula: '4d6', dice: [6, 5, 4, 3], total: 18 });
    expect(damage?.highMagic).toEqual({ option: 'limited-scaling', normal: '10d6', rolled: '4d6' });
    expect(content).toContain('Limited Scaling Option: the spell');
    expect(content).toContain('10d6 is rolled as 4d6.');
  });

  it('Slow Scaling: 1d6 per level at caster level 10 becomes 1d6 per two levels (5d6)', async () => {
    await option('slow-scaling');
    const { damage } = await cast('10d6', { level: 3, casterLevel: 10, maxDice: 10 }, [6, 5, 4, 3, 2]);
    expect(damage).toMatchObject({ formula: '5d6', total: 20 });
    // Caster level 11 still rounds down to 5 steps.
    const eleventh = await cast('10d6', { level: 3, casterLevel: 11, maxDice: 10 }, [1, 1, 1, 1, 1]);
    expect(eleventh.damage).toMatchObject({ formula: '5d6', total: 5 });
  });

  it('Slow Scaling without the caster level is refused, and nothing is rolled', async () => {
    await option('slow-scaling');
    const orc = await target();
    const count = game.messages.size;
    expect(
      await game.gng.areaDamage({ damage: '10d6', saveDc: 15, targets: [orc], spell: { level: 3 } }),
    ).toBe(null);
    expect(game.messages.size).toBe(count);
    expect(h.notices.at(-1)?.message).toContain('needs the spell');
  });

  it('Reduce Damage Dice: 10d6 → 10d4; a d4 is 1 point (5d4 + 5 → 10, nothing rolled)', async () => {
    await option('reduce-damage-dice');
    const fours = [4, 3, 2, 1, 4, 3, 2, 1, 4, 3];
    const { damage } = await cast('10d6', { level: 3 }, fours);
    expect(damage).toMatchObject({ formula: '10d4', dice: fours, total: 27 });
    const flat = await cast('5d4 + 5', { level: 2 }, []);
    expect(flat.damage).toMatchObject({ formula: '5 + 5', dice: [1, 1, 1, 1, 1], total: 10 });
  });

  it("Odds = 1: 5d6 rolling 2, 1, 5, 4, 6 counts 2, 1, 1, 4, 6 — the text's 14", async () => {
    await option('odds-equal-one');
    const { damage, content } = await cast('5d6', { level: 3 }, [2, 1, 5, 4, 6]);
    expect(damage).toMatchObject({ dice: [2, 1, 1, 4, 6], total: 14 });
    expect(damage?.highMagic?.faces).toEqual([2, 1, 5, 4, 6]);
    expect(content).toContain('Rolled 2, 1, 5, 4, 6; odd results count as 1: 2, 1, 1, 4, 6.');
  });

  it('the same blast off and on: what the target takes follows the option', async () => {
    const off = await cast('10d6', { level: 3 }, TEN_SIXES);
    await option('limited-scaling');
    const on = await cast('10d6', { level: 3 }, TEN_SIXES.slice(0, 4));
    expect(off.damage?.total).toBe(39);
    expect(on.damage?.total).toBe(18);
  });

  it('damage that is no spell (a grenade) is never changed by the option', async () => {
    await option('reduce-damage-dice');
    h.as(gm);
    const orc = await target();
    h.dice.queue(6, 6, 6, 6);
    const message = await game.gng.areaDamage({ damage: '4d6', saveDc: 15, targets: [orc] });
    expect(areaState(message)?.damage).toMatchObject({ formula: '4d6', total: 24 });
  });

  it('a spell whose dice the option cannot read, or with a level past 9, is refused', async () => {
    await option('limited-scaling');
    const orc = await target();
    for (const [damage, spell, reason] of [
      ['2d6 + 1d4', { level: 3 }, 'one kind of die'],
      ['10d6', { level: 12 }, 'level from 0 to 9'],
      ['10d6', { level: -1 }, 'level from 0 to 9'],
    ] as const) {
      expect(await game.gng.areaDamage({ damage, saveDc: 15, targets: [orc], spell })).toBeNull();
      expect(h.notices.at(-1)?.message).toContain(reason);
    }
    expect(game.messages.size).toBe(0);
  });
});
