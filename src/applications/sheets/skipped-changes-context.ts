/**
 * The Effects tab's "Ignored effect changes": each effect change the effect guard skipped on the
 * actor or on one of its items (src/data/actor/effect-guard.ts), as one localized line saying which
 * effect, which field, which value and why.
 */
import { skippedChangeReason, skippedEffectChanges } from '../../data/actor/effect-guard.js';

/** The lines for `actor`: its own skipped changes, then those of its items' own effects. */
export function skippedChangeLines(actor: Actor): string[] {
  const onActor = game.i18n.localize('GNG.Sheet.Effects.OnActor');
  return [actor as FoundryDocument, ...actor.items].flatMap((doc) =>
    skippedEffectChanges(doc).map((skip) =>
      game.i18n.format('GNG.EffectGuard.Row', {
        effect: skip.effectName,
        source: skip.source ?? (doc === actor ? onActor : doc.name),
        key: skip.key,
        value: skip.value,
        reason: skippedChangeReason(skip),
      }),
    ),
  );
}
