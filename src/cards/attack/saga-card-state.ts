/**
 * What the attack card keeps of the Saga-style chapter per target (issue #30), and the lines it shows
 * of it: the target's own situation (prone, helpless), concealment's d%, cover, into melee's stray
 * shot, the coup de grace, and after Apply the condition step the hit cost. Rendered from the
 * card's state alone.
 */
import type { ModelPart } from '../../rules/models/types.js';
import type { SagaConcealment } from '../../rules/models/saga/attack-situation.js';
import type { ManeuverOutcome } from '../../rules/models/saga/maneuvers.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import { t, f, signed } from '../../format.js';

/** The Saga part of one target of the card. */
export interface CardSagaTarget {
  /** What the target's situation adds to the roll against it (prone, helpless). */
  parts: ModelPart[];
  total: number;
  /** Concealment's d% (absent without concealment). */
  concealment?: { degree: Exclude<SagaConcealment, 'none'>; chance: number; roll: number; missed: boolean };
  /** Into melee with the risk taken: the shot went to someone engaged with the target (GM's choice). */
  stray?: boolean;
  /** A coup de grace (001:80): its Apply kills or costs a step. */
  coupDeGrace?: boolean;
  /** A maneuver's outcome (maneuvers.ts). */
  maneuver?: ManeuverOutcome;
  /** The attack's situation its Apply meets (Partial or Total Defense raise the threshold, 001:121). */
  situation?: Readonly<Record<string, string | number | boolean>>;
  /** The maneuver provoked an attack of opportunity (base attack bonus under +1, 001:165). */
  provokes?: boolean;
  /** The target's damage threshold its Apply meets (its Fortitude Defense with the situation, A2). */
  threshold?: number;
}

declare module './attack-state.js' {
  interface CardTarget {
    /** The Saga-style chapter's part of this target (absent under any other model). */
    saga?: CardSagaTarget;
  }
}

/** The target's Saga part, made when first needed. */
export function sagaOf(target: CardTarget): CardSagaTarget {
  target.saga ??= { parts: [], total: 0 };
  return target.saga;
}

/** A step in the sheet's words: "Normal", "−1" … "Unconscious". */
const stepName = (step: number) => t(`GNG.Model.Saga.Track.Step.${step}`);

/** The card's Saga lines of a target, its damage-threshold line and its condition-track line after Apply. */
export function sagaTargetContext(
  state: AttackCardState,
  target: CardTarget,
): { lines: { text: string; kind: string }[]; threshold: string | null; track: string | null } | null {
  const saga = target.saga;
  if (!saga) return null;
  const lines: { text: string; kind: string }[] = [];
  const c = saga.concealment;
  if (c)
    lines.push({
      kind: c.missed ? 'saga-concealment concealment-miss' : 'saga-concealment',
      text: f(`GNG.Model.Saga.Card.Concealment.${c.missed ? 'missed' : 'passed'}`, {
        degree: t(`GNG.Model.Saga.Option.concealment.${c.degree}`),
        chance: c.chance,
        roll: c.roll,
        name: target.name,
      }),
    });
  for (const part of saga.parts)
    lines.push({
      kind: 'saga-situation',
      text: f('GNG.Model.Saga.Card.Situation', {
        name: target.name,
        label: t(part.label),
        value: signed(part.value),
      }),
    });
  const m = saga.maneuver;
  if (m) {
    const maneuver = t(`GNG.Model.Saga.Maneuver.Name.${m.maneuver}`);
    lines.push({
      kind: m.success ? 'saga-maneuver' : 'saga-maneuver is-miss',
      text: m.success
        ? f('GNG.Model.Saga.Maneuver.Success', { maneuver, name: target.name })
        : f('GNG.Model.Saga.Maneuver.Failure', { maneuver, name: target.name }),
    });
    for (const effect of m.effects)
      lines.push({
        kind: `saga-maneuver-effect effect-${effect}`,
        text: f(`GNG.Model.Saga.Maneuver.Effect.${effect}`, {
          name: target.name,
          attacker: state.attacker.name,
          squares: m.squares,
          dice: m.wallDice,
        }),
      });
  }
  if (saga.provokes)
    lines.push({
      kind: 'saga-provokes',
      text: f('GNG.Model.Saga.Maneuver.Provokes', { name: state.attacker.name }),
    });
  if (saga.coupDeGrace)
    lines.push({ kind: 'saga-coup-de-grace', text: t('GNG.Model.Saga.Card.CoupDeGrace') });
  if (saga.stray)
    lines.push({ kind: 'saga-stray', text: f('GNG.Model.Saga.Card.Stray', { name: target.name }) });
  return { lines, threshold: thresholdLine(target), track: trackLine(target) };
}

/**
 * After a hit that deals damage: the target's damage threshold, and once the damage is rolled whether
 * it beats it (at least as much, A2: one step down the track on Apply). Ion's two steps are Apply's.
 */
function thresholdLine(target: CardTarget): string | null {
  const threshold = target.saga?.threshold;
  if (threshold === undefined || target.result?.hit !== true || target.saga?.maneuver) return null;
  const damage = target.damage;
  if (!damage) return f('GNG.Model.Saga.Card.Threshold.Known', { threshold });
  const dealt = damage.lethal + damage.nonlethal;
  const beats = dealt > 0 && dealt >= threshold;
  return f(`GNG.Model.Saga.Card.Threshold.${beats ? 'Beats' : 'Below'}`, { damage: dealt, threshold });
}

/** After Apply: the condition step before and after (when it moved), and a coup de grace's death. */
function trackLine(target: CardTarget): string | null {
  const applied = target.applied;
  if (!applied) return null;
  const before = (applied.snapshot as unknown as Record<string, unknown>).conditionStep;
  const after = applied.healthAfter?.conditionStep;
  if (typeof before !== 'number' || typeof after !== 'number' || before === after) return null;
  return f('GNG.Model.Saga.Card.Track', {
    name: target.name,
    before: stepName(before),
    after: stepName(after),
  });
}
