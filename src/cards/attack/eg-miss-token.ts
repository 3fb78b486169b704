/**
 * The attack card's miss token under the Enlightened Grognard model (seed 003; issue #31): "If you
 * spend a standard action to attack and miss, you can grant a token to one ally (other than you) who
 * is adjacent to your target as a free action" (003:435–436). The attacker's owner picks the ally
 * (a token next to the target's, on the attacker's side, in the fight, of the attacker's kind: a PC
 * for a PC, an NPC for an NPC, as 003:473 keeps their tokens apart) and the type (A11: any); the
 * GM's client checks both and gains it through the token store, once per attack. A retroactive
 * spend that turns the miss into a hit takes it back (eg-steps.ts). Decisions: docs/rules.md.
 */
import { TOKEN_TYPES, type TokenType } from '../../rules/models/eg/tokens.js';
import { actorOf, owns, Refusal } from '../kernel/index.js';
import { saveCard } from './attack-save.js';
import type { CardTarget } from './attack-state.js';
import type { EgStepContext } from './eg-card-state.js';
import { cardTokenChange } from './eg-card-tokens.js';
import { missTokenAllies } from './eg-miss-allies.js';

/** GM side: the miss's token to the ally `extra.ally` names (a token id), of type `extra.type`. */
export async function egMissToken({ message, state, target, user, extra }: EgStepContext): Promise<void> {
  // The button's fields: the ally, the type (and the side its form is shown to, the attacker's).
  if (Object.keys(extra).some((key) => !['tokens', 'side', 'ally', 'type'].includes(key)))
    throw new Refusal('GNG.Error.Attack.BadRequest');
  const type = extra.type;
  if (typeof type !== 'string' || !(TOKEN_TYPES as readonly string[]).includes(type))
    throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!user.isGM && !owns(user, state.attacker.actorUuid))
    throw new Refusal('GNG.Error.Attack.NotAllowed', { name: user.name });
  // One token per missed attack, whatever its targets (an area attack's misses grant one).
  if (state.targets.some((t) => t.eg?.missGift)) throw new Refusal('GNG.Model.EG.Card.Refusal.missTokenOnce');
  const token = missTokenAllies(state, target).find((t) => t.id === extra.ally);
  const ally = token?.actor ? await actorOf(token.actor.uuid) : null;
  if (!token || !ally) throw new Refusal('GNG.Model.EG.Card.Refusal.missTokenAlly', { name: target.name });
  const record = await cardTokenChange(ally, { [type]: 1 }, 'missToken', target.id, state.eg?.combatId);
  if (record) state.eg?.records.push(record);
  (target.eg as NonNullable<CardTarget['eg']>).missGift = {
    name: token.name || ally.name,
    type: type as TokenType,
  };
  await saveCard(message, state);
}
