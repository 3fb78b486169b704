/**
 * The grapple card as a table of the card kernel (query `gng.grappleAction`). Its targets are its two
 * sides: a request is `{ messageId, action, target: 'attacker' | 'defender', …the action's own
 * fields }`, the side {@link grappleActionSide} says (either side for a sided move and the weapon
 * choice). For each button: who may press it (grapple-rules.ts, decision G16 for Undo), when (the
 * named side's Advanced Grapple, pin or lock), its fields, and what it does on the GM's client,
 * re-deriving every number. Every action waits in the queues of the card, its actors and every other
 * grapple holding them (an escape changes those too; grapple-index.ts); `start` posts a new card
 * (grapple-start.ts). Undo reverts the last resolved step exactly (grapple-undo.ts).
 */
import { attackOfOpportunityStopsGrapple, resolveAttack } from '../../rules/index.js';
import {
  actorOf,
  defineCard,
  payload,
  Refusal,
  showRolls,
  type CardActionSpec,
  type CardRun,
} from '../kernel/index.js';
import {
  abilitiesOf,
  aooOpen,
  aooUnresolved,
  GRAPPLE_QUERY,
  grappleActionAvailable,
  grappleActionSide,
  grappleUserMayAct,
  keptDie,
  keptFor,
  mayActDespiteConditions,
  other,
  sideName,
  t,
  undoRefusal,
  woundTraumaSide,
  woundTraumaWaits,
  type GrappleAction,
  type GrappleCardState,
  type GrappleMove,
  type GrapplePending,
  type GrappleSide,
  type GrappleStep,
} from './grapple-rules.js';
import { grappleQueueKeys } from './grapple-index.js';
import {
  checkBonus,
  grappleWeaponChoices,
  hitPoints,
  roll,
  rollTouchAttack,
  rollTouchDefense,
  zeroRoll,
} from './grapple-checks.js';
import { GRAPPLE_TYPED, saveGrappleCard } from './grapple-render.js';
import { sideView } from './grapple-view.js';
import { afterGrab, chooseThrow, newStep, resolve, rollOtherGrapplers } from './grapple-moves.js';
import { undoStep } from './grapple-undo.js';
import { parseGrappleStart, startGrappleCard } from './grapple-start.js';
import { breakPinAlly, parseBreakPin, startBreakPin } from './grapple-break-pin.js';
import { rollWoundTrauma, type WoundTrauma } from '../shared/wound-trauma.js';
import { capabilityGuard, requireCapability } from '../model-guard.js';

/** A target of the grapple card: one of its sides (the buttons' `data-target-id`). */
export interface GrappleTarget {
  id: GrappleSide;
}
const SIDES: readonly GrappleTarget[] = [{ id: 'attacker' }, { id: 'defender' }];

type Spec = CardActionSpec<GrappleCardState, GrappleTarget>;
type Run = CardRun<GrappleCardState, GrappleTarget>;

/** The card's two actors, as the GM's client found them for this action, and the action's rolls. */
interface Sides {
  attacker: Actor;
  defender: Actor;
  actorFor(side: GrappleSide): Actor;
  /** Every roll the action makes (grapple-checks.ts), shown by Dice So Nice once it is done. */
  rolls: Roll[];
}

const bad = () => new Refusal('GNG.Error.Attack.BadRequest');
/** The throw's choice: how far (whole feet, checked against the maximum on the GM) and whether the hold is kept. */
const throwFields = payload(
  { feet: { kind: 'int', min: 0 }, keep: 'bool' },
  'GNG.Error.Attack.BadRequest',
  (f) => {
    if ((f.feet as number) > 0 && f.keep) throw bad();
  },
);
/** The weapon chosen: an item id, or null (or empty) for unarmed. */
const weaponFields = payload({ itemId: { kind: 'str', nullable: true } }, 'GNG.Error.Attack.BadRequest');

