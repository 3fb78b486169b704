/** Weapon spells and powers (GnG Appendix 5) as Active Effects on the target weapon. */
import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
beforeEach(() => h.reset(6));

const packSource = (file: string) =>
  JSON.parse(readFileSync(join(ROOT, 'packs/_source/spells-powers', file), 'utf8')) as Record<
    string,
    unknown
  >;

async function swordsman() {
  const actor = await h.createActor(
    {
      name: 'Swordsman',
      type: 'character',
      system: { proficiencies: { weapons: { simple: true, martial: true } } },
    },
    h.users.player,
  );
  const [sword] = await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Longsword',
      type: 'weapon',
      system: { category: 'martial', damage: { medium: '1d8' }, equipped: true },
    },
  ]);
  return { actor, sword: sword as Item };
}

const attackRow = (actor: Actor) => (actor.system as unknown as CreatureData).derived.attacks[0];

describe('weapon spells as effects on the weapon', () => {
  it('Armor Piercing Weapon from the pack makes the sword armor piercing, and only the sword', async () => {
    const { actor, sword } = await swordsman();
    const [spell] = await actor.createEmbeddedDocuments('Item', [
      packSource('spell-armor-piercing-weapon.json'),
    ]);
    expect(attackRow(actor)?.bypass).toBe('none');
    const [effect] = await game.gng.applyItemEffects(spell as Item, sword);
    expect((sword.system as unknown as { bypass: string }).bypass).toBe('piercing');
    expect(attackRow(actor)?.bypass).toBe('piercing');
    expect(effect?.origin).toBe(spell?.uuid);
    expect(effect?.transfer).toBe(false);
    // The stored weapon is untouched: the effect is what changes it.
    expect((sword.toObject().system as { bypass: string }).bypass).toBe('none');
    // Ending the spell: disable (or delete) the effect on the weapon.
    await effect?.update({ disabled: true });
    expect(attackRow(actor)?.bypass).toBe('none');
  });

  it('Armor Ignoring Weapon makes the sword armor ignoring', async () => {
    const { actor, sword } = await swordsman();
    const [ignoring] = await actor.createEmbeddedDocuments('Item', [
      packSource('spell-armor-ignoring-weapon.json'),
    ]);
    await game.gng.applyItemEffects(ignoring as Item, sword);
    expect(attackRow(actor)?.bypass).toBe('ignoring');
  });

  it('never applies to the spell itself or to the actor', async () => {
    const { actor } = await swordsman();
    const [spell] = await actor.createEmbeddedDocuments('Item', [packSource('power-iron-claw.json')]);
    expect((spell?.system as unknown as Record<string, unknown>).bypass).toBeUndefined();
    expect([...actor.allApplicableEffects()].map((e) => e.name)).toEqual([]);
  });

  it('refuses a target of the wrong type, and a target the user does not own, with a message', async () => {
    const { actor, sword } = await swordsman();
    const [spell, armor] = await actor.createEmbeddedDocuments('Item', [
      packSource('spell-armor-piercing-weapon.json'),
      { name: 'Leather', type: 'armor', system: { armorBonus: 2 } },
    ]);
    expect(await game.gng.applyItemEffects(spell as Item, armor as Item)).toEqual([]);
    expect(h.notices.at(-1)).toEqual({
      level: 'warn',
      message: 'Armor Piercing Weapon has no effect that works on Leather (Armor).',
    });
    h.as(h.users.otherPlayer);
    expect(await game.gng.applyItemEffects(spell as Item, sword)).toEqual([]);
    expect(h.notices.at(-1)?.message).toMatch(/You do not own Longsword/);
    expect(sword.effects.size).toBe(0);
  });
});
