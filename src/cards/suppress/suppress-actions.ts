/**
 * The suppressing fire card (GnG SPECIAL ATTACKS › SUPPRESSING FIRE). `game.gng.suppress(actor,
 * weapon, { area })` asks the active GM (`gng.suppressAction`, `action: 'start'`), who checks the
 * sender owns the shooter, the text's prerequisites (Martial Weapons Proficiency (firearms): the
 * Martial Weapons Proficiency (firearms) feat; a self-loading weapon: fire modes semi or auto), spends the
 * full-round action in combat, rolls and spends the wasted shots (1d10 + 10; fully automatic
 * 2d10 + 20) and posts the card. The area is held until the shooter's next turn start
 * ({@link endSuppressionAtTurnStart}, from GnGCombat) or until the weapon runs dry.
 *
 * Triggers: a token whose move passes through the area or moves 5 ft in it (the `moveToken` hook on
 * the active GM's client: the move's whole path, its origin and the waypoints it passed), or a
 * creature in it the GM says acts there (the card's "acts in the area" button — Foundry has no event
 * for a creature's actions). The trigger's steps are in suppress-shot.ts; the
 * state and who may do what in suppress-state.ts; the rendering in suppress-render.ts.
 */
import { hasMartialFirearms } from '../../combat/firearms-proficiency.js';
import { refundTurnAttack } from '../../combat/action-budget.js';
import { SYSTEM_ID } from '../../config/document-types.js';
import { distanceFeet, inArea, segmentEntersArea, suppressingFire, type Point } from '../../rules/index.js';
import { returnRounds, roundsOf, spendRounds, type RoundsSpent } from '../../combat/ammunition.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import { abortShown } from '../../combat/abort-gate.js';
import {
  actorOf,
  askGM,
  defineCard,
  noteUndo,
  postCard,
  postInQueue,
  Refusal,
  saveCard as saveTyped,
  serialized,
  type CardActionResult,
  type CardActionSpec,
  type CardRun,
  withRollMode,
  type RollMode,
  type UndoNote,
  isGMMessage,
} from '../kernel/index.js';
import {
  areaFromRequest,
  parseSuppressStart,
  drawArea,
  eraseArea,
  onScene,
  spendFullRound,
  tokenCentreFeet,
} from './suppress-area.js';
import { combatOf, tokenOf, tokensOn } from '../../combat/scene-lookup.js';
import {
  CARD_TARGET,
  SUPPRESS_QUERY,
  legacySuppressState,
  suppressState,
  suppressUserMay,
  triggerActionAvailable,
  type Occupant,
  type SuppressAction,
  type SuppressCardState,
  type SuppressTrigger,
  type TriggerCause,
} from './suppress-state.js';
import * as steps from './suppress-shot.js';
import { renderSuppressCard } from './suppress-render.js';
import { offerOpportunities } from '../opportunity/opportunity-start.js';
import { capabilityGuard, refusedHere, requireCapability } from '../model-guard.js';
import { stepRefusals } from '../shared/card-refusals.js';

export {
  SUPPRESS_QUERY,
  suppressState,
  type SuppressCardState,
  type SuppressTrigger,
} from './suppress-state.js';

/** "Every time a target moves 5 feet within your target area, it must make the Reflex save." */
const MOVE_FEET = 5;
const creature = (actor: Actor) => actor.system;

/** The area as the API takes it: an aisle along `direction` (degrees, 0 = east, 90 = south) or a square from `corner` (scene pixels). */
export type SuppressArea =
  { shape: 'aisle'; direction: number } | { shape: 'square'; corner: { x: number; y: number } };
export interface SuppressOptions {
  area: SuppressArea;
  /** 'auto' (default when the weapon can) or 'semi'. */
  mode?: 'semi' | 'auto';
}

/* -------------------------------------------------------------------------- */
/*  Start                                                                      */
/* -------------------------------------------------------------------------- */