/** Why `name` may not be taken now (the card's refusal). */
function unavailable(name: string, state: GrappleCardState): Refusal {
  // G17: the grappler waits for the defender's attack of opportunity (declined, or taken and resolved).
  if (name === 'touch' && aooOpen(state))
    return new Refusal('GNG.Grapple.Error.AooPending', { name: state.defender.name });
  if (name === 'touch' && aooUnresolved(state))
    return new Refusal('GNG.Grapple.Error.AooUnresolved', { name: state.defender.name });
  // Advanced Wound Trauma: the next move waits for the last step's save.
  if (name !== 'woundTraumaSave' && woundTraumaWaits(state))
    return new Refusal('GNG.Grapple.Error.WoundTraumaPending', {
      name: sideName(state, woundTraumaSide(state) as GrappleSide),
    });
  return new Refusal(`GNG.Grapple.Error.Unavailable.${name}`);
}

/**
 * An action of the card: it names the side {@link grappleActionSide} says, may be pressed by whom
 * {@link grappleUserMayAct} says, when {@link grappleActionAvailable} says for that side. On the GM's
 * client a side that can take no actions is refused (it may still answer, undo and choose); then
 * `step` changes the card (and clears the last Undo's notes, unless it is that Undo), and the dice it
 * rolled are shown to the card's roll-mode audience.
 */
function action(
  name: GrappleAction,
  step: (ctx: Run, sides: Sides) => Promise<void>,
  rest: Pick<Spec, 'parse' | 'fields' | 'undoneBy'> = {},
): Spec {
  return {
    targets(state) {
      const side = grappleActionSide(name, state);
      return side ? SIDES.filter((target) => target.id === side) : SIDES;
    },
    may: (user, state, target) => grappleUserMayAct(user, name, state, target.id),
    // As the card draws it (its GM-written view of the side); `run` checks the actor as it is now.
    available(state, target) {
      const who = sideView(state, target.id);
      return grappleActionAvailable(name, state, who.advanced, who.held);
    },
    ...rest,
    async run(ctx) {
      const { state, target } = ctx;
      const attacker = await actorOf(state.attacker.actorUuid);
      const defender = await actorOf(state.defender.actorUuid);
      if (!attacker || !defender)
        throw new Refusal('GNG.Error.Attack.NoActor', { name: state.defender.name });
      const actorFor = (side: GrappleSide) => (side === 'attacker' ? attacker : defender);
      const who = abilitiesOf(actorFor(target.id));
      // The actor now (its effects may have changed since the card's view was written).
      if (!grappleActionAvailable(name, state, who.advanced, who.held)) throw unavailable(name, state);
      if (!mayActDespiteConditions(name, who))
        throw new Refusal('GNG.Grapple.Error.CannotAct', {
          name: actorFor(target.id).name,
          condition: t(`GNG.Status.${who.cannotAct}`),
        });
      if (name !== 'undo') state.undoNotes = null;
      const rolls: Roll[] = [];
      await step(ctx, { attacker, defender, actorFor, rolls });
      showRolls(ctx.message, rolls);
    },
  };
}

/** A move of the named side: its check is rolled and waits for the other side's Grapple check. */
function move(name: GrappleMove & GrappleAction): Spec {
  return action(name, (ctx, sides) => makeMove(ctx, sides, name), { undoneBy: 'undo' });
}

async function makeMove(
  { state, target, user }: Run,
  { attacker, actorFor, rolls }: Sides,
  name: GrappleMove,
) {
  const side = target.id;
  const die = keptDie(state, name, side, side);
  state.pending = {
    move: name,
    side,
    by: user.id as string,
    roll:
      name === 'touch'
        ? await rollTouchAttack(attacker, rolls, die)
        : await roll(checkBonus(state, side, actorFor(side), name), rolls, die),
  };
}

/**
 * The grab's melee touch attack; core "Attack of Opportunity": "If the attack of opportunity deals
 * the character damage, the character fails to start the grapple" (nothing is rolled).
 */
