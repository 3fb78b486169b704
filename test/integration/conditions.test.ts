/**
 * Toggling each GnG condition on a token's actor changes exactly the numbers the text says, and
 * nothing else (GnG "CONDITIONS", "Table: Defense Roll Modifiers", "Table: Attack Roll Modifiers",
 * the called-shot disabled parts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { GNG_STATUSES } from '../../src/config/status-effects.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
beforeEach(() => h.reset(9));

/** The 1st-level rogue of Appendix 3 with the Dodge feat: Dex +3, class +1, dodge +1 → Defense +5. */
async function rogue(): Promise<Actor> {
  const actor = await h.createActor({
    name: 'Rogue',
    type: 'character',
    system: {
      abilities: {
        str: { value: 13 },
        dex: { value: 16 },
        con: { value: 13 },
        int: { value: 15 },
        wis: { value: 12 },
        cha: { value: 8 },
      },
      hp: { value: 13 },
      proficiencies: { weapons: { simple: true, martial: true } },
    },
  });
  const [, feat] = await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Rogue',
      type: 'class',
      system: {
        levels: 1,
        defenseProgression: 'good',
        hpProgression: 'average',
        babProgression: 'average',
        saves: { fort: 'poor', ref: 'good', will: 'poor' },
      },
    },
    { name: 'Dodge', type: 'feat', system: { identifier: 'dodge' } },
    {
      name: 'Short sword',
      type: 'weapon',
      system: { category: 'martial', use: 'light', damage: { medium: '1d6' }, equipped: true },
    },
  ]);
  await feat?.createEmbeddedDocuments('ActiveEffect', [
    {
      name: 'Dodge',
      transfer: true,
      changes: [{ key: 'system.defense.bonuses.dodge', mode: CONST.ACTIVE_EFFECT_MODES.ADD, value: '1' }],
    },
  ]);
  return actor;
}

function snapshot(actor: Actor) {
  const s = actor.system as unknown as CreatureData;
  const d = s.derived;
  return {
    defMelee: d.defense.melee.total,
    defRanged: d.defense.ranged.total,
    autoOne: d.defense.melee.autoRollOne,
    attack: d.attacks[0]?.bonus,
    damage: d.attacks[0]?.damage,
    fort: d.saves.fort.total,
    ref: d.saves.ref.total,
    will: d.saves.will.total,
    initiative: d.initiative,
    tumble: d.skills.tumble.total,
    climb: d.skills.climb.total,
    search: d.skills.search.total,
    spot: d.skills.spot.total,
    heal: d.skills.heal.total,
  };
}

type Snapshot = ReturnType<typeof snapshot>;
const helplessLike: Partial<Snapshot> = { autoOne: true, defMelee: -4, defRanged: 0 };
const proneLike: Partial<Snapshot> = { attack: -3, defMelee: 1, defRanged: 9 };
// "An initiative check is a Dexterity check" (seed 004 line 183): −2 on ability checks → 3 − 2 = 1.
const fearLike: Partial<Snapshot> = {
  initiative: 1,
  attack: -1,
  defMelee: 3,
  defRanged: 3,
  fort: -1,
  ref: 3,
  will: -1,
  tumble: 1,
  climb: -1,
  search: 0,
  spot: -1,
  heal: -1,
};

