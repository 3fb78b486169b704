/**
 * The content packs (feats, classes, spells-powers, magic-items, conditions, rules): what they must
 * hold for the rules engine to work with them. Counts, identifiers the engine reads, progressions
 * that agree with the engine, a page per status and called-shot effect, every compendium link
 * resolving, and pack feats changing a character's derived numbers through the harness. (Whether
 * each document is valid against the data models is packs-valid.test.ts.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatePackSources, type SystemManifest } from '../../scripts/packs.js';
import { featDocs, GNG_FEATS } from '../../scripts/content/feats.js';
import { classDocs } from '../../scripts/content/classes.js';
import { conditionDocs } from '../../scripts/content/conditions.js';
import { magicItemDocs, spellDocs } from '../../scripts/content/magic.js';
import { rulesDocs } from '../../scripts/content/rules.js';
import { ACTION_FEAT_IDS, SPECIAL_STRIKES } from '../../src/rules/appendix-feats.js';
import {
  CLASS_PROGRESSIONS,
  CREATURE_TYPE_PROGRESSIONS,
  MODERN_CLASS_PROGRESSIONS,
  statProgressions,
} from '../../src/rules/classes.js';
import { CALLED_SHOT_EFFECTS } from '../../src/rules/called-shots.js';
import { GNG_STATUSES, GNG_STATUS_REFERENCES, statusEffectConfig } from '../../src/config/status-effects.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { getHarness, ROOT } from '../harness/index.js';

type Source = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON sources

const h = await getHarness();
beforeEach(() => h.reset(5));

const manifest = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as SystemManifest;
const sources = new Map(
  validatePackSources(join(ROOT, 'packs/_source'), manifest).map((p) => [
    p.pack.name,
    p.documents.map((d) => d.data as Source),
  ]),
);
const pack = (name: string): Source[] => {
  const docs = sources.get(name);
  if (!docs) throw new Error(`pack ${name} is not declared in system.json`);
  return docs;
};
const feats = pack('feats');
const classes = pack('classes');
const byIdentifier = new Map(feats.map((f) => [f.system.identifier as string, f]));

describe('content packs are declared', () => {
  it('system.json declares each content pack with its label, type and folder', () => {
    const expected = {
      feats: 'Item',
      classes: 'Item',
      'spells-powers': 'Item',
      'magic-items': 'Item',
      conditions: 'JournalEntry',
      rules: 'JournalEntry',
    };
    const folder = (manifest as unknown as { packFolders: { packs: string[] }[] }).packFolders[0];
    for (const [name, type] of Object.entries(expected)) {
      const declared = manifest.packs.find((p) => p.name === name);
      expect(declared?.type, name).toBe(type);
      expect(declared?.label, name).toMatch(/^GNG\.Compendium\./);
      expect(h.i18n.localize(declared?.label as string), name).not.toBe(declared?.label);
      expect(folder?.packs, name).toContain(name);
    }
  });

  it('the committed sources are exactly what scripts/content/generate.ts writes (no hand edits lost)', () => {
    const generated = {
      feats: featDocs(),
      classes: classDocs(),
      'spells-powers': spellDocs(),
      'magic-items': magicItemDocs(),
      conditions: conditionDocs(),
    };
    for (const [name, docs] of Object.entries(generated)) {
      const byId = new Map(pack(name).map((d) => [d._id, d]));
      expect(byId.size, name).toBe(docs.length);
      for (const { doc } of docs)
        expect(byId.get(doc._id as string), `${name}/${String(doc.name)}`).toEqual(doc);
    }
    const [summary] = rulesDocs();
    expect(pack('rules').find((d) => d._id === summary?.doc._id)).toEqual(summary?.doc);
  });
});

describe('feats pack', () => {
  it('holds exactly the 62 feats of GnG Appendix 4 as category gng', () => {
    const gng = feats.filter((f) => f.system.category === 'gng');
    expect(gng).toHaveLength(62);
    expect(GNG_FEATS).toHaveLength(62);
    expect(gng.every((f) => f.type === 'feat')).toBe(true);
  });

  it('identifiers are unique kebab-case names', () => {
    const ids = feats.map((f) => f.system.identifier as string);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has every feat id the action, abort, called-shot and grapple rules read, and the strike feats', () => {
    for (const id of ACTION_FEAT_IDS) expect(byIdentifier.get(id)?.system.category, id).toBe('gng');
    for (const strike of Object.values(SPECIAL_STRIKES))
      expect(byIdentifier.has(strike.feat), strike.feat).toBe(true);
    expect(byIdentifier.get('toughness')?.system.category).toBe('core');
    expect(byIdentifier.get('toughness')?.effects).toEqual([]);
  });

  it('has the core feats named as prerequisites, as category core', () => {
    for (const id of [
      'combat-expertise',
      'combat-reflexes',
      'improved-unarmed-strike',
      'point-blank-shot',
      'far-shot',
      'rapid-shot',
      'power-attack',
      'improved-bull-rush',
      'improved-trip',
      'weapon-finesse',
    ]) {
      expect(byIdentifier.has(id), id).toBe(true);
    }
    // Power Attack and Dodge are revised by GnG: they are Appendix 4 feats, not core ones.
    expect(byIdentifier.get('power-attack')?.system.category).toBe('gng');
    expect(byIdentifier.get('dodge')?.system.category).toBe('gng');
    expect(byIdentifier.get('combat-reflexes')?.system.category).toBe('core');
  });

  it('every Active Effect transfers and changes a numeric field that exists on a character', async () => {
    const actor = await h.createActor({ name: 'Probe', type: 'character' });
    const withEffects = feats.filter((f) => (f.effects as Source[]).length > 0);
    expect(withEffects.map((f) => f.system.identifier).sort()).toEqual([
      'dead-aim',
      'defensive-position',
      'dodge',
      'epic-defense',
      'flurry-of-blows',
    ]);
    for (const f of withEffects) {
      for (const effect of f.effects as Source[]) {
        expect(effect.transfer, effect.name).toBe(true);
        for (const change of effect.changes as Source[]) {
          const value = foundry.utils.getProperty(actor, change.key as string);
          expect(typeof value, `${String(f.name)}: ${String(change.key)}`).toBe('number');
        }
      }
    }
  });
});

/** A pack item as embedded item data (ids and keys left to the harness). */
function asItemData(doc: Source): Source {
  const { _id, _key, ...rest } = structuredClone(doc);
  void _id;
  void _key;
  rest.effects = (rest.effects as Source[]).map(({ _id: eid, _key: ekey, ...effect }) => {
    void eid;
    void ekey;
    return effect;
  });
  return rest;
}

