/**
 * The layering docs/architecture.md "Layers" promises (issue #34), checked on src/: no card folder
 * reaches into another's internals (only its doors, or an edge the doc names), what cards share
 * opens no card, src/combat imports no card, application or model wiring, src/documents no
 * application and no card. Each rule is first shown to fail on a break of its kind.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../harness/index.js';
import { CARD_DOOR, layeringBreaks, NAMED_CARD_EDGES } from './architecture-layers.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const breaksOf = (files: Record<string, string>) => layeringBreaks(new Map(Object.entries(files))).breaks;

describe('the layering check fails on each kind of break', () => {
  it("a card importing another card's internals (its steps), not its doors", () => {
    expect(
      breaksOf({ 'src/cards/heal/heal-steps.ts': "import { x } from '../rest/rest-apply.js';" }),
    ).toEqual(['card internals: src/cards/heal/heal-steps.ts → src/cards/rest/rest-apply.ts']);
    // A dynamic import and a type import count too.
    expect(breaksOf({ 'src/cards/a/a.ts': "const m = () => import('../b/b-actions.js');" })).toHaveLength(1);
    expect(breaksOf({ 'src/cards/a/a.ts': "import type { T } from '../b/b-render.js';" })).toHaveLength(1);
    // Doors, the kernel and shared pieces are allowed.
    expect(
      breaksOf({
        'src/cards/a/a.ts': [
          "import { s } from '../b/b-state.js';",
          "import { r } from '../b/b-register.js';",
          "import { k } from '../kernel/index.js';",
          "import { w } from '../shared/wound-trauma.js';",
        ].join('\n'),
      }),
    ).toEqual([]);
  });

  it('shared code opening a card, combat importing a card or an application, documents importing either', () => {
    expect(breaksOf({ 'src/cards/shared/x.ts': "import { y } from '../attack/attack-steps.js';" })).toEqual([
      'shared above a card: src/cards/shared/x.ts → src/cards/attack/attack-steps.ts',
    ]);
    expect(
      breaksOf({ 'src/combat/x.ts': "import { y } from '../cards/bleeding/bleeding-register.js';" }),
    ).toEqual(['combat imports a card: src/combat/x.ts → src/cards/bleeding/bleeding-register.ts']);
    expect(
      breaksOf({ 'src/combat/x.ts': "import { y } from '../applications/sheets/tc-sheet.js';" }),
    ).toHaveLength(1);
    expect(breaksOf({ 'src/combat/x.ts': "import { y } from '../cards/kernel/index.js';" })).toEqual([]);
    expect(
      breaksOf({ 'src/documents/actor.ts': "import { a } from '../cards/attack/attack-options.js';" }),
    ).toEqual(['documents above: src/documents/actor.ts → src/cards/attack/attack-options.ts']);
    expect(
      breaksOf({
        'src/documents/actor.ts': "const d = onDemand(() => import('../applications/attack-dialog.js'));",
      }),
    ).toHaveLength(1);
  });
});

describe('src/ keeps the layering docs/architecture.md states', () => {
  const src = join(ROOT, 'src');
  const sources = new Map(
    filesUnder(src)
      .filter((file) => !file.endsWith('.d.ts'))
      .map((file) => [relative(ROOT, file).split('\\').join('/'), readFileSync(file, 'utf8')] as const),
  );
  const { breaks, used } = layeringBreaks(sources);

  it('has no break', () => {
    expect(sources.size).toBeGreaterThan(300);
    expect(breaks).toEqual([]);
  });

  it('names only edges that are used, each with its reason in docs/architecture.md', () => {
    expect(Object.keys(NAMED_CARD_EDGES).filter((edge) => !used.has(edge))).toEqual([]);
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const missing = Object.keys(NAMED_CARD_EDGES).filter((edge) => {
      const [from, file] = edge.split(' → ') as [string, string];
      return !doc.includes(`${from} → \`${file.replace(/^src\/cards\//, '')}\``);
    });
    expect(missing).toEqual([]);
    expect(CARD_DOOR.test('src/cards/attack/attack-state.ts')).toBe(true);
  });
});
