/**
 * The simulator's plots as SVG (issue #20), drawn from the aggregate alone: who wins, rounds until the
 * fight ends, HP left and P(death) per combatant. Readable without colour: every bar carries its
 * value as text, side B and draws have a hatch or dot pattern, states are named in the legend. No
 * chart library (docs/performance.md "Fight simulator": four small bar charts need none). The
 * strings come translated (`t`), every value escaped.
 */
import type { CombatantAggregate, SimulationAggregate } from '../rules/simulate/index.js';
import { escapeHtml } from '../chat/escape-html.js';

/** The labels a chart needs, already localized. */
export interface ChartLabels {
  sideA: string;
  sideB: string;
  draw: string;
  wins: string;
  rounds: string;
  roundsAxis: string;
  hpLeft: string;
  death: string;
  dead: string;
  dying: string;
  meanRounds: string;
  meanHp: string;
  fights: string;
}

/** The plots' width: the window draws them at least this wide, so that 12 px text stays 12 px. */
const W = 520;
const INK = '#1e1a16';
const A = '#7a1c1c';
const B = '#1d4a73';
const DRAW = '#4d4d4d';

/** A name that fits the label column (the full name is in the plot's title). */
const short = (name: string) => (name.length > 26 ? `${name.slice(0, 25)}…` : name);
const pct = (p: number) => `${(100 * p).toFixed(1)}%`;

/** Hatches and dots: side B and draws are told apart from side A without colour. */
function defs(id: string): string {
  return (
    `<defs><pattern id="${id}-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="6" height="6" fill="${B}"/><line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" stroke-width="2"/></pattern>` +
    `<pattern id="${id}-dots" width="6" height="6" patternUnits="userSpaceOnUse">` +
    `<rect width="6" height="6" fill="${DRAW}"/><circle cx="3" cy="3" r="1.3" fill="#ffffff"/></pattern></defs>`
  );
}

function svg(id: string, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" ` +
    `role="img" aria-labelledby="${id}-title" font-family="sans-serif" font-size="13">` +
    `<title id="${id}-title">${escapeHtml(title)}</title>${defs(id)}` +
    `<rect width="${W}" height="${height}" fill="#ffffff"/>${body}</svg>`
  );
}

function fillOf(id: string, side: 'a' | 'b' | 'draw'): string {
  return side === 'a' ? A : side === 'b' ? `url(#${id}-hatch)` : `url(#${id}-dots)`;
}

/** Horizontal bars with their value printed: [label, share 0…1, fill]. */
function hbars(rows: { label: string; value: number; fill: string; text?: string }[], top: number): string {
  const left = 190;
  const span = W - left - 70;
  return rows
    .map((r, i) => {
      const y = top + i * 26;
      const w = Math.max(1, Math.round(span * r.value));
      return (
        `<text x="${left - 8}" y="${y + 14}" text-anchor="end" fill="${INK}">${escapeHtml(r.label)}</text>` +
        `<rect x="${left}" y="${y}" width="${w}" height="18" fill="${r.fill}" stroke="${INK}" stroke-width="0.5"/>` +
        `<text x="${left + w + 6}" y="${y + 14}" fill="${INK}">${escapeHtml(r.text ?? pct(r.value))}</text>`
      );
    })
    .join('');
}

/**
 * Each count's share of `total` in tenths of a percent, adding up to exactly 1,000 (the largest
 * remainder method): each share rounded on its own can add up to more (9,995 and 5 of 10,000 print
 * as 100.0 % and 0.1 %). A tie for the last tenth goes to the smaller count, so that a side that won
 * some fights is not shown at 0.0 % beside one at 100.0 %.
 */
export function tenthsOfPercent(counts: readonly number[], total: number): number[] {
  if (total <= 0) return counts.map(() => 0);
  const shares = counts.map((c, i) => ({
    i,
    c,
    tenths: Math.floor((c * 1000) / total),
    rest: (c * 1000) % total,
  }));
  let left = 1000 - shares.reduce((sum, s) => sum + s.tenths, 0);
  for (const s of [...shares].sort((x, y) => y.rest - x.rest || x.c - y.c || x.i - y.i)) {
    if (left <= 0) break;
    if (s.rest === 0) continue;
    s.tenths += 1;
    left -= 1;
  }
  return shares.map((s) => s.tenths);
}

