/**
 * The state of one attack card, stored in the chat message's `flags.gng.attack`, and who may do what
 * with it. The card is always rendered from this state (never from memory), and the GM's query
 * handler re-derives every number from it and from the documents it names.
 */
import type { CardSagaTurn } from './saga-turn-spend.js';
import { systemPath } from '../../config/document-types.js';
import type {
  AttackerCondition,
  CalledShotEffect,
  CriticalKind,
  DamageCondition,
  DamageSteps,
  Grip,
  NonlethalCondition,
  Size,
} from '../../rules/index.js';
import { strikeResolves } from '../../rules/index.js';
import { woundTraumaPending, type WoundTrauma } from '../shared/wound-trauma.js';
import { owns, type UndoNote } from '../kernel/index.js';
import type { AbortUndo } from '../kernel/undo-fields.js';
import {
  aooPending,
  conditionEffectsAt,
  defenderRolledAfterApply,
  hasAborts,
  isBlocked,
  penetrationPending,
} from './attack-target-checks.js';
import { EG_CARD_ACTIONS, egActionAvailable, egUserMayAct } from './eg-card-state.js';
import type { AttackOptions } from './attack-options.js';
import type { HitPointRecord } from '../../combat/hp-loss.js';
import type { CardDamageInstance, CardFire } from './firearms.js';
import type { CardScattershot } from './scattershot.js';
import type { CardStrike } from './strike-state.js';

export type { CardStrike, CardStrikeResult, CardStrikeRoll } from './strike-state.js';

/** The card's template: loaded on `init`, rendered by the GM's client when it writes a card (attack-render.ts). */
export const ATTACK_CARD_TEMPLATE = systemPath('templates/chat/attack-card.hbs');

/** One line of a breakdown: `label` is a lang key (or plain text), `value` the signed number. */
export interface CardPart {
  label: string;
  value: number;
}

export type CardTargetKind = 'creature' | 'object' | 'unnamed';

export interface CardDefense {
  /**
   * `roll`: d20 + Defense; `gm`: a total the GM entered; `object`: a stationary object's fixed Defense;
   * `static`: the combat model's static defense (no Defense step; issue #26).
   */
  source: 'roll' | 'gm' | 'object' | 'static';
  /** `static`: the model's id of the defense (its name's lang key `GNG.Model.Defense.<id>`). */
  id?: string;
  /** The d20 (null when nothing was rolled). */
  natural: number | null;
  bonus: number;
  total: number;
  autoRollOne: boolean;
  mode: 'melee' | 'ranged';
  parts: CardPart[];
  /** Lang keys (or plain text) of reminders: lost bonuses, the automatic 1 … */
  notes: string[];
}

export interface CardDamage {
  formula: string;
  dice: number[];
  steps: DamageSteps;
  final: number;
  lethal: number;
  nonlethal: number;
  /** At least one point got through: special effects (stun, poison …) may apply. */
  specialEffects: boolean;
  bypass: 'none' | 'piercing' | 'ignoring';
  /** Protection after the bypass, part by part. */
  protectionParts: CardPart[];
  /**
   * Rolled by the `autoRollDamage` setting right after the hit (not by a click): Block stays
   * available until the damage is applied (decision "Block with auto-rolled damage").
   */
  automatic?: boolean;
  /** Firearms: the separate hits, each through Protection (the fields above are their sums). */
  instances?: CardDamageInstance[];
}

export interface CardApplied {
  /** The user whose request applied it. */
  by: string;
  hpLost: number;
  hp: { before: number; after: number };
  temp: { before: number; after: number };
  nonlethal: { before: number; after: number };
  trauma: boolean;
  condition: DamageCondition;
  nonlethalCondition: NonlethalCondition;
  injury: string;
  /** Statuses this card set (undo removes exactly these). */
  statusesAdded: string[];
  /** The status effects this card created, by status (Undo deletes exactly these; absent on older cards). */
  effectIds?: Record<string, string>;
  /** Trauma: the combatant's trauma flag before Apply set it (undo restores it; null: not in combat). */
  traumaFlagBefore?: boolean | null;
  /** The target's values before the damage (undo restores them). */
  snapshot: { value: number; temp: number; nonlethal: number };
  /** Advanced Wound Trauma: the Fortitude save this damage calls for (absent or null: none). */
  woundTrauma?: WoundTrauma | null;
}

