import { HarnessDataModel } from './data-model.js';

/** A setting typed by a DataModel (test/harness/README.md): its value is the model's source. */
const modelType = (config: SettingConfig): (new (source: Record<string, unknown>) => DataModel) | null =>
  typeof config.type === 'function' && config.type.prototype instanceof HarnessDataModel
    ? (config.type as new (source: Record<string, unknown>) => DataModel)
    : null;

/**
 * `game.settings`: registered settings with defaults; world settings only a GM may set; a `client`
 * setting (stored by each browser, e.g. core's `rollMode`) holds a value per client (user). A
 * setting typed by a DataModel hands back an instance built from the stored source (migrated,
 * cleaned, validated), and stores the source of what it is given (a bad value throws, unchanged).
 */
export class HarnessSettings implements ClientSettings {
  readonly registered = new Map<string, SettingConfig>();
  readonly #values = new Map<string, unknown>();
  readonly #clientValues = new Map<string, Map<string, unknown>>();

  /** Where `id`'s value lives: the world's map, or this client's own for a client setting. */
  #store(config: SettingConfig): Map<string, unknown> {
    if (config.scope !== 'client') return this.#values;
    const user = String(game.user?.id ?? '');
    let values = this.#clientValues.get(user);
    if (!values) this.#clientValues.set(user, (values = new Map()));
    return values;
  }

  readonly menus = new Map<string, SettingMenuConfig>();

  register(namespace: string, key: string, config: SettingConfig): void {
    this.registered.set(`${namespace}.${key}`, config);
  }

  /** A settings menu (its button opens `config.type`; the harness keeps the config to open it). */
  registerMenu(namespace: string, key: string, config: SettingMenuConfig): void {
    this.menus.set(`${namespace}.${key}`, config);
  }

  /**
   * The menus the system settings show `user`, by key: Foundry shows a `restricted` menu's button to
   * GMs only (a player has no way to open its window from the settings).
   */
  menusFor(user: User): Map<string, SettingMenuConfig> {
    return new Map([...this.menus].filter(([, config]) => !config.restricted || user.isGM));
  }

  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    const config = this.registered.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    const values = this.#store(config);
    const value = values.has(id) ? values.get(id) : structuredClone(config.default);
    const Model = modelType(config);
    return Model && value !== null && value !== undefined
      ? new Model(value as Record<string, unknown>)
      : value;
  }

  /**
   * Puts `value` in the store as the world's database holds it, with no check and no hook: a world's
   * stored value from before a change of the setting's shape (a test of its migration).
   */
  storeRaw(namespace: string, key: string, value: unknown): void {
    const config = this.registered.get(`${namespace}.${key}`);
    if (!config) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
    this.#store(config).set(`${namespace}.${key}`, structuredClone(value));
  }

  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const id = `${namespace}.${key}`;
    const config = this.registered.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    if (config.scope === 'world' && !game.user.isGM)
      throw new Error(`Only a GM may change the world setting "${id}"`);
    if (config.choices && !(String(value) in config.choices))
      throw new Error(`"${String(value)}" is not a choice of "${id}"`);
    const Model = modelType(config);
    if (Model && value !== null && value !== undefined)
      value = (value instanceof Model ? value : new Model(value as Record<string, unknown>)).toObject();
    const store = this.#store(config);
    // A world setting is a Setting document: its pre-hook runs on the writing client, and false
    // cancels the write, the value staying as it was (test/harness/README.md).
    if (config.scope === 'world') {
      const exists = store.has(id);
      const doc = { key: id, value: JSON.stringify(exists ? store.get(id) : config.default) };
      const change = { value: JSON.stringify(value) };
      const hook = exists ? 'preUpdateSetting' : 'preCreateSetting';
      if (Hooks.call(hook, doc, exists ? change : { key: id, ...change }, {}, game.user.id) === false)
        return this.get(namespace, key);
    }
    store.set(id, value);
    const current = this.get(namespace, key);
    config.onChange?.(current);
    return current;
  }

  /** Back to defaults (between tests). */
  reset(): void {
    this.#values.clear();
    this.#clientValues.clear();
  }

  /** What is stored (world, and each client's by user id), for a test that compares two worlds. */
  stored(): { world: Record<string, unknown>; client: Record<string, Record<string, unknown>> } {
    const plain = (values: Map<string, unknown>) => structuredClone(Object.fromEntries(values));
    const client = [...this.#clientValues].map(([user, values]) => [user, plain(values)] as const);
    return { world: plain(this.#values), client: Object.fromEntries(client) };
  }
}
