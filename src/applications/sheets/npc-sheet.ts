/**
 * The creature (npc) sheet: a compact stat block (type, subtypes, anatomy; abilities, saves and
 * combat numbers in a few lines) around the same combat panel and tabs as the character sheet; its
 * Combat tab holds the stat block and the attacks.
 */
import { GnGActorSheet, actorSheetParts } from './actor-sheet.js';

export class NpcSheet extends GnGActorSheet {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    classes: ['npc-sheet'],
    position: { width: 640, height: 780 },
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = actorSheetParts('npc-header', 'npc-combat');
}
