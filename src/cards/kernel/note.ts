/**
 * The `note` subtype (issue #34): a plain line our code posts that is no card with buttons (an
 * effect expired, regeneration, wounds bound, a temporary-HP line, a check from the sheet). Its
 * `system` holds lang keys and data (`lines`) and the class of its paragraphs (`cls`), or a chat
 * template (`view`) and its data; each client renders it in its language.
 */
import { localText, textOf, type LocalText, type TextValue } from './undo-notes.js';
import { postCard } from './typed-card.js';

export interface NoteState {
  /** The class of each line's paragraph, after `gng` (e.g. `effect-expired`). */
  cls: string;
  lines: LocalText[];
  /** A chat template (`templates/chat/<view>.hbs`) drawn with `data` localized, instead of lines. */
  view?: string;
  data?: Record<string, TextValue>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The note's HTML in this client's language. */
export async function renderNote(state: NoteState): Promise<string> {
  if (state.view && /^[a-z-]+$/.test(state.view)) {
    const data = Object.fromEntries(Object.entries(state.data ?? {}).map(([k, v]) => [k, textOf(v)]));
    const path = `systems/${game.system.id}/templates/chat/${state.view}.hbs`;
    return foundry.applications.handlebars.renderTemplate(path, data);
  }
  return state.lines
    .map((line) => `<p class="gng ${escape(state.cls)}">${escape(localText(line))}</p>`)
    .join('');
}

/** The note's renderer, registered by the kernel on `init` (gm-query.ts `registerCardKernel`). */
export const NOTE_CARD = { type: 'note', render: renderNote } as const;

/** Posts a note (`data`: its speaker, flags, whisper…): each line a lang key and its data. */
export function postNote(
  cls: string,
  lines: LocalText | LocalText[],
  data: ChatMessageData = {},
): Promise<ChatMessage | undefined> {
  return postCard<NoteState>('note', { cls, lines: [lines].flat() }, data);
}

/** Posts a note drawn with the chat template `view` and `values` (lang keys localized on each client). */
export function postNoteView(
  view: string,
  values: Record<string, TextValue>,
  data: ChatMessageData = {},
): Promise<ChatMessage | undefined> {
  return postCard<NoteState>('note', { cls: '', lines: [], view, data: values }, data);
}
