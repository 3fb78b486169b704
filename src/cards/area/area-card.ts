/**
 * The area damage card (core "Area Effects"; GnG "Dive for Cover", "PROTECTION"): a GM rolls an
 * area's damage once (`game.gng.areaDamage`) and posts one card whose state lives in
 * `flags.gng.area`. Each target's owners may **Roll Reflex** (success halves the damage) and **Dive for
 * Cover** (Jump vs the save DC, −10 without cover; each point beaten converts a point of lethal damage
 * to nonlethal; allowed after a failed save); the GM applies (Protection subtracted) and undoes.
 * Every action runs on the active GM through the `gng.areaAction` query, which re-derives every number
 * from the card and the documents, checks the sender and rolls the dice itself; each step once.
 *
 * Hooks: `gng.areaDamage(message)` (the card is posted), `gng.preApplyAreaDamage(message, target,
 * actor, changes)` (cancel with false; `changes` may be changed), `gng.applyAreaDamage(message, target,
 * actor)`.
 */
import { SYSTEM_ID, systemPath } from '../../config/document-types.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import { areaDamage, resolveDiveForCover, savingThrow, type ActionBudget } from '../../rules/index.js';
import { abortShown, giveBack, takeAbort } from '../../combat/abort-gate.js';
import type { AbortSpent } from '../../combat/action-budget.js';
import { applyHitPointLoss, restoreHitPointLoss } from '../../combat/hp-loss.js';
import {
  actorOf,
  defineCard,
  noteUndo,
  owns,
  Refusal,
  showRolls,
  type CardActionResult,
} from '../kernel/index.js';

export const AREA_QUERY = 'gng.areaAction';
export const AREA_CARD_TEMPLATE = systemPath('templates/chat/area-card.hbs');

/** The card's actions (the `data-action` of its buttons). */
export const AREA_ACTIONS = ['rollSave', 'diveForCover', 'applyDamage', 'undoDamage'] as const;
export type AreaAction = (typeof AREA_ACTIONS)[number];

export interface AreaSave {
  natural: number;
  bonus: number;
  total: number;
  success: boolean;
}

export interface AreaDive {
  natural: number;
  bonus: number;
  cover: boolean;
  /** The Jump total with the no-cover penalty. */
  jumpTotal: number;
  margin: number;
  converted: number;
  /**
   * The defender's budget before this abort (null out of combat). The card's Undo gives it back and
   * takes the dive off the card, so it may be taken again — as the attack card's Undo does for Block
   * and Roll with Blow.
   */
  budgetBefore: ActionBudget | null;
  /** How the dive was paid and the spender's turn epoch (Undo gives back exactly that). */
  paidWith?: AbortSpent['paidWith'];
  epoch?: number | null;
}

export interface AreaApplied {
  by: string;
  lethal: number;
  nonlethal: number;
  hp: { before: number; after: number };
  temp: { before: number; after: number };
  nonlethalTotal: { before: number; after: number };
  statusesAdded: string[];
  /** The status effects Apply created, by status (Undo deletes exactly these). */
  effectIds?: Record<string, string>;
  snapshot: { value: number; temp: number; nonlethal: number };
  /** Trauma (half or more of the current HP lost): marked for the next turn via the budget module. */
  trauma: boolean;
  /** The combatant's trauma mark before Apply (null out of combat), put back by Undo. */
  traumaBefore: boolean | null;
}

export interface AreaTarget {
  id: string;
  name: string;
  actorUuid: string;
  tokenId: string | null;
  save: AreaSave | null;
  dive: AreaDive | null;
  applied: AreaApplied | null;
  /** What the last Undo could not take back (localized notes, shown on the card). */
  undoNotes?: string[];
  /** A GM's Undo took the Dive for Cover back: its side does not dive (and roll) again. */
  diveUndone?: boolean;
}

export interface AreaCardState {
  version: 1;
  damage: { formula: string; dice: number[]; total: number; type: string | null };
  save: { type: 'ref'; dc: number };
  /** The GM's word on cover for everyone; null: each target's owner ticks "cover nearby". */
  cover: boolean | null;
  targets: AreaTarget[];
}

