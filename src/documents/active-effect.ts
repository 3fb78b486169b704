/**
 * The system's ActiveEffect document class (`CONFIG.ActiveEffect.documentClass`). Foundry applies an
 * actor's effects one change at a time through `apply(actor, change)`; each change to `system.…`
 * goes through the effect guard (src/data/actor/effect-guard.ts), so a change the data model would
 * refuse is skipped instead of breaking the actor's preparation.
 */
import { applyGuardedChange } from '../data/actor/effect-guard.js';

export class GnGActiveEffect extends ActiveEffect {
  override apply(actor: Actor, change: ActiveEffectChange): unknown {
    return applyGuardedChange(actor, actor.system, this, change, () => super.apply(actor, change));
  }
}
