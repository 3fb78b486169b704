/**
 * The creature (npc) sheet: a compact stat block (type, subtypes, anatomy; abilities, saves and
 * combat numbers in a few lines) around the same combat panel as the character sheet.
 */
import { GnGActorSheet, actorPart as part } from './actor-sheet.js';

export class NpcSheet extends GnGActorSheet {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    classes: ['npc-sheet'],
    position: { width: 600, height: 760 },
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    header: part('npc-header'),
    combat: part('combat'),
    statblock: part('npc-statblock'),
    attacks: part('attacks'),
    skills: part('skills'),
    inventory: part('inventory'),
    feats: part('feats'),
    classes: part('classes'),
    magic: part('magic'),
    effects: part('effects'),
    biography: part('biography'),
  };
}
