/**
 * The first pass of the stat-block parser: pasted text → labelled segments. A d20srd.org table
 * gives one "Label: value" (or "Label<tab>value") row a line; the sentence form of adventures and
 * of d20 Modern gives "Name: CR 1/3; Small humanoid (goblinoid); HD 1d8+1; …" with short labels and
 * semicolons, then "Skills: …" sentences. Lines wrapped by a PDF copy are joined back; a segment
 * with no label it knows keeps field null and becomes an unparsed line.
 */
import { LONG_LABELS, SHORT_LABELS, TEXT_FIELDS, type SegmentField } from './stat-block-labels.js';
import { cleanLine, splitTop, squash } from './stat-block-text.js';

export type { SegmentField } from './stat-block-labels.js';

export interface Segment {
  /** null: no label the parser knows. */
  field: SegmentField | null;
  value: string;
  /** The text of the segment as pasted (after the clean-up of spaces and dashes). */
  raw: string;
  /** 1-based line of the paste where the segment starts. */
  line: number;
  /** The first segment of its line (a candidate continuation of the line before). */
  first: boolean;
  /** Extra tab-separated cells of a table row (another monster's column). */
  extra: string[];
  /** The segment starts with a "Label:" of its own. */
  row: boolean;
}

const LONG_LABEL_PATTERN = Object.keys(LONG_LABELS)
  .sort((a, b) => b.length - a.length)
  .map((label) => label.replace(/[/.*+?^${}()|[\]\\-]/g, '\\$&').replace(/ /g, '\\s+'))
  .join('|');
/** A long label at the start of a piece: "Skills:", "Talents (Tough Hero):", "Hit Dice<tab>". */
const LONG_LABEL_START = new RegExp(
  `^(?:typical\\s+[a-z]+\\s+)?(${LONG_LABEL_PATTERN})(\\s*\\([^)]*\\))?\\s*(?::|\\t)\\s*`,
  'i',
);
/** ". Skills: …" inside a sentence-form line: where one sentence ends and a labelled one starts. */
const SENTENCE_BREAK = new RegExp(
  `(?<=\\.)\\s+(?=(?:typical\\s+[a-z]+\\s+)?(?:${LONG_LABEL_PATTERN})(?:\\s*\\([^)]*\\))?\\s*:)`,
  'i',
);

function longLabel(piece: string): { field: SegmentField; rest: string } | null {
  const match = LONG_LABEL_START.exec(piece);
  if (!match) return null;
  const field = LONG_LABELS[squash(match[1] as string).toLowerCase()];
  return field ? { field, rest: piece.slice(match[0].length) } : null;
}

function shortLabel(piece: string): { field: SegmentField; rest: string } | null {
  for (const [pattern, field] of SHORT_LABELS) {
    const match = pattern.exec(piece);
    if (!match) continue;
    if (field === 'abilities') return { field, rest: piece };
    return { field, rest: piece.slice(match[0].length).replace(/^\s*[.:]?\s*/, '') };
  }
  return null;
}

/** One labelled piece of a line, its value and its extra table columns. */
function labelled(rest: string): { value: string; extra: string[] } {
  const [value = '', ...extra] = rest
    .split('\t')
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '');
  return { value: squash(value), extra };
}

/** "Goblin: CR 1/3; …": the first line of a sentence-form block. */
function isSentenceHeader(line: string): boolean {
  return /^[^:;\t]{1,120}:\s*CR\s+[\d/—-]/i.test(line);
}

/**
 * Whether a pasted text is in the sentence form: a "Name: CR …" line, or a line of semicolon-separated
 * short labels that is no table row.
 */
export function isSentenceText(text: string): boolean {
  return text
    .split(/\r\n|\r|\n/)
    .map(cleanLine)
    .some((line) => isSentenceHeader(line) || (!LONG_LABEL_START.test(line) && isSentenceLine(line)));
}

/** Whether a line is in the sentence form: semicolon-separated short labels, or "Name: CR …". */
export function isSentenceLine(line: string): boolean {
  if (isSentenceHeader(line)) return true;
  const parts = splitTop(line, ';').map((part) => part.trim());
  return parts.length >= 3 && parts.filter((part) => shortLabel(part)).length >= 2;
}

/** A line of the sentence form put back together from the lines a PDF copy wrapped it into. */
interface LogicalLine {
  text: string;
  /** Offsets in `text` where each pasted line starts (ascending), and those lines' numbers. */
  starts: number[];
  numbers: number[];
}

