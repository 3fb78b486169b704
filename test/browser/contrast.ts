/**
 * WCAG AA text contrast checked by hand where axe-core cannot judge it: text over gradients (axe
 * leaves those "needs review"). `checkTextContrast(page, rootSelector)` walks every visible text of
 * the elements under `rootSelector` (text nodes, and the values of enabled text and number inputs,
 * selects and textareas), takes its computed colour, and composes the backgrounds behind it up the
 * ancestor chain: background colours, and each colour stop of every `linear-gradient`,
 * `radial-gradient` or `conic-gradient` layer, until an opaque layer (or the page's white). The
 * text must reach 4.5:1 — 3:1 for large text (24px, or 18.66px bold) — against EVERY colour the
 * background can take there. Disabled controls are exempt (WCAG 1.4.3: inactive components), as is
 * text that is not rendered (display none, visibility hidden, zero opacity, 1px screen-reader-only
 * boxes). Returns the failures (empty when all pass).
 */
import type { Page } from 'playwright-core';

export interface ContrastFailure {
  /** The text (trimmed, at most 60 characters). */
  text: string;
  /** A CSS path to the element, for the message. */
  path: string;
  /** Computed text colour, as rgba(). */
  color: string;
  /** The background colour it failed against (one stop of a gradient, composed), as rgb(). */
  background: string;
  ratio: number;
  required: number;
}

