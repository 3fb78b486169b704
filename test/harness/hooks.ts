/** Hooks, as `HooksApi` declares them: `call` stops at the first handler returning false. */
import { asClient, clients } from './clients.js';

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
    if (clients.context.serial) {
      this.#inTurn(hook, users, args);
      return true;
    }
    for (const user of users) {
      asClient(user, () => {
        for (const registration of this.#take(hook)) registration.fn(...args);
      });
    }
    return true;
  }

  /** The browser's hook work still running (null: none, and always none in Node). */
  pending(): Promise<void> | null {
    return this.#pending;
  }

  #pending: Promise<void> | null = null;

  /**
   * The browser's clients (one tab plays them all, `clients.ts`): each handler runs as its client,
   * at once; one that returns a promise (a GM's automation) keeps its client until the promise
   * settles, and the handlers after it — and the hooks of later changes — wait their turn. In Node
   * every client's async work keeps its own client, so nothing waits there.
   */
  #inTurn(hook: string, users: readonly User[], args: unknown[]): void {
    const run = () => this.#runFrom(this.#steps(hook, users), args);
    const work = this.#pending ? this.#pending.then(() => run() ?? undefined) : run();
    if (!work) return;
    const tracked: Promise<void> = work.finally(() => {
      if (this.#pending === tracked) this.#pending = null;
    });
    this.#pending = tracked;
  }

  *#steps(hook: string, users: readonly User[]): Generator<[User, Registration]> {
    for (const user of users) for (const registration of this.#take(hook)) yield [user, registration];
  }

  #runFrom(steps: Generator<[User, Registration]>, args: unknown[]): Promise<void> | null {
    for (let step = steps.next(); !step.done; step = steps.next()) {
      const [user, registration] = step.value;
      const out = asClient(user, () => registration.fn(...args));
      if (out instanceof Promise)
        return out
          .catch((error: unknown) => console.error(error))
          .then(() => this.#runFrom(steps, args) ?? undefined);
    }
    return null;
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
