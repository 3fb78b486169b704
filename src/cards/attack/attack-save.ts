/** Writing an attack card: its state (`flags.gng.attack`) and the content rendered from it. */
import { SYSTEM_ID } from '../../config/document-types.js';
import { renderAttackCard } from './attack-card.js';
import type { AttackCardState } from './attack-state.js';

export async function saveCard(message: ChatMessage, state: AttackCardState): Promise<void> {
  await message.update({ content: await renderAttackCard(state), [`flags.${SYSTEM_ID}.attack`]: state });
}
