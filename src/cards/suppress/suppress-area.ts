/**
 * Suppressing fire on the map: the area in feet from the request (an aisle from the shooter's token
 * along a direction, out to the weapon's maximum range, or a 20 × 20 ft square from its corner), a
 * token's centre in feet, and the shooter's full-round action in combat.
 *
 * Feet from pixels: a token's `x`/`y` are its scene's pixels; a grid space is the scene's
 * `grid.size` pixels and `grid.distance` feet (v13 `scene.grid`; dnd5e's templates measure the same
 * way). Without a scene at hand (a token off any scene) the v13 defaults are used: 100 pixels and 5 ft.
 *
 * The area is drawn as a measured template on the shooter's scene (GM; its token's `parent`, whatever
 * scene the GM views): the aisle a `ray` 5 ft wide,
 * the square a `rect` whose `distance` is its diagonal at 45° (dnd5e `module/canvas/ability-template.mjs`
 * draws its cubes so); it is deleted when the area ends.
 */
import { sceneGrid, tokenCentreFeet } from '../../combat/scene-grid.js';
import { sceneById } from '../../combat/scene-lookup.js';
export { tokenCentreFeet };
import { AISLE_WIDTH_FEET, SUPPRESSION_SQUARE_FEET, type FireArea, type Point } from '../../rules/index.js';
import { SYSTEM_ID } from '../../config/document-types.js';
import { spendTurnActions, type TurnActionSpent } from '../../combat/action-budget.js';
import { payload, Refusal } from '../kernel/index.js';

/** Core: projectile weapons reach ten range increments ("out to your weapon's maximum range"). */
const PROJECTILE_MAX_INCREMENTS = 10;

/** Where the area's template is: its scene and id. */
export interface TemplateRef {
  sceneId: string;
  id: string;
}

/** GM: draws the area on `scene` (the shooter's); its reference, or null without a scene. */
export async function drawArea(
  area: FireArea,
  messageId: string | null,
  scene: Scene | null,
): Promise<TemplateRef | null> {
  if (!scene) return null;
  const grid = sceneGrid(scene);
  const perFoot = grid.size / grid.distance;
  const flags = { [SYSTEM_ID]: { suppress: messageId } };
  const data =
    area.shape === 'square'
      ? {
          t: 'rect',
          x: area.corner.x * perFoot,
          y: area.corner.y * perFoot,
          direction: 45,
          distance: Math.hypot(area.size, area.size),
          flags,
        }
      : area.shape === 'aisle'
        ? {
            t: 'ray',
            x: area.origin.x * perFoot,
            y: area.origin.y * perFoot,
            direction: area.direction,
            distance: area.length,
            width: area.width,
            flags,
          }
        : null;
  if (!data) return null;
  const [template] = await scene.createEmbeddedDocuments('MeasuredTemplate', [data]);
  return template ? { sceneId: scene.id, id: template.id } : null;
}

/** GM: deletes the area's template, on its own scene, when it is still there. */
export async function eraseArea(ref: TemplateRef | null | undefined): Promise<void> {
  const scene = sceneById(ref?.sceneId);
  if (!ref || !scene || !scene.templates.get(ref.id)) return;
  await scene.deleteEmbeddedDocuments('MeasuredTemplate', [ref.id]);
}

/** Feet per pixel on the token's scene. */
export function feetPerPixel(doc: TokenDocument | null = null): number {
  const grid = sceneGrid(doc?.parent);
  return grid.distance / grid.size;
}

/** A point of the request (a square's corner, in the scene's pixels). */
const point = payload({ x: 'num', y: 'num' }, 'GNG.Suppress.Error.BadArea');

/** The area of the request: a square by its corner, or an aisle by its direction (suppress-area.ts). */
const area = payload(
  { shape: ['square', 'aisle'], corner: { kind: point, optional: true }, direction: 'num?' },
  'GNG.Suppress.Error.BadArea',
  ({ shape, corner, direction }) => {
    if (
      shape === 'square'
        ? corner === undefined || direction !== undefined
        : direction === undefined || corner !== undefined
    )
      throw new Refusal('GNG.Suppress.Error.BadArea');
  },
);

