/**
 * Areas of fire on the battle map (GnG SPECIAL ATTACKS): the linear burst's and suppressing fire's
 * "aisle, 5-feet wide, out to your weapon's maximum range", the strafing burst's cone ("The length of
 * the cone equals your weapon's first range increment or 30 feet, whichever is larger. The maximum
 * width of the cone equals half its length"), and suppressing fire's "20-feet-by-20-feet square".
 *
 * Pure geometry in feet on the map's plane: an area is anchored at the shooter (the aisle and the
 * cone start at `origin` and point along `direction`, in degrees, 0 = +x, 90 = +y as on a screen
 * whose y grows downward), and a creature is in it when its centre is (decision: docs/rules.md
 * "Areas of fire"). Who is hit first is the nearest to the origin ("You strike the targets nearest
 * you first").
 */
import { assertFinite } from './validate.js';

/** A point on the map, in feet. */
export interface Point {
  x: number;
  y: number;
}

/** An aisle (a line of fire `width` feet wide) from `origin` along `direction` for `length` feet. */
export interface AisleArea {
  shape: 'aisle';
  origin: Point;
  direction: number;
  length: number;
  width: number;
}

/** A cone from `origin` along `direction`: `length` feet long, `width` feet wide at its far end. */
export interface ConeArea {
  shape: 'cone';
  origin: Point;
  direction: number;
  length: number;
  width: number;
}

/** A square `size` feet on a side whose top-left corner is `corner` (sides along the map's axes). */
export interface SquareArea {
  shape: 'square';
  corner: Point;
  size: number;
}

export type FireArea = AisleArea | ConeArea | SquareArea;

/** "an aisle, 5-feet wide" (linear burst, scattershot at five increments, suppressing fire). */
export const AISLE_WIDTH_FEET = 5;
/** Suppressing fire: "20-feet-by-20-feet square". */
export const SUPPRESSION_SQUARE_FEET = 20;

function point(name: string, p: Point): Point {
  if (typeof p !== 'object' || p === null) throw new RangeError(`${name} must be a point`);
  return { x: assertFinite(`${name}.x`, p.x), y: assertFinite(`${name}.y`, p.y) };
}

function positive(name: string, value: number): number {
  const v = assertFinite(name, value);
  if (v <= 0) throw new RangeError(`${name} must be > 0, got ${v}`);
  return v;
}

/** `p` in the frame of an area pointing along `direction` from `origin`: along (ahead) and across (aside). */
function local(origin: Point, direction: number, p: Point): { along: number; across: number } {
  const rad = (assertFinite('direction', direction) * Math.PI) / 180;
  const dx = p.x - origin.x;
  const dy = p.y - origin.y;
  return {
    along: dx * Math.cos(rad) + dy * Math.sin(rad),
    across: -dx * Math.sin(rad) + dy * Math.cos(rad),
  };
}

/** A small allowance so a centre exactly on an edge (grid arithmetic in floating point) counts as in. */
const EDGE = 1e-9;

/** Whether the point `p` lies in `area` (edges included). */
export function inArea(area: FireArea, p: Point): boolean {
  const at = point('point', p);
  switch (area.shape) {
    case 'square': {
      const c = point('corner', area.corner);
      const size = positive('size', area.size);
      return (
        at.x >= c.x - EDGE && at.x <= c.x + size + EDGE && at.y >= c.y - EDGE && at.y <= c.y + size + EDGE
      );
    }
    case 'aisle': {
      const { along, across } = local(point('origin', area.origin), area.direction, at);
      const length = positive('length', area.length);
      const half = positive('width', area.width) / 2;
      return along >= -EDGE && along <= length + EDGE && Math.abs(across) <= half + EDGE;
    }
    case 'cone': {
      const { along, across } = local(point('origin', area.origin), area.direction, at);
      const length = positive('length', area.length);
      const width = positive('width', area.width);
      // The cone widens evenly from nothing at the muzzle to `width` at `length`.
      return (
        along >= -EDGE && along <= length + EDGE && Math.abs(across) <= (along * width) / (2 * length) + EDGE
      );
    }
    default:
      throw new RangeError(`unknown area shape ${String((area as { shape?: unknown }).shape)}`);
  }
}

