/**
 * The Time Count maneuver card's start, on the active GM's client (issue #32 R16; seed 002:308–573):
 * the request checked (choices only: every number is derived here), what the row requires read where
 * the glue can (statuses, sizes, the weapon's damage type), the roll against each target's defense(s)
 * (engine `tcManeuverAttackBonus`, `tcManeuverDefenses`, `tcManeuverResult`), the step damage rolled,
 * and — the attempt spent whatever the roll — the row's fatigue on the one acting and its SF posted
 * through the schedule (a fumble +1d6 and unsteady, 002:66). The card (tc-maneuver-actions.ts) keeps what
 * it wrote and its take-back reverts it.
 */
import type { WeaponData } from '../../data/item/item-data.js';
import type { Size } from '../../rules/index.js';
import { TC_MANEUVERS, type TcManeuver } from '../../rules/models/tc/maneuver-rows.js';
import {
  halveSpeedFactor,
  tcAtMostOneSizeLarger,
  tcManeuverAttackBonus,
  tcManeuverDefenses,
  tcManeuverMissing,
  tcManeuverResult,
  tcManeuverRow,
  tcManeuverSpeed,
  tcStepDamage,
} from '../../rules/models/tc/maneuvers.js';
import { tcAttackBonus } from '../../rules/models/tc/attack-bonus.js';
import { fumbleDurability, tcWeaponCategory } from '../../rules/models/tc/attack-card.js';
import { tcAttackerSituation, tcDefensesMet } from '../../rules/models/tc/situation.js';
import { speedClassOf } from '../../rules/models/tc/speed-factor.js';
import { tcDirectLoss } from '../../rules/models/tc/health.js';
import type { TcDefenseId } from '../../rules/models/tc/defenses.js';
import {
  markUnsteady,
  revertScheduleAct,
  scheduleAct,
  tcSchedule,
  type TcScheduleRecord,
} from '../../combat/tc-schedule.js';
import { healthOf, modelCreatureOf } from '../../combat/model-health.js';
import { tokenOf } from '../../combat/scene-lookup.js';
import { CARD_HP_UPDATE } from '../../hooks/hp-statuses.js';
import { combatModel } from '../../settings/combat-model.js';
import { actorOf, payload, Refusal, withRollMode, type RollMode } from '../kernel/index.js';
import { tcStanceFacts } from '../shared/tc-situation.js';
import { conditionSpeed, refuseNotActing, rollSpeed, scheduledPlace } from './tc-act.js';
import type { TcManeuverCardState, TcManeuverTarget } from './tc-maneuver-state.js';
import { postCard } from '../kernel/typed-card.js';
import { TC_MODEL_ID } from '../../rules/models/tc/state.js';

const creature = (actor: Actor) => actor.system;
/** Statuses that leave a target helpless (coup de grâce, 002:459). */
const HELPLESS = ['helpless', 'unconscious', 'paralyzed', 'pinned'];

export interface TcManeuverRequest {
  actorUuid: string;
  maneuver: TcManeuver;
  weaponId: string | null;
  targets: { actorUuid: string; tokenId: string | null }[];
}

const targetEntry = payload(
  { actorUuid: 'str', tokenId: { kind: 'str', nullable: true } },
  'GNG.Error.Attack.BadRequest',
);

/** The start request: the attacker, the maneuver, its weapon (or none), its targets (1 to 10). */
export const parseTcManeuverStart = payload(
  {
    actorUuid: 'str',
    maneuver: TC_MANEUVERS,
    weaponId: { kind: 'str', optional: true, nullable: true },
    targets: { kind: targetEntry, list: true, min: 1, max: 10 },
  },
  'GNG.Error.Attack.BadRequest',
);

/** The checked request's fields. */
export function parseTcManeuver(d: Record<string, unknown>): TcManeuverRequest {
  const targets = d.targets as TcManeuverRequest['targets'];
  return {
    actorUuid: d.actorUuid as string,
    maneuver: d.maneuver as TcManeuver,
    weaponId: (d.weaponId as string | null | undefined) ?? null,
    targets: targets.map(({ actorUuid, tokenId }) => ({ actorUuid, tokenId })),
  };
}

/**
 * The roll's bonus: the row's own (engine) and the situation the actor brings (stance, conditions:
 * situation.ts). A weapon row's bonus is core's for the weapon's category (002:58: Strength or
 * Dexterity, `tcWeaponCategory`); with no weapon chosen, Strength (a weapon no category fits).
 */