/** The prerequisites of the text, checked on the GM's client from the documents. */
function checkPrerequisites(actor: Actor, weapon: Item, mode: unknown): boolean {
  if (!hasMartialFirearms(actor)) throw new Refusal('GNG.Suppress.Error.Proficiency', { name: actor.name });
  const modes = (weapon.system as unknown as { firearm?: { fireModes?: string[] } }).firearm?.fireModes ?? [];
  const semi = modes.includes('semi');
  const auto = modes.includes('auto');
  if (!semi && !auto) throw new Refusal('GNG.Suppress.Error.NotSelfLoading', { weapon: weapon.name });
  if (mode === 'auto' && !auto) throw new Refusal('GNG.Suppress.Error.NoAuto', { weapon: weapon.name });
  if (mode === 'semi' && !semi) throw new Refusal('GNG.Suppress.Error.NoSemi', { weapon: weapon.name });
  if (!creature(actor).derived.attacks.some((a) => a.itemId === weapon.id))
    throw new Refusal('GNG.Suppress.Error.NotEquipped', { weapon: weapon.name });
  return mode === 'auto' || (mode === undefined && auto);
}

/** The creatures in the area when it is claimed: the tokens of the area's scene, not the shooter's. */
function occupantsOf(state: SuppressCardState, scene: Scene | null): Occupant[] {
  const out: Occupant[] = [];
  for (const token of tokensOn(scene)) {
    const actor = token.actor;
    if (!actor || actor.uuid === state.shooter.actorUuid) continue;
    const at = tokenCentreFeet(token);
    if (inArea(state.area, at))
      out.push({ tokenId: token.id, actorUuid: actor.uuid, name: token.name || actor.name, at });
  }
  return out;
}

async function startSuppress(
  data: Record<string, unknown>,
  sender: User,
  rollMode: RollMode,
): Promise<ChatMessage> {
  const found = await actorOf(data.actorUuid as string);
  if (!found) throw new Refusal('GNG.Error.Card.BadRequest');
  return postInQueue([found.uuid], async () => {
    const actor = (await actorOf(found.uuid)) as Actor;
    if (!actor.testUserPermission(sender, 'OWNER'))
      throw new Refusal('GNG.Suppress.Error.NotOwner', { name: actor.name });
    const weapon = actor.items.get(data.weaponId as string);
    if (!weapon || weapon.type !== 'weapon') throw new Refusal('GNG.Error.Card.BadRequest');
    const fullyAutomatic = checkPrerequisites(actor, weapon, data.mode);
    // A weapon that counts no rounds (capacity 0) never runs dry, as on the attack card.
    const rounds = roundsOf(weapon);
    if (rounds && rounds.loaded < 1)
      throw new Refusal('GNG.Ammunition.Empty', { weapon: weapon.name, loaded: 0, needed: 1 });
    // The shooter's token document (its combatant's, on its combat's scene), whatever scene the GM views.
    const token = tokenOf(actor);
    const scene = token?.parent ?? null;
    const area = areaFromRequest(data.area, token, weapon);
    const derived = creature(actor).derived;
    const turn = await spendFullRound(actor);
    let spent: RoundsSpent | null = null;
    let message: ChatMessage | null | undefined;
    try {
      const { result: fire, rolls } = await withFoundryDice(10, (dice) =>
        suppressingFire({
          fullyAutomatic,
          ammo: rounds ? rounds.loaded : Number.MAX_SAFE_INTEGER,
          baseAttackBonus: derived.bab,
          dexterityModifier: derived.abilities.dex.mod,
          martialFirearms: true,
          dice,
        }),
      );
      spent = await spendRounds(weapon, fire.shotsWasted);
      const state: SuppressCardState = {
        version: 1,
        shooter: { actorUuid: actor.uuid, name: actor.name, tokenId: token?.id ?? null },
        weapon: { uuid: weapon.uuid, name: weapon.name },
        fullyAutomatic,
        area,
        rolled: fire.rolled,
        shotsWasted: fire.shotsWasted,
        reflexDc: fire.reflexDc,
        freeAttackPenalty: fire.freeAttackPenalty,
        shotsPerFreeAttack: fire.shotsPerFreeAttack,
        spent,
        turn,
        round: turn ? (combatOf(actor)?.round ?? null) : null,
        active: fire.active,
        template: null,
        sceneId: scene?.id ?? null,
        endedBy: fire.active ? null : 'ammo',
        occupants: [],
        triggers: [],
        undone: false,
      };
      state.occupants = occupantsOf(state, scene);
      message = await postCard(
        'suppress',
        state,
        withRollMode(
          {
            rolls,
            speaker: ChatMessage.getSpeaker({ actor }),
            // The card's kind, read by the forged-card check (not its state).
            flags: { [SYSTEM_ID]: { type: 'suppressCard' } },
          },
          rollMode,
          sender,
        ),
      );
      // The area on the map, while it is held (deleted when it ends: saveCard).
      if (message && state.active) {
        state.template = await drawArea(state.area, message.id as string, scene);
        if (state.template) await saveCard(message, state);
      }
    } finally {
      // No card (a module cancelled its message, or it failed): the rounds and the action go back.
      if (!message) {
        await returnRounds(spent);
        await refundTurnAttack(actor, turn);
      }
    }
    if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
    Hooks.callAll('gng.suppressingFire', message);
    await offerOpportunities(actor, message.id as string);
    return message;
  });
}

