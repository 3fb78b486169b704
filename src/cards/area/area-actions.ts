/**
 * The area damage card (core "Area Effects"; GnG "Dive for Cover", "PROTECTION"): a GM rolls an
 * area's damage once (`game.gng.areaDamage`) and posts one card: a typed message (subtype `area`, its
 * state in `system`, area-data.ts) drawn on each client in its language; a card from before issue #34
 * keeps its state in `flags.gng.area` (`legacyAreaState`). Each target's owners may **Roll Reflex**
 * (success halves the damage) and **Dive for Cover** (Jump vs the save DC, −10 without cover; each point beaten converts a point of lethal damage
 * to nonlethal; allowed after a failed save); the GM applies (Protection subtracted; the world's
 * Appendix 1 wound variants through the shared HP loss, the area's damage type saying whether it is
 * slashing) and undoes. Under Advanced Wound Trauma the target's owners then roll its Fortitude save
 * (src/cards/wound-trauma/), which Undo takes back with the damage. The state and its rules are in
 * area-state.ts, the rendering in area-render.ts.
 * Every action runs on the active GM through the `gng.areaAction` query, which re-derives every number
 * from the card and the documents, checks the sender and rolls the dice itself; each step once.
 *
 * Hooks: `gng.areaDamage(message)` (the card is posted), `gng.preApplyAreaDamage(message, target,
 * actor, changes)` (cancel with false; `changes` may be changed), `gng.applyAreaDamage(message, target,
 * actor)`.
 */
import { rollSpellDamage, type SpellDamage } from './area-spell.js';
import { variantRules } from '../../settings/variant-rules.js';
import { SYSTEM_ID } from '../../config/document-types.js';
import { DAMAGE_TYPES, damageTypeData } from '../../config/damage-types.js';
import { areaDamage, resolveDiveForCover, savingThrow } from '../../rules/index.js';
import { abortShown, takeAbort } from '../../combat/abort-gate.js';
import { undoDive } from '../shared/dive-undo.js';
import { appliedLossOf, applyHitPointLoss, restoreAppliedLoss } from '../../combat/hp-loss.js';
import {
  partActor,
  defineCard,
  noteUndo,
  owns,
  postCard,
  Refusal,
  saveCard,
  type UndoNote,
  showRolls,
  type CardActionResult,
  withRollMode,
  chosenRollMode,
  payload,
} from '../kernel/index.js';
import {
  rollWoundTrauma,
  undoWoundTrauma,
  woundTraumaOwed,
  type WoundTrauma,
} from '../shared/wound-trauma.js';
import {
  AREA_QUERY,
  areaActionAvailable,
  areaUserMayAct,
  energyResistanceOf,
  legacyAreaState,
  protectionOf,
  targetDamage,
  type AreaAction,
  type AreaCardState,
  type AreaDamageOptions,
  type AreaTarget,
} from './area-state.js';
import { recordReductions, reductionOf, renderAreaCard } from './area-render.js';

export {
  AREA_ACTIONS,
  AREA_QUERY,
  areaActionAvailable,
  areaState,
  areaUserMayAct,
  targetDamage,
  type AreaAction,
  type AreaApplied,
  type AreaCardState,
  type AreaDamageOptions,
  type AreaDive,
  type AreaMetamagic,
  type AreaSave,
  type AreaTarget,
} from './area-state.js';
import { tokenOf } from '../../combat/scene-lookup.js';
import { capabilityGuard, refusedHere } from '../model-guard.js';
import { t } from '../../format.js';
import { stepRefusals } from '../shared/card-refusals.js';
export { AREA_CARD_TEMPLATE, areaCardContext, renderAreaCard } from './area-render.js';

const creature = (actor: Actor) => actor.system;

/* -------------------------------------------------------------------------- */
/*  Start                                                                      */
/* -------------------------------------------------------------------------- */

/**
 * A GM posts an area damage card: rolls `damage` once; `targets` default to the GM's targeted
 * tokens. Resolves with the card, or null (not a GM, no targets, bad input).
 */
