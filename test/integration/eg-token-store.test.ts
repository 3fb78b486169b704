/**
 * The Enlightened Grognard's token store (issue #31; docs/rules.md "Tokens"): encounter pools in the
 * Combat's flags (a PC's own, the NPCs' communal one), changed only on a GM's client, refusing
 * (nothing changed) when a pool is short; the exact Undo of a change. Hostile: a player's own write
 * of the Combat's flags, malformed pools written there, a forged change.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { Refusal } from '../../src/cards/kernel/index.js';
import {
  changeTokens,
  grantPersistentTokens,
  loseTokens,
  revertTokenChange,
  tokenPool,
  type TokenChangeRecord,
} from '../../src/combat/eg-token-store.js';

const h = await getHarness();
const { gm, player } = h.users;
const pool = (power: number, speed: number, insight: number) => ({ power, speed, insight });

let pc: Actor;
let other: Actor;
let goblin: Actor;
let orc: Actor;
let combat: Combat;

beforeEach(async () => {
  h.reset(31);
  h.as(gm);
  pc = await h.createActor({ name: 'Ayla', type: 'character' }, player);
  other = await h.createActor({ name: 'Bren', type: 'character' });
  goblin = await h.createActor({ name: 'Goblin', type: 'npc' });
  orc = await h.createActor({ name: 'Orc', type: 'npc' });
  combat = h.startCombat([pc, other, goblin, orc]);
});

/** The refusal's lang key a promise rejects with. */
async function refusedWith(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return (error as Refusal).key;
}

describe('pools', () => {
  it('a PC has its own encounter pool, every NPC reads the one communal pool', async () => {
    await changeTokens(combat, pc, { speed: 2 }, 'test');
    await changeTokens(combat, goblin, { power: 3 }, 'test');
    expect(tokenPool(combat, pc)).toEqual({
      encounter: pool(0, 2, 0),
      persistent: pool(0, 0, 0),
      communal: false,
    });
    expect(tokenPool(combat, other).encounter).toEqual(pool(0, 0, 0));
    // The orc spends from what the goblin gained (003:476–478).
    expect(tokenPool(combat, orc)).toEqual({
      encounter: pool(3, 0, 0),
      persistent: pool(0, 0, 0),
      communal: true,
    });
    await changeTokens(combat, orc, { power: -1 }, 'test');
    expect(tokenPool(combat, goblin).encounter).toEqual(pool(2, 0, 0));
    expect(combat.getFlag('gng', 'eg')).toEqual({
      pools: { [pc.id as string]: pool(0, 2, 0) },
      npc: pool(2, 0, 0),
    });
  });

  it('out of combat, or in a combat the actor is not in, the encounter pool is empty and nothing is gained', async () => {
    const stranger = await h.createActor({ name: 'Stranger', type: 'character' });
    expect(tokenPool(null, pc).encounter).toEqual(pool(0, 0, 0));
    expect(tokenPool(combat, stranger).encounter).toEqual(pool(0, 0, 0));
    expect(await refusedWith(changeTokens(null, pc, { power: 1 }, 'test'))).toBe(
      'GNG.Model.EG.Token.Error.NoEncounter',
    );
    expect(await refusedWith(changeTokens(combat, stranger, { power: 1 }, 'test'))).toBe(
      'GNG.Model.EG.Token.Error.NoEncounter',
    );
    expect(combat.getFlag('gng', 'eg')).toBeUndefined();
  });
});