/** A Block the defender took against this attack (src/cards/attack/attack-aborts.ts). */
export interface CardBlock {
  /** The user whose request took it. */
  by: string;
  /** A Breaking Block (the feat: −4, deals damage without RD when it wins). */
  breaking: boolean;
  weapon: string;
  /** The blocking weapon's item id on the defender (the Riposte attacks with it). */
  weaponId?: string;
  natural: number;
  chainDice: number[];
  chainAdjustment: number;
  /** The blocker's attack bonus with the weapon (the roll is d20 + bonus + chain). */
  bonus: number;
  /** How the attack is blocked (engine `BlockVia`) and that route's modifier. */
  via: string;
  blockerTotal: number;
  attackerTotal: number;
  margin: number;
  blocked: boolean;
  riposte: boolean;
  /** The Riposte follow-up was taken (the user whose request started it); offered once. */
  riposteBy?: string | null;
  breakingBlockDamage: boolean;
  paidWith: 'free' | 'move' | 'attack' | 'none';
  /** What Undo reads besides `paidWith` (older cards kept it on the abort: attack-read.ts). */
  undo: CardAbortUndo;
}

/** An abort's Undo record: what it paid from (Undo gives back exactly `paidWith` while `epoch` holds). */
export interface CardAbortUndo extends AbortUndo {
  /** Roll with Blow: the damage's lethal/nonlethal split before the conversion (Undo restores it). */
  damageBefore?: { lethal: number; nonlethal: number };
}

/** A Roll with Blow the defender took against this hit. */
export interface CardRollWithBlow {
  by: string;
  natural: number;
  /** The defender's Tumble bonus. */
  bonus: number;
  tumbleTotal: number;
  attackTotal: number;
  margin: number;
  converted: number;
  paidWith: 'free' | 'move' | 'attack' | 'none';
  undo: CardAbortUndo & { damageBefore: { lethal: number; nonlethal: number } };
}

/** The abort actions the defender took against this attack (each at most once). */
export interface CardAborts {
  block?: CardBlock | null;
  rollWithBlow?: CardRollWithBlow | null;
}

/** A saving throw the GM rolled for a called shot (engine `savingThrow`: natural 20 / 1). */
export interface CardSave {
  natural: number;
  bonus: number;
  total: number;
  dc: number;
  success: boolean;
}

/** One condition effect a failed Fortitude save applied (Undo deletes `effectId`). */
export interface CardCalledShotApplied {
  effect: CalledShotEffect;
  statuses: string[];
  /** The duration's dice as printed ("1d4+1"), the dice rolled and the rounds (null: until recovered). */
  formula: string | null;
  dice: number[];
  rounds: number | null;
  effectId: string | null;
}

/** Vital Strike's extra HP loss; `record` is what Undo takes back (absent on older cards). */
export type CardVitalStrike = { hpLost: number; statusesAdded: string[]; record?: HitPointRecord } | null;

/** The called shot against this target (src/cards/attack/called-shots.ts). */
export interface CardCalledShot {
  effects: CalledShotEffect[];
  /** Chosen effects the target's anatomy is immune to (shown, never rolled for). */
  immune: CalledShotEffect[];
  /** The called shot provokes an attack of opportunity from this target (no feat removed it). */
  provokes: boolean;
  /** The user whose request took the attack of opportunity (offered once). */
  aooBy?: string | null;
  /** The user whose request declined it: the attack goes on without it. */
  aooDeclinedBy?: string | null;
  /** The ranged attack was fired within this target's reach: it provokes (scattershot.ts). */
  ranged?: boolean;
  /** Penetration: the Reflex save (DC 10 + RD) the damage step waits for. */
  penetration?: { save: CardSave | null } | null;
  /** Condition effects: the Fortitude save after Apply (DC 10 + damage dealt). */
  condition?: {
    save: CardSave;
    applied: CardCalledShotApplied[];
    /** Vital Strike's extra HP loss (the damage dealt again) on a failed save. */
    vitalStrike: CardVitalStrike;
    /** Stab and Grab took place: the grapple card it opened and the weapon lodged in the target. */
    stabAndGrab?: { grappleMessageId: string | null; lodgedWeaponId: string } | null;
  } | null;
}

export interface CardTarget {
  /** Stable id of the target on this card (the token id, or `unnamed` / `object`). */
  id: string;
  kind: CardTargetKind;
  name: string;
  actorUuid: string | null;
  tokenId: string | null;
  object: { size: Size; moving: boolean } | null;
  /** Set when the attack is a coup de grace: whether it works on this target, and why not. */
  coupDeGrace: { allowed: boolean; reason: string | null } | null;
  defense: CardDefense | null;
  /**
   * `critical` / `fumble`: a critical hit or fumble the card's model counts apart from the margin
   * (issue #26; written only when true, never under GnG, whose criticals are the d10 chains).
   */
  result: {
    hit: boolean;
    relativeDegree: number;
    automatic: boolean;
    critical?: boolean;
    fumble?: boolean;
  } | null;
  damage: CardDamage | null;
  applied: CardApplied | null;
  /** What the last Undo could not take back (lang keys and data; an older card's localized strings). */
  undoNotes?: (UndoNote | string)[];
  /** Aborts a GM's Undo took back: their side does not take (and roll) them again; only a GM may. */
  undoneAborts?: ('block' | 'rollWithBlow')[];
  /** Block / Roll with Blow taken (absent on cards made before aborts existed). */
  aborts?: CardAborts;
  /** The called shot's state against this target (absent without a called shot). */
  calledShot?: CardCalledShot;
  /** The breaking strike or nerve strike against this target (absent without one). */
  strike?: CardStrike;
}

