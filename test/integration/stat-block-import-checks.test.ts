/**
 * The stat-block importer never throws (issue #28): a value the actor cannot hold is flagged beside
 * its line and Create waits for the GM to correct it; a value no input edits is clamped and said;
 * a text with no creature type or a missing pack is refused with a message; an Armor Class printed
 * without its parts gives Protection from the touch AC.
 *
 * Bounds (docs/rules.md decision `number bounds`, src/data/validation.ts): ability scores 0–200,
 * natural armor and enhancement 0–300, speed 0–100,000 ft., a weapon's damage at most 100 dice of
 * at most 1,000 faces and a flat part within ±10,000.
 *
 * The ogre without its AC parts ("AC 16, touch 8, flat-footed 16"; Large Giant, 4 HD, Con 15,
 * Dex 8, Toughness): armor + shield + natural = 16 − 8 = 8, taken as natural armor → Protection 8;
 * no armor is named, so no armor check penalty: Defense = Dex −1 + class +3 (Giant Average, 4 HD)
 * + size −1 = +1; HP = (15 + 3 + 3) × 2 = 42 as with its parts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import type { StatBlockImporterApp } from '../../src/bestiary/importer-app.js';

const h = await getHarness();
const { problemText } = await import('../../src/bestiary/import-checks.js');
const { gm } = h.users;

const fixture = (name: string) =>
  readFileSync(join(ROOT, 'test/fixtures/stat-blocks', `${name}.txt`), 'utf8');
const OGRE = fixture('core-ogre');
const OGRE_AC = 'Armor Class: 16 (-1 size, -1 Dex, +5 natural, +3 hide armor), touch 8, flat-footed 16';
const BIG = '9'.repeat(400);

function loadPacks(names = ['classes', 'feats', 'weapons']): void {
  for (const pack of names) {
    const dir = join(ROOT, 'packs/_source', pack);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('_')))
      h.registerCompendiumDocument(
        pack,
        JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>,
      );
  }
}

beforeEach(() => {
  h.reset(28);
  h.as(gm);
});
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;

describe('game.gng.importStatBlock never throws', () => {
  beforeEach(() => loadPacks());

  it.each([
    [
      'Str 9999',
      OGRE.replace('Str 21', 'Str 9999'),
      'abilities.str',
      'Strength: 9999 is more than 200, the most the system holds.',
    ],
    [
      'Con 250',
      OGRE.replace('Con 15', 'Con 250'),
      'abilities.con',
      'Constitution: 250 is more than 200, the most the system holds.',
    ],
    [
      'a 400-digit Strength',
      OGRE.replace('Str 21', `Str ${BIG}`),
      'abilities.str',
      'Strength: the number is too large to read; the most the system holds is 200.',
    ],
    [
      'a natural armor of 400 digits',
      OGRE.replace('+5 natural', `+${BIG} natural`),
      'natural_armor',
      'Natural armor: the number is too large to read; the most the system holds is 300.',
    ],
  ])(
    '%s: no actor, the value flagged with its field, a message, nothing thrown',
    async (_n, text, key, message) => {
      const result = await game.gng.importStatBlock(text);
      expect(result?.actor).toBeNull();
      expect(game.actors.size).toBe(0);
      const blocking = result?.problems.filter((p) => p.blocking) ?? [];
      expect(blocking.map((p) => p.key)).toEqual([key]);
      expect(problemText(blocking[0] as never)).toBe(message);
      expect(h.notices.at(-1)).toEqual({ level: 'warn', message: `No actor was created: ${message}` });
    },
  );

  it('a 400-digit damage bonus: the full attack line is flagged (its dice cannot be rolled)', async () => {
    const text = OGRE.replace(/\(2d8\+7\)/g, `(2d8+${BIG})`);
    const result = await game.gng.importStatBlock(text);
    expect(result?.actor).toBeNull();
    const blocking = result?.problems.filter((p) => p.blocking) ?? [];
    expect(blocking.map((p) => p.key)).toEqual(['full_attack']);
    expect(problemText(blocking[0] as never)).toMatch(
      /^Greatclub: the damage 2d8\+9{400} cannot be rolled \(at most 100 dice of at most 1000 faces, and a flat part within ±10000\)\.$/,
    );
  });

  it('a 400-digit regeneration that the conversion cannot take: the special qualities are flagged', async () => {
    const text = OGRE.replace('Darkvision 60 ft.', `Darkvision 60 ft., resistance to fire ${BIG}`);
    const result = await game.gng.importStatBlock(text);
    expect(result?.actor).toBeNull();
    const blocking = result?.problems.filter((p) => p.blocking) ?? [];
    expect(blocking.map((p) => p.key)).toEqual(['special_qualities']);
    expect(problemText(blocking[0] as never)).toBe(
      'Special Qualities: this line could not be converted (a number in it is out of range); correct it.',
    );
    // The rest still converts (as without the line).
    expect(result?.converted.hp.max).toBe(42);
  });

  it('a speed past the bound is clamped, said, and the actor made', async () => {
    const result = await game.gng.importStatBlock(OGRE.replace('Speed: 30 ft.', 'Speed: 9999999 ft.'));
    expect(result?.problems.map((p) => [p.key, p.field, p.blocking])).toEqual([[null, 'speed', false]]);
    expect(problemText(result?.problems[0] as never)).toBe(
      'Speed (ft.): 9999999 is more than 100000, the most the system holds; the actor gets 100000.',
    );
    expect(sys(result?.actor as Actor).speed).toBe(100_000);
  });

  it('"Goblin; hp lots; Str abc": named Goblin, the unread parts listed, no type so no actor', async () => {
    const result = await game.gng.importStatBlock('Goblin; hp lots; Str abc');
    expect(result?.record.name).toBe('Goblin');
    expect(result?.parse.unparsed.map((u) => u.text)).toEqual(['hp lots', 'Str abc']);
    expect(result?.actor).toBeNull();
    expect(result?.problems.filter((p) => p.blocking).map((p) => p.key)).toEqual(['type']);
    expect(h.notices.at(-1)?.message).toBe(
      'The stat block gives no size and type, so no creature can be made from it: add its Size/Type line.',
    );
  });

  it('the ogre with only "AC 16, touch 8, flat-footed 16": Protection 8 from the touch AC, the step says so', async () => {
    const result = await game.gng.importStatBlock(
      OGRE.replace(OGRE_AC, 'Armor Class: 16, touch 8, flat-footed 16'),
    );
    const actor = result?.actor as Actor;
    expect(sys(actor).naturalArmor).toBe(8);
    expect({
      hp: sys(actor).hp.max,
      protection: sys(actor).protection.total,
      defense: sys(actor).defense.total,
    }).toEqual({
      hp: 42,
      protection: 8,
      defense: 1,
    });
    const steps = (
      actor.flags.gng as {
        conversion: { steps: { explanation: { key: string; data: Record<string, string> } }[] };
      }
    ).conversion.steps;
    const step = steps.find((s) => s.explanation.key === 'GNG.Bestiary.Step.ProtectionInferred');
    expect(step && game.i18n.format(step.explanation.key, step.explanation.data)).toBe(
      'The AC 16 is printed without its parts: armor + shield + natural armor = AC 16 − touch AC 8 = 8, taken as natural armor (Protection).',
    );
  });
});

it('every number of the ogre made 400 digits long: an actor, or a reason and none; never a throw', async () => {
  loadPacks();
  const numbers = [...OGRE.matchAll(/\d+/g)];
  expect(numbers.length).toBeGreaterThan(50);
  let made = 0;
  for (const match of numbers) {
    const at = match.index ?? 0;
    const text = OGRE.slice(0, at) + BIG + OGRE.slice(at + match[0].length);
    const notices = h.notices.length;
    const result = await game.gng.importStatBlock(text);
    const blocking = result?.problems.filter((p) => p.blocking) ?? [];
    if (result?.actor) {
      expect(blocking, text).toEqual([]);
      made += 1;
      await result.actor.delete();
    } else {
      expect(blocking.length, text).toBeGreaterThan(0);
      expect(h.notices.slice(notices).map((n) => n.level)).toEqual(['warn']);
    }
  }
  // Not all refused: a number only kept for reference (initiative, saves, skills …) harms nothing.
  expect(made).toBeGreaterThan(0);
  expect(made).toBeLessThan(numbers.length);
});

it('a missing pack is said, and nothing thrown or created', async () => {
  loadPacks(['classes', 'weapons']);
  const result = await game.gng.importStatBlock(OGRE);
  expect(result?.actor).toBeNull();
  expect(game.actors.size).toBe(0);
  expect(h.notices.at(-1)).toEqual({
    level: 'error',
    message: "No actor was created: the system's classes, feats or weapons compendium could not be read.",
  });
});

describe('the importer window', () => {
  beforeEach(() => loadPacks());

  async function openWith(text: string): Promise<StatBlockImporterApp> {
    const app = (await game.gng.openImporter()) as StatBlockImporterApp;
    await app.read(text);
    return app;
  }
  const el = (app: StatBlockImporterApp, selector: string) =>
    app.element.querySelector<HTMLElement>(selector);
  const createButton = (app: StatBlockImporterApp) =>
    el(app, 'button[data-action="create"]') as HTMLButtonElement;
  async function correct(app: StatBlockImporterApp, key: string, value: string) {
    await h.change(app as never, `[data-edit="${key}"]`, value);
    await app.updated();
  }

  it('Str 9999: flagged beside its row, Create disabled with the reason; corrected, Create works', async () => {
    const app = await openWith(OGRE.replace('Str 21', 'Str 9999'));
    const problem = el(app, 'tr[data-key="abilities.str"] .gng-imp-problem');
    expect(problem?.hidden).toBe(false);
    expect(problem?.textContent?.trim()).toBe('Strength: 9999 is more than 200, the most the system holds.');
    expect(el(app, '[data-edit="abilities.str"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(createButton(app).disabled).toBe(true);
    const reason = el(app, '.gng-imp-blocked');
    expect(reason?.textContent).toContain('Create actor waits until these are corrected:');
    expect(reason?.textContent).toContain('Strength: 9999 is more than 200, the most the system holds.');
    expect(createButton(app).getAttribute('aria-describedby')).toBe(reason?.id);
    // Create refuses even if clicked.
    await app.create();
    expect(game.actors.size).toBe(0);

    await correct(app, 'abilities.str', '99');
    expect(el(app, 'tr[data-key="abilities.str"] .gng-imp-problem')?.hidden).toBe(true);
    expect(el(app, '[data-edit="abilities.str"]')?.hasAttribute('aria-invalid')).toBe(false);
    expect(createButton(app).disabled).toBe(false);
    expect(el(app, '.gng-imp-blocked')?.hidden).toBe(true);
    await h.click(app as never, 'button[data-action="create"]');
    const actor = game.actors.contents.at(-1) as Actor;
    expect(sys(actor).abilities.str.value).toBe(99);
  });

  it('"Goblin; hp lots; Str abc": the unread parts and the missing fields listed, not "every line was read"', async () => {
    const app = await openWith('Goblin; hp lots; Str abc');
    expect(el(app, '.gng-imp-result h2')?.textContent).toContain('Goblin');
    const unread = [...app.element.querySelectorAll('.gng-imp-unparsed li')].map((li) => li.textContent);
    expect(unread).toEqual([
      'Line 1: hp lots',
      'Line 1: Str abc',
      'Not in the paste: Size/Type',
      'Not in the paste: Hit Dice',
      'Not in the paste: Armor Class',
      'Not in the paste: Base attack bonus',
      'Not in the paste: Saves',
      'Not in the paste: Abilities',
    ]);
    expect(el(app, '.gng-imp-unparsed')?.textContent).not.toContain('Every line was read.');
    expect(createButton(app).disabled).toBe(true);
    expect(el(app, 'tr[data-key="type"] .gng-imp-problem')?.textContent?.trim()).toBe(
      'The stat block gives no size and type, so no creature can be made from it: add its Size/Type line.',
    );
    await correct(app, 'type', 'Humanoid');
    expect(createButton(app).disabled).toBe(false);
  });

  it('a paste with no name line lists the missing name', async () => {
    const app = await openWith(OGRE.replace(/^Ogre\n/, ''));
    const unread = [...app.element.querySelectorAll('.gng-imp-unparsed li')].map((li) => li.textContent);
    expect(unread).toEqual(['Not in the paste: Name']);
    expect(createButton(app).disabled).toBe(false);
  });

  it('a conversion that fails on a line flags the line and shows the rest', async () => {
    const app = await openWith(OGRE.replace('Darkvision 60 ft.', `Darkvision 60 ft., regeneration ${BIG}`));
    expect(el(app, 'tr[data-key="special_qualities"] .gng-imp-problem')?.hidden).toBe(false);
    expect(el(app, '.gng-imp-result [data-result="hp"]')?.textContent?.trim()).toBe('42');
    expect(createButton(app).disabled).toBe(true);
    await correct(app, 'special_qualities', 'Darkvision 60 ft., regeneration 5');
    expect(createButton(app).disabled).toBe(false);
  });
});
