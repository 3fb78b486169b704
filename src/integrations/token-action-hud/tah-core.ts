/**
 * The slice of Token Action HUD Core's API (version 2) our integration uses, as its public code shows
 * it (docs/host.md "Token Action HUD"): the module hands `{ api }` to `tokenActionHudCoreApiReady`;
 * `api.ActionHandler`, `api.RollHandler` and `api.SystemManager` are classes a system extends. They
 * exist only at runtime, inside that hook, so these are types, not imports.
 */

/** A HUD action as a system describes it (`ActionHandler#addActions`); `system` is ours, read back on click. */
export interface TahActionData {
  id: string;
  name: string;
  listName?: string;
  img?: string;
  /** `toggle` (and `toggle active` when on), as the systems mark their toggles. */
  cssClass?: string;
  /** A short text beside the name (a bonus, the rounds loaded). */
  info1?: { text: string; title?: string };
  tooltip?: string;
  system: object;
}

/** A group of the HUD (its id in the defaults' `groups`; `system`: filled by the system's actions). */
export interface TahGroupData {
  id: string;
  type?: 'system';
}

/** Core's ActionHandler: the selected token's actor (null with several selected), and where actions go. */
export interface TahActionHandler {
  readonly actor: Actor | null;
  readonly token: Token | null;
  addActions(actions: TahActionData[], group: TahGroupData): void;
  /** Called by core whenever the HUD is (re)built, with the ids of the groups it shows. */
  buildSystemActions(groupIds: string[]): Promise<void>;
}

/** Core's RollHandler: the clicked action and the click's context. */
export interface TahRollHandler {
  action: { id: string; system?: Record<string, unknown> } | null;
  readonly actor: Actor | null;
  readonly token: Token | null;
  readonly isRightClick: boolean;
  readonly isShift: boolean;
  /** Called by core with the clicked button's value once no extender took the click. */
  handleActionClick(event: Event, buttonValue: string | null): void | Promise<void>;
}

/** A HUD group of the defaults: its name as shown and as listed in the HUD's settings. */
export interface TahGroup {
  id: string;
  nestId?: string;
  name: string;
  listName?: string;
  type?: 'system';
  groups?: TahGroup[];
}

export interface TahDefaults {
  layout: TahGroup[];
  groups: TahGroup[];
}

/** Core's SystemManager: what a system overrides. */
export interface TahSystemManager {
  getActionHandler(): TahActionHandler;
  getAvailableRollHandlers(): Record<string, string>;
  getRollHandler(rollHandlerId: string): TahRollHandler;
  registerDefaults(): Promise<TahDefaults>;
}

/** The module object core passes to `tokenActionHudCoreApiReady`. */
export interface TahCoreModule {
  api: {
    ActionHandler: abstract new () => TahActionHandler;
    RollHandler: abstract new () => TahRollHandler;
    SystemManager: abstract new (coreModuleId: string) => TahSystemManager;
  };
}

/** The major version of core this integration is written for (`requiredCoreModuleVersion`). */
export const REQUIRED_CORE_MODULE_VERSION = '2';

/** Whether `core` has the classes we extend (another major version may not). */
export function isTahCore(core: unknown): core is TahCoreModule {
  const api = (core as { api?: Record<string, unknown> } | null)?.api;
  return (
    !!api &&
    typeof api.ActionHandler === 'function' &&
    typeof api.RollHandler === 'function' &&
    typeof api.SystemManager === 'function'
  );
}
