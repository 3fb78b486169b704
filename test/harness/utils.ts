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
      (target as Record<string, unknown>)[key.slice(2)] = cloneData(value);
      continue;
    }
    const current = (target as Record<string, unknown>)[key];
    if (isPlainObject(value) && isPlainObject(current)) mergeInto(current, value);
    else (target as Record<string, unknown>)[key] = cloneData(value);
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
    const target = options.inplace === false ? cloneData(original) : original;
    return mergeInto(target as Record<string, unknown>, expandObject(other as Record<string, unknown>)) as T;
  },
  deepClone<T>(value: T): T {
    return cloneData(value);
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

/** Deeper than any document's data: a structure this deep is cloned by structuredClone (cycles). */
const CLONE_DEPTH = 100;
const TOO_DEEP = Symbol('too deep');

function clonePlain(value: unknown, depth: number): unknown {
  if (
    value === null ||
    (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol')
  )
    return value;
  if (depth > CLONE_DEPTH) throw TOO_DEEP;
  if (Array.isArray(value)) {
    // Holes and extra keys, rare in data, are left to structuredClone.
    if (Object.keys(value).length !== value.length) return structuredClone(value);
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = clonePlain(value[i], depth + 1);
    return out;
  }
  const proto = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  // Dates, Maps, class instances, functions (which throw), …: structuredClone's own answer.
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const copy = clonePlain((value as Record<string, unknown>)[key], depth + 1);
    // An own `__proto__` key stays a key, as structuredClone keeps it.
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[key] = copy;
  }
  return out;
}

/**
 * `structuredClone` for document data, about four times faster on the plain objects and arrays that
 * sources are (the harness clones sources on every initialize and update): plain objects and arrays
 * are copied key by key (own enumerable string keys, as structuredClone copies them); anything else,
 * and any structure deeper than documents go (a cycle), is structuredClone's.
 */
export function cloneData<T>(value: T): T {
  try {
    return clonePlain(value, 0) as T;
  } catch (error) {
    if (error === TOO_DEEP) return structuredClone(value);
    throw error;
  }
}
