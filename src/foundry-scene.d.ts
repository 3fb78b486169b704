/**
 * Foundry v13 declarations: combats, tokens, templates, scenes, users and macros.
 * The rules for all of them are in `src/foundry.d.ts`'s header.
 */
declare global {
  interface Combatant {
    readonly id: string;
    readonly actor: Actor | null;
    /** The world actor's id (for an unlinked token, its base actor's). */
    readonly actorId: string | null;
    readonly initiative: number | null;
    /** v13: whether the combatant is marked defeated in the tracker (a source field). */
    readonly defeated?: boolean;
    /**
     * The unevaluated Roll `Combat#rollInitiative` evaluates for this combatant (v13 calls it; a
     * subclass, `CONFIG.Combatant.documentClass`, overrides it: evidence in docs/host.md).
     */
    getInitiativeRoll(formula?: string): Roll;
    /** The combat holding this combatant. */
    readonly parent: Combat | null;
    /**
     * The combatant's token and its scene (v13 Combatant `tokenId`, `sceneId`; `token` the
     * TokenDocument on that scene, whatever scene a client views), when it has one.
     */
    readonly tokenId?: string | null;
    readonly sceneId?: string | null;
    readonly token?: TokenDocument | null;
    flags: Record<string, Record<string, unknown>>;
    getFlag(scope: string, key: string): unknown;
    /** Writes `flags.<scope>.<key>` (an update: every client sees it; needs ownership, a GM has it). */
    setFlag(scope: string, key: string, value: unknown): Promise<this | undefined>;
    update(
      changes: Record<string, unknown>,
      options?: DocumentModificationOptions,
    ): Promise<this | undefined>;
  }
  /** What the turn events of a Combat receive (v13: `{ round, turn, skipped }`). */
  interface CombatTurnEventContext {
    round: number;
    turn: number | null;
    skipped: boolean;
  }
  interface Combat extends FoundryDocument {
    readonly round: number;
    readonly turn: number;
    readonly combatants: EmbeddedCollection<Combatant>;
    readonly combatant: Combatant | null;
    /** v13: the combatants in turn order (`combatant` is `turns[turn]`); absent in older fakes. */
    readonly turns?: Combatant[];
    /** Whether the combat has begun (round > 0). */
    readonly started: boolean;
    /** The scene the combat is linked to (null: unlinked, shown with any scene). */
    readonly scene?: Scene | null;
    /** Whether it is the active combat of its scene (a document field, the same on every client). */
    readonly active?: boolean;
    nextTurn(): Promise<this>;
    nextRound(): Promise<this>;
    /** Begins the combat: round 1, the first turn (its turn events run on the active GM). */
    startCombat(): Promise<this>;
    /** Makes this the active combat of the world (`game.combat`). */
    activate(): Promise<this>;
    /** Adds combatants (`{ actorId, tokenId?, initiative? }`), ordered by initiative, highest first. */
    createEmbeddedDocuments(type: 'Combatant', data: Record<string, unknown>[]): Promise<Combatant[]>;
    /** Updates combatants (`{ _id, initiative?, defeated? }`); the turn order follows initiative. */
    updateEmbeddedDocuments(
      type: 'Combatant',
      updates: Record<string, unknown>[],
      options?: DocumentModificationOptions,
    ): Promise<Combatant[]>;
    /**
     * Rolls initiative for the combatants `ids` (v13): each one's `getInitiativeRoll(formula)` is
     * evaluated and its total becomes the combatant's `initiative`; the tracker's buttons call it.
     */
    rollInitiative(
      ids: string | string[],
      options?: { formula?: string | null; updateTurn?: boolean; messageOptions?: Record<string, unknown> },
    ): Promise<this>;
    /**
     * Turn events (v13): called once, on the active GM's client only, after the round or turn
     * changed — a subclass (`CONFIG.Combat.documentClass`) overrides them; the base does nothing
     * the system relies on.
     */
    _onStartTurn(combatant: Combatant, context: CombatTurnEventContext): Promise<void>;
    _onStartRound(context: CombatTurnEventContext): Promise<void>;
    /** The order of two combatants in `turns` (v13, protected; a system overrides it). */
    _sortCombatants(a: Combatant, b: Combatant): number;
  }
  /**
   * The combat tracker sidebar (an ApplicationV2 in v13). On each render Foundry fires
   * `renderCombatTracker(app: CombatTrackerApp, html: HTMLElement, context, options)`; each
   * combatant's row in `html` is an `li.combatant[data-combatant-id]`.
   */
  interface CombatTrackerApp {
    /** The combat the tracker shows (may differ from `game.combat`), or null. */
    readonly viewed: Combat | null;
  }
  interface CombatantConstructor {
    new (data: Record<string, unknown>, options?: { parent?: FoundryDocument | null }): Combatant;
  }
  interface CombatConstructor {
    new (data: Record<string, unknown>, options?: { parent?: FoundryDocument | null }): Combat;
    create(data: Record<string, unknown>, options?: DocumentModificationOptions): Promise<Combat>;
  }

  /** A token bar's data: an object with `value` and `max` is a bar, a bare number a value. */
  type TokenBarAttribute =
    | { type: 'bar'; attribute: string; value: number; max: number }
    | { type: 'value'; attribute: string; value: number };
  interface TokenDocument {
    readonly id: string;
    readonly actor: Actor | null;
    name: string;
    /**
     * Reads the bar's attribute (the actor's prototype token's; by default `system.json`'s
     * `primaryTokenAttribute` for bar1) from `actor.system`, as a bar or a value as the actor type's
     * `CONFIG.Actor.trackableAttributes` (else its schema) says.
     */
    getBarAttribute(barName: 'bar1' | 'bar2'): TokenBarAttribute | null;
  }
  interface Token {
    readonly id: string;
    readonly actor: Actor | null;
    readonly document: TokenDocument;
  }
  /** A token's place on its scene: top-left corner in pixels, size in grid spaces (v13 TokenDocument). */
  interface TokenDocument {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
    /** `CONST.TOKEN_DISPOSITIONS`: FRIENDLY 1, NEUTRAL 0, HOSTILE −1, SECRET −2. */
    readonly disposition?: number;
    /** Whether the token's actor is the world actor (linked) or a synthetic actor of its own. */
    readonly actorLink?: boolean;
    /** The scene holding the token (v13: the document's parent), whatever scene a client views. */
    readonly parent?: Scene | null;
    /** The token's centre in pixels (at `position`, a top-left corner, when given), its grid's way. */
    getCenterPoint?(position?: Partial<ScenePoint>): ScenePoint;
  }
  /**
   * A measured template on a scene (v13 MeasuredTemplateDocument): `t` its shape, `x`/`y` its origin
   * in pixels, `direction` in degrees (0 = east, clockwise on screen), `distance` its length in the
   * scene's units, `width` a ray's width (scene units), `angle` a cone's opening (degrees).
   */
  interface MeasuredTemplateDocument {
    readonly id: string;
    readonly t: 'circle' | 'cone' | 'rect' | 'ray';
    readonly x: number;
    readonly y: number;
    readonly direction: number;
    readonly distance: number;
    readonly width: number;
    readonly angle: number;
    readonly flags: Record<string, Record<string, unknown> | undefined>;
  }
  /**
   * A token's move (v13 `TokenMovementData`, the `movement` of the `moveToken(document, movement,
   * operation, userId)` hook): `origin` where it started and `passed.waypoints` the places it went
   * through, in order, the last its destination; each the token's top-left corner in pixels.
   */
  interface TokenMovement {
    readonly origin?: ScenePoint;
    readonly passed?: { readonly waypoints?: readonly ScenePoint[] };
    readonly destination?: ScenePoint;
  }
  /** A point on a scene, in pixels (a measurement's waypoint). */
  interface ScenePoint {
    x: number;
    y: number;
  }
  /**
   * A scene's grid (v13 `scene.grid`, a BaseGrid): `size` pixels and `distance` units per space,
   * `type` (`CONST.GRID_TYPES`: 0 gridless, 1 square, 2–5 hexagonal), `diagonals` (a square grid's
   * rule, `CONST.GRID_DIAGONALS`: 0 equidistant, 1 exact, 2 approximate, 3 rectilinear,
   * 4 alternating 1-2-1, 5 alternating 2-1-2, 6 illegal), and `measurePath(waypoints)`, whose
   * `distance` is the path's length in units by the grid's own rule.
   */
  interface SceneGrid {
    readonly size: number;
    readonly distance: number;
    readonly units?: string;
    readonly type?: number;
    readonly diagonals?: number;
    measurePath?(waypoints: ScenePoint[]): { distance: number };
    /** The centre of the grid space holding `point` (a gridless grid: the point itself). */
    getCenterPoint?(point: ScenePoint): ScenePoint;
  }
  /** A scene: its grid, its token documents and its templates (any scene, viewed or not). */
  interface Scene {
    readonly id: string;
    readonly name?: string;
    /** Whether it is the world's active scene (the one players are shown; a document field). */
    readonly active?: boolean;
    readonly grid: SceneGrid;
    readonly tokens: EmbeddedCollection<TokenDocument>;
    readonly templates: EmbeddedCollection<MeasuredTemplateDocument>;
    createEmbeddedDocuments(
      type: 'MeasuredTemplate',
      data: Record<string, unknown>[],
    ): Promise<MeasuredTemplateDocument[]>;
    deleteEmbeddedDocuments(type: 'MeasuredTemplate', ids: string[]): Promise<MeasuredTemplateDocument[]>;
  }
  /** What the system reads of `canvas` (read as `globalThis.canvas`: it is absent without a scene). */
  interface FoundryCanvas {
    readonly ready: boolean;
    readonly scene: Scene | null;
    readonly tokens: { readonly controlled: Token[]; readonly placeables: Token[] } | null;
  }
  /**
   * The token HUD (an ApplicationV2 in v13). On each render Foundry fires
   * `renderTokenHUD(hud, html: HTMLElement, context, options)`; `html` holds the HUD's columns
   * (`.col.left`, `.col.middle`, `.col.right`) of `button.control-icon`s.
   */
  interface TokenHUD {
    /**
     * The token (placeable) the HUD is shown for; its actor is `object.actor` (dnd5e
     * `module/documents/active-effect.mjs` `onTokenHUDRender`: `app.object.actor`; docs/host.md).
     */
    readonly object: Token | null;
  }

  interface User extends FoundryDocument {
    readonly isGM: boolean;
    readonly active: boolean;
    readonly targets: Set<Token>;
    /** The user's assigned character (User Configuration), if any. */
    readonly character?: Actor | null;
    /** Sends a registered query (`CONFIG.queries[name]`) to this user and resolves with its answer. */
    query(name: string, data: Record<string, unknown>, options?: { timeout?: number }): Promise<unknown>;
    /** Puts `macro` in hotbar slot `slot` (1–50) of this user; `null` empties the slot. */
    assignHotbarMacro(macro: Macro | null, slot: number | string): Promise<this>;
  }

  /** A Macro document: a `script` macro runs its `command` as JavaScript when executed. */
  interface Macro extends FoundryDocument {
    type: 'script' | 'chat';
    command: string;
  }
  interface MacroConstructor {
    create(data: Record<string, unknown>, options?: DocumentModificationOptions): Promise<Macro | undefined>;
    readonly documentName: 'Macro';
  }
  var Macro: MacroConstructor;
}

export {};