describe('pack feats on a character (harness)', () => {
  const sys = (actor: Actor) => actor.system as unknown as CreatureData;
  const defense = (actor: Actor) => sys(actor).defense.total as number;
  const hpMax = (actor: Actor) => sys(actor).hp.max as number;
  const fighter = () => {
    const cls = classes.find((c) => c.system.identifier === 'fighter');
    if (!cls) throw new Error('no Fighter class item');
    return h.createActor({
      name: 'Fighter',
      type: 'character',
      system: { abilities: { dex: { value: 14 }, con: { value: 12 } }, hp: { value: 10 } },
      items: [],
    });
  };
  const add = async (actor: Actor, ...identifiers: string[]) => {
    const data = identifiers.map((id) => {
      const doc = byIdentifier.get(id) ?? classes.find((c) => c.system.identifier === id);
      if (!doc) throw new Error(`no pack item ${id}`);
      return asItemData(doc);
    });
    await actor.createEmbeddedDocuments('Item', data);
  };

  it('Dodge from the pack raises the derived Defense by 1 (and twice by 2: dodge bonuses stack)', async () => {
    const actor = await fighter();
    await add(actor, 'fighter');
    const before = defense(actor);
    await add(actor, 'dodge');
    expect(defense(actor)).toBe(before + 1);
    await add(actor, 'dodge');
    expect(defense(actor)).toBe(before + 2);
  });

  it('Dodge is lost when flat-footed, Epic Defense is kept', async () => {
    const actor = await fighter();
    await add(actor, 'fighter', 'dodge', 'epic-defense');
    const ready = defense(actor);
    await actor.toggleStatusEffect('flat-footed', { active: true });
    const flatFooted = defense(actor);
    // Flat-footed loses Dex (+2), class (+1 at 1st level) and dodge (+1); Epic Defense stays.
    expect(flatFooted).toBe(ready - 2 - 1 - 1);
    expect(sys(actor).defense.melee?.parts.circumstance).toBe(1);
  });

  it('Toughness from the pack adds 3 base HP through its identifier', async () => {
    const actor = await fighter();
    await add(actor, 'fighter');
    const before = hpMax(actor);
    await add(actor, 'toughness');
    expect(hpMax(actor)).toBe(before + 3);
  });

  it('the situational effects are off until turned on', async () => {
    const actor = await fighter();
    await add(actor, 'fighter');
    const before = defense(actor);
    await add(actor, 'defensive-position');
    expect(defense(actor)).toBe(before);
    const item = actor.items.find((i) => (i.system as unknown as Source).identifier === 'defensive-position');
    const effect = item?.effects.contents[0] as ActiveEffect;
    await effect.update({ disabled: false });
    expect(defense(actor)).toBe(before + 2);
  });
});

