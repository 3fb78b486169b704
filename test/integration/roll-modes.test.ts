/**
 * Roll modes on every card (issue #27): the user who starts a card chooses public, private GM, blind
 * GM or self in the chat controls (`core.rollMode`, a client setting; the attack dialog may choose
 * another); the request carries it, the GM's client whispers the card to that mode's audience and
 * records the mode where only a GM writes. Per mode and per user (the GM, the acting player, another
 * player, the defender's player): what each sees, which buttons each gets, the odds, Dice So Nice.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness, installDice3d } from '../harness/index.js';
import { asClient } from '../harness/clients.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { cardHelpers } from '../fixtures/cards.js';
import { rollModeHelpers } from '../fixtures/roll-modes.js';
import {
  ATTACK_QUERY,
  attackActionsSettled,
  requestCardAction,
} from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { oddsShownTo } from '../../src/cards/attack/odds-visibility.js';
import { askGM, rollModeOf, type RollMode } from '../../src/cards/kernel/index.js';
import { openGrappleOnHit } from '../../src/cards/grapple/grapple-ask.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
const { click, openDialog } = cardHelpers(h);
const { choose, view } = rollModeHelpers(h);
const [gmId, playerId, otherId] = [gm, player, otherPlayer].map((user) => user.id as string) as [
  string,
  string,
  string,
];

beforeEach(() => h.reset(27));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const firstTarget = (message: ChatMessage) =>
  (cardState(fresh(message)) as AttackCardState).targets[0] as CardTarget;
const weaponOf = (actor: Actor, name: string) => actor.items.find((i) => i.name === name) as Item;

/** The Player's fighter attacks an unowned orc (the GM's NPC) in the Player's chosen mode. */
async function playerAttacksOrc(mode: RollMode) {
  h.as(gm);
  const fighter = await appendix3Fighter(h, player);
  const orc = await appendix3Rogue(h);
  await choose(player, mode);
  h.as(player);
  h.target(player, h.placeToken(orc));
  h.dice.queue(15);
  const message = (await game.gng.attack(fighter, weaponOf(fighter, 'Bastard sword'))) as ChatMessage;
  await attackActionsSettled();
  expect(message).toBeTruthy();
  return { fighter, orc, message };
}

/** The GM's unowned fighter attacks the Player's rogue in the GM's chosen mode. */
async function gmAttacksRogue(mode: RollMode) {
  h.as(gm);
  const brute = await appendix3Fighter(h);
  const rogue = await appendix3Rogue(h, player);
  await choose(gm, mode);
  h.as(gm);
  h.target(gm, h.placeToken(rogue));
  h.dice.queue(15);
  const message = (await game.gng.attack(brute, weaponOf(brute, 'Bastard sword'))) as ChatMessage;
  await attackActionsSettled();
  expect(message).toBeTruthy();
  return { brute, rogue, message };
}

