/**
 * The harness compiles a template's source once per process and binds the compiled spec to each
 * harness's own Handlebars environment (test/harness/templates.ts): a template renders as
 * Handlebars.compile's does, and each harness renders with its own helpers, partials and language.
 */
import { expect, it } from 'vitest';
import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HarnessTemplates } from '../harness/templates.js';
import { ROOT } from '../harness/index.js';

const RUNTIME_OPTIONS = { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true };

/** A language whose every string says which harness it belongs to. */
function language(tag: string): Localization {
  return {
    localize: (key: string) => `${tag}:${key}`,
    format: (key: string, data: Record<string, unknown>) => `${tag}:${key}:${JSON.stringify(data)}`,
  } as unknown as Localization;
}

it('renders a real template as Handlebars.compile does, partial blocks and localize included', async () => {
  const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
  const page = 'systems/gng/templates/actor/partials/tab-panel.hbs';
  const data = { tab: { id: 'feats', group: 'primary', cssClass: 'active' }, label: 'GNG.Tabs.Feats' };
  const source = `{{#> "${page}"}}<p>{{localize label}} {{localize "GNG.X" n=tab.id}}</p>{{/"${page}"}}`;

  const wrapper = 'systems/gng/wrapper.hbs';
  const own = new HarnessTemplates(
    (path) => (path === 'wrapper.hbs' ? source : read(path)),
    () => language('en'),
  );
  await own.loadTemplates([page]);
  const rendered = await own.renderTemplate(wrapper, data);

  // The reference: Handlebars' own compile, same helper and partial.
  const reference = Handlebars.create();
  reference.registerHelper('localize', own.handlebars.helpers['localize'] as Handlebars.HelperDelegate);
  reference.registerPartial(page, reference.compile(read('templates/actor/partials/tab-panel.hbs')));
  expect(rendered).toBe(reference.compile(source, { strict: false })(data, RUNTIME_OPTIONS));
  expect(rendered).toContain('<p>en:GNG.Tabs.Feats en:GNG.X:{&quot;n&quot;:&quot;feats&quot;}</p></section>');
});

it('shares the compiled template between harnesses, each rendering with its own helpers and partials', async () => {
  const source = '{{localize "GNG.Hi"}} {{shout name}} [{{> "systems/gng/part.hbs"}}]';
  const harness = (tag: string) => {
    const templates = new HarnessTemplates(
      (path) => (path === 'page.hbs' ? source : path === 'part.hbs' ? `part of ${tag}` : undefined),
      () => language(tag),
    );
    templates.handlebars.registerHelper('shout', (text: string) => `${text.toUpperCase()} from ${tag}`);
    return templates;
  };
  const first = harness('one');
  const second = harness('two');
  await first.loadTemplates(['systems/gng/part.hbs']);
  await second.loadTemplates(['systems/gng/part.hbs']);

  expect(await first.renderTemplate('systems/gng/page.hbs', { name: 'ann' })).toBe(
    'one:GNG.Hi ANN from one [part of one]',
  );
  const specs = (Handlebars as unknown as Record<symbol, Map<string, unknown>>)[
    Symbol.for('gng.test.templateSpecs')
  ];
  const spec = specs?.get(source);
  expect(spec).toBeDefined();
  expect(await second.renderTemplate('systems/gng/page.hbs', { name: 'bo' })).toBe(
    'two:GNG.Hi BO from two [part of two]',
  );
  expect(specs?.get(source)).toBe(spec); // compiled once, bound twice
});

it('throws for a broken template when it is rendered, as a compiled Handlebars template does', async () => {
  const templates = new HarnessTemplates(
    () => '{{#if}}never closed',
    () => language('en'),
  );
  const template = templates.compile('systems/gng/broken.hbs');
  await expect(templates.renderTemplate('systems/gng/broken.hbs', {})).rejects.toThrow(
    /Parse error|Expecting/,
  );
  expect(() => template({})).toThrow();
});
