/**
 * How the odds read (issue #20): percentages in the user's language (`Intl.NumberFormat` of
 * `game.i18n.lang`), the outcomes as text (never colour alone), as a table per target in the attack
 * dialog and as a short list per target on the card. Built as DOM so the dialog's live update and the
 * card's per-client decoration share it.
 */
import type { OddsSummary, TargetOdds } from './attack-odds.js';
import {
  ANY_HIT_OUTCOMES,
  LETHAL_OUTCOMES,
  NONLETHAL_OUTCOMES,
  type AnyHitOutcome,
  type ExclusiveOutcome,
} from './attack-odds-exclusive.js';
import { t, f } from '../../format.js';

/** The disjoint outcome columns (they add up to 100 %), for a lethal or nonlethal attack. */
export function oddsColumns(nonlethal: boolean): readonly ExclusiveOutcome[] {
  return nonlethal ? NONLETHAL_OUTCOMES : LETHAL_OUTCOMES;
}

/** The overlapping chances of any hit: trauma and injury grades (lethal), the called shot's effect. */
export function anyHitColumns(nonlethal: boolean, calledShot: boolean): ('effect' | AnyHitOutcome)[] {
  const columns: ('effect' | AnyHitOutcome)[] = nonlethal ? [] : [...ANY_HIT_OUTCOMES];
  if (calledShot) columns.push('effect');
  return columns;
}

/**
 * The disjoint columns of a summary, their labels and values: a model's own (the Saga-style model's,
 * `summary.model`) or GnG's lethal or nonlethal ones.
 */
function columnsOf(summary: OddsSummary): {
  columns: readonly string[];
  label: (c: string) => string;
  value: (c: string) => number;
} {
  const own = summary.model;
  if (own)
    return {
      columns: Object.keys(own.exclusive),
      label: (c) => t(`GNG.Model.${modelKey(own.id)}.Odds.Outcome.${c}`),
      value: (c) => own.exclusive[c] ?? 0,
    };
  return {
    columns: oddsColumns(summary.nonlethal),
    label: (c) => t(`GNG.Odds.Outcome.${c}`),
    value: (c) => summary.exclusive[c as ExclusiveOutcome] ?? 0,
  };
}

/** A model id as its lang namespace ("saga" → "Saga", "eg" → "EG", "tc" → "TC"). */
const modelKey = (id: string) =>
  id.length <= 2 ? id.toUpperCase() : id.charAt(0).toUpperCase() + id.slice(1);

/** The overlapping chances a summary shows (a model's own outcomes have none). */
function anyHitOfSummary(summary: OddsSummary, calledShot: boolean): ('effect' | AnyHitOutcome)[] {
  return summary.model ? [] : anyHitColumns(summary.nonlethal, calledShot);
}

/** One overlapping chance of a summary. */
function anyHitOf(summary: OddsSummary, c: 'effect' | AnyHitOutcome): number {
  return c === 'effect' ? (summary.effect ?? 0) : summary.anyHit[c];
}

