/**
 * The sunder on the attack card (sunder.ts): what the card keeps of the held item it strikes, and
 * how the card shows it — the item and its holder, how it defends, what it takes at Apply.
 * Kept apart from sunder.ts so the card's renderer imports no GM-side step.
 */
import { sizeModifier, type Size } from '../../rules/index.js';
import type { CardTarget } from './attack-state.js';
import { t, f, signed } from '../../format.js';

/** The held item a sunder attacks, as the card keeps it. */
export interface CardSunder {
  itemId: string;
  name: string;
  /** The item's size (its size modifier replaces the holder's in the Defense roll). */
  size: Size;
  /** Hardness and hit points when the card was made (Apply reads them again from the item). */
  hardness: number;
  hp: { value: number; max: number };
  /** The attacker has Improved Sunder (no attack of opportunity, +4). */
  improved: boolean;
}

declare module './attack-state.js' {
  interface CardTarget {
    /** The held weapon or shield this attack sunders (sunder.ts); the creature takes no damage. */
    sunder?: CardSunder;
  }
}

/** What the card shows of a sunder: the item and its holder, how it defends, what it takes. */
export function sunderContext(target: CardTarget) {
  const s = target.sunder;
  if (!s) return null;
  const notes = [
    f('GNG.Sunder.Card.Defense', {
      name: target.name,
      item: s.name,
      size: t(`GNG.Size.${s.size}`),
      modifier: signed(sizeModifier(s.size)),
    }),
    f('GNG.Sunder.Card.Object', { hardness: s.hardness, value: s.hp.value, max: s.hp.max }),
    f('GNG.Sunder.Card.NoCreatureDamage', { name: target.name }),
  ];
  if (s.improved) notes.push(t('GNG.Sunder.Card.Improved'));
  const hit = target.applied?.properties?.object;
  const outcome = hit
    ? f(hit.unequipped ? 'GNG.Sunder.Card.AppliedUnequipped' : 'GNG.Sunder.Card.Applied', {
        item: hit.name,
        damage: hit.damage,
        before: hit.before.max > 0 ? hit.before.value : hit.after.max,
        after: hit.after.value,
        state: t(`GNG.Attack.Property.ObjectState.${hit.state}`),
        name: target.name,
      })
    : null;
  return { title: f('GNG.Sunder.Card.Title', { item: s.name, name: target.name }), notes, outcome };
}
