/**
 * The importer's checks (issue #28): a parsed stat block (as the GM has corrected it so far) → its
 * GnG conversion and every value the world actor could not hold, so that the import never throws.
 *
 * - A value past the data models' bounds (`LIMITS`, src/data/validation.ts; weapon dice by the
 *   engine's `diceProblem`) is a blocking problem on the window's row that edits it: Create waits
 *   until the GM corrects it. The conversion shown meanwhile uses the value clamped to its bound.
 * - A line the conversion cannot take (a number no rule can hold) is a blocking problem on that
 *   line; the creature is converted without it.
 * - A value no row edits (the land speed) is clamped to its bound and said (not blocking).
 * - No creature type, or nothing read, blocks as well.
 * Decision "The importer on hostile pastes", docs/rules.md.
 */
import { damageReductionEntries } from '../data/actor/resistances.js';
import { LIMITS } from '../data/validation.js';
import { convertMonster, type ConvertedCreature } from '../rules/bestiary/convert.js';
import type { SrdMonsterRecord } from '../rules/bestiary/srd-record.js';
import type { StatBlockParse } from '../rules/bestiary/stat-block-parse.js';
import { emptyRecord } from '../rules/bestiary/stat-block-read.js';
import { DICE_LIMITS, diceProblem } from '../rules/dice.js';
import { parseDamageReduction } from '../rules/damage-reduction.js';
import { darkvision, landSpeed } from './actor-source.js';
import { capitalize, damageDice } from './attack-items.js';
import { ABILITIES, acPartKey } from './importer-edits.js';

/** A label as an i18n key and its data. */
export interface ProblemLabel {
  key: string;
  data?: Record<string, string>;
}

/** One value the actor could not hold, or one the importer changed. */
export interface ImportProblem {
  /** The window's row (edit key) that corrects it (`abilities.str`, `full_attack` …), or null. */
  key: string | null;
  /** The parser's field whose line it comes from (`abilities`, `speed` …), or null. */
  field: string | null;
  /** The message, an i18n key (GNG.Importer.Problem.* …), and its data. */
  message: string;
  data: Record<string, string | number>;
  /** What the value is ("Strength"), put into the message as {what}. */
  what: ProblemLabel | null;
  /** Create waits until it is corrected (false: the value was clamped and the actor can be made). */
  blocking: boolean;
}

/** The conversion of a record and its problems. */
export interface ImportAssessment {
  converted: ConvertedCreature;
  problems: ImportProblem[];
}

const P = 'GNG.Importer.Problem';
const label = (key: string, data?: Record<string, string>): ProblemLabel => (data ? { key, data } : { key });
const readable = (n: number): boolean => Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER;
const clamp = (n: number, min: number, max: number): number =>
  Number.isNaN(n) ? min : Math.min(max, Math.max(min, n));

/** A value above its bound: must be corrected, or (`clamped`) was lowered to it. */
function tooHigh(
  key: string | null,
  field: string | null,
  what: ProblemLabel,
  value: number,
  max: number,
  clamped = false,
): ImportProblem {
  const message = `${P}.${clamped ? 'Clamped' : 'TooHigh'}${readable(value) ? '' : 'Large'}`;
  return { key, field, what, message, data: readable(value) ? { value, max } : { max }, blocking: !clamped };
}

/** A bonus outside ±`max`. */
function outOfRange(
  key: string | null,
  field: string,
  what: ProblemLabel,
  value: number,
  max: number,
): ImportProblem {
  if (value > 0) return tooHigh(key, field, what, value, max);
  const data: Record<string, number> = readable(value) ? { value, min: -max, max } : { min: -max, max };
  const message = `${P}.OutOfRange${readable(value) ? '' : 'Large'}`;
  return { key, field, what, message, data, blocking: true };
}

