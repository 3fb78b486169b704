/**
 * What the importer dialog shows (importer-app.ts): the parsed fields with the line each came from
 * (the main numbers as inputs, importer-edits.ts), the lines not read and the parser's warnings; and
 * the GnG result — HP, Protection, Defense, attacks, saves, resistances, CR — with every conversion
 * step in words (its lang key formatted with its data) and what was not converted. A value the actor
 * could not hold (import-checks.ts) is said beside its row and in the list Create waits for; after
 * a correction `showProblems` redraws those in place.
 */
import type { ConvertedCreature } from '../rules/bestiary/convert.js';
import type { StatBlockParse } from '../rules/bestiary/stat-block-parse.js';
import { SIZES } from '../rules/bestiary/stat-block-values.js';
import { crText } from './actor-source.js';
import { problemText, type ImportProblem } from './import-checks.js';
import { editableFields } from './importer-edits.js';
import { t, f, signedMinus } from '../format.js';

const signed = (n: number | null): string => (n === null ? '—' : signedMinus(n));

/** The parser's fields the inputs show (the others are listed as read). */
const EDITED_FIELDS = new Set([
  'size_type',
  'hit_dice',
  'hp',
  'abilities',
  'ac',
  'bab_grapple',
  'bab',
  'attack',
  'full_attack',
  'attack_and_full_attack',
  'special_qualities',
  'feats',
  'cr',
]);

/** A parser field's label (GNG.StatBlock.Field.*), or its name when it has none. */
export function fieldLabel(field: string): string {
  const key = `GNG.StatBlock.Field.${field}`;
  return game.i18n.has(key) ? t(key) : field;
}

/** A read value in a few words: numbers and text as they are, objects as "key value" pairs. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== '' && (typeof v !== 'object' || Array.isArray(v)))
    .filter(([, v]) => !Array.isArray(v) || v.length > 0)
    .map(([k, v]) => `${k} ${valueText(v)}`)
    .join(', ');
}

/** The input ids: `gng-imp-abilities-str`. */
export const inputId = (key: string): string => `gng-imp-${key.replace(/[^a-z0-9]+/gi, '-')}`;

/** The texts of the problems of one row (`key`), or of one other field's line (`field`, no row). */
function problemsOf(problems: readonly ImportProblem[], key: string | null, field?: string): string {
  return problems
    .filter((p) => (key !== null ? p.key === key : p.key === null && p.field === field))
    .map(problemText)
    .join(' ');
}

/**
 * The left column: the parse, with the record as corrected so far; `invalid` are keys refused,
 * `problems` what the actor could not hold.
 */
export function fieldsContext(
  parse: StatBlockParse,
  record: StatBlockParse['record'],
  invalid: ReadonlyMap<string, string>,
  problems: readonly ImportProblem[] = [],
): Record<string, unknown> {
  const edits = editableFields(record, parse.fields).map((e) => {
    const id = inputId(e.key);
    const refused = invalid.get(e.key);
    const problem = problemsOf(problems, e.key);
    return {
      key: e.key,
      id,
      label: e.label.data ? f(e.label.key, e.label.data) : t(e.label.key),
      line: e.line ?? t('GNG.Importer.NotInPaste'),
      missing: e.line === null,
      value: refused ?? e.value,
      invalid: refused !== undefined,
      problem,
      flagged: refused !== undefined || problem !== '',
      isSize: e.kind === 'size',
      numeric: e.kind === 'number',
      sizes: SIZES.map((size) => ({
        value: size,
        label: t(`GNG.Size.${size.toLowerCase()}`),
        selected: size === e.value,
      })),
    };
  });
  const warningData = (data: Record<string, unknown> = {}) =>
    typeof data.field === 'string' ? { ...data, field: fieldLabel(data.field) } : data;
  // "Every line was read" only when it is so: the lines not read, then the fields the paste lacks.
  const missing = parse.warnings
    .filter((w) => w.key.endsWith('.Missing') && typeof w.data?.field === 'string')
    .map((w) => f('GNG.Importer.MissingLine', { field: fieldLabel(w.data?.field as string) }));
  return {
    edits,
    others: parse.fields
      .filter((field) => !EDITED_FIELDS.has(field.field))
      .map((field) => ({
        field: field.field,
        label: fieldLabel(field.field),
        line: field.line,
        value: valueText(field.value),
        problem: problemsOf(problems, null, field.field),
      })),
    unparsed: [
      ...parse.unparsed.map((u) => f('GNG.Importer.UnparsedLine', { line: u.line, text: u.text })),
      ...missing,
    ],
    warnings: [
      ...parse.warnings.map((w) => f(w.key, warningData(w.data))),
      ...problems.filter((p) => !p.blocking).map(problemText),
    ],
    blocked: problems.filter((p) => p.blocking).map(problemText),
  };
}

