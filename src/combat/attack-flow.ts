/**
 * The opposed attack flow (GnG ATTACK ROLL, DEFENSE, RELATIVE DEGREE, DAMAGE, PROTECTION, EFFECTS OF
 * DAMAGE): `startAttack` rolls the attack and posts one card whose state lives in
 * `flags.gng.attack`; every later step (Defense, damage, apply, undo) is an action of the card that
 * runs on the active GM through the `gng.attackAction` query. The GM's handler re-derives every
 * number from the card and the documents (a request carries only the message, the action and the
 * target), checks that the asking user may act, rolls the dice itself and updates the card.
 *
 * Hooks (cancel the `pre` ones by returning false): `gng.preAttack(actor, weapon, config)` /
 * `gng.attack(message)`, `gng.preDefense(message, target, config)` / `gng.defense(message, target)`,
 * `gng.preApplyDamage(message, target, actor, changes)` / `gng.applyDamage(message, target, actor)`.
 * See docs/api.md "Hooks and the attack flow".
 */
import { SYSTEM_ID } from '../config/document-types.js';
import type { CreatureData } from '../data/actor/creature-data.js';
import { weaponStrengthBonus } from '../data/actor/derive-creature.js';
import { rollChain } from './critical-chain.js';
import {
  ATTACKER_CONDITIONS,
  attackRollFromValues,
  attackRollModifiers,
  coupDeGrace,
  criticalKindForNatural,
  damagePipeline,
  defenseBonus,
  defenseRollFromValues,
  expandConditions,
  objectDefense,
  PROTECTION_PARTS,
  parseDice,
  resolveAttack,
  type AttackerCondition,
  type DefenseBreakdown,
  type DefensePart,
  type DefenseState,
  type ProtectionParts,
} from '../rules/index.js';
import { DEFAULT_ATTACK_OPTIONS, type AttackOptions } from './attack-options.js';
import { previewAttack, targetArmor } from './attack-preview.js';
import {
  blockAction,
  blockWeapons,
  riposteAction,
  riposteTargets,
  riposteWeapon,
  rollWithBlowAction,
  undoAborts,
} from './attack-aborts.js';
import { applyHitPointLoss, restoreHitPointLoss } from './hp-loss.js';
import {
  askGM,
  refusal,
  Refusal,
  senderOf,
  serialized,
  track,
  attackActionsSettled,
  type CardActionResult,
} from './gm-card.js';

// The card mechanism lives in gm-card.ts; the attack card's modules and macros import it from here.
export { Refusal, track, attackActionsSettled, type CardActionResult };
import {
  attackOfOpportunityAction,
  calledShotAt,
  conditionSaveAction,
  penetrationSaveAction,
  undoCalledShot,
  waivesAttackOfOpportunity,
} from './called-shots.js';
import { ATTACK_CARD_TEMPLATE, decorateAttackCard, renderAttackCard } from './attack-card.js';
import { singleTargetActor, strikeAction, strikeCardState, undoStrike } from './strikes.js';
import {
  actionAvailable,
  CARD_ACTIONS,
  cardState,
  penetrationPending,
  userMayAct,
  type AttackCardState,
  type CardAction,
  type CardPart,
  type CardTarget,
} from './attack-state.js';

/** The query every card action goes through (`CONFIG.queries`). */
export const ATTACK_QUERY = 'gng.attackAction';

/** What `gng.preAttack` handlers receive and may change (options, bonus parts, targets). */
export interface AttackConfig {
  options: AttackOptions;
  parts: CardPart[];
  targets: CardTarget[];
}

/** What `gng.preDefense` handlers receive and may change (`bonus`, `autoRollOne`). */
export interface DefenseConfig {
  mode: 'melee' | 'ranged';
  touch: boolean;
  bonus: number;
  autoRollOne: boolean;
  breakdown: DefenseBreakdown | null;
}

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);

/* -------------------------------------------------------------------------- */
/*  Start                                                                      */
/* -------------------------------------------------------------------------- */

function creature(actor: Actor): CreatureData {
  return actor.system as CreatureData;
}

function isObjectActor(actor: Actor | null): boolean {
  return Boolean(actor?.flags?.[SYSTEM_ID]?.object);
}

