/**
 * Issue #34: the shared formatting helpers (src/format.ts), their Handlebars helpers and the chat
 * partials (templates/chat/parts/). Each partial must draw exactly what the templates wrote inline
 * before (the card tests read that HTML): compared here with the inline markup it replaced.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';
import { f, signed, signedMinus, t, word } from '../../src/format.js';
import { CHAT_PARTIALS, noteText } from '../../src/format-handlebars.js';

const h = await getHarness();
beforeEach(() => {
  h.reset(34);
  h.setLanguage(h.users.player, null);
});

const render = (source: string, data: Record<string, unknown>) =>
  h.templates.handlebars.compile(source)(data);
const part = (name: string) => `"systems/gng/templates/chat/parts/${name}.hbs"`;
/** The HTML with the whitespace between tags and at the ends dropped (indentation differs, the DOM does not). */
const html = (text: string) => text.replace(/>\s+</g, '><').trim();

describe('format.ts', () => {
  it('signs a modifier: ASCII minus for formulas, the typographic minus for cards', () => {
    expect([signed(3), signed(0), signed(-2)]).toEqual(['+3', '+0', '-2']);
    expect([signedMinus(3), signedMinus(0), signedMinus(-2)]).toEqual(['+3', '+0', '−2']);
  });

  it("localizes in the client's language, formats, and keeps a model's own word", () => {
    expect(t('GNG.Bleeding.Undo')).toBe('Undo');
    expect(f('GNG.Playground.PlayedBy', { name: 'Ana' })).toBe('Played by Ana');
    expect(word('GNG.Heal.Versus')).toBe('vs');
    expect(word('Grit')).toBe('Grit');
    expect([...h.i18n.missing]).toEqual([]);
  });

  it('shows a stored note: a key with its data localized, a legacy text as it is', () => {
    expect(noteText({ key: 'GNG.Playground.PlayedBy', data: { name: 'Ana' } })).toBe('Played by Ana');
    expect(noteText({ key: 'GNG.Bleeding.Undo' })).toBe('Undo');
    expect(noteText('Already undone by hand.')).toBe('Already undone by hand.');
    // A data value that is itself a stored text (the kernel's LocalText) is localized too.
    expect(noteText({ key: 'GNG.Playground.PlayedBy', data: { name: { key: 'GNG.Heal.Versus' } } })).toBe(
      'Played by vs',
    );
  });
});

describe('the gng- Handlebars helpers', () => {
  it('are registered on the global Handlebars at init', () => {
    expect(render('{{gng-signed a}} {{gng-signed b}} {{gng-signed-minus b}}', { a: 4, b: -1 })).toBe(
      '+4 -1 −1',
    );
    expect(render('{{gng-word a}}/{{gng-word b}}', { a: 'GNG.Heal.Versus', b: 'Grit' })).toBe('vs/Grit');
    expect(
      render('{{gng-note n}}', { n: { key: 'GNG.Playground.PlayedBy', data: { name: '<b>Ana</b>' } } }),
    ).toBe('Played by &lt;b&gt;Ana&lt;/b&gt;');
  });
});

