/**
 * Writing an attack card: its whole state and the fallback content rendered from it (the kernel's
 * `saveCard`: a typed card's `system`, a card from before issue #34 its `flags.gng.attack`).
 */
import { saveCard as saveTyped, type TypedCard } from '../kernel/typed-card.js';
import { renderAttackCard } from './attack-render.js';
import { ATTACK_TYPE, type AttackCardState } from './attack-state.js';

const attackTyped: TypedCard<AttackCardState> = {
  type: ATTACK_TYPE,
  render: renderAttackCard,
  legacyFlag: 'attack',
};

export async function saveCard(message: ChatMessage, state: AttackCardState): Promise<void> {
  await saveTyped(attackTyped, message, state);
}