/** The area's damage: a spell's under the world's high magic option, else the formula as given. */
async function rollAreaDamage(options: AreaDamageOptions): Promise<SpellDamage | { error: string }> {
  if (options.spell !== undefined) {
    if (typeof options.spell !== 'object' || options.spell === null)
      return { error: 'GNG.Area.Error.SpellOptions' };
    return rollSpellDamage(options.damage, options.spell, variantRules().highMagic);
  }
  try {
    const roll = await new Roll(options.damage).evaluate();
    return {
      roll,
      formula: roll.formula,
      dice: roll.dice.flatMap((d) => d.results.map((r) => r.result)),
      total: Math.max(0, roll.total ?? 0),
      highMagic: null,
    };
  } catch {
    return { error: 'GNG.Area.Error.BadOptions' };
  }
}

export async function startAreaDamage(options: AreaDamageOptions): Promise<ChatMessage | null> {
  if (!game.user.isGM) {
    ui.notifications.warn(t('GNG.Area.Error.GMOnly'));
    return null;
  }
  // GnG's area card: not under a combat model without it (model-guard.ts).
  if (refusedHere('areas', 'GNG.Model.Action.area')) return null;
  const dc = options.saveDc;
  if (!Number.isInteger(dc) || (options.save ?? 'ref') !== 'ref') {
    ui.notifications.warn(t('GNG.Area.Error.BadOptions'));
    return null;
  }
  // A type outside the list ("Fire", "valueOf") would miss the target's resistance or read as NaN.
  if (options.damageType !== undefined && !(DAMAGE_TYPES as readonly string[]).includes(options.damageType)) {
    ui.notifications.warn(game.i18n.format('GNG.Area.Error.DamageType', damageTypeData(options.damageType)));
    return null;
  }
  const fromTokens = [...game.user.targets]
    .filter((token) => token.actor)
    .map((token) => ({ actor: token.actor as Actor, token: token.document }));
  const chosen = options.targets
    ? options.targets.map((actor) => ({ actor, token: tokenOf(actor) }))
    : fromTokens;
  if (!chosen.length) {
    ui.notifications.warn(t('GNG.Area.Error.NoTargets'));
    return null;
  }
  const damage = await rollAreaDamage(options);
  if ('error' in damage) {
    ui.notifications.warn(t(damage.error));
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
      name: token?.name || actor.name,
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
      formula: damage.formula,
      dice: damage.dice,
      total: damage.total,
      type: options.damageType ?? null,
      highMagic: damage.highMagic,
    },
    save: { type: 'ref', dc },
    metamagic: options.metamagic ?? null,
    source: options.source ?? null,
    cover: options.cover ?? null,
    targets,
  };
  // What each target takes off the damage, drawn by every client from the card (area-render.ts).
  recordReductions(state);
  const message = await postCard(
    'area',
    state,
    withRollMode(
      {
        rolls: damage.roll ? [damage.roll] : [],
        speaker: { alias: options.source?.caster ?? t('GNG.Area.Heading') },
        // The card's kind, read by the forged-card check (not its state).
        flags: { [SYSTEM_ID]: { type: 'areaCard' } },
      },
      options.rollMode ?? chosenRollMode(),
      options.roller ?? game.user,
    ),
  );
  if (!message) return null;
  Hooks.callAll('gng.areaDamage', message);
  return message;
}

/* -------------------------------------------------------------------------- */
/*  The card's actions (GM side through the card kernel)                       */
/* -------------------------------------------------------------------------- */

/**
 * GM side: saves the card (the kernel's `saveCard`), each target not yet applied recording what its
 * actor takes off the damage now (area-render.ts `recordReductions`).
 */
function saveArea(message: ChatMessage, state: AreaCardState): Promise<void> {
  recordReductions(state);
  return saveCard(areaCard.spec, message, state);
}

const gmOnly = (user: User) => user.isGM;
const ownerOrGM = (user: User, _state: AreaCardState, target: AreaTarget) =>
  user.isGM || owns(user, target.actorUuid);

