/**
 * The layering docs/architecture.md "Layers" states, as a check over source files (path → text):
 * what each import may reach. Pure, so that the test can show it fails on each kind of break.
 */
import { dirname, join, normalize } from 'node:path';

/**
 * A card folder reaches another card's folder only through that card's doors: its start-code
 * registration (`-register.ts`), its state's types and reader (`-state.ts`), and how another card
 * opens it (`-start.ts` on the GM's side, `-ask.ts` on the asking client).
 */
export const CARD_DOOR = /-(register|state|start|ask)\.ts$/;

/**
 * The edges docs/architecture.md names besides the doors: "importer folder → file", each with why.
 * An entry no import uses any more fails the test (remove it, and its line in the doc).
 */
export const NAMED_CARD_EDGES: Readonly<Record<string, string>> = {
  'burst → src/cards/attack/item-properties-damage.ts': "a burst's hits are attack hits (their damage)",
  'burst → src/cards/attack/shot-damage.ts': "a burst's shot through a target is an attack's",
  'suppress → src/cards/attack/item-properties-damage.ts': "a suppressing fire's free shot is an attack hit",
  'feat-offer → src/cards/attack/attack-save.ts': 'an offer marks the attack card it answers',
  'opponent-feats → src/cards/attack/attack-actions.ts':
    'Hail of Bullets starts its attack through the attack card',
};

/** Every relative import of a file (static, re-export, dynamic; type imports too), resolved to a src path. */
export function importsOf(file: string, text: string): string[] {
  const specs = [
    ...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms),
    ...text.matchAll(/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g),
  ].map((m) => m[1] as string);
  return specs.map((spec) => normalize(join(dirname(file), spec.replace(/\.js$/, '.ts'))));
}

const cardFolder = (path: string): string | null => /^src\/cards\/([^/]+)\//.exec(path)?.[1] ?? null;
const under = (path: string, dir: string) => path.startsWith(`${dir}/`);

/** The breaks of the layering in `sources` (src-relative paths such as `src/cards/x/y.ts`), and the named edges used. */
export function layeringBreaks(sources: ReadonlyMap<string, string>): {
  breaks: string[];
  used: Set<string>;
} {
  const breaks: string[] = [];
  const used = new Set<string>();
  for (const [file, text] of sources) {
    for (const target of importsOf(file, text)) {
      const edge = `${file} → ${target}`;
      const from = cardFolder(file);
      const to = cardFolder(target);
      // Cards: another card's folder only through its doors or a named edge (kernel and shared are everyone's).
      if (
        from &&
        from !== 'shared' &&
        to &&
        from !== to &&
        to !== 'kernel' &&
        to !== 'shared' &&
        !CARD_DOOR.test(target)
      ) {
        const named = `${from} → ${target}`;
        if (named in NAMED_CARD_EDGES) used.add(named);
        else breaks.push(`card internals: ${edge}`);
      }
      // What cards share is below them: it opens no card but through its doors.
      if (from === 'shared' && to && to !== 'kernel' && to !== 'shared' && !CARD_DOOR.test(target))
        breaks.push(`shared above a card: ${edge}`);
      // The combat glue is below the cards, the applications and the models' wiring.
      if (under(file, 'src/combat') && (under(target, 'src/applications') || under(target, 'src/models')))
        breaks.push(`combat above: ${edge}`);
      if (under(file, 'src/combat') && to && to !== 'kernel') breaks.push(`combat imports a card: ${edge}`);
      // Documents import neither applications nor cards (the kernel's tools are not a card).
      if (under(file, 'src/documents') && (under(target, 'src/applications') || (to && to !== 'kernel')))
        breaks.push(`documents above: ${edge}`);
    }
  }
  return { breaks, used };
}
