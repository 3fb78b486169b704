/**
 * Tokens "on the scene". A token's bars read its actor's `system` at the bar's attribute path; bar1
 * defaults to `system.json`'s `primaryTokenAttribute` and bar2 to `secondaryTokenAttribute`, as for a
 * new token in Foundry.
 */
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
    this.bar1 = { ...bars.bar1 };
    this.bar2 = { ...bars.bar2 };
  }

  /** `{ value, max }` objects are bars, numbers are values; anything else (or no attribute) is null. */
  getBarAttribute(barName: 'bar1' | 'bar2'): TokenBarAttribute | null {
    const attribute = this[barName].attribute;
    if (!attribute || !this.actor) return null;
    const data = getProperty(this.actor.system, attribute);
    if (typeof data === 'number') return { type: 'value', attribute, value: data };
    if (isPlainObject(data) && 'value' in data && 'max' in data) {
      return { type: 'bar', attribute, value: Number(data.value) || 0, max: Number(data.max) || 0 };
    }
    return null;
  }
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
