/**
 * Hail of Bullets (Appendix 4): "As a full-round action, you fire a shot from a firearm or energy
 * weapon at your full base attack bonus at each opponent within 30 feet. You may not fire bursts at
 * each opponent."
 *
 * `game.gng.hailOfBullets(actor, weapon)` asks the active GM (`gng.hailOfBullets`), who checks the
 * owner, the feat, the weapon (a firearm or an energy weapon), finds every opponent within 30 ft
 * (a token of the other side: FRIENDLY against HOSTILE, as the attacks of opportunity read it, able
 * to be attacked, nearest first), checks that the weapon holds a round for each, spends the full
 * round (`spendTurnActions`), and posts one attack card per opponent: a single shot with no option
 * (so no burst) at the sheet's full bonus, each spending its round as any shot does.
 */
import { roundsOf } from '../../combat/ammunition.js';
import { spendTurnActions } from '../../combat/action-budget.js';
import { tokenOf, tokensWithin } from '../../combat/scene-lookup.js';
import {} from '../../combat/opponent-feats.js';
import {
  actorOf,
  actorQuery,
  askGM,
  Refusal,
  registerGMQuery,
  type CardActionResult,
  type RollMode,
} from '../kernel/index.js';
import { attackCard } from '../attack/attack-actions.js';
import { attackRowOf } from '../../data/actor/attack-row.js';
import { opposed } from '../opportunity/opportunity-start.js';
import { hasFeat } from '../../documents/actor-feats.js';

export const HAIL_QUERY = 'gng.hailOfBullets';
export const HAIL_OF_BULLETS = 'hail-of-bullets';
/** "at each opponent within 30 feet". */
export const HAIL_FEET = 30;

/** A firearm (a weapon with fire modes or a magazine) or an energy weapon. */
export function firearmOrEnergy(weapon: Item): boolean {
  if (weapon.type !== 'weapon') return false;
  const sys = weapon.system as unknown as {
    energy?: boolean;
    firearm?: { fireModes?: string[]; capacity?: number };
  };
  return sys.energy === true || (sys.firearm?.fireModes?.length ?? 0) > 0 || (sys.firearm?.capacity ?? 0) > 0;
}

/** The opponents' tokens within 30 ft of `actor`'s token (on its own scene), nearest first. */
export function hailTargets(actor: Actor): TokenDocument[] {
  const own = tokenOf(actor);
  if (!own) return [];
  const dead = (a: Actor) => ['dead'].some((s) => a.statuses?.has(s));
  return tokensWithin(own, HAIL_FEET).filter(
    (token) =>
      token.actor !== null &&
      token.actor !== actor &&
      !dead(token.actor) &&
      opposed(own.disposition, token.disposition),
  );
}

async function hail(
  actorUuid: string,
  weaponId: string,
  sender: User,
  rollMode: RollMode,
): Promise<{ messageIds: string[] }> {
  const actor = await actorOf(actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!actor.testUserPermission(sender, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: actor.name });
  if (!hasFeat(actor, HAIL_OF_BULLETS))
    throw new Refusal('GNG.OpponentFeats.Error.NoFeat', { name: actor.name });
  const weapon = actor.items.get(weaponId);
  if (!weapon || !attackRowOf(actor, weapon) || !firearmOrEnergy(weapon))
    throw new Refusal('GNG.OpponentFeats.Hail.Error.Weapon', { name: actor.name });
  const targets = hailTargets(actor);
  if (!targets.length) throw new Refusal('GNG.OpponentFeats.Hail.Error.NoOpponent', { name: actor.name });
  const counts = roundsOf(weapon);
  const needed = targets.length * (counts?.barrels ?? 1);
  if (counts && counts.loaded < needed)
    throw new Refusal('GNG.OpponentFeats.Hail.Error.Rounds', {
      weapon: weapon.name,
      loaded: counts.loaded,
      needed,
    });
  const spend = await spendTurnActions(actor, 'full-round');
  if (!spend.ok)
    throw new Refusal(
      spend.reason === 'notTurn' ? 'GNG.OpponentFeats.Error.NotTurn' : 'GNG.OpponentFeats.Error.Acted',
      {
        name: actor.name,
      },
    );
  const messageIds: string[] = [];
  for (const token of targets) {
    const message = await (attackCard.spec.start as NonNullable<typeof attackCard.spec.start>)(
      {
        action: 'start',
        actorUuid: actor.uuid,
        weaponId,
        options: {},
        targets: [{ tokenId: token.id, actorUuid: (token.actor as Actor).uuid }],
      },
      sender,
      rollMode,
    );
    if (message) messageIds.push(message.id as string);
  }
  return { messageIds };
}

/** `CONFIG.queries['gng.hailOfBullets']` (active GM): never throws. */
export const handleHail = actorQuery(
  async (actorUuid, sender, { weaponId }, { rollMode }): Promise<CardActionResult> => {
    const { messageIds } = await hail(actorUuid, weaponId as string, sender, rollMode);
    return { ok: true, data: { messageIds } };
  },
  ['weaponId'],
);

/** `game.gng.hailOfBullets(actor, weapon)`: one shot at each opponent within 30 ft (a full round). */
export function hailOfBullets(actor: Actor, weapon: Item): Promise<CardActionResult> {
  return askGM(HAIL_QUERY, { actorUuid: actor.uuid, weaponId: weapon.id });
}

/** The actor's first equipped firearm or energy weapon (the token HUD's Hail of Bullets). */
export function hailWeapon(actor: Actor): Item | null {
  const rows = actor.system.derived?.attacks ?? [];
  for (const row of rows) {
    const item = actor.items.get(row.itemId);
    if (item && firearmOrEnergy(item)) return item;
  }
  return null;
}

export function registerHailOfBullets(): void {
  registerGMQuery(HAIL_QUERY, handleHail);
}
