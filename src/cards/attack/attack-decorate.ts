/**
 * The per-user part of the attack card, done when Foundry renders the message
 * (`renderChatMessageHTML`): buttons the user may not use are removed, the others get their click
 * listeners.
 */
import { cardAbortRefusal } from './attack-aborts.js';
import { decorateButtons, type CardActionResult } from '../kernel/index.js';
import { CARD_ACTIONS, cardState, userMayAct, type CardAction, type CardTarget } from './attack-state.js';

function isCardAction(value: string | undefined): value is CardAction {
  return (CARD_ACTIONS as readonly string[]).includes(value ?? '');
}

/**
 * `renderChatMessageHTML`: on an attack card, removes what the current user may not use and wires
 * the remaining buttons to `onAction` (the button is disabled while its action runs).
 */
export function decorateAttackCard(
  message: ChatMessage,
  html: HTMLElement,
  onAction: (
    message: ChatMessage,
    action: CardAction,
    target: CardTarget,
    button: HTMLButtonElement,
  ) => Promise<CardActionResult>,
): void {
  const state = cardState(message);
  if (!state) return;
  const targetOf = (id: string) => state.targets.find((candidate) => candidate.id === id);
  decorateButtons(
    html,
    (action, targetId, el) => {
      const target = targetOf(targetId);
      if (!isCardAction(action) || !target || !userMayAct(game.user, action, state, target)) return false;
      // An abort the defender may not take now (flat-footed, out of actions …) is not offered.
      return !(
        (action === 'block' || action === 'rollWithBlow') &&
        cardAbortRefusal(
          state,
          target,
          action === 'block' ? 'block' : 'roll-with-blow',
          el.dataset.breaking === 'true',
        ) !== null
      );
    },
    (action, targetId, button) =>
      onAction(message, action as CardAction, targetOf(targetId) as CardTarget, button),
  );
}
