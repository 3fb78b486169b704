/**
 * The playground's battle map: a square grid (5 ft per square, as `system.json`'s `grid` says) with a
 * token per combatant — its image, its HP bar (bar1, read by `getBarAttribute` as Foundry reads it),
 * its status icons (an effect flagged `core.overlay`, the dead, as one icon over the whole token, as
 * Foundry draws it) and the target markers of every user. Click targets (Shift-click adds a target),
 * a pointer drag or the arrow keys move a token for its owners and the GM, by whole squares, through
 * the token document's `update({ x, y })` in pixels (100 px per square, v13's default scene grid), so
 * that anything reading token positions sees the move. It shows the distance from the acting user's
 * first own token to each other token, as Foundry's ruler measures it on this system's grid.
 */
import './map.scss';
import { GRID_SIZE, type HarnessToken } from '../test/harness/tokens.js';
import { element, f, t } from './dom.js';
import { BurstControl, templateLayer, templateWords } from './map-burst.js';

/** Columns and rows of the map, in squares. */
export const MAP_COLUMNS = 12;
export const MAP_ROWS = 8;
/** Feet per square: `system.json` `grid.distance` (units ft). */
export const FEET_PER_SQUARE = 5;

/**
 * How a diagonal step counts: the d20 1-2-1 rule (every second diagonal counts as two squares), which
 * our `system.json` asks of Foundry (`grid.diagonals: 4`, ALTERNATING_1; docs/host.md).
 */
export type DiagonalRule = 'equidistant' | 'alternating';
export const DIAGONALS: DiagonalRule = 'alternating';

/** Squares a d20 creature of each size occupies on a side (Large 2×2, Huge 3×3 …). */
const SQUARES_BY_SIZE: Record<string, number> = { large: 2, huge: 3, gargantuan: 4, colossal: 6 };

export function squaresForSize(size: unknown): number {
  return typeof size === 'string' ? (SQUARES_BY_SIZE[size] ?? 1) : 1;
}

/** A token's occupied squares: top-left column and row, and its size in squares. */
export interface Footprint {
  column: number;
  row: number;
  width: number;
  height: number;
}

export function footprintOf(token: HarnessToken): Footprint {
  const { x, y, width, height } = token.document;
  return { column: Math.round(x / GRID_SIZE), row: Math.round(y / GRID_SIZE), width, height };
}

/** Squares between the nearest occupied squares of two tokens (adjacent: 1), by the diagonal rule. */
export function squaresBetween(a: Footprint, b: Footprint, rule: DiagonalRule = DIAGONALS): number {
  const gap = (start: number, size: number, otherStart: number, otherSize: number) =>
    Math.max(0, otherStart - (start + size - 1), start - (otherStart + otherSize - 1));
  const dx = gap(a.column, a.width, b.column, b.width);
  const dy = gap(a.row, a.height, b.row, b.height);
  const diagonal = Math.min(dx, dy);
  const straight = Math.max(dx, dy) - diagonal;
  return rule === 'alternating' ? straight + diagonal + Math.floor(diagonal / 2) : straight + diagonal;
}

export function feetBetween(a: HarnessToken, b: HarnessToken): number {
  return squaresBetween(footprintOf(a), footprintOf(b)) * FEET_PER_SQUARE;
}

/** What the map needs from the table. */
export interface MapHost {
  /** The tokens on the map, side A first. */
  tokens(): { token: HarnessToken; side: 'a' | 'b' }[];
  /** Makes these tokens the acting user's targets. */
  target(tokens: HarnessToken[]): void;
  /** Users whose target markers are shown, with their marker colour class. */
  users(): User[];
  /** Draws the table again. */
  redraw(): void;
  /** Something was dropped on the board: its drag data, on this square (whole squares from the top left). */
  drop?(data: Record<string, unknown>, square: { column: number; row: number }): void;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface Drag {
  token: HarnessToken;
  button: HTMLElement;
  pointerId: number;
  startX: number;
  startY: number;
  columns: number;
  rows: number;
}

export class BattleMap {
  readonly element: HTMLElement;
  readonly #board: HTMLElement;
  readonly #help: HTMLElement;
  /** Announces moves to screen readers (the focused token's name changes silently). */
  readonly #status: HTMLElement;
  #drag: Drag | null = null;
  #suppressClick = false;
  /** The Burst control and the templates it draws (map-burst.ts). */
  readonly burst = new BurstControl();