function targetFromToken(token: Token): CardTarget {
  const actor = token.actor;
  const object = isObjectActor(actor);
  const flagged = actor?.flags?.[SYSTEM_ID]?.object as { moving?: boolean } | undefined;
  return {
    id: token.id,
    kind: object ? 'object' : 'creature',
    name: token.document.name || actor?.name || '',
    actorUuid: actor?.uuid ?? null,
    tokenId: token.id,
    object: object && actor ? { size: creature(actor).size, moving: flagged?.moving === true } : null,
    coupDeGrace: null,
    defense: null,
    result: null,
    damage: null,
    applied: null,
  };
}

function emptyTarget(id: string, kind: CardTarget['kind'], name: string): CardTarget {
  return {
    id,
    kind,
    name,
    actorUuid: null,
    tokenId: null,
    object: null,
    coupDeGrace: null,
    defense: null,
    result: null,
    damage: null,
    applied: null,
  };
}

/** What is settled when the card is created: stationary objects' fixed Defense and coups de grace. */
function settleOnCreation(state: AttackCardState, target: CardTarget): void {
  if (target.kind === 'object' && target.object && !target.object.moving) {
    const total = objectDefense({ size: target.object.size });
    target.defense = {
      source: 'object',
      natural: null,
      bonus: total,
      total,
      autoRollOne: false,
      mode: state.weapon.mode,
      parts: [{ label: `GNG.Size.${target.object.size}`, value: total }],
      notes: ['GNG.Attack.StationaryObject'],
    };
    const r = resolveAttack(state.attack.total, total);
    target.result = { hit: r.hit, relativeDegree: r.relativeDegree, automatic: false };
    return;
  }
  if (!state.options.coupDeGrace || target.kind !== 'creature') return;
  const actor = target.actorUuid ? (fromUuidSync(target.actorUuid) as Actor | null) : null;
  const helpless = actor ? isHelpless(actor) : false;
  // The attacker declares the coup de grace; Foundry does not tell us whether a ranged attacker is adjacent.
  const cdg = coupDeGrace({
    targetHelpless: helpless,
    ranged: state.weapon.mode === 'ranged',
    adjacent: true,
  });
  target.coupDeGrace = { allowed: cdg.allowed, reason: cdg.reason ?? null };
  if (cdg.allowed) target.result = { hit: cdg.hit, relativeDegree: cdg.relativeDegree, automatic: true };
}

/** Helpless as the engine reads statuses: helpless, or unconscious (dying and dead bring unconscious). */
function isHelpless(actor: Actor): boolean {
  const conditions = expandConditions(actor.statuses);
  return conditions.has('helpless') || conditions.has('unconscious');
}

/**
 * Starts an attack of `actor` with `weapon` (an equipped weapon of the actor): rolls 1d20 + bonus
 * (and the d10 chain on a natural 20 or 1) and posts the attack card against the user's targets
 * (or `targetTokens` when given: the Riposte attacks the attacker's token).
 * Resolves with the card, or null when refused or cancelled (`gng.preAttack`).
 */
