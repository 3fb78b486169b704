/**
 * The action budget made visible: a badge per combatant row of the combat tracker
 * (`renderCombatTracker`: "−move", "−move −attack", "trauma", and for the combatant whose turn it is,
 * what this turn has left) and the "Next turn: …" line of the sheets' combat panel. What a turn
 * allows comes from the engine (`beginTurnWithTrauma`); this module only words it. Under a combat
 * model without the budget (no aborts, no trauma: `budgetInPlay`) there is nothing to show; the
 * Saga-style model words its own budget on the sheet ({@link setModelBudgetLines}, set as it loads).
 */
import { beginTurnWithTrauma, type TurnActions } from '../rules/index.js';
import {
  budgetInPlay,
  combatantBudget,
  combatantOf,
  combatantTrauma,
  debtOf,
  turnOf,
} from './action-budget.js';
import { modelOffers } from '../settings/combat-model.js';
import { t, f } from '../format.js';

/** "move and attack actions", "attack action only", "a partial action (move action only)" … */
export function actionsText(turn: TurnActions): string {
  const base =
    turn.move && turn.attack ? 'Full' : turn.move ? 'MoveOnly' : turn.attack ? 'AttackOnly' : 'None';
  if (!turn.partial) return t(`GNG.Budget.${base}`);
  return base === 'Full'
    ? t('GNG.Budget.Partial')
    : f('GNG.Budget.PartialOf', { actions: t(`GNG.Budget.${base}`) });
}

/** What the actor's next turn will allow, worded ("Next turn: …"); null when not in combat. */
export function nextTurnText(actor: Actor): string | null {
  const combatant = combatantOf(actor);
  if (!combatant) return null;
  const next = beginTurnWithTrauma(combatantBudget(combatant), combatantTrauma(combatant));
  return f('GNG.Budget.NextTurn', { actions: actionsText(next) });
}

/** What the actor's current turn allows ("This turn: …"), when it is its turn; else null. */
export function thisTurnText(actor: Actor): string | null {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent;
  if (!combatant || !combat || combat.combatant?.id !== combatant.id) return null;
  const turn = turnOf(combatant);
  if (!turn || turn.round !== combat.round) return null;
  return f('GNG.Budget.ThisTurn', { actions: actionsText(turn) });
}

const modelLines = new Map<'conditionTrack' | 'tokens', (actor: Actor) => string[]>();

/**
 * A model's own sheet lines, shown under a model with `capability` instead of GnG's: the Saga-style
 * model's (src/combat/saga-turns.ts, `conditionTrack`) and the EG model's (src/combat/eg-turns.ts,
 * `tokens`) set them as the model loads (their code is in no start code).
 */
export function setModelBudgetLines(
  lines: ((actor: Actor) => string[]) | null,
  capability: 'conditionTrack' | 'tokens' = 'conditionTrack',
): void {
  if (lines) modelLines.set(capability, lines);
  else modelLines.delete(capability);
}

/** The sheet's combat panel lines (empty out of combat). */
export function budgetLines(actor: Actor): string[] {
  if (modelOffers('conditionTrack')) return modelLines.get('conditionTrack')?.(actor) ?? [];
  if (modelOffers('tokens')) return modelLines.get('tokens')?.(actor) ?? [];
  if (!budgetInPlay()) return [];
  return [thisTurnText(actor), nextTurnText(actor)].filter((line): line is string => line !== null);
}

/** `renderCombatTracker`: adds the debt badge to each combatant row that owes something. */
export function decorateCombatTracker(app: CombatTrackerApp, html: HTMLElement): void {
  // The combat this tracker shows (the rows are its combatants).
  const combat = app?.viewed;
  if (!combat) return;
  const shown = budgetInPlay();
  for (const row of html.querySelectorAll<HTMLElement>('.combatant[data-combatant-id]')) {
    row.querySelector('.gng-budget-badge')?.remove();
    if (!shown) continue;
    const combatant = combat.combatants.get(row.dataset.combatantId ?? '');
    if (!combatant) continue;
    const keys = debtOf(combatant, combat);
    if (!keys.length) continue;
    const doc = row.ownerDocument;
    const badge = doc.createElement('span');
    badge.className = 'gng-budget-badge';
    // Each short word gets its meaning as a tooltip (Foundry's tooltip manager reads data-tooltip on
    // hover and keyboard focus; `title` is the fallback). The badge is one tab stop whose accessible
    // name says it all, so keyboard and screen reader users get the same explanation.
    const hints = keys.map((key) => t(key.replace('GNG.Budget.Badge.', 'GNG.Budget.BadgeHint.')));
    const label = `${t('GNG.Budget.Badge.label')}: ${hints.join(' ')}`;
    badge.setAttribute('role', 'note');
    badge.setAttribute('tabindex', '0');
    badge.setAttribute('aria-label', label);
    badge.dataset.tooltip = hints.join('<br>');
    badge.title = hints.join('\n');
    keys.forEach((key, index) => {
      const part = doc.createElement('span');
      part.className = 'gng-budget-debt';
      part.textContent = t(key);
      part.title = hints[index] ?? '';
      part.setAttribute('aria-hidden', 'true');
      badge.append(part);
    });
    (row.querySelector('.token-name') ?? row).append(badge);
  }
}

const rerender = (combatant: Combatant) => {
  const sheet = combatant.actor?.sheet;
  if (sheet?.rendered) void sheet.render(false);
};

/** The tracker badge, and open sheets' "Next turn" line kept current (src/hooks/register-hooks.ts). */
export const budgetDisplayHooks = {
  renderCombatTracker: (app: CombatTrackerApp, html: HTMLElement) => decorateCombatTracker(app, html),
  updateCombatant: rerender,
  updateCombat(combat: Combat): void {
    for (const combatant of combat.combatants) rerender(combatant);
  },
};
