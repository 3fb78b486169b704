/**
 * Severe Bleeding in play (GnG called shots, "Severe Bleeding"; engine `bleeding.ts`, decisions
 * D19–D20). The state machine's state lives in the flags of the actor's `severe-bleeding` status
 * effect (`flags.gng.bleeding`, {@link StoredBleeding}); it is written when the effect is created.
 *
 * - At each turn start of a bleeding actor (one round after the wound: a later round than the one
 *   the effect was created in), the active GM posts the bleeding card with the current DC
 *   ({@link postBleedingCardsFor}, from conditions-timer.ts).
 * - Its "Fortitude save" button, for the actor's owners, asks the active GM (`gng.bleedingCard`
 *   query) to roll the save (natural 1/20 as the core rules say); a success raises the DC by 2, a
 *   failure makes the actor fatigued, then exhausted (DC back to 20), then dead (`dead` status; the
 *   bleeding effect is removed).
 * - A failure sets the `fatigued` status, then `exhausted` (which replaces `fatigued`; engine
 *   `imposeFatigue`: a status never gets lighter), whose Strength and Dexterity penalties the engine
 *   applies; they stay after the bleeding stops (recovered normally). The old `flags.gng.bloodLoss`
 *   is migrated to the status (data/migrations.ts `migrateBloodLoss`).
 * - **Undo** (the GM only) restores the state before the save: the bleeding state, the statuses the
 *   save set or removed, the bleeding effect a death removed; the card offers the save again.
 * - Binding the wounds (`bindWounds(actor)`: the sheet's "Bind wounds" button, for any owner or the
 *   GM; `gng.bindWounds` query) ends the bleeding through the engine's `bindSevereBleeding`: the
 *   effect is removed and a chat line says so.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import {
  BIND_WOUNDS_QUERY,
  BLEEDING_CARD_TEMPLATE,
  BLEEDING_QUERY,
  BLEEDING_STATUS,
  bindWounds,
  bleedingEffectOf,
} from './bleeding-state.js';
import {
  advanceSevereBleeding,
  bindSevereBleeding,
  imposeFatigue,
  savingThrow,
  startSevereBleeding,
  type BleedingStage,
  type SevereBleedingState,
  worstFatigue,
} from '../../rules/index.js';
import { combatantOf } from '../../combat/action-budget.js';
import {
  holdStatuses,
  putBackStatus,
  releaseStatuses,
  takeOffStatus,
  type TakenHolds,
} from '../../combat/status-holds.js';
import {
  actorOf,
  defineCard,
  owns,
  Refusal,
  refusal,
  serialized,
  showRolls,
  type CardActionResult,
  type CardRun,
} from '../kernel/index.js';
import { isActiveGM } from '../../documents/active-gm.js';
import { escapeHtml } from '../../chat/escape-html.js';

/** The bleeding card's query (its save and the GM's Undo of it). */

/** `flags.gng.bleeding` of the `severe-bleeding` effect. */
export interface StoredBleeding extends SevereBleedingState {
  /** Combat round the wound was dealt in (null: out of combat — the first turn start saves). */
  woundRound: number | null;
  /** Round of the last bleeding card posted (one card per round). */
  lastCardRound: number | null;
}

/** `flags.gng.bleeding` of a bleeding card. */
export interface BleedingCardState {
  actorUuid: string;
  effectId: string;
  name: string;
  round: number;
  dc: number;
  stage: BleedingStage;
  result: null | {
    natural: number;
    bonus: number;
    total: number;
    success: boolean;
    after: SevereBleedingState;
    /** What Undo restores (absent on cards rolled before Undo existed: nothing to undo). */
    undo?: BleedingUndo;
  };
  /** How many times the GM undid a save on this card. */
  undone?: number;
}