export interface AreaDamageOptions {
  /** Dice formula rolled once for all targets, e.g. `6d6`. */
  damage: string;
  damageType?: string;
  saveDc: number;
  save?: 'ref';
  /** Default: the GM's targeted tokens. */
  targets?: Actor[];
  /** Cover near every target (true/false), or undefined: each target's owner says. */
  cover?: boolean;
}

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);
const creature = (actor: Actor) => actor.system as CreatureData;

/** The card state of a message, or null. */
export function areaState(message: ChatMessage | null | undefined): AreaCardState | null {
  const state = message?.flags?.[SYSTEM_ID]?.area as AreaCardState | undefined;
  return state && state.version === 1 && Array.isArray(state.targets) ? state : null;
}

/** The damage `target` takes as the card stands: engine `areaDamage`, then Dive for Cover's conversion. */
export function targetDamage(
  state: AreaCardState,
  target: AreaTarget,
  protection: number,
): {
  rolled: number;
  afterSave: number;
  protection: number;
  final: number;
  lethal: number;
  nonlethal: number;
} {
  const steps = areaDamage({
    rolled: state.damage.total,
    saved: target.save?.success === true,
    protection,
  });
  if (!target.dive) return { ...steps, lethal: steps.final, nonlethal: 0 };
  const dive = resolveDiveForCover({
    jumpTotal: target.dive.jumpTotal,
    reflexDc: state.save.dc,
    damage: steps.final,
    cover: true, // the stored total already has the no-cover penalty
  });
  return { ...steps, lethal: dive.lethal, nonlethal: dive.nonlethal };
}

/* -------------------------------------------------------------------------- */
/*  Permissions                                                                */
/* -------------------------------------------------------------------------- */

/** Roll Reflex, Dive for Cover: the target's owners; Apply, Undo: the GM. A GM may do everything. */
export function areaUserMayAct(user: User, action: AreaAction, target: AreaTarget): boolean {
  if (user.isGM) return true;
  if (action === 'rollSave') return owns(user, target.actorUuid);
  // A dive a GM's Undo took back is not taken (and rolled) again by its side.
  if (action === 'diveForCover') return owns(user, target.actorUuid) && !target.diveUndone;
  return false;
}

/**
 * Whether the card's state allows `action` on `target` now: each step once, nothing after Apply.
 * Undo takes back the applied damage and the Dive for Cover (like the attack card's Undo and its aborts).
 */
export function areaActionAvailable(action: AreaAction, target: AreaTarget): boolean {
  switch (action) {
    case 'rollSave':
      return target.save === null && target.applied === null;
    case 'diveForCover':
      return target.dive === null && target.applied === null;
    case 'applyDamage':
      return target.applied === null;
    case 'undoDamage':
      return target.applied !== null || target.dive !== null;
  }
}

/* -------------------------------------------------------------------------- */
/*  Rendering                                                                  */
/* -------------------------------------------------------------------------- */

function protectionOf(actor: Actor | null): number {
  return actor ? creature(actor).derived.protection.total : 0;
}

