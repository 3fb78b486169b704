/**
 * GnG v4.0 (seed 000) as a combat model: every method delegates to the engine's own functions, so a
 * world under the default model plays exactly as before the seam (golden snapshots,
 * test/integration/model-golden.test.ts). Rolled Defense, Relative Degree, Protection, injury,
 * trauma and HP by size; the abort actions are its reactions.
 */
import { resolveAttack } from '../attack.js';
import { damagePipeline } from '../damage.js';
import {
  applyNonlethalDamage,
  damageCondition,
  damageConsequences,
  nonlethalCondition,
} from '../damage-effects.js';
import { defenseBonus } from '../defense.js';
import { lazyDefenseBreakdown } from '../defense-core.js';
import type { DefenseAttackMode, DefenseBreakdown, DefensePart } from '../defense-tables.js';
import { applyDamageToHitPoints, hitPointsBreakdown } from '../hit-points.js';
import {
  MODEL_CAPABILITIES,
  type CombatModel,
  type DefenseSpec,
  type HealthVector,
  type ModelAnalysis,
  type ModelAttack,
  type ModelCapabilities,
  type ModelCreature,
  type ModelPart,
} from './types.js';

/** Everything on: GnG is the model the glue was built for. */
const CAPABILITIES = Object.fromEntries(
  MODEL_CAPABILITIES.map((c) => [c, !['conditionTrack', 'timeCount', 'fatigue', 'tokens'].includes(c)]),
) as unknown as ModelCapabilities;

/** The status a loss sets for severe bleeding (Appendix 1 "Wounds Normally Cause Bleeding"). */
const SEVERE_BLEEDING = 'severe-bleeding';

function partsOf(breakdown: DefenseBreakdown): ModelPart[] {
  return (Object.entries(breakdown.parts) as [DefensePart, number][])
    .filter(([, value]) => value !== 0)
    .map(([part, value]) => ({ label: `GNG.Defense.Part.${part}`, value }));
}

function rolled(id: string, breakdown: DefenseBreakdown): DefenseSpec {
  const parts = partsOf(breakdown);
  return {
    kind: 'rolled',
    id,
    bonus: breakdown.total,
    autoRollOne: breakdown.autoRollOne,
    parts,
    breakdown,
  };
}

function defenseAgainst(attack: ModelAttack, creature: ModelCreature): DefenseSpec {
  const states = [...(creature.defense.states ?? []), ...(attack.states ?? [])];
  return rolled(
    attack.mode,
    defenseBonus({ ...creature.defense, states, attack: attack.mode, touch: attack.touch }),
  );
}

/**
 * The sheet's Defense against one kind of attack (data preparation reads it for every actor): the
 * total now, the breakdown and its parts the first time something reads them (the sheet's pop-up), as
 * derive-creature.ts always did (defense-core.ts `lazyDefenseBreakdown`). Its input is prepared data,
 * checked by the data models; `defenseAgainst` (the cards) checks its own. A class, not an object
 * with a getter: preparation makes two per actor, and a literal's getter cost more than the rule.
 */
class LazyRolledDefense {
  readonly kind = 'rolled';
  readonly id: DefenseAttackMode;
  readonly bonus: number;
  readonly autoRollOne: boolean;
  readonly breakdown: DefenseBreakdown;
  #parts: ModelPart[] | null = null;

  constructor(attack: DefenseAttackMode, creature: ModelCreature) {
    this.id = attack;
    this.breakdown = lazyDefenseBreakdown(creature.defense, attack);
    this.bonus = this.breakdown.total;
    this.autoRollOne = this.breakdown.autoRollOne;
  }

