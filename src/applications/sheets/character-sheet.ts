/**
 * The character sheet: the header and the combat panel (shared with creatures) stay in view above
 * the tab bar; each tab is one part (`templates/actor/tabs/`) made of the section templates.
 */
import { GnGActorSheet, actorPart as part, tabPart as tab } from './actor-sheet.js';

export class CharacterSheet extends GnGActorSheet {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    classes: ['character-sheet'],
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    header: part('header'),
    combat: part('combat'),
    tabs: part('tabs'),
    'tab-combat': tab('combat'),
    'tab-skills': tab('skills'),
    'tab-inventory': tab('inventory'),
    'tab-feats': tab('feats'),
    'tab-magic': tab('magic'),
    'tab-effects': tab('effects'),
    'tab-biography': tab('biography'),
  };
}
