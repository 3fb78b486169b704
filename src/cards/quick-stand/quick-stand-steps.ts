/**
 * Quick Stand (GnG "FREE ACTIONS: Quick Stand"): a prone character stands up as a free action with a
 * Tumble check against DC 20, once per round, provoking attacks of opportunity (engine
 * `resolveQuickStand`). `game.gng.quickStand(actor)` (the sheet's button, the token HUD's button) asks
 * the active GM (`gng.quickStand` query), who checks ownership, prone and the once-per-round mark —
 * `quickStandUsed` of the actor's budget on its combatant (`action-budget.ts`; out of combat there is
 * no round to count) — rolls the Tumble check, removes `prone` on a success and posts a small card (a typed
 * message, subtype `quickStand`: its state in `system`, quick-stand-data.ts).
 * This file is the GM's side, loaded on first use (issue #29): the query, the token HUD's button and
 * the API are registered from quick-stand-register.ts and quick-stand-state.ts.
 */
import { newActionBudget, QUICK_STAND_DC, resolveQuickStand } from '../../rules/index.js';
import { actorOf } from '../kernel/index.js';
import { budgetOf, restoreBudget } from '../../combat/action-budget.js';
import { mayQuickStand, type QuickStandCard } from './quick-stand-state.js';
import { actorQuery, Refusal, withRollMode, type GMQueryContext } from '../kernel/index.js';
import { postCard, registerTyped } from '../kernel/typed-card.js';
import { renderQuickStand } from './quick-stand-render.js';

// The card's renderer, for the kernel's redraw on each client (registered when this module loads).
registerTyped({ type: 'quickStand', render: renderQuickStand });

/** `CONFIG.queries['gng.quickStand']`: runs on the active GM; never throws. */
export const handleQuickStand = actorQuery(standUp);

async function standUp(
  actorUuid: string,
  sender: User,
  _fields: Record<string, string>,
  { rollMode }: GMQueryContext,
): Promise<void> {
  const actor = await actorOf(actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!actor.testUserPermission(sender, 'OWNER'))
    throw new Refusal('GNG.QuickStand.Error.NotOwner', { name: actor.name });
  if (!mayQuickStand(actor)) throw new Refusal('GNG.QuickStand.Error.NotProne', { name: actor.name });
  const tumble = actor.system.derived.skills.tumble;
  if (!tumble.usable) throw new Refusal('GNG.QuickStand.Error.Untrained', { name: actor.name });
  const budget = budgetOf(actor);
  if (budget?.quickStandUsed) throw new Refusal('GNG.QuickStand.Error.AlreadyUsed', { name: actor.name });
  const roll = await new Roll('1d20 + @bonus', { bonus: tumble.total }).evaluate();
  const result = resolveQuickStand(budget ?? newActionBudget(), roll.total as number);
  if (!result.ok) throw new Refusal('GNG.QuickStand.Error.AlreadyUsed', { name: actor.name });
  if (budget) await restoreBudget(actor, result.budget);
  if (result.stood) await actor.toggleStatusEffect('prone', { active: false });
  const card: QuickStandCard = {
    actorUuid: actor.uuid,
    name: actor.name,
    natural: roll.dice[0]?.results[0]?.result ?? 0,
    bonus: tumble.total,
    total: roll.total as number,
    dc: QUICK_STAND_DC,
    stood: result.stood,
  };
  // A typed card (subtype quickStand): drawn from its state on each client (quick-stand-render.ts).
  await postCard(
    'quickStand',
    card,
    withRollMode({ rolls: [roll], speaker: ChatMessage.getSpeaker({ actor }) }, rollMode, sender),
  );
}

// What the registration, the API and the HUD read (quick-stand-state.ts), as before from here.
export {
  QUICK_STAND_QUERY,
  QUICK_STAND_TEMPLATE,
  mayQuickStand,
  quickStand,
  type QuickStandCard,
} from './quick-stand-state.js';