function attackBonus(actor: Actor, maneuver: TcManeuver, count: number | null, item: Item | null) {
  const system = creature(actor);
  const model = modelCreatureOf(actor);
  const skills = Object.fromEntries(
    Object.entries(system.derived.skills)
      .filter(([, s]) => s.usable)
      .map(([id, s]) => [id, s.total]),
  );
  const use = item?.type === 'weapon' ? (item.system as WeaponData).use : '';
  const category = item ? tcWeaponCategory({ name: item.name, use }) : null;
  const weapon = tcAttackBonus(model, { with: category, mode: 'melee' }).total;
  // An unarmed strike (no weapon): Strength, as before (core's unarmed "better of" is its damage's).
  const unarmed = tcAttackBonus(model, { with: null, mode: 'melee' }).total;
  const base = tcManeuverAttackBonus(maneuver, {
    str: system.abilities.str.mod,
    dex: system.abilities.dex.mod,
    skills,
    weapon,
    unarmed,
    size: system.size as Size,
  });
  const parts = [...base.parts];
  // A maneuver is a melee attack: the stance's melee drawbacks, paralysis's and petrification's −hit.
  const situation = tcAttackerSituation(model, { ranged: false, count });
  if (situation.refusal === 'stance')
    throw new Refusal('GNG.Model.TC.Maneuver.Error.Stance', { name: actor.name });
  for (const p of situation.parts)
    parts.push({ label: p.label.replace('.Card.Part.', '.Maneuver.Part.'), value: p.value });
  return { bonus: parts.reduce((s, p) => s + p.value, 0), parts };
}

/** The requirements the glue can read (others: the GM's call, shown on the card). */
function refuseMissing(maneuver: TcManeuver, actor: Actor, target: Actor, weapon: Item | null): void {
  const types = weapon?.type === 'weapon' ? (weapon.system as WeaponData).damageTypes : [];
  const missing = tcManeuverMissing(maneuver, {
    grabbedByTarget: actor.statuses.has('grabbed'),
    grabbingTarget: target.statuses.has('grabbed'),
    atMostOneSizeLarger: tcAtMostOneSizeLarger(creature(actor).size as Size, creature(target).size as Size),
    targetHelpless: HELPLESS.some((s) => target.statuses.has(s)),
    ...(weapon ? { piercingWeapon: types.includes('piercing') } : {}),
  });
  if (missing)
    throw new Refusal(`GNG.Model.TC.Maneuver.Error.Missing.${missing}`, {
      name: actor.name,
      target: target.name,
    });
}

/** Reads every target before anything is written (unknown or malformed: refused). */
async function readTargets(request: TcManeuverRequest, actor: Actor, weapon: Item | null) {
  const out: { actor: Actor; row: TcManeuverTarget }[] = [];
  for (const entry of request.targets) {
    const target = await actorOf(entry.actorUuid);
    if (!target || target === actor) throw new Refusal('GNG.Error.Attack.UnknownTarget');
    const token = entry.tokenId ? tokenOf(target, { tokenId: entry.tokenId }) : undefined;
    if (entry.tokenId && !token) throw new Refusal('GNG.Error.Attack.UnknownTarget');
    refuseMissing(request.maneuver, actor, target, weapon);
    const all = creature(target).derived.modelDefenses ?? {};
    // The five as a melee attack naming each meets them: the target's stance (its transition at this
    // count, parry), Passive for Primary when it must (casting, poised, immobile) — situation.ts.
    const met = tcDefensesMet(
      { mode: 'melee', touch: false, situation: tcStanceFacts(target) },
      modelCreatureOf(target),
    );
    const five = {} as Record<TcDefenseId, number>;
    for (const id of ['primary', 'passive', 'vigor', 'celerity', 'spirit'] as const) {
      const d = all[id];
      if (!d || d.kind !== 'static')
        throw new Refusal('GNG.Model.TC.Maneuver.Error.NoDefense', { name: target.name });
      five[id] = met[id].value;
    }
    const id = token?.id ?? target.id ?? target.uuid;
    if (out.some((o) => o.row.id === id)) continue;
    out.push({
      actor: target,
      row: {
        id,
        name: token?.name || target.name,
        actorUuid: target.uuid,
        tokenId: token?.id ?? null,
        defenses: tcManeuverDefenses(request.maneuver, five, creature(target).size as Size),
        natural: 0,
        total: 0,
        results: [],
        damage: null,
        applied: null,
      },
    });
  }
  return out;
}

