/**
 * The opposed attack flow (GnG ATTACK ROLL, DEFENSE, RELATIVE DEGREE, DAMAGE, PROTECTION, EFFECTS OF
 * DAMAGE): `startAttack` (attack-start.ts) asks the active GM to roll the attack and post one card
 * whose state lives in `flags.gng.attack`; every later step (Defense, damage, apply, undo) is an
 * action of the card that runs on the active GM through the `gng.attackAction` query. The GM's
 * handler re-derives every number from the card and the documents (a request carries only the
 * message, the action and the target), checks that the proven sender may act, rolls the dice itself
 * and updates the card. The card is the GM's own message: only a GM can write its state.
 *
 * Hooks (cancel the `pre` ones by returning false), all on the active GM's client:
 * `gng.preAttack(actor, weapon, config)` / `gng.attack(message)`, `gng.preDefense(message, target,
 * config)` / `gng.defense(message, target)`, `gng.preApplyDamage(message, target, actor, changes)` /
 * `gng.applyDamage(message, target, actor)`. See docs/api.md "Hooks and the attack flow".
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import { weaponStrengthBonus } from '../../data/actor/derive-creature.js';
import {
  attackRollModifiers,
  damagePipeline,
  defenseBonus,
  defenseRollFromValues,
  expandConditions,
  objectDefense,
  PROTECTION_PARTS,
  parseDice,
  resolveAttack,
  type DefenseBreakdown,
  type DefensePart,
  type DefenseState,
  type ProtectionParts,
} from '../../rules/index.js';
import {
  blockAction,
  blockWeapons,
  riposteAction,
  riposteTargets,
  riposteWeapon,
  rollWithBlowAction,
  undoAborts,
} from './attack-aborts.js';
import { applyHitPointLoss, restoreHitPointLoss } from '../../combat/hp-loss.js';
import {
  actorOf,
  askGM,
  refusal,
  Refusal,
  registerGMQuery,
  serialized,
  track,
  attackActionsSettled,
  type CardActionResult,
} from '../kernel/index.js';
import { ATTACK_QUERY, createAttackCard, startAttack } from './attack-start.js';
import { saveCard } from './attack-save.js';

// The card mechanism lives in the card kernel; the attack card's modules and macros import it from here.
export { Refusal, track, attackActionsSettled, ATTACK_QUERY, startAttack, saveCard, actorOf };
export type { CardActionResult };
export type { AttackConfig } from './attack-start.js';
import {
  attackOfOpportunityAction,
  conditionSaveAction,
  penetrationSaveAction,
  undoCalledShot,
} from './called-shots.js';
import { ATTACK_CARD_TEMPLATE } from './attack-card.js';
import { decorateAttackCard } from './attack-decorate.js';
import { strikeAction, undoStrike } from './strikes.js';
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

function creature(actor: Actor): CreatureData {
  return actor.system as CreatureData;
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
  sender: User,
): Promise<CardActionResult> {
  if (data.action === 'start') {
    const message = await createAttackCard(data, sender);
    if (game.settings.get(SYSTEM_ID, 'autoRollNpcDefense') === true) await autoRollNpcDefenses(message);
    return { ok: true, messageId: message.id as string };
  }
  let request: CardRequest;
  try {
    request = parseRequest(data);
  } catch (error) {
    return refusal(error);
  }
  return serialized(queueKeys(request.messageId), () => runAction(request, sender));
}

/** The queues an action of this card waits in: the card's, and every actor it names. */
function queueKeys(messageId: string): string[] {
  const state = cardState(game.messages.get(messageId));
  return [
    messageId,
    state?.attacker.actorUuid ?? '',
    ...(state?.targets.map((t) => t.actorUuid ?? '') ?? []),
  ];
}

async function runAction(request: CardRequest, user: User): Promise<CardActionResult> {
  const message = game.messages.get(request.messageId);
  const stored = cardState(message);
  // Only a card a GM posted is trusted: a player's own message could carry any state.
  if (!message || !stored || !message.author?.isGM) throw new Refusal('GNG.Error.Attack.NoCard');
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
  return askGM(ATTACK_QUERY, { messageId, action, target, ...extra });
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

/** On the GM, right after the card is posted: the defenders no player owns roll their Defense. */
async function autoRollNpcDefenses(message: ChatMessage): Promise<void> {
  const state = cardState(message);
  if (!state) return;
  const messageId = message.id as string;
  for (const target of state.targets) {
    if (!rollsItself(target) || !actionAvailable('rollDefense', target)) continue;
    const result = await serialized(queueKeys(messageId), () =>
      runAction({ messageId, action: 'rollDefense', target: target.id }, game.user),
    );
    if (!result.ok) ui.notifications.warn(game.i18n.format(result.error, result.data ?? {}));
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
  registerGMQuery(ATTACK_QUERY, handleAttackAction);
  Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement) =>
    decorateAttackCard(message, html, onCardButton),
  );
  void foundry.applications.handlebars.loadTemplates([ATTACK_CARD_TEMPLATE]);
}
