/**
 * The EG maneuver card's start, on the active GM's client (eg-maneuver-actions.ts is its table): the
 * request checked (choices only: every number is re-derived here), the acting creature's check
 * against each target's defense (engine `egCheckWay`, `egManeuverSkill`), tokens spent before the
 * roll through the token store, the dice rolled and the card posted.
 */
import type { Size } from '../../rules/index.js';
import {
  beatsAll,
  egCheckSucceeds,
  egCheckWay,
  egManeuverOutcome,
  egManeuverSpec,
  EG_ESCAPES,
  EG_MANEUVERS,
  EG_MANEUVER_SKILLS,
  EG_SELF_MANEUVERS,
  type EgEscape,
  type EgManeuver,
  type EgManeuverSkill,
} from '../../rules/models/eg/maneuvers.js';
import { egManeuverSkill, maneuverTokens } from '../../rules/models/eg/maneuver-skills.js';
import { aidEscapeMissing, egManeuverMissing } from '../../rules/models/eg/maneuver-preconditions.js';
import { adjacent } from '../../combat/scene-grid.js';
import { egStatuses } from '../../rules/models/eg/statuses.js';
import { SKILL_CHECK_TOKEN_CAP } from '../../rules/models/eg/token-uses.js';
import {
  assertMaySpend,
  changeTokens,
  revertTokenChange,
  type TokenChangeRecord,
} from '../../combat/eg-token-store.js';
import { refundEgActionFor, spendEgActionFor, type EgSpent } from '../../combat/eg-turns.js';
import { combatOf, tokenOf } from '../../combat/scene-lookup.js';
import { actorOf, payload, Refusal, withRollMode, type RollMode } from '../kernel/index.js';
import { modelStamp } from '../model-guard.js';
import { postCard as postTyped } from '../kernel/typed-card.js';
import type { EgManeuverCardState, EgManeuverTarget } from './eg-maneuver-state.js';

const creature = (actor: Actor) => actor.system;

export interface StartRequest {
  actorUuid: string;
  maneuver: EgManeuver;
  skill: EgManeuverSkill | null;
  from: EgEscape | null;
  charge: boolean;
  /** Tokens spent before the roll (power for Athletics, speed for Acrobatics). */
  tokens: number;
  /** An escape made for a held ally, "an Athletics check in their stead" (003:1591): its uuid. */
  ally: string | null;
  targets: { actorUuid: string; tokenId: string | null }[];
}

export const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

const bad = () => new Refusal('GNG.Error.Attack.BadRequest');
/** May be left out or sent as null (the same). */
const maybe = { optional: true, nullable: true } as const;
const targetEntry = payload(
  { actorUuid: 'str', tokenId: { kind: 'str', nullable: true } },
  'GNG.Error.Attack.BadRequest',
);

/** The start request, checked: its fields, then what they say together. */
export const parseStart = payload(
  {
    actorUuid: 'str',
    maneuver: EG_MANEUVERS,
    skill: { kind: EG_MANEUVER_SKILLS, ...maybe },
    from: { kind: EG_ESCAPES, ...maybe },
    charge: 'bool?',
    // "No more than 10 tokens … to a single skill check" (003:420).
    tokens: { kind: 'int', ...maybe, min: 0, max: SKILL_CHECK_TOKEN_CAP },
    ally: { kind: 'str', ...maybe },
    targets: { kind: targetEntry, list: true, max: 20 },
  },
  'GNG.Error.Attack.BadRequest',
  (d) => {
    const maneuver = d.maneuver as EgManeuver;
    // Standing up is made on no one: its request names no target.
    if (((d.targets as unknown[]).length === 0) !== EG_SELF_MANEUVERS.includes(maneuver)) throw bad();
    // Escape needs what it escapes from; a charge is a bull rush's only (003:1499).
    if (maneuver === 'escape' && !oneOf(EG_ESCAPES, d.from))
      throw new Refusal('GNG.Model.EG.Maneuver.Error.From');
    if (d.charge === true && maneuver !== 'bull-rush') throw bad();
    // No tokens on a maneuver without a check.
    if (((d.tokens as number | null) ?? 0) > 0 && !egManeuverSpec(maneuver).ways.length) throw bad();
    // Helping an ally escape: an escape only, and an Athletics check (003:1591, 1640, 1763).
    if ((d.ally ?? null) !== null && (maneuver !== 'escape' || d.skill === 'acrobatics')) throw bad();
  },
);

/** The checked request's fields. */
export function parsedStart(d: Record<string, unknown>): StartRequest {
  const maneuver = d.maneuver as EgManeuver;
  const targets = d.targets as StartRequest['targets'];
  return {
    actorUuid: d.actorUuid as string,
    maneuver,
    skill: oneOf(EG_MANEUVER_SKILLS, d.skill) ? d.skill : null,
    from: maneuver === 'escape' ? (d.from as EgEscape) : null,
    charge: d.charge === true,
    tokens: (d.tokens as number | null | undefined) ?? 0,
    ally: (d.ally as string | null | undefined) ?? null,
    targets: targets.map(({ actorUuid, tokenId }) => ({ actorUuid, tokenId })),
  };
}

