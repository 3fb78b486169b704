/**
 * Damage reduction and energy resistance at the table (issue #18, "Resistances and objects"): the
 * actor fields `system.resistances.dr` / `.energy.<type>`, Active Effects that change them, the
 * sheet's Resistances block, and the attack card's damage step taking them off (GM side, from the
 * documents — a player's fake DR in the card's flags changes nothing).
 *
 * GnG v4.0 DAMAGE: "Apply the effects of Damage Reduction and Energy Resistance after you apply the
 * results of this formula"; PROTECTION: "Damage Reduction: Apply the effects of Damage Reduction
 * after Protection. Energy Resistance: Energy resistance applies to damage after Protection." SRD
 * "Overcoming DR": "Weapons with an enhancement bonus of +3 or greater can ignore some types of damage
 * reduction … Cold iron/silver +3"; "Spells, spell-like abilities, and energy attacks (even nonmagical
 * fire) ignore damage reduction"; "the creature gets the benefit of the best damage reduction".
 *
 * The set-up makes the arithmetic plain: the attacker is an NPC with no class, Str 10, so its attack
 * bonus is its weapon's enhancement and Strength adds 0; the defender has no class and Dex 10
 * (Defense +0). Dice are queued in the order they are rolled: attack d20, Defense d20, damage.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, forged } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { areaState } from '../../src/cards/area/area-state.js';

const h = await getHarness();
const { click } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(18));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const state = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
/** The damage lines the card shows for DR, energy resistance and the weapon's properties. */
const extras = (message: ChatMessage) =>
  [...h.renderMessage(fresh(message)).querySelectorAll('.damage-extra')].map((li) =>
    [...li.querySelectorAll('span')].map((s) => s.textContent?.trim()).join(' '),
  );

/** An unowned defender with 30 HP (Con 30), Defense +0, and the given `system`. */
function defender(system: Record<string, unknown> = {}, name = 'Troll'): Promise<Actor> {
  return h.createActor({
    name,
    type: 'npc',
    system: { hp: { value: 30 }, abilities: { con: { value: 30 } }, ...system },
  });
}

/** The player's NPC (attack +0, Str 10) with one equipped simple weapon of `weapon` system data. */
async function attacker(weapon: Record<string, unknown>): Promise<{ actor: Actor; item: Item }> {
  const actor = await h.createActor({ name: 'Hunter', type: 'npc', system: { hp: { value: 20 } } }, player);
  const [item] = (await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Mace',
      type: 'weapon',
      system: {
        category: 'simple',
        use: 'one-handed',
        damage: { medium: '1d8' },
        damageTypes: ['bludgeoning'],
        equipped: true,
        ...weapon,
      },
    },
  ])) as Item[];
  return { actor, item: item as Item };
}

/**
 * A whole exchange up to the rolled damage: the player attacks (d20 `attack`), the GM rolls the
 * defender's Defense (d20 `defense`), the player rolls damage (`damage` dice).
 */
async function hit(
  weapon: Record<string, unknown>,
  foe: Actor,
  dice: { attack: number; defense: number; damage: number[] },
) {
  const { actor, item } = await attacker(weapon);
  h.placeToken(actor);
  h.as(player);
  h.target(player, h.placeToken(foe));
  h.dice.queue(dice.attack);
  const message = (await game.gng.attack(actor, item, {})) as ChatMessage;
  await attackActionsSettled();
  h.as(gm);
  h.dice.queue(dice.defense);
  await click(message, 'rollDefense');
  h.as(player);
  h.dice.queue(...dice.damage);
  await click(message, 'rollDamage');
  return { message, actor, item };
}

describe('damage reduction on the attack card', () => {
  it('DR 5/silver takes 5 off a mundane mace after Protection; Apply and Undo', async () => {
    const troll = await defender({ naturalArmor: 2, resistances: { dr: '5/silver' } });
    expect(sys(troll).derived.resistances.damageReduction).toEqual([{ amount: 5, bypassedBy: [['silver']] }]);
    const { message } = await hit({}, troll, { attack: 15, defense: 10, damage: [6] });
    // Attack 15 + 0 vs Defense 10 + 0: RD 5. 1d8 (6) + RD 5 = 11; − Protection 2 = 9; − DR 5 = 4.
    expect(state(message).attack.total).toBe(15);
    expect(target(message).result?.relativeDegree).toBe(5);
    const damage = target(message).damage!;
    expect(damage.steps).toMatchObject({ total: 11, protection: 2, afterProtection: 9, damageReduction: 5 });
    expect(damage.final).toBe(4);
    expect(extras(message)).toEqual(['DR 5/silver −5']);
    await click(message, 'applyDamage');
    expect(sys(troll).hp.value).toBe(26);
    await click(message, 'undoDamage');
    expect(sys(troll).hp.value).toBe(30);
  });

  it('a +3 weapon counts as silver: the DR is bypassed and the card says so', async () => {
    const troll = await defender({ resistances: { dr: '5/silver' } });
    // Attack 12 + 3 (enhancement) = 15 vs 10: RD 5. 1d8 (6) + 3 + RD 5 = 14; no Protection; DR bypassed.
    const { message } = await hit({ enhancement: 3 }, troll, { attack: 12, defense: 10, damage: [6] });
    expect(state(message).attack.total).toBe(15);
    expect(target(message).damage!.final).toBe(14);
    expect(target(message).damage!.steps.damageReduction).toBe(0);
    expect(extras(message)).toEqual(['DR 5/silver bypassed 0']);
  });

  it('several reductions do not stack: the best one not bypassed applies', async () => {
    // "5/silver; 10/magic" against a mundane mace: both apply, the best (10) is taken.
    const troll = await defender({ resistances: { dr: '5/silver; 10/magic' } });
    const { message } = await hit({}, troll, { attack: 15, defense: 10, damage: [6] });
    // 6 + RD 5 = 11 − 10 = 1.
    expect(target(message).damage!.final).toBe(1);
    expect(extras(message)).toEqual(['DR 10/magic −10']);
  });

  it('the stored text must be a damage reduction the engine reads', async () => {
    const troll = await defender();
    await expect(troll.update({ 'system.resistances.dr': '5/banana' })).rejects.toThrow(
      /Damage reduction is written as in a stat block/,
    );
    expect(sys(troll).resistances.dr).toBe('');
  });
});

