/**
 * The fight loop shared by the models whose defenses are static (Saga, issue #30; the Enlightened
 * Grognard, issue #31): the fighters from the snapshots, initiative and rounds as the GnG simulator's
 * (its decision on ties), each turn one attack at the first foe still up with the weapon of the
 * highest expected damage by the model's exact odds, and the result. What a model's fighter carries,
 * how it reads the creature of the moment, strikes and ends is the model's own (saga-fight.ts,
 * eg-fight.ts).
 */
import { weightedSum } from '../odds/distribution.js';
import type { AttackOdds, AttackOddsInput } from '../odds/attack-odds.js';
import { cachedBestAttack, type BestAttackCache } from '../simulate/best-attack.js';
import type { FightOptions } from '../simulate/fight.js';
import { strengthOf } from '../simulate/resolve-attack.js';
import { combatantOutcome, initiativeOrder, playRounds } from '../simulate/rounds.js';
import type {
  CombatantSnapshot,
  EndState,
  FightResult,
  FightSides,
  SideId,
  SimAttack,
  SimVariants,
} from '../simulate/types.js';
import type { DamageResult } from '../damage.js';
import { rollEach } from '../dice.js';
import type { DiceSource } from '../types.js';
import type {
  CombatModel,
  HealthOutcome,
  HealthVector,
  ModelAnalysis,
  ModelCreature,
  ModelDamageInput,
  Resolution,
} from './types.js';

/** A fight still going after this many rounds is a draw (the GnG simulator's cap). */
export const STATIC_ROUND_CAP = 100;

/** A combatant during one fight (a model adds what it tracks). */
export interface StaticFighter {
  snap: CombatantSnapshot;
  side: SideId;
  creature: ModelCreature;
  health: HealthVector;
  state: 'up' | 'down' | 'disabled' | 'dead';
  attacks: number;
  hits: number;
}

/**
 * A model's fight loop (the Saga, EG and TC models' own): {@link ModelAnalysis.fight} with the model
 * first. `policies` are GnG's (Block, called shots); a chapter without them ignores them.
 */
export type ModelFight = (model: CombatModel, ...fight: Parameters<ModelAnalysis['fight']>) => FightResult;

/** The snapshot's creature and health under the model (the glue's `snapshot.model`). */
export function snapshotModel(snap: CombatantSnapshot): { creature: ModelCreature; health: HealthVector } {
  const m = snap.model;
  if (!m) throw new RangeError(`combatant ${snap.id} has no snapshot for this combat model`);
  return { creature: { ...m.creature, statuses: new Set(m.creature.statuses) }, health: { ...m.health } };
}

/** The fighters of both sides, side a first, each as `make` builds it from its snapshot. */
export function staticFighters<F extends StaticFighter>(
  sides: FightSides,
  make: (
    snap: CombatantSnapshot,
    side: SideId,
    start: { creature: ModelCreature; health: HealthVector },
  ) => F,
): F[] {
  return (['a', 'b'] as const).flatMap((side) =>
    sides[side].map((snap) => make(snap, side, snapshotModel(snap))),
  );
}

/** The damage input of a simulated attack (no protection under these models). */
export function simDamageInput(attack: SimAttack, variants: SimVariants) {
  return {
    weaponBonus: attack.weaponBonus,
    strengthBonus: strengthOf(attack, variants),
    protection: 0,
    nonlethal: attack.nonlethal === true,
  };
}

/** The static defense `attack` meets on `creature`. */
export function staticDefense(model: CombatModel, attack: SimAttack, creature: ModelCreature): number {
  const spec = model.defenseAgainst({ mode: attack.mode, touch: attack.touch === true }, creature);
  if (spec.kind !== 'static') throw new RangeError(`combat model ${model.id} rolls its defense`);
  return spec.value;
}

/**
 * A hit's damage under `model`: the weapon's dice rolled with `dice`; a critical under a model whose
 * critical deals the weapon's maximum (`maxedCritical`: the EG and TC models) rolls none, each die
 * at its highest face.
 */
export function rollHitDamage(
  model: CombatModel,
  input: Omit<ModelDamageInput, 'weaponDice' | 'margin' | 'critical' | 'diceFaces'>,
  weapon: SimAttack['dice'],
  res: Pick<Resolution, 'margin' | 'critical'>,
  dice: DiceSource,
  maxedCritical: boolean,
): DamageResult {
  const maxed = maxedCritical && res.critical === true;
  const faces = new Array<number>(weapon.count).fill(weapon.faces);
  return model.damage({
    ...input,
    weaponDice: maxed ? faces : rollEach(dice, weapon.count, weapon.faces),
    ...(maxed ? { diceFaces: faces } : {}),
    margin: res.margin,
    critical: res.critical,
  });
}

