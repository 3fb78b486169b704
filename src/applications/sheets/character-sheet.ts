/**
 * The character sheet: the header and the combat panel (shared with creatures) stay in view above
 * the tab bar; each tab is one part (`templates/actor/tabs/`) made of the section templates.
 */
import { GnGActorSheet, actorSheetParts } from './actor-sheet.js';

export class CharacterSheet extends GnGActorSheet {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    classes: ['character-sheet'],
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = actorSheetParts('header', 'combat');
}