export interface AttackCardState {
  version: 1;
  attacker: { actorUuid: string; name: string };
  weapon: {
    itemUuid: string;
    itemId: string;
    name: string;
    mode: 'melee' | 'ranged';
    grip: Grip | 'ranged';
    touch: boolean;
    bypass: 'none' | 'piercing' | 'ignoring';
    damage: string;
  };
  options: AttackOptions;
  attack: {
    formula: string;
    natural: number;
    critical: CriticalKind | null;
    chainDice: number[];
    chainAdjustment: number;
    bonus: number;
    parts: CardPart[];
    total: number;
    /** The attacker's conditions when attacking (the invisible attacker's effect on Defense). */
    attackerConditions: AttackerCondition[];
  };
  targets: CardTarget[];
  /**
   * The scene of the fight: the first targeted token's (else the attacker's token's), recorded when
   * the card is created (older cards: none; then the attacker's own token counts).
   */
  sceneId?: string | null;
  /** Firearms: the fire mode, the shots, the rounds spent (src/cards/attack/firearms.ts). */
  fire?: CardFire;
  /** Scattershot: the range increment, the dice rolled, the targets allowed (scattershot.ts). */
  scattershot?: CardScattershot;
  /** The combat model the card was posted under (absent: GnG; model-guard.ts). */
  model?: string;
  /** Saga-style model: the attacker's action this attack spent on its turn (saga-turn-spend.ts). */
  sagaTurn?: CardSagaTurn;
}

/** The actions of an attack card (the `data-action` of its buttons). */
export const CARD_ACTIONS = [
  'rollDefense',
  'setDefense',
  'rollDamage',
  'applyDamage',
  'undoDamage',
  'block',
  'rollWithBlow',
  'riposte',
  'penetrationSave',
  'conditionSave',
  'attackOfOpportunity',
  'declineAttackOfOpportunity',
  'strike',
  'woundTraumaSave',
  'undoAborts',
  'undoAttack',
  'tcConsciousness',
  // The Enlightened Grognard model's token steps (eg-card-state.ts, eg-steps.ts).
  ...EG_CARD_ACTIONS,
] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

// The reader of a card (typed, else from before issue #34): attack-read.ts.
export { ATTACK_TYPE, cardState, legacyAttackState } from './attack-read.js';

/**
 * Whether `user` may take `action` on `target` of this card (the same rule hides the buttons and
 * guards the GM's handler): Roll Defense — the defender's owners (a moving object: the attacker's
 * owners); the unnamed defender's Defense — the GM; Roll Damage, Apply, Undo — the attacker's owners.
 * A GM may do everything.
 */
export function userMayAct(
  user: User,
  action: CardAction,
  state: AttackCardState,
  target: CardTarget,
): boolean {
  if (user.isGM) return true;
  switch (action) {
    case 'setDefense':
      return false;
    case 'rollDefense':
      return target.kind === 'object' && !target.actorUuid
        ? owns(user, state.attacker.actorUuid)
        : owns(user, target.actorUuid);
    case 'rollDamage':
    case 'applyDamage':
      return owns(user, state.attacker.actorUuid);
    case 'undoDamage':
      // Once the defender has rolled against what Apply did (a save, a strike's check), the
      // attacker's side no longer undoes it: Undo and Apply again would roll it again (the GM may).
      return owns(user, state.attacker.actorUuid) && !defenderRolledAfterApply(target);
    case 'undoAborts':
      // Nobody undoes another side's abort, and the side that lost a contested roll does not undo it.
      return false;
    case 'block':
    case 'rollWithBlow':
      return (
        target.kind === 'creature' && owns(user, target.actorUuid) && !target.undoneAborts?.includes(action)
      );
    case 'riposte':
    case 'penetrationSave':
    case 'conditionSave':
    case 'attackOfOpportunity':
    case 'declineAttackOfOpportunity':
    case 'strike':
      return target.kind === 'creature' && owns(user, target.actorUuid);
    case 'woundTraumaSave':
    case 'tcConsciousness':
      return owns(user, target.actorUuid);
    case 'undoAttack':
      return owns(user, state.attacker.actorUuid);
    default:
      // The EG model's token steps (eg-card-state.ts).
      return egUserMayAct(action, user, state, target);
  }
}