describe('classes pack', () => {
  const byStatName = new Map(classes.map((c) => [c.flags.gng.statName as string, c]));

  it('has a class item for every class, modern class and creature type of the engine, with its progressions', () => {
    for (const entry of [
      ...CLASS_PROGRESSIONS,
      ...MODERN_CLASS_PROGRESSIONS,
      ...CREATURE_TYPE_PROGRESSIONS,
    ]) {
      const item = byStatName.get(entry.name);
      expect(item, entry.name).toBeDefined();
      expect(item?.type).toBe('class');
      expect(item?.system.defenseProgression, entry.name).toBe(entry.defense);
      expect(item?.system.hpProgression, entry.name).toBe(entry.hp);
      expect(item?.system.levels).toBe(1);
      expect(item?.system.kind, entry.name).toBe(
        entry.kind === 'creature-type' ? 'racial' : item?.system.kind,
      );
      if (entry.kind !== 'creature-type') expect(['class', 'prestige']).toContain(item?.system.kind);
    }
    // Archmage is in both the fantasy and the modern list: one item serves both.
    expect(classes).toHaveLength(CLASS_PROGRESSIONS.length + MODERN_CLASS_PROGRESSIONS.length - 1 + 17);
  });

  it('every class item agrees with the engine by its own name too (aliases such as Hierophant)', () => {
    for (const item of classes.filter((c) => c.system.kind !== 'racial')) {
      const entry = statProgressions(item.name as string);
      expect(item.system.defenseProgression, item.name).toBe(entry.defense);
      expect(item.system.hpProgression, item.name).toBe(entry.hp);
    }
  });

  it('identifiers are unique kebab-case; the monk is `monk` (its Protection bonus is read by it)', () => {
    const ids = classes.map((c) => c.system.identifier as string);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(ids).toContain('monk');
  });

  it('base attack and saves follow the SRD tables for a few classes', () => {
    const get = (id: string) => classes.find((c) => c.system.identifier === id)?.system;
    expect(get('fighter')).toMatchObject({
      babProgression: 'good',
      saves: { fort: 'good', ref: 'poor', will: 'poor' },
    });
    expect(get('wizard')).toMatchObject({
      babProgression: 'poor',
      saves: { fort: 'poor', ref: 'poor', will: 'good' },
    });
    expect(get('monk')).toMatchObject({
      babProgression: 'average',
      saves: { fort: 'good', ref: 'good', will: 'good' },
    });
    expect(get('soldier')).toMatchObject({
      babProgression: 'average',
      saves: { fort: 'good', ref: 'good', will: 'poor' },
    });
    expect(get('dragon')).toMatchObject({ kind: 'racial', babProgression: 'good' });
  });
});

