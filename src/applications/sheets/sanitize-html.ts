/**
 * Player-written HTML (a biography, an item's description) made safe to show on anyone's client, the
 * GM's included, with DOMPurify (cure53, npm `dompurify`) rather than expressions of our own. Whether
 * Foundry already cleaned the text when it was saved is not assumed (docs/host.md): cleaning clean
 * text changes nothing, so both answers end the same.
 *
 * Beyond DOMPurify's defaults (no scripts, no event handler attributes, no `javascript:` URLs, the
 * parser tricks it knows): HTML only (no SVG or MathML), no `<style>` and no `style` attribute (a
 * player's CSS would restyle or cover the GM's whole window), no `<template>`, no form controls (inside a sheet's form
 * they would be submitted with the GM's next change, with the GM's permissions), no `data-action`
 * (a sheet runs its actions from any clicked element that names one), no frames or embeds.
 */
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'select',
    'option',
    'optgroup',
    'textarea',
    'fieldset',
    'iframe',
    'frame',
    'object',
    'embed',
    'base',
    'link',
    'meta',
    'dialog',
    'template',
  ],
  FORBID_ATTR: ['style', 'data-action', 'formaction', 'form', 'srcdoc', 'autofocus'],
};

let purifier: DOMPurify | null = null;

/**
 * The page's window: the browser's; in the test runtime (Node) the one it puts on `globalThis`
 * (test/harness/README.md).
 */
function purify(): DOMPurify {
  if (purifier) return purifier;
  const view = (globalThis as { window?: WindowLike }).window;
  if (!view?.document) throw new Error('sanitizeHTML: no window to parse HTML in');
  const made = createDOMPurify(view);
  if (!made.isSupported) throw new Error('sanitizeHTML: DOMPurify cannot run in this window');
  purifier = made;
  return made;
}

/** `html` with everything that could act on the client that shows it removed. */
export function sanitizeHTML(html: string | null | undefined): string {
  if (!html) return '';
  return purify().sanitize(html, CONFIG);
}
