/// <reference types="vite/client" />
/**
 * The repository files the runtime reads (templates, the lang file, the manifests), bundled into the
 * page at build time: the same files the tests read from disk.
 */
const templates = import.meta.glob<string>('../templates/**/*.hbs', {
  query: '?raw',
  import: 'default',
  eager: true,
});
import lang from '../lang/en.json?raw';
import systemJson from '../system.json?raw';
import packageJson from '../package.json?raw';
import specs from 'virtual:gng-template-specs';
import type { TemplateSpec } from '../test/harness/templates.js';

const files = new Map<string, string>([
  ['lang/en.json', lang],
  ['system.json', systemJson],
  ['package.json', packageJson],
  ...Object.entries(templates).map(([path, text]) => [path.replace(/^\.\.\//, ''), text] as [string, string]),
]);

/** A repository file's text (path relative to the repository root), or undefined. */
export function readText(path: string): string | undefined {
  return files.get(path);
}

/**
 * The templates precompiled when the page was built (scripts/template-specs-plugin.ts), each with
 * its source, by which the harness finds its spec (`addTemplateSpec`): a load compiles none.
 */
export function templateSpecs(): [source: string, spec: TemplateSpec][] {
  return Object.entries(specs).flatMap(([path, spec]) => {
    const source = files.get(path);
    return source === undefined ? [] : [[source, spec as TemplateSpec]];
  });
}
