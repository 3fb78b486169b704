/**
 * One simulated fight under the Time Count and Threshold of Pain model (seed 002; issue #32): no
 * rounds but the Time Count (002:241–250). Each fighter rolls initiative 1d6 + 4 − Wisdom (002:246);
 * the lowest count acts first, equal counts act together (002:248: every die of the count is rolled
 * before any effect is applied); after acting, a fighter acts again at the count plus its weapon's
 * speed factor (002:250), rolled for a PC and static for an NPC (002:257), or as the job's snapshots
 * say. Each act is one attack at the first foe still up with the weapon of the highest expected
 * damage per count (the exact odds, tc-odds.ts, over the weapon's static SF). Every rule is the
 * model's own: the static defense (`defenseAgainst`, Passive while unsteady after a fumble, 002:66),
 * `resolve`, `damage` (a critical at maximum dice), `applyDamage` (fatigue to the Threshold of Pain,
 * HP past it, the threshold's drop, the Con check owed) and `healthStatus`; the consciousness check
 * rolled at once (failure: unconscious until its checks to wake, 002:166). The Time Count's numbers
 * are lane count's (speed factors, initiative, fumbles, wake-up timing, 12 counts a round: A14). A
 * fight still going past the round cap is a draw.
 */
import { weightedSum } from '../../odds/distribution.js';
import type { AttackOddsInput } from '../../odds/attack-odds.js';
import { cachedBestAttack, type BestAttackCache } from '../../simulate/best-attack.js';
import { combatantOutcome } from '../../simulate/rounds.js';
import type {
  CombatantSnapshot,
  EndState,
  FightResult,
  SimAttack,
  SimVariants,
} from '../../simulate/types.js';
import type { DiceSource } from '../../types.js';
import {
  rollHitDamage,
  simDamageInput,
  snapshotModel,
  staticDefense,
  staticEndState,
  staticFighters,
  STATIC_ROUND_CAP,
  type ModelFight,
  type StaticFighter,
} from '../static-fight.js';
import type { CombatModel, ModelCreature } from '../types.js';
import { constitutionOf, owedCheck, rollConsciousness, tcAttackOdds, tcOutcomeState } from './tc-odds.js';
import { tcInitiative } from './initiative.js';
import { fumbleSpeedFactor, speedClassOf, speedFactor, type SpeedFactorResult } from './speed-factor.js';
import { tcState as storedState } from './state.js';
import { roundOfCount } from './durations.js';
import { firstWakeCheckAt, mayWake, nextWakeCheckAt } from './consciousness-timing.js';
import { currentHitPoints, IMPAIRMENT_CHECK_PENALTY } from './health.js';

/**
 * A combatant during one fight: its next count, whether it rolls its SF, a fumble's unsteadiness, and
 * the count of its next check to wake when a failed check left it unconscious (null: none due).
 */
interface TcFighter extends StaticFighter {
  next: number;
  randomSf: boolean;
  unsteady: boolean;
  wakeAt: number | null;
}

/** Whether a snapshot rolls its speed factors: as the job says, else a PC rolls, an NPC does not (002:257). */
export function rollsSpeedFactorOf(snap: CombatantSnapshot): boolean {
  return snap.model?.randomSf ?? snap.model?.pc === true;
}

/** The speed factor of `attack`'s weapon (its speed class, Standard when it has none: A10), rolled with `dice` or static. */
export function attackSpeedFactor(
  attack: Pick<SimAttack, 'speedClass'> | null,
  dice: DiceSource | null,
): SpeedFactorResult {
  const sc = speedClassOf(attack?.speedClass);
  return dice ? speedFactor(sc, { random: true, dice }) : speedFactor(sc, { random: false });
}

/** The static defense `attack` meets on `target` now: Passive while it is unsteady after a fumble (002:66). */
function defenseNow(model: CombatModel, attack: SimAttack, target: TcFighter): number {
  if (!target.unsteady) return staticDefense(model, attack, target.creature);
  const spec = model.defenseAgainst(
    { mode: attack.mode, touch: attack.touch === true, situation: { unsteady: true } },
    target.creature,
  );
  return spec.kind === 'static' ? spec.value : staticDefense(model, attack, target.creature);
}

