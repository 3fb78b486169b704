/**
 * Rounds in a firearm or charges in an energy weapon (GnG SPECIAL ATTACKS: "You must have at least
 * two rounds of ammunition or charges in the weapon"; d20 Modern: a weapon's magazine and its
 * reload). A weapon tracks ammunition when its `system.firearm.capacity` is above 0; the rounds
 * loaded are `system.firearm.ammunition`.
 *
 * Spending is the GM's (the cards run on the active GM's client, from the documents): {@link
 * spendRounds} takes the rounds off and returns a record; {@link returnRounds} is its exact inverse
 * (the card's Undo) while the weapon still exists, capped at the magazine. Reloading is the owner's
 * ({@link reloadWeapon}): it fills the magazine; in combat it takes its action, through the GM.
 */
import {
  askGM,
  payload,
  Refusal,
  refusal,
  registerGMQuery,
  serialized,
  type CardActionResult,
} from '../cards/kernel/index.js';
import { reloadAction, type ReloadAction } from '../rules/index.js';
import { combatantOf, spendTurnActions } from './action-budget.js';

/** What a spend took, for its Undo. */
export interface RoundsSpent {
  itemUuid: string;
  /** The weapon's name when spent (for notes when it is gone). */
  name: string;
  rounds: number;
}

interface FirearmData {
  capacity: number;
  ammunition: number;
  barrels: number;
}

function firearmOf(weapon: Item): FirearmData | null {
  if (weapon.type !== 'weapon') return null;
  const firearm = (weapon.system as unknown as { firearm?: Partial<FirearmData> }).firearm;
  const capacity = firearm?.capacity ?? 0;
  if (!Number.isInteger(capacity) || capacity <= 0) return null;
  return {
    capacity,
    ammunition: Math.max(0, Math.min(capacity, firearm?.ammunition ?? 0)),
    barrels: Math.max(1, firearm?.barrels ?? 1),
  };
}

/** Whether the weapon counts its rounds (a magazine of at least 1). */
export function usesAmmunition(weapon: Item): boolean {
  return firearmOf(weapon) !== null;
}

/** Rounds loaded and the magazine's size, or null for a weapon that does not count rounds. */
export function roundsOf(weapon: Item): { loaded: number; capacity: number; barrels: number } | null {
  const firearm = firearmOf(weapon);
  return firearm
    ? { loaded: firearm.ammunition, capacity: firearm.capacity, barrels: firearm.barrels }
    : null;
}

/**
 * GM: takes `rounds` off the weapon. A weapon that does not count rounds spends nothing (null). With
 * fewer rounds loaded than asked, nothing is spent and the answer is a refusal naming the weapon and
 * what is loaded (`GNG.Ammunition.Empty` when none, `GNG.Ammunition.TooFew` otherwise).
 */
export async function spendRounds(weapon: Item, rounds: number): Promise<RoundsSpent | null> {
  const firearm = firearmOf(weapon);
  if (!firearm) return null;
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`cannot spend ${rounds} rounds`);
  if (firearm.ammunition < rounds)
    throw new Refusal(firearm.ammunition === 0 ? 'GNG.Ammunition.Empty' : 'GNG.Ammunition.TooFew', {
      weapon: weapon.name,
      loaded: firearm.ammunition,
      needed: rounds,
    });
  await weapon.update({ 'system.firearm.ammunition': firearm.ammunition - rounds });
  return { itemUuid: weapon.uuid, name: weapon.name, rounds };
}

/**
 * GM: gives back what {@link spendRounds} took, on the rounds loaded now (a reload since does not
 * make a magazine hold more than its size). Resolves with lang keys of notes: the weapon is gone, or
 * some rounds did not fit.
 */
export async function returnRounds(spent: RoundsSpent | null | undefined): Promise<string[]> {
  if (!spent) return [];
  const weapon = (await fromUuid(spent.itemUuid)) as Item | null;
  const firearm = weapon ? firearmOf(weapon) : null;
  if (!weapon || !firearm) return ['GNG.Ammunition.Undo.Gone'];
  const back = Math.min(spent.rounds, firearm.capacity - firearm.ammunition);
  if (back > 0) await weapon.update({ 'system.firearm.ammunition': firearm.ammunition + back });
  return back < spent.rounds ? ['GNG.Ammunition.Undo.Full'] : [];
}