/* -------------------------------------------------------------------------- */
/*  The card's table                                                           */
/* -------------------------------------------------------------------------- */

type Target = { id: string; kind: 'card' | 'occupant' | 'trigger'; actorUuid: string | null };

function allTargets(state: SuppressCardState): Target[] {
  return [
    { id: CARD_TARGET, kind: 'card', actorUuid: null },
    ...state.occupants.map((o) => ({
      id: `o-${o.tokenId}`,
      kind: 'occupant' as const,
      actorUuid: o.actorUuid,
    })),
    ...state.triggers.map((tr) => ({ id: tr.id, kind: 'trigger' as const, actorUuid: tr.actorUuid })),
  ];
}
const ofKind = (kind: Target['kind']) => (state: SuppressCardState) =>
  allTargets(state).filter((target) => target.kind === kind);
const triggerOf = (state: SuppressCardState, target: Target) =>
  state.triggers.find((tr) => tr.id === target.id) as SuppressTrigger;

/** A step on one trigger: its side may, the state allows, then `run`. */
function triggerStep(
  action: SuppressAction,
  run: (message: ChatMessage, state: SuppressCardState, trigger: SuppressTrigger) => Promise<void>,
): CardActionSpec<SuppressCardState, Target> {
  return {
    targets: ofKind('trigger'),
    may: (user, state, target) => suppressUserMay(user, action, state, target.actorUuid),
    available: (state, target) => triggerActionAvailable(action, state, triggerOf(state, target)),
    run: ({ message, state, target }) => run(message, state, triggerOf(state, target)),
  };
}

function addTrigger(state: SuppressCardState, occupant: Occupant, cause: TriggerCause): void {
  state.triggers.push({
    id: `t${state.triggers.length + 1}`,
    tokenId: occupant.tokenId,
    actorUuid: occupant.actorUuid,
    name: occupant.name,
    cause,
    save: null,
    choice: null,
    shot: null,
    suppressedEffectId: null,
    undone: false,
  });
}

/** A creature that is suppressed is not shot at again ("may not direct free shots at a suppressed character"). */
function suppressedNow(actorUuid: string): boolean {
  const actor = fromUuidSync(actorUuid) as Actor | null;
  return actor?.statuses.has('suppressed') === true;
}

async function undoCard({ state }: CardRun<SuppressCardState, Target>): Promise<void> {
  const notes: (UndoNote | string)[] = [];
  for (const trigger of state.triggers)
    if (!trigger.undone) notes.push(...(await steps.undoTrigger(trigger)));
  notes.push(...(await returnRounds(state.spent)).map((key) => ({ key })));
  const shooter = await actorOf(state.shooter.actorUuid);
  if (state.turn && !(shooter && (await refundTurnAttack(shooter, state.turn))))
    notes.push({ key: 'GNG.Suppress.Undo.TurnGone' });
  state.active = false;
  state.endedBy = 'undo';
  state.undone = true;
  noteUndo(state, notes);
}