  constructor(readonly host: MapHost) {
    const heading = element('h2', { id: 'pg-map-title', textContent: t('GNG.Playground.Map.Title') });
    this.#help = element('p', { id: 'pg-map-help', className: 'pg-map-help' });
    this.#board = element('div', { className: 'pg-map-board' });
    this.#board.style.setProperty('--pg-map-columns', String(MAP_COLUMNS));
    this.#board.style.setProperty('--pg-map-rows', String(MAP_ROWS));
    this.#status = element('p', { className: 'pg-map-status' });
    this.#status.setAttribute('role', 'status');
    this.element = element(
      'section',
      { id: 'pg-map', className: 'pg-map' },
      heading,
      this.#help,
      this.#board,
      this.burst.element,
      this.#status,
    );
    this.#board.addEventListener('click', (event) => this.#onBoardClick(event));
    // As Foundry's canvas takes drops: an actor dragged from the compendium browser places a token.
    this.#board.addEventListener('dragover', (event) => event.preventDefault());
    this.#board.addEventListener('drop', (event) => this.#onDrop(event));
    this.element.setAttribute('aria-labelledby', heading.id);
    this.element.setAttribute('aria-describedby', this.#help.id);
  }

  /** As on a fresh page: no drag, no announcement, the Burst control's first choices. */
  reset(): void {
    this.#drag = null;
    this.#suppressClick = false;
    this.#status.textContent = '';
    this.burst.reset();
  }

  /** The token distances are measured from: the acting user's token whose turn it is, else its first. */
  origin(): HarnessToken | null {
    const own = this.host
      .tokens()
      .filter(({ token }) => token.document.testUserPermission(game.user, 'OWNER'));
    const current = game.combat?.combatant?.actor;
    return (own.find(({ token }) => token.actor === current) ?? own[0])?.token ?? null;
  }

  draw(): void {
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.tokenId;
    const origin = this.origin();
    this.#help.textContent = f('GNG.Playground.Map.Help', {
      feet: FEET_PER_SQUARE,
      origin: origin?.document.name ?? t('GNG.Playground.Map.NoOrigin'),
    });
    const areas = templateWords();
    if (areas.length) this.#help.textContent += ` ${f('GNG.Burst.Map.Areas', { areas: areas.join(', ') })}`;
    this.#board.replaceChildren(
      templateLayer(MAP_COLUMNS, MAP_ROWS),
      ...this.host.tokens().map(({ token, side }) => this.#token(token, side, origin)),
    );
    this.burst.update(origin);
    if (focused) this.#board.querySelector<HTMLElement>(`[data-token-id="${focused}"]`)?.focus();
  }

  #token(token: HarnessToken, side: 'a' | 'b', origin: HarnessToken | null): HTMLElement {
    const doc = token.document;
    const actor = token.actor;
    const place = footprintOf(token);
    const button = element('button', { type: 'button', className: `pg-token pg-side-${side}` });
    button.dataset.tokenId = token.id;
    button.dataset.side = side;
    button.style.setProperty('--pg-column', String(place.column));
    button.style.setProperty('--pg-row', String(place.row));
    button.style.setProperty('--pg-width', String(place.width));
    button.style.setProperty('--pg-height', String(place.height));

    const image = element('img', { className: 'pg-token-image', alt: '', draggable: false });
    if (doc.texture.src) image.src = doc.texture.src;
    const initials = element('span', { className: 'pg-token-initials', textContent: initialsOf(doc.name) });
    initials.setAttribute('aria-hidden', 'true');
    image.addEventListener('error', () => image.replaceWith(initials));
    button.append(doc.texture.src ? image : initials);

    const words = [doc.name];
    const bar = doc.getBarAttribute('bar1');
    if (bar) {
      const meter = element('span', { className: 'pg-token-bar' });
      meter.setAttribute('aria-hidden', 'true');
      const fill = element('span', { className: 'pg-token-bar-fill' });
      if (bar.type === 'bar') {
        const share = bar.max > 0 ? Math.min(1, Math.max(0, bar.value / bar.max)) : 0;
        fill.style.width = `${share * 100}%`;
        words.push(f('GNG.Playground.Map.Hp', { value: bar.value, max: bar.max }));
      } else {
        fill.style.width = '100%';
        words.push(f('GNG.Playground.Map.HpValue', { value: bar.value }));
      }
      meter.append(fill);
      button.append(meter);
    }

