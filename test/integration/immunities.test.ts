/**
 * Immunities are a field the damage step honours (issue #33): `system.resistances.immunities` ("fire,
 * poison"), filled from the bestiary, shown on the sheet; the attack card's and the area card's damage
 * step deal 0 of a type the target is immune to and say why. Worked by hand.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { areaCard, areaState, type AreaCardState } from '../../src/cards/area/area-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';

const h = await getHarness();
const { gm } = h.users;
beforeEach(() => {
  h.reset(35);
  h.as(gm);
});
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;

/** An NPC with 30 HP (Con 30), Protection 0, and `immunities`. */
function creature(name: string, immunities: string): Promise<Actor> {
  return h.createActor({
    name,
    type: 'npc',
    system: { abilities: { con: { value: 30 } }, hp: { value: 30 }, resistances: { immunities } },
  });
}

/** A fighter with one equipped melee weapon dealing `types`, 1d6. */
async function attacker(types: string[]): Promise<{ actor: Actor; weapon: Item }> {
  const actor = await h.createActor({ name: 'Pyro', type: 'npc', system: {} });
  const [weapon] = (await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Burning brand',
      type: 'weapon',
      system: { use: 'one-handed', damage: { medium: '1d6' }, damageTypes: types, equipped: true },
    },
  ])) as Item[];
  return { actor, weapon: weapon as Item };
}

/** `actor` hits `target` (attack d20 18, Defense d20 2), damage die 4; resolves with the card's target. */
async function hit(actor: Actor, weapon: Item, target: Actor): Promise<() => CardTarget> {
  h.target(gm, h.placeToken(target));
  h.dice.queue(18);
  const message = (await game.gng.attack(actor, weapon)) as ChatMessage;
  await attackActionsSettled();
  const card = () =>
    (cardState(game.messages.get(message.id as string)) as AttackCardState).targets[0] as CardTarget;
  h.dice.queue(2);
  await requestCardAction(message.id as string, 'rollDefense', card().id);
  h.dice.queue(4);
  await requestCardAction(message.id as string, 'rollDamage', card().id);
  await attackActionsSettled();
  expect(card().result?.hit).toBe(true);
  return card;
}

describe('the attack card', () => {
  it('a fire weapon against "fire, poison": 0 damage, the card says so, Apply changes no HP', async () => {
    const { actor, weapon } = await attacker(['fire']);
    const salamander = await creature('Salamander', 'fire, poison');
    const target = await hit(actor, weapon, salamander);
    expect(target().damage).toMatchObject({ final: 0, lethal: 0, nonlethal: 0 });
    expect(target().damage?.properties?.immune).toEqual(['fire']);
    const message = game.messages.contents.at(-1) as ChatMessage;
    const html = h.renderMessage(message);
    expect(html.textContent).toContain('Salamander is immune (Fire): no damage');
    await requestCardAction(message.id as string, 'applyDamage', target().id);
    await attackActionsSettled();
    expect(sys(salamander).hp.value).toBe(30);
  });

  it('the same weapon against a creature immune to cold only: the hit goes through', async () => {
    const { actor, weapon } = await attacker(['fire']);
    const yeti = await creature('Yeti', 'cold');
    const target = await hit(actor, weapon, yeti);
    expect(target().damage?.properties?.immune ?? null).toBeNull();
    expect(target().damage?.final).toBeGreaterThan(0);
  });

  it('a swarm "immune to weapon damage" takes nothing from a slashing blow', async () => {
    const { actor, weapon } = await attacker(['slashing']);
    const swarm = await creature('Rat swarm', 'weapon damage');
    const target = await hit(actor, weapon, swarm);
    expect(target().damage).toMatchObject({ final: 0, lethal: 0 });
    const html = h.renderMessage(game.messages.contents.at(-1) as ChatMessage);
    expect(html.textContent).toContain('Rat swarm is immune (Weapon damage): no damage');
  });
});

describe('the area card', () => {
  it('a 6d6 fire blast (18): the fire-immune target takes 0 with the reason, the other 18', async () => {
    const salamander = await creature('Salamander', 'fire');
    const goblin = await creature('Goblin', '');
    h.dice.queue(3, 3, 3, 3, 3, 3);
    const message = (await game.gng.areaDamage({
      damage: '6d6',
      saveDc: 15,
      damageType: 'fire',
      targets: [salamander, goblin],
    })) as ChatMessage;
    await attackActionsSettled();
    const state = () => areaState(game.messages.get(message.id as string)) as AreaCardState;
    for (const target of state().targets)
      expect(await areaCard.request(message.id as string, 'applyDamage', target.id, {})).toMatchObject({
        ok: true,
      });
    await attackActionsSettled();
    expect(sys(salamander).hp.value).toBe(30);
    expect(sys(goblin).hp.value).toBe(30 - 18);
    expect(state().targets[0]?.applied).toMatchObject({ lethal: 0, nonlethal: 0 });
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(html.textContent).toContain('Salamander is immune (Fire): no damage');
  });
});

describe('the field', () => {
  it('the bestiary fills it (the azer: "immunity to fire") and the sheet shows and edits it', async () => {
    const data = JSON.parse(readFileSync(join(ROOT, 'packs/_source/bestiary/azer.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    for (const key of ['_id', '_key', '_stats', 'folder', 'ownership', 'sort']) delete data[key];
    const azer = await h.createActor(data);
    expect(sys(azer).derived.resistances.immunities).toEqual(['fire']);
    const sheet = await openSheetOn(h, azer, 'combat');
    const input = sheet.element.querySelector<HTMLInputElement>(
      'input[name="system.resistances.immunities"]',
    );
    expect(input?.value).toBe('fire');
    expect(sheet.element.querySelector(`label[for="${input?.id}"]`)?.textContent).toBe('Immunities');
  });
});
