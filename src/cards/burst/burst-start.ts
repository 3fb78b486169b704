/**
 * Starting a multiple target burst (GnG MULTIPLE TARGET BURST). The shooter's client only asks
 * (`game.gng.burst`): the actor, the weapon, the kind, the direction and a controlled shot count. The
 * active GM checks the sender owns the actor, the weapon fires 'auto' and holds the rounds (one that
 * counts no rounds never runs dry), rolls the shots with Foundry dice (engine `multipleTargetBurst`),
 * spends the rounds, finds every token whose centre is in the area (nearest first, friend and foe,
 * never the shooter), draws the area as a measured template and posts the card (a cancelled message
 * gives the rounds back and erases the template).
 */
import { hasMartialFirearms } from '../../combat/firearms-proficiency.js';
import { SYSTEM_ID } from '../../config/document-types.js';
import type { WeaponData } from '../../data/item/item-data.js';
import {
  MULTIPLE_TARGET_BURSTS,
  multipleTargetBurst,
  multipleTargetDefenseRolls,
  rangePenalty,
  type MultipleTargetBurstKind,
} from '../../rules/index.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import { returnRounds, roundsOf, spendRounds } from '../../combat/ammunition.js';
import {
  actorOf,
  askGM,
  postCard,
  Refusal,
  withRollMode,
  type CardActionResult,
  type RollMode,
  payload,
} from '../kernel/index.js';
import {
  BURST_MAX_RANGE_INCREMENTS,
  burstArea,
  centreFeet,
  createTemplate,
  deleteTemplate,
  feetTo,
  tokensInArea,
} from '../shared/area-tokens.js';
import { BURST_QUERY, type BurstCardState, type BurstStartOptions, type BurstTarget } from './burst-state.js';
import { offerOpportunities } from '../opportunity/opportunity-start.js';
import { tokenOf } from '../../combat/scene-lookup.js';
import { refusedHere } from '../model-guard.js';

export { BURST_QUERY };

/** The start request: the shooter, its weapon, the burst's kind, its direction, a controlled burst's size. */
export const parseBurstStart = payload({
  actorUuid: 'str',
  weaponId: 'str',
  kind: MULTIPLE_TARGET_BURSTS,
  direction: 'num',
  controlled: 'int?',
});

/** Degrees in [0, 360). */
const normalize = (degrees: number) => ((degrees % 360) + 360) % 360;

/* -------------------------------------------------------------------------- */
/*  The asking client                                                          */
/* -------------------------------------------------------------------------- */

/**
 * `game.gng.burst(actor, weapon, { kind, direction | toward, controlled })`: asks the active GM to
 * fire a linear or strafing burst from the actor's token. A refusal is shown as a warning.
 */
