/**
 * The Time Count and Threshold of Pain model in the world (issue #32, lane world; docs/rules.md
 * "Sheet and world"), the world playing 'tc' as a world does (TC_LOADER): the loader, the guard of
 * `system.model.tc.*` (not its attributes), the sheet's header. The fixture's fighter, worked by hand
 * (002:112–137, 002:74):
 * - Primary 10 + max(Fortitude 2, Agility 1, Willpower 0) = 12; Passive 10; Vigor 10 + Con 2 +
 *   Fortitude 2 = 14; Celerity 10 + Dex 1 + Agility 1 = 12; Spirit 10 + Wis 0 + Willpower 0 = 10;
 * - ToP 3 + Persona 1 = 4; 28 HP (lane core's maximum: 10 + 6 + 6 + 3 × Con 2).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { models } from '../../src/rules/index.js';
import { combatModel } from '../../src/settings/combat-model.js';
import { COMBAT_MODEL_CHOICES } from '../../src/settings/combat-model-setting.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { tcFighter, tcOf, useTcWorld } from '../fixtures/tc-world.js';
import { skippedEffectChanges } from '../../src/data/actor/effect-guard.js';
import { tcThreshold } from '../../src/rules/models/tc/threshold.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player } = h.users;

useTcWorld(h, 32, { loaded: true, endCombats: true });

describe('the loader', () => {
  it('offers the model as a choice and loads it with its glue; the self-test passes', async () => {
    expect(COMBAT_MODEL_CHOICES.tc).toBe('GNG.Model.TC.label');
    expect(h.i18n.localize('GNG.Model.TC.label')).toBe('Time Count and Threshold of Pain');
    expect(combatModel().id).toBe('tc');
    expect(models.BUILT_IN_MODEL_IDS).toEqual(['gng', 'saga', 'eg', 'tc']);
    // The glue came with it: the tracker's world setting (lane tracker).
    expect(h.settings.registered.get('gng.tcSpeedFactors')).toMatchObject({ scope: 'world' });
    await tcFighter(h);
    const { SELF_TEST_CHECKS, runSelfTest } = await import('../../src/self-test/index.js');
    const report = await runSelfTest({ checks: SELF_TEST_CHECKS.filter((c) => c.id === 'combatModel') });
    expect(report.results.find((r) => r.id === 'combatModel')).toMatchObject({ status: 'pass' });
  });
});

describe('the guard of system.model.tc', () => {
  const GM_ONLY =
    "Only a GM changes Hadwin's fatigue, Invigoration, Threshold of Pain losses, impairments, paralysis, petrification and stance: the cards and the GM's controls write them. Nothing was changed.";

  it("refuses a player's write of the health and the stance, with a message; the attributes are the owner's", async () => {
    const actor = await tcFighter(h);
    h.as(player);
    for (const [path, value] of [
      ['system.model.tc.fatigue', 5],
      ['system.model.tc.invigoration', 9],
      ['system.model.tc.topLost', 3],
      ['system.model.tc.impairments.slashing', 2],
      ['system.model.tc.paralysis', 1],
      ['system.model.tc.petrification', 1],
      ['system.model.tc.stance', 'parry'],
    ] as const) {
      h.notices.length = 0;
      await actor.update({ [path]: value });
      expect(h.notices.at(-1)?.message, path).toBe(GM_ONLY);
    }
    // An object holding them is read field by field.
    await actor.update({ 'system.model.tc': { fatigue: 4, attributes: { persona: 2 } } });
    expect(h.notices.at(-1)?.message).toBe(GM_ONLY);
    expect(tcOf(actor)).toMatchObject({
      fatigue: 0,
      invigoration: 0,
      topLost: 0,
      impairments: { bludgeoning: 0, piercing: 0, slashing: 0 },
      paralysis: 0,
      petrification: 0,
      stance: 'basic',
      attributes: { persona: 1 },
    });
    // The build is the owner's (A6), as the abilities are.
    h.notices.length = 0;
    await actor.update({ 'system.model.tc.attributes.persona': 3, 'system.model.tc.attributes.topBase': 4 });
    expect(h.notices).toEqual([]);
    expect(tcOf(actor).attributes).toMatchObject({ persona: 3, topBase: 4 });
  });

  it('lets a GM write them', async () => {
    const actor = await tcFighter(h);
    h.as(gm);
    await actor.update({ 'system.model.tc.fatigue': 5, 'system.model.tc.stance': 'defensive' });
    expect(tcOf(actor)).toMatchObject({ fatigue: 5, stance: 'defensive' });
  });

  it("puts back a write that got past the player's client (no hooks there), and tells the GM", async () => {
    const actor = await tcFighter(h, { tc: { fatigue: 6, impairments: { piercing: 1 } } });
    const call = Hooks.call.bind(Hooks);
    Hooks.call = ((name: string, ...args: unknown[]) =>
      name === 'preUpdateActor' ? true : call(name, ...args)) as typeof Hooks.call;
    h.as(player);
    try {
      await actor.update({
        'system.model.tc.fatigue': 0,
        'system.model.tc.impairments.piercing': 0,
        'system.model.tc.attributes.power': 2,
      });
    } finally {
      Hooks.call = call;
    }
    await attackActionsSettled();
    expect(tcOf(actor)).toMatchObject({ fatigue: 6, impairments: { piercing: 1 }, attributes: { power: 2 } });
    expect(h.notices.map((n) => n.message)).toContain(
      "Player changed Hadwin's Time Count health or stance without the GM: it was put back.",
    );
  });

  it("lets an Active Effect change an attribute (the build, as an ability), not the model's health", async () => {
    const actor = await tcFighter(h);
    h.as(player);
    await actor.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Heroism',
        changes: [
          { key: 'system.model.tc.attributes.persona', mode: CONST.ACTIVE_EFFECT_MODES.ADD, value: '2' },
          { key: 'system.model.tc.fatigue', mode: CONST.ACTIVE_EFFECT_MODES.OVERRIDE, value: '0' },
        ],
      },
    ]);
    // ToP 3 + Persona (1 + 2) = 6 (002:74); the stored Persona stays 1.
    expect(tcThreshold((actor.system as CreatureData).derived.modelCreature).full).toBe(6);
    expect(skippedEffectChanges(actor)).toMatchObject([
      { key: 'system.model.tc.fatigue', reason: 'gm-only' },
    ]);
    expect(actor.toObject().system).toMatchObject({ model: { tc: { attributes: { persona: 1 } } } });
  });
});
