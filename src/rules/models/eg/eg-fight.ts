/**
 * One simulated fight under the Enlightened Grognard model (seed 003; issue #31): initiative d20 +
 * bonus each fight, then rounds of turns until one side has no one left fighting, or the round cap (a
 * draw). Each turn a fighter still up spends its standard action on one attack at the first foe still
 * up, with the weapon of the highest expected damage by the exact odds (eg-odds.ts). Every rule is
 * the model's own: the static defense (`defenseAgainst`), `resolve` (a natural 20 hits for maximum
 * damage, a natural 1 misses), `damage`, `applyDamage` (bloodied once per encounter, disabled, dying,
 * Con damage) and `healthStatus`.
 *
 * The tokens, by a stated policy (docs/rules.md "Odds, turns and the simulator"): a PC gains 2 tokens
 * as it rolls initiative (003:491), of its best attack's type; NPCs gain none (003:472) and share one
 * pool per side (003:476–478); each attack spends every token of its type the attacker's pool holds,
 * proactively (+1 each, 003:379–383): power for a melee attack (Strength), speed for a ranged one
 * (Dexterity); no one spends tokens on a defense or after a roll.
 */
import { rollEach } from '../../dice.js';
import { weightedSum } from '../../odds/distribution.js';
import { strengthOf } from '../../simulate/resolve-attack.js';
import { initiativeOrder, playRounds } from '../../simulate/rounds.js';
import type { FightOptions, FightPolicies } from '../../simulate/fight.js';
import type {
  CombatantSnapshot,
  EndState,
  FightResult,
  FightSides,
  SideId,
  SimAttack,
  SimVariants,
} from '../../simulate/types.js';
import type { DiceSource } from '../../types.js';
import type { CombatModel, HealthVector, ModelCreature } from '../types.js';
import { abilityModifier } from '../../abilities.js';
import { egAttackOdds, egState } from './eg-odds.js';
import { constitutionScore, egLethalCondition, egNonlethalCondition, STABLE_STATUS } from './health.js';

/** A fight still going after this many rounds is a draw (the GnG simulator's cap). */
const ROUND_CAP = 100;

/** Tokens a PC gains as it rolls initiative (003:491 "Whenever you roll initiative, you gain 2 tokens"). */
export const EG_INITIATIVE_TOKENS = 2;

/** The token type an attack spends: power for a melee (Strength) attack, speed for a ranged (Dexterity) one (003:393–394, 406–407). */
export function egAttackTokenType(attack: Pick<SimAttack, 'mode'>): 'power' | 'speed' {
  return attack.mode === 'melee' ? 'power' : 'speed';
}

type Pool = { power: number; speed: number; insight: number };

/** A combatant during one fight. */
interface EgFighter {
  snap: CombatantSnapshot;
  side: SideId;
  creature: ModelCreature;
  health: HealthVector;
  state: 'up' | 'down' | 'disabled' | 'dead';
  pool: Pool;
  attacks: number;
  hits: number;
}

/** The snapshot's creature and health under the model (the glue's `snapshot.model`). */
function modelOf(snap: CombatantSnapshot): { creature: ModelCreature; health: HealthVector } {
  const m = snap.model;
  if (!m) throw new RangeError(`combatant ${snap.id} has no snapshot for this combat model`);
  return { creature: { ...m.creature, statuses: new Set(m.creature.statuses) }, health: { ...m.health } };
}

/**
 * The creature as the model reads it now: the Constitution damage of its health in its Constitution
 * (the modifier of the score after damage, which Fortitude reads).
 */
function creatureNow(f: Pick<EgFighter, 'creature' | 'health'>): ModelCreature {
  const abilities = f.creature.abilities;
  const con = abilities?.con;
  if (!con || !abilities) return f.creature;
  const damage = f.health.conDamage ?? 0;
  return {
    ...f.creature,
    abilities: { ...abilities, con: { score: con.score, damage, mod: abilityModifier(con.score - damage) } },
  };
}

/** The state a health vector leaves a fighter in (0 HP disabled, below 0 dying, dead, unconscious). */
function stateOf(f: Pick<EgFighter, 'health' | 'creature'>): EgFighter['state'] {
  const creature = creatureNow(f);
  const conDamage = f.health.conDamage ?? 0;
  const lethal = egLethalCondition(
    f.health.value ?? 0,
    conDamage,
    constitutionScore(creature, conDamage),
    creature.statuses.has(STABLE_STATUS),
  );
  const unconscious = egNonlethalCondition(f.health.value ?? 0, f.health.nonlethal ?? 0) === 'unconscious';
  return egState({
    statuses: unconscious ? ['unconscious'] : [],
    conditions: { lethal, nonlethal: unconscious ? 'unconscious' : 'normal' },
  });
}

function endStateOf(model: CombatModel, f: EgFighter): EndState {
  const statuses = model.healthStatus(f.health, creatureNow(f));
  if (statuses.includes('dead')) return 'dead';
  if (statuses.includes('dying')) return statuses.includes('stable') ? 'stable' : 'dying';
  if (f.state === 'disabled') return 'disabled';
  return f.state === 'down' ? 'unconscious' : 'standing';
}

function damageInput(attack: SimAttack, variants: SimVariants) {
  return {
    weaponBonus: attack.weaponBonus,
    strengthBonus: strengthOf(attack, variants),
    protection: 0,
    nonlethal: attack.nonlethal === true,
  };
}