    // As Foundry draws it: an effect flagged `core.overlay` (the dead, src/hooks/defeated-status.ts)
    // covers the whole token with its icon and dims the token; the other statuses are small icons.
    const overlay = actor ? overlayEffect(actor) : null;
    const statuses = [...(actor?.statuses ?? [])];
    const small = statuses.filter((id) => !overlay?.statuses.has(id));
    for (const id of statuses) {
      const status = CONFIG.statusEffects.find((entry) => entry.id === id);
      words.push(status ? t(status.name) : id);
    }
    if (small.length) {
      const list = element('span', { className: 'pg-token-statuses' });
      list.setAttribute('aria-hidden', 'true');
      for (const id of small) {
        const status = CONFIG.statusEffects.find((entry) => entry.id === id);
        list.append(statusIcon(id, status ? t(status.name) : id, status?.img));
      }
      button.append(list);
    }
    if (overlay) {
      button.classList.add('pg-overlaid');
      const id = [...overlay.statuses][0] ?? '';
      const status = CONFIG.statusEffects.find((entry) => entry.id === id);
      const label = status ? t(status.name) : overlay.name;
      const cover = statusIcon(id, label, overlay.img ?? status?.img);
      cover.classList.add('pg-token-overlay');
      cover.setAttribute('aria-hidden', 'true');
      button.append(cover);
    }

    const markers = element('span', { className: 'pg-token-markers' });
    markers.setAttribute('aria-hidden', 'true');
    for (const [index, user] of this.host.users().entries()) {
      if (!user.targets.has(token)) continue;
      if (user === game.user) {
        button.classList.add('pg-targeted');
        words.push(t('GNG.Playground.Map.Targeted'));
      } else {
        words.push(f('GNG.Playground.Map.TargetedBy', { name: user.name }));
        const pip = element('span', {
          className: `pg-target-pip pg-user-${index}`,
          textContent: initialsOf(user.name ?? ''),
        });
        pip.title = f('GNG.Playground.Map.TargetedBy', { name: user.name });
        markers.append(pip);
      }
    }
    if (markers.childElementCount) button.append(markers);

    if (origin === token) {
      button.classList.add('pg-origin');
      words.push(t('GNG.Playground.Map.Origin'));
    } else if (origin) {
      const feet = feetBetween(origin, token);
      words.push(f('GNG.Playground.Map.Distance', { feet }));
      const distance = element('span', {
        className: 'pg-token-distance',
        textContent: f('GNG.Playground.Map.Feet', { feet }),
      });
      distance.setAttribute('aria-hidden', 'true');
      button.append(distance);
    }
    words.push(f('GNG.Playground.Map.Square', { column: place.column + 1, row: place.row + 1 }));
    button.setAttribute('aria-label', words.join(', '));
    button.title = words.join(', ');