/**
 * One attack of `f` at `target`, as the card resolves it under a static-defense model: d20 + the
 * attack's bonus + `how.bonus` (what the attacker's state adds) against the static defense of
 * `how.defender` (the target's creature of the moment), a hit's damage ({@link rollHitDamage}) landing
 * on `how.landsOn`, the target's health and `how.stateOf` the outcome.
 */
export function staticStrike(
  model: CombatModel,
  f: StaticFighter,
  target: StaticFighter,
  attack: SimAttack,
  variants: SimVariants,
  dice: DiceSource,
  how: {
    bonus: number;
    defender: ModelCreature;
    landsOn: ModelCreature;
    maxedCritical: boolean;
    stateOf: (o: HealthOutcome) => StaticFighter['state'];
  },
): void {
  const natural = dice.roll(20);
  const res = model.resolve(
    natural + attack.bonus + how.bonus,
    staticDefense(model, attack, how.defender),
    natural,
  );
  f.attacks += 1;
  if (!res.hit) return;
  f.hits += 1;
  const d = rollHitDamage(model, simDamageInput(attack, variants), attack.dice, res, dice, how.maxedCritical);
  const o = model.applyDamage(target.health, { lethal: d.lethal, nonlethal: d.nonlethal }, how.landsOn, {
    nonlethalAttack: attack.nonlethal === true,
  });
  target.health = o.after;
  target.state = how.stateOf(o);
}

const bestCache: BestAttackCache = new WeakMap();

/**
 * The attack of `f` with the highest expected damage against `target` as the fight begins, by the
 * model's exact `odds` (ties: the first); `creatureNow` reads a creature with its health.
 */
export function bestStaticAttack(
  model: CombatModel,
  odds: (model: CombatModel, input: AttackOddsInput) => AttackOdds,
  creatureNow: (f: { creature: ModelCreature; health: HealthVector }) => ModelCreature,
  f: StaticFighter,
  target: StaticFighter,
  variants: SimVariants,
): SimAttack | null {
  const key = `${model.id}|${target.snap.id}|${variants.strengthBonusLimitation === true}`;
  return cachedBestAttack(bestCache, f.snap, key, (attack) => {
    const start = snapshotModel(target.snap);
    const o = odds(model, {
      attack: { bonus: attack.bonus },
      defense: { bonus: staticDefense(model, attack, creatureNow(start)) },
      damage: { weaponDice: attack.dice, ...simDamageInput(attack, variants) },
      target: { hp: target.snap.hp, size: target.snap.size },
      model: { health: start.health, creature: creatureNow(start) },
    });
    return weightedSum(o.damage.final);
  });
}

/** How a fight ends for a fighter, from its statuses under the model. */
export function staticEndState(
  statuses: readonly string[],
  disabled: boolean,
  state: StaticFighter['state'],
): EndState {
  if (statuses.includes('dead')) return 'dead';
  if (statuses.includes('dying')) return statuses.includes('stable') ? 'stable' : 'dying';
  if (disabled) return 'disabled';
  return state === 'down' ? 'unconscious' : 'standing';
}

/**
 * Initiative (then `hooks.initiative` on the order), rounds of turns until a side has no one up or the
 * round cap (`options.roundCap`, default {@link STATIC_ROUND_CAP}): a fighter still up `hooks.turn`s against the first foe still up. The result with each
 * fighter's `hooks.endState`.
 */
export function playStaticFight<F extends StaticFighter>(
  fighters: F[],
  dice: DiceSource,
  options: FightOptions,
  hooks: { initiative?: (order: F[]) => void; turn: (f: F, target: F) => void; endState: (f: F) => EndState },
): FightResult {
  const order = initiativeOrder(fighters, dice);
  hooks.initiative?.(order);
  const { winner, rounds } = playRounds(
    order,
    (f) => f.state === 'up',
    options.roundCap ?? STATIC_ROUND_CAP,
    (f) => {
      if (f.state !== 'up') return;
      const target = fighters.find((o) => o.side !== f.side && o.state === 'up');
      if (target) hooks.turn(f, target);
    },
  );
  return {
    winner,
    rounds,
    combatants: fighters.map((f) =>
      combatantOutcome(f, {
        hp: f.health.value ?? 0,
        nonlethal: f.health.nonlethal ?? 0,
        state: hooks.endState(f),
      }),
    ),
  };
}
