/**
 * Each part's context of the actor sheets (actor-sheet.ts `_preparePartContext`): the view models of
 * actor-context.ts and the others, loaded with the first sheet rendered (issue #29); the sheet
 * classes themselves are registered at `init`.
 */
import {
  combatPanelContext,
  combatTabContext,
  effectsContext,
  featsContext,
  headerContext,
  healTargetContext,
  inventoryContext,
  magicContext,
  skillsContext,
} from './actor-context.js';
import { resistancesContext } from './resistances-context.js';
import { richTextContext } from './rich-text.js';

export { healPatientOf } from './actor-context.js';
// What a rendered sheet does on the page (actor-sheet.ts, once this module is loaded by its first render):
// which parts a change re-renders, the tab strip, the breakdowns kept inside the sheet.
export { changedParts } from './render-scope.js';
export { showTab, tabForKey } from './tab-strip.js';
export { keepBreakdownsInside } from './breakdown-placement.js';

/** The context of `partId` of `actor`'s sheet; `editing` is the rich text field whose editor is open. */
export async function partContext(
  actor: Actor,
  partId: string,
  editable: boolean,
  editing: string | null,
): Promise<Record<string, unknown>> {
  switch (partId) {
    case 'header':
      return headerContext(actor);
    case 'combat':
      return combatPanelContext(actor);
    case 'tab-combat':
      return { ...combatTabContext(actor), resistances: resistancesContext(actor) };
    case 'tab-skills':
      return skillsContext(actor);
    case 'tab-inventory':
      return inventoryContext(actor);
    case 'tab-feats':
      return featsContext(actor, editable);
    case 'tab-magic':
      return magicContext(actor);
    case 'tab-effects':
      return { ...effectsContext(actor), healTarget: healTargetContext(actor, game.user) };
    case 'tab-biography':
      return {
        biography: await richTextContext(
          actor,
          'system.biography',
          game.i18n.localize('GNG.Actor.FIELDS.biography.label'),
          { editable, editing },
        ),
      };
    default:
      return {};
  }
}