/** What a bleeding save changed, for Undo. */
export interface BleedingUndo {
  /** The bleeding effect's state before the save. */
  before: StoredBleeding;
  /** The bleeding effect's source, when the save removed it (death); null otherwise. */
  effect: Record<string, unknown> | null;
  /** Statuses the save set on the actor (`fatigued`, `exhausted`, `dead`). */
  added: string[];
  /** Statuses the save removed (`fatigued`, replaced by `exhausted`). */
  removed: string[];
  /** Its hold on the status it set and the effect it made (src/combat/status-holds.ts; absent on older cards). */
  hold?: string | null;
  effectIds?: Record<string, string>;
  /** The holds that went with the statuses it removed (Undo puts them back). */
  taken?: Record<string, TakenHolds | null>;
}

export {
  BIND_WOUNDS_QUERY,
  BLEEDING_CARD_TEMPLATE,
  BLEEDING_QUERY,
  BLEEDING_STATUS,
  bindWounds,
  bleedingEffectOf,
};

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);

const STAGES: readonly BleedingStage[] = ['bleeding', 'fatigued', 'exhausted'];

/** The stored state of a bleeding effect (a fresh one, DC 12, when none is stored). */
export function bleedingStateOf(effect: ActiveEffect): StoredBleeding {
  const raw = effect.getFlag(SYSTEM_ID, 'bleeding') as Partial<StoredBleeding> | undefined;
  const fresh = startSevereBleeding();
  const r = typeof raw === 'object' && raw !== null ? raw : {};
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  return {
    status: r.status === 'stopped' || r.status === 'dead' ? r.status : 'active',
    stage: STAGES.includes(r.stage as BleedingStage) ? (r.stage as BleedingStage) : fresh.stage,
    dc: int(r.dc) ?? fresh.dc,
    woundRound: int(r.woundRound),
    lastCardRound: int(r.lastCardRound),
  };
}

/** Active GM, when the effect is created: writes the starting state and the round of the wound. */
export async function startBleedingState(effect: ActiveEffect): Promise<void> {
  if (effect.getFlag(SYSTEM_ID, 'bleeding')) return;
  const actor = effect.parent as Actor | null;
  const inCombat = combatantOf(actor)?.parent?.round ?? null;
  const state: StoredBleeding = { ...startSevereBleeding(), woundRound: inCombat, lastCardRound: null };
  await effect.setFlag(SYSTEM_ID, 'bleeding', state);
}

/**
 * The worst fatigue the actor suffers (its `fatigued` / `exhausted` status; the old
 * `flags.gng.bloodLoss` until it is migrated), or null.
 */
export function bloodLossOf(actor: Actor): 'fatigued' | 'exhausted' | null {
  const status = worstFatigue(actor.statuses ?? new Set<string>());
  if (status === 'fatigued' || status === 'exhausted') return status;
  const stage = actor.getFlag(SYSTEM_ID, 'bloodLoss');
  return stage === 'fatigued' || stage === 'exhausted' ? stage : null;
}

/**
 * What the sheet shows: whether the actor bleeds (Bind wounds) and its next DC (fatigue and
 * exhaustion are statuses with their own notes, conditions-timer.ts `conditionNotes`).
 */
export function bleedingView(actor: Actor): { bleeding: boolean; lines: string[] } {
  const effect = bleedingEffectOf(actor);
  const lines: string[] = [];
  const state = effect ? bleedingStateOf(effect) : null;
  if (state?.status === 'active') lines.push(f('GNG.Bleeding.SheetLine', { dc: state.dc }));
  return { bleeding: state?.status === 'active', lines };
}

/** The stored card state of a message, or null. */
export function bleedingCardOf(message: ChatMessage | null | undefined): BleedingCardState | null {
  const flags = message?.flags?.[SYSTEM_ID];
  if (!flags || flags.type !== 'bleedingCard') return null;
  return (flags.bleeding as BleedingCardState | undefined) ?? null;
}

