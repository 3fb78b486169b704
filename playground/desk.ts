/**
 * The playground's "desk": rendered applications (sheets, the attack dialog, item sheets) in
 * floating window frames, as Foundry frames its ApplicationV2 windows. The harness calls `mount`
 * when an application renders for the first time and `unmount` after it closed.
 *
 * Each frame floats over the page (a fixed layer, `#pg-desk`): it opens at the application's
 * `options.position` size (clamped to the viewport), cascaded so that it never lies exactly on an
 * open window and always fully inside the viewport. Its header drags it (pointer events); the
 * corner handle resizes it when `options.window.resizable`; the header's buttons move it with the
 * arrow keys (Shift resizes), minimize it to its title bar and close it. A pointerdown or focus
 * brings a window to the front; Escape closes the front window (a focused text field is left first).
 */
import type { HarnessApplicationV2 } from '../test/harness/applications.js';
import { f, t } from './dom.js';

/** Room kept between a newly opened window and the viewport's edges, in px. */
const MARGIN = 8;
/** How far each new window is shifted from the previous one, in px. */
const CASCADE = 32;
/** How far one arrow key press moves or resizes a window, in px. */
const KEY_STEP = 16;
const MIN_WIDTH = 240;
const MIN_HEIGHT = 120;
/** Width of a window whose application gives none. */
const DEFAULT_WIDTH = 480;

