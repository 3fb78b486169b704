/**
 * The importer's parsing engine: a d20 stat block pasted as text → the SRD record shape
 * (`srd-record.ts`) that the GnG conversion reads. It reads the d20srd.org table (one "Label: value"
 * row a line, or tab-separated), the one-paragraph sentence form of the adventures ("Goblin: CR 1/3;
 * Small humanoid (goblinoid); HD 1d8+1; …"), epic and psionic blocks, and d20 Modern blocks
 * ("Defense", "Mas", "FS", "AP", "Rep"). Nothing is dropped: every line or segment it cannot read is
 * returned in `unparsed`, and every read field the record cannot hold (Mas, power points,
 * possessions …) is reported by a warning and kept, as pasted, in `record.notes`.
 *
 * Warnings are i18n keys under GNG.StatBlock.Warning (the engine has no i18n).
 */
import type { SrdMonsterRecord } from './srd-record.js';
import { NOT_KEPT, type SegmentField } from './stat-block-labels.js';
import { type ParseState, type StatBlockParse, WARNING, emptyRecord, readValue } from './stat-block-read.js';
import { type Segment, isSentenceText, segmentLines, sentenceParts } from './stat-block-segments.js';
import { slug, squash } from './stat-block-text.js';
import { parseSizeType } from './stat-block-values.js';

export type {
  StatBlockField,
  StatBlockParse,
  StatBlockUnparsed,
  StatBlockWarning,
} from './stat-block-read.js';

/** The fields a GnG creature cannot do without: their absence is a warning. */
const REQUIRED: [SegmentField, (record: SrdMonsterRecord) => boolean][] = [
  ['name', (r) => r.name !== ''],
  ['size_type', (r) => r.type !== ''],
  ['hit_dice', (r) => r.hit_dice !== ''],
  ['ac', (r) => r.ac !== null],
  ['bab', (r) => r.bab !== null],
  ['saves', (r) => r.saves.fort !== null || r.saves.ref !== null || r.saves.will !== null],
  ['abilities', (r) => Object.values(r.abilities).some((score) => score !== null)],
];

/** Parses one pasted stat block. Never throws on text. */
export function parseStatBlock(text: string): StatBlockParse {
  const sentence = isSentenceText(text);
  const segments = segmentLines(text, sentence);
  const state: ParseState = {
    record: emptyRecord(),
    fields: [],
    unparsed: [],
    warnings: [],
    seen: new Set(),
    notes: [],
    sentence,
  };
  let labelSeen = false;
  segments.forEach((segment, index) => {
    if (segment.field === null) {
      if (!labelSeen && !sentence) nameLine(state, segment);
      // "Goblin; hp 5; Str 11, …": the sentence form's first part, unlabelled, followed on its line.
      else if (sentence && index === 0 && segments[1]?.line === segment.line)
        setName(state, segment, segment.value);
      else state.unparsed.push({ line: segment.line, text: segment.raw });
      return;
    }
    if (segment.field !== 'name') labelSeen = true;
    read(state, segment);
  });
  finish(state);
  const { record, fields, unparsed, warnings } = state;
  return { record, fields, unparsed, warnings };
}

