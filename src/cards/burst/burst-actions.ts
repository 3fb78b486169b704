/**
 * The multiple target burst card (GnG MULTIPLE TARGET BURST; decisions in docs/rules.md "Multiple-target
 * bursts"). `game.gng.burst(actor, weapon, { kind, direction | toward, controlled })` asks the active
 * GM (`gng.burstAction`, `action: 'start'`, burst-start.ts), who fires the burst and posts one card:
 * the Take 10 attack, the shots fired, and one folding section per token in the area, nearest first.
 * Each target's owner (or a GM; an NPC by itself with `autoRollNpcDefense`) rolls its Defense rolls
 * (size table × barrels); hits are handed out nearest first while shots remain. A target may Dive
 * for Cover (Jump against the attack total against it, an abort). A GM applies each target's hits —
 * each one shot of normal damage through Protection, no RD, no critical — and undoes it; the GM's
 * **Undo burst** undoes every target, returns the rounds and deletes the area's template.
 *
 * The card is a typed message (subtype `burst`, its state in `system`, burst-data.ts), drawn on each
 * client in its language (burst-render.ts); a card posted before issue #34 (`flags.gng.burst`) is
 * read by `legacyBurstState` and saved where it was.
 */
import { defenseBonus, defenseRollFromValues, parseDice, resolveDiveForCover } from '../../rules/index.js';
import { abortShown, takeAbort } from '../../combat/abort-gate.js';
import { undoDive } from '../shared/dive-undo.js';
import { appliedLossOf, applyHitPointLoss, restoreAppliedLoss } from '../../combat/hp-loss.js';
import { returnRounds } from '../../combat/ammunition.js';
import { automation } from '../../settings/variant-rules.js';
import {
  partActor,
  defineCard,
  noteUndo,
  Refusal,
  saveCard,
  showRolls,
  track,
  type UndoNote,
  payload,
} from '../kernel/index.js';
import type { WeaponData } from '../../data/item/item-data.js';
import { hitDamageInputs } from '../attack/item-properties-damage.js';
import { deleteTemplate } from '../shared/area-tokens.js';
import { renderBurstCard } from './burst-render.js';
import { BURST_QUERY, parseBurstStart, startBurst } from './burst-start.js';
import {
  afterDive,
  burstActionAvailable,
  burstState,
  burstUserMayAct,
  legacyBurstState,
  burstHit,
  hitsOf,
  isTarget,
  WHOLE_BURST,
  type BurstAction,
  type BurstCardState,
  type BurstHit,
  type BurstSlot,
  type BurstTarget,
} from './burst-state.js';
import { capabilityGuard, requireCapability } from '../model-guard.js';
import { f } from '../../format.js';
import { stepRefusals } from '../shared/card-refusals.js';

export { burst, BURST_QUERY } from './burst-start.js';
export { burstState, hitsOf, type BurstCardState, type BurstTarget } from './burst-state.js';

const creature = (actor: Actor) => actor.system;

const asTarget = (slot: BurstSlot): BurstTarget => {
  if (!isTarget(slot)) throw new Refusal('GNG.Error.Card.BadRequest');
  return slot;
};

/** The card's slots for an action: its targets, or the whole burst for the burst's Undo. */
const targetSlots = (state: BurstCardState): BurstSlot[] => state.targets;
const wholeSlot = (): BurstSlot[] => [{ id: WHOLE_BURST }];

/** GM side: a target's Defense rolls against a ranged attack (its derived Defense, engine `defenseBonus`). */
async function rollDefense(message: ChatMessage, target: BurstTarget): Promise<void> {
  const actor = await partActor(target);
  const breakdown = defenseBonus({ ...creature(actor).derived.defenseInput, attack: 'ranged' });
  let roll: Roll | null = null;
  let naturals: number[];
  if (breakdown.autoRollOne) naturals = Array.from({ length: target.defenseRolls }, () => 1);
  else {
    roll = await new Roll(`${target.defenseRolls}d20`).evaluate();
    naturals = roll.dice.flatMap((d) => d.results.map((r) => r.result));
  }
  const totals = naturals.map(
    (natural) =>
      defenseRollFromValues({ natural, bonus: breakdown.total, autoRollOne: breakdown.autoRollOne }).total,
  );
  target.defense = { naturals, bonus: breakdown.total, totals, autoRollOne: breakdown.autoRollOne };
  showRolls(message, [roll]);
}

