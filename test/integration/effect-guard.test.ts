/**
 * Issue #28: an Active Effect change a field would refuse (wrong type, not finite, out of bounds, an
 * unknown choice, no such field) is skipped — the field keeps its value from before that change —,
 * the rest of the actor prepares, the skipped change is named on the sheet's Effects tab and the GM is
 * warned once (src/data/actor/effect-guard.ts, docs/active-effects.md).
 *
 * Expected numbers are the 5th-level fighter's printed Appendix 3 lines (test/fixtures/appendix3.ts):
 * Defense +4, Protection 8, HP 23, bastard sword +9, Fort +8, Ref +1, Will +1.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { skippedEffectChanges } from '../../src/data/actor/effect-guard.js';
import { LIMITS } from '../../src/data/validation.js';

const h = await getHarness();
const MODES = CONST.ACTIVE_EFFECT_MODES;
beforeEach(() => h.reset(28));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const change = (key: string, mode: number, value: string): ActiveEffectChange => ({ key, mode, value });

async function withEffect(actor: Actor, name: string, changes: ActiveEffectChange[]) {
  const [effect] = await actor.createEmbeddedDocuments('ActiveEffect', [{ name, changes }]);
  return effect as ActiveEffect;
}

/** Every number anywhere in `value` (paths of the non-finite ones). */
function nonFinite(value: unknown, path = 'derived'): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => nonFinite(inner, `${path}.${key}`));
}

/** The fighter's printed lines are all still there, and every derived number is finite. */
function expectPrintedFighter(actor: Actor) {
  const derived = sys(actor).derived;
  expect(derived).toBeDefined();
  expect(nonFinite(derived)).toEqual([]);
  expect(derived.defense.total).toBe(4);
  expect(derived.protection.total).toBe(8);
  expect(derived.hp.max).toBe(23);
  expect(derived.attacks[0]?.bonus).toBe(9);
  expect([derived.saves.fort.total, derived.saves.ref.total, derived.saves.will.total]).toEqual([8, 1, 1]);
}