describe('the chat partials', () => {
  it('are loaded at init under their paths', () => {
    expect(CHAT_PARTIALS).toHaveLength(5);
    for (const path of CHAT_PARTIALS)
      expect(typeof h.templates.handlebars.partials[path], path).toBe('function');
  });

  it('duel: the two totals block as the heal card wrote it', () => {
    const inline = `<div class="gng-card-duel heal-numbers">
      <div class="gng-card-duel-side{{#if success}} is-winner{{/if}}">
        <span class="gng-card-label">{{label}}</span>
        <span class="gng-card-total heal-check-total">{{total}}</span>
      </div>
      <span class="gng-card-versus" aria-hidden="true">{{localize "GNG.Heal.Versus"}}</span>
      <div class="gng-card-duel-side">
        <span class="gng-card-label">{{againstLabel}}</span>
        <span class="gng-card-total heal-against">{{against}}</span>
      </div>
    </div>`;
    const partial = `{{> ${part('duel')} class="heal-numbers" won=success label=label total=total totalClass="heal-check-total"
      versus=(localize "GNG.Heal.Versus") againstLabel=againstLabel against=against againstClass="heal-against"}}`;
    for (const success of [true, false]) {
      const data = { success, label: 'Treat <Injury>', total: 17, againstLabel: 'DC', against: 15 };
      const drawn = html(render(partial, data));
      expect(drawn).toBe(html(render(inline, data)));
      expect(drawn.includes('is-winner')).toBe(success);
      expect(drawn).toContain('Treat &lt;Injury&gt;');
    }
  });

  it('button-row: a row of one button, disabled only when asked', () => {
    const inline = `<div class="card-buttons">
      <button type="button" data-action="castUndo" data-target-id="{{targetId}}">{{localize "GNG.CastCard.Undo"}}</button>
    </div>`;
    const partial = `{{> ${part('button-row')} action="castUndo" target=targetId label=(localize "GNG.CastCard.Undo")}}`;
    expect(html(render(partial, { targetId: 'abc' }))).toBe(html(render(inline, { targetId: 'abc' })));
    const off = `{{> ${part('button-row')} action="x" target="t" label="L" disabled=true}}`;
    expect(html(render(off, {}))).toBe(
      '<div class="card-buttons"><button type="button" data-action="x" data-target-id="t" disabled>L</button></div>',
    );
  });

  it('button: a button as the maneuver card wrote it over several lines, the same but for the spaces around its label', () => {
    const inline = `<button type="button" data-action="applyManeuver" data-target-id="{{id}}" {{#if buttons.applyManeuver.disabled}}disabled{{/if}}>
      {{buttons.applyManeuver.label}}
    </button>`;
    const partial = `{{> ${part('button')} action="applyManeuver" target=id label=buttons.applyManeuver.label disabled=buttons.applyManeuver.disabled}}`;
    for (const disabled of [true, false]) {
      const data = { id: 't1', buttons: { applyManeuver: { label: 'Apply <trip>', disabled } } };
      const drawn = h.window.document.createElement('div');
      drawn.innerHTML = render(partial, data);
      const before = h.window.document.createElement('div');
      before.innerHTML = render(inline, data);
      const [now, then] = [drawn.querySelector('button'), before.querySelector('button')];
      expect(now?.getAttributeNames()).toEqual(then?.getAttributeNames());
      for (const name of now?.getAttributeNames() ?? [])
        expect(now?.getAttribute(name)).toBe(then?.getAttribute(name));
      expect(now?.hasAttribute('disabled')).toBe(disabled);
      expect(now?.textContent).toBe('Apply <trip>');
      expect(then?.textContent?.trim()).toBe('Apply <trip>');
    }
  });

  it('step-lines: the label and value of each step', () => {
    const inline = `<ul class="step-lines">
      {{#each attack.lines}}
      <li><span>{{label}}</span><span>{{value}}</span></li>
      {{/each}}
    </ul>`;
    const data = {
      attack: {
        lines: [
          { label: 'Base attack', value: '+3' },
          { label: 'Strength', value: '−1' },
        ],
      },
      label: 'not a line',
    };
    const drawn = html(render(`{{> ${part('step-lines')} lines=attack.lines}}`, data));
    expect(drawn).toBe(html(render(inline, data)));
    expect(drawn).toBe(
      '<ul class="step-lines"><li><span>Base attack</span><span>+3</span></li><li><span>Strength</span><span>−1</span></li></ul>',
    );
  });

  it('undo-notes: one line a note, its class undo-note unless named, keys localized', () => {
    const notes = ['Bob was moved by hand.', { key: 'GNG.Playground.PlayedBy', data: { name: 'Ana' } }];
    expect(html(render(`{{> ${part('undo-notes')} notes=undoNotes}}`, { undoNotes: notes }))).toBe(
      '<p class="note undo-note">Bob was moved by hand.</p><p class="note undo-note">Played by Ana</p>',
    );
    expect(
      html(
        render(`{{> ${part('undo-notes')} notes=undoNotes noteClass="rest-undo-note"}}`, {
          undoNotes: notes,
        }),
      ),
    ).toBe(
      '<p class="note rest-undo-note">Bob was moved by hand.</p><p class="note rest-undo-note">Played by Ana</p>',
    );
    expect(render(`{{> ${part('undo-notes')} notes=undoNotes}}`, { undoNotes: [] }).trim()).toBe('');
  });

  it("localizes a stored note on each client in its user's language (the GM's English, the player's other)", () => {
    h.setLanguage(h.users.player, pseudoLocale());
    const notes = ['Bob was moved by hand.', { key: 'GNG.Playground.PlayedBy', data: { name: 'Ana' } }];
    const source = `{{> ${part('undo-notes')} notes=undoNotes}}<i>{{gng-word w}}|{{gng-signed-minus n}}</i>`;
    const data = { undoNotes: notes, w: 'GNG.Heal.Versus', n: -2 };
    h.as(h.users.gm);
    expect(html(render(source, data))).toBe(
      '<p class="note undo-note">Bob was moved by hand.</p><p class="note undo-note">Played by Ana</p><i>vs|−2</i>',
    );
    expect(f('GNG.Playground.PlayedBy', { name: 'Ana' })).toBe('Played by Ana');
    h.as(h.users.player);
    expect(html(render(source, data))).toBe(
      `<p class="note undo-note">Bob was moved by hand.</p><p class="note undo-note">${pseudo('Played by Ana')}</p><i>${pseudo('vs')}|−2</i>`,
    );
    expect(t('GNG.Bleeding.Undo')).toBe(pseudo('Undo'));
  });
});
