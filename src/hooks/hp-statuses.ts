/**
 * HP typed by hand (the sheet's field, the token's bar, a macro): the active GM's client gives the
 * creature the state its HP mean, as the world's combat model says (`model.healthStatus`; GnG: core
 * "Disabled, dying and dead" with GnG's thresholds by size, engine `damageCondition`) — below 0 and not yet at its death threshold it becomes `dying` (unless
 * it is already dying, stable or dead), at the threshold `dead`; back at 0 or above, `dying` and
 * `stable` go. The cards set these statuses themselves and record them for their Undo, so an update
 * a card makes carries {@link CARD_HP_UPDATE} in its options and is left alone here.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { isActiveGM } from '../documents/active-gm.js';
import { track } from '../cards/kernel/index.js';
import { healthStatusesOf } from '../combat/model-health.js';

/** The update options a card passes when it changes HP (and sets the statuses that follow itself). */
export const CARD_HP_UPDATE = { [SYSTEM_ID]: { hpByCard: true } } as const;

function byCard(options: Record<string, unknown> | undefined): boolean {
  const ours = options?.[SYSTEM_ID] as { hpByCard?: unknown } | undefined;
  return ours?.hpByCard === true;
}

function hpChanged(changes: Record<string, unknown>): boolean {
  const hp = (changes.system as { hp?: Record<string, unknown> } | undefined)?.hp;
  return hp !== undefined && 'value' in hp;
}

/** Active GM: the statuses `actor`'s HP call for now; resolves with what it changed. */
export async function syncHpStatuses(actor: Actor): Promise<{ added: string[]; removed: string[] }> {
  const added: string[] = [];
  const removed: string[] = [];
  if (!(actor.type === 'character' || actor.type === 'npc')) return { added, removed };
  // Dying and dead only: the other statuses a model's health calls for are the cards' to set.
  const health = healthStatusesOf(actor);
  const condition = health.includes('dead') ? 'dead' : health.includes('dying') ? 'dying' : null;
  const has = (status: string) => actor.statuses.has(status);
  const set = async (status: string, active: boolean) => {
    if (has(status) === active) return;
    await actor.toggleStatusEffect(status, { active });
    (active ? added : removed).push(status);
  };
  if (condition === 'dead') {
    await set('dead', true);
    await set('dying', false);
    await set('stable', false);
  } else if (condition === 'dying') {
    if (!has('dying') && !has('stable') && !has('dead')) await set('dying', true);
  } else {
    await set('dying', false);
    await set('stable', false);
  }
  return { added, removed };
}

/** `updateActor` (src/hooks/register-hooks.ts): HP typed by hand give the state they mean. */
export function hpStatusesOnUpdate(
  actor: Actor,
  changes: Record<string, unknown>,
  options: Record<string, unknown> | undefined,
): void {
  if (!isActiveGM() || byCard(options) || !hpChanged(changes)) return;
  void track(syncHpStatuses(actor));
}
