/** The suppressing fire card as it is shown: its template's data, localized, from the state. */
import { undoNoteLines } from '../kernel/undo-notes.js';
import {
  CARD_TARGET,
  SUPPRESS_ACTIONS,
  SUPPRESS_CARD_TEMPLATE,
  triggerActionAvailable,
  type SuppressAction,
  type SuppressCardState,
  type SuppressTrigger,
} from './suppress-state.js';
import { suppressingFireShots } from '../../rules/scattershot-suppressing-fire.js';
import { t, f, signedMinus } from '../../format.js';

export { SUPPRESS_CARD_TEMPLATE };

/** The trigger's steps in order: the first open one is what the card waits for on it (issue #33). */
const WAITS_FOR: readonly SuppressAction[] = [
  'rollSave',
  'keepMoving',
  'freeShot',
  'rollDefense',
  'applyDamage',
];

function waitingFor(state: SuppressCardState, trigger: SuppressTrigger): string | null {
  const step = WAITS_FOR.find((action) => triggerActionAvailable(action, state, trigger));
  return step
    ? f(`GNG.Suppress.Waiting.${step}`, {
        name: trigger.name,
        shooter: state.shooter.name,
        dc: state.reflexDc,
      })
    : null;
}

function triggerContext(state: SuppressCardState, trigger: SuppressTrigger) {
  const shot = trigger.shot;
  const lines: string[] = [];
  if (trigger.save)
    lines.push(
      f(trigger.save.success ? 'GNG.Suppress.SaveSuccess' : 'GNG.Suppress.SaveFailure', {
        total: trigger.save.total,
        natural: trigger.save.natural,
        dc: state.reflexDc,
      }),
    );
  if (trigger.choice === 'keepMoving') lines.push(f('GNG.Suppress.KeepsMoving', { name: trigger.name }));
  if (shot) {
    lines.push(
      f('GNG.Suppress.ShotLine', {
        total: shot.total,
        natural: shot.natural,
        bonus: signedMinus(shot.bonus),
        penalty: signedMinus(shot.penalty + (shot.range ?? 0)),
        rounds: shot.rounds?.rounds ?? 0,
      }),
    );
    if (shot.chainDice.length)
      lines.push(
        f('GNG.Suppress.Chain', {
          dice: shot.chainDice.join(', '),
          adjustment: signedMinus(shot.chainAdjustment),
        }),
      );
    if (shot.defense)
      lines.push(
        f(shot.hit ? 'GNG.Suppress.Hit' : 'GNG.Suppress.Miss', {
          total: shot.defense.total,
          natural: shot.defense.natural,
          rd: shot.relativeDegree ?? 0,
        }),
      );
    if (shot.dive) lines.push(f('GNG.Suppress.Dived', { name: trigger.name }));
    const d = shot.damage;
    if (d?.cannotHarm) lines.push(f('GNG.Attack.Property.CannotHarm', { name: trigger.name }));
    else if (d)
      lines.push(
        f(d.afterProtection === undefined ? 'GNG.Suppress.Damage' : 'GNG.Suppress.DamageResisted', {
          rolled: d.rolled,
          rd: shot.relativeDegree ?? 0,
          protection: d.protection,
          afterProtection: d.afterProtection ?? d.final,
          dr: d.damageReduction ?? 0,
          energy: d.energyResistance ?? 0,
          final: d.final,
        }),
      );
    if (shot.applied) lines.push(f('GNG.Attack.Applied.Hp', shot.applied.hp));
  }
  if (trigger.suppressedEffectId) lines.push(f('GNG.Suppress.IsSuppressed', { name: trigger.name }));
  if (trigger.undone) lines.push(t('GNG.Suppress.Undone'));
  return {
    id: trigger.id,
    heading: f(`GNG.Suppress.Cause.${trigger.cause}`, { name: trigger.name }),
    lines,
    undone: trigger.undone,
    // The card's own actions (acts in area, end, undo) are never available on a trigger.
    buttons: SUPPRESS_ACTIONS.filter((action) => triggerActionAvailable(action, state, trigger)).map(
      (action) => ({
        action,
        label: f(`GNG.Suppress.Action.${action}`, { name: trigger.name, shooter: state.shooter.name }),
      }),
    ),
    undoNotes: undoNoteLines(trigger.undoNotes),
    waiting: waitingFor(state, trigger),
  };
}

/** The template's data, localized, from the state. */
export function suppressCardContext(state: SuppressCardState): Record<string, unknown> {
  // The table's dice (engine): the formula shown and the shots the dice asked for.
  const shots = suppressingFireShots(state.fullyAutomatic, state.rolled);
  const area =
    state.area.shape === 'square'
      ? f('GNG.Suppress.AreaSquare', { size: state.area.size })
      : f('GNG.Suppress.AreaAisle', { length: state.area.shape === 'aisle' ? state.area.length : 0 });
  return {
    heading: f('GNG.Suppress.Heading', { name: state.shooter.name, weapon: state.weapon.name }),
    tags: [
      area,
      t(state.fullyAutomatic ? 'GNG.Suppress.Automatic' : 'GNG.Suppress.SingleShot'),
      f('GNG.Suppress.DcTag', { dc: state.reflexDc }),
      f('GNG.Suppress.FreeShotTag', {
        penalty: signedMinus(state.freeAttackPenalty),
        shots: state.shotsPerFreeAttack,
      }),
    ],
    wasted: state.shotsWasted,
    formula: f('GNG.Suppress.WastedFormula', { formula: shots.formula, dice: state.rolled.join(', ') }),
    // Fewer rounds than the dice asked for: all are fired, and the weapon runs dry.
    capped: state.shotsWasted < shots.wanted ? f('GNG.Suppress.Capped', { wasted: state.shotsWasted }) : null,
    status: state.active
      ? t(state.round === null ? 'GNG.Suppress.HeldOutOfCombat' : 'GNG.Suppress.Held')
      : t(`GNG.Suppress.Ended.${state.endedBy ?? 'gm'}`),
    active: state.active,
    cardTarget: CARD_TARGET,
    endLabel: t('GNG.Suppress.Action.endArea'),
    undoLabel: t('GNG.Suppress.Action.undo'),
    canEnd: state.active,
    canUndo: !state.undone,
    occupants: state.active
      ? state.occupants.map((o) => ({
          id: `o-${o.tokenId}`,
          label: f('GNG.Suppress.Action.actsInArea', { name: o.name }),
        }))
      : [],
    triggers: state.triggers.map((trigger) => triggerContext(state, trigger)),
    undoNotes: undoNoteLines(state.undoNotes),
  };
}

export async function renderSuppressCard(state: SuppressCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(SUPPRESS_CARD_TEMPLATE, suppressCardContext(state));
}
