/**
 * The Time Count tracker (issue #32; seed 002:237–306; docs/rules.md "The tracker"), loaded with the
 * model (nothing of it is in the code a world loads at start). {@link registerTcTracker} (once) sets:
 * - the tracker: the current count and Foundry's round above the list; on each row the count it acts
 *   at next, "acting now" (with whoever acts at the same count: simultaneous, 002:248), unsteady;
 *   for the acting combatants their owners (and GMs) choose an action of the table, an attack with a
 *   weapon, or a hold of some counts, and Act (a request the GM's client plays: tc-act-actions.ts);
 *   GMs advance the count (and undo the last advance while nothing moved since) and mark a combatant
 *   surprised before its initiative;
 * - the act card and the initiative request (GM queries), the world setting `tcSpeedFactors`;
 * - on the active GM: a player's own write of a combatant's `initiative` put back from the schedule
 *   (a GM's own edit of the field moves that combatant's next count),
 *   and at a combat's end the hits taken against the Threshold of Pain cleared (`model.tc.topLost`, A7).
 * The tracker shows the combat it views (`app.viewed`), whatever scene the GM looks at. Every hook
 * does nothing while the world plays a model without the Time Count.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { isActiveGM } from '../documents/active-gm.js';
import { modelOffers } from '../settings/combat-model.js';
import { registerLazyCard } from '../cards/kernel/lazy-card.js';
import { isGMMessage } from '../cards/kernel/gm-message.js';
import { askGM, track } from '../cards/kernel/index.js';
import { onDemand } from '../on-demand.js';
import { isTcActCard } from '../cards/tc-act/tc-act-state.js';
import {
  advanceCount,
  isActing,
  lastAdvanceOf,
  markUnsteady,
  mirrorInitiative,
  queued,
  registerTcSpeedFactorsSetting,
  revertScheduleAct,
  roundOfCount,
  TC_FLAG,
  setTcInitiative,
  tcSchedule,
  type TcSchedule,
} from '../combat/tc-schedule.js';
import { tcCountdowns, type TcCountdown } from '../combat/tc-countdowns.js';
import { SPEED_CLASS_ORDER } from '../rules/models/tc/speed-factor.js';
import { modelHooks } from '../hooks/lazy-hooks.js';
import { t, f } from '../format.js';

const actModule = onDemand(() => import('../cards/tc-act/tc-act-actions.js'));

const playing = () => modelOffers('timeCount');

/** A GM's tracker action, its refusal shown as a warning. */
function gmRun(work: () => Promise<unknown>): void {
  void track(work()).catch((error: unknown) => {
    const key = (error as { key?: unknown })?.key;
    if (typeof key === 'string')
      ui.notifications.warn(f(key, (error as { data?: Record<string, unknown> }).data ?? {}));
    else console.error(error);
  });
}

function button(doc: Document, action: string, label: string, run: () => void): HTMLButtonElement {
  const b = doc.createElement('button');
  b.type = 'button';
  b.className = `gng-tc-${action}`;
  b.textContent = label;
  // No `data-action` (the tracker's own actions) and no bubbling to the row's handlers (saga-turns.ts).
  b.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    run();
  });
  return b;
}

/**
 * Foundry's "next turn" / "next round" under the Time Count (src/documents/combat.ts): the count
 * advances (a GM's client; anyone else is refused with a warning).
 */
export async function advanceFromCore(combat: Combat): Promise<void> {
  try {
    await advanceCount(combat);
  } catch (error) {
    const key = (error as { key?: unknown })?.key;
    if (typeof key !== 'string') throw error;
    ui.notifications.warn(f(key, (error as { data?: Record<string, unknown> }).data ?? {}));
  }
}