describe('a player’s attack in each mode', () => {
  // Worked out from the modes (docs/architecture.md "Roll modes"): private GM: the GMs and the roller;
  // blind GM: the GMs only; self: the roller (the GM, whose client writes the card, sees it too).
  const cases: [RollMode, string[], boolean, { player: boolean; other: boolean }][] = [
    ['publicroll', [], false, { player: true, other: true }],
    ['gmroll', [gmId, playerId], false, { player: true, other: false }],
    ['blindroll', [gmId], true, { player: false, other: false }],
    ['selfroll', [playerId], false, { player: true, other: false }],
  ];

  for (const [mode, whisper, blind, sees] of cases)
    it(`${mode}: whispered to its audience, recorded by the GM; each user sees and presses what it allows`, async () => {
      const dsn = installDice3d();
      const { message } = await playerAttacksOrc(mode);
      const card = fresh(message);
      expect(card.author?.id).toBe(gmId);
      expect(card.whisper).toEqual(whisper);
      expect(card.blind).toBe(blind);
      expect(rollModeOf(card)).toEqual({ mode, user: playerId });

      // The orc's Defense is the GM's to roll; its dice go to the card's audience only.
      h.as(gm);
      h.dice.queue(2);
      await click(message, 'rollDefense');
      expect(firstTarget(message).result?.hit).toBe(true);
      const shown = dsn.shown.at(-1);
      expect(shown?.whisper).toEqual(blind ? [gmId] : whisper.length ? whisper : null);
      const audience =
        mode === 'publicroll' ? [gmId, playerId, otherId] : blind ? [gmId] : [gmId, ...whisper];
      expect([...new Set(shown?.seenBy)].sort()).toEqual([...new Set(audience)].sort());

      const asGM = view(gm, message);
      expect(asGM.hidden).toBe(false);
      expect(asGM.buttons).toContain('rollDamage');

      const asPlayer = view(player, message);
      expect(asPlayer.hidden).toBe(!sees.player);
      if (sees.player) expect(asPlayer.buttons).toContain('rollDamage');
      else expect(asPlayer).toMatchObject({ buttons: [], targets: 0 });

      const asOther = view(otherPlayer, message);
      expect(asOther.hidden).toBe(!sees.other);
      expect(asOther.buttons).toEqual([]);
      if (!sees.other) expect(asOther.targets).toBe(0);
    });

  it('a player who may not see a blind result may not press its buttons either (a forged request)', async () => {
    const { message } = await playerAttacksOrc('blindroll');
    h.as(gm);
    h.dice.queue(2);
    await click(message, 'rollDefense');
    const before = JSON.stringify(firstTarget(message));
    const result = await asClient(player, () =>
      requestCardAction(message.id as string, 'rollDamage', firstTarget(message).id),
    );
    expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Card.HiddenRoll' });
    expect(JSON.stringify(firstTarget(message))).toBe(before);
    // The GM plays the step for the attacker's side.
    h.dice.queue(6);
    await click(message, 'rollDamage');
    expect(firstTarget(message).damage).toBeTruthy();
  });
});

describe('the GM’s NPC attacks a player’s character', () => {
  it('blind: the defender’s player sees that a roll was made, never its Defense or result, and gets no button', async () => {
    const dsn = installDice3d();
    const { message } = await gmAttacksRogue('blindroll');
    expect(fresh(message)).toMatchObject({ whisper: [gmId], blind: true });
    expect(view(gm, message).buttons).toContain('rollDefense');
    const defender = view(player, message);
    expect(defender).toMatchObject({ hidden: true, buttons: [], targets: 0 });
    expect(defender.text).toBe('Rolled blind for the GM: only the GM sees the result and plays its steps.');

    // The defender's player cannot roll the hidden Defense; the GM rolls it, shown to the GMs only.
    const forged = await asClient(player, () =>
      requestCardAction(message.id as string, 'rollDefense', firstTarget(message).id),
    );
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Card.HiddenRoll' });
    expect(firstTarget(message).defense).toBeNull();
    h.as(gm);
    h.dice.queue(4);
    await click(message, 'rollDefense');
    const total = firstTarget(message).defense?.total as number;
    expect(total).toBeGreaterThan(4);
    expect(dsn.shown.at(-1)).toMatchObject({ whisper: [gmId], blind: false, seenBy: [gmId] });
    const after = view(player, message);
    expect(after).toMatchObject({ hidden: true, buttons: [], targets: 0 });
    expect(after.text).not.toContain(String(total));
    expect(view(otherPlayer, message)).toMatchObject({ hidden: true, buttons: [] });
  });

  it('private GM: the card is the GMs’; public: the defender’s player rolls its own Defense', async () => {
    const { message: quiet } = await gmAttacksRogue('gmroll');
    expect(fresh(quiet)).toMatchObject({ whisper: [gmId], blind: false });
    expect(view(player, quiet)).toMatchObject({ hidden: true, buttons: [] });
    expect(view(player, quiet).text).toBe('The GM rolled privately: only the GMs see the result.');

    h.reset(28);
    const { message: open } = await gmAttacksRogue('publicroll');
    expect(fresh(open)).toMatchObject({ whisper: [], blind: false });
    expect(view(player, open).buttons).toContain('rollDefense');
    expect(view(otherPlayer, open)).toMatchObject({ hidden: false, buttons: [] });
  });
});