async function touch(ctx: Run, sides: Sides): Promise<void> {
  const { state, user } = ctx;
  if (!state.aoo || !attackOfOpportunityStopsGrapple(state.aoo.hp, hitPoints(sides.attacker)))
    return makeMove(ctx, sides, 'touch');
  const step = newStep(
    state,
    { move: 'touch', side: 'attacker', by: user.id as string, roll: zeroRoll() },
    user,
  );
  step.reason = 'aooDamage';
  state.steps.push(step);
  state.phase = 'ended';
}

/** The answering side's Grapple check (or touch Defense): the GM resolves the pending check. */
async function answer({ message, state, user }: Run, sides: Sides): Promise<void> {
  const { attacker, defender, actorFor, rolls } = sides;
  const messageId = message.id as string;
  const pending = state.pending as GrapplePending;
  const answering = other(pending.side);
  const opponent = actorFor(answering);
  // G16: the check made again after an Undo: the side that lost it keeps its dice.
  const kept = keptFor(state, pending.move, pending.side);
  const answerDie = kept?.loser === answering ? kept : null;
  state.pending = null;
  if (pending.move === 'touch') {
    const defense = await rollTouchDefense(opponent, rolls, answerDie);
    if (kept) state.kept?.pop();
    const r = resolveAttack(pending.roll.total, defense.total);
    const step = newStep(state, pending, user);
    step.opponent = defense;
    step.won = r.hit;
    step.relativeDegree = r.relativeDegree;
    state.steps.push(step);
    if (r.hit) await afterGrab(state, attacker, defender, user, pending.by, rolls);
    else state.phase = 'ended';
    return;
  }
  // The opponent always answers with its grapple check (Escape Artist is the escaper's option).
  const opp = await roll(checkBonus(state, answering, opponent, 'start'), rolls, answerDie);
  const escaping = pending.move === 'escape' || pending.move === 'escapeArtist';
  const others = escaping
    ? await rollOtherGrapplers(actorFor(pending.side), messageId, rolls, kept?.others ?? {})
    : [];
  if (kept) state.kept?.pop();
  state.steps.push(
    await resolve(state, pending, opp, actorFor(pending.side), opponent, user, messageId, rolls, others),
  );
}

/** The named side grapples with the weapon `itemId` (null: unarmed) from now on (decision G4). */
async function chooseWeapon({ state, target, extra }: Run, { actorFor }: Sides): Promise<void> {
  const itemId = (extra.itemId as string | null) || null;
  if (itemId && !grappleWeaponChoices(actorFor(target.id), state).some((item) => item.id === itemId))
    throw new Refusal('GNG.Grapple.Error.NoWeapon');
  const current = target.id === 'attacker' ? state.attacker : state.defender;
  if (current.weaponId === itemId) throw new Refusal('GNG.Grapple.Error.SameWeapon');
  current.weaponId = itemId;
}

/** Undo (G16): the last resolved step's exact inverse; what could not be taken back is noted. */
async function undo({ message, state }: Run): Promise<void> {
  const step = state.steps.pop() as GrappleStep;
  const notes = await undoStep(state, step, message.id as string);
  state.undoNotes = notes.length ? { move: step.move, notes } : null;
}

/**
 * Advanced Wound Trauma (GnG Appendix 1): the Fortitude save the last step's damage called for,
 * rolled by the GM for the damaged side (src/cards/wound-trauma/); the effect's origin is the side
 * that made the move, unless it hurt itself (pulling out the lodged weapon). Undo of the step takes
 * the save and its effect back (grapple-undo.ts).
 */
async function woundTraumaSave({ message, state }: Run, { actorFor }: Sides): Promise<void> {
  const step = state.steps.at(-1) as GrappleStep;
  const damaged = woundTraumaSide(state) as GrappleSide;
  const origin = step.side === damaged ? null : actorFor(step.side).uuid;
  await rollWoundTrauma(message, actorFor(damaged), step.woundTrauma as WoundTrauma, origin);
}

/**
 * The grapple card's table. Undo (`undo`) reverts the last resolved step: a move with its answer
 * (`oppose`), a touch attack the attack of opportunity stopped, a throw with its distance
 * (`throwChoice`); the attack of opportunity (taken or declined) and the weapon choice are not undone.
 */
