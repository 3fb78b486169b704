/** The character sheet: one template part per section; the combat panel is shared with creatures. */
import { GnGActorSheet, actorPart as part } from './actor-sheet.js';

export class CharacterSheet extends GnGActorSheet {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    classes: ['character-sheet'],
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    header: part('header'),
    combat: part('combat'),
    attacks: part('attacks'),
    abilities: part('abilities'),
    saves: part('saves'),
    skills: part('skills'),
    inventory: part('inventory'),
    feats: part('feats'),
    classes: part('classes'),
    magic: part('magic'),
    effects: part('effects'),
    biography: part('biography'),
  };
}
