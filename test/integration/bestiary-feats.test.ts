/**
 * The bestiary carries the feats whose numbers the system uses, and uncanny dodge (issue #28): every
 * automated feat of an SRD record's feat line is a feat item of its pack actor (a copy of the feats
 * pack's, matched by name), so the data model counts it; Dodge's +1 reaches the Defense.
 *
 * GnG v4.0: Defense bonus (l. 303–306) = "Dexterity modifier + class bonus + equipment penalty + size
 * modifier + shield bonus", with the Other Modifiers' dodge bonuses (l. 534–539: "Any situation that
 * denies you your Dexterity bonus also denies your dodge bonus"); DODGE [GENERAL] (l. 2987–2989):
 * "You gain a +1 dodge bonus to Defense." Defense Bonus by Creature Type: good Monstrous Humanoid,
 * Outsider; poor Undead; average Giant. Progression: good = level; average 4 → +3; poor 3 → +1. Size:
 * Tiny +2, Medium 0, Large −1. Flat-footed (l. 327–329, 342–343): Dexterity, class and dodge are lost.
 */
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatePackSources, type SystemManifest } from '../../scripts/packs.js';
import { readMonsters } from '../../scripts/packs/bestiary.js';
import { FEAT_AUTOMATION } from '../../src/config/feat-automation.js';
import { DODGE_FEAT_BONUS } from '../../src/rules/bestiary/convert-steps.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { getHarness, ROOT } from '../harness/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pack sources read as JSON
type AnySource = Record<string, any>;

const h = await getHarness();
beforeEach(() => h.reset(28));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const manifest = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as SystemManifest;
const actors = (
  validatePackSources(join(ROOT, 'packs/_source'), manifest).find((p) => p.pack.name === 'bestiary')
    ?.documents ?? []
).map((d) => d.data as AnySource);
const records = readMonsters();
const FEATS_DIR = join(ROOT, 'packs/_source/feats');
const packFeats = readdirSync(FEATS_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(FEATS_DIR, f), 'utf8')) as AnySource);
/** The feats the system reads: an Active Effect, or a reader in src/config/feat-automation.ts. */
const automated = packFeats.filter(
  (f) => (f.effects as unknown[]).length > 0 || (f.system.identifier as string) in FEAT_AUTOMATION,
);
const byName = new Map(automated.map((f) => [String(f.name).toLowerCase(), f]));

const named = (name: string): AnySource => {
  const source = actors.find((a) => a.name === name);
  if (!source) throw new Error(`${name} is not in the bestiary`);
  return structuredClone(source);
};
async function fromPack(name: string): Promise<Actor> {
  const data = named(name);
  for (const key of ['_id', '_key', '_stats', 'folder', 'ownership', 'sort']) delete data[key];
  return h.createActor(data);
}
const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const featIds = (source: AnySource): string[] =>
  (source.items as AnySource[]).filter((i) => i.type === 'feat').map((i) => i.system.identifier as string);

describe('Dodge reaches the Defense', () => {
  it("the engine's Dodge bonus is the feats pack's Dodge effect", () => {
    const dodge = packFeats.find((f) => f.system.identifier === 'dodge') as AnySource;
    expect(dodge.effects[0].changes).toEqual([
      expect.objectContaining({ key: 'system.defense.bonuses.dodge', value: String(DODGE_FEAT_BONUS) }),
    ]);
    expect(DODGE_FEAT_BONUS).toBe(1);
  });

  /*
   * Imp (SRD: Tiny Outsider, 3d8, Dex 17, AC 20 (+2 size, +3 Dex, +5 natural), Feats: Dodge, Weapon
   * Finesse): Dex +3 + class +3 (good, 3 HD) + size +2 + Dodge +1 = +9.
   * Centaur (Large Monstrous Humanoid, 4d8+8, Dex 14, AC 14 (−1 size, +2 Dex, +3 natural), Feats:
   * Dodge, Weapon Focus (hoof)): Dex +2 + class +4 (good, 4 HD) + size −1 + Dodge +1 = +6.
   * Shadow (Medium Undead, 3d12, Dex 14, AC 13 (+2 Dex, +1 deflection), Feats: Alertness, Dodge):
   * Dex +2 + class +1 (poor, 3 HD) + size 0 + deflection +1 + Dodge +1 = +5.
   */
  it.each([
    ['Imp', 9],
    ['Centaur', 6],
    ['Shadow', 5],
  ])('%s: Defense %i in the index, on the prepared actor; one less without its Dodge', async (name, want) => {
    const source = named(name);
    expect(source.flags.gng.bestiary.defense).toBe(want);
    expect(featIds(source)).toContain('dodge');
    const actor = await fromPack(name);
    expect(sys(actor).defense.total).toBe(want);
    const dodge = actor.items.find((i) => i.type === 'feat' && i.name === 'Dodge') as Item;
    await actor.deleteEmbeddedDocuments('Item', [dodge.id as string]);
    expect(sys(actor).defense.total).toBe(want - 1);
  });

  it('the Imp flat-footed loses Dex +3, class +3 and its Dodge +1: +2 (size)', async () => {
    const imp = await fromPack('Imp');
    await imp.toggleStatusEffect('flat-footed', { active: true });
    expect(sys(imp).defense.total).toBe(2);
  });
});

