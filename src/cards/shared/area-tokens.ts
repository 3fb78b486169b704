/**
 * The burst's area on the shooter's scene (its token's `parent`, whatever scene the GM views): token
 * centres in feet (the scene's grid: `grid.size` pixels per `grid.distance` feet; without a scene,
 * 100 px per 5 ft as v13's default grid and `system.json`), the aisle or cone anchored at the
 * shooter's token (engine `fire-areas.ts`), who is in it nearest first, each one's distance by the
 * scene's grid (`scene-grid.ts`), and the measured template that shows it, on that scene (created
 * and deleted by the GM).
 */
import { feetBetween, sceneGrid, tokenCentreFeet } from '../../combat/scene-grid.js';
import { sceneById, tokensOn } from '../../combat/scene-lookup.js';
import { SYSTEM_ID } from '../../config/document-types.js';
import {
  AISLE_WIDTH_FEET,
  coneAngleDegrees,
  inAreaNearestFirst,
  strafingConeFeet,
  type FireArea,
  type MultipleTargetBurstKind,
  type Point,
} from '../../rules/index.js';

/** Projectile weapons reach ten range increments (core rules "Range Penalty"; engine `rangePenalty`). */
export const BURST_MAX_RANGE_INCREMENTS = 10;

/** Pixels per foot of `scene`. */
export function pixelsPerFoot(scene: Scene | null): number {
  const grid = sceneGrid(scene);
  return grid.size / grid.distance;
}

/** A token's centre on its scene, in feet. */
export function centreFeet(token: TokenDocument): Point {
  return tokenCentreFeet(token);
}

/** The burst's area: an aisle 5 ft wide to ten increments, or the strafing cone. */
export function burstArea(
  kind: MultipleTargetBurstKind,
  origin: Point,
  direction: number,
  rangeIncrementFeet: number,
): FireArea {
  if (kind === 'linear')
    return {
      shape: 'aisle',
      origin,
      direction,
      length: rangeIncrementFeet * BURST_MAX_RANGE_INCREMENTS,
      width: AISLE_WIDTH_FEET,
    };
  const cone = strafingConeFeet(rangeIncrementFeet);
  return { shape: 'cone', origin, direction, length: cone.length, width: cone.maxWidth };
}

/**
 * The tokens whose centre is in `area`, nearest first, never the shooter: not its token, nor another
 * token of the same actor (a linked actor's second token is the shooter too; an unlinked token is its
 * own actor, with its own uuid).
 */
export function tokensInArea(area: FireArea, origin: Point, shooter: TokenDocument): TokenDocument[] {
  const shooterUuid = shooter.actor?.uuid;
  const items = tokensOn(shooter.parent)
    .filter((token) => token.id !== shooter.id && token.actor && token.actor.uuid !== shooterUuid)
    .map((token) => ({ item: token, at: centreFeet(token) }));
  return inAreaNearestFirst(area, origin, items);
}

/** Feet from the shooter's token to a token, by the scene's grid (nearest spaces). */
export function feetTo(shooter: TokenDocument, token: TokenDocument): number {
  return feetBetween(shooter, token);
}

/** The template data of the area (Foundry MeasuredTemplate: pixels for x/y, feet for lengths). */
export function templateData(
  area: FireArea,
  messageFlag: Record<string, unknown>,
  scene: Scene | null = null,
): Record<string, unknown> {
  if (area.shape === 'square') throw new RangeError('a burst has no square area');
  const perFoot = pixelsPerFoot(scene);
  const base = {
    x: area.origin.x * perFoot,
    y: area.origin.y * perFoot,
    direction: area.direction,
    distance: area.length,
    flags: { [SYSTEM_ID]: { burst: messageFlag } },
  };
  return area.shape === 'aisle'
    ? { ...base, t: 'ray', width: area.width }
    : { ...base, t: 'cone', angle: coneAngleDegrees(area.length, area.width) };
}

/** GM: draws the area on the shooter's scene; its id, or null without a scene. */
export async function createTemplate(
  area: FireArea,
  flag: Record<string, unknown>,
  scene: Scene | null,
): Promise<{ sceneId: string; id: string } | null> {
  if (!scene) return null;
  const [template] = await scene.createEmbeddedDocuments('MeasuredTemplate', [
    templateData(area, flag, scene),
  ]);
  return template ? { sceneId: scene.id, id: template.id } : null;
}

/** GM: deletes the area's template, on its own scene (a note key when it is gone). */
export async function deleteTemplate(ref: { sceneId: string; id: string } | null): Promise<string[]> {
  if (!ref) return [];
  const scene = sceneById(ref.sceneId);
  if (!scene || !scene.templates.get(ref.id)) return ['GNG.Burst.Undo.TemplateGone'];
  await scene.deleteEmbeddedDocuments('MeasuredTemplate', [ref.id]);
  return [];
}
