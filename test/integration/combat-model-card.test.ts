/**
 * The attack card under a combat model other than GnG (issue #26): the test model (static defense
 * 10, every attack hits, 5 damage, health = HP alone) plays the card end to end on the harness — no
 * Defense step, the hit resolved when the card is made, Apply and Undo through the model's health
 * vector — and GnG's own steps are refused. A card keeps the model it was posted under: after the
 * world switches, its steps are refused, its Undo still works.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { TEST_MODEL, TEST_MODEL_ID } from '../fixtures/test-combat-model.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { models } from '../../src/rules/index.js';
import { combatModel } from '../../src/settings/combat-model.js';
import { askGM } from '../../src/cards/kernel/index.js';
import { mayGrappleFromHud } from '../../src/hooks/grapple-hud.js';

const h = await getHarness();
// The card's GM side and the dialog's odds load on first use (issue #29): loaded now, outside the tests' time.
await import('../../src/cards/attack/attack-gm.js');
await (await import('../../src/applications/attack-dialog.js')).dialogOdds();
const { gm, player } = h.users;
const { click, openDialog } = cardHelpers(h);

async function worldPlays(id: string): Promise<void> {
  const user = game.user;
  h.as(gm);
  await game.settings.set('gng', 'combatModel', id);
  h.as(user);
}

beforeEach(async () => {
  h.reset(21);
  models.registerCombatModel(TEST_MODEL);
  await worldPlays(TEST_MODEL_ID);
});
afterEach(() => {
  models.unregisterCombatModel(TEST_MODEL_ID);
  // Every string the card showed is in lang/en.json.
  expect([...h.i18n.missing]).toEqual([]);
});

const hp = (actor: Actor) => (actor.system as unknown as CreatureData).hp.value;
const state = (message: ChatMessage) => cardState(game.messages.get(message.id as string)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const lastNotice = () => h.notices.at(-1)?.message;

function buttons(message: ChatMessage): string[] {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return [...html.querySelectorAll<HTMLElement>('button[data-action]')].map(
    (b) => b.dataset.action as string,
  );
}

/** The player's fighter (bastard sword, attack +9) attacks `defender`; the dice are queued in order. */
async function fighterAttacks(defender: Actor, dice: number[], options = {}): Promise<ChatMessage | null> {
  const fighter = await appendix3Fighter(h, player);
  h.as(player);
  h.target(player, h.placeToken(defender));
  h.dice.queue(...dice);
  const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = await game.gng.attack(fighter, sword, options);
  await attackActionsSettled();
  return message ?? null;
}

const dummy = (value = 10) => h.createActor({ name: 'Dummy', type: 'npc', system: { hp: { value } } });

