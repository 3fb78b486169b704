/**
 * Distances on a scene, measured by the scene's own grid (v13 `scene.grid.measurePath(waypoints)`:
 * a square grid by the scene's diagonal rule — `system.json` sets 1-2-1, `diagonals: 4` —, a hex
 * grid in hexes, a gridless scene in a straight line). Every distance the cards use comes from here:
 * a token's place is its document's (`x`/`y` pixels, `width`/`height` spaces, `parent` its scene),
 * never a canvas placeable, so the measure is the same whatever scene a client views.
 *
 * Without a grid that measures (no scene, or one without `measurePath`), the documented fallback:
 * spaces counted by the d20 diagonal rule (every second diagonal counts two) on a square or hex grid,
 * a straight line on a gridless one (`type` 0), with `grid.size` px per `grid.distance` ft (else
 * 100 px per 5 ft, v13's default grid and `system.json`'s).
 */
const DEFAULT_GRID = { size: 100, distance: 5 } as const;

/** `CONST.GRID_TYPES.GRIDLESS`. */
const GRIDLESS = 0;

/** Adjacent: within this many feet (the d20 "5-foot square"; threat, point blank, longarms, Flow). */
export const ADJACENT_FEET = 5;

/** The scene's grid size (pixels per space) and distance (feet per space), or the default's. */
export function sceneGrid(scene: Scene | null | undefined): { size: number; distance: number } {
  const size = Number(scene?.grid?.size);
  const distance = Number(scene?.grid?.distance);
  return {
    size: Number.isFinite(size) && size > 0 ? size : DEFAULT_GRID.size,
    distance: Number.isFinite(distance) && distance > 0 ? distance : DEFAULT_GRID.distance,
  };
}

/** The scene holding a token document (null for one placed nowhere). */
export function sceneOfToken(doc: TokenDocument | null | undefined): Scene | null {
  return doc?.parent ?? null;
}

/** The fallback measure: d20 diagonals on a grid (square or hex), a straight line without one. */
function fallbackFeet(scene: Scene | null | undefined, a: ScenePoint, b: ScenePoint): number {
  const { size, distance } = sceneGrid(scene);
  if (scene?.grid?.type === GRIDLESS) return (Math.hypot(b.x - a.x, b.y - a.y) / size) * distance;
  const dx = Math.abs(Math.floor(b.x / size) - Math.floor(a.x / size));
  const dy = Math.abs(Math.floor(b.y / size) - Math.floor(a.y / size));
  const diagonal = Math.min(dx, dy);
  const straight = Math.max(dx, dy) - diagonal;
  return (straight + diagonal + Math.floor(diagonal / 2)) * distance;
}

/**
 * Feet along the path through `points` (pixels) on `scene`, by its grid's own measurement. On a grid
 * each point counts as the centre of its space (`grid.getCenterPoint`), so a centre placed a little
 * off (a hex's) still measures whole spaces.
 */
export function measureFeet(scene: Scene | null | undefined, points: readonly ScenePoint[]): number {
  if (points.length < 2) return 0;
  const grid = scene?.grid;
  if (grid && typeof grid.measurePath === 'function') {
    const snap =
      grid.type !== GRIDLESS && typeof grid.getCenterPoint === 'function'
        ? (p: ScenePoint) => (grid.getCenterPoint as (p: ScenePoint) => ScenePoint)({ x: p.x, y: p.y })
        : (p: ScenePoint) => ({ x: p.x, y: p.y });
    const measured = Number(grid.measurePath(points.map(snap)).distance);
    if (Number.isFinite(measured)) return measured;
  }
  let total = 0;
  for (let i = 1; i < points.length; i += 1)
    total += fallbackFeet(scene, points[i - 1] as ScenePoint, points[i] as ScenePoint);
  return total;
}

/**
 * A token's centre in pixels; `at` overrides its stored corner (e.g. a waypoint of a move). The
 * document's own `getCenterPoint` when it has one (it knows a hex token's shape), else the corner
 * plus half the token's spaces.
 */
export function tokenCentre(doc: TokenDocument, at: Partial<ScenePoint> = {}): ScenePoint {
  if (typeof doc.getCenterPoint === 'function') {
    const centre = doc.getCenterPoint({ x: at.x ?? doc.x, y: at.y ?? doc.y });
    if (Number.isFinite(centre?.x) && Number.isFinite(centre?.y)) return { x: centre.x, y: centre.y };
  }
  const { size } = sceneGrid(sceneOfToken(doc));
  return {
    x: (at.x ?? doc.x ?? 0) + ((doc.width || 1) * size) / 2,
    y: (at.y ?? doc.y ?? 0) + ((doc.height || 1) * size) / 2,
  };
}

/** The token's centre in feet from the scene's corner (the engine's areas are in feet). */
export function tokenCentreFeet(doc: TokenDocument, at: Partial<ScenePoint> = {}): ScenePoint {
  const { size, distance } = sceneGrid(sceneOfToken(doc));
  const centre = tokenCentre(doc, at);
  return { x: (centre.x * distance) / size, y: (centre.y * distance) / size };
}

/** The centres of the spaces a token covers (a 2×2 token four), in pixels. */
function spaceCentres(doc: TokenDocument): ScenePoint[] {
  const { size } = sceneGrid(sceneOfToken(doc));
  const columns = Math.max(1, Math.round(doc.width || 1));
  const rows = Math.max(1, Math.round(doc.height || 1));
  const w = ((doc.width || 1) * size) / columns;
  const h = ((doc.height || 1) * size) / rows;
  const centres: ScenePoint[] = [];
  for (let i = 0; i < columns; i += 1)
    for (let j = 0; j < rows; j += 1) centres.push({ x: doc.x + (i + 0.5) * w, y: doc.y + (j + 0.5) * h });
  return centres;
}

/**
 * Feet between two tokens: between their nearest spaces, by the scene's measurement (adjacent
 * spaces are 5 ft; on a gridless scene, the straight line between the nearest space centres).
 * Infinity when they are not on the same scene.
 */
export function feetBetween(a: TokenDocument, b: TokenDocument): number {
  const scene = sceneOfToken(a);
  if (scene !== sceneOfToken(b)) return Infinity;
  let best = Infinity;
  for (const p of spaceCentres(a))
    for (const q of spaceCentres(b)) best = Math.min(best, measureFeet(scene, [p, q]));
  return best;
}

/** Whether two tokens (not the same one) are adjacent: within {@link ADJACENT_FEET}. */
export function adjacent(a: TokenDocument, b: TokenDocument): boolean {
  return a.id !== b.id && feetBetween(a, b) <= ADJACENT_FEET;
}