async function renderBleedingCard(state: BleedingCardState): Promise<string> {
  const result = state.result;
  let outcome = '';
  if (result) {
    if (result.after.status === 'dead') outcome = f('GNG.Bleeding.Outcome.dead', { name: state.name });
    else if (result.success) outcome = f('GNG.Bleeding.Outcome.success', { dc: result.after.dc });
    else outcome = f(`GNG.Bleeding.Outcome.${result.after.stage}`, { name: state.name, dc: result.after.dc });
  }
  return foundry.applications.handlebars.renderTemplate(BLEEDING_CARD_TEMPLATE, {
    heading: f('GNG.Bleeding.Heading', { name: state.name }),
    save: f('GNG.Bleeding.Save', { dc: state.dc }),
    stage: state.stage === 'bleeding' ? '' : t(`GNG.Bleeding.BloodLoss.${state.stage}`),
    targetId: BLEEDING_TARGET,
    // Whose save it is: only the bleeding actor's owners (and the GM) see the button.
    action: f('GNG.Bleeding.Action', { name: state.name }),
    // What the card waits for while the save is not rolled (issue #33).
    waiting: f('GNG.Bleeding.Waiting', { name: state.name, dc: state.dc }),
    undone: state.undone ? t('GNG.Bleeding.Undone') : '',
    result: result && {
      success: result.success,
      line: f('GNG.Bleeding.Result', { total: result.total, natural: result.natural, dc: state.dc }),
      outcome,
    },
  });
}

/**
 * Active GM, at a turn start of `actor` in `round`: posts its bleeding card when it bleeds, a later
 * round than the wound's, and no card was posted this round. Resolves with the card, or null.
 */
export async function postBleedingCardsFor(actor: Actor, round: number): Promise<ChatMessage | null> {
  if (!isActiveGM()) return null;
  const effect = bleedingEffectOf(actor);
  if (!effect) return null;
  const stored = bleedingStateOf(effect);
  if (stored.status !== 'active') return null;
  if (stored.woundRound !== null && round <= stored.woundRound) return null;
  if (stored.lastCardRound === round) return null;
  await effect.setFlag(SYSTEM_ID, 'bleeding', { ...stored, lastCardRound: round });
  const state: BleedingCardState = {
    actorUuid: actor.uuid,
    effectId: effect.id as string,
    name: actor.name,
    round,
    dc: stored.dc,
    stage: stored.stage,
    result: null,
  };
  const message = await ChatMessage.create({
    content: await renderBleedingCard(state),
    speaker: ChatMessage.getSpeaker({ actor }),
    flags: { [SYSTEM_ID]: { type: 'bleedingCard', bleeding: state } },
  });
  return message ?? null;
}

/* -------------------------------------------------------------------------- */
/*  The GM's handlers                                                          */
/* -------------------------------------------------------------------------- */

function onlyKey(data: unknown, key: string): string {
  if (typeof data !== 'object' || data === null) throw new Refusal('GNG.Error.Attack.BadRequest');
  const d = data as Record<string, unknown>;
  if (Object.keys(d).some((k) => k !== key) || typeof d[key] !== 'string')
    throw new Refusal('GNG.Error.Attack.BadRequest');
  return d[key];
}

