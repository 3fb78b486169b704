/**
 * How the odds read (issue #20): percentages in the user's language (`Intl.NumberFormat` of
 * `game.i18n.lang`), the outcomes as text (never colour alone), as a table per target in the attack
 * dialog and as a short list per target on the card. Built as DOM so the dialog's live update and the
 * card's per-client decoration share it.
 */
import type { OddsSummary, TargetOdds } from './attack-odds.js';

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);

/** The outcome columns, in order, for a lethal or nonlethal attack, with or without a called shot. */
export function oddsColumns(nonlethal: boolean, calledShot: boolean): (keyof OddsSummary)[] {
  const columns: (keyof OddsSummary)[] = nonlethal
    ? ['hit', 'noEffect', 'staggered', 'unconscious']
    : ['hit', 'noEffect', 'injury', 'trauma', 'disabled', 'dying', 'dead'];
  if (calledShot) columns.push('effect');
  return columns;
}

let cached: { lang: string; format: Intl.NumberFormat } | null = null;

/** A probability as a percentage: "62.3 %" by the user's language; "< 0.1 %" / "> 99.9 %" near the ends. */
export function percent(p: number): string {
  const lang = game.i18n.lang || 'en';
  if (cached?.lang !== lang)
    cached = {
      lang,
      format: new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }),
    };
  const format = cached.format;
  if (p > 0 && p < 0.0005) return f('GNG.Odds.Below', { value: format.format(0.001) });
  if (p < 1 && p >= 0.9995) return f('GNG.Odds.Above', { value: format.format(0.999) });
  return format.format(p);
}

/** The reasons a target has no odds, as one sentence. */
export function unavailableText(reasons: readonly string[]): string {
  return f('GNG.Odds.NotAvailable', { reasons: reasons.map((r) => t(r)).join('; ') });
}

/** Notes under the odds: the concealment counted for each target that has some. */
function notesOf(rows: readonly TargetOdds[]): string[] {
  return rows.flatMap((row) =>
    row.available && row.missChance > 0
      ? [f('GNG.Odds.Concealment', { name: row.name, chance: percent(row.missChance) })]
      : [],
  );
}

/** The dialog's table: one row per target, one column per outcome (a `<th scope>` for each). */
export function oddsTable(doc: Document, rows: readonly TargetOdds[], calledShot: boolean): HTMLElement {
  const wrap = doc.createElement('div');
  wrap.className = 'odds-body';
  const first = rows.find((row) => row.available);
  const columns = oddsColumns(first?.available ? first.summary.nonlethal : false, calledShot);
  const table = doc.createElement('table');
  table.className = 'odds-table';
  const head = doc.createElement('thead');
  const headRow = doc.createElement('tr');
  const cell = (tag: 'th' | 'td', text: string, scope?: string) => {
    const el = doc.createElement(tag);
    el.textContent = text;
    if (scope) el.setAttribute('scope', scope);
    return el;
  };
  headRow.append(
    cell('th', t('GNG.Odds.Target'), 'col'),
    ...columns.map((c) => cell('th', t(`GNG.Odds.Outcome.${c}`), 'col')),
  );
  head.append(headRow);
  const body = doc.createElement('tbody');
  for (const row of rows) {
    const tr = doc.createElement('tr');
    tr.dataset.targetId = row.id;
    tr.append(cell('th', row.name, 'row'));
    if (row.available) {
      for (const c of columns) {
        const td = cell('td', percent((row.summary[c] as number | null) ?? 0));
        td.dataset.outcome = c;
        tr.append(td);
      }
    } else {
      const td = cell('td', unavailableText(row.reasons));
      td.className = 'odds-unavailable';
      td.colSpan = columns.length;
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(head, body);
  wrap.append(table);
  for (const note of notesOf(rows)) {
    const p = doc.createElement('p');
    p.className = 'note odds-note';
    p.textContent = note;
    wrap.append(p);
  }
  return wrap;
}

/** The card's list for one target: "Hit 62 %, No effect 40 % …" as a `<dl>` (or why there are none). */
export function oddsList(doc: Document, row: TargetOdds, calledShot: boolean, heading: string): HTMLElement {
  const box = doc.createElement('div');
  box.className = 'attack-odds';
  box.dataset.targetId = row.id;
  const title = doc.createElement('p');
  title.className = 'odds-heading';
  title.textContent = heading;
  box.append(title);
  if (!row.available) {
    const p = doc.createElement('p');
    p.className = 'note odds-unavailable';
    p.textContent = unavailableText(row.reasons);
    box.append(p);
    return box;
  }
  box.append(oddsPairs(doc, row.summary, calledShot));
  return box;
}

/** The outcomes of one summary as a `<dl>` of name / percentage pairs. */
export function oddsPairs(doc: Document, summary: OddsSummary, calledShot: boolean): HTMLElement {
  const dl = doc.createElement('dl');
  dl.className = 'odds-list';
  for (const c of oddsColumns(summary.nonlethal, calledShot)) {
    const dt = doc.createElement('dt');
    dt.textContent = t(`GNG.Odds.Outcome.${c}`);
    const dd = doc.createElement('dd');
    dd.dataset.outcome = c;
    dd.textContent = percent((summary[c] as number | null) ?? 0);
    dl.append(dt, dd);
  }
  return dl;
}
