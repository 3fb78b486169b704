/**
 * A scene, as far as the glue reads it — any scene of the world (`game.scenes`), whether or not a
 * client views it: its grid (`grid.ts`: `grid.size` pixels per space, `grid.distance` feet per space,
 * its kind, diagonal rule and `measurePath`), its token documents (`scene.tokens`, each with the
 * scene as its `parent`) and its measured templates — `createEmbeddedDocuments('MeasuredTemplate',
 * [data])` and `deleteEmbeddedDocuments('MeasuredTemplate', ids)` with the fields a template has
 * (`t`, `x`, `y` in pixels, `direction` in degrees, `distance` and `width` in feet, `angle` in
 * degrees, `flags`), and the `createMeasuredTemplate` / `deleteMeasuredTemplate` hooks on every
 * client (evidence: README.md). Only a GM or the template's author deletes it.
 */
import { broadcast, HarnessCollection } from './documents.js';
import { GRID_SIZE, type HarnessTokenDocument } from './tokens.js';
import { HarnessGrid, type HarnessGridOptions } from './grid.js';
import { isPlainObject, randomId } from './utils.js';

/** Feet per grid space: `system.json`'s `grid.distance`. */
export const GRID_DISTANCE = 5;

const SHAPES = ['circle', 'cone', 'rect', 'ray'] as const;

export class HarnessMeasuredTemplate implements MeasuredTemplateDocument {
  readonly id: string = randomId();
  readonly t: MeasuredTemplateDocument['t'];
  readonly x: number;
  readonly y: number;
  readonly direction: number;
  readonly distance: number;
  readonly width: number;
  readonly angle: number;
  readonly flags: Record<string, Record<string, unknown> | undefined>;
  /** The id of the user who created it (its owner, with the GMs). */
  readonly author: string;

  constructor(data: Record<string, unknown>, author: string) {
    const number = (key: string, fallback: number): number => {
      const value = data[key] ?? fallback;
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new Error(`MeasuredTemplate ${key} must be a number`);
      return value;
    };
    if (!SHAPES.includes(data.t as MeasuredTemplateDocument['t']))
      throw new Error(`MeasuredTemplate t must be one of ${SHAPES.join(', ')}`);
    this.t = data.t as MeasuredTemplateDocument['t'];
    this.x = number('x', 0);
    this.y = number('y', 0);
    this.direction = number('direction', 0);
    this.distance = number('distance', 0);
    this.width = number('width', 0);
    this.angle = number('angle', 0);
    this.flags = isPlainObject(data.flags)
      ? (structuredClone(data.flags) as MeasuredTemplateDocument['flags'])
      : {};
    this.author = author;
  }
}

/**
 * A scene: by default a square grid of {@link GRID_SIZE} px per {@link GRID_DISTANCE} ft with 1-2-1
 * diagonals (`system.json`), its token documents and its templates.
 */
export class HarnessScene implements Scene {
  readonly id: string = randomId();
  name: string;
  /** The world's active scene (the one players are pulled to): a document field, not a client's view. */
  active = false;
  readonly grid: HarnessGrid;
  readonly tokens = new HarnessCollection<HarnessTokenDocument>();
  readonly templates = new HarnessCollection<HarnessMeasuredTemplate>();

  constructor(options: { name?: string; grid?: HarnessGridOptions } = {}) {
    this.name = options.name ?? 'Scene';
    this.grid = new HarnessGrid({ size: GRID_SIZE, distance: GRID_DISTANCE, ...options.grid });
  }

  async createEmbeddedDocuments(
    type: 'MeasuredTemplate',
    data: Record<string, unknown>[],
  ): Promise<MeasuredTemplateDocument[]> {
    if (type !== 'MeasuredTemplate') throw new Error(`The scene holds no ${String(type)} here`);
    const user = game.user;
    const created = data.map((entry) => new HarnessMeasuredTemplate(entry, user.id as string));
    for (const template of created) {
      this.templates.set(template);
      broadcast('createMeasuredTemplate', template, {}, user.id);
    }
    return created;
  }

  async deleteEmbeddedDocuments(
    type: 'MeasuredTemplate',
    ids: string[],
  ): Promise<MeasuredTemplateDocument[]> {
    if (type !== 'MeasuredTemplate') throw new Error(`The scene holds no ${String(type)} here`);
    const user = game.user;
    const deleted: MeasuredTemplateDocument[] = [];
    for (const id of ids) {
      const template = this.templates.get(id);
      if (!template) continue;
      if (!user.isGM && template.author !== user.id)
        throw new Error(`User ${user.name} lacks permission to delete MeasuredTemplate ${id}`);
      this.templates.delete(id);
      deleted.push(template);
      broadcast('deleteMeasuredTemplate', template, {}, user.id);
    }
    return deleted;
  }

  /** Empties the scene's tokens and templates (the harness's `reset()`). */
  reset(): void {
    this.tokens.clear();
    this.templates.clear();
  }
}