function targetContext(state: AreaCardState, target: AreaTarget) {
  const actor = fromUuidSync(target.actorUuid) as Actor | null;
  const dmg = targetDamage(state, target, protectionOf(actor));
  const a = target.applied;
  const button = (action: AreaAction) => ({
    action,
    disabled: !areaActionAvailable(action, target),
    label: f(`GNG.Area.Action.${action}`, { name: target.name }), // whose: "Apply to Hero"
  });
  return {
    id: target.id,
    name: target.name,
    save: target.save && {
      ...target.save,
      text: t(target.save.success ? 'GNG.Area.SaveSuccess' : 'GNG.Area.SaveFailure'),
    },
    dive: target.dive && {
      ...target.dive,
      text: f('GNG.Area.DiveResult', { total: target.dive.jumpTotal, converted: dmg.nonlethal }),
      noCover: !target.dive.cover,
    },
    damage: dmg,
    steps: [
      { label: t('GNG.Area.Step.rolled'), value: String(dmg.rolled) },
      ...(target.save?.success ? [{ label: t('GNG.Area.Step.halved'), value: String(dmg.afterSave) }] : []),
      { label: t('GNG.Area.Step.protection'), value: String(-dmg.protection) },
      ...(dmg.nonlethal ? [{ label: t('GNG.Area.Step.converted'), value: String(-dmg.nonlethal) }] : []),
    ],
    applied: a && {
      hp: f('GNG.Attack.Applied.Hp', { before: a.hp.before, after: a.hp.after }),
      nonlethal:
        a.nonlethalTotal.before !== a.nonlethalTotal.after
          ? f('GNG.Attack.Applied.Nonlethal', a.nonlethalTotal)
          : null,
    },
    undoNotes: target.undoNotes ?? [],
    coverChoice: state.cover === null && target.dive === null && target.applied === null,
    buttons: {
      rollSave: button('rollSave'),
      diveForCover: button('diveForCover'),
      applyDamage: button('applyDamage'),
      undoDamage: button('undoDamage'),
    },
  };
}

/** The template's data, localized, from the state (and the targets' current Protection). */
export function areaCardContext(state: AreaCardState): Record<string, unknown> {
  return {
    heading: t('GNG.Area.Heading'),
    total: state.damage.total,
    formula: state.damage.formula,
    dice: state.damage.dice.join(', '),
    type: state.damage.type,
    save: f('GNG.Area.SaveLine', { dc: state.save.dc }),
    cover: state.cover === null ? null : t(state.cover ? 'GNG.Area.CoverEveryone' : 'GNG.Area.CoverNobody'),
    targets: state.targets.map((target) => targetContext(state, target)),
  };
}

export async function renderAreaCard(state: AreaCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(AREA_CARD_TEMPLATE, areaCardContext(state));
}

/* -------------------------------------------------------------------------- */
/*  Start                                                                      */
/* -------------------------------------------------------------------------- */

/**
 * A GM posts an area damage card: rolls `damage` once; `targets` default to the GM's targeted
 * tokens. Resolves with the card, or null (not a GM, no targets, bad input).
 */
export async function startAreaDamage(options: AreaDamageOptions): Promise<ChatMessage | null> {
  if (!game.user.isGM) {
    ui.notifications.warn(t('GNG.Area.Error.GMOnly'));
    return null;
  }
  const dc = options.saveDc;
  if (!Number.isInteger(dc) || (options.save ?? 'ref') !== 'ref') {
    ui.notifications.warn(t('GNG.Area.Error.BadOptions'));
    return null;
  }
  const fromTokens = [...game.user.targets]
    .filter((token) => token.actor)
    .map((token) => ({ actor: token.actor as Actor, token }));
  const chosen = options.targets
    ? options.targets.map((actor) => ({ actor, token: actor.getActiveTokens()[0] ?? null }))
    : fromTokens;
  if (!chosen.length) {
    ui.notifications.warn(t('GNG.Area.Error.NoTargets'));
    return null;
  }
  let roll: Roll;
  try {
    roll = await new Roll(options.damage).evaluate();
  } catch {
    ui.notifications.warn(t('GNG.Area.Error.BadOptions'));
    return null;
  }
  const seen = new Set<string>();
  const targets: AreaTarget[] = [];
  for (const { actor, token } of chosen) {
    const id = token?.id ?? actor.id ?? actor.uuid;
    if (seen.has(id)) continue;
    seen.add(id);
    targets.push({
      id,
      name: token?.document.name || actor.name,
      actorUuid: actor.uuid,
      tokenId: token?.id ?? null,
      save: null,
      dive: null,
      applied: null,
    });
  }
  const state: AreaCardState = {
    version: 1,
    damage: {
      formula: roll.formula,
      dice: roll.dice.flatMap((d) => d.results.map((r) => r.result)),
      total: Math.max(0, roll.total ?? 0),
      type: options.damageType ?? null,
    },
    save: { type: 'ref', dc },
    cover: options.cover ?? null,
    targets,
  };
  const message = await ChatMessage.create({
    content: await renderAreaCard(state),
    rolls: [roll],
    speaker: { alias: t('GNG.Area.Heading') },
    flags: { [SYSTEM_ID]: { type: 'areaCard', area: state } },
  });
  if (!message) return null;
  Hooks.callAll('gng.areaDamage', message);
  return message;
}

