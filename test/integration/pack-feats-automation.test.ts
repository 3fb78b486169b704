/**
 * Issue #18, "Done when": "a test fails if a pack feat with numbers in its text has no effect and no
 * recorded reason". Every pack feat whose Benefit has a number (a digit: "+2", "−4", "1d6", "DC 20",
 * "30 ft.") either carries Active Effects, or is read by the system (src/config/feat-automation.ts,
 * whose identifiers must really appear as strings in src/ outside that file), or carries a recorded
 * reason (`flags.gng.manualReason`, a `GNG.FeatManual.*` key with an English sentence that ends its
 * "In this system:" paragraph).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FEAT_AUTOMATION } from '../../src/config/feat-automation.js';
import { ROOT } from '../harness/index.js';

type Source = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON sources

const FEATS_DIR = join(ROOT, 'packs/_source/feats');
const feats: Source[] = readdirSync(FEATS_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(FEATS_DIR, f), 'utf8')) as Source);
const lang = JSON.parse(readFileSync(join(ROOT, 'lang/en.json'), 'utf8')) as Source;

const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The Benefit of a feat's description: from "Benefit:" up to "In this system:". */
function benefit(feat: Source): string {
  const description = String(feat.system?.description ?? '');
  const start = description.indexOf('<strong>Benefit:</strong>');
  const end = description.indexOf('<strong>In this system:</strong>');
  if (start < 0 || end < start) throw new Error(`${String(feat.name)}: no Benefit before "In this system:"`);
  return text(description.slice(start, end));
}

/** The "In this system:" paragraph of a feat. */
function inThisSystem(feat: Source): string {
  const description = String(feat.system?.description ?? '');
  const match = /<strong>In this system:<\/strong>([\s\S]*?)<\/p>/.exec(description);
  return text(match?.[1] ?? '');
}

/** A number in the text: any digit ("+2", "–4", "1d6", "DC 20", "30 ft."). */
const hasNumber = (s: string): boolean => /\d/.test(s);

/** The lang entry at a dotted key. */
const localized = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Source | undefined)?.[part], lang);

/** The recorded reason of a feat, when its key exists in lang/en.json with a sentence. */
function recordedReason(feat: Source): string | null {
  const key = feat.flags?.gng?.manualReason as unknown;
  if (typeof key !== 'string' || !key.startsWith('GNG.FeatManual.')) return null;
  const sentence = localized(key);
  return typeof sentence === 'string' && /[a-z]{3,}.*\.$/.test(sentence.trim()) ? sentence : null;
}

/** Names of the feats with numbers in their Benefit and no effect, no reader and no recorded reason. */
function unaccounted(docs: Source[], registry: Readonly<Record<string, string>>): string[] {
  return docs
    .filter((feat) => hasNumber(benefit(feat)))
    .filter((feat) => {
      const effects = (feat.effects as Source[] | undefined) ?? [];
      const id = String(feat.system?.identifier ?? '');
      return effects.length === 0 && !(id in registry) && recordedReason(feat) === null;
    })
    .map((feat) => String(feat.name));
}

/** Every .ts file under src/. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('pack feats with numbers are automated or say why not', () => {
  it('reads the 88 feats of the pack (62 of Appendix 4, 26 core)', () => {
    expect(feats).toHaveLength(88);
    expect(feats.filter((f) => f.system.category === 'gng')).toHaveLength(62);
  });

  it('finds numbers in the Benefits the text gives numbers (and none where it gives none)', () => {
    const byId = new Map(feats.map((f) => [f.system.identifier as string, f]));
    // "a +1 bonus to Defense" (Epic Defense), "DC 20" (Tactical Aid), "1d6 bludgeoning" (Dynamic Grip).
    for (const id of ['epic-defense', 'tactical-aid', 'dynamic-grip', 'flurry-of-blows'])
      expect(hasNumber(benefit(byId.get(id) as Source)), id).toBe(true);
    // "Your charge need not follow a straight line" has no number.
    expect(hasNumber(benefit(byId.get('improved-charge') as Source))).toBe(false);
  });

  it('every pack feat with a number in its Benefit has effects, a reader or a recorded reason', () => {
    expect(unaccounted(feats, FEAT_AUTOMATION)).toEqual([]);
  });

  it('fails, naming the feat, when one loses its reader or its reason', () => {
    const byId = new Map(feats.map((f) => [f.system.identifier as string, f]));
    // Without its registry entry, Quick Reload ("a move action"… no digit) is not checked; Toughness
    // ("base HP rise by 3") is, and has no effect and no reason: it must be named.
    const withoutToughness = Object.fromEntries(
      Object.entries(FEAT_AUTOMATION).filter(([id]) => id !== 'toughness'),
    );
    expect(unaccounted(feats, withoutToughness)).toEqual(['Toughness']);
    // A feat with numbers whose recorded reason is not a lang key with a sentence is named too.
    const pointBlank = structuredClone(byId.get('point-blank-shot') as Source);
    expect(unaccounted([pointBlank], FEAT_AUTOMATION)).toEqual([]);
    pointBlank.flags.gng.manualReason = 'GNG.FeatManual.NoSuchReason';
    expect(unaccounted([pointBlank], FEAT_AUTOMATION)).toEqual(['Point Blank Shot']);
    delete pointBlank.flags.gng.manualReason;
    expect(unaccounted([pointBlank], FEAT_AUTOMATION)).toEqual(['Point Blank Shot']);
    // And one whose Active Effects are taken away (Epic Defense has no reader besides its effect).
    const epicDefense = structuredClone(byId.get('epic-defense') as Source);
    epicDefense.effects = [];
    expect(unaccounted([epicDefense], FEAT_AUTOMATION)).toEqual(['Epic Defense']);
  });

  it('every identifier the registry names is a pack feat and really appears as a string in src/', () => {
    const registryFile = join(ROOT, 'src/config/feat-automation.ts');
    const sources = sourceFiles(join(ROOT, 'src'))
      .filter((file) => file !== registryFile)
      .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }));
    const ids = new Set(feats.map((f) => f.system.identifier as string));
    const missing: string[] = [];
    for (const id of Object.keys(FEAT_AUTOMATION)) {
      expect(ids.has(id), `${id} is a pack feat`).toBe(true);
      const quoted = new RegExp(`['"\`]${id.replace(/-/g, '\\-')}['"\`]`);
      if (!sources.some((s) => quoted.test(s.text))) missing.push(id);
    }
    expect(missing).toEqual([]);
  });

  it('every recorded reason is a GNG.FeatManual key whose sentence ends the "In this system:" paragraph', () => {
    const withReason = feats.filter((f) => f.flags?.gng?.manualReason !== undefined);
    expect(withReason.length).toBeGreaterThan(0);
    for (const feat of withReason) {
      const sentence = recordedReason(feat);
      expect(sentence, String(feat.name)).not.toBeNull();
      expect(inThisSystem(feat).endsWith(text(sentence as string)), String(feat.name)).toBe(true);
    }
    // No reason in the lang file that no feat records (a stale entry).
    const used = new Set(withReason.map((f) => f.flags.gng.manualReason as string));
    for (const key of Object.keys(lang.GNG.FeatManual as Source))
      expect(used.has(`GNG.FeatManual.${key}`), key).toBe(true);
  });

  it('a feat the system reads does not say it is not automated at all', () => {
    for (const feat of feats.filter((f) => (f.system.identifier as string) in FEAT_AUTOMATION))
      expect(inThisSystem(feat), String(feat.name)).not.toMatch(/^Not automated\.?$/);
  });
});
