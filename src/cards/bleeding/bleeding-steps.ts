/**
 * Severe Bleeding's GM-side steps (GnG called shots, "Severe Bleeding"; engine `bleeding.ts`,
 * decisions D19–D20): the state machine's state in the flags of the actor's `severe-bleeding` effect
 * (`flags.gng.bleeding`, {@link StoredBleeding}, written when the effect is created), the card's save
 * and its Undo, and binding the wounds.
 *
 * - A failure sets the `fatigued` status, then `exhausted` (which replaces `fatigued`; engine
 *   `imposeFatigue`: a status never gets lighter), whose Strength and Dexterity penalties the engine
 *   applies; they stay after the bleeding stops (recovered normally). The old `flags.gng.bloodLoss`
 *   is migrated to the status (data/migrations.ts `migrateBloodLoss`).
 * - **Undo** (the GM only) restores the state before the save: the bleeding state, the statuses the
 *   save set or removed, the bleeding effect a death removed; the card offers the save again.
 * - Binding the wounds (`bindWounds(actor)`: the sheet's "Bind wounds" button, for any owner or the
 *   GM; `gng.bindWounds` query) ends the bleeding through the engine's `bindSevereBleeding`: the
 *   effect is removed and a chat line (a `note`) says so.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import {
  bleedingEffectOf,
  type BleedingCardState,
  type BleedingUndo,
  type StoredBleeding,
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
import { holdStatuses, putBackStatus, releaseStatuses, takeOffStatus } from '../../combat/status-holds.js';
import {
  actorOf,
  Refusal,
  refusal,
  serialized,
  showRolls,
  type CardActionResult,
  type CardRun,
} from '../kernel/index.js';
import { postNote } from '../kernel/note.js';
import { payload } from '../kernel/payload.js';
import { f } from '../../format.js';

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

/** The request to bind wounds: the actor's uuid, nothing else. */
const parseBindWounds = payload({ actorUuid: 'id' }, 'GNG.Error.Attack.BadRequest');

/** The save of the card's round (GM side; the kernel checked the card, the sender and the state). */
export async function rollBleedingSave({
  message,
  state: stored,
}: CardRun<BleedingCardState, { id: string }>): Promise<void> {
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
  };
  stored.undo = undo;
  showRolls(message, [roll]);
}

const sameState = (a: SevereBleedingState, b: SevereBleedingState) =>
  a.status === b.status && a.stage === b.stage && a.dc === b.dc;

/** The GM's Undo of the card's save (GM side; the kernel checked the card, the sender and the state). */
export async function undoBleedingSave({ state }: CardRun<BleedingCardState, { id: string }>): Promise<void> {
  const stored = structuredClone(state);
  const undo = stored.undo;
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
  state.undo = null;
  state.undone = (stored.undone ?? 0) + 1;
}

/** `CONFIG.queries['gng.bindWounds']`: runs on the active GM; never throws. */
export async function handleBindWounds(
  data: Record<string, unknown>,
  sender: User,
): Promise<CardActionResult> {
  let actorUuid: string;
  try {
    actorUuid = parseBindWounds(data).actorUuid as string;
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
  await postNote(
    'bleeding-bound',
    { key: 'GNG.Bleeding.Bound', data: { name: actor.name, by: sender.name } },
    { speaker: ChatMessage.getSpeaker({ actor }), flags: { [SYSTEM_ID]: { type: 'bleedingBound' } } },
  );
}
