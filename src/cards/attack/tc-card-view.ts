/**
 * What the attack card shows of the Time Count and Threshold of Pain model (issue #32), from the
 * card's state alone: the attacker's next count and how its SF was found (rolled or static, the
 * class steps, two weapons' worse SF, a fumble's d6), a fumble's cost, the take-back; for each
 * target why it met Passive ("vs Passive 12 (unsteady)"), the ToP split after Apply ("fatigue +6,
 * HP −4, ToP 6→5"), and the Constitution check owed, its button and its result.
 */
import { undoNoteLines } from '../kernel/undo-notes.js';
import { topSplit } from '../../rules/models/tc/attack-card.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import { tcConsciousnessOwed, type CardTc } from './tc-card-state.js';
import { t, f, signedMinus } from '../../format.js';

function speedLines(state: AttackCardState, tc: CardTc): string[] {
  const speed = tc.speed;
  if (!speed) return [];
  const name = state.attacker.name;
  const lines = [f('GNG.Model.TC.Card.Next', { name, next: speed.next, count: speed.count, sf: speed.sf })];
  const speedClass = t(`GNG.WeaponSpeedClass.${speed.speedClass}`);
  lines.push(
    speed.random
      ? f('GNG.Model.TC.Card.Rolled', { speedClass, formula: speed.formula, rolls: speed.rolls.join(', ') })
      : f('GNG.Model.TC.Card.Static', { speedClass, sf: speed.formula }),
  );
  if (speed.other) lines.push(f('GNG.Model.TC.Card.Worse', { weapon: speed.other.name, sf: speed.other.sf }));
  if (speed.fumbleDice.length)
    lines.push(f('GNG.Model.TC.Card.FumbleDie', { d6: speed.fumbleDice.join(', ') }));
  return lines;
}

/** The card's TC lines and its withdrawal; null under any other model. */
export function tcCardContext(state: AttackCardState) {
  const tc = state.tc;
  if (!tc) return null;
  const name = state.attacker.name;
  const lines = speedLines(state, tc);
  if (tc.choices.quickStrike) lines.push(t('GNG.Model.TC.Card.QuickStrike'));
  if (tc.fumble) {
    lines.push(f('GNG.Model.TC.Card.Fumble', { name }));
    const d = tc.fumble.durability;
    lines.push(
      d
        ? f('GNG.Model.TC.Card.Durability', { weapon: state.weapon.name, before: d.before, after: d.after })
        : f('GNG.Model.TC.Card.NoDurability', { weapon: state.weapon.name }),
    );
  }
  return {
    lines,
    withdrawn: tc.withdrawn
      ? { text: f('GNG.Model.TC.Card.Withdrawn', { name }), notes: undoNoteLines(tc.withdrawn.notes) }
      : null,
  };
}

/** "fatigue +6, HP −4, ToP 6→5" (and bonus HP, Invigoration, impairments when they changed). */
function splitLine(target: CardTarget): string | null {
  const applied = target.applied;
  if (!applied || target.tc?.top === null || target.tc?.top === undefined) return null;
  const after = {
    value: applied.hp.after,
    temp: applied.temp.after,
    ...(applied.healthAfter ?? {}),
  };
  const split = topSplit(applied.snapshot as unknown as Record<string, number>, after, target.tc.top);
  const parts = [
    ...(split.temp ? [f('GNG.Model.TC.Card.Split.temp', { n: signedMinus(split.temp) })] : []),
    ...(split.invigoration
      ? [f('GNG.Model.TC.Card.Split.invigoration', { n: signedMinus(split.invigoration) })]
      : []),
    f('GNG.Model.TC.Card.Split.fatigue', { n: signedMinus(split.fatigue) }),
    // A hit below the ToP (or nonlethal) takes no HP: not said.
    ...(split.hp ? [f('GNG.Model.TC.Card.Split.hp', { n: signedMinus(split.hp) })] : []),
    f('GNG.Model.TC.Card.Split.top', { before: split.top.before, after: split.top.after }),
    ...(split.impairments
      ? [f('GNG.Model.TC.Card.Split.impairments', { n: signedMinus(split.impairments) })]
      : []),
  ];
  return parts.join(', ');
}

/** A target's TC lines; null under any other model. */
export function tcTargetContext(state: AttackCardState, target: CardTarget) {
  const tc = target.tc;
  if (!state.tc || !tc) return null;
  const reasons = tc.passive.map((r) => t(`GNG.Model.TC.Defense.Passive.${r}`));
  const con = tc.consciousness;
  const roll = con?.roll;
  return {
    passive: reasons.length ? f('GNG.Model.TC.Card.PassiveWhy', { reasons: reasons.join(', ') }) : null,
    split: splitLine(target),
    consciousness: con
      ? {
          // "−0 for impairments" says nothing: the penalty only when there is one.
          owed: f(con.penalty ? 'GNG.Model.TC.Check.Owed' : 'GNG.Model.TC.Check.OwedPlain', {
            name: target.name,
            dc: con.dc,
            penalty: con.penalty,
          }),
          button: tcConsciousnessOwed(target) ? t('GNG.Model.TC.Check.Roll') : null,
          result: roll
            ? f(roll.success ? 'GNG.Model.TC.Check.Success' : 'GNG.Model.TC.Check.Failure', {
                name: target.name,
                natural: roll.natural,
                total: roll.total,
                dc: con.dc,
                failedBy: roll.failedBy,
                wakeAt: roll.wakeAt ?? '—',
              })
            : null,
        }
      : null,
  };
}