export async function startAttack(
  actor: Actor,
  weapon: Item,
  options: AttackOptions = {},
  targetTokens?: Token[],
): Promise<ChatMessage | null> {
  if (!actor.isOwner) {
    ui.notifications.warn(f('GNG.Error.Attack.NotAttackerOwner', { name: actor.name }));
    return null;
  }
  const opts: AttackOptions = { ...structuredClone(DEFAULT_ATTACK_OPTIONS), ...structuredClone(options) };
  // The same numbers the attack dialog previews: the sheet's bonus and what the options add.
  const armor = targetArmor();
  const single = targetTokens ? (targetTokens.length === 1 ? (targetTokens[0]?.actor ?? null) : null) : null;
  const preview = previewAttack(actor, weapon, opts, {
    ...(armor === undefined ? {} : { targetArmor: armor }),
    target: targetTokens ? single : singleTargetActor(),
  });
  if (!preview) {
    ui.notifications.warn(f('GNG.Error.NoAttack', { name: weapon.name }));
    return null;
  }
  if (!preview.allowed) {
    ui.notifications.warn(f('GNG.Error.Attack.NotAllowedAttack', { reason: preview.reason ?? '' }));
    return null;
  }
  const summary = preview.attack;
  if (preview.grip) opts.grip = preview.grip;
  let targets: CardTarget[];
  if (opts.object) {
    const object = emptyTarget(
      'object',
      'object',
      f('GNG.Attack.ObjectName', { size: t(`GNG.Size.${opts.object.size}`) }),
    );
    object.object = { size: opts.object.size, moving: opts.object.moving === true };
    targets = [object];
  } else {
    targets = [...(targetTokens ?? game.user.targets)].map(targetFromToken);
    if (!targets.length) targets = [emptyTarget('unnamed', 'unnamed', t('GNG.Attack.UnnamedDefender'))];
  }
  const config: AttackConfig = {
    options: opts,
    parts: [...summary.parts, ...preview.lines.slice(1)],
    targets,
  };
  if (Hooks.call('gng.preAttack', actor, weapon, config) === false) return null;

  const bonus = config.parts.reduce((sum, p) => sum + p.value, 0);
  const roll = await new Roll('1d20 + @bonus', { bonus }).evaluate();
  const natural = roll.dice[0]?.results[0]?.result ?? 0;
  const kind = criticalKindForNatural(natural);
  const chain = kind ? await rollChain(kind) : null;
  const attack = attackRollFromValues({ natural, bonus, chainDice: chain?.d10s ?? [] });
  const statuses = expandConditions(actor.statuses ?? []);
  const state: AttackCardState = {
    version: 1,
    attacker: { actorUuid: actor.uuid, name: actor.name },
    weapon: {
      itemUuid: weapon.uuid,
      itemId: weapon.id as string,
      name: weapon.name,
      mode: summary.mode,
      grip: config.options.grip ?? summary.grip,
      touch: summary.touch || config.options.touch === true,
      bypass: summary.bypass,
      damage: summary.damage,
    },
    options: config.options,
    attack: {
      formula: roll.formula,
      natural: attack.natural,
      critical: attack.critical,
      chainDice: attack.chainDice,
      chainAdjustment: attack.chainAdjustment,
      bonus: attack.bonus,
      parts: config.parts.filter((p, i) => i === 0 || p.value !== 0),
      total: attack.total,
      attackerConditions: [...statuses].filter((s): s is AttackerCondition =>
        (ATTACKER_CONDITIONS as readonly string[]).includes(s),
      ),
    },
    targets: config.targets,
  };
  for (const target of state.targets) settleOnCreation(state, target);
  const calledShots = config.options.calledShots ?? [];
  if (calledShots.length) {
    const waived = waivesAttackOfOpportunity(actor, state.weapon.itemId, config.options.sneakAttackDice ?? 0);
    for (const target of state.targets) {
      if (target.kind !== 'creature') continue;
      const defender = target.actorUuid ? (fromUuidSync(target.actorUuid) as Actor | null) : null;
      target.calledShot = calledShotAt(calledShots, defender, waived);
    }
  }
  const strike = config.options.strike;
  if (strike) {
    for (const target of state.targets) {
      if (target.kind !== 'creature') continue;
      const defender = target.actorUuid ? (fromUuidSync(target.actorUuid) as Actor | null) : null;
      target.strike = strikeCardState(strike, actor, defender);
    }
  }

  const message = await ChatMessage.create({
    content: await renderAttackCard(state),
    rolls: [roll, ...(chain?.rolls ?? [])],
    speaker: ChatMessage.getSpeaker({ actor }),
    flags: { [SYSTEM_ID]: { type: 'attackCard', attack: state } },
  });
  if (!message) return null;
  Hooks.callAll('gng.attack', message);
  if (game.settings.get(SYSTEM_ID, 'autoRollNpcDefense') === true) await autoRollNpcDefenses(message);
  return message;
}

/* -------------------------------------------------------------------------- */
/*  The GM's handler                                                           */
/* -------------------------------------------------------------------------- */

const REQUEST_KEYS = new Set(['messageId', 'action', 'target', 'defense', 'weapon', 'breaking']);

interface CardRequest {
  messageId: string;
  action: CardAction;
  target: string;
  defense?: number;
  /**
   * Block: the defender's weapon (an item id of one of its equipped melee weapons; default its best
   * melee attack) and a Breaking Block.
   */
  weapon?: string;
  breaking?: boolean;
}