/** The record with every number the actor cannot hold clamped (so the conversion can show it), and those problems. */
function bounded(record: SrdMonsterRecord, problems: ImportProblem[]): SrdMonsterRecord {
  const r = structuredClone(record);
  for (const k of ABILITIES) {
    const v = r.abilities[k];
    if (v === null || (Number.isFinite(v) && v >= 0 && v <= LIMITS.ability)) continue;
    problems.push(tooHigh(`abilities.${k}`, 'abilities', label(`GNG.Ability.${k}.long`), v, LIMITS.ability));
    r.abilities[k] = clamp(v, 0, LIMITS.ability);
  }
  // A negative natural armor counts as none (the conversion's max(0, …)): only a high one is flagged.
  if (!(r.natural_armor <= LIMITS.bonus))
    problems.push(
      tooHigh('natural_armor', 'ac', label('GNG.Importer.Edit.natural_armor'), r.natural_armor, LIMITS.bonus),
    );
  r.natural_armor = clamp(r.natural_armor, -LIMITS.bonus, LIMITS.bonus);
  r.ac_breakdown.forEach((part, i) => {
    const [bonus, name] = part;
    if (Math.abs(bonus) <= LIMITS.bonus) return;
    // Natural armor is the row above; size and Dexterity come from other rows.
    if (!/^natural( armor)?$/i.test(name.trim()))
      problems.push(
        outOfRange(
          acPartKey(name, i),
          'ac',
          label('GNG.Importer.Edit.acPart', { label: name }),
          bonus,
          LIMITS.bonus,
        ),
      );
    part[0] = clamp(bonus, -LIMITS.bonus, LIMITS.bonus);
    for (const worn of [...(r.armor_worn ?? []), ...(r.shield_worn ?? [])])
      if (worn.name === name) worn.bonus = part[0];
  });
  // The AC itself is no stored value: bounded only so that the touch AC's inference stays a number
  // (an inferred natural armor past its bound is checked after the conversion).
  for (const key of ['ac', 'ac_touch', 'ac_flat_footed'] as const) {
    const v = r[key];
    if (typeof v === 'number') r[key] = clamp(v, -LIMITS.hitPoints, LIMITS.hitPoints);
  }
  if (r.hd !== null && !readable(r.hd)) {
    problems.push(tooHigh('hit_dice', 'hit_dice', label('GNG.Importer.Edit.hit_dice'), r.hd, LIMITS.levels));
    r.hd = LIMITS.levels;
  }
  return r;
}

/** The text fields the conversion reads numbers from, alone or together (the first names them). */
const CONVERTED_LINES: readonly (readonly (keyof SrdMonsterRecord)[])[] = [
  ['special_qualities'],
  ['feats'],
  ['epic_feats'],
  ['full_attack'],
  ['attack'],
  ['full_attack', 'attack'],
  ['special_attacks'],
  ['hit_dice'],
  ['speed', 'space', 'reach', 'skills'],
];
/** The window's row that edits a text field (the others have none). */
const ROW_OF: Partial<Record<keyof SrdMonsterRecord, string>> = {
  special_qualities: 'special_qualities',
  feats: 'feats',
  full_attack: 'full_attack',
  attack: 'attack',
  hit_dice: 'hit_dice',
};

function attempt(record: SrdMonsterRecord): ConvertedCreature | null {
  try {
    return convertMonster(record);
  } catch {
    return null;
  }
}

/**
 * Converts the record; when the conversion throws on a line (a number no rule can hold), converts it
 * without that line and says which. Never throws.
 */
