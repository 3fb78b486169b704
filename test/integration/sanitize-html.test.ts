/**
 * Player-written HTML on the GM's client (issue #27 5c): a biography or an item description a player
 * saved is shown on every sheet through `enrichHTML` and the rich-text partial's triple stash. Whatever
 * Foundry did on save (the harness's `enrichHTML` does not sanitize, so these tests see the text as
 * written), nothing in it may act on the client that shows it: no script, no event handler, no
 * `javascript:` URL, no SVG / MathML parser tricks, no CSS, no form control, no sheet action. Text
 * Foundry already cleaned, and Foundry's own enrichments (content links, secrets), come out unchanged.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';
import { sanitizeHTML } from '../../src/applications/sheets/sanitize-html.js';

const h = await getHarness();
beforeEach(() => h.reset(27));

const OWNER = 3;

/** Hostile markup, each with the harmless text it carries. */
const HOSTILE: string[] = [
  '<script>alert(1)</script><p>script</p>',
  '<p>img</p><img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">js link</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">cased js link</a>',
  '<a href=" &#106;avascript:alert(1)">entity js link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
  '<style>body { display: none }</style><p>style tag</p>',
  '<p style="position: fixed; inset: 0; background: url(https://evil.example/x)">style attribute</p>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>frame</p>',
  '<form action="https://evil.example"><input name="ownership.default" value="3"><button>go</button></form>',
  '<select name="system.size"><option value="huge">Huge</option></select><textarea name="name">x</textarea>',
  '<a data-action="editRichText" data-field="system.hp.value">sheet action</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">noscript</p></noscript>',
  '<details open ontoggle="alert(1)"><summary>details</summary></details>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)"><p>embeds</p>',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><p>head tags</p>',
  '<template><img src=x onerror=alert(1)></template><p>template</p>',
  '<div onclick="alert(1)" onmouseover="alert(1)" tabindex="0">handlers</div>',
  '<img src="x" srcset="javascript:alert(1) 1x"><p>srcset</p>',
  // Last: what follows an <svg> or <math> in the same text, a browser's parser puts after it (a <p>
  // breaks out of foreign content), happy-dom's inside it, where it goes with it.
  '<p>svg</p><svg onload="alert(1)"><script>alert(1)</script></svg>',
  '<p>svg link</p><svg><a xlink:href="javascript:alert(1)"><text x="0" y="10">x</text></a></svg>',
  '<p>math</p><math><maction actiontype="statusline" xlink:href="javascript:alert(1)">m</maction></math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
];

const FORBIDDEN_TAGS = new Set([
  'script',
  'style',
  'svg',
  'math',
  'iframe',
  'frame',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'base',
  'meta',
  'link',
  'template',
  'noscript',
]);

/** Every way the HTML could act when put on a page: none may be left. */
function dangers(html: string): string[] {
  const holder = h.window.document.createElement('div');
  holder.innerHTML = html;
  const found: string[] = [];
  for (const el of holder.querySelectorAll('*')) {
    const tag = el.localName.toLowerCase();
    if (FORBIDDEN_TAGS.has(tag)) found.push(`<${tag}>`);
    for (const { name, value } of el.attributes) {
      const attr = name.toLowerCase();
      if (attr.startsWith('on')) found.push(`${tag}[${attr}]`);
      if (attr === 'style' || attr === 'data-action' || attr === 'srcdoc') found.push(`${tag}[${attr}]`);
      // Browsers ignore whitespace and control characters in a URL's scheme.
      const url = [...(value ?? '')]
        .filter((c) => c.charCodeAt(0) > 32)
        .join('')
        .toLowerCase();
      if (/(href|src|srcset|action|data)$/.test(attr) && /^(javascript|data|vbscript):/.test(url))
        found.push(`${tag}[${attr}=${value}]`);
    }
  }
  return found;
}

describe('sanitizeHTML (DOMPurify)', () => {
  it.each(HOSTILE)('leaves nothing that acts: %s', (html) => {
    const clean = sanitizeHTML(html);
    expect(dangers(html).length + (/<script|onerror|javascript:/i.test(html) ? 1 : 0)).toBeGreaterThan(0);
    expect(dangers(clean)).toEqual([]);
    expect(clean).not.toMatch(/<script|onerror=|onload=|javascript:/i);
    // Cleaning clean text changes nothing (Foundry may have cleaned it already).
    expect(sanitizeHTML(clean)).toBe(clean);
  });

  it("keeps the harmless text of each, and a writer's formatting, links and Foundry's enrichments", () => {
    for (const word of ['script', 'img', 'js link', 'svg', 'style tag', 'style attribute', 'sheet action'])
      expect(HOSTILE.map(sanitizeHTML).join(' ')).toContain(word);
    const written =
      '<h2>Alda</h2><p><strong>Bold</strong>, <em>brave</em> and <u>true</u>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>' +
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table>' +
      '<p><a href="https://example.com/map">map</a></p>' +
      '<section class="secret" id="secret-abc"><p>hidden</p></section>' +
      '<p><a class="content-link" draggable="true" data-link="" data-uuid="Actor.abc" data-id="abc" ' +
      'data-type="Actor" data-tooltip="Actor"><i class="fas fa-user"></i>Bob</a></p>';
    expect(sanitizeHTML(written)).toBe(written);
    // DOMPurify drops `target`: a link opens in Foundry's own window, never one that can reach back.
    expect(sanitizeHTML('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
    expect(sanitizeHTML('')).toBe('');
    expect(sanitizeHTML(null)).toBe('');
  });
});

describe("a player's text on the GM's sheets", () => {
  it('a biography a player wrote shows on the GM’s sheet with nothing that acts, its text and links kept', async () => {
    const bob = await h.createActor({ name: 'Bob', type: 'character' });
    const actor = await h.createActor({
      name: 'Alda',
      type: 'character',
      ownership: { default: 0, [h.users.player.id as string]: OWNER },
    });
    h.as(h.users.player);
    await actor.update({
      'system.biography': `<p>Sworn to @UUID[${bob.uuid}]{Bob}.</p>${HOSTILE.join('')}`,
    });
    h.as(h.users.gm);
    const sheet = await openSheetOn(h, actor, 'biography');
    const shown = sheet.element.querySelector('.biography .editor-content') as HTMLElement;
    expect(dangers(shown.innerHTML)).toEqual([]);
    expect(shown.textContent).toContain('Sworn to Bob.');
    expect(shown.querySelector<HTMLAnchorElement>('a.content-link')?.dataset.uuid).toBe(bob.uuid);
    expect(shown.textContent).toContain('sheet action');
    // The sheet's own controls are the only ones: the player's form and button are gone.
    expect(shown.querySelector('input, button, select, textarea, form, [data-action]')).toBeNull();
  });

  it("an item description a player wrote, on the GM's item sheet", async () => {
    const actor = await h.createActor({ name: 'Alda', type: 'character' }, h.users.player);
    h.as(h.users.player);
    const [item] = await actor.createEmbeddedDocuments('Item', [
      { name: 'Knife', type: 'weapon', system: { description: `<p>Sharp.</p>${HOSTILE.join('')}` } },
    ]);
    h.as(h.users.gm);
    const sheet = await h.openItemSheet(item as Item);
    const shown = sheet.element.querySelector('.editor-content') as HTMLElement;
    expect(shown.textContent).toContain('Sharp.');
    expect(dangers(shown.innerHTML)).toEqual([]);
  });
});