/** The cone's full opening angle in degrees for its length and end width (a strafing cone: 2·atan(¼) ≈ 28.07°). */
export function coneAngleDegrees(length: number, width: number): number {
  return (2 * Math.atan(positive('width', width) / 2 / positive('length', length)) * 180) / Math.PI;
}

/** Distance between two points, in feet. */
export function distanceFeet(a: Point, b: Point): number {
  const p = point('a', a);
  const q = point('b', b);
  return Math.hypot(q.x - p.x, q.y - p.y);
}

/**
 * The items whose `at` lies in `area`, nearest to `from` first ("You strike the targets nearest you
 * first"); equally near ones keep their order.
 */
export function inAreaNearestFirst<T>(
  area: FireArea,
  from: Point,
  items: readonly { item: T; at: Point }[],
): T[] {
  return items
    .map((entry, index) => ({ ...entry, index, distance: distanceFeet(from, entry.at) }))
    .filter((entry) => inArea(area, entry.at))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .map((entry) => entry.item);
}

/** Half-planes `a·u + b·v ≤ c` bounding an area, in its own frame (see {@link toFrame}). */
type HalfPlane = readonly [a: number, b: number, c: number];

/** `p` in the area's own frame: the square's from its corner (u = x, v = y); an aisle's or cone's (along, across). */
function toFrame(area: FireArea, p: Point): readonly [number, number] {
  if (area.shape === 'square') {
    const c = point('corner', area.corner);
    return [p.x - c.x, p.y - c.y];
  }
  const { along, across } = local(point('origin', area.origin), area.direction, p);
  return [along, across];
}

/** Every shape is convex: the half-planes whose intersection is the area (as {@link inArea} measures it). */
function halfPlanes(area: FireArea): HalfPlane[] {
  switch (area.shape) {
    case 'square': {
      const size = positive('size', area.size);
      return [
        [-1, 0, 0],
        [1, 0, size],
        [0, -1, 0],
        [0, 1, size],
      ];
    }
    case 'aisle': {
      const length = positive('length', area.length);
      const half = positive('width', area.width) / 2;
      return [
        [-1, 0, 0],
        [1, 0, length],
        [0, 1, half],
        [0, -1, half],
      ];
    }
    case 'cone': {
      const length = positive('length', area.length);
      const slope = positive('width', area.width) / (2 * length);
      return [
        [-1, 0, 0],
        [1, 0, length],
        [-slope, 1, 0],
        [-slope, -1, 0],
      ];
    }
    default:
      throw new RangeError(`unknown area shape ${String((area as { shape?: unknown }).shape)}`);
  }
}

/**
 * Whether a straight move from `from` to `to` passes through `area` at any point (edges included):
 * it starts, ends or crosses it. A move that starts and ends outside but runs through the area (a
 * token dragged across a square or over an aisle) enters it; `from` equal to `to` is {@link inArea}.
 * The segment is clipped against each bounding half-plane in turn (Liang–Barsky).
 */
export function segmentEntersArea(area: FireArea, from: Point, to: Point): boolean {
  const [u0, v0] = toFrame(area, point('from', from));
  const [u1, v1] = toFrame(area, point('to', to));
  const du = u1 - u0;
  const dv = v1 - v0;
  let enter = 0;
  let leave = 1;
  for (const [a, b, c] of halfPlanes(area)) {
    const room = c + EDGE - (a * u0 + b * v0);
    const rate = a * du + b * dv;
    if (rate === 0) {
      if (room < 0) return false;
      continue;
    }
    const t = room / rate;
    if (rate > 0) leave = Math.min(leave, t);
    else enter = Math.max(enter, t);
    if (enter > leave) return false;
  }
  return true;
}