/** The count, the round, and the GM's Advance / Undo advance above the list. */
function header(doc: Document, combat: Combat, schedule: TcSchedule): HTMLElement {
  const div = doc.createElement('div');
  div.className = 'gng-tc-header';
  const p = doc.createElement('p');
  p.className = 'gng-tc-count';
  p.setAttribute('role', 'status');
  p.textContent = f('GNG.Model.TC.Tracker.Count', {
    count: schedule.count,
    round: roundOfCount(schedule.count),
  });
  div.append(p);
  if (!game.user.isGM) return div;
  div.append(
    button(doc, 'advance', t('GNG.Model.TC.Tracker.Advance'), () => gmRun(() => advanceCount(combat))),
  );
  const last = lastAdvanceOf(combat);
  if (last)
    div.append(
      button(doc, 'undo-advance', f('GNG.Model.TC.Tracker.UndoAdvance', { count: last.from }), () =>
        gmRun(() => revertScheduleAct(last)),
      ),
    );
  return div;
}

/** The row's words: when it acts next, with whom, and whether it is unsteady. */
export function tcRowText(
  combat: Combat,
  combatant: Combatant,
  schedule: TcSchedule,
  countdown?: TcCountdown,
): string {
  const next = schedule.next[combatant.id];
  const parts: string[] = [];
  if (next === undefined) parts.push(t('GNG.Model.TC.Tracker.NoInitiative'));
  else {
    const at = Math.max(next, schedule.count);
    const together = Object.keys(schedule.next)
      .filter((id) => id !== combatant.id && Math.max(schedule.next[id] as number, schedule.count) === at)
      .map((id) => combat.combatants.get(id)?.actor?.name ?? '')
      .sort();
    if (isActing(schedule, combatant.id)) parts.push(t('GNG.Model.TC.Tracker.ActingNow'));
    else if (schedule.started)
      parts.push(f('GNG.Model.TC.Tracker.ActsAt', { count: next, in: next - schedule.count }));
    else parts.push(f('GNG.Model.TC.Tracker.FirstAt', { count: next }));
    if (together.length) parts.push(f('GNG.Model.TC.Tracker.Together', { names: together.join(', ') }));
  }
  if (schedule.unsteady[combatant.id]) parts.push(t('GNG.Model.TC.Tracker.Unsteady'));
  // A spell being prepared, a check to wake: the count it ends at, and how many counts are left.
  if (countdown)
    parts.push(
      f(`GNG.Model.TC.Tracker.Countdown.${countdown.kind}`, {
        count: countdown.at,
        in: Math.max(0, countdown.at - schedule.count),
      }),
    );
  return parts.join(' · ');
}

