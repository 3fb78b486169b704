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
import type { EndState, SideId, SimAttack, SimVariants } from '../../simulate/types.js';
import type { DiceSource } from '../../types.js';
import {
  bestStaticAttack,
  playStaticFight,
  staticEndState,
  staticFighters,
  staticStrike,
  type ModelFight,
  type StaticFighter,
} from '../static-fight.js';
import type { CombatModel, ModelCreature } from '../types.js';
import { abilityModifier } from '../../abilities.js';
import { egAttackOdds, egState } from './eg-odds.js';
import { constitutionScore, egLethalCondition, egNonlethalCondition, STABLE_STATUS } from './health.js';

/** Tokens a PC gains as it rolls initiative (003:491 "Whenever you roll initiative, you gain 2 tokens"). */
export const EG_INITIATIVE_TOKENS = 2;

/** The token type an attack spends: power for a melee (Strength) attack, speed for a ranged (Dexterity) one (003:393–394, 406–407). */
export function egAttackTokenType(attack: Pick<SimAttack, 'mode'>): 'power' | 'speed' {
  return attack.mode === 'melee' ? 'power' : 'speed';
}

type Pool = { power: number; speed: number; insight: number };

/** A combatant during one fight, with its token pool. */
interface EgFighter extends StaticFighter {
  pool: Pool;
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
  return staticEndState(model.healthStatus(f.health, creatureNow(f)), f.state === 'disabled', f.state);
}

/** The attack with the highest expected damage against `target` as the fight begins, no tokens (ties: the first). */
function bestAttack(model: CombatModel, f: EgFighter, target: EgFighter, variants: SimVariants) {
  return bestStaticAttack(model, egAttackOdds, creatureNow, f, target, variants);
}

/**
 * One attack, as the card resolves it under the model, with the policy's tokens spent on it; a
 * critical deals the weapon's maximum (003:134–135): its dice are not rolled.
 */
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
  const now = creatureNow(target);
  staticStrike(model, f, target, attack, variants, dice, {
    bonus: spent,
    defender: now,
    landsOn: now,
    maxedCritical: true,
    stateOf: egState,
  });
}

/**
 * One fight between `sides` under `model` (the EG model). `policies` are GnG's (Block, called shots)
 * and change nothing here: the chapter has neither.
 */
export const egFight: ModelFight = (model, sides, _policies, variants, dice, options = {}) => {
  // The NPCs of a side share one pool (003:476–478); each PC has its own.
  const npcPools: Record<SideId, Pool> = {
    a: { power: 0, speed: 0, insight: 0 },
    b: { power: 0, speed: 0, insight: 0 },
  };
  const fighters = staticFighters(sides, (snap, side, start) => {
    const pool = snap.model?.pc === true ? { power: 0, speed: 0, insight: 0 } : npcPools[side];
    const f: EgFighter = { snap, side, ...start, state: 'up', pool, attacks: 0, hits: 0 };
    f.state = stateOf(f);
    return f;
  });
  return playStaticFight(fighters, dice, options, {
    // Rolling initiative: a PC's 2 tokens, of the type of its best attack against the first foe.
    initiative: (order) => {
      for (const f of order) {
        if (f.snap.model?.pc !== true) continue;
        const foe = fighters.find((o) => o.side !== f.side);
        const attack = foe ? bestAttack(model, f, foe, variants) : null;
        f.pool[attack ? egAttackTokenType(attack) : 'power'] += EG_INITIATIVE_TOKENS;
      }
    },
    turn: (f, target) => {
      const attack = bestAttack(model, f, target, variants);
      // The attack is the turn's standard action (003:678); nothing else of the budget is used.
      if (attack) strike(model, f, target, attack, variants, dice);
    },
    endState: (f) => endStateOf(model, f),
  });
};
