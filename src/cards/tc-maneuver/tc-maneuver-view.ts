/**
 * The Time Count maneuver card's markup, from its state (the reader's own words): the roll against
 * each target's defense, what each step does, the damage, the SF posted and the fatigue spent, and
 * the buttons (the kernel hides those the reader may not use).
 */
import { escapeHtml } from '../../chat/escape-html.js';
import { undoNoteLines } from '../kernel/undo-notes.js';
import { bullRushFeet, tcManeuverRow } from '../../rules/models/tc/maneuvers.js';
import type { TcManeuverAction, TcManeuverCardState, TcManeuverTarget } from './tc-maneuver-state.js';

const M = 'GNG.Model.TC.Maneuver.';
const t = (key: string) => escapeHtml(game.i18n.localize(key));
const f = (key: string, data: Record<string, unknown>) => escapeHtml(game.i18n.format(key, data));

function button(action: TcManeuverAction, target: string, name: string): string {
  return `<button type="button" data-action="${action}" data-target-id="${escapeHtml(target)}">${f(`${M}Action.${action}`, { name })}</button>`;
}

function targetBlock(state: TcManeuverCardState, target: TcManeuverTarget): string {
  const lines: string[] = [];
  const names = { actor: state.attacker.name, name: target.name };
  target.results.forEach((r, i) => {
    const d = target.defenses[i] as { defense: string; value: number };
    const data = {
      total: target.total,
      natural: target.natural,
      defense: t(`GNG.Model.TC.Defense.${d.defense}`),
      value: d.value,
    };
    const verdict = r.fumble ? 'fumble' : r.critical ? 'critical' : r.hit ? 'hit' : 'miss';
    lines.push(f(`${M}Roll.${verdict}`, data));
    for (const step of r.steps)
      lines.push(f(`${M}Effect.${step.key}`, { ...names, feet: bullRushFeet(r.margin) }));
  });
  // A flat amount (Strength) is its own formula: "4 damage", not "4 damage (4)".
  if (target.damage) {
    const plain = target.damage.formula === String(target.damage.amount);
    lines.push(f(`${M}${plain ? 'DamagePlain' : 'Damage'}`, { ...names, ...target.damage }));
  }
  if (target.applied) lines.push(t(`${M}Applied`));
  for (const note of undoNoteLines(target.undoNotes)) lines.push(escapeHtml(note));
  const buttons = [
    button('applyTcManeuver', target.id, target.name),
    button('undoTcManeuver', target.id, target.name),
  ].join('');
  return (
    `<section class="tc-maneuver-target" data-target-id="${escapeHtml(target.id)}"><h4>${escapeHtml(target.name)}</h4>` +
    lines.map((l) => `<p>${l}</p>`).join('') +
    `<div class="card-buttons">${buttons}</div></section>`
  );
}

export function renderTcManeuverCard(state: TcManeuverCardState): Promise<string> {
  const name = state.attacker.name;
  const head = f(`${M}Heading`, { name, maneuver: t(`${M}Name.${state.maneuver}`) });
  const lines: string[] = [
    f(`${M}Bonus`, { bonus: state.check.bonus }),
    ...tcManeuverRow(state.maneuver).special.map((key) => t(`${M}Special.${key}`)),
  ];
  if (state.speed) lines.push(f(`${M}Speed`, { name, ...state.speed }));
  if (state.fumble) lines.push(f(`${M}Fumble`, { name }));
  const wf = state.weaponFumble;
  if (wf)
    lines.push(
      wf.durability
        ? f('GNG.Model.TC.Card.Durability', { weapon: wf.name, ...wf.durability })
        : f('GNG.Model.TC.Card.NoDurability', { weapon: wf.name }),
    );
  if (state.fatigue) lines.push(f(`${M}Fatigue`, { name, ...state.fatigue }));
  if (state.fatigue?.consciousnessDC)
    lines.push(f(`${M}Consciousness`, { name, dc: state.fatigue.consciousnessDC }));
  if (state.withdrawn) lines.push(t(`${M}Withdrawn`), ...state.withdrawn.notes.map((n) => escapeHtml(n)));
  const first = state.targets[0]?.id ?? '';
  return Promise.resolve(
    `<div class="gng chat-card tc-maneuver-card gng-card-paper"><header class="card-header"><h3>${head}</h3></header>` +
      lines.map((l) => `<p class="tc-maneuver-line">${l}</p>`).join('') +
      state.targets.map((target) => targetBlock(state, target)).join('') +
      `<div class="card-buttons">${button('takeBackTcManeuver', first, name)}</div></div>`,
  );
}
