/**
 * The stat-block importer (issue #19): `game.gng.importStatBlock(text)` on the GM's client parses a
 * pasted block, converts it and creates a world `npc` actor built as the bestiary pack builds its
 * actors, with the class items and Toughness copied from the system's packs (here the harness's
 * `game.packs`, filled from packs/_source); the importer window shows the parse and the conversion
 * side by side, converts again when the GM corrects a field, and creates the corrected actor.
 *
 * The requirement for every fixture is that the prepared actor has the HP, Protection and Defense
 * that `convertMonster` gives for the parsed block. Five of them are also worked out by hand from
 * GnG v4.0 (../shared/seeds/000_…txt: "Table: HP/Defense Bonus by Creature Type", "HP/Defense Bonus
 * Progression", "Table: Size Multiplier", "Table: Size Modifiers") and docs/rules.md "Bestiary
 * conversion (issue #19)":
 * - Ogre (3.5 table; Large Giant, 4 HD, Con 15, Dex 8, Toughness, +5 natural, hide armor):
 *   HP = (15 + 3 (Giant Average, 4 HD) + 3 (Toughness)) × 2 (Large) = 42; Protection = 3 (hide) +
 *   5 (natural) = 8; Defense = Dex −1 + class +3 (Giant Average, 4 HD) + equipment −2 (hide −3,
 *   proficient: half, rounded up) + size −1 (Large) = −1.
 * - Goblin (one paragraph; Small humanoid, 1 HD, Con 12, Dex 13, "AC 15, touch 12, flat-footed 14"
 *   with no parts given): HP = (12 + 0 (Humanoid Average, 1 HD)) × 1/2 = 6; Protection = AC 15 −
 *   touch 12 = 3, taken as natural armor (decision "AC without its parts": touch AC leaves out armor,
 *   shield and natural armor); Defense = Dex +1 + class +0 + size +1 (Small) = +2.
 * - Cerebrilith (psionic; Large Outsider, 9 HD, Con 25, Dex 13, +15 natural): HP = (25 + 6
 *   (Outsider Average, 9 HD)) × 2 = 62; Protection 15; Defense = Dex +1 + class +9 (Outsider Good,
 *   9 HD) + size −1 = +9.
 * - Street Tough (d20 Modern; "Strong Ordinary 2/Tough Ordinary 1", Medium-size human, HD 2d8+2
 *   plus 1d10+1, Con 13, Dex 12, "+2 equipment"): ordinary classes are no GnG class, so the 3 levels
 *   are Humanoid HD (decision "NPC classes"): HP = (13 + 2 (Average, 3 HD)) × 1 = 15; Protection 2
 *   (the equipment bonus is worn armor); Defense = Dex +1 + class +2 (Average, 3 HD) + 0 + 0 = +3.
 * - Bugbear (a block pasted with junk lines; Medium humanoid, 3 HD, Con 13, Dex 12, +3 natural,
 *   leather armor +2, light wooden shield +1): HP = (13 + 2) × 1 = 15; Protection = 2 + 3 = 5;
 *   Defense = Dex +1 + class +2 + equipment 0 (leather) + size 0 + shield +1 = +4.
 * Corrections of the ogre: Con 21 → HP = (21 + 3 + 3) × 2 = 54; natural armor 7 → Protection = 3 + 7
 * = 10; then Large → Huge: HP = (21 + 3 + 3) × 4 = 108, Defense −1 − 1 (Huge −2 instead of −1) = −2.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import { parseStatBlock } from '../../src/rules/bestiary/stat-block-parse.js';
import { convertMonster } from '../../src/rules/bestiary/convert.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import type { StatBlockImporterApp } from '../../src/bestiary/importer-app.js';

const h = await getHarness();
// After the harness: these modules read `foundry` when they load.
const { IMPORTER_ID } = await import('../../src/bestiary/register.js');
const { gm, player } = h.users;

const FIXTURES = join(ROOT, 'test/fixtures/stat-blocks');
const fixture = (name: string) => readFileSync(join(FIXTURES, `${name}.txt`), 'utf8');

/** The packs the importer copies from, as Foundry would serve them (`gng.classes`, `gng.feats`, `gng.weapons`). */
function loadPacks(): void {
  for (const pack of ['classes', 'feats', 'weapons']) {
    const dir = join(ROOT, 'packs/_source', pack);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('_')))
      h.registerCompendiumDocument(
        pack,
        JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>,
      );
  }
}

