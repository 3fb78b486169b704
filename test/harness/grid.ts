/**
 * A scene's grid (v13 `scene.grid`): `type` (`CONST.GRID_TYPES`), `size` pixels and `distance` feet
 * per space, a square grid's diagonal rule (`CONST.GRID_DIAGONALS`), and `measurePath(waypoints)`,
 * whose `distance` is the path's length in feet by the grid's own rule (evidence: README.md).
 *
 * - Square: each waypoint counts as the space holding it (the glue measures between space centres,
 *   where v13's point-to-point measure is the space-to-space one); a leg of `dx`, `dy` spaces costs by
 *   the diagonal rule, and the alternating rules count the diagonals along the whole path.
 * - Hexagonal (rows, pointy-top; the column kinds are measured the same way here): hexes `size`
 *   pixels wide, hex (q, r) in axial coordinates centred at `hexCentre`; a waypoint is the hex holding
 *   it and a leg costs its hex distance.
 * - Gridless: the straight line, `size` pixels per `distance` feet.
 */

/** `CONST.GRID_TYPES` (v13). */
export const GRID_TYPES = {
  GRIDLESS: 0,
  SQUARE: 1,
  HEXODDR: 2,
  HEXEVENR: 3,
  HEXODDQ: 4,
  HEXEVENQ: 5,
} as const;

/** `CONST.GRID_DIAGONALS` (v13): how a square grid counts a diagonal step. */
export const GRID_DIAGONALS = {
  EQUIDISTANT: 0,
  EXACT: 1,
  APPROXIMATE: 2,
  RECTILINEAR: 3,
  ALTERNATING_1: 4,
  ALTERNATING_2: 5,
  ILLEGAL: 6,
} as const;

export interface HarnessGridOptions {
  type?: number;
  size?: number;
  distance?: number;
  diagonals?: number;
}

const SQRT3 = Math.sqrt(3);

export class HarnessGrid implements SceneGrid {
  readonly type: number;
  readonly size: number;
  readonly distance: number;
  readonly units = 'ft';
  readonly diagonals: number;

  /** Defaults: `system.json`'s grid — square, 100 px per 5 ft, 1-2-1 diagonals (`diagonals: 4`). */
  constructor(options: HarnessGridOptions = {}) {
    this.type = options.type ?? GRID_TYPES.SQUARE;
    this.size = options.size ?? 100;
    this.distance = options.distance ?? 5;
    this.diagonals = options.diagonals ?? GRID_DIAGONALS.ALTERNATING_1;
  }

  get isHexagonal(): boolean {
    return this.type >= GRID_TYPES.HEXODDR;
  }

  /** The centre of hex (q, r) in pixels (axial coordinates; hex (0, 0) touches the scene's corner). */
  hexCentre(q: number, r: number): ScenePoint {
    const height = (this.size * 2) / SQRT3;
    return { x: this.size * (q + r / 2) + this.size / 2, y: r * ((SQRT3 / 2) * this.size) + height / 2 };
  }

  /** The hex holding a pixel point, in axial coordinates. */
  hexOf(p: ScenePoint): { q: number; r: number } {
    const height = (this.size * 2) / SQRT3;
    const r = (p.y - height / 2) / ((SQRT3 / 2) * this.size);
    const q = (p.x - this.size / 2) / this.size - r / 2;
    // Cube rounding: the nearest hex centre.
    let [x, z] = [Math.round(q), Math.round(r)];
    const y = Math.round(-q - r);
    const [dx, dy, dz] = [Math.abs(x - q), Math.abs(y + q + r), Math.abs(z - r)];
    if (dx > dy && dx > dz) x = -y - z;
    else if (dz >= dy) z = -x - y;
    return { q: x, r: z };
  }

  /** The centre of the space holding `p` (gridless: `p` itself). */
  getCenterPoint(p: ScenePoint): ScenePoint {
    if (this.type === GRID_TYPES.GRIDLESS) return { x: p.x, y: p.y };
    if (this.isHexagonal) {
      const { q, r } = this.hexOf(p);
      return this.hexCentre(q, r);
    }
    const centre = (v: number) => (Math.floor(v / this.size) + 0.5) * this.size;
    return { x: centre(p.x), y: centre(p.y) };
  }

  /** The path's length in feet, by this grid's rule. */
  measurePath(waypoints: ScenePoint[]): { distance: number } {
    let spaces = 0;
    let diagonalsSoFar = 0;
    for (let i = 1; i < waypoints.length; i += 1) {
      const a = waypoints[i - 1] as ScenePoint;
      const b = waypoints[i] as ScenePoint;
      if (this.type === GRID_TYPES.GRIDLESS) {
        spaces += Math.hypot(b.x - a.x, b.y - a.y) / this.size;
      } else if (this.isHexagonal) {
        const p = this.hexOf(a);
        const q = this.hexOf(b);
        const dq = q.q - p.q;
        const dr = q.r - p.r;
        spaces += (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
      } else {
        const dx = Math.abs(Math.floor(b.x / this.size) - Math.floor(a.x / this.size));
        const dy = Math.abs(Math.floor(b.y / this.size) - Math.floor(a.y / this.size));
        const d = Math.min(dx, dy);
        const s = Math.max(dx, dy) - d;
        spaces += s + this.#diagonalCost(d, diagonalsSoFar);
        diagonalsSoFar += d;
      }
    }
    return { distance: spaces * this.distance };
  }

  /** What `d` more diagonal steps cost, after `before` diagonals on the path, in spaces. */
  #diagonalCost(d: number, before: number): number {
    switch (this.diagonals) {
      case GRID_DIAGONALS.EXACT:
        return d * Math.SQRT2;
      case GRID_DIAGONALS.APPROXIMATE:
        return d * 1.5;
      case GRID_DIAGONALS.RECTILINEAR:
      case GRID_DIAGONALS.ILLEGAL:
        return d * 2;
      case GRID_DIAGONALS.ALTERNATING_1:
        return d + Math.floor((before + d) / 2) - Math.floor(before / 2);
      case GRID_DIAGONALS.ALTERNATING_2:
        return d + Math.ceil((before + d) / 2) - Math.ceil(before / 2);
      default:
        return d;
    }
  }
}