/** GM side: rolls the hits' damage and applies it through the shared HP loss (not slashing). */
async function applyDamage(
  message: ChatMessage,
  state: BurstCardState,
  target: BurstTarget,
  user: User,
): Promise<void> {
  const actor = await partActor(target);
  const hits = hitsOf(state)[state.targets.indexOf(target)] ?? 0;
  // Each hit is one shot of normal damage: the attack card's damage step with the target's
  // Protection, DR and energy resistance and the weapon's properties, no RD (docs/rules.md).
  const item = (await fromUuid(state.weapon.itemUuid)) as Item | null;
  const weapon = item?.type === 'weapon' ? (item.system as WeaponData) : null;
  const step = hitDamageInputs(weapon, actor, { kind: 'creature' }, state.weapon.bypass);
  const rolls: Roll[] = [];
  const each: BurstHit[] = [];
  parseDice(state.weapon.damage);
  for (let i = 0; i < hits; i++) {
    const roll = await new Roll(state.weapon.damage).evaluate();
    rolls.push(roll);
    const rolled = Math.max(0, roll.total ?? 0);
    each.push(
      burstHit(
        roll.dice.flatMap((d) => d.results.map((r) => r.result)),
        rolled,
        step,
      ),
    );
  }
  const total = each.reduce((sum, hit) => sum + hit.after, 0);
  const { lethal, nonlethal } = afterDive(target, total);
  const loss = await applyHitPointLoss(
    actor,
    { lethal, nonlethal, slashing: false },
    (changes) => Hooks.call('gng.preApplyBurstDamage', message, target, actor, changes) !== false,
  );
  if (!loss) throw new Refusal('GNG.Error.Attack.Cancelled');
  target.applied = {
    by: user.id as string,
    hits: each,
    lethal,
    nonlethal,
    ...appliedLossOf(loss),
  };
  showRolls(message, rolls);
}

/** GM side: the exact inverse of a target's Apply and Dive for Cover; notes of what could not be undone. */
async function undoTarget(target: BurstTarget): Promise<void> {
  const actor = await partActor(target);
  const notes: (UndoNote | string)[] = [];
  const applied = target.applied;
  if (applied) {
    notes.push(...(await restoreAppliedLoss(actor, applied)));
    target.applied = null;
  }
  notes.push(...(await undoDive(actor, target)));
  noteUndo(target, notes);
}

const ownerOrGM = (action: BurstAction) => (user: User, _state: BurstCardState, slot: BurstSlot) =>
  burstUserMayAct(user, action, slot);
const availableFor = (action: BurstAction) => (state: BurstCardState, slot: BurstSlot) =>
  burstActionAvailable(state, action, slot);

