/**
 * A stand-in for Token Action HUD Core (version 2), installed on demand (`installTokenActionHud`):
 * only what our integration uses, behaving as core's public code does (README.md, "Token Action
 * HUD"). Installing it makes `token-action-hud-core` an active module and fires
 * `tokenActionHudCoreApiReady` with `{ api: { ActionHandler, RollHandler, SystemManager } }`, as core
 * does on `ready`; a system answering `tokenActionHudSystemReady` with a compatible
 * `requiredCoreModuleVersion` gets its SystemManager made and `init()`ed (its defaults registered).
 * `build()` draws the HUD for the current client's one controlled token; `click()` clicks an action.
 */

const CORE_ID = 'token-action-hud-core';

/** An action as core stores it (`ActionHandler#createAction`: the fields our code sets). */
export interface HudActionStandIn {
  id: string;
  name: string;
  listName: string;
  img?: string;
  cssClass?: string;
  info1: { text?: string; title?: string };
  tooltip?: string;
  system: Record<string, unknown>;
  selected: boolean;
}

interface HudManager {
  actor: Actor | null;
  token: Token | null;
  isShift: boolean;
  isRightClick: boolean;
  groups: Map<string, HudActionStandIn[]>;
}

class ActionHandler {
  hudManager: HudManager | null = null;
  get actor(): Actor | null {
    return this.hudManager?.actor ?? null;
  }
  get token(): Token | null {
    return this.hudManager?.token ?? null;
  }
  async buildSystemActions(_groupIds: string[]): Promise<void> {}
  /** Core adds actions only to groups its group handler knows (the layout's); others are dropped. */
  addActions(actionsData: Record<string, unknown>[], groupData: { id?: string }): void {
    if (!actionsData.length || !groupData?.id) return;
    const group = this.hudManager?.groups.get(groupData.id);
    if (!group) return;
    for (const data of actionsData)
      group.push({
        id: data.id as string,
        name: (data.name ?? data.id ?? '') as string,
        listName: (data.listName || data.name || data.id || '') as string,
        ...(data.img ? { img: data.img as string } : {}),
        ...(data.cssClass ? { cssClass: data.cssClass as string } : {}),
        info1: (data.info1 ?? {}) as { text?: string; title?: string },
        ...(data.tooltip ? { tooltip: data.tooltip as string } : {}),
        system: (data.system ?? {}) as Record<string, unknown>,
        selected: true,
      });
  }
}

class RollHandler {
  hudManager: HudManager | null = null;
  action: HudActionStandIn | null = null;
  get actor(): Actor | null {
    return this.hudManager?.actor ?? null;
  }
  get token(): Token | null {
    return this.hudManager?.token ?? null;
  }
  get isShift(): boolean {
    return this.hudManager?.isShift ?? false;
  }
  get isRightClick(): boolean {
    return this.hudManager?.isRightClick ?? false;
  }
  handleActionClick(_event: Event, _buttonValue: string | null): unknown {
    return undefined;
  }
  /** As core: the action is remembered, then `handleActionClick` is called and not awaited. */
  handleActionClickCore(event: Event, action: HudActionStandIn): void {
    this.action = action;
    void this.handleActionClick(event, null);
  }
}

interface Defaults {
  layout: {
    id: string;
    nestId?: string;
    name: string;
    groups?: { id: string; nestId?: string; name: string }[];
  }[];
  groups: { id: string; name: string; listName?: string; type?: string }[];
}

class SystemManager {
  defaults: Defaults | null = null;
  constructor(readonly coreModuleId: string) {}
  getActionHandler(): ActionHandler | undefined {
    return undefined;
  }
  getRollHandler(_id: string): RollHandler | null {
    return null;
  }
  getAvailableRollHandlers(): Record<string, string> | undefined {
    return undefined;
  }
  async registerDefaults(): Promise<Defaults | undefined> {
    return undefined;
  }
  async init(): Promise<void> {
    this.defaults = (await this.registerDefaults()) ?? null;
  }
}