/** The tokens spent on the check through the token store (the only writer), or a refusal. */
function spendOnCheck(attacker: Actor, skill: EgManeuverSkill, count: number): Promise<TokenChangeRecord> {
  const { type } = maneuverTokens(skill);
  return changeTokens(combatOf(attacker), attacker, { [type]: -count }, 'GNG.Model.EG.Maneuver.Part.tokens');
}

/** Each target's d20s (two for a bull rush in a charge), rolled together, one Roll per die. */
async function rollChecks(count: number, bonus: number): Promise<{ natural: number; roll: Roll }[]> {
  const out: { natural: number; roll: Roll }[] = [];
  for (let i = 0; i < count; i++) {
    const roll = await new Roll('1d20 + @bonus', { bonus }).evaluate();
    out.push({ natural: roll.dice[0]?.results[0]?.result ?? 0, roll });
  }
  return out;
}

/**
 * The ally an escape is made for (003:1591, 1640, 1763): another creature, held as the escape says;
 * the helper adjacent to it (a grab) or in the grapple (a grapple or a pin). Refused otherwise.
 */
async function helpedAlly(request: StartRequest, helper: Actor): Promise<Actor> {
  const ally = await actorOf(request.ally as string);
  if (!ally || ally === helper) throw new Refusal('GNG.Error.Attack.UnknownTarget');
  const a = tokenOf(helper);
  const b = tokenOf(ally);
  const missing = aidEscapeMissing(
    request.from as EgEscape,
    egStatuses(helper.statuses),
    Boolean(a && b && adjacent(a, b)),
  );
  if (missing)
    throw new Refusal(`GNG.Model.EG.Maneuver.Error.Aid.${missing}`, { name: helper.name, ally: ally.name });
  return ally;
}

/** A maneuver tried without what it needs (a grab before a grapple …): refused, nothing rolled. */
function refuseMissing(request: StartRequest, attacker: Actor, target: Actor): void {
  const from = request.from ?? undefined;
  const missing = egManeuverMissing(
    request.maneuver,
    egStatuses(attacker.statuses),
    egStatuses(target.statuses),
    from,
  );
  if (missing)
    throw new Refusal(`GNG.Model.EG.Maneuver.Error.Missing.${missing}`, {
      name: attacker.name,
      target: target.name,
    });
}

export async function postCard(request: StartRequest, user: User, rollMode: RollMode): Promise<ChatMessage> {
  const attacker = await actorOf(request.actorUuid);
  if (!attacker) throw new Refusal('GNG.Error.Attack.NoActor', { name: request.actorUuid });
  if (!attacker.testUserPermission(user, 'OWNER'))
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: attacker.name });
  assertMaySpend(user, attacker, request.tokens > 0);
  const spec = egManeuverSpec(request.maneuver);
  const ally = request.ally ? await helpedAlly(request, attacker) : null;
  const way = spec.ways.length
    ? egCheckWay(request.maneuver, ally ? 'athletics' : (request.skill ?? undefined))
    : null;
  const attackerSize = creature(attacker).size as Size;
  // A trained-only skill without ranks cannot be used, so it stands in for nothing (decision).
  const totals = Object.fromEntries(
    Object.entries(creature(attacker).derived.skills)
      .filter(([, s]) => s.usable)
      .map(([id, s]) => [id, s.total]),
  );
  // The one the escape frees: the ally helped, or the one acting.
  const held = ally ?? attacker;
  // "you are freed from the pin but are still grappled" (003:1761): the pin first.
  if (request.maneuver === 'escape' && request.from === 'grapple' && held.statuses.has('pinned'))
    throw new Refusal('GNG.Model.EG.Maneuver.Error.PinFirst', { name: held.name });
  const skill = way ? egManeuverSkill(way.skill, totals, attackerSize) : { bonus: 0, parts: [] };
  const count = way ? (request.charge ? 2 : 1) : 0;
  const targets: EgManeuverTarget[] = [];
  const own = tokenOf(attacker);
  if (EG_SELF_MANEUVERS.includes(request.maneuver)) {
    if (!attacker.statuses.has('prone'))
      throw new Refusal('GNG.Model.EG.Maneuver.Error.NotProne', { name: attacker.name });
    targets.push(selfRow(attacker, own, attackerSize));
  }
  for (const entry of request.targets) {
    const actor = await actorOf(entry.actorUuid);
    if (!actor || actor === attacker || actor === ally) throw new Refusal('GNG.Error.Attack.UnknownTarget');
    const token = entry.tokenId ? tokenOf(actor, { tokenId: entry.tokenId }) : undefined;
    if (entry.tokenId && !token) throw new Refusal('GNG.Error.Attack.UnknownTarget');
    const id = token?.id ?? actor.id ?? actor.uuid;
    if (targets.some((existing) => existing.id === id)) continue;
    refuseMissing(request, held, actor);
    const size = creature(actor).size as Size;
    const value = way ? creature(actor).derived.modelDefenses?.[way.defense] : undefined;
    if (way && (!value || value.kind !== 'static'))
      throw new Refusal('GNG.Model.EG.Maneuver.Error.NoDefense', { name: actor.name });
    const defense = way && value?.kind === 'static' ? { id: way.defense, value: value.value } : null;
    targets.push({
      id,
      name: token?.name || actor.name,
      actorUuid: actor.uuid,
      tokenId: token?.id ?? null,
      size,
      defense,
      checks: [],
      // Filled below (an escape's depends on every holder's check).
      outcome: egManeuverOutcome({ maneuver: 'join-grapple', successes: [] }),
      applied: null,
    });
  }
  // The turn's action (eg-turns.ts): refused, nothing rolled, when none is left or off its turn.
  const action = await spendEgActionFor(attacker, egManeuverAction(request));
  if (!action.ok) throw new Refusal(action.reason);
  try {
    const turn = action.spent;
    return await rollAndPost(request, user, rollMode, {
      attacker,
      ally,
      way,
      skill,
      count,
      targets,
      own,
      turn,
    });
  } catch (error) {
    await refundEgActionFor(attacker, action.spent);
    throw error;
  }
}