describe('the trust model holds', () => {
  it('a player’s client cannot make a GM’s roll public: the card and its recorded mode are the GM’s', async () => {
    const { message } = await gmAttacksRogue('blindroll');
    await expect(
      asClient(player, () =>
        fresh(message).update({
          whisper: [],
          blind: false,
          'flags.gng.rollMode': { mode: 'publicroll', user: playerId },
        }),
      ),
    ).rejects.toThrow();
    expect(fresh(message)).toMatchObject({ whisper: [gmId], blind: true });
    expect(rollModeOf(fresh(message))).toEqual({ mode: 'blindroll', user: gmId });
  });

  it('a mode recorded on a player’s own message decides nothing; a later step keeps the card’s mode', async () => {
    const own = (await asClient(player, () =>
      ChatMessage.create({ content: 'x', flags: { gng: { rollMode: { mode: 'blindroll', user: gmId } } } }),
    )) as ChatMessage;
    expect(rollModeOf(own)).toEqual({ mode: 'publicroll', user: '' });

    // The attacker chose private; the GM, whose own controls say public, rolls the Defense in private.
    const dsn = installDice3d();
    const { message } = await playerAttacksOrc('gmroll');
    await choose(gm, 'publicroll');
    h.as(gm);
    h.dice.queue(2);
    await click(message, 'rollDefense');
    expect(dsn.shown.at(-1)?.whisper).toEqual([gmId, playerId]);
    expect(fresh(message).whisper).toEqual([gmId, playerId]);
  });

  it('a request naming no mode is public; one naming something else is refused and posts nothing', async () => {
    const fighter = await appendix3Fighter(h, player);
    const orc = await appendix3Rogue(h);
    const token = h.placeToken(orc);
    const start = {
      action: 'start',
      actorUuid: fighter.uuid,
      weaponId: weaponOf(fighter, 'Bastard sword').id,
      options: {},
      targets: [{ tokenId: token.id, actorUuid: orc.uuid }],
    };
    const count = game.messages.size;
    const refused = await asClient(player, () =>
      askGM(ATTACK_QUERY, start, { rollMode: 'everyone' as RollMode }),
    );
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Error.Card.BadRequest' });
    expect(game.messages.size).toBe(count);
    const bare = (await asClient(player, () => game.users.activeGM?.query(ATTACK_QUERY, start))) as {
      ok: boolean;
    };
    // A bare query proves no sender (refused before any card); the kernel's own request is public.
    expect(bare.ok).toBe(false);
    h.dice.queue(15);
    const posted = await asClient(player, () => askGM(ATTACK_QUERY, start));
    expect(posted.ok).toBe(true);
    expect(rollModeOf(game.messages.contents.at(-1))).toEqual({ mode: 'publicroll', user: playerId });
  });
});

