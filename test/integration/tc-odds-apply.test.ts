/**
 * The odds under the Time Count model count what Apply will do (issue #32, round 2): the world's
 * optional impairments (`tcImpairments`, 002:82) and the weapon's damage type go into the model's
 * `applyDamage` of the odds as they go into the card's Apply (src/cards/attack/tc-settings.ts
 * `tcApplyOptions`). The world plays TC through its loader (the setting registered with the glue).
 * Worked by hand (test/fixtures/tc-world.ts):
 * - Hadwin's long sword: +5 (BAB 3 + Str 2), 1d8 + Str 2 + Power 1 slashing (at least 4);
 * - the goblin: 1 level of the fixture's d10 class: max HP 10 + Con 1 = 11 (8 HP stored); Primary
 *   10 + Agility 1 = 11, ToP 3 (no Persona, no armor).
 * A hit on ≥ 11 needs a natural 6 or more (a natural 1 is a fumble anyway): 15 of 20 = 0.75. Every
 * hit deals at least 4 ≥ ToP 3, so with impairments on every hit impairs (002:82: "Whenever you take
 * damage equal to or greater than your current Threshold of Pain"): P(impairment) = 0.75; off, 0.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { targetOdds, targetOddsInput, type OddsAttack } from '../../src/cards/attack/attack-odds.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { modelAnalysis } from '../../src/settings/model-analysis.js';
import { tcFighter, tcGoblin, useTcWorld } from '../fixtures/tc-world.js';

const h = await getHarness();

useTcWorld(h, 3221, { loaded: true, endCombats: true });

/** Hadwin's attack with `weaponName` as the dialog makes it: its derived row, the preview's bonus +5 (tc-attack-dialog.test.ts). */
function attackWith(actor: Actor, weaponName: string): OddsAttack {
  const summary = (actor.system as unknown as CreatureData).derived.attacks.find(
    (a) => a.name === weaponName,
  );
  if (!summary) throw new Error(`no ${weaponName}`);
  return {
    attacker: actor,
    weapon: actor.items.get(summary.itemId) as Item,
    summary,
    options: {},
    mode: summary.mode,
    touch: false,
    grip: summary.grip,
    attackerConditions: [],
    attack: { bonus: 5 },
    scattershot: null,
    concealment: false,
  };
}

const tcOdds = (odds: unknown) => (odds as { tc: { impairment: number } }).tc;

describe('the odds under the Time Count model', () => {
  it("the fixture's goblin has a class: its maximum HP is above its 8 HP", async () => {
    const goblin = await tcGoblin(h);
    const system = goblin.system as unknown as CreatureData & { hp: { value: number } };
    expect(system.derived.hp.max).toBe(11);
    expect(system.hp.value).toBe(8);
  });

  it("pass the world's impairments and the weapon's type to the model, as Apply does", async () => {
    const fighter = await tcFighter(h);
    const goblin = await tcGoblin(h);
    h.as(h.users.gm);
    await modelAnalysis();
    const sword = attackWith(fighter, 'Long sword');

    await game.settings.set('gng', 'tcImpairments', false);
    expect(targetOddsInput(sword, goblin).input.apply).toEqual({
      impairments: false,
      damageType: 'slashing',
    });
    const off = targetOdds(sword, goblin, 'g', 'Goblin');
    if (!off.available) throw new Error(off.reasons.join());
    expect(off.odds.hit.hit).toBeCloseTo(0.75, 12);
    expect(tcOdds(off.odds).impairment).toBe(0);

    await game.settings.set('gng', 'tcImpairments', true);
    const on = targetOdds(sword, goblin, 'g', 'Goblin');
    if (!on.available) throw new Error(on.reasons.join());
    expect(tcOdds(on.odds).impairment).toBeCloseTo(0.75, 12);
    // The dagger pierces (its impairment is piercing).
    expect(targetOddsInput(attackWith(fighter, 'Dagger'), goblin).input.apply).toEqual({
      impairments: true,
      damageType: 'piercing',
    });
    await game.settings.set('gng', 'tcImpairments', false);
  });
});