describe('spending', () => {
  it('a short pool refuses the whole change and changes nothing', async () => {
    await changeTokens(combat, pc, { power: 1, speed: 1 }, 'test');
    // 1 power can be paid, 2 speed cannot: neither is taken.
    expect(await refusedWith(changeTokens(combat, pc, { power: -1, speed: -2 }, 'test'))).toBe(
      'GNG.Model.EG.Token.Error.Short',
    );
    expect(tokenPool(combat, pc).encounter).toEqual(pool(1, 1, 0));
  });

  it('a malformed change is refused', async () => {
    for (const delta of [{ luck: 1 }, { power: 0.5 }, { power: '2' }, null])
      expect(await refusedWith(changeTokens(combat, pc, delta as never, 'test'))).toBe(
        'GNG.Model.EG.Token.Error.BadChange',
      );
    expect(combat.getFlag('gng', 'eg')).toBeUndefined();
  });

  it('two spends at once are paid one after the other: the second is refused when the first emptied the pool', async () => {
    await changeTokens(combat, pc, { insight: 2 }, 'test');
    const results = await Promise.allSettled([
      changeTokens(combat, pc, { insight: -2 }, 'a'),
      changeTokens(combat, pc, { insight: -2 }, 'b'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(tokenPool(combat, pc).encounter).toEqual(pool(0, 0, 0));
  });
});

describe('Undo', () => {
  it('reverts a gain and a spend exactly', async () => {
    const gain = await changeTokens(combat, pc, { power: 2, speed: 1 }, 'test');
    const spend = await changeTokens(combat, pc, { power: -1 }, 'test');
    expect(tokenPool(combat, pc).encounter).toEqual(pool(1, 1, 0));
    await revertTokenChange(spend);
    expect(tokenPool(combat, pc).encounter).toEqual(pool(2, 1, 0));
    await revertTokenChange(gain);
    expect(tokenPool(combat, pc).encounter).toEqual(pool(0, 0, 0));
  });

  it('refuses to take back a gain already spent, and changes nothing', async () => {
    const gain = await changeTokens(combat, goblin, { speed: 2 }, 'test');
    await changeTokens(combat, orc, { speed: -1 }, 'test');
    expect(await refusedWith(revertTokenChange(gain))).toBe('GNG.Model.EG.Token.Error.Short');
    expect(tokenPool(combat, goblin).encounter).toEqual(pool(0, 1, 0));
  });

  it('a record naming an ended combat reverts nothing of the cleared encounter pool', async () => {
    const gain = await changeTokens(combat, pc, { speed: 2 }, 'test');
    await combat.delete();
    const inverse = await revertTokenChange(gain);
    expect(inverse.encounter).toEqual(pool(0, 0, 0));
    expect(inverse.combatId).toBeNull();
  });

  it('a forged record is refused', async () => {
    const forged = { actorUuid: pc.uuid, encounter: { power: 'x' } } as unknown as TokenChangeRecord;
    expect(await refusedWith(revertTokenChange(forged))).toBe('GNG.Model.EG.Token.Error.BadChange');
  });
});

describe('persistent tokens (003:463–467)', () => {
  it("only a GM grants them; they stay on the actor through the combat's end", async () => {
    const grant = await grantPersistentTokens(pc, { insight: 2 });
    expect(tokenPool(combat, pc).persistent).toEqual(pool(0, 0, 2));
    expect(grant).toMatchObject({ combatId: null, persistent: pool(0, 0, 2), encounter: pool(0, 0, 0) });
    h.as(player);
    expect(await refusedWith(grantPersistentTokens(pc, { insight: 5 }))).toBe(
      'GNG.Model.EG.Token.Error.GMOnly',
    );
    h.as(gm);
    await changeTokens(combat, pc, { insight: 1 }, 'test');
    await combat.delete();
    expect(tokenPool(null, pc)).toEqual({
      encounter: pool(0, 0, 0),
      persistent: pool(0, 0, 2),
      communal: false,
    });
  });

  it('a spend takes the encounter pool first, then persistent tokens; Undo puts each back where it was', async () => {
    await grantPersistentTokens(pc, { speed: 2 });
    await changeTokens(combat, pc, { speed: 1 }, 'test');
    // 2 speed: the 1 of the encounter, then 1 persistent.
    const spend = await changeTokens(combat, pc, { speed: -2 }, 'test');
    expect(spend).toMatchObject({ encounter: pool(0, -1, 0), persistent: pool(0, -1, 0) });
    expect(tokenPool(combat, pc)).toMatchObject({ encounter: pool(0, 0, 0), persistent: pool(0, 1, 0) });
    await revertTokenChange(spend);
    expect(tokenPool(combat, pc)).toMatchObject({ encounter: pool(0, 1, 0), persistent: pool(0, 2, 0) });
  });

  it('out of combat only persistent tokens are spent; taking back more than granted is refused', async () => {
    await grantPersistentTokens(pc, { power: 1 });
    await changeTokens(null, pc, { power: -1 }, 'test');
    expect(tokenPool(null, pc).persistent).toEqual(pool(0, 0, 0));
    expect(await refusedWith(grantPersistentTokens(pc, { power: -1 }))).toBe(
      'GNG.Model.EG.Token.Error.Short',
    );
    expect(await refusedWith(grantPersistentTokens(pc, {}))).toBe('GNG.Model.EG.Token.Error.BadChange');
  });
});

describe('losses with substitution (003:453–457)', () => {
  it('a lacked type is paid in the type the loser chose, then what it holds; its fellow PCs supply the rest', async () => {
    await changeTokens(combat, pc, { speed: 1, insight: 1 }, 'test');
    await changeTokens(combat, other, { power: 2 }, 'test');
    // 3 power: Ayla has none, pays her insight (her choice) and her speed; Bren the last power.
    const loss = await loseTokens(combat, pc, 'power', 3, { substitutes: ['insight'] });
    expect(loss.ignored).toBe(0);
    expect(loss.records.map((r) => [r.actorId, r.encounter])).toEqual([
      [pc.id, pool(0, -1, -1)],
      [other.id, pool(-1, 0, 0)],
    ]);
    expect(tokenPool(combat, pc).encounter).toEqual(pool(0, 0, 0));
    expect(tokenPool(combat, other).encounter).toEqual(pool(1, 0, 0));
    for (const record of [...loss.records].reverse()) await revertTokenChange(record);
    expect(tokenPool(combat, pc).encounter).toEqual(pool(0, 1, 1));
    expect(tokenPool(combat, other).encounter).toEqual(pool(2, 0, 0));
  });

  it("what nobody has is ignored; an NPC's allies are its communal pool, no PC pays for it", async () => {
    await changeTokens(combat, pc, { power: 5 }, 'test');
    await changeTokens(combat, goblin, { speed: 1 }, 'test');
    const loss = await loseTokens(combat, orc, 'power', 3);
    expect(loss.ignored).toBe(2);
    expect(tokenPool(combat, goblin).encounter).toEqual(pool(0, 0, 0));
    expect(tokenPool(combat, pc).encounter).toEqual(pool(5, 0, 0));
  });

  it('a malformed loss is refused', async () => {
    for (const [type, amount] of [
      ['luck', 1],
      ['power', 0],
      ['power', 1.5],
    ] as const)
      expect(await refusedWith(loseTokens(combat, pc, type as 'power', amount))).toBe(
        'GNG.Model.EG.Token.Error.BadChange',
      );
  });
});

describe('hostile players', () => {
  it("only a GM's client changes tokens", async () => {
    h.as(player);
    expect(await refusedWith(changeTokens(combat, pc, { power: 2 }, 'test'))).toBe(
      'GNG.Model.EG.Token.Error.GMOnly',
    );
    h.as(gm);
    expect(tokenPool(combat, pc).encounter).toEqual(pool(0, 0, 0));
  });

  it("a player's own write of the Combat's flags is refused by Foundry", async () => {
    h.as(player);
    await expect(combat.update({ [`flags.gng.eg.pools.${pc.id}`]: pool(9, 9, 9) })).rejects.toThrow();
    h.as(gm);
    expect(tokenPool(combat, pc).encounter).toEqual(pool(0, 0, 0));
  });

  it('flags a player writes where it may (its combatant, its actor) are never read as tokens', async () => {
    h.as(player);
    const combatant = combat.combatants.find((c) => c.actorId === pc.id) as Combatant;
    await combatant.update({
      'flags.gng.eg': { pools: { [pc.id as string]: pool(9, 9, 9) }, npc: pool(9, 9, 9) },
    });
    await pc.update({ 'flags.gng.eg': { pools: { [pc.id as string]: pool(9, 9, 9) } } });
    expect(tokenPool(combat, pc)).toEqual({
      encounter: pool(0, 0, 0),
      persistent: pool(0, 0, 0),
      communal: false,
    });
    h.as(gm);
    expect(await refusedWith(changeTokens(combat, pc, { power: -1 }, 'test'))).toBe(
      'GNG.Model.EG.Token.Error.Short',
    );
  });

  it('malformed pools in the flags read as empty and cannot be spent', async () => {
    await combat.update({
      'flags.gng.eg': { pools: { [pc.id as string]: { power: -5, speed: '3', insight: 2.5 } }, npc: 'all' },
    });
    expect(tokenPool(combat, pc).encounter).toEqual(pool(0, 0, 0));
    expect(tokenPool(combat, goblin).encounter).toEqual(pool(0, 0, 0));
    expect(await refusedWith(changeTokens(combat, pc, { speed: -1 }, 'test'))).toBe(
      'GNG.Model.EG.Token.Error.Short',
    );
    // A gain writes a clean pool over the malformed one.
    await changeTokens(combat, pc, { insight: 1 }, 'test');
    expect(tokenPool(combat, pc).encounter).toEqual(pool(0, 0, 1));
  });
});