/** The static defense `attack` meets on `f` now. */
function defenseOf(model: CombatModel, attack: SimAttack, f: EgFighter): number {
  const spec = model.defenseAgainst({ mode: attack.mode, touch: attack.touch === true }, creatureNow(f));
  if (spec.kind !== 'static') throw new RangeError(`combat model ${model.id} rolls its defense`);
  return spec.value;
}

const bestCache = new WeakMap<CombatantSnapshot, Map<string, SimAttack | null>>();

/** The attack with the highest expected damage against `target` as the fight begins, no tokens (ties: the first). */
function bestAttack(model: CombatModel, f: EgFighter, target: EgFighter, variants: SimVariants) {
  let byTarget = bestCache.get(f.snap);
  if (!byTarget) bestCache.set(f.snap, (byTarget = new Map()));
  const key = `${model.id}|${target.snap.id}|${variants.strengthBonusLimitation === true}`;
  if (byTarget.has(key)) return byTarget.get(key) ?? null;
  const start = modelOf(target.snap);
  let best: SimAttack | null = null;
  let bestMean = -1;
  for (const attack of f.snap.attacks) {
    const o = egAttackOdds(model, {
      attack: { bonus: attack.bonus },
      defense: { bonus: defenseOf(model, attack, { ...target, ...start }) },
      damage: { weaponDice: attack.dice, ...damageInput(attack, variants) },
      target: { hp: target.snap.hp, size: target.snap.size },
      model: { health: start.health, creature: creatureNow(start) },
    });
    const mean = weightedSum(o.damage.final);
    if (mean > bestMean) {
      best = attack;
      bestMean = mean;
    }
  }
  byTarget.set(key, best);
  return best;
}

/** One attack, as the card resolves it under the model, with the policy's tokens spent on it. */
function strike(
  model: CombatModel,
  f: EgFighter,
  target: EgFighter,
  attack: SimAttack,
  variants: SimVariants,
  dice: DiceSource,
): void {
  const type = egAttackTokenType(attack);
  const spent = f.pool[type];
  f.pool[type] = 0;
  const natural = dice.roll(20);
  const res = model.resolve(natural + attack.bonus + spent, defenseOf(model, attack, target), natural);
  f.attacks += 1;
  if (!res.hit) return;
  f.hits += 1;
  // A critical deals the weapon's maximum (003:134–135): its dice are not rolled.
  const faces = new Array<number>(attack.dice.count).fill(attack.dice.faces);
  const weaponDice = res.critical ? faces : rollEach(dice, attack.dice.count, attack.dice.faces);
  const d = model.damage({
    ...damageInput(attack, variants),
    weaponDice,
    ...(res.critical ? { diceFaces: faces } : {}),
    margin: res.margin,
    critical: res.critical,
  });
  const o = model.applyDamage(
    target.health,
    { lethal: d.lethal, nonlethal: d.nonlethal },
    creatureNow(target),
    {
      nonlethalAttack: attack.nonlethal === true,
    },
  );
  target.health = o.after;
  target.state = egState(o);
}

/**
 * One fight between `sides` under `model` (the EG model). `policies` are GnG's (Block, called shots)
 * and change nothing here: the chapter has neither.
 */
export function egFight(
  model: CombatModel,
  sides: FightSides,
  _policies: FightPolicies,
  variants: SimVariants,
  dice: DiceSource,
  options: FightOptions = {},
): FightResult {
  const cap = options.roundCap ?? ROUND_CAP;
  // The NPCs of a side share one pool (003:476–478); each PC has its own.
  const npcPools: Record<SideId, Pool> = {
    a: { power: 0, speed: 0, insight: 0 },
    b: { power: 0, speed: 0, insight: 0 },
  };
  const fighters: EgFighter[] = (['a', 'b'] as const).flatMap((side) =>
    sides[side].map((snap) => {
      const { creature, health } = modelOf(snap);
      const pool = snap.model?.pc === true ? { power: 0, speed: 0, insight: 0 } : npcPools[side];
      const f: EgFighter = { snap, side, creature, health, state: 'up', pool, attacks: 0, hits: 0 };
      f.state = stateOf(f);
      return f;
    }),
  );
  const order = initiativeOrder(fighters, dice);
  // Rolling initiative: a PC's 2 tokens, of the type of its best attack against the first foe.
  for (const f of order) {
    if (f.snap.model?.pc !== true) continue;
    const foe = fighters.find((o) => o.side !== f.side);
    const attack = foe ? bestAttack(model, f, foe, variants) : null;
    f.pool[attack ? egAttackTokenType(attack) : 'power'] += EG_INITIATIVE_TOKENS;
  }
  const { winner, rounds } = playRounds(
    order,
    (f) => f.state === 'up',
    cap,
    (f) => {
      if (f.state !== 'up') return;
      const target = fighters.find((o) => o.side !== f.side && o.state === 'up');
      if (!target) return;
      const attack = bestAttack(model, f, target, variants);
      // The attack is the turn's standard action (003:678); nothing else of the budget is used.
      if (attack) strike(model, f, target, attack, variants, dice);
    },
  );
  return {
    winner,
    rounds,
    combatants: fighters.map((f) => ({
      id: f.snap.id,
      side: f.side,
      hp: f.health.value ?? 0,
      nonlethal: f.health.nonlethal ?? 0,
      state: endStateOf(model, f),
      attacks: f.attacks,
      hits: f.hits,
    })),
  };
}
