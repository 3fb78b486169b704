/**
 * The grapple card's template context: a header badge with the grapple's state, the check it is about
 * now in numbers (each side's total, who won), the steps as text (folded history), one group of moves
 * per side headed with that side's name (with its weapon choice), the answer, the throw choice, Undo.
 * Drawn from the state alone: its two actors as the GM's `view` records them (grapple-view.ts).
 */
import {
  f,
  GRAPPLE_CARD_TEMPLATE,
  grappleActionAvailable,
  grappleRequestSide,
  mayActDespiteConditions,
  other,
  pinnedSide,
  sideName,
  t,
  woundTraumaSide,
  type GrappleAction,
  type GrappleCardState,
  type GrappleSide,
  type GrappleStep,
} from './grapple-rules.js';
import { legacyGrappleState } from './grapple-state.js';
import { sideView, viewNow } from './grapple-view.js';
import { woundTraumaContext } from '../shared/wound-trauma.js';
import { grappleWaiting } from './grapple-waiting.js';
import { immunityWords, saveCard, undoNoteLines, type TypedCard } from '../kernel/index.js';

function nameOf(state: GrappleCardState, uuid: string): string {
  return uuid === state.attacker.actorUuid ? state.attacker.name : state.defender.name;
}

/** The damaged actor's name of a step (its HP loss), or ''. */
function damagedName(state: GrappleCardState, step: GrappleStep): string {
  return step.hpBefore ? nameOf(state, step.hpBefore.actorUuid) : '';
}

/** A step's wound trauma as history lines: the save owed, or its roll and outcome. */
function woundTraumaLines(state: GrappleCardState, step: GrappleStep): string[] {
  const c = woundTraumaContext(step.woundTrauma, damagedName(state, step), false);
  return c ? ([c.pending, c.save, c.outcome].filter(Boolean) as string[]) : [];
}

/** The lines of a step; `woundTrauma`: with its wound trauma save (the history's; the check shows its own). */
function stepText(state: GrappleCardState, step: GrappleStep, woundTrauma = true): string[] {
  // Break Another's Pin: the ally made the check for the pinned side.
  const actorName = step.ally?.name ?? sideName(state, step.side);
  const oppName = sideName(state, other(step.side));
  const move = t(`GNG.Grapple.Move.${step.move}`);
  const lines: string[] = [];
  if (step.reason)
    lines.push(f(`GNG.Grapple.Result.Reason.${step.reason}`, { move, name: actorName, opponent: oppName }));
  else if (step.opponent)
    lines.push(
      f(step.won ? 'GNG.Grapple.Result.Won' : 'GNG.Grapple.Result.Lost', {
        move,
        name: actorName,
        total: step.actor.total,
        opponent: oppName,
        opposing: step.opponent.total,
      }),
    );
  if (step.damage)
    lines.push(
      f(
        step.move === 'removeWeapon' || step.move === 'pullWeapon'
          ? 'GNG.Grapple.Result.Removal'
          : 'GNG.Grapple.Result.Damage',
        {
          formula: step.damage.formula,
          weapon: step.damage.weapon ?? t('GNG.Grapple.Unarmed'),
          rolled: step.damage.rolled,
          rd: step.relativeDegree,
          total: step.damage.total,
          dealt: step.damage.dealt,
        },
      ),
    );
  if (step.damage?.immune?.length)
    lines.push(f('GNG.Grapple.Result.Immune', { what: immunityWords(step.damage.immune) }));
  if (woundTrauma) lines.push(...woundTraumaLines(state, step));
  if (step.save)
    lines.push(
      f(step.save.failed ? 'GNG.Grapple.Result.SaveFailed' : 'GNG.Grapple.Result.SaveMade', {
        total: step.save.total,
        dc: step.save.dc,
      }),
    );
  if (step.move === 'throw' && step.won) {
    lines.push(f('GNG.Grapple.Result.Thrown', { name: oppName, feet: step.throwMaxFeet }));
    if (step.throwKept !== null)
      lines.push(
        step.throwFeet > 0
          ? f('GNG.Grapple.Result.ThrownAway', { name: oppName, feet: step.throwFeet })
          : f(step.throwKept ? 'GNG.Grapple.Result.ThrownKept' : 'GNG.Grapple.Result.ThrownLetGo', {
              name: actorName,
              opponent: oppName,
            }),
      );
  }
  // A status a step added, timed or cleared: its name and whose.
  const status = (s: { status: string; actorUuid: string }) => ({
    status: t(`GNG.Status.${s.status}`),
    name: nameOf(state, s.actorUuid),
  });
  for (const a of step.added) lines.push(f('GNG.Grapple.Result.Status', status(a)));
  for (const e of step.timed)
    lines.push(
      f(e.dice.length ? 'GNG.Grapple.Result.TimedDice' : 'GNG.Grapple.Result.Timed', {
        ...status(e),
        rounds: e.rounds,
        dice: e.dice.join(', '),
      }),
    );
  for (const r of step.removed) lines.push(f('GNG.Grapple.Result.Cleared', status(r)));
  for (const o of step.others)
    lines.push(f('GNG.Grapple.Result.Other', { name: o.name, total: o.roll.total }));
  if (step.mirrorOf) lines.push(t('GNG.Grapple.Result.Mirror'));
  if (step.weaponRemoved && state.bonus?.weapon)
    lines.push(f('GNG.Grapple.Result.WeaponOut', { weapon: state.bonus.weapon.name }));
  return lines;
}

