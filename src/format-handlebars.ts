/// <reference types="handlebars" />
/**
 * The formatting helpers of format.ts registered for the templates (issue #34), under a `gng-`
 * prefix as dnd5e registers its own (`dnd5e-formatModifier`…, module/utils.mjs
 * `registerHandlebarsHelpers`, through Foundry's global `Handlebars`), and the chat partials the
 * card templates share (templates/chat/parts/, loaded as partials at `init`).
 */
import { systemPath } from './config/document-types.js';
import { localText, type LocalText } from './cards/kernel/undo-notes.js';
import { signed, signedMinus, word } from './format.js';

/**
 * A note a card stores (the kernel's `LocalText`: a lang key and its data) in the client's language;
 * a text stored before notes were keys is shown as it is.
 */
export const noteText = (note: string | LocalText): string =>
  typeof note === 'string' ? note : localText(note);

/**
 * The chat partials (each registered under its path): `duel` (two totals face to face), `button` (a
 * card's button), `button-row` (a row of one button), `step-lines` (the lines of a roll's steps),
 * `undo-notes` (what an undo could not give back). Each file's comment names its parameters.
 */
export const CHAT_PARTIALS = ['duel', 'button', 'button-row', 'step-lines', 'undo-notes'].map((name) =>
  systemPath(`templates/chat/parts/${name}.hbs`),
);

/** Registers the helpers (at `init`, before any template renders). */
export function registerFormatHelpers(): void {
  Handlebars.registerHelper({
    'gng-signed': (n: number) => signed(n),
    'gng-signed-minus': (n: number) => signedMinus(n),
    'gng-word': (key: string) => word(key),
    'gng-note': (note: string | LocalText) => noteText(note),
  });
}
