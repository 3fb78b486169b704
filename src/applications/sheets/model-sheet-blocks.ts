/**
 * A combat model's own block of the sheet's combat panel, set by the model's glue as it loads (the
 * Enlightened Grognard's: eg-sheet.ts, registered by src/combat/eg-table.ts), so that none of a
 * model's sheet code is in a chunk a world playing another model loads. The panel shows the block of
 * the world's model, when it has one, in place of the generic defenses and HP.
 */
import type { StatView } from './stat-views.js';

/** What a model's block gives the combat panel: its numbers (with breakdowns) and its own section. */
export interface ModelSheetBlock {
  /** The panel's numbers in place of the generic defenses and HP. */
  stats: StatView[];
  /** The model's section under the numbers (its template's context: combat.hbs). */
  section: Record<string, unknown>;
}

type BlockBuilder = (actor: Actor) => ModelSheetBlock;

const builders = new Map<string, BlockBuilder>();

/** Sets the block of model `id` (its glue, once, as the model loads). */
export function setModelSheetBlock(id: string, builder: BlockBuilder): void {
  builders.set(id, builder);
}

/** The block of model `id` for `actor`, or null when that model has none (or its glue is not loaded). */
export function modelSheetBlockOf(id: string, actor: Actor): ModelSheetBlock | null {
  return builders.get(id)?.(actor) ?? null;
}

/** Whether model `id` has a block of its own (its glue is loaded): the sheet hides GnG's controls it lacks. */
export function hasModelSheetBlock(id: string): boolean {
  return builders.has(id);
}
