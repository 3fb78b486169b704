/**
 * The attack card as a typed chat message (issue #34): its state in `system` (subtype `attack`,
 * attack-data.ts), drawn on each client in that user's language (the GM's in English, a player's in a
 * pseudo-locale), and an attack card posted before the change (`type: 'base'`, its state in
 * `flags.gng.attack`) still drawn, undone and applied again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { buttons, click, drawn, orc: unownedOrc } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(34));
const suite = typedCardSuite(h);
const { fresh } = suite;
const typedAttack = suite.card({
  subtype: 'attack',
  flag: 'attack',
  legacyType: 'attackCard',
  kindInFlags: true,
});
const text = (html: HTMLElement, selector: string) => html.querySelector(selector)?.textContent?.trim();
const hp = (actor: Actor) => (actor.system as unknown as CreatureData).hp.value;
const labels = (html: HTMLElement) =>
  [...html.querySelectorAll('button[data-action]')].map((b) => b.textContent?.trim());

/**
 * The player's fighter (bastard sword, 1d10 + 4) hits the orc (30 HP, Con 30): attack d20
 * 15, the GM rolls the orc's Defense (d20 2); the card waits for the fighter's damage.
 */
async function fighterHitsOrc() {
  h.as(gm);
  const fighter = await appendix3Fighter(h, player);
  const orc = await unownedOrc();
  h.as(player);
  h.target(player, h.placeToken(orc));
  h.dice.queue(15);
  const card = (await game.gng.attack(
    fighter,
    fighter.items.find((i) => i.name === 'Bastard sword') as Item,
    {},
  )) as ChatMessage;
  await attackActionsSettled();
  h.as(gm);
  h.dice.queue(2);
  await click(card, 'rollDefense');
  return { fighter, orc, card };
}

describe('the attack card as a typed message', () => {
  it('has the subtype attack and its whole state in system, none in its flags', async () => {
    const { fighter, orc, card } = await fighterHitsOrc();
    typedAttack.expectTyped(fresh(card), {
      version: 1,
      attacker: { actorUuid: fighter.uuid, name: fighter.name },
      weapon: { name: 'Bastard sword', mode: 'melee' },
      attack: { natural: 15 },
      targets: [{ kind: 'creature', name: 'Orc', actorUuid: orc.uuid, result: { hit: true }, damage: null }],
    });
    // The reader the steps use: the parts a card does not use are absent.
    expect(cardState(fresh(card))?.targets[0]).not.toHaveProperty('strike');
    // The fallback content, rendered by the GM's client.
    expect(fresh(card).content).toContain(`${fighter.name} attacks with Bastard sword`);
  });

  it("is drawn on each client in its user's language: the GM's in English, the player's in another", async () => {
    const { fighter, orc, card } = await fighterHitsOrc();
    const name = fighter.name;
    suite.asReader();
    let html = await drawn(card);
    expect(text(html, '.card-header h3')).toBe(pseudo(`${name} attacks with Bastard sword`));
    // Its buttons are this user's, labelled in its language, and they work.
    expect(labels(html)).toEqual([pseudo(`Roll damage (${name})`)]);
    h.dice.queue(6);
    html.querySelector<HTMLButtonElement>('button[data-action="rollDamage"]')?.click();
    await attackActionsSettled();
    html = await drawn(card);
    expect(labels(html)).toEqual([pseudo('Apply damage to Orc')]);
    await click(card, 'applyDamage');
    const after = hp(orc);
    expect(after).toBeLessThan(30);
    html = await drawn(card);
    expect(html.textContent).toContain(pseudo(`Hit points 30 → ${after}`));

    h.as(gm);
    html = await drawn(card);
    expect(text(html, '.card-header h3')).toBe(`${name} attacks with Bastard sword`);
    expect(html.textContent).toContain(`Hit points 30 → ${after}`);
    expect(html.textContent).not.toContain('«');
    // The fallback content stays the GM's English.
    expect(fresh(card).content).toContain(`Hit points 30 → ${after}`);
    expect(fresh(card).content).not.toContain('«');
  });
});

describe('an attack card posted before issue #34 (type base, its state in flags.gng.attack)', () => {
  it('still renders, its Undo works (saved in its flags), and the damage can be applied again', async () => {
    const { fighter, orc, card } = await fighterHitsOrc();
    h.as(player);
    h.dice.queue(6);
    await click(card, 'rollDamage');
    await click(card, 'applyDamage');
    const after = hp(orc);
    expect(after).toBeLessThan(30);
    // The same card as the GM's client wrote it before: the state in its flags, an Undo note a string.
    const old = cardState(fresh(card)) as AttackCardState;
    h.as(gm);
    const legacy = await typedAttack.postLegacy(card, { state: old, keep: true });
    expect(cardState(legacy)?.targets[0]?.applied?.hp).toEqual({ before: 30, after });

    // Drawn from its stored content (English for everyone), with this user's buttons.
    const heading = async (message: ChatMessage) => text(await drawn(message), '.card-header h3');
    await suite.expectReaderReads(legacy, heading, `${fighter.name} attacks with Bastard sword`);
    expect(buttons(legacy)).toEqual(['undoDamage']);
    await click(legacy, 'undoDamage');
    expect(hp(orc)).toBe(30);
    expect(fresh(legacy).type).toBe('base');
    const saved = fresh(legacy).flags.gng?.attack as AttackCardState;
    expect(saved.targets[0]?.applied).toBeNull();
    expect(buttons(legacy)).toEqual(['applyDamage']);
    await click(legacy, 'applyDamage');
    expect(hp(orc)).toBe(after);
    expect((fresh(legacy).flags.gng?.attack as AttackCardState).targets[0]?.applied?.hp.after).toBe(after);
  });

  it('shows an Undo note it stored as text as it was written, and a typed card its notes in each language', async () => {
    const { card } = await fighterHitsOrc();
    const old = cardState(fresh(card)) as AttackCardState;
    old.targets[0]!.undoNotes = ['A note written in English before.'];
    const legacy = await typedAttack.postLegacy(card, { state: old, content: '<p>old</p>', keep: true });
    const { attackCard } = await import('../../src/cards/attack/attack-actions.js');
    await attackCard.spec.save(legacy, old);
    expect(fresh(legacy).content).toContain('A note written in English before.');
    // A typed card's note is a lang key and its data, drawn in each client's language.
    const typed = cardState(fresh(card)) as AttackCardState;
    typed.targets[0]!.undoNotes = [{ key: 'GNG.Fire.Withdrawn' }];
    await attackCard.spec.save(fresh(card), typed);
    expect(cardStateOf<AttackCardState>(fresh(card))?.targets[0]?.undoNotes).toEqual([
      { key: 'GNG.Fire.Withdrawn' },
    ]);
    const english = 'This attack was taken back: nothing more happens on its card.';
    expect(text(await drawn(card), '.undo-note')).toBe(english);
    suite.asReader();
    expect(text(await drawn(card), '.undo-note')).toBe(pseudo(english));
  });
});