/* -------------------------------------------------------------------------- */
/*  The card's actions (GM side through the card kernel)                       */
/* -------------------------------------------------------------------------- */

async function actorAt(target: AreaTarget): Promise<Actor> {
  const actor = await actorOf(target.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  return actor;
}

const gmOnly = (user: User) => user.isGM;
const ownerOrGM = (user: User, _state: AreaCardState, target: AreaTarget) =>
  user.isGM || owns(user, target.actorUuid);

/** The area card as a table: who may press what, when, and what it does on the GM's client. */
export const areaCard = defineCard<AreaCardState, AreaTarget, AreaAction>({
  query: AREA_QUERY,
  state: areaState,
  targets: (state) => state.targets,
  actors: (state) => state.targets.map((target) => target.actorUuid),
  save: saveCard,
  refusals: {
    badRequest: 'GNG.Error.Attack.BadRequest',
    noCard: 'GNG.Area.Error.NoCard',
    unknownTarget: 'GNG.Error.Attack.UnknownTarget',
    notAllowed: 'GNG.Area.Error.NotAllowed',
    unavailable: (action) => `GNG.Area.Error.Unavailable.${action}`,
  },
  actions: {
    rollSave: {
      may: ownerOrGM,
      available: (_state, target) => areaActionAvailable('rollSave', target),
      async run({ message, state, target }) {
        const actor = await actorAt(target);
        const bonus = creature(actor).derived.saves.ref.total;
        const roll = await new Roll('1d20').evaluate();
        const natural = roll.total as number;
        const save = savingThrow({ natural, bonus, dc: state.save.dc });
        target.save = { natural, bonus, total: save.total, success: save.success };
        showRolls(message, [roll]);
      },
    },
    diveForCover: {
      // A dive a GM's Undo took back is not taken (and rolled) again by its side.
      may: (user, state, target) => areaUserMayAct(user, 'diveForCover', target),
      available: (_state, target) => areaActionAvailable('diveForCover', target),
      parse(extra) {
        if (Object.keys(extra).some((key) => key !== 'cover'))
          throw new Refusal('GNG.Error.Attack.BadRequest');
        if (extra.cover !== undefined && typeof extra.cover !== 'boolean')
          throw new Refusal('GNG.Error.Attack.BadRequest');
        return extra;
      },
      shown(user, state, target) {
        if (!areaUserMayAct(user, 'diveForCover', target)) return false;
        if (!areaActionAvailable('diveForCover', target)) return true;
        const actor = fromUuidSync(target.actorUuid) as Actor | null;
        return Boolean(actor && abortShown(actor, 'dive-for-cover', { reflexAreaEffect: true }));
      },
      fields(button, state) {
        if (state.cover !== null) return {};
        const box = button
          .closest('section')
          ?.querySelector<HTMLInputElement>('input[name="cover"][data-target-id]');
        return { cover: box?.checked === true };
      },
      undoneBy: 'undoDamage',
      async run({ message, state, target, extra }) {
        const actor = await actorAt(target);
        const cover = state.cover ?? (extra.cover as boolean | undefined) ?? false;
        const bonus = creature(actor).derived.skills.jump.total;
        const spent = await takeAbort(actor, 'dive-for-cover', { reflexAreaEffect: true });
        const roll = await new Roll('1d20').evaluate();
        const natural = roll.total as number;
        const steps = areaDamage({
          rolled: state.damage.total,
          saved: target.save?.success === true,
          protection: protectionOf(actor),
        });
        const dive = resolveDiveForCover({
          jumpTotal: natural + bonus,
          reflexDc: state.save.dc,
          damage: steps.final,
          cover,
        });
        target.dive = {
          natural,
          bonus,
          cover,
          jumpTotal: dive.jumpTotal,
          margin: dive.margin,
          converted: dive.converted,
          budgetBefore: spent.before && structuredClone({ ...spent.before }),
          paidWith: spent.paidWith,
          epoch: spent.epoch,
        };
        showRolls(message, [roll]);
      },
    },
    applyDamage: {
      may: gmOnly,
      available: (_state, target) => areaActionAvailable('applyDamage', target),
      undoneBy: 'undoDamage',
      async run({ message, state, target, user }) {
        const actor = await actorAt(target);
        await applyDamage(message, state, target, actor, user);
        await saveCard(message, state);
        Hooks.callAll('gng.applyAreaDamage', message, target, actor);
      },
    },
    undoDamage: {
      may: gmOnly,
      available: (_state, target) => areaActionAvailable('undoDamage', target),
      // The exact inverse of Apply (HP deltas, the effects it created) and of the dive (what it paid).
      async run({ target }) {
        const actor = await actorAt(target);
        const applied = target.applied;
        const notes: string[] = [];
        if (applied) {
          const after = {
            value: applied.hp.after,
            temp: applied.temp.after,
            nonlethal: applied.nonlethalTotal.after,
          };
          notes.push(...(await restoreHitPointLoss(actor, { ...applied, after })));
          target.applied = null;
        }
        if (target.dive) {
          const spent = {
            paidWith: target.dive.paidWith ?? 'none',
            epoch: target.dive.epoch ?? null,
          } as const;
          notes.push(...(await giveBack(actor, 'dive-for-cover', spent)));
          target.dive = null;
          target.diveUndone = true;
        }
        noteUndo(target, notes);
      },
    },
  },
});

/** `CONFIG.queries['gng.areaAction']`'s handler (runs on the active GM). */
export const handleAreaAction = areaCard.handle;

async function applyDamage(
  message: ChatMessage,
  state: AreaCardState,
  target: AreaTarget,
  actor: Actor,
  user: User,
): Promise<void> {
  const dmg = targetDamage(state, target, protectionOf(actor));
  const loss = await applyHitPointLoss(
    actor,
    { lethal: dmg.lethal, nonlethal: dmg.nonlethal },
    (changes) => Hooks.call('gng.preApplyAreaDamage', message, target, actor, changes) !== false,
  );
  if (!loss) throw new Refusal('GNG.Error.Attack.Cancelled');
  target.applied = {
    by: user.id as string,
    lethal: dmg.lethal,
    nonlethal: dmg.nonlethal,
    hp: { before: loss.before.value, after: loss.after.value },
    temp: { before: loss.before.temp, after: loss.after.temp },
    nonlethalTotal: { before: loss.before.nonlethal, after: loss.after.nonlethal },
    statusesAdded: loss.statusesAdded,
    effectIds: loss.effectIds,
    snapshot: loss.before,
    trauma: loss.trauma,
    traumaBefore: loss.traumaBefore,
  };
}

async function saveCard(message: ChatMessage, state: AreaCardState): Promise<void> {
  await message.update({ content: await renderAreaCard(state), [`flags.${SYSTEM_ID}.area`]: state });
}

/* -------------------------------------------------------------------------- */
/*  The asking client                                                          */
/* -------------------------------------------------------------------------- */

/** Asks the active GM to run `action` on `target` of the area card (`cover`: Dive for Cover only). */
export function requestAreaAction(
  messageId: string,
  action: AreaAction,
  target: string,
  extra: Record<string, unknown> = {},
): Promise<CardActionResult> {
  return areaCard.request(messageId, action, target, extra);
}

/** Registers the render hook and the template (on `init`; the query is the card kernel's). */
export function registerAreaCard(): void {
  areaCard.register();
  Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement) =>
    areaCard.decorate(message, html),
  );
  void foundry.applications.handlebars.loadTemplates([AREA_CARD_TEMPLATE]);
}
