/** Taking damage, shared by the attack, area and grapple cards. */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { applyHitPointLoss, recordOf, restoreHitPointLoss } from '../../src/combat/hp-loss.js';
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

/**
 * A stable creature (below 0 HP, stabilized: the dying card's `stable`) that loses Hit Points again.
 * Core (SRD "Dying"): a dying character is below 0 HP and "loses 1 hit point every round. This
 * continues until the character dies or becomes stable"; a new wound puts it back among the dying
 * (−1 to −9) or kills it (GnG "DISABLED, DYING, AND DEAD": at −10 for Small and larger). Either way it
 * is no longer stable. Undo of the loss is its exact inverse: stable again, no `dying` / `dead`.
 */
describe('applyHitPointLoss on a stable creature', () => {
  const statuses = (actor: Actor) => ['stable', 'dying', 'dead'].filter((id) => actor.statuses.has(id));

  /** A Medium NPC of Con 12 at −3 HP, stable (`temp`: its temporary HP). */
  async function stableOrc(temp = 0): Promise<Actor> {
    const orc = await h.createActor({
      name: 'Stable Orc',
      type: 'npc',
      system: { abilities: { con: { value: 12 } }, hp: { value: -3, temp } },
    });
    await orc.toggleStatusEffect('stable', { active: true });
    expect(statuses(orc)).toEqual(['stable']);
    return orc;
  }

  it('2 damage at −3: dying again at −5, `stable` taken off; Undo makes it stable at −3 again', async () => {
    const orc = await stableOrc();
    const loss = await applyHitPointLoss(orc, { lethal: 2, nonlethal: 0 }, () => true);
    expect(loss).toMatchObject({
      after: { value: -5 },
      hpLost: 2,
      condition: 'dying',
      statusesAdded: ['dying'],
      statusesRemoved: ['stable'],
    });
    expect(statuses(orc)).toEqual(['dying']);
    expect(await restoreHitPointLoss(orc, recordOf(loss!))).toEqual([]);
    expect(hp(orc)).toEqual({ value: -3, temp: 0, nonlethal: 0 });
    expect(statuses(orc)).toEqual(['stable']);
  });

  it('7 damage at −3: dead at −10, no longer stable; Undo: stable at −3, not dead', async () => {
    const orc = await stableOrc();
    const loss = await applyHitPointLoss(orc, { lethal: 7, nonlethal: 0 }, () => true);
    expect(loss).toMatchObject({
      after: { value: -10 },
      condition: 'dead',
      statusesAdded: ['dead'],
      statusesRemoved: ['stable'],
    });
    expect(statuses(orc)).toEqual(['dead']);
    await restoreHitPointLoss(orc, recordOf(loss!));
    expect(hp(orc).value).toBe(-3);
    expect(statuses(orc)).toEqual(['stable']);
  });

  it('damage the temporary HP absorb loses no Hit Points: it stays stable, nothing to undo', async () => {
    const orc = await stableOrc(5);
    const loss = await applyHitPointLoss(orc, { lethal: 4, nonlethal: 0 }, () => true);
    expect(loss).toMatchObject({
      after: { value: -3, temp: 1 },
      hpLost: 0,
      statusesAdded: [],
      statusesRemoved: [],
    });
    expect(statuses(orc)).toEqual(['stable']);
  });

  it('a card that keeps only the snapshot of the loss (as the attack and area cards do) undoes it exactly', async () => {
    const orc = await stableOrc();
    const loss = (await applyHitPointLoss(orc, { lethal: 2, nonlethal: 0 }, () => true))!;
    // The card's flags: JSON, the fields the attack card keeps.
    const kept = JSON.parse(
      JSON.stringify({
        snapshot: loss.before,
        after: loss.after,
        statusesAdded: loss.statusesAdded,
        effectIds: loss.effectIds,
        hold: loss.hold,
        traumaBefore: loss.traumaBefore,
      }),
    );
    await restoreHitPointLoss(orc, kept);
    expect(hp(orc).value).toBe(-3);
    expect(statuses(orc)).toEqual(['stable']);
  });
});