/** Where a name ends on its line: the first semicolon or colon outside brackets (-1: none). */
function nameEnd(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(' || char === '[') depth += 1;
    else if ((char === ')' || char === ']') && depth > 0) depth -= 1;
    else if ((char === ';' || char === ':') && depth === 0) return i;
  }
  return -1;
}

/**
 * An unlabelled line above the table: the name ("Blue" then "Blue, 1st-Level Psion" names the
 * second). A first name line with more after a semicolon or colon ("Goblin; hp 5; Str abc") is
 * named by the text before it; the rest is read as the sentence form's parts, or listed.
 */
function nameLine(state: ParseState, segment: Segment): void {
  const cells = segment.raw.split('\t').filter((cell) => cell.trim() !== '');
  let name = squash(cells[0] ?? '');
  const current = state.record.name;
  const end = current === '' ? nameEnd(name) : -1;
  if (end > 0) {
    const rest = name.slice(end + 1);
    name = squash(name.slice(0, end));
    setName(state, segment, name);
    extraColumns(state, segment.line, cells.slice(1));
    for (const part of sentenceParts(rest, segment.line)) {
      if (part.field === null || part.field === 'name')
        state.unparsed.push({ line: part.line, text: part.raw });
      else read(state, part);
    }
    return;
  }
  if (current === '') extraColumns(state, segment.line, cells.slice(1));
  // "Orc" then "Medium Humanoid (Orc)": a size and type under the name, without its "Size/Type:" label.
  if (current !== '' && !state.seen.has('size_type') && isSizeTypeLine(name)) {
    read(state, { ...segment, field: 'size_type', value: name, extra: [] });
    return;
  }
  if (current === '' || (name.startsWith(current) && name !== current && !state.seen.has('name_line2'))) {
    if (current !== '') state.seen.add('name_line2');
    setName(state, segment, name);
    return;
  }
  state.unparsed.push({ line: segment.line, text: segment.raw });
}

/** A whole line that is a size and a d20 type ("Medium Humanoid (Orc)"), not prose that starts with a size. */
function isSizeTypeLine(text: string): boolean {
  const sizeType = parseSizeType(text);
  return sizeType !== null && !sizeType.unknownType;
}

function setName(state: ParseState, segment: Segment, name: string): void {
  state.record.name = name;
  state.fields = state.fields.filter((field) => field.field !== 'name');
  state.fields.push({ field: 'name', line: segment.raw, value: name });
}

/**
 * The other columns of a table copied with several monsters side by side: the first column is
 * read, the others are listed as unparsed (one warning says why).
 */
function extraColumns(state: ParseState, line: number, cells: string[]): void {
  if (cells.length === 0) return;
  state.unparsed.push({ line, text: cells.join('\t') });
  if (!state.seen.has('extra_columns'))
    state.warnings.push({ key: `${WARNING}.ExtraColumns`, data: { count: cells.length } });
  state.seen.add('extra_columns');
}

function bad(state: ParseState, segment: Segment): void {
  state.unparsed.push({ line: segment.line, text: segment.raw });
  state.warnings.push({ key: `${WARNING}.BadValue`, data: { field: segment.field, text: segment.raw } });
}

function read(state: ParseState, segment: Segment): void {
  const field = segment.field as SegmentField;
  if (state.seen.has(field) && !NOT_KEPT.has(field)) {
    state.unparsed.push({ line: segment.line, text: segment.raw });
    state.warnings.push({ key: `${WARNING}.Duplicate`, data: { field, text: segment.raw } });
    return;
  }
  extraColumns(state, segment.line, segment.extra);
  const value = readValue(state, field, segment.value);
  if (value === undefined) {
    bad(state, segment);
    return;
  }
  state.seen.add(field);
  state.fields.push({ field, line: segment.raw, value });
  if (NOT_KEPT.has(field)) {
    state.notes.push(segment.raw);
    state.warnings.push({ key: `${WARNING}.NotKept`, data: { field, text: segment.raw } });
  }
  if (field === 'abilities') {
    const rest = (value as { rest: string }).rest;
    if (rest !== '') state.unparsed.push({ line: segment.line, text: rest });
  }
}

/** The last checks: id, the bonus text of the sentence form, AC sum, missing fields, notes. */
function finish(state: ParseState): void {
  const { record, warnings } = state;
  record.id = slug(record.name);
  if (record.bab_grapple_text === null && (record.bab !== null || record.grapple !== null)) {
    const sign = (n: number | null) => (n === null ? '—' : n >= 0 ? `+${n}` : `${n}`);
    record.bab_grapple_text = `${sign(record.bab)}/${sign(record.grapple)}`;
  }
  if (record.ac !== null && record.ac_breakdown.length > 0) {
    const sum = 10 + record.ac_breakdown.reduce((total, [bonus]) => total + bonus, 0);
    if (sum !== record.ac) warnings.push({ key: `${WARNING}.AcSum`, data: { ac: record.ac, sum } });
  }
  if (state.fields.length === 0) warnings.push({ key: `${WARNING}.Empty` });
  else
    for (const [field, present] of REQUIRED)
      if (!present(record)) warnings.push({ key: `${WARNING}.Missing`, data: { field } });
  record.notes = state.notes.length ? state.notes.join('\n') : null;
}
