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
  /** The part of combat.hbs that shows the section (default `modelBlock`: the EG's; `tcBlock`: issue #32's). */
  part?: 'modelBlock' | 'tcBlock';
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

type HeaderLabel = (actor: Actor) => string;
const headerLabels = new Map<string, HeaderLabel>();

/** Sets what the sheet's header says of a creature's health under model `id`, in place of GnG's injury grade. */
export function setModelHeaderLabel(id: string, label: HeaderLabel): void {
  headerLabels.set(id, label);
}

/** The header's health label of model `id` for `actor`, or null (GnG's injury grade stays). */
export function modelHeaderLabelOf(id: string, actor: Actor): string | null {
  return headerLabels.get(id)?.(actor) ?? null;
}

/** A model's own initiative (header and combat panel), in place of GnG's d20 modifier. */
export interface ModelInitiative {
  /** The header's short form (the Time Count's "1d6+3"). */
  header: string;
  view: StatView;
}
type InitiativeOf = (actor: Actor) => ModelInitiative;
const initiatives = new Map<string, InitiativeOf>();

export function setModelInitiative(id: string, of: InitiativeOf): void {
  initiatives.set(id, of);
}

export function modelInitiativeOf(id: string, actor: Actor): ModelInitiative | null {
  return initiatives.get(id)?.(actor) ?? null;
}