    button.addEventListener('click', (event) => this.#onClick(token, event));
    button.addEventListener('keydown', (event) => this.#onKey(token, event));
    button.addEventListener('pointerdown', (event) => this.#onPointerDown(token, button, event));
    button.addEventListener('pointermove', (event) => this.#onPointerMove(event));
    button.addEventListener('pointerup', (event) => void this.#onPointerUp(event));
    button.addEventListener('pointercancel', () => this.#endDrag());
    return button;
  }

  /** Click: target this token (only); Shift-click: add it to, or remove it from, the targets. */
  #onClick(token: HarnessToken, event: MouseEvent): void {
    if (this.#suppressClick) {
      this.#suppressClick = false;
      return;
    }
    if (this.burst.aiming) {
      // Aiming a burst: the click aims at the token's centre instead of targeting it.
      event.stopPropagation();
      const doc = token.document;
      this.burst.aimAt(doc.x + (doc.width * GRID_SIZE) / 2, doc.y + (doc.height * GRID_SIZE) / 2);
      return;
    }
    const current = [...game.user.targets] as HarnessToken[];
    if (event.shiftKey) {
      const has = current.includes(token);
      this.host.target(has ? current.filter((other) => other !== token) : [...current, token]);
    } else {
      const only = current.length === 1 && current[0] === token;
      this.host.target(only ? [] : [token]);
    }
    this.host.redraw();
  }

  /** Aiming a burst: a click on an empty square aims at that point (scene pixels). */
  #onBoardClick(event: MouseEvent): void {
    if (!this.burst.aiming || (event.target as HTMLElement | null)?.closest?.('.pg-token')) return;
    const box = this.#board.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const x = ((event.clientX - box.left) / box.width) * MAP_COLUMNS * GRID_SIZE;
    const y = ((event.clientY - box.top) / box.height) * MAP_ROWS * GRID_SIZE;
    this.burst.aimAt(x, y);
  }

  /** The square under a point of the viewport, or null off the board. */
  squareAt(clientX: number, clientY: number): { column: number; row: number } | null {
    const box = this.#board.getBoundingClientRect();
    if (!box.width || !box.height) return null;
    const column = Math.floor(((clientX - box.left) / box.width) * MAP_COLUMNS);
    const row = Math.floor(((clientY - box.top) / box.height) * MAP_ROWS);
    if (column < 0 || row < 0 || column >= MAP_COLUMNS || row >= MAP_ROWS) return null;
    return { column, row };
  }

  #onDrop(event: DragEvent): void {
    event.preventDefault();
    const square = this.squareAt(event.clientX, event.clientY);
    let data: unknown;
    try {
      data = JSON.parse(event.dataTransfer?.getData('text/plain') ?? '');
    } catch {
      return;
    }
    if (square && data && typeof data === 'object') this.host.drop?.(data as Record<string, unknown>, square);
  }

  #onKey(token: HarnessToken, event: KeyboardEvent): void {
    const step = ARROWS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    void this.move(token, step[0], step[1]);
  }

  #onPointerDown(token: HarnessToken, button: HTMLElement, event: PointerEvent): void {
    if (event.button !== 0) return;
    button.setPointerCapture?.(event.pointerId);
    this.#drag = {
      token,
      button,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      columns: 0,
      rows: 0,
    };
  }

  #onPointerMove(event: PointerEvent): void {
    const drag = this.#drag;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const square = this.#squarePixels();
    drag.columns = Math.round((event.clientX - drag.startX) / square);
    drag.rows = Math.round((event.clientY - drag.startY) / square);
    // Only those who may move the token see it follow the pointer (the drop is refused for others).
    if (!drag.token.document.testUserPermission(game.user, 'OWNER')) return;
    drag.button.classList.toggle('pg-dragging', drag.columns !== 0 || drag.rows !== 0);
    drag.button.style.translate = `${drag.columns * square}px ${drag.rows * square}px`;
  }

  async #onPointerUp(event: PointerEvent): Promise<void> {
    const drag = this.#drag;
    if (!drag || drag.pointerId !== event.pointerId) return;
    this.#endDrag();
    if (drag.columns === 0 && drag.rows === 0) return;
    // The click that follows the drag's pointerup is no target click.
    this.#suppressClick = true;
    setTimeout(() => (this.#suppressClick = false), 0);
    await this.move(drag.token, drag.columns, drag.rows);
  }

  #endDrag(): void {
    const drag = this.#drag;
    if (!drag) return;
    drag.button.style.translate = '';
    drag.button.classList.remove('pg-dragging');
    this.#drag = null;
  }

  /** The width of a square on screen, in CSS pixels. */
  #squarePixels(): number {
    return this.#board.clientWidth / MAP_COLUMNS || 1;
  }

  /**
   * Moves `token` by whole squares, kept on the map, as its owner or the GM: the token document's
   * `update({ x, y })` in pixels. Anyone else is refused with a notice.
   */
  async move(token: HarnessToken, columns: number, rows: number): Promise<boolean> {
    const doc = token.document;
    if (!doc.testUserPermission(game.user, 'OWNER')) {
      ui.notifications.warn(f('GNG.Playground.Map.NotYourToken', { name: doc.name }));
      this.host.redraw();
      return false;
    }
    const place = footprintOf(token);
    const column = Math.min(MAP_COLUMNS - place.width, Math.max(0, place.column + columns));
    const row = Math.min(MAP_ROWS - place.height, Math.max(0, place.row + rows));
    await doc.update({ x: column * GRID_SIZE, y: row * GRID_SIZE });
    this.#status.textContent = f('GNG.Playground.Map.Moved', {
      name: doc.name,
      square: f('GNG.Playground.Map.Square', { column: column + 1, row: row + 1 }),
    });
    this.host.redraw();
    return true;
  }
}

function initialsOf(name: string): string {
  return name
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The actor's first active effect flagged `flags.core.overlay` (Foundry's token overlay), if any. */
function overlayEffect(actor: Actor): ActiveEffect | null {
  return actor.effects.find((effect) => effect.active && effect.flags.core?.overlay === true) ?? null;
}

/** A status's icon, or its first letters when it has no icon or the icon does not load. */
function statusIcon(id: string, label: string, img: string | undefined): HTMLElement {
  const text = element('span', {
    className: 'pg-status-text',
    textContent: initialsOf(label) || id.slice(0, 2),
  });
  text.title = label;
  text.dataset.statusId = id;
  if (!img) return text;
  const icon = element('img', {
    className: 'pg-status-icon',
    src: img,
    alt: '',
    title: label,
    draggable: false,
  });
  icon.dataset.statusId = id;
  icon.addEventListener('error', () => icon.replaceWith(text));
  return icon;
}
