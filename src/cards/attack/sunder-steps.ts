/**
 * A sunder's GM side at Apply and Undo (sunder.ts, decision "Sundering a held object" in
 * docs/rules.md): the hit's total through the item's hardness to its HP, none to the holder; Undo
 * gives the HP back. Loaded with the attack card's other steps on first use (attack-gm.ts).
 */
import { actorOf, noteUndo, Refusal } from '../kernel/index.js';
import { saveCard } from './attack-save.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import { breakWeaponHit, undoObjectHit } from './object-damage.js';
import { cardWeapon } from './item-properties-damage.js';
import type { CardSunder } from './sunder-card.js';

/** GM side, Apply of a sunder: the hit's total through the item's hardness to its HP; none to the holder. */
export async function applySunder(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  user: User,
): Promise<void> {
  const holder = await actorOf(target.actorUuid);
  const sunder = target.sunder as CardSunder;
  if (!holder) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  const damage = target.damage as NonNullable<CardTarget['damage']>;
  const hit = await breakWeaponHit(holder, sunder.itemId, await cardWeapon(state), damage.steps.total);
  if (!hit) throw new Refusal('GNG.Sunder.Refusal.Gone', { item: sunder.name, name: holder.name });
  const hp = holder.system.hp;
  const same = (v: number) => ({ before: v, after: v });
  target.applied = {
    by: user.id as string,
    hpLost: 0,
    hp: same(hp.value),
    temp: same(hp.temp),
    nonlethal: same(hp.nonlethal),
    trauma: false,
    condition: 'normal',
    nonlethalCondition: 'normal',
    injury: 'none', // not shown: the card's sunder section says what the item took
    statusesAdded: [],
    effectIds: {},
    snapshot: { value: hp.value, temp: hp.temp, nonlethal: hp.nonlethal },
    properties: { object: hit },
  };
  delete target.undoNotes;
  await saveCard(message, state);
}

/** GM side, Undo of a sunder: the item's HP back (from its values now), equipped again if it was. */
export async function undoSunder(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
): Promise<void> {
  const holder = await actorOf(target.actorUuid);
  if (!holder) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  const note = await undoObjectHit(holder, target.applied?.properties?.object);
  target.applied = null;
  noteUndo(target, note ? [note] : []);
  await saveCard(message, state);
}
