/**
 * The pack feats whose Active Effects carry the text's numbers (issue #18), on a character through
 * the harness: Epic Defense ("Gain a +1 bonus to Defense. You retain this bonus even when flat-footed
 * and in situations where you lose your Dexterity modifier to Defense … Its effects stack"),
 * Defensive Position ("an additional +2 cover bonus to Defense and an additional +2 cover bonus on
 * Reflex saves whenever you have cover") and Flurry of Blows ("A -2 penalty applies to this attack and
 * each other attack made in the round … including attacks of opportunity").
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
beforeEach(() => h.reset(18));

type Source = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON sources

/** A pack feat as embedded item data. */
function packFeat(file: string): Source {
  const doc = JSON.parse(readFileSync(join(ROOT, 'packs/_source/feats', `${file}.json`), 'utf8')) as Source;
  const { _id, _key, ...rest } = doc;
  void _id;
  void _key;
  rest.effects = (rest.effects as Source[]).map(({ _id: eid, _key: ekey, ...effect }) => {
    void eid;
    void ekey;
    return effect;
  });
  return rest;
}

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const defense = (actor: Actor, mode: 'melee' | 'ranged' = 'melee') => sys(actor).derived.defense[mode].total;

/** A Medium NPC with Dex 14 (+2) and no classes, a longsword and a shortbow equipped. */
async function duelist(): Promise<Actor> {
  const actor = await h.createActor({
    name: 'Duelist',
    type: 'npc',
    system: { abilities: { dex: { value: 14 } }, hp: { value: 10 } },
  });
  await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Club',
      type: 'weapon',
      system: { use: 'one-handed', damage: { medium: '1d6' }, equipped: true },
    },
    { name: 'Sling', type: 'weapon', system: { use: 'ranged', damage: { medium: '1d4' }, equipped: true } },
  ]);
  return actor;
}

async function turnOn(actor: Actor, identifier: string): Promise<void> {
  const item = actor.items.find((i) => (i.system as unknown as Source).identifier === identifier);
  const effect = item?.effects.contents[0] as ActiveEffect;
  await effect.update({ disabled: false });
}

describe('Epic Defense', () => {
  it('+1 Defense, kept when flat-footed while the Dexterity bonus goes', async () => {
    const actor = await duelist();
    const bare = defense(actor); // Dex +2, nothing else: +2
    expect(bare).toBe(2);
    await actor.createEmbeddedDocuments('Item', [packFeat('gng-epic-defense')]);
    expect(defense(actor)).toBe(3); // 2 + 1
    await actor.toggleStatusEffect('flat-footed', { active: true });
    // Flat-footed: no Dexterity bonus (−2); Epic Defense stays: 0 + 1.
    expect(defense(actor)).toBe(1);
    expect(defense(actor, 'ranged')).toBe(1);
  });

  it('kept when stunned (another loss of the Dexterity bonus), and two copies stack to +2', async () => {
    const actor = await duelist();
    await actor.createEmbeddedDocuments('Item', [packFeat('gng-epic-defense'), packFeat('gng-epic-defense')]);
    expect(defense(actor)).toBe(2 + 2);
    await actor.toggleStatusEffect('stunned', { active: true });
    const stunned = sys(actor).derived.defense.melee;
    // Whatever else stunned costs, the two Epic Defense points are still in the breakdown.
    expect(stunned.parts.circumstance).toBe(2);
    expect(stunned.parts.dexterity).toBe(0);
  });
});

describe('Defensive Position', () => {
  it('off by default; in cover: +2 Defense (melee and ranged) and +2 Reflex, nothing else', async () => {
    const actor = await duelist();
    const before = {
      melee: defense(actor),
      ranged: defense(actor, 'ranged'),
      ref: sys(actor).derived.saves.ref.total,
      fort: sys(actor).derived.saves.fort.total,
    };
    await actor.createEmbeddedDocuments('Item', [packFeat('gng-defensive-position')]);
    expect(defense(actor)).toBe(before.melee);
    await turnOn(actor, 'defensive-position');
    expect(defense(actor)).toBe(before.melee + 2);
    expect(defense(actor, 'ranged')).toBe(before.ranged + 2);
    expect(sys(actor).derived.saves.ref.total).toBe(before.ref + 2);
    expect(sys(actor).derived.saves.fort.total).toBe(before.fort);
  });
});

describe('Flurry of Blows', () => {
  it('off by default; for the round of the flurry every attack takes −2, melee and ranged', async () => {
    const actor = await duelist();
    await actor.createEmbeddedDocuments('Item', [packFeat('gng-flurry-of-blows')]);
    const bonus = (name: string) => sys(actor).derived.attacks.find((a) => a.name === name)?.bonus;
    // Base +0, Str 10: the club +0; Dex +2: the sling +2.
    expect([bonus('Club'), bonus('Sling')]).toEqual([0, 2]);
    await turnOn(actor, 'flurry-of-blows');
    expect([bonus('Club'), bonus('Sling')]).toEqual([-2, 0]);
  });
});
