/**
 * Roll modes on the cards besides the attack card, and on the sheet's checks (issue #27; the attack
 * card: roll-modes.test.ts): each card keeps the mode of the user who started it — whisper, blind,
 * the recorded mode — and each user sees and presses what that mode allows.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { asClient } from '../harness/clients.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { rollModeHelpers } from '../fixtures/roll-modes.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { rollModeOf } from '../../src/cards/kernel/index.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
const { choose, view } = rollModeHelpers(h);
const [gmId, playerId, otherId] = [gm, player, otherPlayer].map((user) => user.id as string) as [
  string,
  string,
  string,
];

beforeEach(() => h.reset(27));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;

describe('other cards and checks', () => {
  it('a grapple rolled to oneself: the defender’s player sees the note and gets no button; the GM plays it', async () => {
    const grappler = await appendix3Fighter(h, otherPlayer);
    const rogue = await appendix3Rogue(h, player);
    await choose(otherPlayer, 'selfroll');
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(rogue));
    const message = (await game.gng.grapple(grappler)) as ChatMessage;
    await attackActionsSettled();
    expect(fresh(message)).toMatchObject({ whisper: [otherId], blind: false });
    expect(view(player, message)).toMatchObject({ hidden: true, buttons: [] });
    expect(view(otherPlayer, message).hidden).toBe(false);
    expect(view(gm, message).buttons).toContain('declineAoo');
  });

  it('Quick Stand and a rest keep their user’s mode', async () => {
    const rogue = await appendix3Rogue(h, otherPlayer);
    h.as(gm);
    await rogue.update({ 'system.skills.tumble.ranks': 4 });
    await rogue.toggleStatusEffect('prone', { active: true });
    await choose(otherPlayer, 'gmroll');
    h.as(otherPlayer);
    h.dice.queue(20);
    expect(await game.gng.quickStand(rogue)).toEqual({ ok: true });
    const stand = game.messages.contents.at(-1) as ChatMessage;
    expect(stand).toMatchObject({ whisper: [gmId, otherId], blind: false });
    expect(view(player, stand).hidden).toBe(true);
    expect(view(otherPlayer, stand).hidden).toBe(false);

    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    await choose(player, 'blindroll');
    h.as(player);
    h.dice.queue(10, 50);
    expect(await game.gng.rest(fighter, { kind: 'night' })).toMatchObject({ ok: true });
    const rest = game.messages.contents.at(-1) as ChatMessage;
    expect(rest).toMatchObject({ whisper: [gmId], blind: true });
    expect(view(player, rest)).toMatchObject({ hidden: true, buttons: [] });
    expect(view(gm, rest).hidden).toBe(false);
  });

  it('a check from the sheet is the player’s own message, whispered by core’s applyRollMode', async () => {
    const fighter = await appendix3Fighter(h, player);
    await choose(player, 'blindroll');
    h.as(player);
    const message = (await (
      fighter as Actor & { rollAbilityCheck(a: string): Promise<ChatMessage> }
    ).rollAbilityCheck('str')) as ChatMessage;
    expect(message.author?.id).toBe(playerId);
    expect(message).toMatchObject({ whisper: [gmId], blind: true });
    const visible = (user: User) =>
      asClient(user, () => (fresh(message) as ChatMessage & { isContentVisible: boolean }).isContentVisible);
    expect([visible(gm), visible(player), visible(otherPlayer)]).toEqual([true, false, false]);
  });

  it('the GM’s blind dying round: its player sees a note and no button', async () => {
    h.as(gm);
    const dan = await h.createActor(
      {
        name: 'Dying Dan',
        type: 'character',
        system: { abilities: { con: { value: 12 } }, hp: { value: -3 } },
      },
      player,
    );
    await dan.toggleStatusEffect('dying', { active: true });
    await choose(gm, 'blindroll');
    h.dice.queue(99);
    expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: true });
    await attackActionsSettled();
    const dying = game.messages.contents.at(-1) as ChatMessage;
    expect(dying).toMatchObject({ whisper: [gmId], blind: true });
    expect(rollModeOf(dying)).toEqual({ mode: 'blindroll', user: gmId });
    expect(view(player, dying)).toMatchObject({ hidden: true, buttons: [] });
    expect(view(gm, dying).hidden).toBe(false);
  });

  it('an area spell cast in private: the caster’s player and the GMs see the card, another player a note', async () => {
    h.as(gm);
    const magus = await h.createActor({ name: 'Magus', type: 'npc', system: {} }, player);
    const [, fireball] = (await magus.createEmbeddedDocuments('Item', [
      { name: 'Wizard', type: 'class', system: { levels: 7 } },
      { name: 'Fireball', type: 'spell', system: { level: 3, school: 'Evocation' } },
    ])) as Item[];
    const orc = await appendix3Rogue(h);
    await choose(player, 'gmroll');
    h.as(player);
    h.dice.queue(3, 3, 3, 3, 3, 3);
    const card = (await game.gng.castAreaSpell(magus, fireball as Item, {
      damage: '6d6',
      saveDc: 15,
      targets: [orc],
    })) as ChatMessage;
    await attackActionsSettled();
    expect(card).toMatchObject({ whisper: [gmId, playerId], blind: false });
    expect(rollModeOf(card)).toEqual({ mode: 'gmroll', user: playerId });
    expect(view(player, card).hidden).toBe(false);
    expect(view(otherPlayer, card)).toMatchObject({ hidden: true, buttons: [] });
    expect(view(gm, card).buttons).toContain('rollSave');
  });
});

describe('the self-test’s roll-mode check', () => {
  const run = async () => {
    const { runSelfTest } = await import('../../src/self-test/index.js');
    const { rollModesCheck } = await import('../../src/self-test/checks-roll-modes.js');
    h.as(gm);
    const report = await runSelfTest({ checks: [rollModesCheck] });
    return report.results.find((r) => r.id === 'rollModes');
  };

  it('passes where core whispers as the cards do, naming the GM’s mode', async () => {
    await choose(gm, 'gmroll');
    expect(await run()).toMatchObject({
      status: 'pass',
      detail: expect.stringContaining('Your chat controls say: Private GM roll.'),
    });
  });

  it('fails when Foundry’s modes or its whisper differ from the cards’', async () => {
    const modes = CONST.DICE_ROLL_MODES as NonNullable<typeof CONST.DICE_ROLL_MODES>;
    const apply = ChatMessage.applyRollMode;
    try {
      (CONST as { DICE_ROLL_MODES: unknown }).DICE_ROLL_MODES = { ...modes, BLIND: 'blind' };
      expect(await run()).toMatchObject({
        status: 'fail',
        detail: expect.stringContaining('blind, selfroll'),
      });
      (CONST as { DICE_ROLL_MODES: unknown }).DICE_ROLL_MODES = modes;
      // A core that whispered a private roll to nobody: a card's audience would differ.
      ChatMessage.applyRollMode = (data, mode) =>
        mode === 'gmroll' ? { ...data, whisper: [] } : apply(data, mode);
      expect(await run()).toMatchObject({ status: 'fail', detail: expect.stringContaining('gmroll') });
    } finally {
      (CONST as { DICE_ROLL_MODES: unknown }).DICE_ROLL_MODES = modes;
      ChatMessage.applyRollMode = apply;
    }
  });
});