export const grappleCard = defineCard<GrappleCardState, GrappleTarget, GrappleAction>({
  query: GRAPPLE_QUERY,
  guard: capabilityGuard('gngGrapple', 'GNG.Model.Action.grapple', ['undo']),
  ...GRAPPLE_TYPED,
  save: saveGrappleCard,
  targets: () => SIDES,
  actors: (state) => [state.attacker.actorUuid, state.defender.actorUuid],
  // Also the other grapple cards holding its actors, and their actors: an escape ends those too.
  queueKeys: (_state, messageId) => grappleQueueKeys(messageId),
  refusals: {
    badRequest: 'GNG.Error.Attack.BadRequest',
    noCard: 'GNG.Grapple.Error.NoCard',
    // The targets are the two sides: naming anything else (or a side the action does not take) is malformed.
    unknownTarget: 'GNG.Error.Attack.BadRequest',
    notAllowed(name, user, state) {
      // G16: why this player may not undo the last step, while there is one to undo.
      const why =
        name === 'undo' && grappleActionAvailable('undo', state, false) ? undoRefusal(user, state) : null;
      return why
        ? new Refusal(why.key, why.data)
        : new Refusal('GNG.Grapple.Error.NotAllowed', { name: user.name });
    },
    unavailable: (name, state) => unavailable(name, state),
  },
  start: (data, sender, rollMode) => {
    requireCapability('gngGrapple', 'GNG.Model.Action.grapple');
    return startGrappleCard(data, sender, rollMode);
  },
  parseStart: parseGrappleStart,
  actions: {
    touch: action('touch', touch, { undoneBy: 'undo' }),
    damage: move('damage'),
    pin: move('pin'),
    choke: move('choke'),
    lock: move('lock'),
    throw: move('throw'),
    removeWeapon: move('removeWeapon'),
    escape: move('escape'),
    escapeArtist: move('escapeArtist'),
    pullWeapon: move('pullWeapon'),
    // Core "Break Another's Pin": an ally grappling the pinner checks for the pinned side (grapple-break-pin.ts).
    breakPin: action(
      'breakPin',
      ({ message, state, target, user, extra }, { actorFor, rolls }) =>
        startBreakPin(state, message.id as string, target.id, user, extra, actorFor, rolls),
      {
        parse: parseBreakPin,
        fields: (_button, state) => ({ allyUuid: breakPinAlly(state) }),
        undoneBy: 'undo',
      },
    ),
    oppose: action('oppose', answer, { undoneBy: 'undo' }),
    undo: action('undo', undo),
    // The attack itself is the defender's attack card against the grappler (grapple-aoo.ts links it).
    aoo: action('aoo', async ({ state, user }, { attacker }) => {
      state.aoo = { by: user.id as string, hp: hitPoints(attacker), messageId: null };
    }),
    // Also gives up a taken attack of opportunity that was never made (`grappleActionAvailable`).
    declineAoo: action('declineAoo', async ({ state, user }) => {
      state.aooDeclinedBy = user.id as string;
      state.aoo = null;
    }),
    weapon: action('weapon', chooseWeapon, {
      parse: weaponFields,
      fields: (button) => ({ itemId: button.dataset.itemId || null }),
    }),
    // The thrower's choice after a won Throw: how far (5 ft steps up to the maximum), keep or end.
    throwChoice: action(
      'throwChoice',
      ({ message, state, extra }, { attacker, defender }) =>
        chooseThrow(
          state,
          extra as { feet: number; keep: boolean },
          attacker,
          defender,
          message.id as string,
        ),
      {
        parse: throwFields,
        fields: (button) => ({ feet: Number(button.dataset.feet), keep: button.dataset.keep === 'true' }),
        undoneBy: 'undo',
      },
    ),
    woundTraumaSave: action('woundTraumaSave', woundTraumaSave, { undoneBy: 'undo' }),
  },
});

/** `CONFIG.queries['gng.grappleAction']`'s handler (runs on the active GM; `action: 'start'` posts a card). */
export const handleGrappleAction = grappleCard.handle;
