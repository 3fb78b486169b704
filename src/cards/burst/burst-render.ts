/**
 * The burst card as it is shown: its template's data, localized in this client's language, from the
 * state only.
 */
import {
  afterDive,
  burstActionAvailable,
  hitsOf,
  WHOLE_BURST,
  type BurstAction,
  type BurstCardState,
  type BurstTarget,
  BURST_CARD_TEMPLATE,
} from './burst-state.js';
import { undoNoteLines } from '../kernel/undo-notes.js';
import { t, f, signedMinus } from '../../format.js';

export { BURST_CARD_TEMPLATE };

function targetContext(state: BurstCardState, target: BurstTarget, hits: number | null) {
  const button = (action: BurstAction) => ({
    action,
    disabled: !burstActionAvailable(state, action, target),
    label: f(`GNG.Burst.Action.${action}`, { name: target.name }),
  });
  const a = target.applied;
  const shown = a
    ? afterDive(
        target,
        a.hits.reduce((sum, hit) => sum + hit.after, 0),
      )
    : null;
  let status: string;
  if (hits === null) status = target.defense ? t('GNG.Burst.WaitingNearer') : t('GNG.Burst.WaitingDefense');
  else if (hits === 0 && !target.defense) status = t('GNG.Burst.NoShotsLeft');
  else if (a && shown)
    status = f('GNG.Burst.AppliedLine', { hits, lethal: shown.lethal, nonlethal: shown.nonlethal });
  else status = f('GNG.Burst.HitsLine', { hits, rolls: target.defenseRolls });
  return {
    id: target.id,
    name: target.name,
    open: target.applied === null && hits !== 0,
    hits,
    status,
    attackTotal: target.attackTotal,
    distance: f('GNG.Burst.Distance', { feet: target.distance }),
    rangePenalty: target.rangePenalty
      ? f('GNG.Burst.RangePenalty', { value: signedMinus(target.rangePenalty) })
      : null,
    defenseRolls: f('GNG.Burst.DefenseRolls', {
      count: target.defenseRolls,
      size: t(`GNG.Size.${target.size}`),
    }),
    defense: target.defense && {
      totals: target.defense.totals.map((total, i) => ({
        total,
        natural: target.defense?.naturals[i],
        hit: target.attackTotal >= total,
      })),
      bonus: signedMinus(target.defense.bonus),
    },
    dive: target.dive && {
      text: f('GNG.Burst.DiveResult', {
        total: target.dive.jumpTotal,
        dc: target.attackTotal,
        margin: Math.max(0, target.dive.margin),
      }),
      noCover: !target.dive.cover,
    },
    applied: a && {
      lethal: shown?.lethal ?? a.lethal,
      nonlethal: a.nonlethal,
      hits: a.hits.map((hit) => {
        const dice = hit.dice.join(', ');
        if (hit.cannotHarm) return f('GNG.Attack.Property.CannotHarm', { name: target.name });
        if (hit.afterProtection === undefined)
          return f('GNG.Burst.HitDamage', { rolled: hit.rolled, after: hit.after, dice });
        return f('GNG.Burst.HitDamageResisted', {
          rolled: hit.rolled,
          dice,
          protected: hit.afterProtection,
          dr: hit.damageReduction ?? 0,
          energy: hit.energyResistance ?? 0,
          after: hit.after,
        });
      }),
      hp: f('GNG.Attack.Applied.Hp', { before: a.hp.before, after: a.hp.after }),
      statuses: a.statusesAdded.length
        ? f('GNG.Attack.Applied.Statuses', {
            statuses: a.statusesAdded.map((s) => t(`GNG.Status.${s}`)).join(', '),
          })
        : null,
    },
    undoNotes: undoNoteLines(target.undoNotes),
    // What the card waits for on this target (issue #33): its Defense roll, then the GM's Apply.
    waiting: burstActionAvailable(state, 'rollDefense', target)
      ? f('GNG.Burst.Waiting.rollDefense', { name: target.name })
      : burstActionAvailable(state, 'applyDamage', target)
        ? f('GNG.Burst.Waiting.applyDamage', { name: target.name })
        : null,
    coverChoice: target.dive === null && target.applied === null,
    buttons: {
      rollDefense: button('rollDefense'),
      diveForCover: button('diveForCover'),
      applyDamage: button('applyDamage'),
      undoDamage: button('undoDamage'),
    },
  };
}

/** The template's data, localized, from the state. */
export function burstCardContext(state: BurstCardState): Record<string, unknown> {
  const hits = hitsOf(state);
  return {
    heading: f(`GNG.Burst.Heading.${state.kind}`, { weapon: state.weapon.name }),
    attacker: state.attacker.name,
    attackTotal: state.attack.total,
    attackLine: f('GNG.Burst.AttackLine', {
      natural: state.attack.natural,
      bonus: signedMinus(state.attack.bonus),
      penalty: signedMinus(state.attack.penalty),
    }),
    shots: state.shots.shotsFired,
    shotsLine: state.shots.controlled
      ? f('GNG.Burst.ShotsControlled', { shots: state.shots.shotsFired })
      : f(`GNG.Burst.ShotsRolled.${state.kind}`, {
          dice: state.shots.rolled.join(', '),
          shots: state.shots.shotsFired,
        }),
    ammoLine: f('GNG.Burst.AmmoLine', { rounds: state.shots.ammoUsed, barrels: state.weapon.barrels }),
    areaLine: f(`GNG.Burst.Area.${state.kind}`, {
      length: state.area.length,
      width: state.area.width,
      direction: Math.round(state.area.direction),
    }),
    damage: f('GNG.Burst.DamageLine', { damage: state.weapon.damage }),
    noTemplate: state.template === null && !state.undone ? t('GNG.Burst.NoTemplate') : null,
    noTargets: state.targets.length ? null : t('GNG.Burst.NoTargets'),
    undone: state.undone ? t('GNG.Burst.Undone') : null,
    undoNotes: undoNoteLines(state.undoNotes),
    whole: WHOLE_BURST,
    undoBurst: {
      disabled: state.undone,
      label: f('GNG.Burst.Action.undoBurst', { name: state.attacker.name }),
    },
    targets: state.targets.map((target, i) => targetContext(state, target, hits[i] ?? null)),
  };
}

export async function renderBurstCard(state: BurstCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(BURST_CARD_TEMPLATE, burstCardContext(state));
}
