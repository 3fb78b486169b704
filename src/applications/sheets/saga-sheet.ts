/**
 * The Saga-style model's block of the combat panel (issue #30; docs/rules.md "Sheet and track"):
 * Reflex, Fortitude and Will Defense with their breakdowns, the damage threshold (= the Fortitude
 * Defense, decision A2), HP with nonlethal damage, and the six-step condition track that everyone
 * sees. Its buttons move the track for a GM and ask the GM for a player who owns the actor
 * (src/cards/saga-track/). Formatting only: every number is the data model's.
 */
import { CONDITION_PENALTIES, CONDITION_TRACK_BOTTOM } from '../../rules/models/saga/condition-track.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import { conditionStepOf } from '../../cards/saga-track/track-state.js';
import { modelDefenseStat, type StatView } from './stat-views.js';
import { t, f, word, signed } from '../../format.js';

/** The block's numbers: the three defenses and the damage threshold, HP with nonlethal damage. */
export function sagaStats(actor: Actor, system: CreatureData): StatView[] {
  const defenses = system.derived.modelDefenses;
  const stats = (['reflex', 'fortitude', 'will'] as const).flatMap((id) => {
    const spec = defenses[id];
    return spec ? [modelDefenseStat(actor, spec, 'saga', t(`GNG.Model.Saga.Defense.${id}`))] : [];
  });
  const fortitude = defenses.fortitude;
  if (fortitude?.kind === 'static')
    stats.push({
      id: `gng-${actor.id}-saga-threshold`,
      key: 'threshold',
      label: t('GNG.Model.Saga.Defense.threshold'),
      value: String(fortitude.value),
      lines: [{ label: t('GNG.Model.Saga.Defense.fortitude'), value: `= ${fortitude.value}` }],
      notes: [t('GNG.Model.Saga.Sheet.ThresholdNote')],
    });
  const { value, nonlethal } = system.hp;
  const max = system.derived.hp.max;
  stats.push({
    id: `gng-${actor.id}-saga-hp`,
    key: 'hp',
    label: t('GNG.Sheet.Combat.HitPoints'),
    value: `${value} / ${max}`,
    sub: nonlethal ? f('GNG.Model.Saga.Sheet.NonlethalBeside', { value: nonlethal }) : undefined,
    lines: system.derived.hp.breakdown.map((part) => ({
      label: word(part.label),
      value: signed(part.value),
    })),
    notes: [f('GNG.Model.Saga.Sheet.NonlethalNote', { value: nonlethal })],
  });
  return stats;
}

/** The condition track: its six steps (the actor's marked), and the buttons this user has. */
export function sagaTrack(actor: Actor) {
  const step = conditionStepOf(actor);
  const steps = CONDITION_PENALTIES.map((_penalty, n) => ({
    step: n,
    label: t(`GNG.Model.Saga.Track.Step.${n}`),
    current: n === step,
    passed: n < step,
  }));
  const ask = !game.user.isGM;
  const buttons =
    game.user.isGM || actor.isOwner
      ? [
          { move: 'up', label: t(`GNG.Model.Saga.Track.${ask ? 'AskUp' : 'Up'}`), disabled: step === 0 },
          {
            move: 'down',
            label: t(`GNG.Model.Saga.Track.${ask ? 'AskDown' : 'Down'}`),
            disabled: step === CONDITION_TRACK_BOTTOM,
          },
        ]
      : [];
  return {
    title: t('GNG.Model.Saga.Track.Name'),
    steps,
    now: f(
      step === 0
        ? 'GNG.Model.Saga.Track.NowNormal'
        : step === CONDITION_TRACK_BOTTOM
          ? 'GNG.Model.Saga.Track.NowHelpless'
          : 'GNG.Model.Saga.Track.Now',
      // The bottom step keeps the −10 of the step above it (decision A1), named as that step is.
      { step: t(`GNG.Model.Saga.Track.Step.${step}`), penalty: t('GNG.Model.Saga.Track.Step.4') },
    ),
    halfSpeed: step >= 4 ? t('GNG.Model.Saga.Track.HalfSpeed') : '',
    buttons,
    hint: ask && buttons.length ? t('GNG.Model.Saga.Track.AskHint') : '',
  };
}
