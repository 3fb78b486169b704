/**
 * The stored spell slots and power points (`system.spellcasting`, spellcasting.ts) as the engine
 * reads them (`src/rules/spell-resources.ts`). Apart from spellcasting.ts so that only the modules
 * loaded on first use (the cast card, the rest card, the sheet's Magic tab) carry it (issue #29).
 */
import type { CastingPools, Pool } from '../../rules/index.js';
import { SLOT_LEVELS, type SpellcastingData } from './spellcasting.js';

/** The pools as the engine reads them (absent fields read as 0). */
export function castingPoolsOf(data: SpellcastingData | undefined): CastingPools {
  const read = (p: Partial<Pool> | undefined): Pool => ({
    value: Math.max(0, Math.trunc(Number(p?.value ?? 0)) || 0),
    max: Math.max(0, Math.trunc(Number(p?.max ?? 0)) || 0),
  });
  return {
    slots: SLOT_LEVELS.map((level) => read(data?.slots?.[String(level)])),
    powerPoints: read(data?.powerPoints),
  };
}