/** Whether the card's state allows `action` on `target` now (independent of who asks). */
export function actionAvailable(action: CardAction, target: CardTarget): boolean {
  switch (action) {
    case 'rollDefense':
      return target.kind !== 'unnamed' && target.defense === null && target.result === null;
    case 'setDefense':
      return target.kind === 'unnamed' && target.defense === null && target.result === null;
    case 'rollDamage':
      // A provoked attack of opportunity comes first: taken or declined before the damage.
      return (
        target.result?.hit === true &&
        target.damage === null &&
        !isBlocked(target) &&
        !penetrationPending(target) &&
        !aooPending(target)
      );
    case 'applyDamage':
      // A successful Block voids damage rolled before it (auto-rolled damage): nothing to apply.
      return (
        target.damage !== null &&
        target.applied === null &&
        target.actorUuid !== null &&
        !isBlocked(target) &&
        !aooPending(target)
      );
    case 'undoDamage':
      // Only damage that was applied can be undone (an Undo before it would erase the defender's aborts).
      return target.applied !== null;
    case 'undoAborts':
      return target.applied === null && hasAborts(target);
    case 'block':
      // After the attack roll hit, before damage; once per attack. Damage the `autoRollDamage`
      // setting rolled does not close the window: Block stays until that damage is applied (and
      // until a Roll with Blow, which comes after a Block).
      return (
        target.kind === 'creature' &&
        target.actorUuid !== null &&
        target.result?.hit === true &&
        !target.result.automatic &&
        (target.damage === null || (target.damage.automatic === true && target.applied === null)) &&
        !target.aborts?.block &&
        !target.aborts?.rollWithBlow
      );
    case 'rollWithBlow':
      // Once the damage is known and before it is applied; also after a failed Block.
      return (
        target.kind === 'creature' &&
        target.actorUuid !== null &&
        target.damage !== null &&
        target.damage.lethal > 0 &&
        target.applied === null &&
        !isBlocked(target) &&
        !target.aborts?.rollWithBlow
      );
    case 'riposte':
      // After a successful melee Block by a defender with the Riposte feat; once.
      return (
        target.kind === 'creature' &&
        target.actorUuid !== null &&
        target.aborts?.block?.blocked === true &&
        target.aborts.block.riposte === true &&
        !target.aborts.block.riposteBy
      );
    case 'penetrationSave':
      // After the hit, before damage; the damage step waits for it.
      return (
        target.kind === 'creature' &&
        target.actorUuid !== null &&
        target.result?.hit === true &&
        target.damage === null &&
        !isBlocked(target) &&
        penetrationPending(target)
      );
    case 'conditionSave':
      // After Apply, when at least 1 HP got through and some chosen effect can take place.
      return (
        target.kind === 'creature' &&
        target.applied !== null &&
        (target.damage?.final ?? 0) >= 1 &&
        conditionEffectsAt(target).length > 0 &&
        !target.calledShot?.condition
      );
    case 'attackOfOpportunity':
    case 'declineAttackOfOpportunity':
      return target.kind === 'creature' && target.actorUuid !== null && aooPending(target);
    case 'strike':
      // After Apply: the save or opposed check of a breaking / nerve strike, once.
      return (
        target.kind === 'creature' &&
        target.actorUuid !== null &&
        target.applied !== null &&
        target.strike !== undefined &&
        target.strike.result === null &&
        strikeResolves(target.strike.id, target.damage?.final ?? 0)
      );
    case 'woundTraumaSave':
      // After Apply, under Advanced Wound Trauma: the Fortitude save the HP loss called for, once.
      return target.actorUuid !== null && woundTraumaPending(target.applied?.woundTrauma);
    case 'tcConsciousness':
      // The Time Count model: after Apply, the Constitution check owed, once (tc-steps.ts).
      return Boolean(target.applied && target.tc?.consciousness && !target.tc.consciousness.roll);
    case 'undoAttack':
      // Per target; the card's own check (`attackTakenBackAllowed`) asks it of every target.
      return (
        target.applied === null && !hasAborts(target) && !target.calledShot?.aooBy && !target.strike?.result
      );
    default:
      // The EG model's token steps (eg-card-state.ts).
      return egActionAvailable(action, target);
  }
}

// The target checks (attack-target-checks.ts) this module uses, and Block's weapons, for the card's users.
export { aooPending, conditionEffectsAt, defenderRolledAfterApply, hasAborts, isBlocked, penetrationPending };
export { blockWeapons } from './attack-target-checks.js';