/** The acting combatant's choice: its weapons, the table's actions, a hold; and Act. */
function actControls(
  doc: Document,
  combat: Combat,
  combatant: Combatant,
  actions: readonly string[],
): HTMLElement {
  const box = doc.createElement('span');
  box.className = 'gng-tc-act';
  const select = doc.createElement('select');
  select.name = 'tc-action';
  select.setAttribute('aria-label', t('GNG.Model.TC.Act.Choose'));
  select.title = t('GNG.Model.TC.Act.Hint');
  const option = (value: string, label: string) => {
    const o = doc.createElement('option');
    o.value = value;
    o.textContent = label;
    select.append(o);
  };
  for (const weapon of combatant.actor?.items.filter((i) => i.type === 'weapon') ?? [])
    // Not the attack itself (the sheet's, whose card moves the count): said so, or the turn is
    // spent on a count with no roll and the sheet's attack then refused as out of turn.
    option(`attack:${weapon.id}`, f('GNG.Model.TC.Act.AttackOption', { weapon: weapon.name }));
  for (const id of actions) option(id, t(`GNG.Model.TC.ActionSpeed.${id}`));
  // R37: prepare a spell of a casting time; cast it once its countdown is reached (tc-spell-act.ts).
  for (const speed of SPEED_CLASS_ORDER)
    option(
      `prepareSpell:${speed}`,
      f('GNG.Model.TC.Act.PrepareSpell', { speed: t(`GNG.Model.TC.Speed.${speed}`) }),
    );
  const countdown = tcCountdowns(combat)[combatant.id];
  if (countdown?.kind === 'preparing' && countdown.at <= tcSchedule(combat).count)
    option('castSpell', t('GNG.Model.TC.Act.CastSpell'));
  option('hold', t('GNG.Model.TC.Act.Hold'));
  const counts = doc.createElement('input');
  counts.type = 'number';
  counts.name = 'tc-hold';
  counts.min = '1';
  counts.value = '1';
  counts.setAttribute('aria-label', t('GNG.Model.TC.Act.HoldCounts'));
  // The counts are a hold's only: a lone "1" beside an attack read as part of it.
  const showCounts = () => (counts.hidden = select.value !== 'hold');
  showCounts();
  select.addEventListener('change', showCounts);
  const act = button(doc, 'act', t('GNG.Model.TC.Act.Act'), () => {
    const [action, weaponId] = select.value.split(':');
    const request: Record<string, unknown> = { combatId: combat.id, combatantId: combatant.id, action };
    if (action === 'attack') request.weaponId = weaponId;
    if (action === 'prepareSpell') request.castingTime = weaponId;
    if (action === 'hold') request.counts = Number(counts.value);
    void askGM('gng.tcAct', request);
  });
  box.append(select, counts, act);
  // Choosing in the box is not a click on the row (which pans to the token, opens the sheet).
  for (const type of ['click', 'dblclick', 'pointerdown', 'mousedown'])
    box.addEventListener(type, (event) => event.stopPropagation());
  return box;
}

/**
 * Active GM: the combatants whose `initiative` no longer mirrors the schedule put back in line, after
 * whatever the schedule's queue holds (a GM's edit being played moves the count first). A combat the
 * world played under another model meanwhile (its initiatives that model's) is back in count order.
 */
export function resyncMirror(combat: Combat, schedule: TcSchedule): Promise<unknown> | null {
  if (!isActiveGM() || combat.getFlag(SYSTEM_ID, TC_FLAG) === undefined) return null;
  const stale = [...combat.combatants]
    .filter((c) => (c.initiative ?? null) !== (schedule.next[c.id] ?? null))
    .map((c) => c.id);
  if (!stale.length) return null;
  return track(queued(combat.id as string, () => mirrorInitiative(combat, stale)));
}

/** `renderCombatTracker`: the Time Count on the tracker (under a model with it). */
export function decorateTcTracker(app: CombatTrackerApp, html: HTMLElement): void {
  for (const old of html.querySelectorAll('.gng-tc-header, .gng-tc-row, .gng-tc-act, .gng-tc-surprise'))
    old.remove();
  const combat = app?.viewed;
  if (!combat || !playing()) return;
  const doc = html.ownerDocument;
  const schedule = tcSchedule(combat);
  void resyncMirror(combat, schedule)?.catch((error: unknown) => console.error(error));
  const list = html.querySelector('ol.combat-tracker');
  const top = header(doc, combat, schedule);
  if (list) list.before(top);
  else html.prepend(top);
  const actions = actModule.loaded?.TRACKER_ACTIONS ?? [];
  const countdowns = tcCountdowns(combat);
  for (const row of html.querySelectorAll<HTMLElement>('.combatant[data-combatant-id]')) {
    const combatant = combat.combatants.get(row.dataset.combatantId ?? '');
    if (!combatant) continue;
    const place = row.querySelector('.token-name') ?? row;
    const note = doc.createElement('span');
    note.className = 'gng-tc-row';
    note.setAttribute('role', 'note');
    note.textContent = tcRowText(combat, combatant, schedule, countdowns[combatant.id]);
    place.append(note);
    const acting = isActing(schedule, combatant.id);
    if (acting && combat.started && (game.user.isGM || combatant.actor?.isOwner))
      place.append(actControls(doc, combat, combatant, actions));
    if (game.user.isGM && !(combatant.id in schedule.next) && !schedule.unsteady[combatant.id])
      place.append(
        button(doc, 'surprise', t('GNG.Model.TC.Tracker.Surprised'), () =>
          gmRun(() => markUnsteady(combat, combatant.id, 'surprise')),
        ),
      );
  }
}

