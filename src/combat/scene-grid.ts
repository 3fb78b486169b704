/**
 * The viewed scene as the firearms cards measure it: the canvas (when there is one), its tokens, and
 * its grid — `grid.size` pixels per `grid.distance` feet (v13 `canvas.scene.grid`), else 100 px per
 * 5 ft, v13's default grid and `system.json`'s.
 */
const DEFAULT_GRID = { size: 100, distance: 5 } as const;

/** The canvas, when there is one. */
export function canvasOf(): FoundryCanvas | null {
  return (globalThis as { canvas?: FoundryCanvas }).canvas ?? null;
}

/** The tokens on the viewed scene (none without a canvas). */
export function sceneTokens(): Token[] {
  return [...(canvasOf()?.tokens?.placeables ?? [])];
}

/** A placed token's pixels, grid spaces and scene, beyond our declared TokenDocument. */
export interface PlacedToken {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  parent?: { grid?: { size?: number; distance?: number } } | null;
}

/** The grid of `doc`'s scene (else the viewed scene's, else the default). */
export function sceneGrid(doc: PlacedToken | null = null): { size: number; distance: number } {
  const grid = doc?.parent?.grid ?? canvasOf()?.scene?.grid;
  const size = Number(grid?.size);
  const distance = Number(grid?.distance);
  return {
    size: Number.isFinite(size) && size > 0 ? size : DEFAULT_GRID.size,
    distance: Number.isFinite(distance) && distance > 0 ? distance : DEFAULT_GRID.distance,
  };
}

/** The token's centre, in feet; `at` overrides its stored pixels (e.g. the new place of a move). */
export function tokenCentreFeet(
  doc: TokenDocument,
  at: { x?: number; y?: number } = {},
): { x: number; y: number } {
  const placed = doc as unknown as PlacedToken;
  const grid = sceneGrid(placed);
  const x = at.x ?? placed.x ?? 0;
  const y = at.y ?? placed.y ?? 0;
  const k = grid.distance / grid.size;
  return {
    x: (x + ((placed.width || 1) * grid.size) / 2) * k,
    y: (y + ((placed.height || 1) * grid.size) / 2) * k,
  };
}