describe('an invalid effect change is skipped and the actor prepares', () => {
  it.each([
    ['a size not in the size list (capitalized)', 'system.size', MODES.OVERRIDE, 'Large', 'unknown-choice'],
    ['a size not in the size list', 'system.size', MODES.OVERRIDE, 'bogus', 'unknown-choice'],
    ['abilities set to null', 'system.abilities', MODES.OVERRIDE, 'null', 'wrong-type'],
    ['hp set to null', 'system.hp', MODES.OVERRIDE, 'null', 'wrong-type'],
    ['defense set to null', 'system.defense', MODES.OVERRIDE, 'null', 'unknown-field'],
    ['an infinite dodge bonus', 'system.defense.bonuses.dodge', MODES.ADD, 'Infinity', 'not-finite'],
    [
      'an infinite enhancement bonus to Defense',
      'system.defense.bonuses.enhancement',
      MODES.UPGRADE,
      'Infinity',
      'not-finite',
    ],
    [
      'an infinite enhancement bonus to Protection',
      'system.protection.bonuses.enhancement',
      MODES.ADD,
      'Infinity',
      'not-finite',
    ],
    ['negative skill ranks', 'system.skills.tumble.ranks', MODES.ADD, '-5', 'out-of-bounds'],
    ['an infinite save bonus', 'system.saves.fort.bonus', MODES.ADD, 'Infinity', 'not-finite'],
    ['an infinite attack bonus', 'system.attack.bonuses.melee', MODES.ADD, 'Infinity', 'not-finite'],
    ['a billion HP in a bonus', 'system.hp.bonuses.other', MODES.ADD, '1000000000', 'out-of-bounds'],
    ['a billion current HP', 'system.hp.value', MODES.ADD, '1000000000', 'out-of-bounds'],
    ['a method of the data model', 'system.creatureTraits', MODES.OVERRIDE, '5', 'unknown-field'],
  ])('%s (%s)', async (_label, key, mode, value, reason) => {
    const actor = await appendix3Fighter(h);
    const tumble = sys(actor).derived.skills.tumble.total;
    const effect = await withEffect(actor, 'Hostile', [change(key, mode, value)]);
    expectPrintedFighter(actor);
    expect(sys(actor).size).toBe('medium');
    expect(sys(actor).skills.tumble.ranks).toBe(0);
    expect(sys(actor).derived.skills.tumble.total).toBe(tumble);
    expect(sys(actor).hp.value).toBe(23);
    expect(skippedEffectChanges(actor)).toEqual([
      expect.objectContaining({ effectId: effect.id, effectName: 'Hostile', key, value, reason }),
    ]);
    // The stored data is untouched, and deleting the effect leaves nothing skipped.
    expect((actor.toObject().system as { size: string }).size).toBe('medium');
    await actor.deleteEmbeddedDocuments('ActiveEffect', [effect.id as string]);
    expect(skippedEffectChanges(actor)).toEqual([]);
    expectPrintedFighter(actor);
  });

  it('the valid changes of the same effect still apply', async () => {
    const actor = await appendix3Fighter(h);
    await withEffect(actor, 'Mixed', [
      change('system.defense.bonuses.dodge', MODES.ADD, 'Infinity'),
      change('system.defense.bonuses.deflection', MODES.UPGRADE, '2'),
      change('system.saves.will.bonus', MODES.ADD, '1'),
    ]);
    // Defense +4 and a +2 deflection bonus; Will +1 and +1.
    expect(sys(actor).derived.defense.total).toBe(6);
    expect(sys(actor).derived.saves.will.total).toBe(2);
    expect(skippedEffectChanges(actor).map((skip) => skip.key)).toEqual(['system.defense.bonuses.dodge']);
  });

  it('a skipped change keeps the value from before it: earlier changes to the same field stay', async () => {
    const actor = await appendix3Fighter(h);
    await withEffect(actor, 'Stacked', [
      change('system.saves.fort.bonus', MODES.ADD, '2'),
      // OVERRIDE applies after ADD (priority mode × 10): it is the one skipped.
      change('system.saves.fort.bonus', MODES.OVERRIDE, 'Infinity'),
    ]);
    expect(sys(actor).derived.saves.fort.total).toBe(10);
    expect(skippedEffectChanges(actor).map((skip) => skip.value)).toEqual(['Infinity']);
  });

  it('an effect from an item skips the same way and names its item', async () => {
    const actor = await appendix3Fighter(h);
    const [ring] = await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Cursed ring',
        type: 'equipment',
        effects: [{ name: 'Curse', changes: [change('system.abilities.str.value', MODES.ADD, '-500')] }],
      },
    ]);
    expectPrintedFighter(actor);
    expect(sys(actor).abilities.str.value).toBe(18);
    expect(skippedEffectChanges(actor)).toEqual([
      expect.objectContaining({ effectName: 'Curse', source: 'Cursed ring', reason: 'out-of-bounds' }),
    ]);
    expect(skippedEffectChanges(actor)[0]?.detail).toBe(
      'An ability score cannot be negative (str: -482). Use 0 for a score of nothing.',
    );
    expect(ring).toBeDefined();
  });

  it('derived HP clamp to the stored limit', async () => {
    const actor = await appendix3Fighter(h);
    await withEffect(actor, 'Huge HP', [
      change('system.hp.bonuses.other', MODES.ADD, String(LIMITS.hitPoints)),
    ]);
    // (Con 18 + class bonus 5 + 1,000,000) × 1 is past the limit of 1,000,000 HP.
    expect(sys(actor).derived.hp.max).toBe(LIMITS.hitPoints);
    expect(skippedEffectChanges(actor)).toEqual([]);
  });
});