/** The GM query of a reload in combat (`CONFIG.queries`). */
export const RELOAD_QUERY = 'gng.reload';

/**
 * The owner reloads: the magazine is filled. In a begun combat the weapon's actor is in, a reload
 * takes its action (`firearm.reload`, one step lighter with Quick Reload: engine `reloadAction`) on
 * the actor's own turn, so the active GM spends it and fills the magazine ({@link RELOAD_QUERY});
 * out of combat the owner fills it. Resolves with the rounds put in (0: already full), or null with
 * a warning (not the user's weapon, no magazine, or the GM refused: not its turn, the action spent).
 */
export async function reloadWeapon(weapon: Item): Promise<number | null> {
  const firearm = firearmOf(weapon);
  if (!firearm) {
    ui.notifications.warn(game.i18n.format('GNG.Ammunition.NoMagazine', { weapon: weapon.name }));
    return null;
  }
  if (!weapon.isOwner) {
    ui.notifications.warn(game.i18n.format('GNG.Ammunition.NotYours', { weapon: weapon.name }));
    return null;
  }
  const actor = weapon.parent as Actor | null;
  if (actor && combatantOf(actor)?.parent?.started) {
    const result = await askGM(RELOAD_QUERY, { itemUuid: weapon.uuid });
    return result.ok ? Number(result.data?.added ?? 0) : null;
  }
  const added = firearm.capacity - firearm.ammunition;
  if (added > 0) await weapon.update({ 'system.firearm.ammunition': firearm.capacity });
  return added;
}

/** A Reload button (the sheet's, the HUD's): {@link reloadWeapon}, then says what was loaded. */
export async function reloadAndTell(weapon: Item): Promise<number | null> {
  const added = await reloadWeapon(weapon);
  if (added !== null)
    ui.notifications.info(
      game.i18n.format('GNG.Ammunition.Reloaded', {
        weapon: weapon.name,
        capacity: roundsOf(weapon)?.capacity ?? 0,
      }),
    );
  return added;
}

const TURN_ACTION = { move: 'move', standard: 'attack', full: 'full-round' } as const;

/** GM side: a reload in combat — the sender's own weapon, its action spent on the actor's turn. */
/** The request's one field, checked by schema: the weapon's uuid. */
const parseReload = payload({ itemUuid: 'id' });

async function reloadInCombat(data: Record<string, unknown>, sender: User): Promise<CardActionResult> {
  try {
    parseReload(data);
  } catch (error) {
    return refusal(error as Refusal);
  }
  const item = (await fromUuid(data.itemUuid as string)) as Item | null;
  const actor = (item?.parent ?? null) as Actor | null;
  if (!item || !actor || actor.documentName !== 'Actor' || !firearmOf(item))
    return refusal(new Refusal('GNG.Error.Card.BadRequest'));
  if (!item.testUserPermission(sender, 'OWNER'))
    return refusal(new Refusal('GNG.Ammunition.NotYours', { weapon: item.name }));
  return serialized([actor.uuid], async () => {
    const firearm = firearmOf(item) as FirearmData;
    const added = firearm.capacity - firearm.ammunition;
    if (added <= 0) return { ok: true, data: { added: 0 } };
    const feats = (actor.system as { derived?: { feats?: string[] } }).derived?.feats ?? [];
    const stored = (item.system as unknown as { firearm?: { reload?: ReloadAction } }).firearm?.reload;
    const action = reloadAction(stored ?? 'move', feats.includes('quick-reload'));
    if (action !== 'free') {
      const spent = await spendTurnActions(actor, TURN_ACTION[action]);
      if (!spent.ok)
        throw new Refusal(`GNG.Ammunition.Turn.${spent.reason}`, {
          name: actor.name,
          weapon: item.name,
          action: game.i18n.localize(`GNG.ReloadAction.${action}`),
        });
    }
    await item.update({ 'system.firearm.ammunition': firearm.capacity });
    return { ok: true, data: { added } };
  });
}

/** Registers the reload's GM query (on `init`). */
export function registerReload(): void {
  registerGMQuery(RELOAD_QUERY, reloadInCombat);
}
