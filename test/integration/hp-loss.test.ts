/** Taking damage, shared by the attack, area and grapple cards. */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { applyHitPointLoss, restoreHitPointLoss } from '../../src/combat/hp-loss.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
beforeEach(() => h.reset(8));

const hp = (actor: Actor) => {
  const s = (actor.system as unknown as CreatureData).hp;
  return { value: s.value, temp: s.temp, nonlethal: s.nonlethal };
};

describe('applyHitPointLoss', () => {
  it('takes lethal damage from temporary HP first, then HP; sets dying; restores exactly', async () => {
    const orc = await h.createActor({
      name: 'Orc',
      type: 'npc',
      system: { abilities: { con: { value: 12 } }, hp: { value: 12, temp: 5 } },
    });
    const loss = await applyHitPointLoss(orc, { lethal: 20, nonlethal: 0 }, () => true);
    expect(loss).toMatchObject({
      before: { value: 12, temp: 5, nonlethal: 0 },
      after: { value: -3, temp: 0, nonlethal: 0 },
      hpLost: 15,
    });
    expect(loss?.trauma).toBe(true);
    expect(loss?.statusesAdded).toEqual(['dying']);
    expect(orc.statuses.has('dying')).toBe(true);
    await restoreHitPointLoss(orc, {
      snapshot: loss!.before,
      statusesAdded: loss!.statusesAdded,
      traumaBefore: loss!.traumaBefore,
    });
    expect(hp(orc)).toEqual({ value: 12, temp: 5, nonlethal: 0 });
    expect(orc.statuses.has('dying')).toBe(false);
  });

  it('adds nonlethal damage: equal to current HP staggers, more knocks unconscious (core rules)', async () => {
    const orc = await h.createActor({
      name: 'Orc',
      type: 'npc',
      system: { abilities: { con: { value: 10 } }, hp: { value: 10 } },
    });
    const staggered = await applyHitPointLoss(
      orc,
      { lethal: 0, nonlethal: 10, nonlethalAttack: true },
      () => true,
    );
    expect(staggered).toMatchObject({ nonlethalCondition: 'staggered', statusesAdded: [] });
    const out = await applyHitPointLoss(orc, { lethal: 0, nonlethal: 1, nonlethalAttack: true }, () => true);
    expect(out).toMatchObject({
      after: { nonlethal: 11 },
      nonlethalCondition: 'unconscious',
      statusesAdded: ['unconscious'],
    });
  });

  it('a cancelling pre-hook changes nothing', async () => {
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
    expect(await applyHitPointLoss(orc, { lethal: 4, nonlethal: 0 }, () => false)).toBeNull();
    expect(hp(orc)).toEqual({ value: 10, temp: 0, nonlethal: 0 });
  });
});