/** The attacker's Power, added to every hit's damage (002:52). */
const powerOf = (creature: ModelCreature) => storedState(creature).attributes.power;

const bestCache: BestAttackCache = new WeakMap();

/**
 * The attack of `f` with the highest expected damage per count against `target` as the fight begins
 * (the exact odds' mean damage over the weapon's static speed factor; ties: the first).
 */
function bestAttack(model: CombatModel, f: TcFighter, target: TcFighter, variants: SimVariants) {
  const key = `${model.id}|${target.snap.id}|${variants.strengthBonusLimitation === true}`;
  return cachedBestAttack(bestCache, f.snap, key, (attack) => {
    const start = snapshotModel(target.snap);
    const input: AttackOddsInput = {
      attack: { bonus: attack.bonus },
      defense: { bonus: staticDefense(model, attack, start.creature) },
      damage: damageInput(f, attack, variants),
      target: { hp: target.snap.hp, size: target.snap.size },
      model: start,
    };
    const sf = attackSpeedFactor(attack, null).sf;
    return weightedSum(tcAttackOdds(model, input).damage.final) / Math.max(1, sf);
  });
}

/** The damage input of `f`'s attack: the simulator's, with the attacker's Power (002:52). */
function damageInput(f: Pick<TcFighter, 'creature'>, attack: SimAttack, variants: SimVariants) {
  return { weaponDice: attack.dice, ...simDamageInput(attack, variants), otherBonus: powerOf(f.creature) };
}

/** One attack's effect on its target, rolled now and applied after every act of the count. */
interface Blow {
  target: TcFighter;
  lethal: number;
  nonlethal: number;
  nonlethalAttack: boolean;
}

/** One act: the attack rolled against the target's state at the start of the count, its next count set. */
function act(
  model: CombatModel,
  f: TcFighter,
  target: TcFighter,
  attack: SimAttack,
  variants: SimVariants,
  dice: DiceSource,
  count: number,
): Blow | null {
  const natural = dice.roll(20);
  const res = model.resolve(natural + attack.bonus, defenseNow(model, attack, target), natural);
  f.attacks += 1;
  // The next act: the weapon's SF; a fumble adds 1d6 and leaves the fumbler unsteady until it acts
  // again (002:66).
  const sf = res.fumble
    ? fumbleSpeedFactor(speedClassOf(attack.speedClass), { random: f.randomSf, dice }).sf
    : attackSpeedFactor(attack, f.randomSf ? dice : null).sf;
  f.next = count + sf;
  f.unsteady = res.fumble;
  if (!res.hit) return null;
  f.hits += 1;
  // A critical deals the weapon's maximum (002:62): its dice are not rolled.
  const { weaponDice: _dice, ...rest } = damageInput(f, attack, variants);
  const d = rollHitDamage(model, rest, attack.dice, res, dice, true);
  return { target, lethal: d.lethal, nonlethal: d.nonlethal, nonlethalAttack: attack.nonlethal === true };
}

/**
 * A blow landing at `count`: the model's applyDamage, then the consciousness check it owes rolled at
 * once; a failure leaves the target unconscious until its first check to wake (002:166).
 */
function land(model: CombatModel, blow: Blow, dice: DiceSource, count: number): void {
  const t = blow.target;
  if (t.state === 'dead') return;
  const o = model.applyDamage(t.health, { lethal: blow.lethal, nonlethal: blow.nonlethal }, t.creature, {
    nonlethalAttack: blow.nonlethalAttack,
  });
  t.health = o.after;
  const state = tcOutcomeState(o);
  if (state === 'dead') t.state = 'dead';
  else if (state === 'dying') t.state = 'down';
  const owed = owedCheck(o);
  if (!owed || t.state !== 'up') return;
  const con = constitutionOf(t.creature);
  if (con === null) return;
  const check = rollConsciousness(dice.roll(20), con, owed.dc, owed.penalty);
  if (check.passed) return;
  t.state = 'down';
  t.wakeAt = firstWakeCheckAt(count, check.failedBy);
}