export interface TokenActionHudStandIn {
  /** The module object core handed over (`game.modules.get('token-action-hud-core')`). */
  readonly module: { id: string; active: boolean; version: string; api: Record<string, unknown> };
  /** The module objects systems answered with (`tokenActionHudSystemReady`), in order. */
  readonly systemModules: {
    id?: string;
    api?: { requiredCoreModuleVersion?: string; SystemManager?: unknown };
  }[];
  /** The SystemManager core made from a compatible answer (null: none yet, or refused). */
  systemManager: SystemManager | null;
  /** How many times something asked core to rebuild its HUD (`forceUpdateTokenActionHud`). */
  forcedUpdates: number;
  /** Resolves when every SystemManager core made so far is initialised. */
  settled(): Promise<void>;
  /**
   * Builds the HUD as the current client's core does: for its one controlled token's actor (several:
   * no actor; none: null). Resolves with the actions by group id (each group of the defaults).
   */
  build(): Promise<Map<string, HudActionStandIn[]> | null>;
  /** Clicks the action `id` of the last HUD built (as core: the click is not awaited). */
  click(id: string, options?: { shift?: boolean; rightClick?: boolean }): void;
}

function compatible(required: string | undefined, installed: string): boolean {
  if (!required) return true;
  const [major, minor, patch] = required.split('.');
  const [iMajor, iMinor, iPatch] = installed.split('.');
  return major === iMajor && (!minor || minor === iMinor) && (!patch || patch === iPatch);
}

/** Installs the stand-in (an active `token-action-hud-core` of `version`) and fires its API hook. */
export function installTokenActionHud(version = '2.1.0'): TokenActionHudStandIn {
  const module = { id: CORE_ID, active: true, version, api: { ActionHandler, RollHandler, SystemManager } };
  let last: HudManager | null = null;
  const pending: Promise<unknown>[] = [];
  const standIn: TokenActionHudStandIn = {
    module,
    systemModules: [],
    systemManager: null,
    forcedUpdates: 0,
    async settled() {
      await Promise.all(pending);
    },
    async build() {
      await standIn.settled();
      const manager = standIn.systemManager;
      const canvas = (globalThis as { canvas?: FoundryCanvas }).canvas;
      const controlled = canvas?.tokens?.controlled ?? [];
      if (!manager?.defaults || !controlled.length) return null;
      const token = controlled.length === 1 ? (controlled[0] as Token) : null;
      const groups = new Map(manager.defaults.groups.map((g) => [g.id, [] as HudActionStandIn[]]));
      last = { actor: token?.actor ?? null, token, isShift: false, isRightClick: false, groups };
      const handler = manager.getActionHandler() as ActionHandler;
      handler.hudManager = last;
      await handler.buildSystemActions([...groups.keys()]);
      return groups;
    },
    click(id, options = {}) {
      const manager = standIn.systemManager;
      if (!manager || !last) throw new Error('no HUD built');
      const action = [...last.groups.values()].flat().find((a) => a.id === id);
      if (!action) throw new Error(`the HUD has no action ${id}`);
      last.isShift = options.shift ?? false;
      last.isRightClick = options.rightClick ?? false;
      const handler = manager.getRollHandler('core') ?? new RollHandler();
      handler.hudManager = last;
      handler.handleActionClickCore(new Event('click'), action);
    },
  };
  Hooks.on('tokenActionHudSystemReady', (systemModule: TokenActionHudStandIn['systemModules'][number]) => {
    standIn.systemModules.push(systemModule);
    if (!compatible(systemModule.api?.requiredCoreModuleVersion, version)) return;
    const Manager = systemModule.api?.SystemManager as typeof SystemManager;
    const manager = new Manager(CORE_ID);
    pending.push(manager.init().then(() => (standIn.systemManager = manager)));
  });
  Hooks.on('forceUpdateTokenActionHud', () => (standIn.forcedUpdates += 1));
  game.modules.set(CORE_ID, module);
  Hooks.callAll('tokenActionHudCoreApiReady', module);
  return standIn;
}

/** Takes the module away again (a world without it); its hooks stay, as nothing fires them. */
export function removeTokenActionHud(): void {
  game.modules.delete(CORE_ID);
}
