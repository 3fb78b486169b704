/**
 * Active Effects that change the item they sit on. Foundry applies item effects only to the item's
 * owner (when they transfer); GnG's weapon spells and powers (Appendix 5: armor piercing / armor
 * ignoring weapon, fang, Iron Claw) change a *weapon*. Such an effect carries
 * `flags.gng.target: "<item type>"` and applies to an item of that type it is embedded in — never to
 * the spell that carries it, and never to the actor (it must not transfer).
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { applyGuardedChange, resetSkippedEffectChanges } from '../actor/effect-guard.js';

/** The item type an effect targets, or null for ordinary (actor) effects. */
export function effectItemTarget(effect: ActiveEffect): string | null {
  const target = effect.flags?.[SYSTEM_ID]?.target;
  return typeof target === 'string' ? target : null;
}

function coerce(value: string, current: unknown): unknown {
  if (typeof current === 'number') return Number(value);
  if (typeof current === 'boolean') return value === 'true';
  return value;
}

/**
 * Applies the item's own enabled effects that target its type to `system` (in place). Each change
 * goes through the effect guard: one that would give a field a value its schema refuses is skipped
 * (src/data/actor/effect-guard.ts).
 */
export function applyOwnItemEffects(item: Item, system: object): void {
  resetSkippedEffectChanges(item);
  if (!item.effects?.size) return;
  const changes = [...item.effects]
    .filter((effect) => !effect.disabled && effectItemTarget(effect) === item.type)
    .flatMap((effect) => effect.changes.map((change) => ({ effect, change })))
    .filter(({ change }) => change.key.startsWith('system.'))
    .sort((a, b) => priority(a.change) - priority(b.change));
  for (const { effect, change } of changes) {
    applyGuardedChange(item, system, effect, change, () => applyChange(system, change));
  }
}

function priority(change: ActiveEffectChange): number {
  return change.priority ?? change.mode * 10;
}

function applyChange(system: object, change: ActiveEffectChange): void {
  const { ADD, MULTIPLY, OVERRIDE, UPGRADE, DOWNGRADE } = CONST.ACTIVE_EFFECT_MODES;
  const path = change.key.slice('system.'.length);
  const current = foundry.utils.getProperty(system, path);
  const value = coerce(change.value, current);
  let next: unknown = current;
  if (change.mode === OVERRIDE) next = value;
  else if (typeof current === 'number' && typeof value === 'number' && Number.isFinite(value)) {
    if (change.mode === ADD) next = current + value;
    else if (change.mode === MULTIPLY) next = current * value;
    else if (change.mode === UPGRADE) next = Math.max(current, value);
    else if (change.mode === DOWNGRADE) next = Math.min(current, value);
  }
  foundry.utils.setProperty(system, path, next);
}