/**
 * After a correction: each row's problem, the inputs marked invalid, and the list Create waits for
 * (the button disabled while it has anything), redrawn in place so that focus stays where it is.
 */
export function showProblems(element: HTMLElement, problems: readonly ImportProblem[]): void {
  for (const row of element.querySelectorAll<HTMLElement>('tr[data-key]')) {
    const text = problemsOf(problems, row.dataset.key ?? null);
    const span = row.querySelector<HTMLElement>('.gng-imp-problem');
    if (span) {
      span.textContent = text;
      span.hidden = text === '';
    }
    const input = row.querySelector<HTMLElement>('[data-edit]');
    const refused = row.querySelector<HTMLElement>('.gng-imp-invalid')?.hidden === false;
    if (text !== '' || refused) input?.setAttribute('aria-invalid', 'true');
    else input?.removeAttribute('aria-invalid');
  }
  const blocked = problems.filter((p) => p.blocking).map(problemText);
  const box = element.querySelector<HTMLElement>('.gng-imp-blocked');
  const list = box?.querySelector('ul');
  if (box && list) {
    list.replaceChildren(
      ...blocked.map((text) => {
        const item = element.ownerDocument.createElement('li');
        item.textContent = text;
        return item;
      }),
    );
    box.hidden = blocked.length === 0;
  }
  const create = element.querySelector<HTMLButtonElement>('button[data-action="create"]');
  if (create) {
    create.disabled = blocked.length > 0;
    if (blocked.length > 0 && box) create.setAttribute('aria-describedby', box.id);
    else create.removeAttribute('aria-describedby');
  }
}

/** The right column: the GnG creature and how it was converted. */
export function resultContext(c: ConvertedCreature): Record<string, unknown> {
  const r = c.resistances;
  const resistances = [
    ...(r.damageReductionText ? [f('GNG.Importer.Dr', { dr: r.damageReductionText })] : []),
    ...Object.entries(r.energyResistance)
      .filter(([, v]) => v)
      .map(([type, value]) => f('GNG.Importer.Energy', { type, value: value ?? 0 })),
    ...r.immunities.map((what) => f('GNG.Importer.Immune', { what })),
    ...(r.fortification !== 'none' ? [f('GNG.Importer.Fortification', { degree: r.fortification })] : []),
    ...(r.regeneration > 0 ? [f('GNG.Importer.Regeneration', { value: r.regeneration })] : []),
  ];
  return {
    name: c.name || t('GNG.Importer.Unnamed'),
    summary: f('GNG.Importer.Summary', {
      size: t(`GNG.Size.${c.size}`),
      type: c.type || '—',
    }),
    hp: c.hp.max,
    protection: c.protection.total,
    defense: signed(c.defense.total),
    cr:
      c.cr.value === null
        ? '—'
        : f('GNG.Importer.CrLine', { cr: crText(c.cr.value), gng: crText(c.cr.suggested) }),
    attacks: c.attacks.map((routine) =>
      routine
        .map((a) =>
          f('GNG.Importer.AttackLine', {
            count: a.count,
            name: a.name,
            bonuses: a.bonuses.map((b) => signed(b)).join('/') || '—',
            damage: a.damage?.text ?? '—',
          }),
        )
        .join('; '),
    ),
    saves: f('GNG.Importer.SavesLine', {
      fort: signed(c.saves.fort),
      ref: signed(c.saves.ref),
      will: signed(c.saves.will),
    }),
    resistances,
    steps: c.steps.map((s) => f(s.explanation.key, s.explanation.data)),
    unconverted: c.unconverted,
  };
}

/** The status line read out after a correction. */
export function updatedStatus(c: ConvertedCreature): string {
  return f('GNG.Importer.Updated', {
    hp: c.hp.max,
    protection: c.protection.total,
    defense: signed(c.defense.total),
  });
}
