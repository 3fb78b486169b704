/**
 * The HTML check of compendium pack sources, run by the build (`scripts/packs.ts`): every string of a
 * source, at any depth (descriptions, biographies, journal pages, effect descriptions, embedded items
 * and effects, flags), that contains a `<` is parsed as HTML with happy-dom, and what Foundry would
 * run or load from it is refused, with the field's path:
 *
 * - elements that run code or load other documents: {@link REFUSED_ELEMENTS};
 * - event-handler attributes (`on…`) and `srcdoc`;
 * - `javascript:`, `vbscript:` and `data:` URLs in a URL attribute ({@link URL_ATTRIBUTES}), spelt
 *   as a browser reads them (case, entities, leading spaces and inner tabs or newlines ignored);
 * - an `<img src>` that is not an image Foundry serves (`scripts/pack-images.ts`).
 *
 * Decision: happy-dom's parser is not the browser's. Where they disagree, markup the browser would
 * run can sit in what happy-dom reads as a comment, as raw text or as an attribute value (found by
 * trying it: `<!--><img onerror=…>` is a comment to happy-dom and an image to a browser;
 * `<svg><script>…</script></svg><img onerror=…>` and `<noscript><p title="</noscript><img onerror=…>">`
 * hide the image from happy-dom). So the check also refuses the contexts where the two parsers differ
 * — comments, foreign content (`<svg>`, `<math>`), and raw-text elements ({@link DIVERGENT_ELEMENTS})
 * — and any text or attribute value that reads as markup: a `<` followed by a letter, `/`, `!` or `?`,
 * even written `&lt;` (the parser has decoded it by then; "STR < 13" with its space is fine). A
 * pack's rules text needs none of these.
 */
import { Window } from 'happy-dom';
import { imagePathProblem } from './pack-images.js';
import type { ModelProblem } from './pack-models.js';

/** Elements that run script or load another document, stylesheet or plug-in. */
const REFUSED_ELEMENTS = new Set([
  'script',
  'style',
  'link',
  'meta',
  'base',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
]);

/** Elements whose content the HTML parsers read differently (foreign content, raw text, templates). */
const DIVERGENT_ELEMENTS = new Set([
  'svg',
  'math',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'plaintext',
]);

/** Attributes a browser reads as a URL to follow or load. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'background',
  'data',
  'codebase',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'manifest',
  'ping',
  'srcset',
  'imagesrcset',
]);

const REFUSED_SCHEMES = ['javascript:', 'vbscript:', 'data:'];

/** Markup read as text: a `<` that would open a tag, end tag, comment or processing instruction. */
const MARKUP_IN_TEXT = /<[A-Za-z/!?]/;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const COMMENT_NODE = 8;

let window: Window | undefined;

/** The parser: one happy-dom window, which runs and loads nothing. */
function parserDocument() {
  window ??= new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
    },
  });
  return window.document;
}

/** A URL as a browser reads its scheme: leading spaces and controls dropped, tabs and newlines removed. */
function normalizedUrl(value: string): string {
  let start = 0;
  while (start < value.length && value.charCodeAt(start) <= 0x20) start++;
  return value
    .slice(start)
    .replace(/[\t\n\r]/g, '')
    .toLowerCase();
}

/** The URLs of an attribute: one, or each candidate of a `srcset`. */
function urlsOf(name: string, value: string): string[] {
  if (name !== 'srcset' && name !== 'imagesrcset') return [value];
  return value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
}

interface ParsedNode {
  nodeType: number;
  localName?: string;
  textContent: string | null;
  childNodes: Iterable<ParsedNode>;
  attributes?: Iterable<{ name: string; value: string }>;
}

function elementProblems(element: ParsedNode, problems: string[]): void {
  const tag = element.localName ?? '';
  if (REFUSED_ELEMENTS.has(tag)) problems.push(`<${tag}> is not allowed`);
  else if (DIVERGENT_ELEMENTS.has(tag))
    problems.push(`<${tag}> is not allowed (browsers parse its content differently from the build's check)`);
  for (const { name: rawName, value } of element.attributes ?? []) {
    const name = rawName.toLowerCase();
    if (name.startsWith('on')) problems.push(`${name}= (on <${tag}>) is not allowed`);
    else if (name === 'srcdoc') problems.push(`srcdoc= (on <${tag}>) is not allowed`);
    if (MARKUP_IN_TEXT.test(value))
      problems.push(`markup in the ${name}= value of <${tag}> is not allowed: ${JSON.stringify(value)}`);
    if (!URL_ATTRIBUTES.has(name)) continue;
    for (const url of urlsOf(name, value)) {
      const scheme = REFUSED_SCHEMES.find((s) => normalizedUrl(url).startsWith(s));
      if (scheme) problems.push(`${scheme} URL (in <${tag} ${name}>) is not allowed`);
    }
    if (tag === 'img' && name === 'src') {
      const problem = imagePathProblem(value);
      if (problem) problems.push(`<img src>: ${problem}`);
    }
  }
}

function nodeProblems(parent: ParsedNode, problems: string[]): void {
  for (const node of parent.childNodes) {
    if (node.nodeType === COMMENT_NODE) problems.push('an HTML comment (<!-- … -->) is not allowed');
    else if (node.nodeType === TEXT_NODE && MARKUP_IN_TEXT.test(node.textContent ?? ''))
      problems.push(`markup read as text is not allowed: ${JSON.stringify(node.textContent)}`);
    else if (node.nodeType === ELEMENT_NODE) {
      elementProblems(node, problems);
      nodeProblems(node, problems);
    }
  }
}

/** Results by string: the bestiary repeats its natural weapons' descriptions hundreds of times. */
const checked = new Map<string, string[]>();

/** The problems of one HTML string (empty when it holds nothing Foundry would run or load). */
export function htmlStringProblems(html: string): string[] {
  if (!html.includes('<')) return [];
  const known = checked.get(html);
  if (known) return known;
  const template = parserDocument().createElement('template');
  template.innerHTML = html;
  const problems: string[] = [];
  nodeProblems(template.content as unknown as ParsedNode, problems);
  const unique = [...new Set(problems)];
  checked.set(html, unique);
  return unique;
}

/**
 * The HTML problems of a pack source: every string at any depth, each problem with its field's path
 * from the document (`system.description`, `items[2].system.description`, `pages[0].text.content`).
 */
export function htmlProblems(data: unknown, path = ''): ModelProblem[] {
  if (typeof data === 'string')
    return htmlStringProblems(data).map((reason) => ({ field: path || '(document)', reason }));
  if (Array.isArray(data)) return data.flatMap((value, index) => htmlProblems(value, `${path}[${index}]`));
  if (data && typeof data === 'object')
    return Object.entries(data).flatMap(([key, value]) => htmlProblems(value, path ? `${path}.${key}` : key));
  return [];
}