/** Only the message, the action, the target (and the GM's Defense total) may be sent; nothing else. */
function parseRequest(data: unknown): CardRequest {
  if (typeof data !== 'object' || data === null) throw new Refusal('GNG.Error.Attack.BadRequest');
  const d = data as Record<string, unknown>;
  const extra = Object.keys(d).filter((key) => !REQUEST_KEYS.has(key));
  if (extra.length) throw new Refusal('GNG.Error.Attack.BadRequest');
  if (typeof d.messageId !== 'string' || typeof d.target !== 'string')
    throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!(CARD_ACTIONS as readonly unknown[]).includes(d.action))
    throw new Refusal('GNG.Error.Attack.BadRequest');
  const action = d.action as CardAction;
  if (action === 'setDefense') {
    if (typeof d.defense !== 'number' || !Number.isInteger(d.defense))
      throw new Refusal('GNG.Error.Attack.DefenseNumber');
  } else if (d.defense !== undefined) throw new Refusal('GNG.Error.Attack.BadRequest');
  if (action === 'block') {
    if (d.weapon !== undefined && typeof d.weapon !== 'string')
      throw new Refusal('GNG.Error.Attack.BadRequest');
    if (d.breaking !== undefined && typeof d.breaking !== 'boolean')
      throw new Refusal('GNG.Error.Attack.BadRequest');
  } else if (d.weapon !== undefined || d.breaking !== undefined)
    throw new Refusal('GNG.Error.Attack.BadRequest');
  return {
    messageId: d.messageId,
    action,
    target: d.target,
    ...(action === 'setDefense' ? { defense: d.defense as number } : {}),
    ...(typeof d.weapon === 'string' ? { weapon: d.weapon } : {}),
    ...(d.breaking === true ? { breaking: true } : {}),
  };
}

/**
 * `CONFIG.queries['gng.attackAction']`: runs on the active GM. Never throws: a refusal answers with
 * a lang key the asking client shows.
 */
export async function handleAttackAction(
  data: Record<string, unknown>,
  context: { user: User },
): Promise<CardActionResult> {
  // Fail closed: without a sender that is a user of this world, nobody's permission can be checked.
  const sender = senderOf(context);
  if (!sender) return { ok: false, error: 'GNG.Error.Attack.UnknownSender' };
  let request: CardRequest;
  try {
    request = parseRequest(data);
  } catch (error) {
    return refusal(error);
  }
  return serialized(request.messageId, () => runAction(request, sender));
}

async function runAction(request: CardRequest, user: User): Promise<CardActionResult> {
  const message = game.messages.get(request.messageId);
  const stored = cardState(message);
  if (!message || !stored) throw new Refusal('GNG.Error.Attack.NoCard');
  if (!attackIntact(message, stored)) throw new Refusal('GNG.Error.Attack.Tampered');
  const state = structuredClone(stored);
  const target = state.targets.find((candidate) => candidate.id === request.target);
  if (!target) throw new Refusal('GNG.Error.Attack.UnknownTarget');
  if (
    !userMayAct(user, request.action, state, target) &&
    !(request.action === 'rollDefense' && rollsItself(target))
  )
    throw new Refusal('GNG.Error.Attack.NotAllowed', { name: user.name });
  if (!actionAvailable(request.action, target))
    throw new Refusal(`GNG.Error.Attack.Unavailable.${request.action}`);

  switch (request.action) {
    case 'rollDefense':
      await rollDefense(message, state, target);
      break;
    case 'setDefense':
      await setDefense(message, state, target, request.defense as number);
      break;
    case 'rollDamage':
      await rollDamage(message, state, target);
      break;
    case 'applyDamage':
      await applyDamage(message, state, target, user);
      break;
    case 'undoDamage':
      await undoDamage(message, state, target);
      break;
    case 'block':
      await blockAction(message, state, target, user, {
        ...(request.weapon === undefined ? {} : { weapon: request.weapon }),
        ...(request.breaking ? { breaking: true } : {}),
      });
      break;
    case 'rollWithBlow':
      await rollWithBlowAction(message, state, target, user);
      break;
    case 'riposte':
      await riposteAction(message, state, target, user);
      break;
    case 'penetrationSave':
      await penetrationSaveAction(message, state, target);
      if (game.settings.get(SYSTEM_ID, 'autoRollDamage') === true)
        await rollDamage(message, state, target, true);
      break;
    case 'conditionSave':
      await conditionSaveAction(message, state, target, user);
      break;
    case 'attackOfOpportunity':
      await attackOfOpportunityAction(message, state, target, user);
      break;
    case 'strike':
      await strikeAction(message, state, target, user);
      break;
  }
  return { ok: true };
}

/**
 * The card's author may write its flags (Foundry lets authors update their messages), so the stored
 * attack must agree with the message's own rolls: the d20 roll (1d20 + bonus), each d10 of the chain,
 * the bonus parts, and the total the engine makes of them.
 */