/** What each condition changes from the baseline (Defense +5, attack +1, saves +1/+5/+1 …). */
const EXPECTED: Record<string, Partial<Snapshot>> = {
  blinded: { defMelee: -2, defRanged: -2, tumble: -1, climb: -3, search: -2 },
  cowering: { defMelee: -2, defRanged: -2 },
  dazed: {},
  dazzled: { attack: 0, defMelee: 4, defRanged: 4, search: 1, spot: 0 },
  'energy-drained': {
    initiative: 2,
    attack: 0,
    defMelee: 4,
    defRanged: 4,
    fort: 0,
    ref: 4,
    will: 0,
    tumble: 2,
    climb: 0,
    search: 1,
    spot: 0,
    heal: 0,
  },
  entangled: { attack: -1, defMelee: 3, defRanged: 3, ref: 3, initiative: 1, tumble: 1 },
  // Core rules: effective −6 Str (13 → 7: −2) and Dex (16 → 10: +0); decision "fatigue numbers".
  exhausted: {
    attack: -2,
    damage: '1d6 - 2',
    defMelee: 2,
    defRanged: 2,
    ref: 2,
    initiative: 0,
    tumble: 0,
    climb: -2,
  },
  // Effective −2 Str (13 → 11: +0) and Dex (16 → 14: +2).
  fatigued: {
    attack: 0,
    damage: '1d6',
    defMelee: 4,
    defRanged: 4,
    ref: 4,
    initiative: 2,
    tumble: 2,
    climb: 0,
  },
  'flat-footed': { defMelee: 0, defRanged: 0 },
  frightened: fearLike,
  grappling: { defMelee: 0, defRanged: 0 },
  helpless: helplessLike,
  invisible: { attack: 3 },
  locked: helplessLike,
  panicked: {
    initiative: 1,
    defMelee: 3,
    defRanged: 3,
    fort: -1,
    ref: 3,
    will: -1,
    tumble: 1,
    climb: -1,
    search: 0,
    spot: -1,
    heal: -1,
  },
  pinned: helplessLike,
  prone: proneLike,
  shaken: fearLike,
  sickened: { ...fearLike, damage: '1d6 + 1 - 2' },
  stunned: { defMelee: -2, defRanged: -2 },
  suppressed: proneLike,
  'disabled-arm': { attack: -1, climb: -1, heal: -1 },
  'disabled-ear': { initiative: 1, defMelee: 3, defRanged: 3, ref: 3, tumble: 1, climb: -1 },
  'disabled-eye': { initiative: 1, attack: -1, defMelee: 3, defRanged: 3, ref: 3, search: 0, spot: -1 },
  'disabled-head': {
    attack: -1,
    defMelee: 3,
    defRanged: 3,
    fort: -1,
    ref: 3,
    will: -1,
    initiative: 1,
    tumble: 1,
    climb: -1,
    search: 0,
    spot: -1,
    heal: -1,
  },
  'disabled-leg': { initiative: 1, defMelee: 3, defRanged: 3, ref: 3, tumble: 1, climb: -1 },
  'severe-bleeding': {},
  // Markers of the injury grade for tokens: the penalty itself comes from HP, never from the marker.
  'injury-light': {},
  'injury-moderate': {},
  'injury-severe': {},
  unconscious: helplessLike,
  dying: helplessLike,
  stable: helplessLike,
  dead: helplessLike,
  // Core "Fighting Defensively": "+2 dodge bonus to Defense"; "Total Defense": "+4 dodge bonus" (issue #18).
  'fighting-defensively': { defMelee: 7, defRanged: 7 },
  'total-defense': { defMelee: 9, defRanged: 9 },
};

describe('toggling a condition changes exactly the numbers the text says', () => {
  it('covers every status the system registers', () => {
    expect(CONFIG.statusEffects.map((s) => s.id).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(GNG_STATUSES).toHaveLength(Object.keys(EXPECTED).length);
  });

  it('baseline rogue: Defense +5, attack +1 (1d6 + 1), saves +1/+5/+1', async () => {
    expect(snapshot(await rogue())).toEqual({
      defMelee: 5,
      defRanged: 5,
      autoOne: false,
      attack: 1,
      damage: '1d6 + 1',
      fort: 1,
      ref: 5,
      will: 1,
      initiative: 3,
      tumble: 3,
      climb: 1,
      search: 2,
      spot: 1,
      heal: 1,
    });
  });

  it.each(Object.entries(EXPECTED))('%s', async (status, changes) => {
    const actor = await rogue();
    const before = snapshot(actor);
    await actor.toggleStatusEffect(status);
    expect(actor.statuses.has(status)).toBe(true);
    expect(snapshot(actor)).toEqual({ ...before, ...changes });
    await actor.toggleStatusEffect(status);
    expect(snapshot(actor)).toEqual(before);
  });
});

describe('status effect permissions', () => {
  it("a player cannot toggle a condition on an actor they don't own, and nothing changes", async () => {
    const actor = await rogue();
    h.as(h.users.player);
    await expect(actor.toggleStatusEffect('stunned')).rejects.toThrow(/permission/);
    h.as(h.users.gm);
    expect(actor.statuses.size).toBe(0);
  });
});