/** Where new windows preferably open (viewport coordinates); they may leave it to stay visible. */
export interface DeskRegion {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Frame {
  app: HarnessApplicationV2;
  element: HTMLElement;
  body: HTMLElement;
  resize: HTMLElement | null;
  minimize: HTMLButtonElement;
  title: string;
  z: number;
  /** What had the focus when the window opened: it gets it back when the window closes. */
  opener: Element | null;
  /** The height the window had before it was minimized ('' when its content decides). */
  restoreHeight: string | null;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

function titleOf(app: HarnessApplicationV2): string {
  const document = (app as unknown as { document?: { name?: string } }).document;
  const title = app.options.window?.title;
  return (title && game.i18n.localize(title)) || document?.name || app.id;
}

function viewport(): { width: number; height: number } {
  return { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
}

function headerButton(className: string, icon: string, label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `pg-window-control ${className}`;
  button.setAttribute('aria-label', label);
  button.title = label;
  const glyph = document.createElement('i');
  glyph.className = icon;
  glyph.setAttribute('aria-hidden', 'true');
  button.append(glyph);
  return button;
}

/** A text field or list whose own keys Escape should leave before it closes windows. */
function isField(target: EventTarget | null): target is HTMLElement {
  return (
    target instanceof HTMLElement &&
    (target.matches(
      'input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"]), textarea, select',
    ) ||
      target.isContentEditable)
  );
}

let nextFrameId = 1;

export class Desk {
  readonly #frames = new Map<HarnessApplicationV2, Frame>();
  #z = 10;

  constructor(
    private readonly container: HTMLElement,
    private readonly region: () => DeskRegion = () => ({ left: 0, top: 0, ...viewportEdges() }),
  ) {
    document.addEventListener('keydown', (event) => this.#onKeyDown(event));
    window.addEventListener('resize', () => {
      for (const frame of this.#frames.values()) this.#fit(frame);
    });
  }

  mount(app: HarnessApplicationV2): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the render wrapper below has its own `this`
    const desk = this;
    const title = titleOf(app);
    const id = `pg-window-${nextFrameId++}`;
    const element = document.createElement('section');
    element.className = 'pg-window';
    element.id = id;
    element.tabIndex = -1;
    element.dataset.appId = app.id;
    element.setAttribute('role', 'dialog');
    element.setAttribute('aria-labelledby', `${id}-title`);

    const header = document.createElement('header');
    header.className = 'pg-window-header';
    const heading = document.createElement('h2');
    heading.id = `${id}-title`;
    heading.textContent = title;
    if (app.options.window?.icon) {
      const icon = document.createElement('i');
      icon.className = `pg-window-icon ${app.options.window.icon}`;
      icon.setAttribute('aria-hidden', 'true');
      header.append(icon);
    }
    const resizable = app.options.window?.resizable === true;
    const move = headerButton(
      'pg-window-move',
      'fa-solid fa-up-down-left-right',
      f('GNG.Playground.MoveWindow', { title }),
    );
    move.setAttribute('aria-describedby', `${id}-hint`);
    const minimize = headerButton(
      'pg-window-minimize',
      'fa-solid fa-window-minimize',
      f('GNG.Playground.MinimizeWindow', { title }),
    );
    const close = headerButton(
      'pg-window-close',
      'fa-solid fa-xmark',
      f('GNG.Playground.CloseWindow', { title }),
    );
    header.append(heading, move, minimize, close);
    const hint = document.createElement('p');
    hint.className = 'pg-window-hint';
    hint.id = `${id}-hint`;
    hint.textContent = t(resizable ? 'GNG.Playground.MoveHintResizable' : 'GNG.Playground.MoveHint');

    const body = document.createElement('div');
    body.className = 'pg-window-body';
    body.append(app.element);
    element.append(header, hint, body);
    let resize: HTMLElement | null = null;
    if (resizable) {
      // Pointer only: the keyboard resizes with Shift and the arrow keys on the move button.
      resize = document.createElement('div');
      resize.className = 'pg-window-resize';
      resize.setAttribute('aria-hidden', 'true');
      element.append(resize);
    }

    const frame: Frame = {
      app,
      element,
      body,
      resize,
      minimize,
      title,
      z: 0,
      opener: document.activeElement,
      restoreHeight: null,
    };
    this.#size(frame);
    this.container.append(element);
    const placed = this.#place(element.getBoundingClientRect());
    this.#moveTo(frame, placed.left, placed.top);
    this.#frames.set(app, frame);
    this.#front(frame);

    element.addEventListener('pointerdown', () => this.#front(frame), { capture: true });
    element.addEventListener('focusin', () => this.#front(frame));
    header.addEventListener('pointerdown', (event) => this.#drag(frame, event));
    heading.addEventListener('dblclick', () => this.#toggleMinimized(frame));
    move.addEventListener('keydown', (event) => this.#onMoveKey(frame, event, resizable));
    minimize.addEventListener('click', () => this.#toggleMinimized(frame));
    close.addEventListener('click', () => void app.close());
    resize?.addEventListener('pointerdown', (event) => this.#resize(frame, event));
    // Content that grows (an 'auto' height window, a section unfolding) must not push the window
    // past the viewport's bottom.
    new ResizeObserver(() => this.#fit(frame)).observe(element);
    // As in Foundry, rendering an open application again with `force` (opening a sheet that is
    // already open) brings its window to the front, restored if it was minimized.
    const render = app.render;
    app.render = async function (this: HarnessApplicationV2, options: Parameters<typeof render>[0] = {}) {
      const result = await render.call(this, options);
      const force = typeof options === 'boolean' ? options : options.force;
      const current = desk.#frames.get(this);
      if (force && current) {
        if (current.element.classList.contains('minimized')) desk.#toggleMinimized(current);
        desk.#front(current);
      }
      return result;
    };
    element.focus({ preventScroll: true });
  }

  unmount(app: HarnessApplicationV2): void {
    const frame = this.#frames.get(app);
    if (!frame) return;
    const hadFocus = frame.element.contains(document.activeElement);
    frame.element.remove();
    this.#frames.delete(app);
    // The instance's own render (mount's wrapper) goes: the class's render is back.
    delete (app as { render?: unknown }).render;
    if (!hadFocus && document.activeElement !== document.body) return;
    const next = this.#top();
    if (next) next.element.focus({ preventScroll: true });
    else if (frame.opener instanceof HTMLElement && frame.opener.isConnected) frame.opener.focus();
  }

  /** Re-renders every open application (after the acting user changed: permissions differ). */
  async renderAll(): Promise<void> {
    for (const app of this.#frames.keys()) await app.render(false);
  }

  /** The open application nearest the front that passes `test`. */
  frontmost(test: (app: HarnessApplicationV2) => boolean): HarnessApplicationV2 | undefined {
    return [...this.#frames.values()].sort((a, b) => b.z - a.z).find((frame) => test(frame.app))?.app;
  }

  async closeAll(): Promise<void> {
    for (const app of [...this.#frames.keys()]) await app.close();
  }

  /** Closes every window and numbers and stacks the next ones as on a fresh page. */
  async reset(): Promise<void> {
    await this.closeAll();
    this.#z = 10;
    nextFrameId = 1;
  }

  /** The open window in front of the others. */
  #top(): Frame | undefined {
    let top: Frame | undefined;
    for (const frame of this.#frames.values()) if (!top || frame.z > top.z) top = frame;
    return top;
  }

  #front(frame: Frame): void {
    if (frame.z === this.#z && this.#top() === frame) return;
    frame.z = ++this.#z;
    frame.element.style.zIndex = String(frame.z);
  }

  /** The application's own size, as far as the viewport allows. */
  #size(frame: Frame): void {
    const { width, height } = frame.app.options.position ?? {};
    const view = viewport();
    const w = typeof width === 'number' ? width : DEFAULT_WIDTH;
    frame.element.style.width = `${Math.min(w, view.width - 2 * MARGIN)}px`;
    // A window is at most as tall as the space under the toolbar: it opens there (#place), and never
    // covers the toolbar; a window sized by its content ('auto') scrolls its body beyond that.
    const room = this.#room();
    if (typeof height === 'number') frame.element.style.height = `${Math.min(height, room)}px`;
    else frame.element.style.maxHeight = `${room}px`;
  }

  /** The height a window has under the toolbar. */
  #room(): number {
    return Math.max(MIN_HEIGHT, viewport().height - this.region().top - MARGIN);
  }

  /**
   * The first cascade position, inside the preferred region where the window fits, that no open
   * window already has; always inside the viewport, and below the toolbar (the region's top) unless
   * the viewport is too short for the window.
   */
  #place(size: { width: number; height: number }): { left: number; top: number } {
    const view = viewport();
    const region = this.region();
    const left0 = clamp(region.left, MARGIN, view.width - MARGIN - size.width);
    const top0 = clamp(region.top, MARGIN, view.height - MARGIN - size.height);
    const maxLeft = Math.max(left0, Math.min(region.right, view.width - MARGIN) - size.width);
    const maxTop = Math.max(top0, Math.min(region.bottom, view.height - MARGIN) - size.height);
    const taken = [...this.#frames.values()].map((frame) => frame.element.getBoundingClientRect());
    const free = (left: number, top: number) =>
      !taken.some(
        (rect) => Math.abs(rect.left - left) < CASCADE / 2 && Math.abs(rect.top - top) < CASCADE / 2,
      );
    let first: { left: number; top: number } | undefined;
    for (let k = 0; k < 64; k++) {
      const left = left0 + ((k * CASCADE) % (maxLeft - left0 + 1));
      const top = top0 + ((k * CASCADE) % (maxTop - top0 + 1));
      first ??= { left, top };
      if (free(left, top)) return { left, top };
    }
    return first ?? { left: left0, top: top0 };
  }

  /** Moves the window, keeping it inside the viewport. */
  #moveTo(frame: Frame, left: number, top: number): void {
    const view = viewport();
    const rect = frame.element.getBoundingClientRect();
    frame.element.style.left = `${Math.round(clamp(left, 0, view.width - rect.width))}px`;
    frame.element.style.top = `${Math.round(clamp(top, 0, view.height - rect.height))}px`;
  }

  /** Keeps the window inside the viewport after the viewport or the window changed size. */
  #fit(frame: Frame): void {
    if (!frame.element.isConnected) return;
    const view = viewport();
    // A window sized by its content keeps to the room under the toolbar of the viewport now.
    const room = `${this.#room()}px`;
    if (frame.element.style.maxHeight && frame.element.style.maxHeight !== room)
      frame.element.style.maxHeight = room;
    const rect = frame.element.getBoundingClientRect();
    if (rect.width > view.width) frame.element.style.width = `${view.width}px`;
    if (frame.element.style.height && rect.height > view.height)
      frame.element.style.height = `${view.height}px`;
    if (rect.right > view.width || rect.bottom > view.height || rect.left < 0 || rect.top < 0)
      this.#moveTo(frame, rect.left, rect.top);
  }

  #resizeTo(frame: Frame, width: number, height: number): void {
    const view = viewport();
    const rect = frame.element.getBoundingClientRect();
    frame.element.style.width = `${Math.round(clamp(width, MIN_WIDTH, view.width - rect.left))}px`;
    frame.element.style.height = `${Math.round(clamp(height, MIN_HEIGHT, view.height - rect.top))}px`;
  }

  /** Follows the pointer from `start` until it is released, with `move(dx, dy)`. */
  #track(handle: HTMLElement, start: PointerEvent, move: (dx: number, dy: number) => void): void {
    handle.setPointerCapture(start.pointerId);
    const onMove = (event: PointerEvent) =>
      move(event.clientX - start.clientX, event.clientY - start.clientY);
    const onEnd = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onEnd);
      handle.removeEventListener('pointercancel', onEnd);
      if (handle.hasPointerCapture(start.pointerId)) handle.releasePointerCapture(start.pointerId);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onEnd);
    handle.addEventListener('pointercancel', onEnd);
  }

  #drag(frame: Frame, event: PointerEvent): void {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    event.preventDefault();
    const rect = frame.element.getBoundingClientRect();
    this.#track(event.currentTarget as HTMLElement, event, (dx, dy) =>
      this.#moveTo(frame, rect.left + dx, rect.top + dy),
    );
  }

  #resize(frame: Frame, event: PointerEvent): void {
    if (event.button !== 0 || frame.element.classList.contains('minimized')) return;
    event.preventDefault();
    const rect = frame.element.getBoundingClientRect();
    this.#track(event.currentTarget as HTMLElement, event, (dx, dy) =>
      this.#resizeTo(frame, rect.width + dx, rect.height + dy),
    );
  }

  #toggleMinimized(frame: Frame): void {
    const minimized = frame.element.classList.toggle('minimized');
    frame.body.hidden = minimized;
    if (frame.resize) frame.resize.hidden = minimized;
    if (minimized) {
      frame.restoreHeight = frame.element.style.height;
      frame.element.style.height = '';
    } else {
      frame.element.style.height = frame.restoreHeight ?? '';
      frame.restoreHeight = null;
      this.#fit(frame);
    }
    const label = f(minimized ? 'GNG.Playground.RestoreWindow' : 'GNG.Playground.MinimizeWindow', {
      title: frame.title,
    });
    frame.minimize.setAttribute('aria-label', label);
    frame.minimize.title = label;
    const glyph = frame.minimize.querySelector('i');
    if (glyph) glyph.className = `fa-solid ${minimized ? 'fa-window-restore' : 'fa-window-minimize'}`;
  }

  #onMoveKey(frame: Frame, event: KeyboardEvent, resizable: boolean): void {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const rect = frame.element.getBoundingClientRect();
    const [dx, dy] = [step[0] * KEY_STEP, step[1] * KEY_STEP];
    if (event.shiftKey) {
      if (resizable && !frame.element.classList.contains('minimized'))
        this.#resizeTo(frame, rect.width + dx, rect.height + dy);
    } else this.#moveTo(frame, rect.left + dx, rect.top + dy);
  }

  /** Escape: leaves a focused text field first, as Foundry does; otherwise closes the front window. */
  #onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
    const top = this.#top();
    if (!top) return;
    if (isField(event.target) && top.element.contains(event.target)) {
      event.target.blur();
      top.element.focus({ preventScroll: true });
      return;
    }
    event.preventDefault();
    void top.app.close();
  }
}

function viewportEdges(): { right: number; bottom: number } {
  const view = viewport();
  return { right: view.width, bottom: view.height };
}