/** The save of the card's round (GM side; the kernel checked the card, the sender and the state). */
async function rollBleedingSave({
  message,
  state: stored,
}: CardRun<BleedingCardState, BleedingTarget>): Promise<void> {
  const actor = await actorOf(stored.actorUuid);
  if (!actor) throw new Refusal('GNG.Bleeding.Error.NoCard');
  const effect = actor.effects.get(stored.effectId);
  const current = effect ? bleedingStateOf(effect) : null;
  if (!effect || !current || current.status !== 'active' || current.dc !== stored.dc)
    throw new Refusal('GNG.Bleeding.Error.Stale', { name: actor.name });
  const bonus = actor.system.derived.saves.fort.total;
  const roll = await new Roll('1d20').evaluate();
  const natural = roll.total as number;
  const save = savingThrow({ natural, bonus, dc: current.dc });
  const next = advanceSevereBleeding(current, save.success);
  const undo: BleedingUndo = { before: current, effect: null, added: [], removed: [] };
  // Held by this save also when set already (src/combat/status-holds.ts: another card's Undo leaves it).
  const setStatus = async (id: string): Promise<void> => {
    const held = await holdStatuses(actor, [id]);
    undo.added.push(...held.statusesAdded);
    undo.hold = held.hold;
    undo.effectIds = held.effectIds;
  };
  if (next.status === 'dead') {
    undo.effect = effect.toObject();
    await actor.deleteEmbeddedDocuments('ActiveEffect', [effect.id as string]);
    await setStatus('dead');
  } else {
    await effect.setFlag(SYSTEM_ID, 'bleeding', { ...current, ...next });
    if (!save.success && next.stage !== 'bleeding') {
      // Fatigued, then exhausted (which replaces fatigued); never lighter than what the actor has.
      const fatigue = imposeFatigue(actor.statuses, next.stage);
      await setStatus(fatigue);
      if (fatigue === 'exhausted' && actor.statuses.has('fatigued')) {
        const taken = await takeOffStatus(actor, 'fatigued');
        if (!actor.statuses.has('fatigued')) {
          undo.removed.push('fatigued');
          undo.taken = { fatigued: taken };
        }
      }
    }
  }
  stored.result = {
    natural,
    bonus,
    total: save.total,
    success: save.success,
    after: { status: next.status, stage: next.stage, dc: next.dc },
    undo,
  };
  showRolls(message, [roll]);
}

const sameState = (a: SevereBleedingState, b: SevereBleedingState) =>
  a.status === b.status && a.stage === b.stage && a.dc === b.dc;

/** The GM's Undo of the card's save (GM side; the kernel checked the card, the sender and the state). */
async function undoBleedingSave({ state }: CardRun<BleedingCardState, BleedingTarget>): Promise<void> {
  const stored = structuredClone(state);
  const undo = stored.result?.undo;
  if (!stored.result || !undo) throw new Refusal('GNG.Bleeding.Error.NothingToUndo');
  const actor = await actorOf(stored.actorUuid);
  if (!actor) throw new Refusal('GNG.Bleeding.Error.NoCard');
  // Only the latest change can be undone: the bleeding must still be where this save left it.
  const effect = actor.effects.get(stored.effectId);
  const stale = undo.effect
    ? bleedingEffectOf(actor) !== undefined
    : !effect || !sameState(bleedingStateOf(effect), stored.result.after);
  if (stale) throw new Refusal('GNG.Bleeding.Error.UndoStale', { name: actor.name });
  if (undo.hold)
    await releaseStatuses(actor, { hold: undo.hold, statusesAdded: [], effectIds: undo.effectIds });
  else
    for (const id of undo.added)
      if (actor.statuses.has(id)) await actor.toggleStatusEffect(id, { active: false });
  for (const id of undo.removed) await putBackStatus(actor, id, undo.taken?.[id]);
  if (undo.effect) {
    const source = structuredClone(undo.effect);
    delete source._id;
    const flags = (source.flags ?? {}) as Record<string, Record<string, unknown>>;
    source.flags = { ...flags, [SYSTEM_ID]: { ...(flags[SYSTEM_ID] ?? {}), bleeding: undo.before } };
    const [restored] = await actor.createEmbeddedDocuments('ActiveEffect', [source]);
    if (restored) state.effectId = restored.id as string;
  } else {
    await (effect as ActiveEffect).setFlag(SYSTEM_ID, 'bleeding', undo.before);
  }
  state.result = null;
  state.undone = (stored.undone ?? 0) + 1;
}

/** `CONFIG.queries['gng.bindWounds']`: runs on the active GM; never throws. */
export async function handleBindWounds(
  data: Record<string, unknown>,
  sender: User,
): Promise<CardActionResult> {
  let actorUuid: string;
  try {
    actorUuid = onlyKey(data, 'actorUuid');
  } catch (error) {
    return refusal(error);
  }
  // Queued on the actor's own uuid (any spelling of it that resolves waits in the same queue).
  const key = (await actorOf(actorUuid))?.uuid ?? actorUuid;
  return serialized([key], () => bindWoundsOf(actorUuid, sender));
}

