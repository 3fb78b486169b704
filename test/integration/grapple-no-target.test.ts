/**
 * Starting a grapple without a usable target says what to do (issue 15, item 4: "target a token" on a
 * page without tokens): place the grappler's token, target the defender, or pick one of several.
 * Nothing is asked of the GM and no card is posted.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';

const h = await getHarness();
beforeEach(() => h.reset(3));

describe('a grapple with no usable target', () => {
  it('no token, no target, two targets: three different messages, no card', async () => {
    const fighter = await appendix3Fighter(h, h.users.player);
    const rogue = await appendix3Rogue(h, h.users.otherPlayer);
    const monk = await appendix3Rogue(h, h.users.otherPlayer);
    h.as(h.users.player);
    const messages = game.messages.size;

    expect(await game.gng.grapple(fighter)).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      game.i18n.format('GNG.Error.Target.NoToken', { name: fighter.name }),
    );
    expect(h.notices.at(-1)?.message).toContain('no token on this scene');

    h.placeToken(fighter);
    expect(await game.gng.grapple(fighter)).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(game.i18n.format('GNG.Error.Target.None', { name: fighter.name }));

    h.target(h.users.player, h.placeToken(rogue), h.placeToken(monk));
    expect(await game.gng.grapple(fighter)).toBeNull();
    expect(h.notices.at(-1)?.message).toBe('A grapple needs exactly one target: target one token.');

    expect(game.messages.size).toBe(messages);
    expect([...h.i18n.missing]).toEqual([]);
  });
});