function convertSafely(r: SrdMonsterRecord, problems: ImportProblem[]): ConvertedCreature {
  const whole = attempt(r);
  if (whole) return whole;
  const without = (fields: readonly (keyof SrdMonsterRecord)[]): SrdMonsterRecord => {
    const copy: Record<string, unknown> = { ...r };
    for (const f of fields) copy[f] = f === 'hit_dice' ? '' : null;
    if (fields.includes('hit_dice')) copy.hd = null;
    return copy as unknown as SrdMonsterRecord;
  };
  const unconvertible = (fields: readonly (keyof SrdMonsterRecord)[]): void => {
    const field = fields[0] as string;
    const what = label(`GNG.StatBlock.Field.${field}`);
    problems.push({
      key: ROW_OF[fields[0] as keyof SrdMonsterRecord] ?? null,
      field,
      what,
      message: `${P}.Unconvertible`,
      data: {},
      blocking: true,
    });
  };
  for (const fields of CONVERTED_LINES) {
    if (fields.every((f) => r[f] === null || r[f] === '' || r[f] === undefined)) continue;
    const converted = attempt(without(fields));
    if (converted) {
      unconvertible(fields);
      return converted;
    }
  }
  const all = CONVERTED_LINES.flat();
  for (const f of new Set(all)) if (r[f] !== null && r[f] !== '' && r[f] !== undefined) unconvertible([f]);
  const bare = { ...emptyRecord(), name: r.name, size: r.size, type: r.type };
  return attempt(without(all)) ?? attempt(bare) ?? convertMonster(emptyRecord());
}

/** The values of a conversion the actor could not hold. */
function convertedProblems(r: SrdMonsterRecord, c: ConvertedCreature, problems: ImportProblem[]): void {
  const has = (key: string) => problems.some((p) => p.key === key);
  for (const g of c.hitDice.groups)
    if (!(g.levels <= LIMITS.levels))
      problems.push(
        tooHigh(
          'hit_dice',
          'hit_dice',
          label('GNG.Importer.What.hitDice', { name: g.name }),
          g.levels,
          LIMITS.levels,
        ),
      );
  if (!(Math.abs(c.hp.max) <= LIMITS.hitPoints))
    problems.push(tooHigh('hit_dice', 'hit_dice', label('GNG.Importer.What.hp'), c.hp.max, LIMITS.hitPoints));
  if (!(c.toughness <= LIMITS.levels))
    problems.push(
      tooHigh('feats', 'feats', label('GNG.Importer.What.toughness'), c.toughness, LIMITS.levels),
    );
  if (!(c.protection.naturalArmor <= LIMITS.bonus) && !has('natural_armor'))
    problems.push(
      tooHigh(
        'natural_armor',
        'ac',
        label('GNG.Importer.Edit.natural_armor'),
        c.protection.naturalArmor,
        LIMITS.bonus,
      ),
    );
  const partKey = (name: string): string | null => {
    const i = r.ac_breakdown.findIndex(([, l]) => l === name);
    return i < 0 ? null : acPartKey(name, i);
  };
  for (const worn of [
    ...c.armor.map((a) => ({ name: a.name, values: [a.armor, a.enhancement] })),
    ...c.shields.map((s) => ({ name: s.name, values: [s.shield, s.enhancement] })),
  ])
    for (const value of worn.values)
      if (!(value <= LIMITS.bonus))
        problems.push(
          tooHigh(
            partKey(worn.name),
            'ac',
            label('GNG.Importer.Edit.acPart', { label: worn.name }),
            value,
            LIMITS.bonus,
          ),
        );
  // The weapons come from the full attack line, else the attack line: the row that edits it.
  const row = r.full_attack !== null ? 'full_attack' : 'attack';
  for (const a of c.attacks.flat()) {
    if (!a.damage) continue;
    const name = label('GNG.Importer.What.named', { name: capitalize(a.name.trim()) });
    if (diceProblem(damageDice(a)) !== null)
      problems.push({
        key: row,
        field: row,
        what: name,
        message: `${P}.Dice`,
        data: { dice: a.damage.text, ...DICE_LIMITS },
        blocking: true,
      });
    if (!(a.enhancement >= 0 && a.enhancement <= LIMITS.bonus))
      problems.push(
        tooHigh(
          row,
          row,
          label('GNG.Importer.What.enhancement', { name: capitalize(a.name.trim()) }),
          a.enhancement,
          LIMITS.bonus,
        ),
      );
    // The printed bonus of its first attack is the weapon's fixed `attackBonus` (attack-items.ts).
    const printed = a.bonuses[0];
    if (printed !== undefined && !(Math.abs(printed) <= LIMITS.bonus))
      problems.push(
        outOfRange(
          row,
          row,
          label('GNG.Importer.What.attackBonus', { name: capitalize(a.name.trim()) }),
          printed,
          LIMITS.bonus,
        ),
      );
  }
  const q = c.resistances;
  const sq = (what: ProblemLabel, value: number, max: number) =>
    problems.push(tooHigh('special_qualities', 'special_qualities', what, value, max));
  if (!(q.regeneration <= LIMITS.hitPoints))
    sq(label('GNG.Importer.What.regeneration'), q.regeneration, LIMITS.hitPoints);
  for (const [type, value] of Object.entries(q.energyResistance))
    if (value && !(value <= LIMITS.hitPoints))
      sq(label('GNG.Importer.What.energy', { type }), value, LIMITS.hitPoints);
  for (const entry of damageReductionEntries(q.damageReductionText ?? '')) {
    let amount: number | null = null;
    try {
      amount = parseDamageReduction(entry).amount;
    } catch {
      // The data model refuses a reduction the engine cannot read.
      const what = label('GNG.Importer.What.damageReduction');
      problems.push({
        key: 'special_qualities',
        field: 'special_qualities',
        what,
        message: `${P}.Unconvertible`,
        data: {},
        blocking: true,
      });
    }
    if (amount !== null && !(amount <= LIMITS.hitPoints))
      sq(label('GNG.Importer.What.damageReduction'), amount, LIMITS.hitPoints);
  }
  const sight = darkvision(r.special_qualities);
  if (!(sight <= LIMITS.feet)) sq(label('GNG.Importer.What.darkvision'), sight, LIMITS.feet);
  const speed = landSpeed(c.speed);
  if (!(speed <= LIMITS.feet))
    problems.push(tooHigh(null, 'speed', label('GNG.Importer.What.speed'), speed, LIMITS.feet, true));
}

