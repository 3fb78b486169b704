/**
 * An in-memory index of the grapple cards by actor uuid, so no lookup reads the chat log: each
 * message is filed under the uuids `keysOf` gives for its state now (null: not filed). Built once
 * from the log on first use, then kept by {@link MessageIndex.reindex} and
 * {@link MessageIndex.unindex} from the message hooks; {@link MessageIndex.reset} on `ready` (the log
 * is loaded before it without create hooks) makes the next use read it again. A lookup's caller
 * checks each card it gets against its state then (a stale entry is never an answer).
 */
export class MessageIndex {
  /** Uuid → message ids; null until first used (or after a reset). */
  #byUuid: Map<string, Set<string>> | null = null;
  /** Message id → the uuids it is filed under. */
  readonly #uuidsOf = new Map<string, readonly string[]>();

  constructor(private readonly keysOf: (message: ChatMessage) => readonly string[] | null) {}

  /** Files `message` (or takes it out) as its state is now; nothing until the index is first used. */
  reindex(message: ChatMessage): void {
    const byUuid = this.#byUuid;
    if (!byUuid) return; // built from the log on first use
    const id = message.id as string;
    this.unindex(id);
    const uuids = this.keysOf(message);
    if (!uuids) return;
    this.#uuidsOf.set(id, uuids);
    for (const uuid of uuids) {
      let ids = byUuid.get(uuid);
      if (!ids) byUuid.set(uuid, (ids = new Set()));
      ids.add(id);
    }
  }

  /** Takes the message `id` out (deleted). */
  unindex(id: string): void {
    for (const uuid of this.#uuidsOf.get(id) ?? []) {
      const ids = this.#byUuid?.get(uuid);
      ids?.delete(id);
      if (ids && !ids.size) this.#byUuid?.delete(uuid);
    }
    this.#uuidsOf.delete(id);
  }

  /** The ids of the messages filed under `uuid` (the first use reads the log). */
  idsOf(uuid: string): string[] {
    if (!this.#byUuid) {
      this.#byUuid = new Map();
      this.#uuidsOf.clear();
      // The one read of the whole log (once per session).
      for (const message of game.messages.contents) this.reindex(message);
    }
    return [...(this.#byUuid.get(uuid) ?? [])];
  }

  /** The next use reads the log again (on `ready`). */
  reset(): void {
    this.#byUuid = null;
  }
}
