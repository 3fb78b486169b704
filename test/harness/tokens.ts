/**
 * Tokens "on the scene". A token's bars are its actor's prototype token bars (`prototypeToken.bar1`,
 * `bar2` of the actor's source, as pack actors set them), which default to `system.json`'s
 * `primaryTokenAttribute` and `secondaryTokenAttribute`, as for a new token in Foundry.
 *
 * What a bar shows follows v13 (evidence in README.md): an attribute is a **bar** when the actor
 * type's `CONFIG.Actor.trackableAttributes` lists it under `bar` — its `value` and `max` are read from
 * the prepared `actor.system`, so a derived `max` counts — and a **value** when listed under `value`.
 * For a type with no `trackableAttributes`, only the data model's schema decides: a schema field
 * with `value` and `max` fields is a bar (a `max` added in preparation is not), a number field a
 * value. Anything else shows nothing.
 */
import { fields } from './fields.js';
import { getProperty, isPlainObject, randomId } from './utils.js';
import { broadcast, hookWork } from './documents.js';
import type { HarnessScene } from './templates-documents.js';

/** Pixels per grid space of a scene: v13's default scene grid size (a token's `x`/`y` are pixels). */
export const GRID_SIZE = 100;

/**
 * What `HarnessTokenDocument#update` changes: the position (pixels), size (grid spaces) and
 * disposition (`CONST.TOKEN_DISPOSITIONS`).
 */
export interface TokenPlacement {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  disposition?: number;
}

/** v13's token dispositions (`CONST.TOKEN_DISPOSITIONS`; evidence in README.md). */
export const TOKEN_DISPOSITIONS = { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } as const;

export interface TokenBars {
  bar1: { attribute: string | null };
  bar2: { attribute: string | null };
}

export class HarnessTokenDocument implements TokenDocument {
  readonly id: string = randomId();
  name: string;
  readonly bar1: { attribute: string | null };
  readonly bar2: { attribute: string | null };
  /** The top-left corner on the scene, in pixels (a multiple of {@link GRID_SIZE} on the grid). */
  x = 0;
  y = 0;
  /** The size in grid spaces: the prototype token's (default 1). */
  width: number;
  height: number;
  /** The token's image: the prototype token's texture, else the actor's image. */
  readonly texture: { src: string | null };
  /**
   * FRIENDLY 1, NEUTRAL 0, HOSTILE −1, SECRET −2: the prototype token's; NEUTRAL when it names none
   * (Foundry's own default for a new actor is not assumed here; the glue treats NEUTRAL as neither side).
   */
  disposition: number;
  /** The scene holding the token (its `parent`); null for a token placed nowhere. */
  parent: HarnessScene | null = null;
  /** The token stands for the world actor itself (a linked token). */
  readonly actorLink = true;

  constructor(
    readonly actor: Actor | null,
    bars: TokenBars,
  ) {
    this.name = actor?.name ?? '';
    const prototype = prototypeTokenOf(actor);
    this.bar1 = { ...bars.bar1, ...barOf(prototype?.bar1) };
    this.bar2 = { ...bars.bar2, ...barOf(prototype?.bar2) };
    this.width = positive(prototype?.width) ?? 1;
    this.height = positive(prototype?.height) ?? 1;
    const texture = isPlainObject(prototype?.texture) ? prototype.texture.src : undefined;
    this.texture = { src: typeof texture === 'string' && texture ? texture : (actor?.img ?? null) };
    const disposition = prototype?.disposition;
    this.disposition = Object.values(TOKEN_DISPOSITIONS).includes(disposition as -1)
      ? (disposition as number)
      : TOKEN_DISPOSITIONS.NEUTRAL;
  }

  /**
   * The token's centre in pixels (at `position`'s corner when given): the corner plus half its
   * spaces of its scene's grid size (v13 `TokenDocument#getCenterPoint`; README.md).
   */
  getCenterPoint(position: { x?: number; y?: number } = {}): { x: number; y: number } {
    const size = this.parent?.grid.size ?? GRID_SIZE;
    return {
      x: (position.x ?? this.x) + (this.width * size) / 2,
      y: (position.y ?? this.y) + (this.height * size) / 2,
    };
  }

  /** A token's permissions are its actor's (the GM may do anything). */
  testUserPermission(user: User, level: 'NONE' | 'LIMITED' | 'OBSERVER' | 'OWNER'): boolean {
    if (user.isGM) return true;
    return this.actor?.testUserPermission(user, level) ?? false;
  }

  get isOwner(): boolean {
    return this.testUserPermission(game.user, 'OWNER');
  }

  /**
   * Moves, resizes or changes the disposition of the token as Foundry's `TokenDocument#update({ x, y })` does: only its owners
   * and the GM may (anyone else is refused with an error); the cancellable `preUpdateToken` hook on
   * the changing client, then `updateToken(document, changes, options, userId)` on every client.
   * Resolves with the document, or undefined when nothing changed or a hook cancelled.
   */
  async update(changes: TokenPlacement, options: Record<string, unknown> = {}): Promise<this | undefined> {
    const user = game.user;
    if (!this.testUserPermission(user, 'OWNER')) {
      throw new Error(`User ${user.name} lacks permission to update Token ${this.name}`);
    }
    const diff: TokenPlacement = {};
    for (const key of ['x', 'y', 'width', 'height', 'disposition'] as const) {
      const value = changes[key];
      if (value === undefined || value === this[key]) continue;
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new Error(`Token ${key} must be a number`);
      diff[key] = value;
    }
    if (diff.disposition !== undefined && !Object.values(TOKEN_DISPOSITIONS).includes(diff.disposition as -1))
      throw new Error('Token disposition must be one of CONST.TOKEN_DISPOSITIONS');
    if (!Object.keys(diff).length) return undefined;
    const moved = diff.x !== undefined || diff.y !== undefined;
    const to = { x: diff.x ?? this.x, y: diff.y ?? this.y };
    return this.#apply(diff, options, moved ? [to] : []);
  }