describe("an item's own effect (weapon spells) is guarded too", () => {
  it('an enhancement overridden with "abc" is skipped: the weapon keeps its number', async () => {
    const actor = await appendix3Fighter(h);
    const sword = actor.items.find((item) => item.type === 'weapon') as Item;
    const [effect] = await sword.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Bad spell',
        transfer: false,
        flags: { gng: { target: 'weapon' } },
        changes: [
          change('system.enhancement', MODES.OVERRIDE, 'abc'),
          change('system.bypass', MODES.OVERRIDE, 'piercing'),
        ],
      },
    ]);
    const weapon = sword.system as unknown as { enhancement: number; bypass: string };
    expect(weapon.enhancement).toBe(0);
    expect(weapon.bypass).toBe('piercing');
    expectPrintedFighter(actor);
    expect(sys(actor).derived.attacks[0]?.bypass).toBe('piercing');
    expect(skippedEffectChanges(sword)).toEqual([
      expect.objectContaining({ effectId: effect?.id, key: 'system.enhancement', reason: 'not-finite' }),
    ]);
  });

  it('an enhancement past the bound is skipped', async () => {
    const actor = await appendix3Fighter(h);
    const sword = actor.items.find((item) => item.type === 'weapon') as Item;
    await sword.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Big spell',
        transfer: false,
        flags: { gng: { target: 'weapon' } },
        changes: [change('system.enhancement', MODES.ADD, '1000')],
      },
    ]);
    expect((sword.system as unknown as { enhancement: number }).enhancement).toBe(0);
    expect(skippedEffectChanges(sword)[0]?.reason).toBe('out-of-bounds');
    expectPrintedFighter(actor);
  });
});

describe('the skipped changes are shown and the GM is warned once', () => {
  it("the sheet's Effects tab names the effect, the field and why", async () => {
    const actor = await appendix3Fighter(h);
    await withEffect(actor, 'Tumble drill', [change('system.skills.tumble.ranks', MODES.ADD, '-5')]);
    const sword = actor.items.find((item) => item.type === 'weapon') as Item;
    await sword.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Bad spell',
        transfer: false,
        flags: { gng: { target: 'weapon' } },
        changes: [change('system.size', MODES.OVERRIDE, 'Large')],
      },
    ]);
    const sheet = await openSheetOn(h, actor, 'effects');
    const rows = [...sheet.element.querySelectorAll('.effect-skipped li')].map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(rows).toEqual([
      'Tumble drill (On this actor): the change to system.skills.tumble.ranks (“-5”) is ignored: Skill ranks cannot be negative (tumble: -5).',
      'Bad spell (Bastard sword): the change to system.size (“Large”) is ignored: it is not one of the choices of this field.',
    ]);
  });

  it('warns the GM once, not at every preparation, and again only for a new change', async () => {
    const actor = await appendix3Fighter(h, h.users.player);
    h.as(h.users.player);
    await withEffect(actor, 'Hostile', [change('system.saves.fort.bonus', MODES.ADD, 'Infinity')]);
    const warned = () => h.notices.filter((notice) => notice.level === 'warn').map((n) => n.message);
    expect(warned()).toEqual([
      '5th-level fighter: the Active Effect “Hostile” was not applied to system.saves.fort.bonus (“Infinity”): it is not a finite number. The rest of the effect still applies.',
    ]);
    await actor.update({ 'system.hp.value': 20 });
    await actor.update({ 'system.hp.value': 21 });
    expect(warned()).toHaveLength(1);
    await withEffect(actor, 'Second', [change('system.size', MODES.OVERRIDE, 'bogus')]);
    expect(warned()).toHaveLength(2);
    expect(warned()[1]).toContain('“Second”');
  });

  it('warns nothing for valid effects', async () => {
    const actor = await appendix3Fighter(h);
    await withEffect(actor, 'Shield of faith', [
      change('system.defense.bonuses.deflection', MODES.UPGRADE, '2'),
    ]);
    expect(h.notices).toEqual([]);
    expect(skippedEffectChanges(actor)).toEqual([]);
  });
});
