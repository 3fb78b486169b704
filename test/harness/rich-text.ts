/**
 * Rich text in the fake runtime: `TextEditor.implementation.enrichHTML` and the `<prose-mirror>`
 * editor element, as far as the sheets rely on them (evidence in README.md).
 *
 * - `enrichHTML(content, { secrets })` resolves `@UUID[uuid]{label}` (and `@UUID[uuid]`) to a content
 *   link `<a class="content-link" data-uuid=… data-type=…>` (a `broken` one when the uuid resolves to
 *   nothing), removes `<section class="secret">` blocks unless `secrets` is true, and leaves all other
 *   HTML as it is. It does not sanitize, roll inline rolls or resolve relative uuids.
 * - `<prose-mirror name value>` is a form field: `value` is its raw HTML, submitted under `name`. It
 *   opens editing that HTML (here a `contenteditable` area under a menu with a Save button); Save sets
 *   `value` to the edited HTML and dispatches a bubbling `change` (a sheet with `submitOnChange` saves
 *   the document), then `save`.
 */
import type { Window } from 'happy-dom';
import { fromUuidSync } from './uuid.js';

/** The window the elements live in (set by {@link defineProseMirror}); `enrichHTML` parses HTML in it. */
let page: Window | undefined;

const escapeHTML = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A content link's icon by document type (Font Awesome classes, as Foundry's links carry one). */
const ICONS: Record<string, string> = {
  Actor: 'fas fa-user',
  Item: 'fas fa-suitcase',
  JournalEntry: 'fas fa-book-open',
  JournalEntryPage: 'fas fa-file-lines',
};

/** A content link; `label` is a piece of the HTML being enriched (so already escaped). */
function contentLink(uuid: string, label: string | undefined): string {
  const doc = fromUuidSync(uuid);
  if (!doc)
    return `<a class="content-link broken" data-uuid="${escapeHTML(uuid)}"><i class="fas fa-unlink"></i>${label || escapeHTML(uuid)}</a>`;
  const type = doc.documentName;
  return (
    `<a class="content-link" draggable="true" data-link data-uuid="${escapeHTML(doc.uuid)}" ` +
    `data-id="${escapeHTML(String(doc.id))}" data-type="${escapeHTML(type)}">` +
    `<i class="${ICONS[type] ?? 'fas fa-file'}"></i>${label || escapeHTML(doc.name)}</a>`
  );
}

/** `TextEditor.implementation.enrichHTML`: see the file's comment. */
export async function enrichHTML(
  content: string | null | undefined,
  options: EnrichmentOptions = {},
): Promise<string> {
  let html = (content ?? '').replace(
    /@UUID\[([^\]\s]+)\](?:\{([^}]*)\})?/g,
    (_match, uuid: string, label?: string) => contentLink(uuid, label),
  );
  if (!options.secrets && html.includes('secret')) {
    const holder = page?.document.createElement('div');
    if (!holder) throw new Error('enrichHTML: defineProseMirror(window) was not called');
    holder.innerHTML = html;
    for (const secret of holder.querySelectorAll('section.secret')) secret.remove();
    html = holder.innerHTML;
  }
  return html;
}

/** The `<prose-mirror>` stand-in's interface, for tests. */
export interface HarnessProseMirror extends HTMLElement {
  name: string;
  value: string;
  disabled: boolean;
  /** The editing area (its innerHTML is what Save stores). */
  readonly content: HTMLElement | null;
  /** Whether the editor is open (always, here: the element opens editing). */
  readonly open: boolean;
  save(): void;
}

/** Defines `<prose-mirror>` on `window` (once). */
export function defineProseMirror(window: Window): void {
  page = window;
  const registry = window.customElements;
  if (registry.get('prose-mirror')) return;
  const Base = window.HTMLElement as unknown as typeof HTMLElement;
  const EventCtor = window.Event as unknown as typeof Event;

  class ProseMirrorElement extends Base {
    #value: string | undefined;
    #content: HTMLElement | null = null;

    get name(): string {
      return this.getAttribute('name') ?? '';
    }
    set name(name: string) {
      this.setAttribute('name', name);
    }

    /** The raw HTML: the `value` attribute until a save. */
    get value(): string {
      return this.#value ?? this.getAttribute('value') ?? '';
    }
    set value(value: string) {
      this.#value = value;
    }

    get disabled(): boolean {
      return this.hasAttribute('disabled');
    }
    set disabled(disabled: boolean) {
      this.toggleAttribute('disabled', disabled);
    }

    get open(): boolean {
      return this.#content !== null;
    }

    get content(): HTMLElement | null {
      return this.#content;
    }

    connectedCallback(): void {
      if (this.#content) return;
      const document = this.ownerDocument;
      const menu = document.createElement('menu');
      menu.className = 'editor-menu';
      const save = document.createElement('button');
      save.type = 'button';
      save.className = 'editor-save';
      save.textContent = 'Save';
      save.addEventListener('click', (event) => {
        event.preventDefault();
        this.save();
      });
      menu.append(save);
      const content = document.createElement('div');
      content.className = 'editor-content';
      content.setAttribute('contenteditable', this.disabled ? 'false' : 'true');
      content.setAttribute('role', 'textbox');
      content.setAttribute('aria-multiline', 'true');
      const label = this.getAttribute('aria-label');
      if (label) content.setAttribute('aria-label', label);
      content.innerHTML = this.value;
      this.replaceChildren(menu, content);
      this.#content = content;
    }

    save(): void {
      if (this.disabled) return;
      if (this.#content) this.value = this.#content.innerHTML;
      this.dispatchEvent(new EventCtor('change', { bubbles: true, cancelable: true }));
      this.dispatchEvent(new EventCtor('save'));
    }
  }
  registry.define('prose-mirror', ProseMirrorElement as unknown as Parameters<typeof registry.define>[1]);
}