describe('odds and the attack dialog', () => {
  it('odds follow the card’s mode before the world setting', async () => {
    h.as(gm);
    await game.settings.set('gng', 'showOdds', 'everyone');
    const { fighter, message } = await playerAttacksOrc('gmroll');
    expect(oddsShownTo(player, 'card', fighter, fresh(message))).toBe(true);
    expect(oddsShownTo(otherPlayer, 'card', fighter, fresh(message))).toBe(false);
    expect(oddsShownTo(gm, 'card', fighter, fresh(message))).toBe(true);
    const { message: open } = await playerAttacksOrc('publicroll');
    expect(oddsShownTo(otherPlayer, 'card', fighter, fresh(open))).toBe(true);
    // As drawn (the odds' chunk loaded by the first card): on the public card, not on the private one.
    const oddsFor = (user: User, card: ChatMessage) =>
      asClient(user, () => h.renderMessage(fresh(card)).querySelector('.attack-odds') !== null);
    expect(oddsFor(otherPlayer, open)).toBe(true);
    expect(oddsFor(otherPlayer, message)).toBe(false);
    expect(oddsFor(player, message)).toBe(true);

    // The defender's "What if?" on the GM's blind attack: not for the defender's player.
    const { rogue, message: blind } = await gmAttacksRogue('blindroll');
    expect(oddsShownTo(player, 'whatIf', rogue, fresh(blind))).toBe(false);
    expect(oddsShownTo(player, 'whatIf', rogue, null)).toBe(true);
  });

  it('the dialog opens on the user’s chosen mode; another chosen there goes with the attack', async () => {
    const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
    const fighter = await appendix3Fighter(h, player);
    const orc = await appendix3Rogue(h);
    await choose(player, 'gmroll');
    h.as(player);
    h.target(player, h.placeToken(orc));
    const result = AttackDialog.prompt(fighter, weaponOf(fighter, 'Bastard sword'));
    const dialog = await openDialog();
    const select = dialog.element.querySelector<HTMLSelectElement>('select[name="rollMode"]');
    expect(select?.value).toBe('gmroll');
    expect([...(select?.options ?? [])].map((o) => o.textContent)).toEqual([
      'Public roll',
      'Private GM roll',
      'Blind GM roll',
      'Self roll',
    ]);
    await h.change(dialog, 'select[name="rollMode"]', 'blindroll');
    await h.click(dialog, 'button[type="submit"]');
    const choices = await result;
    expect(choices?.rollMode).toBe('blindroll');
    h.dice.queue(15);
    const message = (await game.gng.attack(
      fighter,
      weaponOf(fighter, 'Bastard sword'),
      choices ?? {},
    )) as ChatMessage;
    expect(fresh(message)).toMatchObject({ whisper: [gmId], blind: true });
    expect(rollModeOf(fresh(message))).toEqual({ mode: 'blindroll', user: playerId });
  });
});

describe('a card an attack opens', () => {
  it('Stab and Grab’s grapple card takes the attack card’s mode and roller', async () => {
    const { fighter, orc, message } = await playerAttacksOrc('blindroll');
    h.as(gm);
    h.dice.queue(10);
    const grapple = (await openGrappleOnHit({
      attacker: fighter,
      defender: orc,
      tokenId: null,
      user: player,
      bonus: 4,
      source: 'stab-and-grab',
      rollModeOf: fresh(message),
    })) as ChatMessage;
    expect(grapple).toMatchObject({ whisper: [gmId], blind: true });
    expect(rollModeOf(grapple)).toEqual({ mode: 'blindroll', user: playerId });
    expect(view(player, grapple)).toMatchObject({ hidden: true, buttons: [] });
  });

  it('a feat offer after a hidden step keeps the card’s mode: it does not reveal the result', async () => {
    const { postFeatOffer } = await import('../../src/cards/feat-offer/feat-offer-actions.js');
    const { fighter, orc, message } = await playerAttacksOrc('gmroll');
    h.as(gm);
    const offer = (await postFeatOffer(
      {
        kind: 'clean-up-blow',
        holder: {
          id: 'holder',
          actorUuid: fighter.uuid,
          name: fighter.name,
          takenBy: null,
          declinedBy: null,
        },
        opponent: { actorUuid: orc.uuid, name: orc.name, tokenId: null },
        source: message.id as string,
        sourceTarget: firstTarget(message).id,
      },
      fighter,
    )) as ChatMessage;
    expect(offer).toMatchObject({ whisper: [gmId, playerId], blind: false });
    expect(rollModeOf(offer)).toEqual({ mode: 'gmroll', user: playerId });
    expect(view(otherPlayer, offer)).toMatchObject({ hidden: true, buttons: [] });
    expect(view(player, offer).buttons).toContain('featOfferTake');
  });
});
