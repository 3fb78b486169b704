/** Hooks, as `HooksApi` declares them: `call` stops at the first handler returning false. */
import { asClient } from './clients.js';

interface Registration {
  id: number;
  fn: HookCallback;
  once: boolean;
}

export class HarnessHooks implements HooksApi {
  #next = 1;
  #hooks = new Map<string, Registration[]>();
  /** Every hook fired, in order (name only), for tests that check the pre/post sequence. */
  readonly fired: string[] = [];

  on(hook: string, fn: HookCallback): number {
    return this.#add(hook, fn, false);
  }

  once(hook: string, fn: HookCallback): number {
    return this.#add(hook, fn, true);
  }

  off(hook: string, fnOrId: HookCallback | number): void {
    const list = this.#hooks.get(hook) ?? [];
    this.#hooks.set(
      hook,
      list.filter((r) => (typeof fnOrId === 'number' ? r.id !== fnOrId : r.fn !== fnOrId)),
    );
  }

  call(hook: string, ...args: unknown[]): boolean {
    this.fired.push(hook);
    for (const registration of this.#take(hook)) {
      if (registration.fn(...args) === false) return false;
    }
    return true;
  }

  callAll(hook: string, ...args: unknown[]): true {
    this.fired.push(hook);
    for (const registration of this.#take(hook)) registration.fn(...args);
    return true;
  }

  /**
   * A document's post-change hook as Foundry fires it: on every connected client (each handler runs
   * once per client, as that client's user), recorded once in {@link fired}.
   */
  callAllOnClients(hook: string, users: readonly User[], ...args: unknown[]): true {
    this.fired.push(hook);
    for (const user of users) {
      asClient(user, () => {
        for (const registration of this.#take(hook)) registration.fn(...args);
      });
    }
    return true;
  }

  #add(hook: string, fn: HookCallback, once: boolean): number {
    const id = this.#next++;
    const list = this.#hooks.get(hook) ?? [];
    list.push({ id, fn, once });
    this.#hooks.set(hook, list);
    return id;
  }

  /** The handlers to run now; `once` handlers are removed before they run. */
  #take(hook: string): Registration[] {
    const list = this.#hooks.get(hook) ?? [];
    const remaining = list.filter((r) => !r.once);
    if (remaining.length !== list.length) this.#hooks.set(hook, remaining);
    return [...list];
  }
}