/** Who wins: side A, side B, draw (share of the fights, the shown shares adding up to 100.0 %). */
export function winsChart(id: string, agg: SimulationAggregate, l: ChartLabels): string {
  const [a = 0, b = 0, draw = 0] = tenthsOfPercent([agg.wins.a, agg.wins.b, agg.wins.draw], agg.fights);
  const rows = [
    { label: l.sideA, value: a / 1000, fill: fillOf(id, 'a') },
    { label: l.sideB, value: b / 1000, fill: fillOf(id, 'b') },
    { label: l.draw, value: draw / 1000, fill: fillOf(id, 'draw') },
  ];
  const title = `${l.wins}: ${rows.map((r) => `${r.label} ${pct(r.value)}`).join(', ')} (${agg.fights} ${l.fights})`;
  return svg(
    id,
    30 + rows.length * 26,
    title,
    `<text x="8" y="18" font-weight="bold" fill="${INK}">${escapeHtml(l.wins)}</text>${hbars(rows, 28)}`,
  );
}

/** Rounds until the fight ends: one column per round (the last column gathers the long tail). */
export function roundsChart(id: string, agg: SimulationAggregate, l: ChartLabels): string {
  const MAX_COLUMNS = 20;
  const counts = agg.rounds.slice(0, MAX_COLUMNS);
  const tail = agg.rounds.slice(MAX_COLUMNS).reduce((a, b) => a + b, 0);
  if (tail > 0) counts[MAX_COLUMNS - 1] = (counts[MAX_COLUMNS - 1] ?? 0) + tail;
  const n = Math.max(1, agg.fights);
  const peak = Math.max(1, ...counts);
  const height = 220;
  const base = 180;
  const left = 40;
  const step = (W - left - 10) / Math.max(1, counts.length);
  const bars = counts
    .map((c, i) => {
      const h = Math.round(((base - 40) * c) / peak);
      const x = left + i * step;
      const label = tail > 0 && i === MAX_COLUMNS - 1 ? `${MAX_COLUMNS}+` : String(i + 1);
      const value =
        c > 0
          ? `<text x="${x + step / 2}" y="${base - h - 4}" text-anchor="middle" font-size="12" fill="${INK}">${Math.round((100 * c) / n)}</text>`
          : '';
      return (
        `<rect x="${x + 2}" y="${base - h}" width="${Math.max(1, step - 4)}" height="${h}" fill="${A}" stroke="${INK}" stroke-width="0.5"/>` +
        `${value}<text x="${x + step / 2}" y="${base + 14}" text-anchor="middle" font-size="12" fill="${INK}">${label}</text>`
      );
    })
    .join('');
  const title = `${l.rounds}: ${l.meanRounds} ${agg.meanRounds.toFixed(2)}`;
  return svg(
    id,
    height,
    title,
    `<text x="8" y="18" font-weight="bold" fill="${INK}">${escapeHtml(title)}</text>` +
      `<line x1="${left}" y1="${base}" x2="${W - 10}" y2="${base}" stroke="${INK}"/>${bars}` +
      `<text x="${W / 2}" y="${height - 6}" text-anchor="middle" font-size="12" fill="${INK}">${escapeHtml(l.roundsAxis)}</text>`,
  );
}

