/**
 * Rich text fields of the sheets (an actor's biography, an item's description). They are stored as
 * HTML (`HTMLField`); the sheet shows them enriched — `@UUID[…]{…}` as content links, secret blocks
 * only to owners — and an owner edits them in Foundry's `<prose-mirror>` editor: the field's edit
 * button opens it, its Save stores the HTML (the editor's `change` submits the form) and closes it.
 * This is the pattern of dnd5e's sheets (`editDescription`, then re-render on the editor's `save`).
 */
import { systemPath } from '../../config/document-types.js';
import { onDemand } from '../../on-demand.js';

/** What the `rich-text` partial shows for one field. */
export interface RichTextContext {
  /** The field's form name, e.g. `system.biography`. */
  field: string;
  /** The enriched HTML, for reading. */
  enriched: string;
  /** The stored HTML, which the editor opens with. */
  value: string;
  /** Whether the editor is open. */
  editing: boolean;
  /** Whether the edit button is shown: the user may edit and the editor is closed. */
  canEdit: boolean;
  /** The document's uuid (the editor's `document-uuid`, for links dropped into it). */
  uuid: string;
  /** The field's label (the edit button's and the editor's accessible name). */
  label: string;
}

/** The partial rendering a {@link RichTextContext}: `{{> "systems/gng/templates/actor/partials/rich-text.hbs" rich=…}}`. */
export const RICH_TEXT_PARTIAL = systemPath('templates/actor/partials/rich-text.hbs');

/** The sanitizer (DOMPurify), loaded with the first rich text a sheet shows (not at start). */
const sanitizer = onDemand(() => import('./sanitize-html.js'));

/**
 * Stored HTML of `document` enriched for the current user: links resolved relative to the document,
 * secrets shown only to its owners (as Draw Steel's `enrichHTML` helper and dnd5e's sheets do). A
 * player may have written it, and it is shown on the GM's client too: it is sanitized before it is
 * enriched (the enrichers see clean text) and after (what the partial puts on the page unescaped),
 * whether or not Foundry cleaned it when it was saved (sanitize-html.ts).
 */
export async function enrichText(
  html: string | null | undefined,
  document: FoundryDocument,
): Promise<string> {
  const { sanitizeHTML } = await sanitizer();
  const enriched = await foundry.applications.ux.TextEditor.implementation.enrichHTML(sanitizeHTML(html), {
    relativeTo: document,
    secrets: document.isOwner,
    rollData: document.getRollData(),
  });
  return sanitizeHTML(enriched);
}

/** The context of the rich text field `field` (a path in `document`, e.g. `system.biography`). */
export async function richTextContext(
  document: FoundryDocument,
  field: string,
  label: string,
  { editable, editing }: { editable: boolean; editing: string | null },
): Promise<RichTextContext> {
  const stored = foundry.utils.getProperty(document, field);
  const value = typeof stored === 'string' ? stored : '';
  const open = editable && editing === field;
  return {
    field,
    enriched: open ? '' : await enrichText(value, document),
    value,
    editing: open,
    canEdit: editable && !open,
    uuid: document.uuid,
    label,
  };
}

/**
 * Tracks which rich text field of a sheet is being edited: `open(field)` from the edit button,
 * `listen(sheet)` after each render closes the editor on its `save` (and re-renders the sheet).
 */
export class RichTextEditing {
  /** The field whose editor is open, or null. */
  field: string | null = null;

  open(field: string | undefined, editable: boolean): boolean {
    if (!field || !editable) return false;
    this.field = field;
    return true;
  }

  /** After a render: an open editor's Save closes it (the `change` it also sends saves the text). */
  listen(element: HTMLElement, render: () => unknown): void {
    if (!this.field) return;
    for (const editor of element.querySelectorAll('prose-mirror')) {
      editor.addEventListener('save', () => {
        this.field = null;
        void render();
      });
    }
  }
}