describe('spells-powers and magic-items packs', () => {
  it('holds the four spells and three powers of Appendix 5', () => {
    const docs = pack('spells-powers');
    expect(
      docs
        .filter((d) => d.type === 'spell')
        .map((d) => d.name)
        .sort(),
    ).toEqual([
      'Armor Ignoring Fang',
      'Armor Ignoring Weapon',
      'Armor Piercing Fang',
      'Armor Piercing Weapon',
    ]);
    expect(
      docs
        .filter((d) => d.type === 'power')
        .map((d) => d.name)
        .sort(),
    ).toEqual(['Armor Ignoring Weapon', 'Armor Piercing Weapon', 'Iron Claw']);
    expect(docs.find((d) => d.name === 'Iron Claw')?.system).toMatchObject({ level: 3, powerPoints: 5 });
  });

  it('sets the fields the engine reads on Appendix 6 items', () => {
    const docs = pack('magic-items');
    const named = (name: string) => docs.find((d) => d.name === name)?.system;
    expect(named('Gripsoul')).toMatchObject({ enhancement: 6, bypass: 'piercing' });
    expect(named('Mace of Ruin')).toMatchObject({ enhancement: 7, bypass: 'ignoring' });
    expect(named('+1 Full Plate of Heavy Fortification')).toMatchObject({
      armorBonus: 8,
      fortification: 'heavy',
    });
    const abilities = docs.filter((d) => d.flags.gng?.ability).map((d) => d.flags.gng.ability as string);
    for (const id of [
      'fortification-light',
      'fortification-moderate',
      'fortification-heavy',
      'projectile-deflection',
    ])
      expect(abilities).toContain(id);
    for (const id of ['armor-piercing', 'armor-ignoring', 'vicious', 'wounding', 'precise', 'vorpal'])
      expect(abilities).toContain(id);
    for (const name of [
      'Gripsoul',
      'Mace of Ruin',
      'Mace of Smiting',
      'Nine Lives Stealer',
      'Oathbow',
      'Rapier of Puncturing',
      'Sun Blade',
      'Sword of Life Stealing',
      'Amulet of the Irresistible Fist',
      'Amulet of the Piercing Fist',
    ])
      expect(named(name), name).toBeDefined();
  });
});

describe('conditions pack', () => {
  const journals = pack('conditions');
  const pages = journals.flatMap((j) =>
    (j.pages as Source[]).map((p) => ({ entry: j._id as string, page: p })),
  );

  it('has a page for every status of GNG_STATUSES and every called-shot effect', () => {
    const statuses = pages.map((p) => p.page.flags?.gng?.status).filter(Boolean);
    expect(statuses.sort()).toEqual(GNG_STATUSES.map((s) => s.id).sort());
    const effects = pages.map((p) => p.page.flags?.gng?.calledShot).filter(Boolean);
    expect(effects.sort()).toEqual([...CALLED_SHOT_EFFECTS].sort());
    for (const { page } of pages) expect(page.text.content.length, page.name).toBeGreaterThan(60);
  });

  it('each status effect references its own page', () => {
    for (const status of GNG_STATUSES) {
      const found = pages.find((p) => p.page.flags?.gng?.status === status.id);
      expect(GNG_STATUS_REFERENCES[status.id], status.id).toBe(
        `Compendium.gng.conditions.JournalEntry.${found?.entry}.JournalEntryPage.${found?.page._id}`,
      );
    }
    for (const config of statusEffectConfig())
      expect(config.reference, config.id).toBe(GNG_STATUS_REFERENCES[config.id]);
  });
});

describe('compendium links', () => {
  /** Every UUID a pack document can be reached by. */
  const targets = new Set<string>();
  for (const [name, docs] of sources) {
    const declared = manifest.packs.find((p) => p.name === name);
    for (const doc of docs) {
      const base = `Compendium.gng.${name}.${declared?.type}.${doc._id}`;
      targets.add(base);
      for (const page of (doc.pages as Source[] | undefined) ?? [])
        targets.add(`${base}.JournalEntryPage.${page._id}`);
    }
  }
  const LINK = /@UUID\[(Compendium\.gng\.[^\]]+)\]/g;
  const texts: { where: string; html: string }[] = [];
  for (const [name, docs] of sources) {
    for (const doc of docs) {
      if (typeof doc.system?.description === 'string')
        texts.push({ where: `${name}/${doc.name}`, html: doc.system.description });
      for (const page of (doc.pages as Source[] | undefined) ?? [])
        texts.push({ where: `${name}/${doc.name}/${page.name}`, html: page.text?.content ?? '' });
    }
  }

  it('every @UUID[Compendium.gng.…] link of every journal and item description resolves to a pack document', () => {
    const links = texts.flatMap(({ where, html }) =>
      [...html.matchAll(LINK)].map((m) => ({ where, uuid: m[1] })),
    );
    expect(links.length).toBeGreaterThan(50);
    const broken = links.filter((l) => !targets.has(l.uuid as string));
    expect(broken).toEqual([]);
  });

  it('the rules summary links into the feats, classes, items and conditions packs', () => {
    const summary = pack('rules').find((j) => j.name === 'GnG Rules Summary');
    const html = (summary?.pages as Source[]).map((p) => p.text.content as string).join('');
    for (const name of ['feats', 'classes', 'spells-powers', 'magic-items', 'conditions'])
      expect(html, name).toContain(`@UUID[Compendium.gng.${name}.`);
  });
});
