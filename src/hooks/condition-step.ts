/**
 * The Saga-style condition step on the actor (`system.model.saga.conditionStep`, issue #30;
 * docs/rules.md "Sheet and track"). Everyone sees it; only a GM's client writes it (the track's
 * moves and a player's approved request: src/cards/saga-track/; a card's damage and its Undo):
 * - a write from a player's client is refused there (`preUpdateActor` cancels it, with a message);
 * - a write that got past that (a client without our hooks) is put back by the active GM's client,
 *   to the step it last saw a GM write (or found when the world was ready), and the GM is told;
 * - each actor's tokens show its step, a marker status `condition-step-<n>` (1–5) the active GM's
 *   client keeps in step after every change, as the injury markers are (injury-status.ts). The
 *   markers are only a display, in `CONFIG.statusEffects` while the world plays a model with the
 *   track, not offered in the token HUD.
 * The Enlightened Grognard's fields (`system.model.eg.bloodied` and `.persistent.*`, issue #31) are
 * guarded the same way: a GM's client writes them (the cards and the token store), a player's
 * write is refused and, if it got past that, put back. So are the Time Count model's (issue #32):
 * `system.model.tc.*` but its `attributes` (the character's build, the owner's to edit).
 */
import { isActiveGM } from '../documents/active-gm.js';
import { allActors } from '../documents/all-actors.js';
import { modelOffers } from '../settings/combat-model.js';
import { track } from '../cards/kernel/in-flight.js';
import { CONDITION_STEP_KEY, conditionStepOf } from '../cards/saga-track/track-state.js';

/** The marker of each step below normal (steps 1–5). */
export const CONDITION_STEP_STATUSES = [1, 2, 3, 4, 5].map((step) => `condition-step-${step}`);
// Core's icons, darker as the track goes down (step 5: unconscious).
const ICONS = ['downgrade', 'degen', 'blood', 'bones', 'unconscious'];

/** The GM-only fields under `system.model`: the Saga step first, then the EG fields (issue #31). */
const GUARDED = [
  CONDITION_STEP_KEY,
  'system.model.eg.bloodied',
  'system.model.eg.persistent.power',
  'system.model.eg.persistent.speed',
  'system.model.eg.persistent.insight',
  // The Time Count model's health and stance (issue #32), from index TC_FIRST on.
  ...['fatigue', 'invigoration', 'topLost', 'paralysis', 'petrification', 'stance', 'stanceUntil']
    .concat(['bludgeoning', 'piercing', 'slashing'].map((type) => `impairments.${type}`))
    .map((field) => `system.model.tc.${field}`),
];
const TC_FIRST = 5;
/** Numbers, and the TC stance's id. */
type Guarded = (number | string)[];
const stored = (value: unknown) => typeof value === 'number' || typeof value === 'string';

/** The guarded fields' values on `actor` (0 when absent). */
function guardedOf(actor: Actor): Guarded {
  return GUARDED.map((path) => {
    const value = foundry.utils.getProperty(actor, path);
    return stored(value) ? (value as number | string) : 0;
  });
}

/** The words of a refusal (`error`) or a put-back: the step's, the EG fields' or the TC fields'. */
function guardKey(before: Guarded, after: Guarded, error: 'GMOnly' | 'PutBack'): string {
  if (before[0] !== after[0]) return `GNG.Model.Saga.Track.Error.${error}`;
  const tc = after.some((value, i) => i >= TC_FIRST && value !== before[i]);
  return `GNG.Model.${tc ? 'TC' : 'EG'}.Sheet.Error.${error}`;
}

/**
 * What `changes` write to each guarded field (undefined: nothing): the value named, or — when an
 * object holding it is replaced: null, a number, `-=key` / `==key`, or `system` itself in an update
 * with `recursive: false` (which replaces each top-level key it names) — its initial value (the TC
 * stance's 'basic', else 0).
 */