/** The area card as a table: who may press what, when, and what it does on the GM's client. */
export const areaCard = defineCard<AreaCardState, AreaTarget, AreaAction>({
  query: AREA_QUERY,
  guard: capabilityGuard('areas', 'GNG.Model.Action.area', ['undoDamage']),
  type: 'area',
  render: renderAreaCard,
  legacy: legacyAreaState,
  legacyFlag: 'area',
  save: saveArea,
  targets: (state) => state.targets,
  actors: (state) => state.targets.map((target) => target.actorUuid),
  refusals: stepRefusals('GNG.Area.Error', 'GNG.Error.Attack.BadRequest'),
  actions: {
    rollSave: {
      may: ownerOrGM,
      available: (_state, target) => areaActionAvailable('rollSave', target),
      async run({ message, state, target }) {
        const actor = await partActor(target);
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
      parse: payload({ cover: 'bool?' }, 'GNG.Error.Attack.BadRequest'),
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
        const actor = await partActor(target);
        const cover = state.cover ?? (extra.cover as boolean | undefined) ?? false;
        const bonus = creature(actor).derived.skills.jump.total;
        const spent = await takeAbort(actor, 'dive-for-cover', { reflexAreaEffect: true });
        const roll = await new Roll('1d20').evaluate();
        const natural = roll.total as number;
        const steps = areaDamage({
          rolled: state.damage.total,
          saved: target.save?.success === true,
          protection: protectionOf(actor, state),
        });
        const resisted = energyResistanceOf(actor, state.damage.type);
        const dive = resolveDiveForCover({
          jumpTotal: natural + bonus,
          reflexDc: state.save.dc,
          damage: Math.max(0, steps.final - resisted),
          cover,
        });
        target.dive = {
          natural,
          bonus,
          cover,
          jumpTotal: dive.jumpTotal,
          margin: dive.margin,
          converted: dive.converted,
          paidWith: spent.paidWith,
          undo: { budgetBefore: spent.before && structuredClone({ ...spent.before }), epoch: spent.epoch },
        };
        showRolls(message, [roll]);
      },
    },
    applyDamage: {
      may: gmOnly,
      available: (_state, target) => areaActionAvailable('applyDamage', target),
      undoneBy: 'undoDamage',
      async run({ message, state, target, user }) {
        const actor = await partActor(target);
        await applyDamage(message, state, target, actor, user);
        // Saved before the hook, so a module reading the card sees the damage applied.
        await saveArea(message, state);
        Hooks.callAll('gng.applyAreaDamage', message, target, actor);
      },
    },
    undoDamage: {
      may: gmOnly,
      available: (_state, target) => areaActionAvailable('undoDamage', target),
      // The exact inverse of Apply (HP deltas, the effects it created) and of the dive (what it paid).
      async run({ target }) {
        const actor = await partActor(target);
        const applied = target.applied;
        const notes: (UndoNote | string)[] = [];
        if (applied) {
          notes.push(...(await undoWoundTrauma(actor, applied.woundTrauma)));
          notes.push(...(await restoreAppliedLoss(actor, applied)));
          target.applied = null;
        }
        notes.push(...(await undoDive(actor, target)));
        noteUndo(target, notes);
      },
    },
    // Advanced Wound Trauma (Appendix 1): the target's Fortitude save after Apply (wound-trauma.ts).
    woundTraumaSave: {
      may: (user, _state, target) => areaUserMayAct(user, 'woundTraumaSave', target),
      available: (_state, target) => areaActionAvailable('woundTraumaSave', target),
      undoneBy: 'undoDamage',
      async run({ message, target }) {
        const actor = await partActor(target);
        const applied = target.applied as NonNullable<AreaTarget['applied']>;
        await rollWoundTrauma(message, actor, applied.woundTrauma as WoundTrauma, null);
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
  // What the actor takes off it now, kept on the card as what Apply used.
  const r = (target.reduction = reductionOf(actor, state));
  const dmg = targetDamage(state, target, r.protection, r.energyResistance, r.immune);
  const loss = await applyHitPointLoss(
    actor,
    { lethal: dmg.lethal, nonlethal: dmg.nonlethal, slashing: state.damage.type === 'slashing' },
    (changes) => Hooks.call('gng.preApplyAreaDamage', message, target, actor, changes) !== false,
  );
  if (!loss) throw new Refusal('GNG.Error.Attack.Cancelled');
  target.applied = {
    by: user.id as string,
    lethal: dmg.lethal,
    nonlethal: dmg.nonlethal,
    ...appliedLossOf(loss),
    woundTrauma: woundTraumaOwed(loss),
  };
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
