/**
 * Bestiary conversion (issue #19): the special qualities of a d20 stat block that GnG's damage step
 * uses — damage reduction, energy resistance (both read by item-properties.ts), immunities,
 * fortification, regeneration, fast healing, spell and power resistance — uncanny dodge (the Defense
 * step's flat-footed rule), and the rest, which is
 * listed as not converted. GnG "PROTECTION": "Damage Reduction: Apply the effects of Damage Reduction
 * after Protection. Energy Resistance: Energy resistance applies to damage after Protection."
 */
import {
  parseDamageReduction,
  parseEnergyResistances,
  type DamageReduction,
  type EnergyResistances,
} from '../damage-reduction.js';
import { FORTIFICATIONS, type Fortification } from '../protection.js';
import { splitTopLevel } from './attacks.js';

/** What the special qualities give the GnG creature. */
export interface ConvertedQualities {
  damageReduction: DamageReduction[];
  /** The reductions as the actor stores them ("10/magic; 5/—"). */
  damageReductionText: string;
  energyResistance: EnergyResistances;
  /** Immunities as printed, one per entry ("fire", "poison", "critical hits"). */
  immunities: string[];
  fortification: Fortification;
  /** HP regenerated per round (0: none), and what the block says overcomes it. */
  regeneration: number;
  regenerationText: string | null;
  fastHealing: number;
  spellResistance: number | null;
  powerResistance: number | null;
  /** "Uncanny dodge": keeps the Dexterity (and class) bonus to Defense when flat-footed. */
  uncannyDodge: boolean;
  /** Entries used for the above. */
  converted: string[];
  /** Entries no rule of the conversion uses, as printed. */
  unconverted: string[];
}

const ENERGY = '(?:acid|cold|electricity|fire|sonic)';
const RESISTANCE_ENTRY = new RegExp(
  `^(?:resistance to\\s+${ENERGY}\\s+\\d+|(?:${ENERGY}\\s*,?\\s*(?:and\\s+)?)+resistance\\s+\\d+)`,
  'i',
);
const RESISTANCE_CONTINUATION = new RegExp(`^(?:and\\s+)?${ENERGY}\\s+\\d+$`, 'i');

/** The entries of a special-qualities line, split at top-level commas and semicolons. */
export function qualityEntries(text: string | null): string[] {
  if (text === null) return [];
  return splitTopLevel(text, /[,;]\s*/y)
    .map((e) => e.replace(/\.$/, '').trim())
    .filter((e) => e !== '' && !/^[-—–]$/.test(e));
}

const PLAIN = /^[a-z][a-z -]*$/i;
const BARE_ENERGY = new RegExp(`^${ENERGY}$`, 'i');
const LAST_RESISTANCE = new RegExp(`^and\\s+${ENERGY}\\s+resistance\\s+\\d+$`, 'i');

/**
 * Joins the entries a list split apart: "immunity to acid", "cold", "and petrification" → one
 * immunity; "acid", "cold", "and sonic resistance 20" → one resistance. A run is joined only when
 * it ends with its "and …" entry (so "immunity to fire", "scent" stay two).
 */
export function joinListEntries(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as string;
    const immunity = /^(?:immunity to|immune to)\s/i.test(e);
    if (immunity || BARE_ENERGY.test(e)) {
      let j = i + 1;
      while (j < entries.length && !/^and\s/i.test(entries[j] as string)) {
        if (!(immunity ? PLAIN : BARE_ENERGY).test(entries[j] as string)) break;
        j++;
      }
      const last = entries[j];
      if (
        last !== undefined &&
        (immunity ? /^and\s/i.test(last) && PLAIN.test(last) : LAST_RESISTANCE.test(last))
      ) {
        out.push(entries.slice(i, j + 1).join(', '));
        i = j;
        continue;
      }
    }
    out.push(e);
  }
  return out;
}

function immunityList(entry: string): string[] | null {
  const m =
    /^(?:immunity to|immune to|immunities?:?)\s+(.+)$/i.exec(entry) ?? /^(.+?)\s+immunity$/i.exec(entry);
  if (!m) return null;
  return (m[1] ?? '')
    .split(/\s*(?:,|\band\b)\s*/i)
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
}

/** Reads the special qualities (and a dragon's separate SR). Never throws on odd text: it is listed. */
export function convertQualities(text: string | null, dragonSr: number | null = null): ConvertedQualities {
  const out: ConvertedQualities = {
    damageReduction: [],
    damageReductionText: '',
    energyResistance: {},
    immunities: [],
    fortification: 'none',
    regeneration: 0,
    regenerationText: null,
    fastHealing: 0,
    spellResistance: dragonSr,
    powerResistance: null,
    uncannyDodge: false,
    converted: [],
    unconverted: [],
  };
  const drTexts: string[] = [];
  let inResistance = false;
  for (const entry of joinListEntries(qualityEntries(text))) {
    const e = entry.trim();
    const use = (): void => void out.converted.push(e);
    const resistance: boolean = RESISTANCE_ENTRY.test(e) || (inResistance && RESISTANCE_CONTINUATION.test(e));
    inResistance = resistance;
    const dr = /^(?:damage reduction|dr)\s+(\d+\s*\/\s*.+)$/i.exec(e);
    if (dr) {
      try {
        out.damageReduction.push(parseDamageReduction(e));
        drTexts.push((dr[1] ?? '').replace(/\s+/g, ' ').trim());
        use();
      } catch {
        out.unconverted.push(e);
      }
      continue;
    }
    if (resistance) {
      const found = parseEnergyResistances(/^(and\s+)?\w+\s+\d+$/i.test(e) ? `resistance to ${e}` : e);
      for (const [type, value] of Object.entries(found)) {
        const key = type as keyof EnergyResistances;
        out.energyResistance[key] = Math.max(out.energyResistance[key] ?? 0, value ?? 0);
      }
      use();
      continue;
    }
    const sr = /^(?:spell resistance|sr)\s+(\d+)/i.exec(e);
    if (sr) {
      out.spellResistance = Math.max(out.spellResistance ?? 0, Number(sr[1]));
      use();
      continue;
    }
    const pr = /^power resistance\s+(\d+)/i.exec(e);
    if (pr) {
      out.powerResistance = Number(pr[1]);
      use();
      continue;
    }
    const regen = /^regeneration\s+(\d+)\s*(.*)$/i.exec(e);
    if (regen) {
      out.regeneration = Number(regen[1]);
      out.regenerationText = (regen[2] ?? '').replace(/^\(|\)$/g, '').trim() || null;
      use();
      continue;
    }
    const fast = /^fast healing\s+(\d+)/i.exec(e);
    if (fast) {
      out.fastHealing = Number(fast[1]);
      use();
      continue;
    }
    const fort = new RegExp(`^(${FORTIFICATIONS.join('|')}) fortification\\b`, 'i').exec(e);
    if (fort) {
      out.fortification = (fort[1] ?? 'none').toLowerCase() as Fortification;
      use();
      continue;
    }
    if (/^uncanny dodge(?:\s*\([^()]*\))?$/i.test(e)) {
      out.uncannyDodge = true;
      use();
      continue;
    }
    const immune = immunityList(e);
    if (immune) {
      out.immunities.push(...immune.filter((i) => !out.immunities.includes(i)));
      use();
      continue;
    }
    out.unconverted.push(e);
  }
  out.damageReductionText = drTexts.join('; ');
  return out;
}