function attackIntact(message: ChatMessage, state: AttackCardState): boolean {
  const a = state.attack;
  const [d20, ...chain] = message.rolls;
  const natural = d20?.dice[0]?.results[0]?.result;
  if (natural !== a.natural || d20?.total !== a.natural + a.bonus) return false;
  if (chain.length !== a.chainDice.length || chain.some((roll, i) => roll.total !== a.chainDice[i]))
    return false;
  if (a.parts.reduce((sum, p) => sum + p.value, 0) !== a.bonus) return false;
  try {
    return attackRollFromValues({ natural, bonus: a.bonus, chainDice: a.chainDice }).total === a.total;
  } catch {
    return false;
  }
}

export async function saveCard(message: ChatMessage, state: AttackCardState): Promise<void> {
  await message.update({ content: await renderAttackCard(state), [`flags.${SYSTEM_ID}.attack`]: state });
}

export async function actorOf(uuid: string | null): Promise<Actor | null> {
  if (!uuid) return null;
  const doc = await fromUuid(uuid);
  return doc && doc.documentName === 'Actor' ? (doc as Actor) : null;
}

const DEFENSE_STATE_KEYS = ['GNG.Status', 'GNG.DefenseState'];
function stateKey(id: string): string {
  for (const prefix of DEFENSE_STATE_KEYS) if (game.i18n.has(`${prefix}.${id}`)) return `${prefix}.${id}`;
  return id;
}

function defenseParts(breakdown: DefenseBreakdown): { parts: CardPart[]; notes: string[] } {
  const parts: CardPart[] = [];
  for (const [part, value] of Object.entries(breakdown.parts) as [DefensePart, number][]) {
    if (value === 0 || part === 'situation' || part === 'conditions') continue;
    parts.push({ label: `GNG.Defense.Part.${part}`, value });
  }
  for (const m of breakdown.modifiers) parts.push({ label: stateKey(m.source), value: m.value });
  const notes = breakdown.removed.map((r) =>
    f('GNG.Attack.Lost', {
      part: t(`GNG.Defense.Part.${r.part}`),
      value: r.value,
      reasons: r.reasons.map((why) => t(stateKey(why))).join(', '),
    }),
  );
  if (breakdown.autoRollOne) notes.unshift('GNG.Defense.AutoRollOne');
  return { parts, notes };
}

/** The defender's Defense against this attack (engine `defenseBonus` with the attack's mode and touch). */
function defenseAgainst(state: AttackCardState, defender: Actor): DefenseBreakdown {
  const input = creature(defender).derived.defenseInput;
  const blinded = expandConditions(defender.statuses).has('blinded');
  const invisible = state.attack.attackerConditions.filter((c) => c === 'invisible');
  const losesDex = attackRollModifiers({
    mode: state.weapon.mode,
    conditions: invisible,
    targetBlinded: blinded,
  }).defenderLosesDexterity;
  const states: DefenseState[] = [...(input.states ?? []), ...(state.options.defenderSituation ?? [])];
  if (losesDex) states.push('attacker-invisible');
  return defenseBonus({ ...input, states, attack: state.weapon.mode, touch: state.weapon.touch });
}

async function rollDefense(message: ChatMessage, state: AttackCardState, target: CardTarget): Promise<void> {
  const mode = state.weapon.mode;
  let config: DefenseConfig;
  if (target.kind === 'object' && !target.actorUuid) {
    config = { mode, touch: state.weapon.touch, bonus: 0, autoRollOne: false, breakdown: null };
  } else {
    const defender = await actorOf(target.actorUuid);
    if (!defender) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
    const breakdown = defenseAgainst(state, defender);
    config = {
      mode,
      touch: state.weapon.touch,
      bonus: breakdown.total,
      autoRollOne: breakdown.autoRollOne,
      breakdown,
    };
  }
  if (Hooks.call('gng.preDefense', message, target, config) === false)
    throw new Refusal('GNG.Error.Attack.Cancelled');

  if (target.object) {
    // A moving object rolls d20 + its size modifier (ATTACKING INANIMATE OBJECTS).
    const roll = await new Roll('1d20').evaluate();
    const natural = roll.total as number;
    const total = objectDefense({ size: target.object.size, moving: true, natural });
    target.defense = {
      source: 'roll',
      natural,
      bonus: total - natural,
      total,
      autoRollOne: false,
      mode,
      parts: [{ label: `GNG.Size.${target.object.size}`, value: total - natural }],
      notes: [],
    };
  } else {
    const natural = config.autoRollOne ? undefined : ((await new Roll('1d20').evaluate()).total as number);
    const roll = defenseRollFromValues({
      ...(natural === undefined ? {} : { natural }),
      bonus: config.bonus,
      autoRollOne: config.autoRollOne,
    });
    const { parts, notes } = config.breakdown ? defenseParts(config.breakdown) : { parts: [], notes: [] };
    target.defense = {
      source: 'roll',
      natural: roll.natural,
      bonus: roll.bonus,
      total: roll.total,
      autoRollOne: roll.autoRollOne,
      mode,
      parts,
      notes,
    };
  }
  const r = resolveAttack(state.attack.total, target.defense.total);
  target.result = { hit: r.hit, relativeDegree: r.relativeDegree, automatic: false };
  await saveCard(message, state);
  Hooks.callAll('gng.defense', message, target);
  if (r.hit && !penetrationPending(target) && game.settings.get(SYSTEM_ID, 'autoRollDamage') === true)
    await rollDamage(message, state, target, true);
}

