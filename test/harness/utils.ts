/** Small object utilities of the fake runtime (the `foundry.utils` slice we declare). */

/** Turns `{ 'a.b': 1 }` into `{ a: { b: 1 } }` (nested keys as Foundry's update diffs use them). */
export function expandObject(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    setProperty(
      out,
      key,
      value && typeof value === 'object' && !Array.isArray(value)
        ? expandObject(value as Record<string, unknown>)
        : value,
    );
  }
  return out;
}

/**
 * Deep-merges `other` into `target` (objects merge, arrays and primitives replace) and returns it.
 * As Foundry's updates do (v13; README.md "Replacing a whole object"): a key `-=k` deletes `k`, a key
 * `==k` replaces `k` whole (no merge, so keys the new value lacks go).
 */
export function mergeInto<T extends Record<string, unknown>>(target: T, other: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(other)) {
    if (key.startsWith('-=')) {
      delete (target as Record<string, unknown>)[key.slice(2)];
      continue;
    }
    if (key.startsWith('==')) {
      (target as Record<string, unknown>)[key.slice(2)] = structuredClone(value);
      continue;
    }
    const current = (target as Record<string, unknown>)[key];
    if (isPlainObject(value) && isPlainObject(current)) mergeInto(current, value);
    else (target as Record<string, unknown>)[key] = structuredClone(value);
  }
  return target;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function getProperty(object: object, key: string): unknown {
  let current: unknown = object;
  for (const part of key.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export function setProperty(object: object, key: string, value: unknown): boolean {
  const parts = key.split('.');
  let current = object as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(current[part])) current[part] = {};
    current = current[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1] as string;
  const changed = current[last] !== value;
  current[last] = value;
  return changed;
}

let idCounter = 0;
/** A 16-character document id, deterministic within a run (tests compare ids by value). */
export function randomId(): string {
  idCounter += 1;
  return `h${idCounter.toString(36).padStart(15, '0')}`;
}

export const utils = {
  mergeObject<T extends object>(original: T, other: object, options: { inplace?: boolean } = {}): T {
    const target = options.inplace === false ? structuredClone(original) : original;
    return mergeInto(target as Record<string, unknown>, expandObject(other as Record<string, unknown>)) as T;
  },
  deepClone<T>(value: T): T {
    return structuredClone(value);
  },
  getProperty,
  setProperty,
  /** Random alphanumeric characters (Foundry's `randomID`; 16 by default). */
  randomID(length = 16): string {
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const bytes = new Uint8Array(length);
    globalThis.crypto.getRandomValues(bytes);
    return [...bytes].map((b) => chars[b % chars.length]).join('');
  },
} satisfies Omit<FoundryNamespace['utils'], 'fromUuid' | 'fromUuidSync'>; // those two: uuid.ts