export const suppressCard = defineCard<SuppressCardState, Target, SuppressAction>({
  query: SUPPRESS_QUERY,
  guard: capabilityGuard('suppress', 'GNG.Model.Action.suppress', ['undo', 'undoTrigger']),
  type: 'suppress',
  render: renderSuppressCard,
  legacy: legacySuppressState,
  legacyFlag: 'suppress',
  targets: allTargets,
  actors: (state) => [
    state.shooter.actorUuid,
    ...state.triggers.map((tr) => tr.actorUuid),
    ...state.occupants.map((o) => o.actorUuid),
  ],
  // Its own save: an area no longer held loses its template first (then the kernel's).
  save: saveCard,
  refusals: stepRefusals('GNG.Suppress.Error', 'GNG.Error.Card.BadRequest'),
  actions: {
    actsInArea: {
      targets: ofKind('occupant'),
      may: (user) => user.isGM,
      available: (state, target) =>
        state.active && !state.undone && target.actorUuid !== null && !suppressedNow(target.actorUuid),
      async run({ state, target }) {
        const occupant = state.occupants.find((o) => `o-${o.tokenId}` === target.id) as Occupant;
        addTrigger(state, occupant, 'act');
      },
    },
    rollSave: triggerStep('rollSave', (message, state, trigger) => steps.rollSave(message, state, trigger)),
    becomeSuppressed: triggerStep('becomeSuppressed', async (message, _state, trigger) => {
      if (!trigger.shot) trigger.choice = 'suppressed';
      await steps.suppress(message, trigger);
    }),
    keepMoving: triggerStep('keepMoving', async (_message, _state, trigger) => {
      trigger.choice = 'keepMoving';
    }),
    freeShot: {
      ...triggerStep('freeShot', (message, state, trigger) => steps.freeShot(message, state, trigger)),
      available: (state, target) =>
        triggerActionAvailable('freeShot', state, triggerOf(state, target)) &&
        !suppressedNow(triggerOf(state, target).actorUuid),
      undoneBy: 'undoTrigger',
    },
    rollDefense: triggerStep('rollDefense', (message, _state, trigger) =>
      steps.rollDefense(message, trigger),
    ),
    diveForCover: {
      ...triggerStep('diveForCover', (message, _state, trigger) => steps.diveForCover(message, trigger)),
      // Hidden while the defender's budget refuses the abort (the GM's handler refuses it too).
      shown(user, state, target) {
        const trigger = triggerOf(state, target);
        if (!suppressUserMay(user, 'diveForCover', state, target.actorUuid)) return false;
        if (!triggerActionAvailable('diveForCover', state, trigger)) return true;
        const actor = fromUuidSync(trigger.actorUuid) as Actor | null;
        return Boolean(actor && abortShown(actor, 'dive-for-cover', { reflexAreaEffect: true }));
      },
      undoneBy: 'undoTrigger',
    },
    applyDamage: triggerStep('applyDamage', (message, state, trigger) =>
      steps.applyDamage(message, state, trigger),
    ),
    undoTrigger: triggerStep('undoTrigger', async (_message, _state, trigger) => {
      noteUndo(trigger, await steps.undoTrigger(trigger));
    }),
    endArea: {
      targets: ofKind('card'),
      may: (user) => user.isGM,
      available: (state) => state.active,
      async run({ state }) {
        state.active = false;
        state.endedBy = 'gm';
      },
    },
    undo: {
      targets: ofKind('card'),
      may: (user) => user.isGM,
      available: (state) => !state.undone,
      run: undoCard,
    },
  },
  start: (data, sender, rollMode) => {
    requireCapability('suppress', 'GNG.Model.Action.suppress');
    return startSuppress(data, sender, rollMode);
  },
  parseStart: parseSuppressStart,
});

/** Writes the state and its content; an area no longer held loses its template first. */
async function saveCard(message: ChatMessage, state: SuppressCardState): Promise<void> {
  if (!state.active && state.template) {
    await eraseArea(state.template);
    state.template = null;
  }
  await saveTyped(suppressCard.spec, message, state);
}

/* -------------------------------------------------------------------------- */
/*  Tokens moving, turns starting (active GM)                                  */
/* -------------------------------------------------------------------------- */

/** The cards whose area is held now (GM-authored). */
function activeCards(): ChatMessage[] {
  return game.messages.contents.filter((m) => isGMMessage(m) && suppressState(m)?.active === true);
}

