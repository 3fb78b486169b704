/**
 * Exports of the simulator's results (issue #20): CSV built from the aggregates (one row per number),
 * and a plot's SVG drawn onto a canvas and saved as PNG.
 */
import { END_STATES, type SimulationAggregate } from '../rules/simulate/index.js';

/** One run of the window: a column label (its variants) and its aggregate. */
export interface LabelledRun {
  label: string;
  result: SimulationAggregate;
}

const cell = (value: string | number) => {
  const s = String(value);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** CSV of every run: `run,metric,combatant,key,value` rows. */
export function resultsCsv(runs: readonly LabelledRun[]): string {
  const rows: (string | number)[][] = [['run', 'metric', 'combatant', 'key', 'value']];
  for (const { label, result } of runs) {
    rows.push([label, 'fights', '', '', result.fights]);
    for (const side of ['a', 'b', 'draw'] as const) rows.push([label, 'wins', '', side, result.wins[side]]);
    rows.push([label, 'meanRounds', '', '', result.meanRounds]);
    result.rounds.forEach((count, i) => rows.push([label, 'rounds', '', i + 1, count]));
    for (const c of result.combatants) {
      rows.push([label, 'meanHp', c.name, c.side, c.meanHp]);
      for (const state of END_STATES) rows.push([label, 'state', c.name, state, c.states[state]]);
      c.hpCounts.forEach((count, i) => rows.push([label, 'hpLeft', c.name, c.hpMin + i, count]));
      rows.push([label, 'hitRate', c.name, '', c.hitRate ?? '']);
    }
  }
  return rows.map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

/** A data URL of the CSV. */
export function csvDataUrl(csv: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
}

/** Draws an SVG (a string) on a canvas at `scale` and resolves with the PNG's data URL. */
export function svgToPng(svgText: string, scale = 2): Promise<string> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(image.width * scale);
      canvas.height = Math.ceil(image.height * scale);
      const context = canvas.getContext('2d');
      if (!context) {
        reject(new Error('no 2D canvas'));
        return;
      }
      context.scale(scale, scale);
      context.drawImage(image, 0, 0);
      resolve(canvas.toDataURL('image/png'));
    };
    image.onerror = () => reject(new Error('the plot could not be drawn'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  });
}

/** Saves `href` as `filename` through a temporary link (the browser's download). */
export function download(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