describe('firearms', () => {
  it('each shot of an accelerated pair meets the damage reduction on its own', async () => {
    // SPECIAL ATTACKS: "Apply your opponent's energy resistance, Protection, and the like to the damage
    // of each barrel, separately"; an accelerated pair's shots are separate hits, RD on the first only.
    const source = JSON.parse(readFileSync('packs/_source/weapons/d20m-autoloader-pistol.json', 'utf8')) as {
      name: string;
      type: string;
      system: Record<string, unknown>;
    };
    const shooter = await h.createActor({ name: 'Shooter', type: 'npc', system: {} }, player);
    const [gun] = (await shooter.createEmbeddedDocuments('Item', [
      { name: source.name, type: source.type, system: { ...source.system, equipped: true } },
    ])) as Item[];
    const troll = await defender({ resistances: { dr: '5/—' } });
    h.placeToken(shooter);
    const token = h.placeToken(troll);
    Object.assign(token.document, { x: 100, y: 0 }); // adjacent: point blank, both shots hit
    h.as(player);
    h.target(player, token);
    h.dice.queue(15);
    const message = (await game.gng.attack(shooter, gun as Item, {
      fire: { mode: 'accelerated-pair' },
    })) as ChatMessage;
    await attackActionsSettled();
    // 15 − 4 (pair) = 11 vs Defense 10: RD 1.
    expect(state(message).attack.total).toBe(11);
    h.as(gm);
    h.dice.queue(10);
    await click(message, 'rollDefense');
    h.dice.queue(3, 4, 5, 6);
    await click(message, 'rollDamage');
    // Shot 1: 3 + 4 + RD 1 = 8 − DR 5 = 3; shot 2: 5 + 6 = 11 − DR 5 = 6. Total 9 (DR taken twice).
    const damage = target(message).damage!;
    expect(damage.instances?.map((i) => [i.total, i.final])).toEqual([
      [8, 3],
      [11, 6],
    ]);
    expect(damage.final).toBe(9);
    expect(extras(message)).toEqual(['DR 5/— −10']);
  });
});

describe('energy resistance', () => {
  // An energy weapon: ENERGY WEAPONS "an inherent bonus of +2 to attack rolls" — attack 13 + 2 = 15.
  const flaming = { damageTypes: ['fire'], energy: true };

  it('fire resistance comes off fire damage; an energy attack ignores DR', async () => {
    const imp = await defender({ resistances: { dr: '5/—', energy: { fire: 5 } } });
    const { message } = await hit(flaming, imp, { attack: 13, defense: 10, damage: [6] });
    expect(state(message).attack.total).toBe(15);
    // 6 + RD 5 = 11; no Protection; DR 5/— does not apply to an energy attack; − fire 5 = 6.
    const damage = target(message).damage!;
    expect(damage.steps).toMatchObject({ damageReduction: 0, energyResistance: 5 });
    expect(damage.final).toBe(6);
    expect(extras(message)).toEqual(['DR 5/— bypassed 0', 'Energy resistance (Fire) −5']);
  });

  it('an Active Effect raising fire resistance (Upgrade) changes the damage and shows on the sheet', async () => {
    const imp = await defender({ resistances: { energy: { fire: 5 } } });
    await imp.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Resist energy (fire)',
        // 4 = UPGRADE (CONST.ACTIVE_EFFECT_MODES): resistances do not stack, the best counts.
        changes: [{ key: 'system.resistances.energy.fire', mode: 4, value: '10' }],
      },
    ]);
    expect(sys(imp).derived.resistances.energy.fire).toBe(10);
    const { message } = await hit(flaming, imp, { attack: 13, defense: 10, damage: [6] });
    // 6 + RD 5 = 11 − fire resistance 10 = 1.
    expect(target(message).damage!.final).toBe(1);
    h.as(gm);
    await click(message, 'applyDamage');
    expect(sys(imp).hp.value).toBe(29);
    // The sheet edits the stored 5 and shows what the effect made of it.
    const sheet = await h.openSheet(imp);
    const input = sheet.element.querySelector<HTMLInputElement>(
      'input[name="system.resistances.energy.fire"]',
    );
    expect(input?.value).toBe('5');
    expect(sheet.element.querySelector('[data-energy="fire"] .resistance-effective')?.textContent).toBe(
      'With effects: 10',
    );
  });

  it('a physical weapon meets no energy resistance', async () => {
    const imp = await defender({ resistances: { energy: { fire: 10, cold: 10 } } });
    const { message } = await hit({}, imp, { attack: 15, defense: 10, damage: [6] });
    expect(target(message).damage!.final).toBe(11);
    expect(extras(message)).toEqual([]);
  });
});

