/**
 * `text` with every character above U+007F written as a `\uXXXX` escape (each UTF-16 code unit, so a
 * character beyond U+FFFF becomes its surrogate pair). The same text wherever those characters stand
 * inside string literals: in JSON, and in JavaScript whose non-ASCII characters are all in strings.
 * Chromium decodes an ASCII text as one byte a character and V8 scans and parses it as such; one
 * other character makes the whole text two bytes a character (docs/performance.md).
 */
export function asciiOnly(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
