/**
 * A Vite plugin for the playground: the virtual module `virtual:gng-template-specs` holds every
 * template of `templates/` precompiled by Handlebars at build time (`Handlebars.precompile`, with
 * the options the harness compiles with), keyed by its repository path. The page hands them to the
 * harness (`addTemplateSpec`, test/harness/templates.ts), so that no page parses and compiles the
 * templates again at each load (about half a second to a second of a page's CPU).
 */
import Handlebars from 'handlebars';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:gng-template-specs';

/** The templates under `root`/templates, as repository paths (`templates/x.hbs`) with their text. */
function templates(root: string): [string, string][] {
  const dir = join(root, 'templates');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.hbs'))
    .sort()
    .map((file) => {
      const path = relative(root, join(dir, file)).split(sep).join('/');
      return [path, readFileSync(join(dir, file), 'utf8')];
    });
}

export function templateSpecsPlugin(root: string): Plugin {
  return {
    name: 'gng-template-specs',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const entries = templates(root).map(([path, source]) => {
        this.addWatchFile(join(root, path));
        // The options of HarnessTemplates' compile: `{ strict: false }` (data defaults to true).
        return `  ${JSON.stringify(path)}: ${Handlebars.precompile(source, { strict: false })},`;
      });
      return `export default {\n${entries.join('\n')}\n};\n`;
    },
  };
}
