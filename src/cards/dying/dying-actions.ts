/**
 * The dying card (core "Dying" with GnG "DISABLED, DYING, AND DEAD": the chance to stabilize is the
 * Constitution score; engine `dyingRound`; decisions in docs/rules.md "Rest, recovery and the dying").
 * At each turn start of an actor with the `dying` status (dying and unstable) the active GM plays
 * its round ({@link postDyingCardFor}, from conditions-timer.ts), once per combat round (the mark in
 * the Combat's flags, round-mark.ts). A GM plays one with `game.gng.dyingRound(actor)`
 * (`gng.dyingCard` query, `action: 'start'`): in combat it is that combat round's round (refused when
 * it was played), out of combat each call plays one round. The GM rolls d% with Foundry dice against
 * Con and applies the round (dying-apply.ts): stable (`dying` gives way to `stable`), or 1 HP lost
 * (no trauma) and `dead` at the size's threshold. The card
 * shows the d% against Con and what the round did; its **Stabilize (Heal check)** button is for
 * anyone with a character of their own to stabilize with (stabilize-actions.ts), its **Undo** (the GM
 * only) the inverse of the round (its mark too; `dying` is not put back on the dead or at HP that
 * are not dying). Temporary HP (temporary-hp.ts) register here too.
 */
import { dyingRound, type Size } from '../../rules/index.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import { isActiveGM } from '../../documents/active-gm.js';
import {
  actorOf,
  askGM,
  defineCard,
  gmUndo,
  undoActor,
  subjectCard,
  noteUndo,
  Refusal,
  postInQueue,
  serialized,
  type CardActionResult,
  type CardRun,
  withRollMode,
  inheritedRollMode,
  type RollMode,
  payload,
} from '../kernel/index.js';
import { applyDyingRound, notDyingNow, refuseWithoutDying, undoDyingRound } from './dying-apply.js';
import { markRound, playedRound, unmarkRound } from './round-mark.js';
import { DYING_TARGET, leftDying, nameStabilizeHealer, renderDyingCard } from './dying-render.js';
import { DYING_QUERY, dyingCardOf, legacyDyingCard, type DyingCardState } from './dying-state.js';
import { postCard } from '../kernel/typed-card.js';
import { healerFor, stabilizeCard, stabilizeNow } from './stabilize-actions.js';
import { combatOf } from '../../combat/scene-lookup.js';

export { DYING_QUERY, dyingCardOf, type DyingCardState };
export { stabilize, stabilizeCard } from './stabilize-actions.js';
export { grantTemporaryHp, handleTemporaryHp } from './temporary-hp.js';

/** Why `actor` has no dying round now (a refusal), or null: it is dying (status and HP). */
function notDying(actor: Actor): Refusal | null {
  const why = notDyingNow(actor);
  if (why === 'status') return new Refusal('GNG.Dying.Error.NotDying', { name: actor.name });
  if (why === 'hp')
    return new Refusal('GNG.Dying.Error.NotDyingHp', {
      name: actor.name,
      hp: actor.system.hp.value,
    });
  return null;
}

/** A round in a begun combat: the combat and the actor's combatant (where the round's mark lives). */
interface InCombat {
  combat: Combat;
  combatant: Combatant;
}

/**
 * GM side, in the actor's queue: plays the actor's dying round and posts its card. In combat it is
 * refused when the actor's round of this combat round was played already, and marks it played.
 */
async function playRound(
  actor: Actor,
  fight: InCombat | null,
  mode: { mode: RollMode; roller: User } = { mode: 'publicroll', roller: game.user },
): Promise<ChatMessage> {
  refuseWithoutDying('GNG.Dying.Capability');
  const why = notDying(actor);
  if (why) throw why;
  if (fight && playedRound(fight.combat, fight.combatant) === fight.combat.round)
    throw new Refusal('GNG.Dying.Error.Played', { name: actor.name, round: fight.combat.round });
  const sys = actor.system;
  const con = sys.abilities.con.effective;
  if (!Number.isInteger(con) || con < 0) throw new Refusal('GNG.Dying.Error.NoCon', { name: actor.name });
  const hpBefore = sys.hp.value;
  const { result: outcome, rolls } = await withFoundryDice(100, (dice) =>
    dyingRound({ currentHp: hpBefore, con, size: sys.size as Size }, dice),
  );
  const mark = fight ? await markRound(fight.combat, fight.combatant) : null;
  const applied = { ...(await applyDyingRound(actor, outcome)), mark };
  const state: DyingCardState = {
    actorUuid: actor.uuid,
    name: actor.name,
    round: fight ? fight.combat.round : null,
    hpBefore,
    outcome,
    applied,
  };
  // A typed card (subtype dying): its state in `system`, drawn on each client (dying-render.ts).
  const speaker = ChatMessage.getSpeaker({ actor });
  return (await postCard(
    'dying',
    state,
    withRollMode({ rolls, speaker }, mode.mode, mode.roller),
  )) as ChatMessage;
}

/** `actor`'s combatant in `combat` once it has begun, or null (out of combat). */
function inCombat(actor: Actor, combat: Combat | null | undefined): InCombat | null {
  if (!combat || combat.round < 1) return null;
  const combatant = combat.combatants.find(
    (c) => c.actor === actor || (c.actor?.uuid ?? null) === actor.uuid,
  );
  return combatant ? { combat, combatant } : null;
}

