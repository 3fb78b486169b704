/**
 * The playground's "desk": rendered applications (sheets, the attack dialog) shown in simple window
 * frames with a title and a Close button, as Foundry frames them. The harness calls `mount` when an
 * application renders for the first time and `unmount` after it closed.
 */
import type { HarnessApplicationV2 } from '../test/harness/applications.js';

function titleOf(app: HarnessApplicationV2): string {
  const document = (app as unknown as { document?: { name?: string } }).document;
  return app.options.window?.title || document?.name || app.id;
}

export class Desk {
  readonly #frames = new Map<HarnessApplicationV2, HTMLElement>();

  constructor(private readonly container: HTMLElement) {}

  mount(app: HarnessApplicationV2): void {
    const frame = document.createElement('section');
    frame.className = 'pg-window';
    frame.setAttribute('role', 'dialog');
    frame.setAttribute('aria-label', titleOf(app));
    const header = document.createElement('header');
    header.className = 'pg-window-header';
    const title = document.createElement('h2');
    title.textContent = titleOf(app);
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'pg-window-close';
    close.textContent = game.i18n.localize('GNG.Playground.Close');
    close.setAttribute('aria-label', game.i18n.format('GNG.Playground.CloseWindow', { title: titleOf(app) }));
    close.addEventListener('click', () => void app.close());
    header.append(title, close);
    const body = document.createElement('div');
    body.className = 'pg-window-body';
    body.append(app.element);
    frame.append(header, body);
    this.container.prepend(frame);
    this.#frames.set(app, frame);
  }

  unmount(app: HarnessApplicationV2): void {
    this.#frames.get(app)?.remove();
    this.#frames.delete(app);
  }

  /** Re-renders every open application (after the acting user changed: permissions differ). */
  async renderAll(): Promise<void> {
    for (const app of this.#frames.keys()) await app.render(false);
  }

  async closeAll(): Promise<void> {
    for (const app of [...this.#frames.keys()]) await app.close();
  }
}