  get parts(): ModelPart[] {
    return (this.#parts ??= partsOf(this.breakdown));
  }

  toJSON(): DefenseSpec {
    const { kind, id, bonus, autoRollOne, parts, breakdown } = this;
    return { kind, id, bonus, autoRollOne, parts, breakdown };
  }
}

const num = (health: HealthVector, field: string) => health[field] ?? 0;

let analysis: Promise<ModelAnalysis> | null = null;

export const GNG_MODEL: CombatModel = {
  id: 'gng',
  label: 'GNG.Model.gng',
  capabilities: CAPABILITIES,
  healthFields: ['value', 'temp', 'nonlethal'],
  // A round is 6 seconds (core rules, seed 004).
  turns: { kind: 'rounds', secondsPerUnit: 6 },
  defenses(creature) {
    return {
      melee: new LazyRolledDefense('melee', creature),
      ranged: new LazyRolledDefense('ranged', creature),
    };
  },
  defenseAgainst,
  maxHitPoints(creature) {
    const b = hitPointsBreakdown(creature.hitPoints);
    // Every step of the formula, as the sheet's HP breakdown lists it.
    const parts = Object.entries(b)
      .filter(([key]) => key !== 'max')
      .map(([key, value]) => ({ label: `GNG.Breakdown.Hp.${key}`, value }));
    return { max: b.max, parts };
  },
  resolve(attackTotal, defenseTotal) {
    const r = resolveAttack(attackTotal, defenseTotal);
    return { hit: r.hit, margin: r.relativeDegree, automatic: null, critical: false, fumble: false };
  },
  damage(input) {
    // `critical` is never set under GnG (its criticals are in the attack total): not an input of the pipeline.
    const { margin, critical: _critical, ...rest } = input;
    return damagePipeline({ ...rest, relativeDegree: margin });
  },
  applyDamage(before, damage, creature, options = {}) {
    const value = num(before, 'value');
    const lethal = applyDamageToHitPoints({
      current: value,
      temporary: num(before, 'temp'),
      damage: damage.lethal,
    });
    const nonlethal = applyNonlethalDamage({
      currentHp: lethal.current,
      nonlethal: num(before, 'nonlethal'),
      damage: damage.nonlethal,
    });
    const consequences = damageConsequences(
      {
        currentHp: value,
        hpLost: lethal.hpLost,
        size: creature.size,
        nonlethal: options.nonlethalAttack === true,
        slashing: options.slashing === true,
      },
      options.variants ?? {},
    );
    const statuses: string[] = [];
    if (consequences.condition === 'dying') statuses.push('dying');
    if (consequences.condition === 'dead') statuses.push('dead');
    if (nonlethal.condition === 'unconscious') statuses.push('unconscious');
    // The dead bleed no more (decision "wound variants", docs/rules.md).
    if (consequences.severeBleeding && consequences.condition !== 'dead') statuses.push(SEVERE_BLEEDING);
    const events: string[] = [];
    if (consequences.trauma) events.push('trauma');
    if (nonlethal.condition === 'staggered') events.push('staggered');
    return {
      after: { value: lethal.current, temp: lethal.temporary, nonlethal: nonlethal.nonlethal },
      hpLost: lethal.hpLost,
      statuses,
      events,
      // No save is owed by the dead (decision "wound variants", docs/rules.md).
      woundTraumaDC: consequences.condition === 'dead' ? null : consequences.woundTraumaDC,
      conditions: { lethal: consequences.condition, nonlethal: nonlethal.condition },
    };
  },
  healthStatus(health, creature) {
    const value = num(health, 'value');
    const statuses: string[] = [];
    const condition = damageCondition(value, creature.size);
    if (condition === 'dying' || condition === 'dead') statuses.push(condition);
    if (nonlethalCondition(value, num(health, 'nonlethal')) === 'unconscious') statuses.push('unconscious');
    return statuses;
  },
  reactions() {
    return [
      { id: 'block', stage: 'afterRoll' },
      { id: 'diveForCover', stage: 'afterRoll' },
      { id: 'maintainFooting', stage: 'afterRoll' },
      { id: 'rollWithBlow', stage: 'afterDamage' },
    ];
  },
  analysis() {
    analysis ??= import('./gng-analysis.js').then((m) => m.GNG_ANALYSIS);
    return analysis;
  },
  // GnG INJURY's penalty on checks is applied by data preparation (the injury level), not here.
  checkPenalty: () => 0,
};
