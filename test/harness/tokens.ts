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

export interface TokenBars {
  bar1: { attribute: string | null };
  bar2: { attribute: string | null };
}

export class HarnessTokenDocument implements TokenDocument {
  readonly id: string = randomId();
  name: string;
  readonly bar1: { attribute: string | null };
  readonly bar2: { attribute: string | null };

  constructor(
    readonly actor: Actor | null,
    bars: TokenBars,
  ) {
    this.name = actor?.name ?? '';
    const prototype = prototypeTokenOf(actor);
    this.bar1 = { ...bars.bar1, ...barOf(prototype?.bar1) };
    this.bar2 = { ...bars.bar2, ...barOf(prototype?.bar2) };
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

/** The token HUD of a token (`hud.document`, `hud.actor`), as `renderTokenHUD` handlers receive it. */
export class HarnessTokenHUD implements TokenHUD {
  constructor(readonly token: Token) {}

  get document(): TokenDocument {
    return this.token.document;
  }

  get actor(): Actor | null {
    return this.token.actor;
  }
}