/** Active GM: a combatant's `initiative` written by anyone but the store is put back from the schedule. */
export function restoreInitiative(
  combatant: Combatant,
  changes: object,
  userId?: string,
): Promise<unknown> | null {
  const combat = combatant.parent;
  if (!combat || !isActiveGM() || !playing() || !('initiative' in changes)) return null;
  const schedule = tcSchedule(combat);
  const next = schedule.next[combatant.id] ?? null;
  const typed = combatant.initiative ?? null;
  if (typed === next) return null;
  // A GM's own edit of the field (Foundry's tracker) moves that combatant's next count; a value the
  // store refuses (not a whole count) is put back like a player's.
  const put =
    typed !== null && game.users.get(userId ?? '')?.isGM === true
      ? setTcInitiative(combat, combatant.id, {
          total: typed,
          surprised: schedule.unsteady[combatant.id] === true,
          reason: 'gm-edit',
        }).catch(() => mirrorInitiative(combat, [combatant.id]))
      : // A player's write, before the schedule's first write too: the combatant has no count yet.
        mirrorInitiative(combat, [combatant.id]);
  return track(put);
}

/** Active GM, a combat ended: the ToP hits its creatures took are cleared (A7). */
export function clearTopLost(combat: Combat): Promise<unknown> | null {
  if (!isActiveGM() || !playing()) return null;
  const updates = [...combat.combatants]
    .map((c) => c.actor)
    .filter((actor): actor is Actor => {
      const lost = (actor?.system as { model?: { tc?: { topLost?: unknown } } } | undefined)?.model?.tc
        ?.topLost;
      return typeof lost === 'number' && lost !== 0;
    });
  return track(
    Promise.all([...new Set(updates)].map((actor) => actor.update({ 'system.model.tc.topLost': 0 }))),
  );
}

let registered = false;

/** Registers the Time Count tracker (once; called as the model loads). */
/** `_onStartTurn` under the Time Count: whether that turn start is the schedule's (tc-schedule.ts). */
export { isScheduledTurnStart } from '../combat/tc-schedule.js';

export function registerTcTracker(): void {
  if (registered) return;
  registered = true;
  registerTcSpeedFactorsSetting();
  registerLazyCard({
    module: actModule,
    queries: {
      'gng.tcAct': (m, data, sender) => m.handleTcAct(data, sender),
      'gng.tcInitiative': (m, data, sender) => m.handleTcInitiative(data, sender),
      'gng.tcActCard': (m, ...request) => m.tcActCard.handle(...request),
    },
    renders: (message) => isTcActCard(message) && isGMMessage(message),
    decorate: (m, message, html) => m.tcActCard.decorate(message, html),
    templates: [],
    types: ['tcAct'],
  });
  // The action list comes with the card's module: loaded now, so the tracker has it when drawn.
  void track(actModule()).then(() => (ui.combat?.rendered ? ui.combat.render() : undefined));
  modelHooks.tcTracker(tcTrackerHooks);
}

/** The hooks' handlers (src/hooks/register-hooks.ts `modelHooks.tcTracker`). */
export const tcTrackerHooks = {
  renderCombatTracker: (app: CombatTrackerApp, html: HTMLElement) => decorateTcTracker(app, html),
  updateCombatant(combatant: Combatant, changes: object, _options: unknown, userId: string): void {
    void restoreInitiative(combatant, changes, userId)?.catch((error: unknown) => console.error(error));
  },
  deleteCombat(combat: Combat): void {
    void clearTopLost(combat)?.catch((error: unknown) => console.error(error));
  },
};
