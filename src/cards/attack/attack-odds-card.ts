/**
 * The odds on the attack card (issue #20): until a target's Defense is rolled, each client draws that
 * target's exact odds — from the card's rolled attack total and stored choices and the documents as
 * they are now — for the users the world setting `showOdds` allows (everyone, GMs only, the
 * attacker's owners (default), nobody: odds-visibility.ts, the rule of every odds view). The card's HTML is the same for every user, so the odds are
 * never in it: they are added on `renderChatMessageHTML`, on each client, and vanish with the Defense
 * roll (the card is drawn again without them). The defender's "What if?" is attack-odds-what-if.ts.
 * Loaded on first use with the odds engine (attack-odds-register.ts).
 */
import { oddsShownTo } from './odds-visibility.js';
import { cardState, type AttackCardState, type CardTarget } from './attack-state.js';
import { attackWithdrawn } from './firearms.js';
import { cardOddsAttack, targetOdds, type OddsAttack } from './attack-odds.js';
import { oddsList } from './attack-odds-view.js';
import { whatIfFor } from './attack-odds-what-if.js';
import { isGMMessage } from '../kernel/index.js';
import { models, type CombatModel, type ModelAnalysis } from '../../rules/index.js';
import { currentAnalysis, withAnalysis } from '../../settings/model-analysis.js';

// Loaded with this module by its loader (attack-odds-register.ts), so that it stays out of the start.
export { modelAnalysis } from '../../settings/model-analysis.js';

/** A document of `uuid` on this client, if it is an actor. */
function actorNow(uuid: string | null): Actor | null {
  if (!uuid) return null;
  const doc = fromUuidSync(uuid);
  return doc && doc.documentName === 'Actor' ? (doc as Actor) : null;
}

/** Whether `user` sees the odds of the card `message` whose attacker is `attacker` (odds-visibility.ts). */
export function oddsVisibleTo(user: User, attacker: Actor | null, message?: ChatMessage | null): boolean {
  return oddsShownTo(user, 'card', attacker, message);
}

/** The targets whose odds still mean something: creatures whose exchange has not begun. */
export function targetsBeforeDefense(state: AttackCardState): CardTarget[] {
  if (attackWithdrawn(state)) return [];
  return state.targets.filter((t) => t.kind === 'creature' && !t.defense && !t.result);
}

/**
 * The combat model a card was posted under (issue #26): the one it records, GnG for a card from
 * before the models (no record); null when it records a model this world no longer has.
 */
export function cardModel(state: AttackCardState): CombatModel | null {
  const id = (state as { model?: unknown }).model;
  return id === undefined ? models.GNG_MODEL : models.combatModelById(id);
}

/** The odds of each target before its Defense (for the card and its tests), by the card's model. */
export function cardOdds(
  state: AttackCardState,
  attack: OddsAttack,
  analysis: ModelAnalysis = currentAnalysis(cardModel(state) ?? undefined),
) {
  return targetsBeforeDefense(state).map((target) =>
    targetOdds(attack, actorNow(target.actorUuid), target.id, target.name, target, analysis),
  );
}

/**
 * `renderChatMessageHTML` on an attack card: this user's odds (and "What if?"), if any, by the card's
 * combat model's analysis (at once when it is loaded); none on a card of a model the world lacks.
 */
export function decorateOdds(message: ChatMessage, html: HTMLElement): void {
  const state = isGMMessage(message) ? cardState(message) : null;
  const model = state ? cardModel(state) : null;
  if (model) withAnalysis((analysis) => decorateWith(message, html, analysis, model), model);
}

function decorateWith(
  message: ChatMessage,
  html: HTMLElement,
  analysis: ModelAnalysis,
  model: CombatModel,
): void {
  const state = isGMMessage(message) ? cardState(message) : null;
  if (!state) return;
  for (const old of html.querySelectorAll('.attack-odds, .attack-what-if')) old.remove();
  const attacker = actorNow(state.attacker.actorUuid);
  if (!attacker) return;
  const attack = cardOddsAttack(state, attacker, message.id ?? undefined);
  if (!attack) return;
  const doc = html.ownerDocument;
  const sections = [...html.querySelectorAll<HTMLElement>('section.target[data-target-id]')];
  const calledShot = (state.options.calledShots ?? []).length > 0;
  const show = oddsVisibleTo(game.user, attacker, message);
  const before = new Set(targetsBeforeDefense(state));
  for (const target of state.targets) {
    const section = sections.find((s) => s.dataset.targetId === target.id);
    if (!section || target.kind !== 'creature') continue;
    const place = (box: HTMLElement) => {
      const defense = section.querySelector('.defense');
      if (defense) defense.before(box);
      else section.append(box);
    };
    const defender = actorNow(target.actorUuid);
    if (show && before.has(target)) {
      const row = targetOdds(attack, defender, target.id, target.name, target, analysis);
      place(oddsList(doc, row, calledShot, game.i18n.localize('GNG.Odds.CardHeading')));
    }
    // The defender's "What if?" comes after the hit (Block) or the damage (Roll with the Blow): only
    // under a model with those aborts (its odds are GnG's: injury, Block, Tumble), none otherwise.
    const whatIf =
      attackWithdrawn(state) || !models.hasCapability(model, 'aborts')
        ? null
        : whatIfFor(state, attack, target, defender, game.user, doc, message, analysis);
    if (whatIf) section.append(whatIf);
  }
  // One legend per card (under the last target's odds), not one per target.
  const legends = [...html.querySelectorAll('.attack-odds .odds-legend')];
  for (const legend of legends.slice(0, -1)) legend.remove();
}
