/**
 * The attack start request as it arrives at the GM (issue #34): the attacker, the weapon, the
 * choices and the targets, checked by schema (names, types, the engine's lists), so a hand-written
 * request carries nothing the dialog could not. Anything else is refused; nothing is dropped
 * silently. Each model's own choices get their schemas on the GM's side (attack-options-parse.ts
 * `parseModelChoices`, kept out of the start code); whether the documents allow it (ownership, the
 * weapon, the model) is the GM's steps'.
 */
import {
  CALLED_SHOT_EFFECTS,
  CONCEALMENT_DEGREES,
  GRIPS,
  RIP_SENSES_CHOICES,
  SIZES,
  SPECIAL_STRIKE_IDS,
} from '../../rules/index.js';
import { maybe, payload, Refusal, type PayloadField } from '../kernel/index.js';
import {
  DEFENDER_SITUATIONS,
  FIRE_CHOICES,
  type AttackOptions,
  type SituationalModifier,
} from './attack-options.js';
import type { TargetRef } from './attack-ask.js';

const SITUATIONAL: readonly SituationalModifier[] = ['flanking', 'higher-ground', 'squeezing'];
const BAD = 'GNG.Error.Attack.BadRequest';

/** The largest flat modifier a request may carry (the dialog's "other modifier"). */
export const MAX_FLAT_BONUS = 20;

/** The most targets one attack (and a concealment map) may name. */
const MAX_TARGETS = 50;

const OPTIONS = payload(
  {
    // GnG SNEAK ATTACK: the card counts the dice from the attacker's documents (sneak-attack.ts); a
    // request that names any (as older versions' choices did) is told so, whatever the number.
    sneakAttackDice: { kind: [], optional: true, error: 'GNG.Error.Attack.SneakAttackClaimed' },
    grip: maybe(GRIPS),
    situational: maybe(SITUATIONAL, { list: true }),
    defenderSituation: maybe(DEFENDER_SITUATIONS, { list: true }),
    touch: maybe('bool'),
    powerAttack: maybe('bool'),
    nonlethal: maybe('bool'),
    calledShots: maybe(CALLED_SHOT_EFFECTS, { list: true }),
    singleEdged: maybe('bool'),
    strike: maybe(
      payload(
        { id: SPECIAL_STRIKE_IDS, itemId: 'str?', sense: { kind: RIP_SENSES_CHOICES, optional: true } },
        BAD,
      ),
    ),
    bonus: maybe('int', { min: -MAX_FLAT_BONUS, max: MAX_FLAT_BONUS }),
    coupDeGrace: maybe('bool'),
    // Only a burst is controlled, to one of the text's sizes (who may is checked with the actor).
    fire: maybe(
      payload({ mode: FIRE_CHOICES, controlled: { kind: [3, 5, 10], optional: true } }, BAD, (f) => {
        if (f.controlled !== undefined && f.mode !== 'burst') throw new Refusal(BAD);
      }),
    ),
    // Per target token: one of the table's degrees (whether each id is a target is checked with the card).
    concealment: maybe(CONCEALMENT_DEGREES, { map: true, max: MAX_TARGETS }),
    intoMelee: maybe('bool'),
    fightingDefensively: maybe('bool'),
    offHand: maybe('key'),
    // Whose item it is, and that it is held, is checked with the targets (sunder.ts `checkSunder`).
    sunder: maybe(payload({ itemId: 'key' }, BAD)),
    // Each model's own choices: records here, their schemas on the GM (attack-options-parse.ts).
    saga: maybe('obj'),
    eg: maybe('obj'),
    tc: maybe('obj'),
    object: maybe(payload({ size: SIZES, moving: 'bool?' }, BAD)),
  } satisfies { [K in keyof AttackOptions | 'sneakAttackDice']-?: PayloadField },
  BAD,
);

/** The start request's fields, once its schema passed. */
export interface AttackStartRequest {
  actorUuid: string;
  weaponId: string;
  options?: Record<string, unknown>;
  targets?: TargetRef[] | null;
}

/** `gng.attackAction` `start`: the attacker, its weapon, the choices, the targeted tokens. */
export const parseAttackStart = payload(
  {
    actorUuid: 'str',
    weaponId: 'str',
    options: { kind: OPTIONS, optional: true },
    targets: maybe(payload({ tokenId: 'id', actorUuid: 'str' }, BAD), { list: true, max: MAX_TARGETS }),
  },
  BAD,
  ({ targets }) => {
    // One attack roll hits each defender once: no token twice, no actor under two token ids.
    const refs = (targets ?? []) as TargetRef[];
    if (new Set(refs.map((r) => r.tokenId)).size !== refs.length) throw new Refusal(BAD);
    if (new Set(refs.map((r) => r.actorUuid)).size !== refs.length)
      throw new Refusal('GNG.Error.Attack.DuplicateTarget');
  },
);
