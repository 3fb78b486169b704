/**
 * The Enlightened Grognard's token calls of `game.gng` (issue #31; docs/api.md "Tokens"), loaded on
 * first use: a GM's grant of persistent tokens and a PC's gift. A refusal is shown as a warning and
 * answered `{ ok: false, error }`; nothing changes.
 */
import { grantPersistentTokens } from '../../combat/eg-token-store.js';
import { modelOffers } from '../../settings/combat-model.js';
import { Refusal, refusal, track, type CardActionResult } from '../kernel/index.js';
import type { TokenCounts, TokenType } from '../../rules/models/eg/tokens.js';
import { giveTokens } from './token-state.js';
import { t } from '../../format.js';

function warned(result: CardActionResult): CardActionResult {
  if (!result.ok)
    ui.notifications.warn(result.data ? game.i18n.format(result.error, result.data) : t(result.error));
  return result;
}

/**
 * GM only: grants `actor` persistent tokens (003:464; negative counts take back ones granted). The
 * store's record is in the answer's `data.record` (revert it with `revertTokenChange`).
 */
export function grantPersistent(actor: Actor, delta: Partial<TokenCounts>): Promise<CardActionResult> {
  return track(
    (async () => {
      try {
        if (!modelOffers('tokens'))
          throw new Refusal('GNG.Error.Model.Capability', { action: t('GNG.Model.EG.Token.Name') });
        const record = await grantPersistentTokens(actor, delta, 'grant');
        return { ok: true, data: { record } } as CardActionResult;
      } catch (error) {
        return warned(refusal(error));
      }
    })(),
  );
}

/** `actor` gives `amount` tokens of `type` to `recipient` (both PCs of one combat; see giveTokens). */
export function give(
  actor: Actor,
  recipient: Actor,
  type: TokenType,
  amount: number,
): Promise<CardActionResult> {
  return giveTokens(actor, recipient, type, amount);
}