describe('the area card', () => {
  it('takes fire resistance off a fire blast after Protection; other energies pass', async () => {
    const imp = await defender({ naturalArmor: 2, resistances: { energy: { fire: 5 } } });
    const other = await defender({ naturalArmor: 2, resistances: { energy: { cold: 5 } } }, 'Yeti');
    h.as(gm);
    h.dice.queue(6, 6, 4, 2, 1, 1); // 6d6 = 20
    const message = (await game.gng.areaDamage({
      damage: '6d6',
      damageType: 'fire',
      saveDc: 20,
      save: 'ref',
      targets: [imp, other],
    })) as ChatMessage;
    // No save: 20 − Protection 2 = 18; − fire resistance 5 = 13 (the Yeti's cold resistance: 18).
    const html = h.renderMessage(fresh(message));
    expect(html.textContent).toContain('Energy resistance (Fire)');
    const [first, second] = areaState(fresh(message))!.targets;
    for (const [t, expected] of [
      [first, 13],
      [second, 18],
    ] as const) {
      const button = h
        .renderMessage(fresh(message))
        .querySelector<HTMLButtonElement>(`button[data-action="applyDamage"][data-target-id="${t!.id}"]`);
      button!.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as unknown as Event);
      await attackActionsSettled();
      const actor = t!.id === first!.id ? imp : other;
      expect(30 - sys(actor).hp.value).toBe(expected);
    }
  });
});

describe('the sheet', () => {
  it('edits damage reduction and energy resistance in its Resistances block', async () => {
    const troll = await defender();
    const sheet = await h.openSheet(troll);
    const block = sheet.element.querySelector('section.resistances');
    expect(block?.querySelector('h2')?.textContent).toBe('Resistances');
    const dr = block?.querySelector<HTMLInputElement>('input[name="system.resistances.dr"]');
    // Labelled for assistive technology.
    expect(block?.querySelector(`label[for="${dr?.id}"]`)?.textContent).toBe('Damage reduction');
    await h.change(sheet, 'input[name="system.resistances.dr"]', '10/magic, 5/silver or good');
    await h.change(sheet, 'input[name="system.resistances.energy.cold"]', '15');
    expect(sys(troll).resistances).toMatchObject({ dr: '10/magic, 5/silver or good', energy: { cold: 15 } });
    expect(sys(troll).derived.resistances.damageReduction).toEqual([
      { amount: 10, bypassedBy: [['magic']] },
      { amount: 5, bypassedBy: [['silver'], ['good']] },
    ]);
  });
});

describe('hostile clients', () => {
  it("a player's fake DR in the card's flags or its request changes nothing", async () => {
    const troll = await defender({ resistances: { dr: '5/silver' } });
    const { actor, item } = await attacker({});
    h.placeToken(actor);
    h.as(player);
    h.target(player, h.placeToken(troll));
    h.dice.queue(15);
    const message = (await game.gng.attack(actor, item, {})) as ChatMessage;
    await attackActionsSettled();
    h.as(gm);
    h.dice.queue(10);
    await click(message, 'rollDefense');
    h.as(player);
    // The card is the GM's message: the player cannot write a DR of 0 (or anything) into it.
    await expect(
      fresh(message).update({
        'system.targets.0.damage': { final: 30, lethal: 30, steps: { damageReduction: 0 } },
      }),
    ).rejects.toThrow(/permission/);
    // A request with its own "damageReduction" is refused: the kernel takes only the action's fields.
    const t = target(message).id;
    const answer = await forged(player, {
      messageId: message.id,
      action: 'rollDamage',
      target: t,
      damageReduction: 0,
      properties: { damageReduction: null },
    });
    expect(answer.ok).toBe(false);
    expect(target(message).damage).toBeNull();
    // The honest request: the GM reads the DR from the troll, not from anything the player sent.
    h.dice.queue(6);
    await click(message, 'rollDamage');
    expect(target(message).damage!.final).toBe(6); // 6 + RD 5 = 11 − DR 5
    await click(message, 'applyDamage');
    expect(sys(troll).hp.value).toBe(24);
  });
});
