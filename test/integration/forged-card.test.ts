/**
 * A player's copy of a card (issue #27, trust model 1): a player posts a real card's content and
 * flags under its own name. Every client draws it as a note naming the player, with no button and
 * none of the copied numbers, while the real card and the player's own checks stay as they are.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { asClient } from '../harness/clients.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;

beforeEach(() => h.reset(27));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const draw = (user: User, message: ChatMessage) =>
  asClient(user, () => {
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    return {
      forged: html.querySelector('.gng-forged-card')?.textContent ?? null,
      buttons: html.querySelectorAll('.message-content button').length,
      text: html.querySelector('.message-content')?.textContent ?? '',
    };
  });

describe('a card a player wrote', () => {
  it('is drawn as a note naming its author on every client; the real card is untouched', async () => {
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    h.as(player);
    h.target(player, h.placeToken(rogue));
    h.dice.queue(17);
    const sword = fighter.items.find((item) => item.name === 'Bastard sword') as Item;
    const real = (await game.gng.attack(fighter, sword)) as ChatMessage;
    await attackActionsSettled();
    expect(draw(gm, real).forged).toBeNull();
    expect(draw(otherPlayer, real).buttons).toBeGreaterThan(0);

    // The player copies the card, its flags and all, with a bigger number in it.
    const copy = await asClient(player, () =>
      ChatMessage.create({
        content: real.content.replace('17', '45'),
        flags: structuredClone(real.flags),
      }),
    );
    for (const user of [gm, player, otherPlayer]) {
      const seen = draw(user, copy as ChatMessage);
      expect(seen.forged).toContain(player.name);
      expect(seen.buttons).toBe(0);
      expect(seen.text).not.toContain('45');
    }

    // The markup alone, without the flags, is caught as well.
    const markup = await asClient(player, () =>
      ChatMessage.create({ content: '<div class="gng-card-buttons"><button>Apply damage</button></div>' }),
    );
    expect(draw(gm, markup as ChatMessage)).toMatchObject({ buttons: 0 });
    expect(draw(gm, markup as ChatMessage).forged).toContain(player.name);
  });

  it('leaves a player’s own check and plain chat alone', async () => {
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    h.dice.queue(12);
    const check = await (
      fighter as unknown as { rollAbilityCheck(a: string): Promise<ChatMessage | null> }
    ).rollAbilityCheck('str');
    const chat = await asClient(player, () => ChatMessage.create({ content: '<p>Hello <b>all</b></p>' }));
    const rolls = fighter as unknown as {
      rollSave(s: string): Promise<ChatMessage | null>;
      rollSkill(s: string): Promise<ChatMessage | null>;
    };
    h.dice.queue(9, 14);
    const save = await rolls.rollSave('fort');
    const skill = await rolls.rollSkill('climb');
    for (const own of [check, save, skill]) {
      expect(own).not.toBeNull();
      expect(draw(gm, own as ChatMessage).forged).toBeNull();
      expect(draw(otherPlayer, own as ChatMessage).forged).toBeNull();
    }
    expect(draw(gm, chat as ChatMessage)).toMatchObject({ forged: null, text: 'Hello all' });
  });
});
