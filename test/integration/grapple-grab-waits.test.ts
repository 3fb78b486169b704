/**
 * Before the grapple card is loaded (issue #29, "cards in a long session"; grapple-register.ts), the
 * active GM asks of each attack card whether a grab waits for it as its attack of opportunity. That
 * answer comes from one read of the log, then from the message hooks: posting and changing attack
 * cards in a long log reads the whole log once at most (bench/cards.ts counts the same reads).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { grappleModule } from '../../src/cards/grapple/grapple-register.js';

const h = await getHarness();
const { gm } = h.users;
beforeEach(() => h.reset(29));

/** A GM's attack card as the grapple card's start hooks see it (its flags name it). */
const attackCard = () =>
  ChatMessage.create({ content: '<p>attack</p>', flags: { gng: { type: 'attackCard' } } });

describe('an attack card before the grapple card is loaded', () => {
  it('reads the whole log once, not at each post or change', async () => {
    h.as(gm);
    expect(grappleModule.loaded).toBeFalsy();
    for (let i = 0; i < 20; i++) await ChatMessage.create({ content: `<p>${i}</p>` });
    const reads = vi.spyOn(game.messages, 'contents', 'get');
    for (let i = 0; i < 5; i++) {
      const card = await attackCard();
      await card?.update({ content: '<p>attack, changed</p>' });
    }
    expect(reads.mock.calls.length).toBeLessThanOrEqual(1);
    expect(grappleModule.loaded).toBeFalsy();
  });
});
