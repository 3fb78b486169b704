/**
 * Issue #29 (derived data in half a frame): preparation computes the Defense totals and leaves the
 * breakdown to whoever reads it. For the sample characters of Appendix 3 and the ogre, in a range of
 * conditions and with an effect, the prepared breakdown is what the eager `defenseBonus` gives on the
 * prepared input (what preparation stored before), it obeys the breakdown's definition, and the sheet's
 * Defense pop-ups render the same HTML from either.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter, appendix3Monk, appendix3Rogue } from '../fixtures/appendix3.js';
import { createOgre } from '../fixtures/ogre.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { defenseBonus, type DefenseBreakdown } from '../../src/rules/index.js';

const h = await getHarness();
beforeEach(() => h.reset(29));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const MODES = ['melee', 'ranged'] as const;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

const ACTORS: [string, () => Promise<Actor>][] = [
  ['Appendix 3 fighter', () => appendix3Fighter(h)],
  ['Appendix 3 rogue', () => appendix3Rogue(h)],
  ['Appendix 3 monk', () => appendix3Monk(h)],
  ['ogre', () => createOgre(h)],
];
const CONDITIONS: string[][] = [
  [],
  ['flat-footed'],
  ['prone', 'shaken'],
  ['grappling', 'dazzled'],
  ['entangled', 'frightened', 'sickened'],
  ['unconscious'],
  ['energy-drained', 'blinded'],
];

/** The actor in `statuses`, with a Blessing effect (luck +1, deflection +2). */
async function prepared(make: () => Promise<Actor>, statuses: string[]): Promise<Actor> {
  const actor = await make();
  await actor.createEmbeddedDocuments('ActiveEffect', [
    {
      name: 'Blessing',
      changes: [
        { key: 'system.defense.bonuses.luck', mode: 2, value: '1' },
        { key: 'system.defense.bonuses.deflection', mode: 4, value: '2' },
      ],
    },
  ]);
  for (const status of statuses) await actor.toggleStatusEffect(status);
  return actor;
}

describe('the prepared Defense breakdown, built on demand', () => {
  for (const [name, make] of ACTORS) {
    it.each(CONDITIONS.map((c) => [c.join(', ') || 'no condition', c] as const))(
      `${name}, %s: equals the eager breakdown of the prepared input`,
      async (_label, statuses) => {
        const actor = await prepared(make, statuses);
        const { defenseInput } = sys(actor).derived;
        for (const attack of MODES) {
          const lazy = sys(actor).defense[attack] as DefenseBreakdown;
          const eager = defenseBonus({ ...defenseInput, attack });
          expect(JSON.parse(JSON.stringify(lazy))).toEqual(eager);
          expect(lazy.total).toBe(eager.total);
          expect(lazy.autoRollOne).toBe(eager.autoRollOne);
          expect(Object.entries(lazy.parts)).toEqual(Object.entries(eager.parts));
          expect(lazy.removed).toEqual(eager.removed);
          expect(lazy.modifiers).toEqual(eager.modifiers);
          expect(lazy.notes).toEqual(eager.notes);
          // The breakdown's definition: the parts add up to the total; a removed part shows 0.
          expect(sum(Object.values(lazy.parts))).toBe(lazy.total);
          for (const r of lazy.removed) expect(lazy.parts[r.part]).toBe(0);
          expect(sum(lazy.modifiers.map((m) => m.value))).toBe(lazy.parts.situation + lazy.parts.conditions);
          expect(lazy.parts.luck).toBe(1);
          expect(lazy.parts.deflection).toBe(2);
        }
        expect(sys(actor).derived.defense.total).toBe(sys(actor).defense.melee?.total);
      },
    );
  }

  it('worked by hand: the Appendix 3 fighter (Defense +4) prone and shaken, blessed: melee 1, ranged 9', async () => {
    // +4 (sheets.test.ts) + luck 1 + deflection 2; "Prone –4 +4"; Shaken: "–2 penalty on … defense rolls".
    const fighter = await prepared(() => appendix3Fighter(h), ['prone', 'shaken']);
    expect(sys(fighter).defense.melee?.total).toBe(4 + 1 + 2 - 4 - 2);
    expect(sys(fighter).defense.ranged?.total).toBe(4 + 1 + 2 + 4 - 2);
  });

  it.each(CONDITIONS.map((c) => [c.join(', ') || 'no condition', c] as const))(
    "the fighter's sheet shows the same Defense pop-ups as from the eager breakdown (%s)",
    async (_label, statuses) => {
      const actor = await prepared(() => appendix3Fighter(h), statuses);
      const sheet = await h.openSheet(actor);
      const popups = () =>
        MODES.map((attack) => sheet.element.querySelector(`.stat-defense-${attack}`)?.outerHTML ?? '');
      const fromLazy = popups();
      expect(fromLazy.every((html) => html.includes('breakdown-line'))).toBe(true);
      const { defenseInput } = sys(actor).derived;
      for (const attack of MODES) sys(actor).defense[attack] = defenseBonus({ ...defenseInput, attack });
      await sheet.render();
      expect(popups()).toEqual(fromLazy);
    },
  );
});