function weaponRow(state: GrappleCardState, side: GrappleSide) {
  const choices = sideView(state, side).weapons;
  if (!choices.length || state.phase === 'ended') return null;
  // Chosen while it may be (not while a check waits, issue #33: no greyed buttons).
  if (!grappleActionAvailable('weapon', state, false)) return null;
  const current = side === 'attacker' ? state.attacker.weaponId : state.defender.weaponId;
  const option = (itemId: string, name: string) => ({
    itemId,
    label: name,
    pressed: (current ?? '') === itemId,
    aria: f('GNG.Grapple.Weapon.Use', { name: sideName(state, side), weapon: name }),
  });
  return {
    side,
    label: f('GNG.Grapple.Weapon.Label', { name: sideName(state, side) }),
    options: [option('', t('GNG.Grapple.Unarmed')), ...choices.map((item) => option(item.itemId, item.name))],
  };
}

/** The text of the attack of opportunity: taken, declined, or null (what waits for it: the waiting line). */
function aooText(state: GrappleCardState): string | null {
  if (state.aoo)
    return f('GNG.Grapple.AooTaken', { name: state.defender.name, attacker: state.attacker.name });
  if (state.aooDeclinedBy) return f('GNG.Grapple.AooDeclined', { name: state.defender.name });
  return null;
}

/** The lines of a step without its first line when that is the "A vs B: succeeds" the duel shows in numbers. */
function effectLines(state: GrappleCardState, step: GrappleStep): string[] {
  const lines = stepText(state, step, false);
  return step.opponent && !step.reason ? lines.slice(1) : lines;
}

/** The badge of the card's header: what the grapple is now (grabbing, grappling, who is pinned, who escaped …). */
function stateBadge(state: GrappleCardState): { kind: string; text: string } {
  if (state.phase === 'grappling') {
    for (const status of ['pinned', 'locked'] as const)
      for (const side of ['defender', 'attacker'] as const)
        if (sideView(state, side)[status])
          return { kind: status, text: f(`GNG.Grapple.State.${status}`, { name: sideName(state, side) }) };
    return { kind: 'grappling', text: t('GNG.Grapple.State.grappling') };
  }
  if (state.phase !== 'ended') return { kind: state.phase, text: t(`GNG.Grapple.State.${state.phase}`) };
  const last = state.steps.at(-1);
  if (last && !last.mirrorOf && (last.move === 'escape' || last.move === 'escapeArtist') && last.won)
    return { kind: 'escaped', text: f('GNG.Grapple.State.escaped', { name: sideName(state, last.side) }) };
  if (last && last.move === 'throw' && last.throwFeet > 0)
    return {
      kind: 'thrown',
      text: f('GNG.Grapple.State.thrown', { name: sideName(state, other(last.side)) }),
    };
  if (last && (last.move === 'start' || last.move === 'touch') && !last.won)
    return { kind: 'failed', text: t('GNG.Grapple.State.failed') };
  return { kind: 'ended', text: t('GNG.Grapple.State.ended') };
}

interface DuelSide {
  name: string;
  total: number | string;
  note: string;
  winner: boolean;
  waiting: boolean;
}

/**
 * The check the card is about now, in numbers: the pending check (its total against the other side's
 * answer to come) or the last step (each side's total, who won), with what that step did.
 */
