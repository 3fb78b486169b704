/**
 * The Enlightened Grognard's token pools on the playground's side panels (issue #31): each PC's
 * pool (its persistent tokens named), and an NPC's communal pool to a GM only, in the words of the
 * tracker's labels (src/combat/eg-table.ts), read through the token store. The store and the table
 * glue are loaded with the model (EG_LOADER), so they are imported here only once the table plays it.
 */
import type * as Store from '../src/combat/eg-token-store.js';
import type * as TableGlue from '../src/models/eg-table.js';
import { element, f } from './dom.js';

let loaded: { store: typeof Store; glue: typeof TableGlue } | null = null;

/** Loads what the pools are read with when the table plays `model` (and forgets it otherwise). */
export async function loadEgPools(model: string): Promise<void> {
  if (model !== 'eg') {
    loaded = null;
    return;
  }
  const [store, glue] = await Promise.all([
    import('../src/combat/eg-token-store.js'),
    import('../src/models/eg-table.js'),
  ]);
  loaded = { store, glue };
}

/** The panel's line of `actor`'s tokens in the current combat; null when not shown. */
export function egPoolLine(actor: Actor): HTMLElement | null {
  const combat = game.combat;
  if (!loaded || !combat) return null;
  const { store, glue } = loaded;
  const pool = store.tokenPool(combat, actor);
  let text: string;
  if (pool.communal) {
    if (!game.user.isGM) return null;
    text = f('GNG.Model.EG.Tracker.NpcPool', { tokens: glue.tokensLong(pool.encounter) });
  } else {
    const persistent = Object.values(pool.persistent).some((n) => n > 0);
    text = f(persistent ? 'GNG.Model.EG.Tracker.LabelPersistent' : 'GNG.Model.EG.Tracker.Label', {
      name: actor.name,
      tokens: glue.tokensLong(pool.encounter),
      persistent: glue.tokensLong(pool.persistent),
    });
  }
  return element('p', { className: 'pg-eg-tokens', textContent: text });
}