/** The burst card as a table. */
export const burstCard = defineCard<BurstCardState, BurstSlot, BurstAction>({
  query: BURST_QUERY,
  guard: capabilityGuard('bursts', 'GNG.Model.Action.burst', ['undoDamage', 'undoBurst']),
  type: 'burst',
  render: renderBurstCard,
  legacy: legacyBurstState,
  legacyFlag: 'burst',
  targets: (state) => [...state.targets, { id: WHOLE_BURST }],
  actors: (state) => [state.attacker.actorUuid, ...state.targets.map((target) => target.actorUuid)],
  refusals: stepRefusals('GNG.Burst.Error', 'GNG.Error.Card.BadRequest'),
  actions: {
    rollDefense: {
      targets: targetSlots,
      may: ownerOrGM('rollDefense'),
      available: availableFor('rollDefense'),
      run: ({ message, target }) => rollDefense(message, asTarget(target)),
    },
    diveForCover: {
      targets: targetSlots,
      may: ownerOrGM('diveForCover'),
      available: availableFor('diveForCover'),
      parse: payload({ cover: 'bool' }),
      shown(user, state, slot) {
        if (!burstUserMayAct(user, 'diveForCover', slot) || !isTarget(slot)) return false;
        if (!burstActionAvailable(state, 'diveForCover', slot)) return true;
        const actor = fromUuidSync(slot.actorUuid) as Actor | null;
        return Boolean(actor && abortShown(actor, 'dive-for-cover', { reflexAreaEffect: true }));
      },
      fields(button) {
        const box = button
          .closest('section')
          ?.querySelector<HTMLInputElement>('input[name="cover"][data-target-id]');
        return { cover: box?.checked === true };
      },
      undoneBy: 'undoDamage',
      async run({ message, target: slot, extra }) {
        const target = asTarget(slot);
        const actor = await partActor(target);
        const cover = extra.cover === true;
        const bonus = creature(actor).derived.skills.jump.total;
        // Decision: a burst is area fire the defender may Dive for Cover against (docs/rules.md).
        const spent = await takeAbort(actor, 'dive-for-cover', { reflexAreaEffect: true });
        const roll = await new Roll('1d20').evaluate();
        const natural = roll.total as number;
        // The engine's no-cover penalty on the Jump total (damage is known only at Apply).
        const { jumpTotal } = resolveDiveForCover({
          jumpTotal: natural + bonus,
          reflexDc: target.attackTotal,
          damage: 0,
          cover,
        });
        target.dive = {
          natural,
          bonus,
          cover,
          jumpTotal,
          margin: jumpTotal - target.attackTotal,
          paidWith: spent.paidWith,
          undo: { budgetBefore: spent.before && structuredClone({ ...spent.before }), epoch: spent.epoch },
        };
        showRolls(message, [roll]);
      },
    },
    applyDamage: {
      targets: targetSlots,
      may: ownerOrGM('applyDamage'),
      available: availableFor('applyDamage'),
      undoneBy: 'undoDamage',
      async run({ message, state, target, user }) {
        await applyDamage(message, state, asTarget(target), user);
        // Saved before the hook, so a module reading the card sees the damage applied.
        await saveCard(burstCard.spec, message, state);
        Hooks.callAll('gng.applyBurstDamage', message, target);
      },
    },
    undoDamage: {
      targets: targetSlots,
      may: ownerOrGM('undoDamage'),
      available: availableFor('undoDamage'),
      run: ({ target }) => undoTarget(asTarget(target)),
    },
    undoBurst: {
      targets: wholeSlot,
      may: ownerOrGM('undoBurst'),
      available: availableFor('undoBurst'),
      async run({ state }) {
        for (const target of state.targets) if (target.applied || target.dive) await undoTarget(target);
        const notes = [...(await returnRounds(state.spent)), ...(await deleteTemplate(state.template))];
        state.template = null;
        state.undone = true;
        noteUndo(
          state,
          notes.map((key) => ({ key, data: { weapon: state.weapon.name } })),
        );
      },
    },
  },
  start: async (data, sender, rollMode) => {
    requireCapability('bursts', 'GNG.Model.Action.burst');
    const message = await startBurst(data, sender, rollMode);
    if (automation().autoRollNpcDefense) void track(autoRollNpcDefenses(message));
    return message;
  },
  parseStart: parseBurstStart,
});

/** With `autoRollNpcDefense`, targets no player owns roll their Defense as the card is posted. */
async function autoRollNpcDefenses(message: ChatMessage): Promise<void> {
  const state = burstState(message);
  if (!state) return;
  for (const target of state.targets) {
    const actor = fromUuidSync(target.actorUuid) as Actor | null;
    if (!actor || actor.hasPlayerOwner) continue;
    const now = burstState(game.messages.get(message.id as string));
    const slot = now?.targets.find((t) => t.id === target.id);
    if (!now || !slot || !burstActionAvailable(now, 'rollDefense', slot)) continue;
    const result = await burstCard.runAs(game.user, message.id as string, 'rollDefense', target.id);
    if (!result.ok) ui.notifications.warn(f(result.error, result.data ?? {}));
  }
}

/** Asks the active GM to run `action` on `target` of the burst card. */
export function requestBurstAction(
  messageId: string,
  action: BurstAction,
  target: string,
  extra: Record<string, unknown> = {},
) {
  return burstCard.request(messageId, action, target, extra);
}