async function setDefense(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  total: number,
): Promise<void> {
  const config: DefenseConfig = {
    mode: state.weapon.mode,
    touch: state.weapon.touch,
    bonus: total,
    autoRollOne: false,
    breakdown: null,
  };
  if (Hooks.call('gng.preDefense', message, target, config) === false)
    throw new Refusal('GNG.Error.Attack.Cancelled');
  target.defense = {
    source: 'gm',
    natural: null,
    bonus: config.bonus,
    total: config.bonus,
    autoRollOne: false,
    mode: state.weapon.mode,
    parts: [],
    notes: [],
  };
  const r = resolveAttack(state.attack.total, config.bonus);
  target.result = { hit: r.hit, relativeDegree: r.relativeDegree, automatic: false };
  await saveCard(message, state);
  Hooks.callAll('gng.defense', message, target);
  if (r.hit && !penetrationPending(target) && game.settings.get(SYSTEM_ID, 'autoRollDamage') === true)
    await rollDamage(message, state, target, true);
}

async function rollDamage(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  automatic = false,
): Promise<void> {
  const attacker = await actorOf(state.attacker.actorUuid);
  const summary = attacker
    ? creature(attacker).derived.attacks.find((a) => a.itemId === state.weapon.itemId)
    : null;
  if (!attacker || !summary) throw new Refusal('GNG.Error.NoAttack', { name: state.weapon.name });
  const result = target.result as NonNullable<CardTarget['result']>;

  const dice = parseDice(summary.damageDice);
  const roll = await new Roll(dice.count > 0 ? `${dice.count}d${dice.faces}` : '0').evaluate();
  const values = roll.dice.flatMap((term) => term.results.map((r) => r.result));
  const strength = weaponStrengthBonus(summary.strength, state.weapon.grip, {
    powerAttack: state.options.powerAttack === true,
  });

  const defender = await actorOf(target.actorUuid);
  let protection: ProtectionParts = {};
  let fortification: 'none' | 'light' | 'moderate' | 'heavy' = 'none';
  if (defender) {
    const p = creature(defender).derived.protection;
    protection = Object.fromEntries(PROTECTION_PARTS.map((part) => [part, p[part]]));
    fortification = p.fortification as typeof fortification;
  }
  const pipeline = damagePipeline({
    weaponDice: values,
    weaponBonus: dice.bonus + summary.damageModifiers.enhancement + summary.damageModifiers.conditions,
    strengthBonus: strength,
    relativeDegree: result.relativeDegree,
    protection,
    bypass: summary.bypass,
    penetrated: target.calledShot?.penetration?.save?.success === false,
    fortification,
    nonlethal: state.options.nonlethal === true,
  });
  const breakdown = pipeline.protectionBreakdown;
  target.damage = {
    formula: summary.damageDice,
    dice: values,
    steps: pipeline.steps,
    final: pipeline.final,
    lethal: pipeline.lethal,
    nonlethal: pipeline.nonlethal,
    specialEffects: pipeline.specialEffects,
    bypass: breakdown?.bypass ?? summary.bypass,
    protectionParts: breakdown
      ? PROTECTION_PARTS.filter((part) => breakdown[part] !== 0).map((part) => ({
          label: `GNG.Protection.Part.${part}`,
          value: breakdown[part],
        }))
      : [],
    ...(automatic ? { automatic: true } : {}),
  };
  await saveCard(message, state);
}