describe('every automated feat of a feat line reaches the actor', () => {
  /** An SRD feat entry's name and times taken ("Toughness (3)" → 3; "Weapon Focus (bite)" → 1). */
  function entries(record: (typeof records)[number]): { name: string; times: number }[] {
    return [record.feats, record.epic_feats ?? null]
      .flatMap((line) => (line ?? '').split(/,\s*(?![^()]*\))/))
      .map((e) => e.trim().replace(/\.$/, ''))
      .filter(Boolean)
      .map((e) => {
        const m = /^(.*?)\s*\((?:×)?(\d+)\)$/.exec(e);
        return m
          ? { name: m[1] as string, times: Number(m[2]) }
          : { name: e.replace(/\s*\(.*\)$/, ''), times: 1 };
      });
  }

  it('all 696: each automated feat named in the feat line is on the actor as often as taken, nothing else', () => {
    const wrong: string[] = [];
    let carried = 0;
    for (const record of records) {
      const source = actors.find((a) => a.flags.gng.srd.id === record.id) as AnySource;
      const want: string[] = [];
      for (const { name, times } of entries(record)) {
        const feat = byName.get(name.toLowerCase());
        if (feat) for (let i = 0; i < times; i++) want.push(feat.system.identifier as string);
      }
      if (/uncanny dodge/i.test(record.special_qualities ?? '')) want.push('uncanny-dodge');
      const got = featIds(source);
      if (JSON.stringify([...got].sort()) !== JSON.stringify(want.sort()))
        wrong.push(`${record.name}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
      carried += want.length;
    }
    expect(wrong).toEqual([]);
    // SRD counts: Dodge 84, Power Attack 113, Improved Sunder 27, Toughness 83 items (65 lines), …
    expect(actors.filter((a) => featIds(a).includes('dodge'))).toHaveLength(84);
    expect(actors.filter((a) => featIds(a).includes('power-attack'))).toHaveLength(113);
    expect(carried).toBeGreaterThan(300);
  });

  it('the prepared actor knows them: Improved Grapple raises the grapple by 4, the feats are listed', async () => {
    const record = records.find((r) => /Improved Grapple/.test(r.feats ?? '')) as (typeof records)[number];
    const actor = await fromPack(record.name);
    expect(sys(actor).derived.feats).toContain('improved-grapple');
    const before = sys(actor).derived.grapple;
    const item = actor.items.find((i) => i.type === 'feat' && i.name === 'Improved Grapple') as Item;
    await actor.deleteEmbeddedDocuments('Item', [item.id as string]);
    expect(sys(actor).derived.grapple).toBe(before - 4);
  });

  it("each copy names the feats pack's feat as its source, and its effects are keyed under the actor", () => {
    const imp = named('Imp');
    const dodge = (imp.items as AnySource[]).find((i) => i.system.identifier === 'dodge') as AnySource;
    const pack = packFeats.find((f) => f.system.identifier === 'dodge') as AnySource;
    expect(dodge._stats.compendiumSource).toBe(`Compendium.gng.feats.Item.${pack._id}`);
    expect(dodge.effects).toHaveLength(1);
    expect(dodge.effects[0]._key).toBe(
      `!actors.items.effects!${imp._id}.${dodge._id}.${dodge.effects[0]._id}`,
    );
    expect(dodge.effects[0]).toMatchObject({ transfer: true, disabled: false });
  });
});

describe('uncanny dodge of the special qualities', () => {
  /*
   * Angel, Astral Deva (Medium Outsider, 12d8+48, Dex 18, AC 29 (+4 Dex, +15 natural), SQ: … uncanny
   * dodge): Defense = Dex +4 + class +12 (good, 12 HD) = +16. Flat-footed, uncanny dodge keeps both:
   * +16; without it (its feat item deleted) both go: 0.
   * Ogre, 4th-Level Barbarian (Large Giant 4 HD + barbarian 4, Dex 11, +1 hide armor, ring of protection
   * +1; SQ: … uncanny dodge): Dex +0 + class +3 (Giant average 4) + 4 (barbarian good 4) + equipment −1
   * (hide −3, magic −2, halved rounding up) + size −1 + deflection +1 = +6; flat-footed it keeps its
   * class bonus: +6 (its barbarian levels give uncanny dodge too: without the item still +6).
   */
  it('Astral Deva: +16, flat-footed +16; without its Uncanny Dodge flat-footed 0', async () => {
    const deva = await fromPack('Angel, Astral Deva');
    expect(sys(deva).defense.total).toBe(16);
    expect(sys(deva).derived.uncannyDodge).toBe(true);
    await deva.toggleStatusEffect('flat-footed', { active: true });
    expect(sys(deva).defense.total).toBe(16);
    const item = deva.items.find((i) => i.type === 'feat' && i.name === 'Uncanny Dodge') as Item;
    await deva.deleteEmbeddedDocuments('Item', [item.id as string]);
    expect(sys(deva).derived.uncannyDodge).toBe(false);
    expect(sys(deva).defense.total).toBe(0);
  });

  it('Ogre, 4th-Level Barbarian: +6, flat-footed +6, with or without the item (barbarian 4)', async () => {
    const ogre = await fromPack('Ogre, 4th-Level Barbarian');
    expect(sys(ogre).defense.total).toBe(6);
    await ogre.toggleStatusEffect('flat-footed', { active: true });
    expect(sys(ogre).defense.total).toBe(6);
    const item = ogre.items.find((i) => i.type === 'feat' && i.name === 'Uncanny Dodge') as Item;
    await ogre.deleteEmbeddedDocuments('Item', [item.id as string]);
    expect(sys(ogre).defense.total).toBe(6);
  });

  it('the conversion lists uncanny dodge as converted, not as a special quality left to the GM', () => {
    const deva = named('Angel, Astral Deva');
    expect(deva.flags.gng.conversion.unconverted).not.toContain('special-quality: uncanny dodge');
    expect(deva.system.biography).not.toContain('uncanny dodge');
  });
});