function written(changes: object, options: unknown): (number | string | undefined)[] {
  const replace = (options as { recursive?: unknown } | null)?.recursive === false;
  return GUARDED.map((path) => {
    const value = foundry.utils.getProperty(changes, path);
    if (value !== undefined) return stored(value) ? (value as number | string) : NaN;
    const reset = path.endsWith('stance') ? 'basic' : 0;
    if (replace && 'system' in changes) return reset;
    let holder: unknown = changes;
    for (const part of path.split('.')) {
      if (holder === undefined) return undefined;
      if (holder === null || typeof holder !== 'object' || `-=${part}` in holder || `==${part}` in holder)
        return reset;
      holder = (holder as Record<string, unknown>)[part];
    }
    return undefined;
  });
}

/** The guarded fields the active GM's client last saw a GM write, by actor uuid. */
const known = new Map<string, Guarded>();

const same = (a: Guarded, b: Guarded) => a.every((value, i) => value === b[i]);
const byGM = (userId: string) => game.users.get(userId)?.isGM === true;
const creature = (actor: Actor) => actor.type === 'character' || actor.type === 'npc';

/** The markers in `CONFIG.statusEffects` (once), for `toggleStatusEffect`. */
function markerConfig(): void {
  for (const [i, id] of CONDITION_STEP_STATUSES.entries())
    if (!CONFIG.statusEffects.some((status) => status.id === id))
      CONFIG.statusEffects.push({
        id,
        name: `GNG.Model.Saga.Track.Status.${i + 1}`,
        img: `icons/svg/${ICONS[i]}.svg`,
        hud: false,
      });
}

/** Active GM: `actor` carries the marker of its step and no other (none under a model without the track). */
export async function syncConditionStepStatus(actor: Actor): Promise<void> {
  if (!isActiveGM() || !creature(actor)) return;
  const track = modelOffers('conditionTrack');
  if (track) markerConfig();
  const wanted = track ? CONDITION_STEP_STATUSES[conditionStepOf(actor) - 1] : undefined;
  for (const id of CONDITION_STEP_STATUSES)
    if (actor.statuses.has(id) !== (id === wanted))
      await actor.toggleStatusEffect(id, { active: id === wanted });
}

/** `preUpdateActor` on the writing client: a player's change of the step is cancelled. */
function refuse(actor: Actor, changes: object, options: unknown, userId: string): false | void {
  if (byGM(userId)) return;
  const before = guardedOf(actor);
  const after = written(changes, options).map((value, i) => value ?? before[i]) as Guarded;
  if (same(before, after)) return;
  ui.notifications.warn(game.i18n.format(guardKey(before, after, 'GMOnly'), { name: actor.name }));
  return false;
}

/** `updateActor` on the active GM's client: a player's write put back; the marker kept in step. */
async function updated(actor: Actor, changes: object, options: unknown, userId: string): Promise<void> {
  if (written(changes, options).every((value) => value === undefined)) return;
  const before = known.get(actor.uuid);
  const now = guardedOf(actor);
  if (byGM(userId)) known.set(actor.uuid, now);
  else if (before !== undefined && !same(before, now)) {
    const name = game.users.get(userId)?.name ?? userId;
    ui.notifications.warn(
      game.i18n.format(guardKey(before, now, 'PutBack'), { name: actor.name, user: name }),
    );
    // Only the fields that moved (a Saga world's put-back writes the step alone, as before).
    const back = Object.fromEntries(
      GUARDED.flatMap((path, i) => (before[i] !== now[i] ? [[path, before[i]]] : [])),
    );
    await actor.update(back);
    return;
  }
  await syncConditionStepStatus(actor);
}

/** The hooks' handlers (src/hooks/register-hooks.ts registers them). */
export const conditionStepHooks = {
  preUpdateActor: refuse,
  updateActor(actor: Actor, changes: object, options: unknown, userId: string): void {
    if (isActiveGM()) void track(updated(actor, changes, options, userId));
  },
  createActor(actor: Actor): void {
    known.set(actor.uuid, guardedOf(actor));
    void track(syncConditionStepStatus(actor));
  },
  ready(): void {
    for (const actor of allActors()) known.set(actor.uuid, guardedOf(actor));
  },
};