function checkContext(state: GrappleCardState) {
  const natural = (n: number) => f('GNG.Grapple.Check.Natural', { natural: n });
  const pending = state.pending;
  if (pending) {
    const sides: DuelSide[] = [
      {
        name: pending.ally?.name ?? sideName(state, pending.side),
        total: pending.roll.total,
        note: natural(pending.roll.natural),
        winner: false,
        waiting: false,
      },
      {
        name: sideName(state, other(pending.side)),
        total: t('GNG.Grapple.Check.Unrolled'),
        note: t('GNG.Grapple.Check.Waiting'),
        winner: false,
        waiting: true,
      },
    ];
    return { title: t(`GNG.Grapple.Move.${pending.move}`), sides, outcome: null, lines: [] };
  }
  const step = state.steps.at(-1);
  if (!step) return null;
  const title = t(`GNG.Grapple.Move.${step.move}`);
  if (!step.opponent || step.reason)
    return { title, sides: [], outcome: null, lines: stepText(state, step, false) };
  const winner = step.won ? step.side : other(step.side);
  const nameOf = (who: GrappleSide) =>
    who === step.side && step.ally ? step.ally.name : sideName(state, who);
  const side = (who: GrappleSide, roll: { total: number; natural: number }): DuelSide => ({
    name: nameOf(who),
    total: roll.total,
    note: who === winner ? t('GNG.Grapple.Check.Winner') : natural(roll.natural),
    winner: who === winner,
    waiting: false,
  });
  return {
    title,
    sides: [side(step.side, step.actor), side(other(step.side), step.opponent)],
    outcome: f('GNG.Grapple.Check.Wins', { name: nameOf(winner) }),
    lines: effectLines(state, step),
  };
}

/**
 * Advanced Wound Trauma: the last step's save as the card shows it (owed, or rolled and its outcome)
 * with the damaged side's button while it may be rolled; null when the step owes none.
 */
function woundTraumaBlock(state: GrappleCardState) {
  const step = state.steps.at(-1);
  const side = woundTraumaSide(state);
  if (!step || !side || state.pending) return null;
  const w = sideView(state, side);
  const available = grappleActionAvailable('woundTraumaSave', state, w.advanced, w.held);
  const context = woundTraumaContext(step.woundTrauma, sideName(state, side), available);
  // The note above names the side: the button stays short enough for one line in the chat log.
  const button = context?.button ? f('GNG.Grapple.WoundTraumaAction', { dc: step.woundTrauma?.dc }) : null;
  return context && { ...context, button, side };
}