/**
 * An unconscious fighter's check to wake at `count` (002:166), "DC equal to the check to stay
 * conscious": fatigue − current HP, −2 a impairment. Passed: up, and it acts at this count; failed:
 * again 1d10 counts later; a DC it cannot reach: no more checks this fight (it needs healing).
 */
function wakeCheck(f: TcFighter, dice: DiceSource, count: number): void {
  const con = constitutionOf(f.creature) ?? 0;
  const h = f.health;
  const dc = (h.fatigue ?? 0) - currentHitPoints(h);
  const penalty = IMPAIRMENT_CHECK_PENALTY * ((h.impB ?? 0) + (h.impP ?? 0) + (h.impS ?? 0));
  if (!mayWake(dc, con - penalty)) {
    f.wakeAt = null;
    return;
  }
  if (rollConsciousness(dice.roll(20), con, dc, penalty).passed) {
    f.state = 'up';
    f.wakeAt = null;
    f.next = count;
  } else f.wakeAt = nextWakeCheckAt(count, dice).at;
}

function endStateOf(model: CombatModel, f: TcFighter): EndState {
  return staticEndState(model.healthStatus(f.health, f.creature), false, f.state);
}

/**
 * One fight between `sides` under `model` (the TC model). `policies` are GnG's (Block, called shots)
 * and change nothing here: the chapter has neither.
 */
export const tcFight: ModelFight = (model, sides, _policies, variants, dice, options = {}) => {
  const fighters = staticFighters(sides, (snap, side, start) => {
    const f: TcFighter = {
      snap,
      side,
      ...start,
      state: 'up',
      attacks: 0,
      hits: 0,
      next: 0,
      randomSf: rollsSpeedFactorOf(snap),
      unsteady: false,
      wakeAt: null,
    };
    if (tcOutcomeState({ statuses: model.healthStatus(f.health, f.creature), conditions: NORMAL }) !== 'up')
      f.state = 'down';
    return f;
  });
  // Initiative 1d6 + 4, Wisdom lowering it (002:246); no one is surprised.
  for (const f of fighters)
    f.next = tcInitiative({ dice, wisdom: f.creature.abilities?.wis.mod ?? 0, surprised: false }).total;
  const cap = options.roundCap ?? STATIC_ROUND_CAP;
  const up = (f: TcFighter) => f.state === 'up';
  let count = 0;
  let winner: FightResult['winner'] = 'draw';
  for (;;) {
    const a = fighters.some((f) => f.side === 'a' && up(f));
    const b = fighters.some((f) => f.side === 'b' && up(f));
    if (!a || !b) {
      winner = a ? 'a' : b ? 'b' : 'draw';
      break;
    }
    const sleepers = fighters.filter((f) => f.state === 'down' && f.wakeAt !== null);
    const now = Math.min(
      ...fighters.filter(up).map((f) => f.next),
      ...sleepers.map((f) => f.wakeAt as number),
    );
    if (roundOfCount(now) > cap) break;
    count = now;
    for (const f of sleepers) if (f.wakeAt === now) wakeCheck(f, dice, now);
    // Equal counts act together: every attack of the count is rolled, then every blow lands.
    const blows: Blow[] = [];
    for (const f of fighters.filter((x) => up(x) && x.next === now)) {
      const target = fighters.find((o) => o.side !== f.side && up(o));
      const attack = target ? bestAttack(model, f, target, variants) : null;
      if (!target || !attack) {
        f.next = now + attackSpeedFactor(null, f.randomSf ? dice : null).sf;
        continue;
      }
      const blow = act(model, f, target, attack, variants, dice, now);
      if (blow) blows.push(blow);
    }
    for (const blow of blows) land(model, blow, dice, now);
  }
  return {
    winner,
    rounds: roundOfCount(count),
    // Fatigue is the model's nonlethal harm (nonlethal damage "can only cause fatigue", 002:107).
    combatants: fighters.map((f) =>
      combatantOutcome(f, {
        hp: f.health.value ?? 0,
        nonlethal: f.health.fatigue ?? 0,
        state: endStateOf(model, f),
      }),
    ),
  };
};

const NORMAL = { lethal: 'normal', nonlethal: 'normal' } as const;