/**
 * The conversion of `record` (parsed into `parse`, perhaps corrected since) and every problem with
 * it, blocking ones first. Never throws.
 */
export function assessImport(parse: StatBlockParse, record: SrdMonsterRecord): ImportAssessment {
  const problems: ImportProblem[] = [];
  if (parse.fields.length === 0)
    problems.push({
      key: null,
      field: null,
      what: null,
      message: 'GNG.Importer.NothingRead',
      data: {},
      blocking: true,
    });
  else if (!record.type.trim())
    problems.push({
      key: 'type',
      field: 'size_type',
      what: null,
      message: 'GNG.Importer.NoType',
      data: {},
      blocking: true,
    });
  const r = bounded(record, problems);
  const converted = convertSafely(r, problems);
  convertedProblems(r, converted, problems);
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const id = JSON.stringify([p.key, p.field, p.message, p.data, p.what]);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return { converted, problems: [...unique.filter((p) => p.blocking), ...unique.filter((p) => !p.blocking)] };
}

/** The problems Create waits for. */
export function blockingProblems(problems: readonly ImportProblem[]): ImportProblem[] {
  return problems.filter((p) => p.blocking);
}

/** A problem in words (`game.i18n`). */
export function problemText(p: ImportProblem): string {
  const what = p.what
    ? p.what.data
      ? game.i18n.format(p.what.key, p.what.data)
      : game.i18n.localize(p.what.key)
    : '';
  return game.i18n.format(p.message, { ...p.data, what });
}

/** The land speed the actor gets: the speed line's, at most the bound (a larger one is a clamped problem). */
export function boundedSpeed(speed: number): number {
  return Number.isFinite(speed) ? clamp(speed, 0, LIMITS.feet) : LIMITS.feet;
}