export function burst(actor: Actor, weapon: Item, options: BurstStartOptions): Promise<CardActionResult> {
  const refused = refusedHere('bursts', 'GNG.Model.Action.burst');
  if (refused) return Promise.resolve(refused);
  let direction = options.direction;
  if (options.toward !== undefined) {
    const toward = 'document' in options.toward ? options.toward.document : null;
    const shooter = toward?.parent ? tokenOf(actor, { scene: toward.parent }) : tokenOf(actor);
    const to = toward ? centreFeet(toward) : (options.toward as { x: number; y: number });
    if (shooter) {
      const from = centreFeet(shooter);
      direction = (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
    }
  }
  return askGM(BURST_QUERY, {
    action: 'start',
    actorUuid: actor.uuid,
    weaponId: weapon.id,
    kind: options.kind,
    direction: typeof direction === 'number' ? normalize(direction) : direction,
    ...(options.controlled === undefined ? {} : { controlled: options.controlled }),
  });
}

/* -------------------------------------------------------------------------- */
/*  On the active GM                                                           */
/* -------------------------------------------------------------------------- */

/** The checked request's fields, its direction in [0, 360). */
function parsedStart(data: Record<string, unknown>) {
  const { actorUuid, weaponId, kind, direction, controlled } = data as {
    actorUuid: string;
    weaponId: string;
    kind: MultipleTargetBurstKind;
    direction: number;
    controlled?: number;
  };
  return { actorUuid, weaponId, kind, direction: normalize(direction), controlled };
}

/** The engine's shots for the request (refusals with the text's reasons), rolled with Foundry dice. */
async function fireShots(
  kind: MultipleTargetBurstKind,
  input: { attackBonus: number; ammo: number; barrels: number; martialFirearms: boolean },
  controlled: number | undefined,
  weapon: Item,
) {
  try {
    multipleTargetBurst({ kind, ...input, rolled: [1, 1] });
  } catch {
    throw new Refusal(`GNG.Burst.Error.TooFew.${kind}`, {
      weapon: weapon.name,
      loaded: input.ammo * input.barrels,
    });
  }
  if (controlled !== undefined) {
    try {
      return { burst: multipleTargetBurst({ kind, ...input, controlled }), rolls: [] as Roll[] };
    } catch {
      throw new Refusal(
        input.martialFirearms ? `GNG.Burst.Error.Controlled.${kind}` : 'GNG.Burst.Error.ControlledFeat',
        { shots: controlled },
      );
    }
  }
  const { result, rolls } = await withFoundryDice(10, (dice) =>
    multipleTargetBurst({ kind, ...input, dice }),
  );
  return { burst: result, rolls };
}

/** The GM's side of {@link burst}: checks, rolls, spends, finds the targets, posts the card. */
export async function startBurst(
  data: Record<string, unknown>,
  sender: User,
  rollMode: RollMode,
): Promise<ChatMessage> {
  const request = parsedStart(data);
  const actor = await actorOf(request.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Card.BadRequest');
  if (!actor.testUserPermission(sender, 'OWNER'))
    throw new Refusal('GNG.Burst.Error.NotOwner', { name: actor.name });
  const weapon = actor.items.get(request.weaponId);
  if (!weapon || weapon.type !== 'weapon') throw new Refusal('GNG.Error.Card.BadRequest');
  const w = weapon.system as unknown as WeaponData;
  if (!w.firearm.fireModes.includes('auto'))
    throw new Refusal('GNG.Burst.Error.NotAuto', { weapon: weapon.name });
  const row = actor.system.derived.attacks.find((a) => a.itemId === weapon.id);
  if (!row) throw new Refusal('GNG.Burst.Error.NotEquipped', { weapon: weapon.name });
  const increment = w.rangeIncrement;
  if (!(increment > 0)) throw new Refusal('GNG.Burst.Error.NoRange', { weapon: weapon.name });
  // The shooter's token document (its combatant's, on its combat's scene: scene-lookup.ts); the
  // area, its targets and its template are on that token's scene, whatever scene the GM views.
  const shooter = tokenOf(actor);
  if (!shooter) throw new Refusal('GNG.Burst.Error.NoToken', { name: actor.name });
  const rounds = roundsOf(weapon);
  const barrels = Math.max(1, w.firearm.barrels || 1);
  const martialFirearms = hasMartialFirearms(actor);
  const input = {
    attackBonus: row.bonus,
    // A weapon that counts no rounds (capacity 0) never runs dry, as on the attack card.
    ammo: rounds ? Math.floor(rounds.loaded / barrels) : Number.MAX_SAFE_INTEGER,
    barrels,
    martialFirearms,
  };
  const { burst: fired, rolls } = await fireShots(request.kind, input, request.controlled, weapon);
  const origin = centreFeet(shooter);
  const area = burstArea(request.kind, origin, request.direction, increment);
  if (area.shape === 'square') throw new Refusal('GNG.Error.Card.BadRequest');
  const spent = await spendRounds(weapon, fired.ammoUsed);

  const maxRange = increment * BURST_MAX_RANGE_INCREMENTS;
  const targets: BurstTarget[] = tokensInArea(area, origin, shooter).map((token) => {
    const target = token.actor as Actor;
    const distance = Math.round(feetTo(shooter, token) * 10) / 10;
    const penalty = rangePenalty({
      distanceFeet: Math.min(distance, maxRange),
      rangeIncrementFeet: increment,
    });
    const size = target.system.size;
    return {
      id: token.id,
      name: token.name || target.name,
      actorUuid: target.uuid,
      tokenId: token.id,
      distance,
      rangePenalty: penalty,
      attackTotal: fired.attackTotal + penalty,
      size,
      // The optional "Target Size" table is used (decision: docs/rules.md), times the barrels.
      defenseRolls: multipleTargetDefenseRolls({ targetSize: size, barrels }),
      defense: null,
      dive: null,
      applied: null,
    };
  });
  // "normal damage": the weapon's dice and its flat modifiers, no Strength, RD or skill-based bonus.
  const flat = row.damageModifiers.enhancement + row.damageModifiers.conditions;
  const damage = flat ? `${row.damageDice} ${flat > 0 ? '+' : '-'} ${Math.abs(flat)}` : row.damageDice;
  const state: BurstCardState = {
    version: 1,
    kind: request.kind,
    attacker: { actorUuid: actor.uuid, name: actor.name, tokenId: shooter.id },
    weapon: {
      itemUuid: weapon.uuid,
      name: weapon.name,
      damage,
      bypass: row.bypass,
      barrels,
      rangeIncrement: increment,
    },
    area: { origin, direction: request.direction, length: area.length, width: area.width },
    template: null,
    shots: {
      rolled: fired.rolled,
      controlled: fired.controlled,
      shotsFired: fired.shotsFired,
      ammoUsed: fired.ammoUsed,
    },
    attack: {
      natural: fired.natural,
      bonus: row.bonus,
      penalty: fired.attackPenalty,
      total: fired.attackTotal,
      martialFirearms,
    },
    spent,
    targets,
    undone: false,
  };
  let message: ChatMessage | null | undefined;
  try {
    state.template = await createTemplate(
      area,
      { actorUuid: actor.uuid, kind: request.kind },
      shooter.parent ?? null,
    );
    message = await postCard(
      'burst',
      state,
      withRollMode(
        {
          rolls,
          speaker: ChatMessage.getSpeaker({ actor }),
          // The card's kind, read by other cards and the forged-card check (not its state).
          flags: { [SYSTEM_ID]: { type: 'burstCard' } },
        },
        rollMode,
        sender,
      ),
    );
  } finally {
    // No card (a module cancelled its message, or it failed): the rounds go back, the area is erased.
    if (!message) {
      await returnRounds(spent);
      await deleteTemplate(state.template);
    }
  }
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  Hooks.callAll('gng.burst', message);
  await offerOpportunities(actor, message.id as string);
  return message;
}