beforeEach(() => {
  h.reset(19);
  h.as(gm);
  loadPacks();
});
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const numbers = (actor: Actor) => ({
  hp: sys(actor).hp.max,
  protection: sys(actor).protection.total,
  defense: sys(actor).defense.total,
});

describe('game.gng.importStatBlock', () => {
  it.each([
    ['core-ogre', 'Ogre', { hp: 42, protection: 8, defense: -1 }],
    ['sentence-goblin', 'Goblin', { hp: 6, protection: 3, defense: 2 }],
    ['psionic-cerebrilith', 'Cerebrilith', { hp: 62, protection: 15, defense: 9 }],
    [
      'modern-street-tough',
      'Street Tough (Strong Ordinary 2/Tough Ordinary 1)',
      { hp: 15, protection: 2, defense: 3 },
    ],
    ['junk-bugbear', 'Bugbear', { hp: 15, protection: 5, defense: 4 }],
  ])('%s: creates %s with the hand-worked HP, Protection and Defense %o', async (file, name, want) => {
    const result = await game.gng.importStatBlock(fixture(file));
    expect(result).not.toBeNull();
    const actor = result?.actor as Actor;
    expect(game.actors.get(actor.id as string)).toBe(actor);
    expect(actor.name).toBe(name);
    expect(actor.type).toBe('npc');
    expect(numbers(actor)).toEqual(want);
    const c = result?.converted;
    expect({ hp: c?.hp.max, protection: c?.protection.total, defense: c?.defense.total }).toEqual(want);
  });

  it('gives each weapon item its printed attack bonus (issue #33): "Greatclub +8 melee … javelin +1 ranged"', async () => {
    const actor = (await game.gng.importStatBlock(fixture('core-ogre')))?.actor as Actor;
    const bonus = (name: string) => {
      const item = actor.items.find((i) => i.name === name) as Item;
      return {
        item: (item.system as unknown as { attackBonus: number | null }).attackBonus,
        sheet: sys(actor).derived.attacks.find((a) => a.itemId === item.id)?.bonus,
      };
    };
    expect(bonus('Greatclub')).toEqual({ item: 8, sheet: 8 });
    expect(bonus('Javelin')).toEqual({ item: 1, sheet: 1 });
  });

  it.each([
    'core-ogre',
    'sentence-goblin',
    'core-red-dragon-adult-tabs',
    'core-locust-swarm',
    'core-iron-golem',
    'core-tarrasque',
    'epic-hecatoncheires',
    'epic-prismatic-dragon-great-wyrm',
    'psionic-cerebrilith',
    'psionic-dromite-warrior',
    'psionic-blue-psion-tabs',
    'modern-street-tough',
    'modern-mutant-grizzly-wrapped',
    'modern-hollow-man',
  ])('%s: the prepared actor has the HP, Protection and Defense convertMonster gives', async (file) => {
    const text = fixture(file);
    const c = convertMonster(parseStatBlock(text).record);
    const actor = (await game.gng.importStatBlock(text))?.actor as Actor;
    expect(numbers(actor)).toEqual({
      hp: c.hp.max,
      protection: c.protection.total,
      defense: c.defense.total,
    });
    // What the conversion could not do is on the actor, and the pasted text with it.
    const flags = actor.flags.gng as Record<string, { unconverted?: string[]; text?: string }>;
    expect(flags.conversion?.unconverted).toEqual(c.unconverted);
    expect(flags.statBlock?.text).toBe(text);
    for (const entry of c.unconverted)
      expect(sys(actor).biography).toContain(entry.replace(/&/g, '&amp;').split('<')[0]);
  });

  it('copies the class items and the Toughness feat from the packs, and gives the attacks as weapons', async () => {
    const actor = (await game.gng.importStatBlock(fixture('core-ogre')))?.actor as Actor;
    const items = actor.items.contents;
    const giant = items.find((i) => i.type === 'class');
    expect(giant?.name).toBe('Giant Hit Dice');
    expect(giant?.system).toMatchObject({ levels: 4 });
    expect(items.filter((i) => i.type === 'feat').map((i) => i.name)).toEqual(['Toughness']);
    expect(items.filter((i) => i.type === 'armor').map((i) => i.name)).toEqual(['Hide armor']);
    // "Greatclub +8 melee (2d8+7) or javelin +1 ranged (1d8+5)": the SRD greatclub is martial
    // two-handed, the javelin simple thrown with a 30-ft. range increment.
    const weapons = items.filter((i) => i.type === 'weapon');
    expect(weapons.map((w) => w.name).sort()).toEqual(['Greatclub', 'Javelin']);
    const javelin = weapons.find((w) => w.name === 'Javelin')?.system as unknown as Record<string, unknown>;
    expect(javelin).toMatchObject({ category: 'simple', use: 'thrown', rangeIncrement: 30 });
    // World documents: no pack keys, fresh ids.
    expect(actor.id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(actor.toObject()).not.toHaveProperty('_key');
  });

  it('with create: false only parses and converts', async () => {
    const before = game.actors.size;
    const result = await game.gng.importStatBlock(fixture('core-ogre'), { create: false });
    expect(result?.actor).toBeNull();
    expect(result?.converted.hp.max).toBe(42);
    expect(game.actors.size).toBe(before);
  });

  it('lists the junk lines of a paste as unparsed, and keeps them on the actor', async () => {
    const result = await game.gng.importStatBlock(fixture('junk-bugbear'));
    const unparsed = result?.parse.unparsed.map((u) => u.text) ?? [];
    expect(unparsed).toEqual([
      'click to see monster',
      'Monster Manual page 29',
      'Bugbears are the largest and most fearsome of the goblinoids.',
      'COMBAT',
      'Bugbears prefer to attack from surprise.',
    ]);
    const kept = (result?.actor?.flags.gng as { statBlock: { unparsed: { text: string }[] } }).statBlock;
    expect(kept.unparsed.map((u) => u.text)).toEqual(unparsed);
  });

  it('refuses a player with a message, and creates nothing', async () => {
    h.as(player);
    const before = game.actors.size;
    expect(await game.gng.importStatBlock(fixture('core-ogre'))).toBeNull();
    expect(game.actors.size).toBe(before);
    expect(h.notices.at(-1)).toEqual({ level: 'warn', message: 'Only a GM can import a stat block.' });
    expect(await game.gng.openImporter()).toBeNull();
    expect(h.openApplications().some((app) => app.options.id === IMPORTER_ID)).toBe(false);
  });

  it('does not create an actor from text with no creature type in it', async () => {
    // The first line of a table is its name; the second is not a stat-block line.
    const result = await game.gng.importStatBlock('just some words\nand more');
    expect(result?.actor).toBeNull();
    expect(result?.parse.unparsed.map((u) => u.text)).toEqual(['and more']);
    expect(h.notices.at(-1)?.message).toBe(
      'The stat block gives no size and type, so no creature can be made from it: add its Size/Type line.',
    );
    expect(await game.gng.importStatBlock('')).toMatchObject({ actor: null });
    expect(h.notices.at(-1)?.message).toBe('Nothing was read: paste a stat block and read it first.');
    expect(game.actors.size).toBe(0);
  });
});

describe('the importer window', () => {
  async function openWith(text: string): Promise<StatBlockImporterApp> {
    const app = (await game.gng.openImporter()) as StatBlockImporterApp;
    const area = app.element.querySelector<HTMLTextAreaElement>('textarea[name="text"]');
    if (!area) throw new Error('no text area');
    area.value = text;
    area.dispatchEvent(new h.window.Event('input', { bubbles: true }) as unknown as Event);
    await h.click(app as never, 'button[data-action="read"]');
    return app;
  }
  const result = (app: StatBlockImporterApp, key: string) =>
    app.element.querySelector(`.gng-imp-result [data-result="${key}"]`)?.textContent?.trim();
  async function correct(app: StatBlockImporterApp, key: string, value: string) {
    await h.change(app as never, `[data-edit="${key}"]`, value);
    await app.updated();
  }

  it('opens from the actor directory for a GM only', async () => {
    const html = h.renderActorDirectory();
    const button = html.querySelector<HTMLButtonElement>('.header-actions button.gng-open-importer');
    expect(button?.textContent?.trim()).toBe('Import stat block');
    button?.click();
    await expect.poll(() => h.openApplications().some((app) => app.options.id === IMPORTER_ID)).toBe(true);
    h.as(player);
    expect(h.renderActorDirectory().querySelector('.gng-open-importer')).toBeNull();
  });

  it('shows the parsed fields with their lines beside the GnG result and every step', async () => {
    const app = await openWith(fixture('core-ogre'));
    const row = app.element.querySelector('tr[data-key="abilities.con"]');
    expect(row?.querySelector('label')?.textContent).toBe('Constitution');
    expect(row?.querySelector('.gng-imp-line')?.textContent).toBe(
      'Abilities: Str 21, Dex 8, Con 15, Int 6, Wis 10, Cha 7',
    );
    expect(row?.querySelector<HTMLInputElement>('input')?.value).toBe('15');
    expect(app.element.querySelector('tr[data-key="natural_armor"] input')).not.toBeNull();
    expect(app.element.querySelector('label[for="gng-imp-ac-3"]')?.textContent).toBe('AC part: hide armor');
    expect([result(app, 'hp'), result(app, 'protection'), result(app, 'defense')]).toEqual(['42', '8', '−1']);
    const c = convertMonster(parseStatBlock(fixture('core-ogre')).record);
    const steps = [...app.element.querySelectorAll('.gng-imp-steps li')].map((li) => li.textContent);
    expect(steps).toHaveLength(c.steps.length);
    expect(steps).toContain('HP = base 21 × size multiplier 2 (large) = 42, rounded down: 42.');
    // Other fields read are listed with their lines; every line of this block was read.
    expect(app.element.querySelector('.gng-imp-others')?.textContent).toContain('Temperate hills');
    expect(app.element.querySelector('.gng-imp-unparsed')?.textContent).toContain('Every line was read.');
  });

  it('lists unparsed lines and warnings', async () => {
    const app = await openWith(fixture('junk-bugbear'));
    const lines = [...app.element.querySelectorAll('.gng-imp-unparsed li')].map((li) => li.textContent);
    expect(lines[0]).toBe('Line 2: click to see monster');
    expect(lines).toHaveLength(5);
    const two = await openWith(fixture('core-ogre-two-columns-tabs'));
    expect(two.element.querySelector('.gng-imp-warnings')?.textContent).toContain('more column(s)');
  });

  it('converts again when the GM corrects a field, and creates the corrected actor, whose sheet opens', async () => {
    const app = await openWith(fixture('core-ogre'));
    await correct(app, 'abilities.con', '21');
    expect(result(app, 'hp')).toBe('54');
    await correct(app, 'natural_armor', '7');
    expect(result(app, 'protection')).toBe('10');
    await correct(app, 'size', 'Huge');
    expect([result(app, 'hp'), result(app, 'defense')]).toEqual(['108', '−2']);
    await correct(app, 'size', 'Large');
    // A value that cannot be read is marked and changes nothing.
    await correct(app, 'abilities.str', 'lots');
    const str = app.element.querySelector<HTMLInputElement>('[data-edit="abilities.str"]');
    expect(str?.getAttribute('aria-invalid')).toBe('true');
    expect(app.element.querySelector<HTMLElement>('#gng-imp-abilities-str-error')?.hidden).toBe(false);
    expect(result(app, 'hp')).toBe('54');
    expect(app.element.querySelector('.gng-imp-status')?.textContent).toBe(
      'Converted again: 54 HP, Protection 10, Defense −1.',
    );

    await h.click(app as never, 'button[data-action="create"]');
    const actor = game.actors.contents.at(-1) as Actor;
    expect(actor.name).toBe('Ogre');
    expect(numbers(actor)).toEqual({ hp: 54, protection: 10, defense: -1 });
    expect(sys(actor).abilities.con.value).toBe(21);
    expect((actor.sheet as { rendered?: boolean } | null)?.rendered).toBe(true);
    expect(app.rendered).toBe(false);
    expect(h.notices.at(-1)).toEqual({ level: 'info', message: 'Ogre was created from the stat block.' });
  });
});
