/**
 * `syncChildren` (playground/dom.ts), with which the playground's table draws its sides and panels
 * again: the children end exactly as asked, in order, and a child kept from the last drawing is
 * neither removed nor moved while it is already in its place (playground-pickers.test.ts shows the
 * table's pickers keep the focus through a drawing).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { syncChildren } from '../../playground/dom.js';

const h = await getHarness();

/** A parent with children named `names`, and what a MutationObserver sees removed under it. */
function parentOf(...names: string[]) {
  const doc = h.window.document as unknown as Document;
  const make = (name: string) => {
    const child = doc.createElement('p');
    child.dataset.name = name;
    return child;
  };
  const parent = doc.createElement('div');
  const byName = new Map(names.map((name) => [name, make(name)]));
  parent.append(...byName.values());
  const order = () => [...parent.children].map((child) => (child as HTMLElement).dataset.name);
  const removed: string[] = [];
  const observer = new h.window.MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes)
        removed.push((node as unknown as HTMLElement).dataset.name ?? '');
  });
  observer.observe(parent as never, { childList: true });
  const changes = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return removed.splice(0);
  };
  return { parent, byName, make, names: order, changes };
}

describe('syncChildren', () => {
  it('replaces the children around the kept ones without removing those', async () => {
    const { parent, byName, make, names, changes } = parentOf('title', 'picker', 'hp');
    syncChildren(parent, [
      make('new title'),
      byName.get('picker') as HTMLElement,
      make('new hp'),
      make('hud'),
    ]);
    expect(names()).toEqual(['new title', 'picker', 'new hp', 'hud']);
    expect((await changes()).sort()).toEqual(['hp', 'title']);
  });

  it('keeps children already in order, moves one out of place, removes those not asked for', async () => {
    const { parent, byName, names, changes } = parentOf('a', 'b', 'c', 'd');
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => byName.get(name) as HTMLElement) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    syncChildren(parent, [a, b, c, d]);
    expect(names()).toEqual(['a', 'b', 'c', 'd']);
    expect(await changes()).toEqual([]);
    syncChildren(parent, [a, c, b]);
    expect(names()).toEqual(['a', 'c', 'b']);
    // d removed; one of b and c moved (removed and inserted again), the other kept.
    expect(await changes()).toHaveLength(2);
    syncChildren(parent, []);
    expect(names()).toEqual([]);
  });
});
