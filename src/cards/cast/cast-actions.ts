/**
 * The cast card (issue #33): every weapon spell, and every damaging spell or power of a caster that
 * keeps slots or power points, posts one card on the active GM's client saying what the cast spent —
 * a slot of its level (the higher one of armor piercing / ignoring metamagic), or its power points
 * (Iron Claw's extra weapons, the metapsionic feats' raised cost) — and what is left. The spend is
 * decided there (src/magic/ calls {@link checkSpend} before anything changes, then
 * {@link recordCast}), through the engine (`spendForCast`, `refundCast`). Its **Undo** (the GM, or
 * the user who cast) is the exact inverse: the slot or points back on the pool as it is now, and a
 * weapon spell's effects deleted. An area card it went with stays (its damage has its own Undo).
 *
 * The card is a typed message (subtype `cast`, cast-data.ts), drawn on each client in its language
 * (cast-render.ts); a card posted before issue #34 (`flags.gng.cast`) is read by `legacyCastCard`.
 */
import { castingPoolsOf } from '../../data/actor/casting-pools.js';
import type { CastCost, CastSpend } from '../../rules/index.js';
import { refundCast, spendForCast } from '../../rules/spell-resources.js';
import {
  actorOf,
  defineCard,
  noteUndo,
  owns,
  Refusal,
  subjectCard,
  withRollMode,
  type CardRun,
  type RollMode,
  type UndoNote,
} from '../kernel/index.js';
import { postCard } from '../kernel/typed-card.js';
import type { LocalText } from '../kernel/undo-notes.js';
import { CAST_QUERY, CAST_TARGET, castCardOf, legacyCastCard, type CastCardState } from './cast-state.js';
import { renderCastCard } from './cast-render.js';

export { CAST_QUERY, CAST_TARGET, castCardOf, renderCastCard, type CastCardState };

/** What casting `spell` costs: a slot of `cost`'s level (a spell), or `cost` power points (a power). */
export function castCostOf(spell: Item, cost: number): CastCost {
  return spell.type === 'spell' ? { kind: 'slot', level: cost } : { kind: 'points', points: cost };
}

/**
 * GM side, before the cast changes anything: what it will spend from `caster`'s pools, or a refusal
 * (no slot of the level left, too few power points).
 */
export function checkSpend(caster: Actor, spell: Item, cost: CastCost): CastSpend {
  const pools = castingPoolsOf(caster.system.spellcasting);
  const spend = spendForCast(pools, cost);
  if ('refused' in spend) {
    if (spend.refused === 'no-slot')
      throw new Refusal('GNG.Cast.Error.NoSlot', {
        name: caster.name,
        spell: spell.name,
        level: spend.level,
      });
    throw new Refusal('GNG.Cast.Error.NoPoints', {
      name: caster.name,
      spell: spell.name,
      points: spend.points,
      left: spend.left,
    });
  }
  return spend;
}

/** The stored path of the pool a spend draws on. */
function poolPath(spent: CastSpend): string | null {
  if (spent.kind === 'slot') return `system.spellcasting.slots.${spent.level}`;
  if (spent.kind === 'points') return 'system.spellcasting.powerPoints';
  return null;
}

/** The pool `{ value, max }` at `path` (`system.…`) of the actor as it is now. */
function poolAt(actor: Actor, path: string): { value: number; max: number } {
  const parts = path.split('.').slice(1);
  let node: unknown = actor.system;
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  const p = node as { value?: number; max?: number } | undefined;
  return { value: Number(p?.value ?? 0), max: Number(p?.max ?? 0) };
}

export interface CastRecord {
  caster: Actor;
  spell: Item;
  sender: User;
  spend: CastSpend;
  /** What the cast did besides the spend (a weapon spell's line): a lang key and its data. */
  line?: LocalText | null;
  effects?: ActiveEffect[];
  rollMode: RollMode;
}

/** GM side, in the caster's queue: writes the spend ({@link checkSpend}'s) and posts the cast card. */
export async function recordCast(record: CastRecord): Promise<ChatMessage> {
  const { caster, spell, spend } = record;
  const path = poolPath(spend);
  if (path && spend.kind !== 'untracked') await caster.update({ [`${path}.value`]: spend.left });
  const state: CastCardState = {
    casterUuid: caster.uuid,
    caster: caster.name,
    spell: spell.name,
    kind: spell.type === 'power' ? 'power' : 'spell',
    by: record.sender.id as string,
    spent: spend,
    line: record.line ?? null,
    effects: (record.effects ?? []).map((effect) => effect.uuid),
    applied: true,
  };
  // A typed card (subtype cast): its state in `system`, drawn on each client (cast-render.ts).
  const data = withRollMode(
    { speaker: ChatMessage.getSpeaker({ actor: caster }) },
    record.rollMode,
    record.sender,
  );
  return (await postCard('cast', state, data)) as ChatMessage;
}

/** Undo: the spend back on the pool as it is now, the weapon spell's effects deleted. */
async function undoCast({ state }: CardRun<CastCardState, { id: string }>): Promise<void> {
  const caster = await actorOf(state.casterUuid);
  if (!caster) throw new Refusal('GNG.CastCard.Error.NoActor', { name: state.caster });
  const notes: UndoNote[] = [];
  const path = poolPath(state.spent);
  if (path) {
    const back = refundCast(poolAt(caster, path), state.spent);
    await caster.update({ [`${path}.value`]: back.value });
    if (back.kept) notes.push({ key: 'GNG.CastCard.Kept', data: { kept: back.kept } });
  }
  for (const uuid of state.effects) {
    const effect = (await fromUuid(uuid)) as ActiveEffect | null;
    if (effect) await effect.delete();
    else notes.push({ key: 'GNG.CastCard.EffectGone' });
  }
  noteUndo(state, notes);
  state.applied = false;
}

// The targets and refusals of a card about one actor; its state and save are the kernel's (typed).
const { targets, refusals } = subjectCard<CastCardState>({
  target: CAST_TARGET,
  errors: 'GNG.CastCard.Error',
});

/** The cast card as a table: its one action, Undo (the GM, or the user who cast and owns the caster). */
export const castCard = defineCard<CastCardState, { id: string }, 'castUndo'>({
  query: CAST_QUERY,
  type: 'cast',
  render: renderCastCard,
  legacy: legacyCastCard,
  legacyFlag: 'cast',
  actors: (state) => [state.casterUuid],
  targets,
  refusals: { ...refusals, notAllowed: 'GNG.CastCard.Error.UndoWho' },
  actions: {
    castUndo: {
      may: (user, state) => user.isGM || (user.id === state.by && owns(user, state.casterUuid)),
      available: (state) => state.applied,
      run: undoCast,
    },
  },
});
