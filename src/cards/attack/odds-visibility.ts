/**
 * Who sees odds (issue #20's world setting `showOdds`), one rule for every view of them (issue #28:
 * "GM only" had still shown the defender's player its "What if?", and the dialog showed every user its
 * odds whatever the setting):
 * - **everyone**: the card's odds to every user; the dialog's to its user; the "What if?" to the
 *   defender's owners (it is their choice's odds);
 * - **attacker** (default): the card's and the dialog's odds to the attacker's owners; the "What if?" to
 *   the defender's owners (it comes after the hit, when the card's odds of the attack are gone);
 * - **gm**: GMs only, in every view;
 * - **off**: nobody, in every view.
 * A GM owns every actor, so a GM sees every view but under "off". Decision: docs/rules.md "Odds at the
 * table (issue #20)". On a card, the card's roll mode comes first: a user it hides the results from
 * sees none of its odds either (issue #27, kernel/roll-mode.ts).
 */
import { automation } from '../../settings/variant-rules.js';
import { seesResult } from '../kernel/roll-mode.js';

/** Where odds are drawn: the attack card, the attack dialog, the defender's "What if?". */
export type OddsView = 'card' | 'dialog' | 'whatIf';

/**
 * Whether `user` sees the odds of `view`; `actor` is the attacker (the card, the dialog) or the
 * defender (the "What if?"); `card` the attack card they are drawn on (the card and "What if?" views).
 */
export function oddsShownTo(
  user: User,
  view: OddsView,
  actor: Actor | null,
  card?: ChatMessage | null,
): boolean {
  if (card && !seesResult(user, card)) return false;
  const mode = automation().showOdds;
  if (mode === 'off') return false;
  if (mode === 'gm') return user.isGM;
  if (view === 'card' && mode === 'everyone') return true;
  return Boolean(actor?.testUserPermission(user, 'OWNER'));
}
