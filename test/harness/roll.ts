/**
 * `Roll` of the fake runtime: formulas of dice terms (`2d6`), numbers (decimals too), `@data` references and
 * `+`/`-`, rolled with the harness's seeded dice source so tests are reproducible.
 */
import { seededDice } from '../../src/rules/dice.js';
import { getProperty } from './utils.js';

type Term =
  | { kind: 'dice'; sign: 1 | -1; number: number; faces: number; results: DiceTermResult[] }
  | { kind: 'number'; sign: 1 | -1; value: number };

/** The dice every Roll uses; `setSeed` (or a queued sequence) makes a test deterministic. */
export const rollDice = {
  source: seededDice(1),
  queued: [] as number[],
  setSeed(seed: number): void {
    this.source = seededDice(seed);
    this.queued = [];
  },
  /** The next dice rolled (by any Roll) return these values, in order, before the seeded source. */
  queue(...values: number[]): void {
    this.queued.push(...values);
  },
  roll(faces: number): number {
    const next = this.queued.shift();
    if (next === undefined) return this.source.roll(faces);
    if (next < 1 || next > faces) throw new Error(`queued die ${next} does not fit a d${faces}`);
    return next;
  },
};

function substitute(formula: string, data: Record<string, unknown>): string {
  return formula.replace(/@([a-zA-Z0-9_.]+)/g, (_match, path: string) => {
    const value = getProperty(data, path);
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new Error(`Roll data @${path} is not a number`);
    return String(value);
  });
}

function parse(formula: string): Term[] {
  // A substituted negative value (`1d20 + @mod` with mod −1) reads as `1d20 - 1`, as in Foundry.
  const compact = formula
    .replace(/\s+/g, '')
    .replace(/\+-|-\+/g, '-')
    .replace(/--/g, '+');
  // A number term may have decimals (`1d20 + 3 + 0.14`: dnd5e's initiative tiebreaker, docs/host.md).
  const pattern = /([+-]?)(?:(\d*)d(\d+)|(\d+(?:\.\d+)?))/gy;
  const terms: Term[] = [];
  let index = 0;
  while (index < compact.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(compact);
    if (!match) throw new Error(`Unable to parse roll formula "${formula}"`);
    const sign = match[1] === '-' ? -1 : 1;
    if (match[3] !== undefined) {
      terms.push({
        kind: 'dice',
        sign,
        number: match[2] ? Number(match[2]) : 1,
        faces: Number(match[3]),
        results: [],
      });
    } else {
      terms.push({ kind: 'number', sign, value: Number(match[4]) });
    }
    index = pattern.lastIndex;
  }
  if (!terms.length) throw new Error(`Unable to parse roll formula "${formula}"`);
  return terms;
}

function format(terms: Term[]): string {
  return terms
    .map((term, i) => {
      const sign = term.sign < 0 ? ' - ' : i === 0 ? '' : ' + ';
      const body = term.kind === 'dice' ? `${term.number}d${term.faces}` : String(term.value);
      return sign + body;
    })
    .join('');
}

export class HarnessRoll implements Roll {
  readonly formula: string;
  #terms: Term[];
  #total: number | undefined;
  _evaluated = false;

  constructor(formula: string, data: Record<string, unknown> = {}) {
    this.#terms = parse(substitute(formula, data));
    this.formula = format(this.#terms);
  }

  get total(): number | undefined {
    return this.#total;
  }

  get dice(): DiceTerm[] {
    return this.#terms.filter((t): t is Extract<Term, { kind: 'dice' }> => t.kind === 'dice');
  }

  async evaluate(): Promise<this> {
    if (this._evaluated) throw new Error('This Roll has already been evaluated');
    let total = 0;
    for (const term of this.#terms) {
      if (term.kind === 'dice') {
        term.results = Array.from({ length: term.number }, () => ({
          result: rollDice.roll(term.faces),
          active: true,
        }));
        total += term.sign * term.results.reduce((sum, r) => sum + r.result, 0);
      } else {
        total += term.sign * term.value;
      }
    }
    this.#total = total;
    this._evaluated = true;
    return this;
  }

  toJSON(): Record<string, unknown> {
    return {
      class: 'Roll',
      formula: this.formula,
      terms: structuredClone(this.#terms),
      total: this.#total,
      evaluated: this._evaluated,
    };
  }

  static fromData(data: Record<string, unknown>): Roll {
    const roll = new HarnessRoll(String(data.formula));
    roll.#terms = structuredClone(data.terms as Term[]);
    roll.#total = data.total as number | undefined;
    roll._evaluated = Boolean(data.evaluated);
    return roll;
  }
}

export const RollImpl: RollConstructor = HarnessRoll;