/** HP left: per combatant, the mean and the spread (min…max with the middle half) on one line. */
export function hpChart(id: string, agg: SimulationAggregate, l: ChartLabels): string {
  const rows = agg.combatants;
  const lo = Math.min(0, ...rows.map((c) => c.hpMin));
  const hi = Math.max(1, ...rows.map((c) => c.maxHp));
  const left = 190;
  const span = W - left - 70;
  const x = (hp: number) => left + ((hp - lo) * span) / Math.max(1, hi - lo);
  const body = rows
    .map((c, i) => {
      const y = 34 + i * 30;
      const q = quartiles(c);
      const fill = c.side === 'a' ? A : `url(#${id}-hatch)`;
      return (
        `<text x="${left - 8}" y="${y + 13}" text-anchor="end" fill="${INK}">${escapeHtml(short(c.name))}</text>` +
        `<line x1="${x(q.min)}" y1="${y + 9}" x2="${x(q.max)}" y2="${y + 9}" stroke="${INK}"/>` +
        `<rect x="${x(q.q1)}" y="${y + 2}" width="${Math.max(2, x(q.q3) - x(q.q1))}" height="14" fill="${fill}" stroke="${INK}" stroke-width="0.5"/>` +
        `<path d="M${x(c.meanHp)} ${y - 1} l4 -5 h-8 z" fill="${INK}"/>` +
        `<text x="${x(hi) + 6}" y="${y + 13}" fill="${INK}">${c.meanHp.toFixed(1)}</text>`
      );
    })
    .join('');
  const zero =
    `<line x1="${x(0)}" y1="26" x2="${x(0)}" y2="${34 + rows.length * 30}" stroke="${INK}" stroke-dasharray="3 3"/>` +
    `<text x="${x(0)}" y="${44 + rows.length * 30}" text-anchor="middle" font-size="12" fill="${INK}">0</text>` +
    `<text x="${x(hi)}" y="${44 + rows.length * 30}" text-anchor="middle" font-size="12" fill="${INK}">${hi}</text>`;
  const title = `${l.hpLeft} (${l.meanHp}): ${rows.map((c) => `${c.name} ${c.meanHp.toFixed(1)}`).join(', ')}`;
  return svg(
    id,
    56 + rows.length * 30,
    title,
    `<text x="8" y="18" font-weight="bold" fill="${INK}">${escapeHtml(`${l.hpLeft} (▼ ${l.meanHp})`)}</text>${zero}${body}`,
  );
}

function quartiles(c: CombatantAggregate) {
  const total = c.hpCounts.reduce((a, b) => a + b, 0);
  const at = (share: number) => {
    let seen = 0;
    for (let i = 0; i < c.hpCounts.length; i++) {
      seen += c.hpCounts[i] as number;
      if (seen >= share * total) return c.hpMin + i;
    }
    return c.hpMin + c.hpCounts.length - 1;
  };
  return { min: c.hpMin, q1: at(0.25), q3: at(0.75), max: c.hpMin + c.hpCounts.length - 1 };
}

/** P(death) per combatant, with P(still dying at the end) beside it: the name above each pair. */
export function deathChart(id: string, agg: SimulationAggregate, l: ChartLabels): string {
  const body = agg.combatants
    .map((c, i) => {
      const top = 28 + i * 74;
      const rows = [
        { label: l.dead, value: c.states.dead, fill: c.side === 'a' ? A : fillOf(id, 'b') },
        { label: l.dying, value: c.states.dying, fill: fillOf(id, 'draw') },
      ];
      return `<text x="8" y="${top + 12}" fill="${INK}">${escapeHtml(c.name)}</text>${hbars(rows, top + 18)}`;
    })
    .join('');
  const title = `${l.death}: ${agg.combatants.map((c) => `${c.name} ${pct(c.states.dead)}`).join(', ')}`;
  return svg(
    id,
    34 + agg.combatants.length * 74,
    title,
    `<text x="8" y="18" font-weight="bold" fill="${INK}">${escapeHtml(l.death)}</text>${body}`,
  );
}

/** The four plots of one run, keyed by plot. */
export const PLOTS = ['wins', 'rounds', 'hp', 'death'] as const;
export type PlotId = (typeof PLOTS)[number];

export function plotSvg(plot: PlotId, id: string, agg: SimulationAggregate, l: ChartLabels): string {
  switch (plot) {
    case 'wins':
      return winsChart(id, agg, l);
    case 'rounds':
      return roundsChart(id, agg, l);
    case 'hp':
      return hpChart(id, agg, l);
    case 'death':
      return deathChart(id, agg, l);
  }
}