describe('the test model plays the attack card', () => {
  it('no Defense step: the hit against static 10 is on the card when it is made; 5 damage; Apply and Undo', async () => {
    expect(combatModel().id).toBe(TEST_MODEL_ID);
    const orc = await dummy(10);
    const message = (await fighterAttacks(orc, [10])) as ChatMessage;
    // d20 10 + 9 = 19 against the static 10: a hit by 9 (the model's margin), no Defense roll.
    expect(state(message).model).toBe(TEST_MODEL_ID);
    expect(target(message).defense).toMatchObject({
      source: 'static',
      id: 'static',
      total: 10,
      natural: null,
    });
    expect(target(message).result).toEqual({ hit: true, relativeDegree: 9, automatic: false });
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(html.querySelector('.static-defense')?.textContent).toBe('vs static defense 10');
    expect(buttons(message)).toEqual(['rollDamage']);

    await click(message, 'rollDamage');
    expect(target(message).damage).toMatchObject({ final: 5, lethal: 5, nonlethal: 0 });
    await click(message, 'applyDamage');
    expect(hp(orc)).toBe(5);
    expect(target(message).applied).toMatchObject({ hpLost: 5, hp: { before: 10, after: 5 } });

    // Another blow lands after it (the GM's edit): Undo gives back the card's 5 only.
    h.as(gm);
    await orc.update({ 'system.hp.value': 2 });
    h.as(player);
    await click(message, 'undoDamage');
    expect(hp(orc)).toBe(7);
    expect(target(message).applied).toBeNull();
  });

  it("the model's own statuses: dead at 0 HP, and Undo takes the status back with the HP", async () => {
    const orc = await dummy(5);
    const message = (await fighterAttacks(orc, [3])) as ChatMessage;
    // 3 + 9 = 12 against 10: a hit by 2.
    expect(target(message).result).toEqual({ hit: true, relativeDegree: 2, automatic: false });
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    expect(hp(orc)).toBe(0);
    expect(orc.statuses.has('dead')).toBe(true);
    expect(target(message).applied).toMatchObject({ condition: 'dead', statusesAdded: ['dead'] });
    await click(message, 'undoDamage');
    expect(hp(orc)).toBe(5);
    expect(orc.statuses.has('dead')).toBe(false);
  });

  it("a natural 20 starts no d10 chain; it is the model's critical hit: shown, and its damage doubled", async () => {
    const orc = await dummy(20);
    const message = (await fighterAttacks(orc, [20])) as ChatMessage;
    expect(state(message).attack).toMatchObject({ natural: 20, critical: null, chainDice: [], total: 29 });
    expect(message.rolls).toHaveLength(1);
    // The test model's resolution counts a natural 20 as a critical hit (the card records it).
    expect(target(message).result).toEqual({
      hit: true,
      relativeDegree: 19,
      automatic: false,
      critical: true,
    });
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(html.querySelector('.model-critical')?.textContent).toBe('Critical hit');
    // Its damage: 5 doubled on the critical.
    await click(message, 'rollDamage');
    expect(target(message).damage).toMatchObject({ final: 10, lethal: 10 });
    await click(message, 'applyDamage');
    expect(hp(orc)).toBe(10);
    // A natural 19 is no critical: 5 damage, no line.
    const other = (await fighterAttacks(orc, [19])) as ChatMessage;
    expect(target(other).result).toEqual({ hit: true, relativeDegree: 18, automatic: false });
    const plain = h.renderMessage(game.messages.get(other.id as string) as ChatMessage);
    expect(plain.querySelector('.model-critical')).toBeNull();
  });

  it('Roll Defense, Block and Roll with the Blow are refused with the reason; nothing changes', async () => {
    const orc = await dummy(10);
    const message = (await fighterAttacks(orc, [10])) as ChatMessage;
    const before = structuredClone(state(message));
    h.as(gm);
    for (const [action, name] of [
      ['rollDefense', 'Rolling Defense'],
      ['block', 'Block'],
      ['rollWithBlow', 'Roll with the Blow'],
    ] as const) {
      const result = await requestCardAction(message.id as string, action, target(message).id);
      expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Model.Capability' });
      expect(lastNotice()).toBe(`${name} is not part of this world's combat rules.`);
    }
    expect(state(message)).toEqual(before);
    expect(hp(orc)).toBe(10);
  });

  it('an option the model does not offer is refused before anything is rolled', async () => {
    const orc = await dummy(10);
    const message = await fighterAttacks(orc, [10], { calledShots: ['penetration'] });
    expect(message).toBeNull();
    expect(lastNotice()).toBe("A called shot is not part of this world's combat rules.");
    expect(game.messages.contents).toHaveLength(0);
  });
});

describe('the attack dialog under the test model', () => {
  it.each([
    ['gng', true],
    [TEST_MODEL_ID, false],
  ] as const)('under %s: called shots and sunder offered: %s', async (model, offered) => {
    await worldPlays(model);
    const orc = await dummy(10);
    await orc.createEmbeddedDocuments('Item', [
      {
        name: 'Short sword',
        type: 'weapon',
        system: { use: 'light', damage: { medium: '1d6' }, equipped: true },
      },
    ]);
    const fighter = await appendix3Fighter(h, player);
    h.placeToken(fighter);
    h.as(player);
    h.target(player, h.placeToken(orc));
    const sheet = await h.openSheet(fighter);
    const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await openDialog();
    expect(dialog.element.querySelector('.attack-called-shot') !== null).toBe(offered);
    expect(dialog.element.querySelector('select[name="sunder"]') !== null).toBe(offered);
    await dialog.close();
    await clicked;
  });
});