/**
 * Whether the next pasted line goes on with this sentence-form line (it was wrapped). `last` is
 * the pasted line that ends it so far and `open` its count of unclosed brackets: each is kept as
 * the line grows, so that no test reads the whole line again (which made long pastes quadratic).
 */
function wraps(last: string, open: number, next: string): boolean {
  if (LONG_LABEL_START.test(next) || isSentenceHeader(next)) return false;
  if (open > 0) return true;
  return !/[.;]$/.test(last) || /\bft\.$/.test(last);
}

/** The count of unclosed brackets after `text`, from `open` before it. */
function depth(text: string, open = 0): number {
  for (const char of text) {
    if (char === '(' || char === '[') open += 1;
    if ((char === ')' || char === ']') && open > 0) open -= 1;
  }
  return open;
}

/** A logical line being built: its pieces are joined once, when it is complete. */
interface OpenLine {
  pieces: string[];
  length: number;
  last: string;
  open: number;
  starts: number[];
  numbers: number[];
}

function logicalLines(text: string, sentence: boolean): LogicalLine[] {
  const result: LogicalLine[] = [];
  let current: OpenLine | null = null;
  const close = (line: OpenLine | null): void => {
    if (line) result.push({ text: line.pieces.join(''), starts: line.starts, numbers: line.numbers });
  };
  text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const line = cleanLine(rawLine);
    if (line === '') {
      close(current);
      current = null;
      return;
    }
    const open: OpenLine | null = current;
    if (sentence && open && wraps(open.last, open.open, line)) {
      const glue = /[a-z]-$/i.test(open.last) ? '' : ' ';
      open.starts.push(open.length + glue.length);
      open.numbers.push(index + 1);
      open.pieces.push(glue, line);
      open.length += glue.length + line.length;
      open.last = line;
      open.open = depth(line, open.open);
      return;
    }
    close(current);
    current = {
      pieces: [line],
      length: line.length,
      last: line,
      open: depth(line),
      starts: [0],
      numbers: [index + 1],
    };
  });
  close(current);
  return result;
}