/** The start request: the shooter, its weapon, the area and the fire mode (semi or auto, if it says). */
export const parseSuppressStart = payload({
  actorUuid: 'str',
  weaponId: 'str',
  area: { kind: area, error: 'GNG.Suppress.Error.BadArea' },
  mode: { kind: ['semi', 'auto'], optional: true },
});

/** Whether the token is on `sceneId` (a token or area whose scene is not known counts as there). */
export function onScene(doc: TokenDocument, sceneId: string | null): boolean {
  const own = doc.parent?.id ?? null;
  return !sceneId || !own || own === sceneId;
}

/** A plain object whose keys are exactly `keys` (a forged request may send anything). */
function exactly(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => own.includes(key));
}

/** A finite number as sent (never a string or anything cast to one). */
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The weapon's maximum range in feet (ten increments), or a {@link Refusal} without an increment. */
function maxRangeFeet(weapon: Item): number {
  const increment = (weapon.system as unknown as { rangeIncrement?: number }).rangeIncrement ?? 0;
  if (!(increment > 0)) throw new Refusal('GNG.Suppress.Error.NoRange', { weapon: weapon.name });
  return increment * PROJECTILE_MAX_INCREMENTS;
}

/** Feet from `p` to the nearest point of the square (0 when `p` is in it). */
function feetToSquare(corner: Point, size: number, p: Point): number {
  const dx = Math.max(corner.x - p.x, 0, p.x - (corner.x + size));
  const dy = Math.max(corner.y - p.y, 0, p.y - (corner.y + size));
  return Math.hypot(dx, dy);
}

/**
 * The area the request asks for (`area` as sent), in feet; a {@link Refusal} when it is malformed (an
 * aisle is exactly `{ shape, direction }`, a square `{ shape, corner: { x, y } }`, numbers as numbers)
 * or out of reach. Both start at the shooter's token: the aisle from its centre for ten range
 * increments, and the square must have a point within those ten increments of its centre (decision:
 * docs/rules.md "Suppressing fire").
 */
export function areaFromRequest(raw: unknown, shooterToken: TokenDocument | null, weapon: Item): FireArea {
  const bad = () => new Refusal('GNG.Suppress.Error.BadArea');
  if (exactly(raw, ['shape', 'corner']) && raw.shape === 'square') {
    const corner = raw.corner;
    if (!exactly(corner, ['x', 'y']) || !finite(corner.x) || !finite(corner.y)) throw bad();
    if (!shooterToken) throw new Refusal('GNG.Suppress.Error.NoTokenSquare');
    const range = maxRangeFeet(weapon);
    const k = feetPerPixel(shooterToken);
    const square = { x: corner.x * k, y: corner.y * k };
    if (feetToSquare(square, SUPPRESSION_SQUARE_FEET, tokenCentreFeet(shooterToken)) > range)
      throw new Refusal('GNG.Suppress.Error.SquareOutOfRange', { weapon: weapon.name, range });
    return { shape: 'square', corner: square, size: SUPPRESSION_SQUARE_FEET };
  }
  if (exactly(raw, ['shape', 'direction']) && raw.shape === 'aisle') {
    if (!finite(raw.direction)) throw bad();
    if (!shooterToken) throw new Refusal('GNG.Suppress.Error.NoToken');
    return {
      shape: 'aisle',
      origin: tokenCentreFeet(shooterToken),
      direction: raw.direction,
      length: maxRangeFeet(weapon),
      width: AISLE_WIDTH_FEET,
    };
  }
  throw bad();
}

/* -------------------------------------------------------------------------- */
/*  The full-round action                                                      */
/* -------------------------------------------------------------------------- */

/**
 * GM side: suppressing fire "is a full-round action". In a begun combat it must be the shooter's turn
 * with both its move and its attack action left (not a partial turn); both are spent
 * (`spendTurnActions` of action-budget.ts). Out of combat nothing is spent (null).
 */
export async function spendFullRound(actor: Actor): Promise<TurnActionSpent | null> {
  const result = await spendTurnActions(actor, 'full-round');
  if (result.ok) return result.spent;
  throw new Refusal(result.reason === 'notTurn' ? 'GNG.Suppress.Error.NotTurn' : 'GNG.Suppress.Error.Acted', {
    name: actor.name,
  });
}
