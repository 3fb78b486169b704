/**
 * Warns the GM when the effect guard skipped an effect change (src/data/actor/effect-guard.ts): once
 * per skipped change, on the active GM's client, after the change that caused it (an effect, an item
 * or the actor created or updated) and for the whole world when it is ready. A change already warned
 * about is not warned again while it stays skipped, however often the actor is prepared; once fixed
 * (or deleted) it is forgotten, so breaking it again warns again.
 */
import {
  skippedChangeReason,
  skippedEffectChanges,
  type SkippedEffectChange,
} from '../data/actor/effect-guard.js';
import { isActiveGM } from '../documents/active-gm.js';

/** Per document uuid: the skipped changes already warned about. */
const warned = new Map<string, Set<string>>();

function signature(skip: SkippedEffectChange): string {
  return JSON.stringify([skip.effectId, skip.key, skip.mode, skip.value, skip.reason]);
}

function warnDocument(doc: FoundryDocument): void {
  const list = skippedEffectChanges(doc);
  const before = warned.get(doc.uuid);
  if (!list.length) {
    if (before) warned.delete(doc.uuid);
    return;
  }
  const now = new Set<string>();
  for (const skip of list) {
    const id = signature(skip);
    now.add(id);
    if (before?.has(id)) continue;
    ui.notifications.warn(
      game.i18n.format('GNG.EffectGuard.Warn', {
        document: doc.name,
        effect: skip.effectName,
        key: skip.key,
        value: skip.value,
        reason: skippedChangeReason(skip),
      }),
    );
  }
  warned.set(doc.uuid, now);
}

/** Warns (active GM only) about the new skipped changes of an actor and its items, or of a world item. */
export function warnSkippedEffectChanges(doc: Actor | Item): void {
  if (!isActiveGM()) return;
  const root = (doc.documentName === 'Item' ? ((doc as Item).actor ?? doc) : doc) as Actor | Item;
  warnDocument(root);
  if (root.documentName === 'Actor') for (const item of (root as Actor).items) warnDocument(item);
}

/** An effect created, changed or deleted (src/hooks/register-hooks.ts): its actor or item warned. */
export function warnOnEffect(effect: ActiveEffect): void {
  const doc = effect.parent;
  if (doc && (doc.documentName === 'Actor' || doc.documentName === 'Item'))
    warnSkippedEffectChanges(doc as Actor | Item);
}

/** On `ready`: every world actor and item. */
export function warnWorld(): void {
  for (const actor of game.actors) warnSkippedEffectChanges(actor);
  for (const item of game.items) warnSkippedEffectChanges(item);
}