/** The one-line legend under the odds. */
export function oddsLegend(doc: Document, summary?: OddsSummary): HTMLElement {
  const p = doc.createElement('p');
  p.className = 'note odds-legend';
  p.textContent = t(
    summary?.model ? `GNG.Model.${modelKey(summary.model.id)}.Odds.Legend` : 'GNG.Odds.Legend',
  );
  return p;
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

/** One table: a row per target, a column per outcome (a `<th scope>` for each). */
function table(
  doc: Document,
  rows: readonly TargetOdds[],
  columns: readonly string[],
  label: (c: string) => string,
  value: (summary: OddsSummary, c: string) => number,
  caption: string | null,
  className: string,
): HTMLTableElement {
  const el = doc.createElement('table');
  el.className = `odds-table ${className}`;
  const cell = (tag: 'th' | 'td', text: string, scope?: string) => {
    const c = doc.createElement(tag);
    c.textContent = text;
    if (scope) c.setAttribute('scope', scope);
    return c;
  };
  if (caption) {
    const cap = doc.createElement('caption');
    cap.textContent = caption;
    el.append(cap);
  }
  const head = doc.createElement('thead');
  const headRow = doc.createElement('tr');
  headRow.append(cell('th', t('GNG.Odds.Target'), 'col'), ...columns.map((c) => cell('th', label(c), 'col')));
  head.append(headRow);
  const body = doc.createElement('tbody');
  for (const row of rows) {
    const tr = doc.createElement('tr');
    tr.dataset.targetId = row.id;
    tr.append(cell('th', row.name, 'row'));
    if (row.available) {
      for (const c of columns) {
        const td = cell('td', percent(value(row.summary, c)));
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
  el.append(head, body);
  return el;
}

/**
 * The dialog's odds: a table of the disjoint outcomes (miss … dead, adding up to 100 %), a table of
 * the overlapping chances of any hit (trauma, injury grades, the called shot's effect), a legend.
 */
export function oddsTable(doc: Document, rows: readonly TargetOdds[], calledShot: boolean): HTMLElement {
  const wrap = doc.createElement('div');
  wrap.className = 'odds-body';
  // It scrolls with many targets: a keyboard user can focus it to scroll it.
  wrap.tabIndex = 0;
  wrap.setAttribute('role', 'region');
  wrap.setAttribute('aria-label', t('GNG.Odds.Title'));
  const first = rows.find((row) => row.available);
  const nonlethal = first?.available ? first.summary.nonlethal : false;
  const own = first?.available ? columnsOf(first.summary) : null;
  wrap.append(
    table(
      doc,
      rows,
      own?.columns ?? oddsColumns(nonlethal),
      own?.label ?? ((c) => t(`GNG.Odds.Outcome.${c}`)),
      (s, c) => columnsOf(s).value(c),
      null,
      'odds-exclusive',
    ),
  );
  const anyHit = first?.available ? anyHitOfSummary(first.summary, calledShot) : [];
  if (anyHit.length && rows.some((row) => row.available))
    wrap.append(
      table(
        doc,
        rows.filter((row) => row.available),
        anyHit,
        (c) => t(`GNG.Odds.AnyHit.${c}`),
        (s, c) => anyHitOf(s, c as 'effect' | AnyHitOutcome),
        t('GNG.Odds.AnyHitHeading'),
        'odds-any-hit',
      ),
    );
  wrap.append(oddsLegend(doc, first?.available ? first.summary : undefined));
  for (const note of notesOf(rows)) {
    const p = doc.createElement('p');
    p.className = 'note odds-note';
    p.textContent = note;
    wrap.append(p);
  }
  return wrap;
}

/** The card's list for one target: "Miss 38 %, Hit, no harm 2 % …" as `<dl>`s (or why there are none). */
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

/**
 * The outcomes of one summary: a `<dl class="odds-list">` of the disjoint outcomes (100 % in all), a
 * `<dl class="odds-any-hit">` of the overlapping chances of any hit, and the legend.
 */
export function oddsPairs(doc: Document, summary: OddsSummary, calledShot: boolean): HTMLElement {
  const wrap = doc.createElement('div');
  wrap.className = 'odds-pairs';
  const list = (
    className: string,
    columns: readonly string[],
    label: (c: string) => string,
    value: (c: string) => number,
  ) => {
    const dl = doc.createElement('dl');
    dl.className = className;
    for (const c of columns) {
      const dt = doc.createElement('dt');
      dt.textContent = label(c);
      const dd = doc.createElement('dd');
      dd.dataset.outcome = c;
      dd.textContent = percent(value(c));
      dl.append(dt, dd);
    }
    return dl;
  };
  const own = columnsOf(summary);
  wrap.append(list('odds-list', own.columns, own.label, own.value));
  const anyHit = anyHitOfSummary(summary, calledShot);
  if (anyHit.length) {
    const heading = doc.createElement('p');
    heading.className = 'odds-any-hit-heading';
    heading.textContent = t('GNG.Odds.AnyHitHeading');
    wrap.append(
      heading,
      list(
        'odds-any-hit',
        anyHit,
        (c) => t(`GNG.Odds.AnyHit.${c}`),
        (c) => anyHitOf(summary, c as 'effect' | AnyHitOutcome),
      ),
    );
  }
  wrap.append(oddsLegend(doc, summary));
  return wrap;
}
