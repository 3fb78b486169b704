/**
 * Spells and powers from the sheet, registered on `init` (issue #29): the two casting GM queries,
 * whose work (src/magic/index.ts: weapon-spells.ts, area-spells.ts) loads the first time one reaches
 * the GM's client or this client casts.
 */
import { registerLazyCard } from '../cards/kernel/lazy-card.js';
import { onDemand } from '../on-demand.js';

/** The GM queries of a weapon spell and of a damaging spell. */
export const CAST_WEAPON_SPELL_QUERY = 'gng.castWeaponSpell';
export const CAST_AREA_SPELL_QUERY = 'gng.castAreaSpell';

/** The casting module (weapon spells and damaging spells), loaded on first use. */
export const magicModule = onDemand(() => import('./index.js'));

/** Registers the casting GM queries (on `init`). */
export function registerMagic(): void {
  registerLazyCard({
    module: magicModule,
    queries: {
      [CAST_WEAPON_SPELL_QUERY]: (magic, ...request) => magic.handleCastWeaponSpell(...request),
      [CAST_AREA_SPELL_QUERY]: (magic, ...request) => magic.handleCastAreaSpell(...request),
    },
    templates: [],
  });
}