async function applyDamage(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
  user: User,
): Promise<void> {
  const actor = await actorOf(target.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  const damage = target.damage as NonNullable<CardTarget['damage']>;
  const loss = await applyHitPointLoss(
    actor,
    { lethal: damage.lethal, nonlethal: damage.nonlethal, nonlethalAttack: state.options.nonlethal === true },
    (changes) => Hooks.call('gng.preApplyDamage', message, target, actor, changes) !== false,
  );
  if (!loss) throw new Refusal('GNG.Error.Attack.Cancelled');
  target.applied = {
    by: user.id as string,
    hpLost: loss.hpLost,
    hp: { before: loss.before.value, after: loss.after.value },
    temp: { before: loss.before.temp, after: loss.after.temp },
    nonlethal: { before: loss.before.nonlethal, after: loss.after.nonlethal },
    trauma: loss.trauma,
    condition: loss.condition,
    nonlethalCondition: loss.nonlethalCondition,
    injury: loss.injury,
    statusesAdded: loss.statusesAdded,
    traumaFlagBefore: loss.traumaBefore,
    snapshot: loss.before,
  };
  await saveCard(message, state);
  Hooks.callAll('gng.applyDamage', message, target, actor);
}

async function undoDamage(message: ChatMessage, state: AttackCardState, target: CardTarget): Promise<void> {
  const actor = await actorOf(target.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  const applied = target.applied;
  if (applied) {
    await undoCalledShot(actor, target);
    await undoStrike(actor, target);
    await restoreHitPointLoss(actor, {
      snapshot: applied.snapshot,
      statusesAdded: applied.statusesAdded,
      traumaBefore: applied.traumaFlagBefore ?? null,
    });
    target.applied = null;
  }
  // The attack's Undo also takes back the defender's aborts (budget and card).
  await undoAborts(target);
  await saveCard(message, state);
}

/* -------------------------------------------------------------------------- */
/*  The asking client                                                          */
/* -------------------------------------------------------------------------- */

/**
 * Asks the active GM to run `action` on `target` of the card (the GM's own client runs the handler
 * directly). A refusal is shown as a warning. Resolves with the handler's answer.
 */
export function requestCardAction(
  messageId: string,
  action: CardAction,
  target: string,
  extra: Record<string, unknown> = {},
): Promise<CardActionResult> {
  return askGM(ATTACK_QUERY, handleAttackAction, { messageId, action, target, ...extra });
}

/** The card's buttons, by `data-action`: each asks the GM through `requestCardAction`. */
export const ACTIONS: Record<
  CardAction,
  (message: ChatMessage, target: CardTarget, button: HTMLButtonElement) => Promise<CardActionResult>
> = {
  rollDefense: (message, target) => requestCardAction(message.id as string, 'rollDefense', target.id),
  setDefense: async (message, target, button) => {
    const input = button.parentElement?.querySelector<HTMLInputElement>('input[name="defense"]');
    const value = input ? Number.parseInt(input.value, 10) : Number.NaN;
    if (!Number.isInteger(value)) {
      ui.notifications.warn(t('GNG.Error.Attack.DefenseNumber'));
      return { ok: false, error: 'GNG.Error.Attack.DefenseNumber' };
    }
    return requestCardAction(message.id as string, 'setDefense', target.id, { defense: value });
  },
  rollDamage: (message, target) => requestCardAction(message.id as string, 'rollDamage', target.id),
  applyDamage: (message, target) => requestCardAction(message.id as string, 'applyDamage', target.id),
  undoDamage: (message, target) => requestCardAction(message.id as string, 'undoDamage', target.id),
  block: (message, target, button) =>
    requestCardAction(message.id as string, 'block', target.id, {
      ...(button.dataset.weapon ? { weapon: button.dataset.weapon } : {}),
      ...(button.dataset.breaking === 'true' ? { breaking: true } : {}),
    }),
  rollWithBlow: (message, target) => requestCardAction(message.id as string, 'rollWithBlow', target.id),
  riposte: async (message, target) => {
    // The GM records the Riposte on the card (once); then this client, an owner of the defender,
    // starts the defender's attack against the attacker with the weapon it blocked with.
    const result = await requestCardAction(message.id as string, 'riposte', target.id);
    if (!result.ok) return result;
    const state = cardState(game.messages.get(message.id as string)) ?? cardState(message);
    const stored = state?.targets.find((candidate) => candidate.id === target.id) ?? target;
    const found = state ? riposteWeapon(stored) : null;
    if (!state || !found) {
      ui.notifications.warn(f('GNG.Abort.Refusal.noWeapon', { name: target.name }));
      return { ok: false, error: 'GNG.Abort.Refusal.noWeapon', data: { name: target.name } };
    }
    await startAttack(found.defender, found.weapon, {}, riposteTargets(state));
    return result;
  },
  penetrationSave: (message, target) => requestCardAction(message.id as string, 'penetrationSave', target.id),
  conditionSave: (message, target) => requestCardAction(message.id as string, 'conditionSave', target.id),
  strike: (message, target) => requestCardAction(message.id as string, 'strike', target.id),
  attackOfOpportunity: async (message, target) => {
    // The GM records it (once); then this client, an owner of the target, starts the target's attack
    // against the attacker with its best melee weapon (as the Riposte does).
    const result = await requestCardAction(message.id as string, 'attackOfOpportunity', target.id);
    if (!result.ok) return result;
    const state = cardState(game.messages.get(message.id as string)) ?? cardState(message);
    const found = aooWeapon(target);
    if (!state || !found) {
      ui.notifications.warn(f('GNG.Abort.Refusal.noWeapon', { name: target.name }));
      return { ok: false, error: 'GNG.Abort.Refusal.noWeapon', data: { name: target.name } };
    }
    await startAttack(found.defender, found.weapon, {}, riposteTargets(state));
    return result;
  },
};

/** The target's best melee weapon for the attack of opportunity a called shot provoked. */
function aooWeapon(target: CardTarget): { defender: Actor; weapon: Item } | null {
  const doc = target.actorUuid ? fromUuidSync(target.actorUuid) : null;
  if (!doc || doc.documentName !== 'Actor') return null;
  const defender = doc as Actor;
  const best = blockWeapons(defender)[0];
  const weapon = best ? defender.items.get(best.itemId) : undefined;
  return weapon ? { defender, weapon } : null;
}

/** A button of the attack card: its action (decorateButtons disables it while it runs). */
function onCardButton(
  message: ChatMessage,
  action: CardAction,
  target: CardTarget,
  button: HTMLButtonElement,
): Promise<CardActionResult> {
  return ACTIONS[action](message, target, button);
}

/* -------------------------------------------------------------------------- */
/*  Registration                                                               */
/* -------------------------------------------------------------------------- */

/**
 * With `autoRollNpcDefense`, a defender no player owns rolls its Defense as soon as the card exists:
 * the GM's handler rolls it whoever's client asks (the card's creator asks right after posting it).
 */
function rollsItself(target: CardTarget): boolean {
  if (game.settings.get(SYSTEM_ID, 'autoRollNpcDefense') !== true || target.kind !== 'creature') return false;
  const actor = target.actorUuid ? (fromUuidSync(target.actorUuid) as Actor | null) : null;
  return Boolean(actor && !actor.hasPlayerOwner);
}

async function autoRollNpcDefenses(message: ChatMessage): Promise<void> {
  const state = cardState(message);
  if (!state) return;
  for (const target of state.targets) {
    if (rollsItself(target) && actionAvailable('rollDefense', target))
      await requestCardAction(message.id as string, 'rollDefense', target.id);
  }
}

/** Registers the settings, the GM query, the card hooks and the template (called on `init`). */
export function registerAttackFlow(): void {
  game.settings.register(SYSTEM_ID, 'autoRollNpcDefense', {
    name: 'GNG.Setting.autoRollNpcDefense.name',
    hint: 'GNG.Setting.autoRollNpcDefense.hint',
    scope: 'world',
    config: true,
    type: Boolean,
    default: false,
  });
  game.settings.register(SYSTEM_ID, 'autoRollDamage', {
    name: 'GNG.Setting.autoRollDamage.name',
    hint: 'GNG.Setting.autoRollDamage.hint',
    scope: 'world',
    config: true,
    type: Boolean,
    default: false,
  });
  CONFIG.queries[ATTACK_QUERY] = (data, context) => handleAttackAction(data, context);
  Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement) =>
    decorateAttackCard(message, html, onCardButton),
  );
  void foundry.applications.handlebars.loadTemplates([ATTACK_CARD_TEMPLATE]);
}
