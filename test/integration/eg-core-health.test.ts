/**
 * The Enlightened Grognard on the harness (issue #31, lane core): a world under EG_MODEL (registered
 * here until the world lane's loader lands) prepares an actor with its four static defenses and
 * hit-die HP, reads its health vector where the model stores it (Constitution damage at
 * `abilities.con.damage`, the bloodied mark at `model.eg.bloodied`), and Apply/Undo write and take
 * back all of it. Worked by hand:
 * - a class with a d10 hit die, 3 levels, good Defense, good Fortitude, Con 14 (+2): 10 + 2 × 6 + 3 × 2
 *   = 28 HP (A13); AC 10 + 3 (GnG good Defense at 3) + Dex 12 (+1) = 14; Fortitude 10 + 2 + 3 = 15.
 * - 15 damage from 28: 13 HP, 13 × 2 < 28: bloodied, 1 Constitution damage (003:969–970); the maximum
 *   stays 28 (read at full health).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { egGuard, useEgWorld } from '../fixtures/eg-world.js';
import { EG_MODEL, egAttackBonus, egBabs } from '../../src/rules/models/eg/index.js';
import { applyHitPointLoss, recordOf, restoreHitPointLoss } from '../../src/combat/hp-loss.js';
import { healthOf } from '../../src/combat/model-health.js';
import { staticCardDefense, staticDefenseLine } from '../../src/cards/attack/attack-model-steps.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const sys = (actor: Actor) => actor.system as CreatureData;

useEgWorld(h, 31);

async function guard(): Promise<Actor> {
  return egGuard(h, { temp: 2 });
}

describe('an actor under the Enlightened Grognard', () => {
  it('has hit-die HP, four static defenses, and its health vector where the model stores it', async () => {
    const actor = await guard();
    const derived = sys(actor).derived;
    expect(derived.hp.max).toBe(28);
    expect(derived.modelDefenses.ac).toMatchObject({ kind: 'static', value: 14 });
    expect(derived.modelDefenses.fortitude).toMatchObject({ kind: 'static', value: 15 });
    expect(sys(actor).model.eg).toEqual({ bloodied: 0, persistent: { power: 0, speed: 0, insight: 0 } });
    expect(healthOf(actor)).toEqual({ value: 28, temp: 2, nonlethal: 0, conDamage: 0, bloodied: 0 });
    // The attack card names the defense it meets: AC by its name.
    const ac = EG_MODEL.defenseAgainst({ mode: 'melee', touch: false }, sys(actor).derived.modelCreature);
    expect(staticDefenseLine(staticCardDefense(ac, 'melee'))).toBe('vs Armor Class 14');
  });

  it('worn medium armor: half the Dexterity bonus on AC, its check penalty on Reflex (A6, 003:283)', async () => {
    const actor = await guard();
    await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Breastplate',
        type: 'armor',
        system: { armorBonus: 5, armorCheckPenalty: -4, type: 'medium', equipped: true },
      },
    ]);
    const d = sys(actor).derived.modelDefenses;
    // AC 10 + 5 + 3 + ⌊1/2⌋ = 18; Reflex 10 + 1 + 1 (poor at 3) − 4 = 8.
    expect(d.ac).toMatchObject({ value: 18 });
    expect(d.reflex).toMatchObject({ value: 8 });
  });

  it('Apply bloodies (1 Constitution damage, the mark); Undo takes all of it back', async () => {
    const actor = await guard();
    const loss = await applyHitPointLoss(actor, { lethal: 17, nonlethal: 0 }, () => true, EG_MODEL);
    expect(loss).toMatchObject({ hpLost: 15, after: { value: 13, conDamage: 1, bloodied: 1 } });
    expect(sys(actor).abilities.con.damage).toBe(1);
    expect(sys(actor).model.eg.bloodied).toBe(1);
    // Read at full health: Con 14 with 1 damage still gives 28.
    expect(sys(actor).derived.hp.max).toBe(28);

    await restoreHitPointLoss(actor, recordOf(loss!), EG_MODEL);
    expect(healthOf(actor)).toEqual({ value: 28, temp: 2, nonlethal: 0, conDamage: 0, bloodied: 0 });
  });

  it('the schema refuses a bloodied mark out of 0–1 and negative persistent tokens, changing nothing', async () => {
    const actor = await guard();
    await expect(actor.update({ 'system.model.eg.bloodied': 2 })).rejects.toThrow();
    await expect(actor.update({ 'system.model.eg.persistent.power': -1 })).rejects.toThrow();
    expect(sys(actor).model.eg).toEqual({ bloodied: 0, persistent: { power: 0, speed: 0, insight: 0 } });
  });

  it("Q'narra's class rates (003:194–199): rogue 3 at dex 1, monk 2 at dex 1/2, Dex 15: BAB 4, attack +6", async () => {
    const actor = await h.createActor({
      name: "Q'narra",
      type: 'character',
      system: { abilities: { dex: { value: 15 } } },
    });
    const cls = (name: string, levels: number, egRates: string) => ({
      name,
      type: 'class',
      system: { levels, egRates },
    });
    await actor.createEmbeddedDocuments('Item', [cls('Rogue', 3, 'dex 1'), cls('Monk', 2, 'dex 1/2')]);
    const creature = sys(actor).derived.modelCreature;
    expect(egBabs(creature).dex).toBe(4);
    expect(egAttackBonus(creature, { ability: 'dex' }).total).toBe(6);
  });

  it('a class item refuses rates it cannot read, with a localized message, and keeps its own', async () => {
    const actor = await guard();
    const item = actor.items.find((i) => i.type === 'class')!;
    await expect(item.update({ 'system.egRates': 'dex 1, dex 1/2' })).rejects.toThrow(
      /Enlightened Grognard rates/,
    );
    await expect(item.update({ 'system.egRates': 'luck 1' })).rejects.toThrow(/Enlightened Grognard rates/);
    expect((item.system as unknown as { egRates: string }).egRates).toBe('');
    await item.update({ 'system.egRates': 'str 1, ac 2/3' });
    expect(egBabs(sys(actor).derived.modelCreature).str).toBe(3);
  });

  it('the class item sheet edits the rates', async () => {
    const actor = await guard();
    const cls = actor.items.find((i) => i.type === 'class') as Item;
    const sheet = await h.openItemSheet(cls);
    const input = sheet.element.querySelector<HTMLInputElement>('input[name="system.egRates"]');
    const label = sheet.element.querySelector(`label[for="${input?.id ?? 'none'}"]`);
    expect(label?.textContent?.trim()).toBe(
      'Enlightened Grognard rates a level (e.g. dex 1, con 1/2, ac 2/3; empty: the d20 progressions)',
    );
    await h.change(sheet, 'input[name="system.egRates"]', 'str 1/2');
    // 3 levels at ½: ⌊3/2⌋ = 1.
    expect(egBabs(sys(actor).derived.modelCreature).str).toBe(1);
    await sheet.close();
  });
});