async function bindWoundsOf(actorUuid: string, sender: User): Promise<void> {
  const actor = await actorOf(actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!actor.testUserPermission(sender, 'OWNER'))
    throw new Refusal('GNG.Bleeding.Error.NotOwner', { name: actor.name });
  const effect = bleedingEffectOf(actor);
  const state = effect ? bleedingStateOf(effect) : null;
  if (!effect || !state || state.status !== 'active')
    throw new Refusal('GNG.Bleeding.Error.NotBleeding', { name: actor.name });
  bindSevereBleeding(state); // the engine's word: a bleeding victim's wounds can be bound
  await actor.deleteEmbeddedDocuments('ActiveEffect', [effect.id as string]);
  await ChatMessage.create({
    content: `<p class="gng bleeding-bound">${escapeHtml(
      f('GNG.Bleeding.Bound', { name: actor.name, by: sender.name }),
    )}</p>`,
    speaker: ChatMessage.getSpeaker({ actor }),
    flags: { [SYSTEM_ID]: { type: 'bleedingBound' } },
  });
}

/** The card's one target: the bleeding actor (its buttons carry `data-target-id="actor"`). */
export const BLEEDING_TARGET = 'actor';
interface BleedingTarget {
  id: string;
}

/**
 * The bleeding card as a table: the save (the actor's owners, until rolled) and the GM's Undo of it
 * (the exact inverse of that save, while the bleeding is where the save left it).
 */
export const bleedingCard = defineCard<BleedingCardState, BleedingTarget, 'bleedingSave' | 'bleedingUndo'>({
  query: BLEEDING_QUERY,
  state: bleedingCardOf,
  // Cards posted before the table named their target by the effect id: their buttons still work.
  targets: (state) => [{ id: BLEEDING_TARGET }, { id: state.effectId }],
  actors: (state) => [state.actorUuid],
  save: async (message, state) => {
    await message.update({
      content: await renderBleedingCard(state),
      [`flags.${SYSTEM_ID}.bleeding`]: state,
    });
  },
  refusals: {
    badRequest: 'GNG.Error.Attack.BadRequest',
    noCard: 'GNG.Bleeding.Error.NoCard',
    unknownTarget: 'GNG.Error.Attack.BadRequest',
    notAllowed: (action, _user, state) =>
      action === 'bleedingUndo'
        ? new Refusal('GNG.Bleeding.Error.UndoGM')
        : new Refusal('GNG.Bleeding.Error.NotOwner', { name: state.name }),
    unavailable: (action) =>
      action === 'bleedingUndo' ? 'GNG.Bleeding.Error.NothingToUndo' : 'GNG.Bleeding.Error.Done',
  },
  actions: {
    bleedingSave: {
      may: (user, state) => owns(user, state.actorUuid),
      available: (state) => !state.result,
      undoneBy: 'bleedingUndo',
      run: rollBleedingSave,
    },
    bleedingUndo: {
      may: (user) => user.isGM,
      available: (state) => Boolean(state.result?.undo),
      run: undoBleedingSave,
    },
  },
});

/* -------------------------------------------------------------------------- */
/*  The asking client                                                          */
/* -------------------------------------------------------------------------- */

/** Asks the active GM to roll the Fortitude save of the bleeding card `messageId`. */
export function requestBleedingSave(messageId: string): Promise<CardActionResult> {
  return bleedingCard.request(messageId, 'bleedingSave', BLEEDING_TARGET);
}

/** Asks the active GM (the user must be a GM) to undo the save rolled on the bleeding card `messageId`. */
export function requestBleedingUndo(messageId: string): Promise<CardActionResult> {
  return bleedingCard.request(messageId, 'bleedingUndo', BLEEDING_TARGET);
}
