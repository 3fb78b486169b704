/**
 * The playground's precompiled templates (scripts/template-specs-plugin.ts): every template of
 * templates/ is in the virtual module, and each spec is the one the harness compiles at run time
 * (test/harness/templates.ts `templateSpec`), function by function, so that a page using them
 * renders what the tests render.
 */
import { describe, expect, it } from 'vitest';
import Handlebars from 'handlebars';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../harness/index.js';
import { templateSpec } from '../harness/templates.js';
import { templateSpecsPlugin } from '../../scripts/template-specs-plugin.js';

type Spec = Record<string, unknown>;

/** The virtual module's specs, as the page gets them. */
function builtSpecs(): Record<string, Spec> {
  const plugin = templateSpecsPlugin(ROOT);
  const load = plugin.load as (this: { addWatchFile(file: string): void }, id: string) => string;
  const code = load.call({ addWatchFile: () => undefined }, '\0virtual:gng-template-specs');
  return new Function(code.replace(/^export default /m, 'return '))() as Record<string, Spec>;
}

/**
 * A spec with each function as its body's text. Without `compilerOptions`, which only a run-time
 * compile records: Handlebars reads it to compile a partial registered as a string, and our partials
 * are compiled templates (`loadTemplates`), the precompiled ones included.
 */
const comparable = (spec: Spec) =>
  Object.fromEntries(
    Object.entries(spec)
      .filter(([key]) => key !== 'compilerOptions')
      .map(([key, value]) => {
        if (typeof value !== 'function') return [key, value];
        const text = String(value);
        return [key, text.slice(text.indexOf('{') + 1, text.lastIndexOf('}')).trim()];
      }),
  );

describe('the playground templates precompiled at build time', () => {
  it('holds every template, each the spec the harness compiles at run time', () => {
    const dir = join(ROOT, 'templates');
    const paths = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.hbs'))
      .map((file) => `templates/${file.split('\\').join('/')}`)
      .sort();
    const specs = builtSpecs();
    expect(Object.keys(specs).sort()).toEqual(paths);
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) {
      const source = readFileSync(join(ROOT, path), 'utf8');
      expect({ path, spec: comparable(specs[path] as Spec) }).toEqual({
        path,
        spec: comparable(templateSpec(Handlebars, source) as unknown as Spec),
      });
    }
  });
});
