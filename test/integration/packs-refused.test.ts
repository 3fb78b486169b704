/**
 * Issue #28, "the build ships what Foundry cannot use": the build's check of pack sources
 * (`checkPackSources`, run by `npm run build`) refuses HTML that would run or load something, image
 * paths Foundry does not serve, and actors or items whose preparation (effects included) throws or
 * derives a number that is not finite — each with the file and the field. The real packs pass
 * (test/integration/packs-valid.test.ts checks them through the same function).
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPackSources, PackSourceError, type SystemManifest } from '../../scripts/packs.js';
import { htmlStringProblems } from '../../scripts/pack-html.js';
import { imagePathProblem } from '../../scripts/pack-images.js';
import { preparedActorProblems } from '../../scripts/pack-preparation.js';
import { getHarness, ROOT } from '../harness/index.js';

type Source = Record<string, unknown>;

// The preparation check runs on this file's test runtime: loaded once here, not in the first test.
await getHarness();

const manifest = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as SystemManifest;
const PACKS = [
  { name: 'things', type: 'Item' },
  { name: 'folk', type: 'Actor' },
  { name: 'notes', type: 'JournalEntry' },
];

/** The problems the build's check finds in these sources (file → document), `<pack>/<file>: …`. */
async function buildProblems(files: Record<string, Source>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'gng-refused-'));
  for (const pack of PACKS) mkdirSync(join(root, pack.name));
  for (const [path, data] of Object.entries(files)) writeFileSync(join(root, path), JSON.stringify(data));
  try {
    await checkPackSources(root, { ...manifest, packs: PACKS });
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(PackSourceError);
    return (error as PackSourceError).problems.map((p) => p.replace(/^.*?(things|folk|notes)\//, '$1/'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const item = (id: string, extra: Source = {}, system: Source = {}): Source => ({
  _id: id,
  _key: `!items!${id}`,
  name: 'Test item',
  type: 'feat',
  system,
  ...extra,
});
const npc = (id: string, extra: Source = {}, system: Source = {}): Source => ({
  _id: id,
  _key: `!actors!${id}`,
  name: 'Test creature',
  type: 'npc',
  system,
  ...extra,
});
const embeddedItem = (actorId: string, id: string, system: Source): Source => ({
  _id: id,
  _key: `!actors.items!${actorId}.${id}`,
  name: 'Claw',
  type: 'weapon',
  system,
});
const effect = (key: string, id: string, extra: Source): Source => ({
  _id: id,
  _key: key,
  name: 'Test effect',
  ...extra,
});
const journal = (id: string, content: string): Source => ({
  _id: id,
  _key: `!journal!${id}`,
  name: 'Test journal',
  pages: [
    {
      _id: 'page000000000001',
      _key: `!journal.pages!${id}.page000000000001`,
      name: 'Page',
      type: 'text',
      text: { content },
    },
  ],
});

describe('HTML that would run or load something is refused, in any field at any depth', () => {
  it('accepts rules text: paragraphs, lists, emphasis, a link, a core image, "<" in prose', async () => {
    const html =
      '<p>STR < 13 and DEX > 12: <strong>no</strong> <em>bonus</em>.</p><ul><li>a</li></ul>' +
      '<p><a href="https://example.com/srd" target="_blank">SRD</a> <img src="icons/svg/skull.svg" alt=""></p>';
    expect(
      await buildProblems({ 'things/good.json': item('goodHtml00000001', {}, { description: html }) }),
    ).toEqual([]);
  });

  it.each([
    [
      '<script> in an item description',
      {
        'things/script.json': item(
          'htmlScript000001',
          {},
          { description: '<p>Hi<script>alert(1)</script></p>' },
        ),
      },
      ['things/script.json: system.description: <script> is not allowed'],
    ],
    [
      'an onerror= handler in a biography',
      {
        'folk/bio.json': npc(
          'htmlOnError00001',
          {},
          {
            biography: '<p><img src="icons/svg/skull.svg" onerror="alert(1)"></p>',
          },
        ),
      },
      ['folk/bio.json: system.biography: onerror= (on <img>) is not allowed'],
    ],
    [
      'an ONCLICK= handler in an embedded item',
      {
        'folk/claw.json': npc('htmlEmbedded0001', {
          items: [
            embeddedItem('htmlEmbedded0001', 'htmlEmbeddedItm1', {
              description: '<p ONCLICK="x()">Claw</p>',
            }),
          ],
        }),
      },
      ['folk/claw.json: items[0].system.description: onclick= (on <p>) is not allowed'],
    ],
    [
      "a <script> in an embedded item's effect description",
      {
        'folk/eff.json': npc('htmlEffect000001', {
          effects: [
            effect('!actors.effects!htmlEffect000001.htmlEffectEff001', 'htmlEffectEff001', {
              description: '<script src="https://example.com/x.js"></script>',
            }),
          ],
        }),
      },
      ['folk/eff.json: effects[0].description: <script> is not allowed'],
    ],
    [
      'a javascript: URL in a journal page, spelt as browsers still read it',
      { 'notes/js.json': journal('htmlJsUrl0000001', '<p><a href=" JaVa&#x09;Script:alert(1)">go</a></p>') },
      ['notes/js.json: pages[0].text.content: javascript: URL (in <a href>) is not allowed'],
    ],
    [
      'a data:text/html link and a vbscript: form action',
      {
        'things/urls.json': item(
          'htmlUrls00000001',
          {},
          {
            description:
              '<a href="data:text/html,hello">x</a><form action="vbscript:msgbox(1)"><button formaction="javascript:x">b</button></form>',
          },
        ),
      },
      [
        'things/urls.json: system.description: data: URL (in <a href>) is not allowed',
        'things/urls.json: system.description: vbscript: URL (in <form action>) is not allowed',
        'things/urls.json: system.description: javascript: URL (in <button formaction>) is not allowed',
      ],
    ],
    [
      'an iframe with srcdoc, in a flag',
      {
        'things/frame.json': item('htmlFrame0000001', {
          flags: { gng: { note: '<iframe srcdoc="x"></iframe>' } },
        }),
      },
      [
        'things/frame.json: flags.gng.note: <iframe> is not allowed',
        'things/frame.json: flags.gng.note: srcdoc= (on <iframe>) is not allowed',
      ],
    ],
  ])('refuses %s, naming the file and the field', async (_label, files, problems) => {
    expect(await buildProblems(files as Record<string, Source>)).toEqual(problems);
  });

  // happy-dom's parser is not a browser's: each of these hides an image with onerror= from it (tried),
  // so the contexts where the parsers differ are refused themselves.
  it.each([
    [
      'a comment a browser ends at "<!-->"',
      '<!--><img src=x onerror=alert(1)> -->',
      'an HTML comment (<!-- … -->) is not allowed',
    ],
    [
      '<svg> foreign content',
      '<svg><script>1</script></svg><img src=x onerror=alert(1)>',
      "<svg> is not allowed (browsers parse its content differently from the build's check)",
    ],
    [
      '<noscript> raw text',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      "<noscript> is not allowed (browsers parse its content differently from the build's check)",
    ],
    [
      'markup in an attribute value',
      '<p title="</p><img src=x onerror=alert(1)>">x</p>',
      'markup in the title= value of <p> is not allowed: "</p><img src=x onerror=alert(1)>"',
    ],
  ])('refuses %s', (_label, html, problem) => {
    expect(htmlStringProblems(html)).toContain(problem);
  });
});

describe('image paths Foundry does not serve are refused', () => {
  it.each([
    [
      'a path that climbs out of the system with ..',
      { 'things/up.json': item('imgDotDot0000001', { img: 'systems/gng/../dnd5e/icons/x.webp' }) },
      'things/up.json: img: "systems/gng/../dnd5e/icons/x.webp" is not a plain path (no "..", ".", "//", a leading "/" or "\\")',
    ],
    [
      "another package's file",
      { 'things/mod.json': item('imgModule0000001', { img: 'modules/some-module/icons/x.webp' }) },
      'things/mod.json: img: "modules/some-module/icons/x.webp" is not an image Foundry serves (a core icon listed in scripts/packs/icons.ts, icons/svg/…, or systems/gng/…)',
    ],
    [
      'a system file that is not in the repository',
      { 'things/missing.json': item('imgMissing000001', { img: 'systems/gng/assets/missing.webp' }) },
      'things/missing.json: img: "systems/gng/assets/missing.webp" names assets/missing.webp, which is not a file of the repository',
    ],
    [
      'a repository image the build does not ship',
      { 'things/docs.json': item('imgNotShipped001', { img: 'systems/gng/docs/images/playground.png' }) },
      'things/docs.json: img: "systems/gng/docs/images/playground.png" names docs/images/playground.png, but the build ships only templates/, lang/ (scripts/shipped.ts)',
    ],
    [
      "an actor's token image",
      {
        'folk/token.json': npc('imgToken00000001', {
          prototypeToken: { texture: { src: 'https://example.com/t.png' } },
        }),
      },
      'folk/token.json: prototypeToken.texture.src: "https://example.com/t.png" is a URL: a pack names a core icon or a file of the system (systems/gng/…)',
    ],
    [
      "an embedded effect's icon",
      {
        'things/effimg.json': item('imgEffect0000001', {
          effects: [
            effect('!items.effects!imgEffect0000001.imgEffectEff0001', 'imgEffectEff0001', {
              img: '../icons/x.svg',
            }),
          ],
        }),
      },
      'things/effimg.json: effects[0].img: "../icons/x.svg" is not a plain path (no "..", ".", "//", a leading "/" or "\\")',
    ],
    [
      'an <img src> in HTML',
      {
        'things/inline.json': item(
          'imgInline0000001',
          {},
          { description: '<p><img src="icons/svg/../../x.svg"></p>' },
        ),
      },
      'things/inline.json: system.description: <img src>: "icons/svg/../../x.svg" is not a plain path (no "..", ".", "//", a leading "/" or "\\")',
    ],
  ])('refuses %s', async (_label, files, problem) => {
    expect(await buildProblems(files as Record<string, Source>)).toEqual([problem]);
  });

  it('accepts an image of the system in a shipped folder, and nothing else there', () => {
    const root = mkdtempSync(join(tmpdir(), 'gng-images-'));
    try {
      mkdirSync(join(root, 'art'));
      writeFileSync(join(root, 'art', 'orc.webp'), 'not really an image');
      writeFileSync(join(root, 'art', 'notes.txt'), 'text');
      const repo = { root, shipped: ['art'] };
      expect(imagePathProblem('systems/gng/art/orc.webp', repo)).toBeUndefined();
      expect(imagePathProblem('systems/gng/art/notes.txt', repo)).toMatch(
        /^"systems\/gng\/art\/notes\.txt" is not an image file/,
      );
      expect(imagePathProblem('systems/gng/art//orc.webp', repo)).toMatch(/is not a plain path/);
      expect(imagePathProblem('icons/svg/skull.svg', repo)).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('actors and items whose preparation fails, or skips an effect change, are refused', () => {
  const saveBonus = (value: string) => [{ key: 'system.saves.fort.bonus', mode: 2, value }];

  it('an actor whose effect would make a derived number infinite (Fortitude bonus "Infinity"): the change is skipped in play, so the build refuses it', async () => {
    const files = {
      'folk/inf.json': npc('prepInfinite0001', {
        effects: [
          effect('!actors.effects!prepInfinite0001.prepInfiniteEff1', 'prepInfiniteEff1', {
            changes: saveBonus('Infinity'),
          }),
        ],
      }),
    };
    expect(await buildProblems(files)).toEqual([
      'folk/inf.json: effects.prepInfiniteEff1.changes: system.saves.fort.bonus = "Infinity" is ignored in play: not-finite',
    ]);
  });

  it('an actor whose effect replaces its skills with a number (which once made preparation throw)', async () => {
    const files = {
      'folk/throw.json': npc('prepThrows000001', {
        effects: [
          effect('!actors.effects!prepThrows000001.prepThrowsEff001', 'prepThrowsEff001', {
            changes: [{ key: 'system.skills', mode: 5, value: '5' }],
          }),
        ],
      }),
    };
    expect(await buildProblems(files)).toEqual([
      'folk/throw.json: effects.prepThrowsEff001.changes: system.skills = "5" is ignored in play: wrong-type',
    ]);
  });

  it("an item whose transferred effect would make its holder's derived number infinite", async () => {
    const files = {
      'things/feat.json': item('prepItemEffect01', {
        effects: [
          effect('!items.effects!prepItemEffect01.prepItemEffEff01', 'prepItemEffEff01', {
            changes: saveBonus('Infinity'),
          }),
        ],
      }),
    };
    expect(await buildProblems(files)).toEqual([
      'things/feat.json: system: a character holding it gets effects.prepItemEffEff01.changes: Test item: system.saves.fort.bonus = "Infinity" is ignored in play: not-finite',
    ]);
  });

  it('the same effect with a finite bonus passes', async () => {
    const files = {
      'things/feat.json': item('prepItemEffect01', {
        effects: [
          effect('!items.effects!prepItemEffect01.prepItemEffEff01', 'prepItemEffEff01', {
            changes: saveBonus('2'),
          }),
        ],
      }),
    };
    expect(await buildProblems(files)).toEqual([]);
  });

  it('judges a prepared actor in one place: derived data missing, or a number in it not finite', () => {
    const actor = (system: Source) => ({ system }) as unknown as Actor;
    expect(preparedActorProblems(actor({}))).toEqual([
      { field: 'system.derived', reason: 'missing after preparation' },
    ]);
    expect(
      preparedActorProblems(actor({ derived: { hp: { max: 7 }, attacks: [{ bonus: 1 }, { bonus: NaN }] } })),
    ).toEqual([{ field: 'system.derived.attacks[1].bonus', reason: 'NaN is not a finite number' }]);
    expect(preparedActorProblems(actor({ derived: { defense: { total: -Infinity }, level: 3 } }))).toEqual([
      { field: 'system.derived.defense.total', reason: '-Infinity is not a finite number' },
    ]);
  });
});
