/**
 * Small text helpers of the stat-block parser: the clean-up of pasted text (no-break spaces, the
 * typographic minus signs) and the readers of signed numbers, dashes and lists that every field
 * shares. Pure; no i18n (the parser reports i18n keys only).
 */

/** The "no value" marks of a d20 block: an em dash, or hyphens where a typesetter lost it. */
export function isDash(text: string): boolean {
  return /^[—\-–]+$/.test(text.trim());
}

/**
 * One pasted line made regular: no-break and other odd spaces become spaces, a minus sign or en
 * dash becomes a hyphen (d20 books print "–2"; the data file writes "-2"), runs of spaces become one.
 * Tabs are kept: they separate the two columns of a copied table.
 */
export function cleanLine(line: string): string {
  return line
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u2212\u2013\u2012]/g, '-')
    .replace(/ {2,}/g, ' ')
    .replace(/ *\t */g, '\t')
    .trim();
}

/** Collapses whitespace (tabs included) in a value. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first signed integer of a text ("+12", "-1", "1,392"), or null. */
export function firstInt(text: string): number | null {
  const match = /([+-]?)\s?(\d{1,3}(?:,\d{3})+|\d+)/.exec(text);
  if (!match) return null;
  const value = Number((match[2] as string).replace(/,/g, ''));
  return match[1] === '-' ? -value : value;
}

/**
 * Splits at a separator outside parentheses and brackets: "Hide +5, Listen +2 (+4 in
 * forests), Spot +2" stays three items; "armor [+5 half plate], +2 Dex" two.
 */
export function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  // Slices, not a string grown a character at a time: a long paste made that a heap of garbage.
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(' || char === '[') depth += 1;
    if ((char === ')' || char === ']') && depth > 0) depth -= 1;
    if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  // An unclosed parenthesis ("Bite +13 melee (1d8+5; Full Atk …"): split as if there were none.
  if (depth > 0) return text.split(separator);
  return parts;
}

/** A text value where "—" means none (special attacks, skills, feats, attacks). */
export function textOrNull(text: string): string | null {
  const value = squash(text);
  return value === '' || isDash(value) ? null : value;
}

/** Title case of a type or subtype written in lower case ("magical beast" → "Magical Beast"). */
export function titleCase(text: string): string {
  return squash(text)
    .split(' ')
    .map((word, index) =>
      index > 0 && /^(or|and|of|the)$/i.test(word)
        ? word.toLowerCase()
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

/** The data file's id: the name in lower case, runs of other characters as one hyphen. */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
