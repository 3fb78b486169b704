/** `game.i18n` from our real lang/en.json; records every key asked for that does not exist. */
import { getProperty } from './utils.js';

export class HarnessLocalization implements Localization {
  lang = 'en';
  readonly translations: Record<string, unknown>;
  /** Keys that were localized but are missing from lang/en.json. */
  readonly missing = new Set<string>();

  /** `text`: the text of lang/en.json (or translations as an object, for another language `lang`). */
  constructor(text: string | Record<string, unknown>, lang = 'en') {
    this.translations =
      typeof text === 'string' ? (JSON.parse(text) as Record<string, unknown>) : structuredClone(text);
    this.lang = lang;
  }

  has(key: string): boolean {
    return typeof getProperty(this.translations, key) === 'string';
  }

  localize(key: string): string {
    const value = getProperty(this.translations, key);
    if (typeof value === 'string') return value;
    this.missing.add(key);
    return key;
  }

  format(key: string, data: Record<string, unknown>): string {
    return this.localize(key).replace(/\{(\w+)\}/g, (match, name: string) =>
      name in data ? String(data[name]) : match,
    );
  }
}
