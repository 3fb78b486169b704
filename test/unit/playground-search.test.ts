/**
 * The playground's "Add a combatant" search (issue #33): every typed word must appear in the name or
 * its group; the name typed in full comes first, then names starting with what was typed, then the
 * rest, each in the list's own order; nothing is listed before something is typed.
 */
import { describe, expect, it } from 'vitest';
import { matchActors } from '../../playground/combatant-picker.js';

const actor = (name: string, group: string) => ({ pack: 'p', id: name, name, group });
const ACTORS = [
  actor('Hobgoblin, 1st-Level Warrior', 'Bestiary: Humanoid'),
  actor('Goblin, 1st-Level Warrior', 'Bestiary: Humanoid'),
  actor('Goblin', 'Bestiary: Humanoid'),
  actor('Allip', 'Bestiary: Undead'),
  actor('Rogue, 1st level', 'Sample Characters'),
];
const names = (query: string) => matchActors(ACTORS, query).map((a) => a.name);

describe('matchActors', () => {
  it('lists nothing for an empty or blank query', () => {
    expect(names('')).toEqual([]);
    expect(names('   ')).toEqual([]);
  });

  it('needs every word, in any case, in the name or the group', () => {
    expect(names('ROGUE')).toEqual(['Rogue, 1st level']);
    expect(names('undead')).toEqual(['Allip']);
    expect(names('1st warrior')).toEqual(['Hobgoblin, 1st-Level Warrior', 'Goblin, 1st-Level Warrior']);
    expect(names('goblin undead')).toEqual([]);
  });

  it('puts the exact name first, then names starting with the query, then the rest in list order', () => {
    expect(names('goblin')).toEqual(['Goblin', 'Goblin, 1st-Level Warrior', 'Hobgoblin, 1st-Level Warrior']);
    expect(names('goblin, 1st')).toEqual(['Goblin, 1st-Level Warrior', 'Hobgoblin, 1st-Level Warrior']);
  });
});
