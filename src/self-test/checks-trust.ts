/**
 * What "a GM's card" rests on (issue #27 5b; src/cards/kernel/gm-message.ts), probed as far as a
 * world allows: a message this GM's client creates carries this GM as its last writer (what tells a
 * GM's card after a reload, v13 stamping no creator), and — with a player connected — that player's
 * client tries to create a message naming the GM as its author. Foundry refusing it, or making the
 * player its author, passes; Foundry keeping the GM as its author passes only if the system still
 * refuses it and its last writer names the player (else, after a reload, it would pass for a card).
 */
import { isGMMessage } from '../cards/kernel/index.js';
import { SYSTEM_ID } from '../config/document-types.js';
import { askToForge, PROBE_QUERY, type ProbeAnswer } from './queries.js';
import { CheckFailure, expect, type SelfTestCheck } from './check.js';
import { SCRATCH_FLAG } from './scratch.js';
import { waitFor } from './wait.js';
import { f } from '../format.js';

const PROBE_TIMEOUT = 15_000;

const cardAuthor: SelfTestCheck = {
  id: 'cardAuthor',
  async run(scratch) {
    const made = await ChatMessage.create({
      content: `<p>${game.i18n.localize('GNG.SelfTest.PlainMessage')}</p>`,
      flags: { [SYSTEM_ID]: { [SCRATCH_FLAG]: true } },
    });
    if (!made) throw new CheckFailure('GNG.SelfTest.Fail.NoCard');
    const own = scratch.keep(made);
    const stats = (own._stats ?? {}) as { lastModifiedBy?: unknown; createdBy?: unknown };
    const stamp = stats.lastModifiedBy;
    expect(stamp === undefined || stamp === null || stamp === game.user.id, 'GNG.SelfTest.Fail.OwnStamp', {
      value: String(stamp),
    });
    expect(isGMMessage(own), 'GNG.SelfTest.Fail.OwnNotGM');
    const creator = game.i18n.localize(
      'createdBy' in stats ? 'GNG.SelfTest.Author.Creator' : 'GNG.SelfTest.Author.NoCreator',
    );

    const player = game.users.find((user) => user.active && !user.isGM);
    if (!player) return { skip: f('GNG.SelfTest.Skip.NoPlayersAuthor', { creator }) };
    const nonce = foundry.utils.randomID(16);
    askToForge(nonce);
    let answer: ProbeAnswer;
    try {
      answer = (await player.query(PROBE_QUERY, { nonce }, { timeout: PROBE_TIMEOUT })) as ProbeAnswer;
    } catch (error) {
      throw new CheckFailure('GNG.SelfTest.Fail.NoAnswer', { name: player.name, error: String(error) });
    }
    const forged = answer?.forged;
    if (!forged) throw new CheckFailure('GNG.SelfTest.Fail.NoForgeAnswer', { name: player.name });
    if (!forged.id)
      return f('GNG.SelfTest.Pass.AuthorRefused', {
        name: player.name,
        error: String(forged.error),
        creator,
      });
    const id = forged.id;
    await waitFor(() => Boolean(game.messages.get(id)), scratch.waitMs);
    const arrived = game.messages.get(id);
    if (!arrived) throw new CheckFailure('GNG.SelfTest.Fail.NoForgedMessage', { name: player.name });
    const message = scratch.keep(arrived);
    if (!message.author?.isGM) return f('GNG.SelfTest.Pass.AuthorRewritten', { name: player.name, creator });
    expect(!isGMMessage(message), 'GNG.SelfTest.Fail.ForgedTrusted', { name: player.name });
    expect(message._stats?.lastModifiedBy !== message.author.id, 'GNG.SelfTest.Fail.ForgedStamp', {
      name: player.name,
    });
    return f('GNG.SelfTest.Pass.AuthorKept', { name: player.name, creator });
  },
};

export const TRUST_CHECKS: readonly SelfTestCheck[] = [cardAuthor];