/** A token's move: its centre at the move's origin, then at each waypoint it passed, in feet. */
export interface TokenMove {
  path: readonly Point[];
}

/** Whether the way along `path` runs into the area on one of its legs. */
function pathEntersArea(state: SuppressCardState, path: readonly Point[]): boolean {
  return path.some((to, i) => i > 0 && segmentEntersArea(state.area, path[i - 1] as Point, to));
}

/**
 * A token moved (active GM) along `move.path` (default: where it is now, no way travelled). On each
 * held area on the token's scene: a token whose way ran through the area on any leg of its path
 * (`segmentEntersArea`: it came in, or crossed it, even when it ends outside) gets an "enter"
 * trigger; one inside that moved 5 ft or more from where it last triggered gets a "move" trigger;
 * one that left is no longer in it. One move (a drag, however many waypoints) is one trigger.
 */
export async function onTokenMoved(doc: TokenDocument, move?: TokenMove): Promise<void> {
  const actor = doc.actor;
  if (!actor) return;
  const path = move?.path.length ? move.path : [tokenCentreFeet(doc)];
  const to = path[path.length - 1] as Point;
  for (const message of activeCards()) {
    const id = message.id as string;
    await serialized([id, actor.uuid], async () => {
      const fresh = game.messages.get(id);
      const stored = suppressState(fresh);
      if (!fresh || !stored?.active || actor.uuid === stored.shooter.actorUuid) return;
      if (!onScene(doc, stored.sceneId ?? stored.template?.sceneId ?? null)) return;
      const state = structuredClone(stored);
      const inside = inArea(state.area, to);
      const index = state.occupants.findIndex((o) => o.tokenId === doc.id);
      const occupant = state.occupants[index];
      const free = !suppressedNow(actor.uuid);
      if (!occupant) {
        if (!pathEntersArea(state, path)) return;
        const entered = {
          tokenId: doc.id as string,
          actorUuid: actor.uuid,
          name: doc.name || actor.name,
          at: to,
        };
        if (!inside && !free) return;
        if (inside) state.occupants.push(entered);
        if (free) addTrigger(state, entered, 'enter');
      } else if (!inside) state.occupants.splice(index, 1);
      else if (distanceFeet(occupant.at, to) >= MOVE_FEET) {
        occupant.at = to;
        if (free) addTrigger(state, occupant, 'move');
      } else return;
      await saveCard(fresh, state);
    });
  }
}

/** The shooter's next turn start (active GM, from GnGCombat): its areas are no longer held. */
export async function endSuppressionAtTurnStart(combat: Combat, combatant: Combatant): Promise<void> {
  const actor = combatant.actor;
  if (!actor) return;
  for (const message of activeCards()) {
    const state = suppressState(message) as SuppressCardState;
    if (state.shooter.actorUuid !== actor.uuid || state.round === null || combat.round <= state.round)
      continue;
    await serialized([message.id as string], async () => {
      const now = structuredClone(
        suppressState(game.messages.get(message.id as string)) as SuppressCardState,
      );
      if (!now.active) return;
      now.active = false;
      now.endedBy = 'turn';
      await saveCard(message, now);
    });
  }
}

/* -------------------------------------------------------------------------- */
/*  The asking client                                                          */
/* -------------------------------------------------------------------------- */

/** `game.gng.suppress(actor, weapon, options)`: asks the active GM to start suppressing fire. */
export function suppress(actor: Actor, weapon: Item, options: SuppressOptions): Promise<CardActionResult> {
  const refused = refusedHere('suppress', 'GNG.Model.Action.suppress');
  if (refused) return Promise.resolve(refused);
  return askGM(SUPPRESS_QUERY, {
    action: 'start',
    actorUuid: actor.uuid,
    weaponId: weapon.id,
    area: structuredClone(options?.area),
    ...(options?.mode ? { mode: options.mode } : {}),
  });
}

/** Asks the active GM to run `action` on `target` of the card (a trigger id, `o-<tokenId>` or `area`). */
export function requestSuppressAction(
  messageId: string,
  action: SuppressAction,
  target: string,
): Promise<CardActionResult> {
  return suppressCard.request(messageId, action, target);
}