/** The checker runs in the page; it is a self-contained function (no closures over this module). */
function pageCheck(rootSelector: string): ContrastFailure[] {
  type RGBA = [number, number, number, number];
  const failures: ContrastFailure[] = [];
  const roots = [...document.querySelectorAll<HTMLElement>(rootSelector)];

  const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
  /** Any CSS colour (rgb, rgba, color(srgb …), named) as RGBA 0–255 / alpha 0–1, through a canvas. */
  function parseColor(value: string): RGBA {
    const rgb = /^rgba?\(([^)]+)\)$/.exec(value.trim());
    if (rgb) {
      const [r, g, b, a] = (rgb[1] as string)
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r ?? 0, g ?? 0, b ?? 0, a ?? 1];
    }
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = '#000';
    canvas.fillStyle = value;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0, (a ?? 255) / 255];
  }

  /** The colour stops of the gradients of a computed `background-image` (empty when none). */
  function gradientStops(image: string): RGBA[][] {
    const layers: RGBA[][] = [];
    const re = /(?:repeating-)?(?:linear|radial|conic)-gradient\(/g;
    let match: RegExpExecArray | null;
    while ((match = re.exec(image))) {
      // The gradient's arguments up to its closing parenthesis.
      let depth = 1;
      let i = match.index + match[0].length;
      const start = i;
      for (; i < image.length && depth > 0; i++) {
        if (image[i] === '(') depth++;
        else if (image[i] === ')') depth--;
      }
      const args = image.slice(start, i - 1);
      const colors =
        args.match(/(?:rgba?|hsla?|color|oklch|oklab|lab|lch)\([^)]*\)|#[0-9a-f]{3,8}\b/gi) ?? [];
      if (colors.length) layers.push(colors.map(parseColor));
      re.lastIndex = i;
    }
    return layers;
  }

  const over = (top: RGBA, bottom: RGBA): RGBA => {
    const a = top[3] + bottom[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i: 0 | 1 | 2) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const luminance = ([r, g, b]: RGBA) => {
    const lin = (v: number) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratioOf = (a: RGBA, b: RGBA) => {
    const [x, y] = [luminance(a), luminance(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const cssPath = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && parts.length < 5; e = e.parentElement) {
      const cls = [...e.classList].slice(0, 2).join('.');
      parts.unshift(`${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`);
    }
    return parts.join(' > ');
  };

  // One check reads the same ancestors' styles for every text under them: each element's background
  // layers and opacity, and each colour string, are read once per check (nothing changes during it).
  const parsedColors = new Map<string, RGBA>();
  const colorOf = (value: string): RGBA => {
    let color = parsedColors.get(value);
    if (!color) parsedColors.set(value, (color = parseColor(value)));
    return [...color] as RGBA;
  };
  const stopsOf = new Map<string, RGBA[][]>();
  const ownLayers = new Map<Element, { gradients: RGBA[][]; color: RGBA }>();
  function layersOf(e: Element): { gradients: RGBA[][]; color: RGBA } {
    let own = ownLayers.get(e);
    if (!own) {
      const style = getComputedStyle(e);
      let gradients = stopsOf.get(style.backgroundImage);
      if (!gradients) stopsOf.set(style.backgroundImage, (gradients = gradientStops(style.backgroundImage)));
      own = { gradients, color: colorOf(style.backgroundColor) };
      ownLayers.set(e, own);
    }
    return own;
  }

  /** Every colour the background behind `el` can take (one per combination of gradient stops). */
  function backgrounds(el: Element): RGBA[] {
    // Layers from the element up: each is the set of colours it may show there.
    const layers: RGBA[][] = [];
    let opaque = false;
    for (let e: Element | null = el; e && !opaque; e = e.parentElement) {
      const own = layersOf(e);
      const gradients = own.gradients;
      // Painted top to bottom: the first gradient layer is on top, the colour under them all.
      for (const stops of gradients) {
        layers.push(stops);
        if (stops.every((c) => c[3] >= 1)) opaque = true;
        if (opaque) break;
      }
      if (opaque) break;
      const color = own.color;
      if (color[3] > 0) {
        layers.push([color]);
        if (color[3] >= 1) opaque = true;
      }
    }
    // Compose from the bottom (the page's white when nothing was opaque) up.
    let candidates: RGBA[] = [[255, 255, 255, 1]];
    for (const layer of layers.reverse()) {
      const next: RGBA[] = [];
      for (const below of candidates) for (const color of layer) next.push(over(color, below));
      candidates = next.slice(0, 256);
    }
    return candidates;
  }

  const rendered = (el: Element) => {
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return false;
    return el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  /** The product of the opacities of `el` and its ancestors. */
  const opacities = new Map<Element, number>();
  const opacityOf = (el: Element): number => {
    let opacity = opacities.get(el);
    if (opacity === undefined) {
      const parent = el.parentElement;
      opacity = Number(getComputedStyle(el).opacity) * (parent ? opacityOf(parent) : 1);
      opacities.set(el, opacity);
    }
    return opacity;
  };

  function check(el: Element, text: string): void {
    if (!rendered(el)) return;
    if (el.closest('button:disabled, input:disabled, select:disabled, textarea:disabled, fieldset:disabled'))
      return;
    const style = getComputedStyle(el);
    const color = colorOf(style.color);
    color[3] *= opacityOf(el);
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const required = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    for (const background of backgrounds(el)) {
      const ratio = ratioOf(over(color, background), background);
      if (ratio + 1e-6 < required) {
        failures.push({
          text: text.trim().slice(0, 60),
          path: cssPath(el),
          color: style.color,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
          ratio: Math.round(ratio * 100) / 100,
          required,
        });
        return;
      }
    }
  }

  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || seen.has(parent) || !node.textContent?.trim()) continue;
      if (parent.closest('script, style, template, option')) continue;
      seen.add(parent);
      check(parent, node.textContent);
    }
    for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input:not([type]), input[type="text"], input[type="number"], select, textarea',
    )) {
      const value = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.text ?? '') : field.value;
      if (value.trim()) check(field, value);
    }
  }
  return failures;
}

/** The texts under `rootSelector` whose contrast is below WCAG AA against any colour behind them. */
export async function checkTextContrast(page: Page, rootSelector: string): Promise<ContrastFailure[]> {
  return page.evaluate(pageCheck, rootSelector);
}