export function grappleCardContext(state: GrappleCardState): Record<string, unknown> {
  const who = (side: GrappleSide) => sideView(state, side);
  // Each button names the side it acts for (its target): a row's side, or the side the action names now.
  const button = (action: GrappleAction, side = grappleRequestSide(action, state)) => ({
    action,
    targetId: side,
    label: t(`GNG.Grapple.Action.${action}`),
  });
  // A button only while that side may press it now (issue #33): the waiting line says what the card
  // waits for and why a side has no move (grapple-waiting.ts).
  const open = (action: GrappleAction, side = grappleRequestSide(action, state)) => {
    const w = who(side);
    return grappleActionAvailable(action, state, w.advanced, w.held) && mayActDespiteConditions(action, w);
  };
  const pending = state.pending;
  const row = (side: GrappleSide) => {
    // A row holds its side's moves only (the fixed ones too: `touch`, `removeWeapon` the attacker's …).
    const moves: GrappleAction[] = [];
    const add = (action: GrappleAction) => moves.push(action);
    if (state.phase === 'grab') {
      if (side === 'attacker') add('touch');
      else if (state.provokes) {
        add('aoo');
        add('declineAoo');
      }
    }
    add('damage');
    add('pin');
    if (who(side).advanced) ['choke', 'lock', 'throw'].forEach((m) => add(m as GrappleAction));
    add('escape');
    add('escapeArtist');
    if (state.bonus?.weapon) add(side === 'attacker' ? 'removeWeapon' : 'pullWeapon');
    return {
      side,
      // The group's heading names whose moves they are (the GM sees both sides' groups).
      label: f('GNG.Grapple.Moves', { name: sideName(state, side) }),
      buttons: moves.filter((action) => open(action, side)).map((action) => button(action, side)),
      weapon: weaponRow(state, side),
    };
  };
  // Core "Break Another's Pin": for an ally of the pinned side (grapple-break-pin.ts).
  const breakPinButton = () => {
    const pinned = state.phase === 'grappling' ? pinnedSide(state) : null;
    if (!pinned || !open('breakPin', pinned)) return null;
    const name = sideName(state, pinned);
    return {
      ...button('breakPin', pinned),
      label: f('GNG.Grapple.BreakPin.Button', { name }),
      legend: f('GNG.Grapple.BreakPin.Legend', { name }),
    };
  };
  const bonus = state.bonus;
  const notes = state.undoNotes;
  const last = state.steps.at(-1);
  const oppose = {
    ...button('oppose'),
    label: t(pending?.move === 'touch' ? 'GNG.Grapple.Action.touchDefense' : 'GNG.Grapple.Action.oppose'),
  };
  return {
    heading: f('GNG.Grapple.Heading', { attacker: state.attacker.name, defender: state.defender.name }),
    state: stateBadge(state),
    phaseId: state.phase,
    // An ended grapple shows no moves (nothing left to press but Undo); `rows` stay for the sheets.
    ended: state.phase === 'ended',
    provokes: state.provokes && state.phase === 'grab',
    aoo: aooText(state),
    stabAndGrab:
      bonus &&
      (bonus.weapon
        ? f(bonus.removed ? 'GNG.Grapple.StabAndGrab.Removed' : 'GNG.Grapple.StabAndGrab.Lodged', {
            bonus: bonus.value,
            name: state.attacker.name,
            weapon: bonus.weapon.name,
            defender: state.defender.name,
          })
        : f('GNG.Grapple.StabAndGrab.Bonus', { bonus: bonus.value, name: state.attacker.name })),
    phase: t(`GNG.Grapple.Phase.${state.phase}`),
    check: checkContext(state),
    woundTrauma: woundTraumaBlock(state),
    pending: pending && {
      text: f(pending.move === 'touch' ? 'GNG.Grapple.PendingTouch' : 'GNG.Grapple.Pending', {
        move: t(`GNG.Grapple.Move.${pending.move}`),
        name: pending.ally?.name ?? sideName(state, pending.side),
        total: pending.roll.total,
        natural: pending.roll.natural,
        opponent: sideName(state, other(pending.side)),
      }),
      answers: f('GNG.Grapple.Answers', { name: sideName(state, other(pending.side)) }),
    },
    steps: state.steps.map((step) => ({ lines: stepText(state, step) })),
    history: f('GNG.Grapple.History', { count: state.steps.length }),
    undoNotes: notes?.notes.length
      ? {
          label: f('GNG.Grapple.UndoNotes', { move: t(`GNG.Grapple.Move.${notes.move}`) }),
          notes: undoNoteLines(notes.notes),
        }
      : null,
    oppose,
    waiting: grappleWaiting(state),
    // The sides with a move or a weapon to choose now (a row of greyed moves says nothing).
    rows: [row('attacker'), row('defender')].filter((r) => r.buttons.length || r.weapon),
    breakPin: breakPinButton(),
    throwChoice: state.throwChoice && {
      side: state.throwChoice.side,
      label: f('GNG.Grapple.ThrowChoice.Label', { name: sideName(state, state.throwChoice.side) }),
      options: [
        { feet: 0, keep: true, label: t('GNG.Grapple.ThrowChoice.Keep') },
        { feet: 0, keep: false, label: t('GNG.Grapple.ThrowChoice.LetGo') },
        ...Array.from({ length: state.throwChoice.maxFeet / 5 }, (_, i) => ({
          feet: (i + 1) * 5,
          keep: false,
          label: f('GNG.Grapple.ThrowChoice.Away', { feet: (i + 1) * 5 }),
        })),
      ],
    },
    undo: open('undo') && {
      ...button('undo'),
      // Undo says which step it takes back (and so whose): "Undo: Pin".
      label:
        last && state.pending === null && !last.mirrorOf
          ? f('GNG.Grapple.UndoMove', {
              move: t(`GNG.Grapple.Move.${last.move}`),
              name: last.ally?.name ?? sideName(state, last.side),
            })
          : t('GNG.Grapple.Action.undo'),
    },
  };
}

export async function renderGrappleCard(state: GrappleCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(GRAPPLE_CARD_TEMPLATE, grappleCardContext(state));
}

/** The grapple card's typed part (issue #34): subtype, renderer, legacy reader, legacy flag. */
export const GRAPPLE_TYPED: TypedCard<GrappleCardState> = {
  type: 'grapple',
  render: renderGrappleCard,
  legacy: legacyGrappleState,
  legacyFlag: 'grapple',
};

/**
 * GM side: saves a grapple card's whole state with its fallback content (the kernel's `saveCard`:
 * typed `system`, or a legacy card's flag), its actors' `view` written as they are now: the table's
 * save, and the steps that change another grapple card (an escape's mirrored step, its Undo, the
 * attack of opportunity's link).
 */
export function saveGrappleCard(message: ChatMessage, state: GrappleCardState): Promise<void> {
  state.view = viewNow(state);
  return saveCard(GRAPPLE_TYPED, message, state);
}