  /**
   * Moves the token through `waypoints` (top-left corners in pixels), as v13's
   * `TokenDocument#move(waypoints)` does: one update to the last waypoint, whose `moveToken` hook
   * carries the whole path (`movement.origin`, `movement.passed.waypoints`). Owners and GMs only.
   */
  async move(waypoints: { x: number; y: number }[], options: Record<string, unknown> = {}): Promise<boolean> {
    const user = game.user;
    if (!this.testUserPermission(user, 'OWNER'))
      throw new Error(`User ${user.name} lacks permission to update Token ${this.name}`);
    const path = waypoints.map(({ x, y }) => {
      if (![x, y].every((n) => typeof n === 'number' && Number.isFinite(n)))
        throw new Error('Token waypoints need x and y numbers');
      return { x, y };
    });
    const last = path[path.length - 1];
    if (!last || (last.x === this.x && last.y === this.y && path.length === 1)) return false;
    return (await this.#apply({ x: last.x, y: last.y }, options, path)) !== undefined;
  }

  /**
   * The update: the cancellable `preUpdateToken` on the changing client, then on every client
   * `updateToken(document, changes, options, userId)` and, for a change of place, `moveToken(document,
   * movement, operation, userId)` with the move's path (v13 `TokenMovementData`: `origin`, `passed`,
   * `pending`, `destination`, `method`; README.md).
   */
  async #apply(
    diff: TokenPlacement,
    options: Record<string, unknown>,
    path: { x: number; y: number }[],
  ): Promise<this | undefined> {
    const user = game.user;
    if (Hooks.call('preUpdateToken', this, diff, options, user.id) === false) return undefined;
    const corner = (p: { x: number; y: number }) => ({ ...p, width: this.width, height: this.height });
    const origin = corner({ x: this.x, y: this.y });
    Object.assign(this, diff);
    broadcast('updateToken', this, diff, options, user.id);
    if (path.length) {
      const waypoints = path.map(corner);
      const movement = {
        origin,
        destination: waypoints[waypoints.length - 1],
        passed: { waypoints },
        pending: { waypoints: [] },
        method: options.method ?? 'api',
      };
      broadcast('moveToken', this, movement, options, user.id);
    }
    const work = hookWork();
    if (work) await work;
    return this;
  }

  /** The bar's attribute as a bar (`value`, `max`) or a value, by the tracked attributes; else null. */
  getBarAttribute(barName: 'bar1' | 'bar2'): TokenBarAttribute | null {
    const attribute = this[barName].attribute;
    if (!attribute || !this.actor) return null;
    const kind = trackedKind(this.actor.type, attribute);
    const data = getProperty(this.actor.system, attribute);
    if (kind === 'value' && typeof data === 'number') return { type: 'value', attribute, value: data };
    if (kind === 'bar' && isPlainObject(data)) {
      return { type: 'bar', attribute, value: Number(data.value) || 0, max: Number(data.max) || 0 };
    }
    return null;
  }
}

/** The actor's stored prototype token (`prototypeToken` of its source), if it has one. */
function prototypeTokenOf(actor: Actor | null): Record<string, unknown> | null {
  const source = (actor as unknown as { toObject?: () => Record<string, unknown> } | null)?.toObject?.();
  return isPlainObject(source?.prototypeToken) ? source.prototypeToken : null;
}

/** A positive number, else undefined. */
function positive(value: unknown): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** A prototype token bar's attribute, when the prototype sets one. */
function barOf(bar: unknown): { attribute: string | null } | Record<string, never> {
  if (!isPlainObject(bar) || !('attribute' in bar)) return {};
  return { attribute: typeof bar.attribute === 'string' ? bar.attribute : null };
}

/** Whether `attribute` is a bar or a value of the Actor type's tracked attributes (null: neither). */
function trackedKind(type: string, attribute: string): 'bar' | 'value' | null {
  const declared = CONFIG.Actor.trackableAttributes?.[type];
  if (declared) {
    if (declared.bar.includes(attribute)) return 'bar';
    return declared.value.includes(attribute) ? 'value' : null;
  }
  const Model = CONFIG.Actor.dataModels[type];
  if (!Model) return null;
  let field: DataField | undefined = new fields.SchemaField(Model.defineSchema());
  for (const part of attribute.split('.')) {
    field = field instanceof fields.SchemaField ? field.fields[part] : undefined;
  }
  if (field instanceof fields.NumberField) return 'value';
  if (field instanceof fields.SchemaField && 'value' in field.fields && 'max' in field.fields) return 'bar';
  return null;
}

export class HarnessToken implements Token {
  constructor(readonly document: HarnessTokenDocument) {}

  get id(): string {
    return this.document.id;
  }

  get actor(): Actor | null {
    return this.document.actor;
  }
}

/**
 * The token HUD of a token, as `renderTokenHUD` handlers receive it: `hud.object` is the token (dnd5e
 * `module/documents/active-effect.mjs` `onTokenHUDRender` reads `app.object.actor`). Nothing else:
 * no shortcut a real HUD may not have.
 */
export class HarnessTokenHUD implements TokenHUD {
  constructor(readonly object: Token) {}
}