export async function postTcManeuver(
  request: TcManeuverRequest,
  user: User,
  rollMode: RollMode,
): Promise<ChatMessage> {
  const actor = await actorOf(request.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name: request.actorUuid });
  if (!actor.testUserPermission(user, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: actor.name });
  if (combatModel().id !== TC_MODEL_ID) throw new Refusal('GNG.Model.TC.Maneuver.Error.NotTc');
  const weapon = request.weaponId ? (actor.items.get(request.weaponId) ?? null) : null;
  if (request.weaponId && weapon?.type !== 'weapon') throw new Refusal('GNG.Error.Attack.BadRequest');
  const slowed = conditionSpeed(actor);
  if (slowed.immobile) throw new Refusal('GNG.Model.TC.Stance.Error.Immobile', { name: actor.name });
  const place = scheduledPlace(actor);
  refuseNotActing(actor, place);
  const count = place ? tcSchedule(place.combat).count : null;
  const targets = await readTargets(request, actor, weapon);
  const check = attackBonus(actor, request.maneuver, count, weapon);
  const row = tcManeuverRow(request.maneuver);
  const rolls: Roll[] = [];
  const str = creature(actor).abilities.str.mod;
  const dex = creature(actor).abilities.dex.mod;
  for (const { row: target } of targets) {
    const roll = await new Roll('1d20 + @bonus', { bonus: check.bonus }).evaluate();
    rolls.push(roll);
    target.natural = roll.dice[0]?.results[0]?.result ?? 0;
    target.total = roll.total as number;
    target.results = target.defenses.map((d, i) =>
      tcManeuverResult(request.maneuver, {
        natural: target.natural,
        total: target.total,
        ...d,
        second: i === 1,
      }),
    );
    let amount = 0;
    const formulas: string[] = [];
    for (const step of target.results.flatMap((r) => r.steps)) {
      const dmg = tcStepDamage(step, { str, dex });
      if (!dmg) continue;
      if ('flat' in dmg) {
        amount += dmg.flat;
        formulas.push(String(dmg.flat));
      } else {
        const r = await new Roll(dmg.dice).evaluate();
        rolls.push(r);
        amount += r.total as number;
        formulas.push(`${dmg.dice} (${r.total as number})`);
      }
    }
    target.damage = amount > 0 ? { amount, formula: formulas.join(' + ') } : null;
  }
  const fumble = targets.some((t) => t.row.natural === 1);
  // A fumble with a weapon: as the attack card's, its Durability −1 noted (002:66; none: said so).
  let weaponFumble: TcManeuverCardState['weaponFumble'] = null;
  if (fumble && weapon) {
    const before = (weapon.system as { durability?: number }).durability;
    const after = fumbleDurability(before);
    weaponFumble = {
      name: weapon.name,
      durability: after === null ? null : { before: before as number, after },
    };
  }
  const records: TcScheduleRecord[] = [];
  let speed: TcManeuverCardState['speed'] = null;
  let fatigue: TcManeuverCardState['fatigue'] = null;
  try {
    if (place) {
      const spec = tcManeuverSpeed(
        request.maneuver,
        speedClassOf((weapon?.system as { speedClass?: unknown })?.speedClass),
      );
      const rolled = await rollSpeed(actor, spec.speedClass, {
        classSteps: spec.classSteps + slowed.classSteps,
        factorMod: slowed.factorMod,
      });
      if (rolled.roll) rolls.push(rolled.roll);
      let sf = spec.halve ? halveSpeedFactor(rolled.result.sf) : rolled.result.sf;
      let formula = rolled.result.formula + (spec.halve ? ' ÷ 2' : '');
      // A fumble: "adds 1d6 to his weapon's SF … He is unsteady until he acts again" (002:66).
      if (fumble) {
        const d6 = await new Roll('1d6').evaluate();
        rolls.push(d6);
        sf += d6.total as number;
        formula += ` + 1d6 (${d6.total as number})`;
      }
      const act = await scheduleAct(place.combat, place.combatant.id, {
        sf,
        reason: `maneuver:${request.maneuver}`,
      });
      records.push(act);
      if (fumble) records.push(await markUnsteady(place.combat, place.combatant.id, 'fumble'));
      speed = { sf, formula, next: act.after ?? 0 };
    }
    if (row.fatigue > 0) {
      const before = healthOf(actor);
      const outcome = tcDirectLoss(before, { fatigue: row.fatigue });
      await actor.update({ 'system.model.tc.fatigue': outcome.after.fatigue }, CARD_HP_UPDATE);
      fatigue = {
        before: before.fatigue ?? 0,
        after: outcome.after.fatigue ?? 0,
        consciousnessDC: outcome.consciousnessDC ?? null,
      };
    }
    const state: TcManeuverCardState = {
      version: 1,
      model: TC_MODEL_ID,
      maneuver: request.maneuver,
      attacker: { actorUuid: actor.uuid, name: actor.name },
      check,
      fumble,
      weaponFumble,
      speed,
      fatigue,
      records,
      targets: targets.map((t) => t.row),
      withdrawn: null,
    };
    const message = await postCard(
      'tcManeuver',
      state,
      withRollMode({ rolls, speaker: ChatMessage.getSpeaker({ actor }) }, rollMode, user),
    );
    if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
    return message;
  } catch (error) {
    // Nothing posted: what was written goes back, last first.
    for (const record of [...records].reverse()) await revertScheduleAct(record);
    if (fatigue) await actor.update({ 'system.model.tc.fatigue': fatigue.before }, CARD_HP_UPDATE);
    throw error;
  }
}