describe('a card keeps the model it was posted under', () => {
  it('a GnG card after the world switched: its steps are refused, its Undo works', async () => {
    await worldPlays('gng');
    const orc = await dummy(10);
    // GnG: the attack d20 10 (19), the Defense d20 5 (5 + 0), the damage d10 6.
    const applied = (await fighterAttacks(orc, [10])) as ChatMessage;
    expect(state(applied).model).toBeUndefined();
    h.as(gm);
    h.dice.queue(5, 6);
    await click(applied, 'rollDefense');
    await click(applied, 'rollDamage');
    await click(applied, 'applyDamage');
    const lost = target(applied).applied?.hpLost as number;
    expect(lost).toBeGreaterThan(0);
    expect(hp(orc)).toBe(10 - lost);
    const pending = (await fighterAttacks(orc, [10])) as ChatMessage;

    await worldPlays(TEST_MODEL_ID);
    h.as(gm);
    expect(buttons(pending)).toEqual([]);
    const result = await requestCardAction(pending.id as string, 'rollDefense', target(pending).id);
    expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Model.Changed' });
    expect(lastNotice()).toBe(
      'This card was posted under the Grim-n-Gritty v4.0 combat rules; the world now plays Test model. Only its Undo still works.',
    );
    expect(target(pending).defense).toBeNull();
    // Undo under the test model: the GnG card's own fields (HP, temporary HP, nonlethal) come back.
    expect(buttons(applied)).toEqual(['undoDamage']);
    await click(applied, 'undoDamage');
    expect(hp(orc)).toBe(10);
    expect(target(applied).applied).toBeNull();
  });

  it("a test-model card after the world went back to GnG: Undo with the card's own model", async () => {
    const orc = await dummy(10);
    const message = (await fighterAttacks(orc, [10])) as ChatMessage;
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    await worldPlays('gng');
    const refused = await requestCardAction(message.id as string, 'applyDamage', target(message).id);
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Error.Model.Changed' });
    await click(message, 'undoDamage');
    expect(hp(orc)).toBe(10);
  });
});

describe("GnG's other Defense-rolling cards under the test model", () => {
  it('grapple and maneuver: not offered, refused on the asking client and by the GM; no card', async () => {
    const orc = await dummy(10);
    const fighter = await appendix3Fighter(h, player);
    h.placeToken(fighter);
    h.as(player);
    const token = h.placeToken(orc);
    h.target(player, token);
    expect(mayGrappleFromHud(fighter)).toBe(false);
    expect(await game.gng.grapple(fighter)).toBeNull();
    expect(lastNotice()).toBe("GnG's grapple is not part of this world's combat rules.");
    expect(await game.gng.maneuver(fighter, 'trip', { targets: [orc] })).toBeNull();
    expect(lastNotice()).toBe("A combat maneuver is not part of this world's combat rules.");
    // A request that skips the client's check: the GM's handler refuses it.
    const asked = await askGM('gng.grappleAction', {
      action: 'start',
      actorUuid: fighter.uuid,
      targetUuid: orc.uuid,
      tokenId: token.id,
    });
    expect(asked).toMatchObject({ ok: false, error: 'GNG.Error.Model.Capability' });
    expect(game.messages.contents).toHaveLength(0);
    // Under GnG the same grapple is offered and posted.
    await worldPlays('gng');
    expect(mayGrappleFromHud(fighter)).toBe(true);
    expect(await game.gng.grapple(fighter)).not.toBeNull();
  });
});
