/** The holder's designation of its opponent, from the HUD, the attack dialog or the API (client side). */
import { designateOpponent, type DesignatingFeat } from '../../combat/opponent-feats.js';
import type { CardActionResult } from '../kernel/index.js';
import { t, f } from '../../format.js';

/** The user's one targeted token (not the holder's own), or null with a warning. */
export function singleTarget(holder: Actor): Token | null {
  const targets = [...game.user.targets].filter((token) => token.actor && token.actor !== holder);
  if (targets.length === 1) return targets[0] as Token;
  ui.notifications.warn(t('GNG.OpponentFeats.Error.OneTarget'));
  return null;
}

/**
 * `game.gng.designateOpponent(holder, feat, opponent)`: the owner names `opponent` (default: the one
 * targeted token's actor; null clears it) for Combat Sense or Unbalance Opponent.
 */
export async function designate(
  holder: Actor,
  feat: DesignatingFeat,
  opponent?: Actor | null,
): Promise<CardActionResult> {
  const chosen = opponent === undefined ? (singleTarget(holder)?.actor ?? null) : opponent;
  if (opponent === undefined && !chosen) return { ok: false, error: 'GNG.OpponentFeats.Error.OneTarget' };
  const error = await designateOpponent(holder, feat, chosen);
  if (error) {
    ui.notifications.warn(f(error, { name: holder.name }));
    return { ok: false, error };
  }
  ui.notifications.info(
    chosen
      ? f('GNG.OpponentFeats.Designated', {
          name: holder.name,
          opponent: chosen.name,
          feat: t(`GNG.OpponentFeats.Feat.${feat}`),
        })
      : f('GNG.OpponentFeats.Cleared', { name: holder.name, feat: t(`GNG.OpponentFeats.Feat.${feat}`) }),
  );
  return { ok: true };
}