/** The pasted line a segment starts on (the last line start at or before `offset`: a binary search). */
function lineAt(logical: LogicalLine, offset: number): number {
  let low = 0;
  let high = logical.starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((logical.starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return logical.numbers[low] as number;
}

/**
 * Text added to a segment after it was made (a wrapped table row, a semicolon inside a text value):
 * kept as pieces and joined once at the end, since joining as it grew made long pastes quadratic.
 */
interface Growth {
  values: string[];
  raws: string[];
  /** The last piece added (the value ends with it). */
  last: string;
  /** A wrapped row was joined: the whole is squashed (its first line's tabs too). */
  wrapped: boolean;
}

/**
 * Cuts the pasted text into segments. `sentence` says whether the block is in the sentence form
 * (then semicolons separate fields and wrapped lines are joined); a table row that ends with a
 * comma goes on on the next line.
 */
export function segmentLines(text: string, sentence: boolean): Segment[] {
  const segments: Segment[] = [];
  const grown = new Map<Segment, Growth>();
  const grow = (segment: Segment, value: string, raw: string, glue: string, valueGlue = glue): Growth => {
    const growth = grown.get(segment) ?? {
      values: [segment.value],
      raws: [segment.raw],
      last: segment.value,
      wrapped: false,
    };
    grown.set(segment, growth);
    growth.values.push(valueGlue, value);
    growth.raws.push(glue, raw);
    if (value !== '') growth.last = value;
    return growth;
  };
  /** The value's text so far, for the tests of its ends only: its last piece. */
  const end = (segment: Segment): string => grown.get(segment)?.last ?? segment.value;
  let previous: Segment | null = null;
  /** The last pasted line of the logical line `previous` came from. */
  let previousEnd = 0;
  for (const logical of logicalLines(text, sentence)) {
    const produced: Segment[] = [];
    let cursor = 0;
    const at = (part: string): number => {
      const found = logical.text.indexOf(part.trim().slice(0, 12), cursor);
      if (found >= 0) cursor = found;
      return lineAt(logical, cursor);
    };
    const pieces = sentence ? logical.text.split(SENTENCE_BREAK) : [logical.text];
    for (const piece of pieces) {
      const long = longLabel(piece);
      if (long && (!sentence || !isSentenceLine(piece))) {
        const { value, extra } = labelled(long.rest);
        const line = at(piece);
        produced.push({ field: long.field, value, raw: squash(piece), line, first: false, extra, row: true });
        continue;
      }
      const parts = sentence ? splitTop(piece, ';') : [piece];
      for (const part of parts) {
        const trimmed = sentence ? squash(part) : part.trim();
        if (trimmed === '') continue;
        produced.push(...classify(trimmed, at(part), sentence));
      }
    }
    if (produced[0]) produced[0].first = true;
    let inLine: Segment | null = null;
    for (const segment of produced) {
      if (sentence && segment.field === null && inLine && inLine.field && TEXT_FIELDS.has(inLine.field)) {
        // "Spd 30 ft. in scale mail; base speed 40 ft.": a semicolon inside a text value.
        grow(inLine, segment.value, segment.raw, '; ');
        continue;
      }
      inLine = segment;
      const prev: Segment | null = previous;
      const adjacent = segment.line === previousEnd + 1;
      // A wrapped table row, or a label whose value a browser copied onto the next line.
      const below =
        prev !== null && end(prev) === '' && prev.field !== null && prev.field !== 'name' && !segment.row;
      if (
        segment.first &&
        prev &&
        adjacent &&
        ((segment.field === null && continues(prev, end(prev))) || below)
      ) {
        // squash(`${value} ${raw}`) of values that are squashed already: one space between.
        const raw = squash(segment.raw);
        grow(prev, raw, raw, ' ', end(prev) === '' ? '' : ' ').wrapped = true;
        continue;
      }
      segments.push(segment);
      previous = segment;
    }
    previousEnd = logical.numbers[logical.numbers.length - 1] as number;
  }
  for (const [segment, growth] of grown) {
    const value = growth.values.join('');
    const raw = growth.raws.join('');
    segment.value = growth.wrapped ? squash(value) : value;
    segment.raw = growth.wrapped ? squash(raw) : raw;
  }
  return segments;
}

/**
 * The parts of a sentence-form text that follows a name on its line ("hp 5; Str abc" of
 * "Goblin; hp 5; Str abc"), each a segment of line `line` (field null when no label is known).
 */
export function sentenceParts(text: string, line: number): Segment[] {
  return splitTop(text, ';')
    .map((part) => squash(part))
    .filter((part) => part !== '')
    .flatMap((part) => classify(part, line, true));
}

/** A segment of one sentence-form part: a short label, "Name: CR …", a size and type, or nothing. */
function classify(part: string, line: number, sentence: boolean): Segment[] {
  const base = { raw: part, line, first: false, extra: [], row: false };
  const long = longLabel(part);
  if (long) return [{ ...base, ...labelled(long.rest), field: long.field, row: true }];
  const short = shortLabel(part);
  // Outside the sentence form, a line of prose ("Large creatures of the deep …", "Space is
  // tight …") names no field: "AC: 15", "AC 18, touch 14", an ability line or a psionic line do.
  const stat = (found: { field: SegmentField; rest: string }) =>
    sentence ||
    found.field === 'abilities' ||
    found.field === 'psionics' ||
    /^[^:]{1,20}:/.test(part) ||
    /^[+\-—\d]/.test(found.rest);
  if (short && stat(short)) return [{ ...base, field: short.field, value: squash(short.rest) }];
  if (!sentence) return [{ ...base, field: null, value: part }];
  const header = /^([^:]{1,120}?)\s*:\s*(.+)$/.exec(part);
  const rest = header?.[2];
  if (header && rest && (shortLabel(rest) || SIZE_START.test(rest))) {
    const name = squash(header[1] as string);
    return [{ ...base, raw: name, field: 'name', value: name }, ...classify(rest, line, sentence)];
  }
  if (SIZE_START.test(part)) return [{ ...base, field: 'size_type', value: part }];
  return [{ ...base, field: null, value: part }];
}

const SIZE_START =
  /^(?:(?:LG|NG|CG|LN|N|CN|LE|NE|CE)\s+)?(?:fine|diminutive|tiny|small|medium(?:-size)?|large|huge|gargantuan|colossal)\+?\s/i;

/** Whether the next line's first, unlabelled segment goes on with this table row (its value, ending `end`, ends with a comma). */
function continues(previous: Segment, end: string): boolean {
  if (previous.field === null || previous.field === 'name') return false;
  return /,$/.test(end);
}
