/**
 * The playground's actor pickers (playground/packs.ts): the sorted list of pack actors is made once
 * per language (the table asks for it at every draw, for each side and combatant), and the options
 * group it by pack or folder with the chosen actor selected. (The table keeps each combatant's
 * picker between draws: playground-pickers.test.ts and playground-tc.test.ts pick through it.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { packActorOptions, packActors, type PlaygroundPack } from '../../playground/packs.js';

const h = await getHarness();
beforeEach(() => h.reset(5));

const packs: PlaygroundPack[] = [
  {
    name: 'bestiary',
    type: 'Actor',
    label: 'Bestiary',
    folders: [
      { _id: 'f1', name: 'Undead' },
      { _id: 'f2', name: 'Animals' },
    ],
    documents: [
      { _id: 'z1', name: 'Zombie', folder: 'f1' },
      { _id: 'w1', name: 'Wolf', folder: 'f2' },
      { _id: 'g1', name: 'Ghoul', folder: 'f1' },
    ],
  },
  { name: 'armor', type: 'Item', label: 'Armor', documents: [{ _id: 'a1', name: 'Chain shirt' }] },
  { name: 'samples', type: 'Actor', label: 'Samples', documents: [{ _id: 's1', name: 'Fighter' }] },
];

/** What a picker shows: each group's label and its options' value, text and selectedness. */
const shown = (groups: HTMLOptGroupElement[]) =>
  groups.map((g) => [
    g.label,
    [...g.children].map((o) => [
      (o as HTMLOptionElement).value,
      o.textContent,
      (o as HTMLOptionElement).selected,
    ]),
  ]);

describe('the playground pickers of pack actors', () => {
  it('lists the Actor packs by group, then name, once per language', () => {
    const actors = packActors(packs);
    expect(actors.map((a) => `${a.group} / ${a.name}`)).toEqual([
      'Bestiary: Animals / Wolf',
      'Bestiary: Undead / Ghoul',
      'Bestiary: Undead / Zombie',
      'Samples / Fighter',
    ]);
    expect(packActors(packs)).toBe(actors);
  });

  it('builds the options by group, the chosen actor selected, each picker its own elements', () => {
    const doc = h.window.document as unknown as Document;
    const actors = packActors(packs);
    const first = packActorOptions(doc, actors, { pack: 'bestiary', id: 'z1' });
    const second = packActorOptions(doc, actors, { pack: 'samples', id: 's1' });
    const none = packActorOptions(doc, actors);
    const expected = (selected: string) => [
      ['Bestiary: Animals', [['bestiary/w1', 'Wolf', selected === 'w1']]],
      [
        'Bestiary: Undead',
        [
          ['bestiary/g1', 'Ghoul', selected === 'g1'],
          ['bestiary/z1', 'Zombie', selected === 'z1'],
        ],
      ],
      ['Samples', [['samples/s1', 'Fighter', selected === 's1']]],
    ];
    expect(shown(first)).toEqual(expected('z1'));
    expect(shown(second)).toEqual(expected('s1'));
    expect(shown(none)).toEqual(expected(''));
    expect(first[1]).not.toBe(second[1]);
    expect(first[1]?.firstElementChild).not.toBe(second[1]?.firstElementChild);
  });
});