/**
 * Active GM, at a turn start of `actor` in `combat`: plays its dying round when it is dying and no
 * round was played for it in this round of this combat (the mark in the Combat's flags,
 * round-mark.ts). Resolves with the card, or null.
 */
export async function postDyingCardFor(actor: Actor, combat: Combat): Promise<ChatMessage | null> {
  if (!isActiveGM() || notDying(actor)) return null;
  const fight = inCombat(actor, combat);
  if (!fight || playedRound(fight.combat, fight.combatant) === combat.round) return null;
  const result = await serialized([actor.uuid], async () => {
    const message = await playRound(actor, fight);
    return { ok: true, messageId: message.id as string };
  });
  return result.ok ? (game.messages.get(result.messageId as string) ?? null) : null;
}

/**
 * GM side: `game.gng.dyingRound(actor)` — a GM plays the round. In a begun combat the actor is in,
 * once per combat round (the turn start's round counts); out of combat, one round each call.
 */
async function startDyingRound(
  data: Record<string, unknown>,
  sender: User,
  rollMode: RollMode,
): Promise<ChatMessage> {
  const { actorUuid } = data as { actorUuid: string };
  if (!sender.isGM) throw new Refusal('GNG.Dying.Error.GM');
  const found = await actorOf(actorUuid);
  if (!found) throw new Refusal('GNG.Error.Card.BadRequest');
  return postInQueue([found.uuid], async () => {
    // The combat holding the actor, whatever combat the GM's tracker shows.
    const message = await playRound(found, inCombat(found, combatOf(found)), {
      mode: rollMode,
      roller: sender,
    });
    return message;
  });
}

async function undoRound({ state }: CardRun<DyingCardState, { id: string }>): Promise<void> {
  const applied = state.applied;
  if (!applied) throw new Refusal('GNG.Dying.Error.NothingToUndo');
  const actor = await undoActor(state.actorUuid, state.name, 'GNG.Dying.Error');
  noteUndo(state, await undoDyingRound(actor, applied));
  if (applied.mark) await unmarkRound(applied.mark);
  state.applied = null;
  state.undone = true;
}

/** The healer's uuid a Stabilize request carries (the GM checks the sender owns it). */
const parseHealer = payload({ healerUuid: 'str' });

// The target and refusals of a card about one actor; its state and save are the kernel's (typed).
const dyingParts = subjectCard<DyingCardState>({
  target: DYING_TARGET,
  errors: 'GNG.Dying.Error',
});

/**
 * The dying card as a table: Stabilize (anyone with a character of their own, while the round left
 * the creature dying; the GM checks the healer and the patient now) and the GM's Undo of the round.
 */
export const dyingCard = defineCard<DyingCardState, { id: string }, 'dyingStabilize' | 'dyingUndo'>({
  query: DYING_QUERY,
  type: 'dying',
  render: renderDyingCard,
  legacy: legacyDyingCard,
  legacyFlag: 'dying',
  actors: (state) => [state.actorUuid],
  targets: dyingParts.targets,
  refusals: {
    ...dyingParts.refusals,
    unavailable: (action, state) =>
      action === 'dyingUndo'
        ? 'GNG.Dying.Error.NothingToUndo'
        : new Refusal('GNG.Stabilize.Error.NotDying', { name: state.name }),
  },
  actions: {
    dyingStabilize: {
      // Anyone may ask: the GM checks that the sender owns the healer the request names.
      may: () => true,
      shown: (user, state) => healerFor(user, state.actorUuid) !== null,
      available: (state) => state.applied !== null && leftDying(state),
      parse: parseHealer,
      fields: (_button, state) => {
        const healer = healerFor(game.user, state.actorUuid);
        if (healer) return { healerUuid: healer.uuid };
        ui.notifications.warn(game.i18n.localize('GNG.Dying.Error.NoHealer'));
        return { ok: false, error: 'GNG.Dying.Error.NoHealer' };
      },
      run: async ({ message, state, user, extra }) => {
        // The stabilize card continues the dying card: its roll mode, chosen by whoever rolled it.
        const { mode, roller } = inheritedRollMode(message);
        await stabilizeNow(state.actorUuid, extra.healerUuid as string, user, mode, roller ?? user);
      },
    },
    dyingUndo: gmUndo(undoRound),
  },
  start: startDyingRound,
  parseStart: payload({ actorUuid: 'str' }),
});

/** `game.gng.dyingRound(actor)`: asks the active GM (the user must be a GM) to play `actor`'s dying round. */
export function requestDyingRound(actor: Actor): Promise<CardActionResult> {
  return askGM(DYING_QUERY, { action: 'start', actorUuid: actor.uuid });
}

/** Asks the active GM (the user must be a GM) to undo the round of the dying card `messageId`. */
export function requestDyingUndo(messageId: string): Promise<CardActionResult> {
  return dyingCard.request(messageId, 'dyingUndo', DYING_TARGET);
}

/** `renderChatMessageHTML` on a dying or stabilize card: the per-user buttons, the healer named on Stabilize. */
export function decorateDyingMessage(message: ChatMessage, html: HTMLElement): void {
  dyingCard.decorate(message, html);
  const dying = dyingCardOf(message);
  const healer = dying && healerFor(game.user, dying.actorUuid);
  if (dying && healer) nameStabilizeHealer(html, healer.name, dying.name);
  stabilizeCard.decorate(message, html);
}