/**
 * The action a maneuver costs (`egManeuverSpec(…).action`, the text's): an overrun happens during a
 * move action (003:1714), so it spends the move; an escape made for a held ally is a standard
 * action (003:1591, 1640, 1763); a bull rush in a charge is the charge's standard action (003:1506).
 */
export function egManeuverAction(request: Pick<StartRequest, 'maneuver' | 'ally'>): 'standard' | 'move' {
  if (request.ally) return 'standard';
  const { action } = egManeuverSpec(request.maneuver);
  return action === 'part of a move' ? 'move' : action;
}

/** What {@link postCard} settled before the action was spent. */
interface Settled {
  attacker: Actor;
  ally: Actor | null;
  way: ReturnType<typeof egCheckWay> | null;
  skill: { bonus: number; parts: { label: string; value: number }[] };
  count: number;
  targets: EgManeuverTarget[];
  own: TokenDocument | null;
  turn: EgSpent | null;
}

/** The tokens on the check, the dice, the outcomes and the card (the action spent already). */
async function rollAndPost(
  request: StartRequest,
  user: User,
  rollMode: RollMode,
  { attacker, ally, way, skill, count, targets, own, turn }: Settled,
): Promise<ChatMessage> {
  const rolls: Roll[] = [];
  const attackerSize = creature(attacker).size as Size;
  // Spent before the dice, once for the action's checks (003:384); short: refused, nothing rolled.
  const spent = way && request.tokens > 0 ? await spendOnCheck(attacker, way.skill, request.tokens) : null;
  const parts = spent
    ? [...skill.parts, { label: 'GNG.Model.EG.Maneuver.Part.tokens', value: request.tokens }]
    : skill.parts;
  const bonus = skill.bonus + (spent ? request.tokens : 0);
  for (const target of targets) {
    if (!target.defense) continue;
    const against = target.defense.value;
    target.checks = (await rollChecks(count, bonus)).map(({ natural, roll }) => {
      rolls.push(roll);
      const total = roll.total as number;
      return { natural, total, success: egCheckSucceeds(total, against) };
    });
  }
  // "you must beat all of them with individual … checks" (003:1587, 1636): an escape frees only then.
  const all =
    request.maneuver === 'escape' ? beatsAll(targets.map((tg) => tg.checks[0]?.success === true)) : null;
  for (const target of targets)
    target.outcome = egManeuverOutcome({
      maneuver: request.maneuver,
      successes: all === null ? target.checks.map((c) => c.success) : [all],
      charge: request.charge,
      actorSize: attackerSize,
      targetSize: target.size,
      ...(request.from ? { from: request.from } : {}),
    });
  const state: EgManeuverCardState = {
    version: 1,
    ...(modelStamp() as { model: string }),
    maneuver: request.maneuver,
    skill: way?.skill ?? null,
    from: request.from,
    charge: request.charge,
    ally: ally ? { actorUuid: ally.uuid, name: ally.name } : null,
    attacker: {
      actorUuid: attacker.uuid,
      name: attacker.name,
      size: attackerSize,
      tokenId: own?.id ?? null,
    },
    check: { bonus, parts, spent },
    targets,
    turn,
  };
  let message: ChatMessage | null | undefined;
  try {
    message = await postTyped(
      'egManeuver',
      state,
      withRollMode({ rolls, speaker: ChatMessage.getSpeaker({ actor: attacker }) }, rollMode, user),
    );
  } finally {
    // No card: the tokens spent on the check go back (the action, by the caller).
    if (!message && spent) await revertTokenChange(spent);
  }
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  Hooks.callAll('gng.egManeuver', message);
  return message;
}

/** The one row of a maneuver made on no one (standing up): the one acting. */
function selfRow(actor: Actor, token: TokenDocument | null, size: Size): EgManeuverTarget {
  return {
    id: token?.id ?? actor.id ?? actor.uuid,
    name: token?.name || actor.name,
    actorUuid: actor.uuid,
    tokenId: token?.id ?? null,
    size,
    defense: null,
    checks: [],
    outcome: egManeuverOutcome({ maneuver: 'join-grapple', successes: [] }),
    applied: null,
  };
}
