/**
 * The Time Count maneuver card as a typed message (issue #34; subtype `tcManeuver`,
 * src/cards/tc-maneuver/tc-maneuver-*): its state in `system`; drawn on each client in its user's
 * language (the player's client in the pseudo-locale, the GM's in English); and a maneuver card posted
 * before the change (`type: 'base'`, `flags.gng.tcManeuver`) still drawn, applied and undone. Numbers
 * as in tc-maneuver-card.test.ts: Zherynn (attack bonus 2) trips Garret (Vigor 11) at count 6,
 * natural 9: 11 meets 11, a hit; SF 1d6+3 [4] = 7, acts next at 13; fatigue 0 → 1.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { tcCountSix } from '../fixtures/tc-world.js';
import { getHarness } from '../harness/index.js';
import { cardView, useModelWorld } from '../fixtures/model-world.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { TC_MODEL } from '../../src/rules/models/tc/model.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { registerTcSpeedFactorsSetting } from '../../src/combat/tc-schedule.js';
import { registerTcManeuverCards } from '../../src/cards/tc-maneuver/tc-maneuver-register.js';
import { tcManeuverState } from '../../src/cards/tc-maneuver/tc-maneuver-state.js';

const h = await getHarness();
const { gm, player } = h.users;
useModelWorld(h, 3407, TC_MODEL, { endCombats: true });
const view = cardView(h);
const suite = typedCardSuite(h);
const { fresh } = suite;
const maneuverCard = suite.card({ subtype: 'tcManeuver', flag: 'tcManeuver', legacyType: 'tcManeuver' });

let zherynn: Actor;
let garret: Actor;
const stance = (actor: Actor) =>
  (actor.system as unknown as { model: { tc: { stance: string } } }).model.tc.stance;
const lines = (card: ChatMessage, selector = '.card-header h3, .tc-maneuver-line') =>
  suite.texts(card, selector);

beforeEach(async () => {
  registerTcSpeedFactorsSetting();
  registerTcManeuverCards();
  ({ zherynn, garret } = await tcCountSix(h, {
    zherynn: { abilities: { str: { value: 14 } }, hp: { value: 12 } },
    garret: { abilities: { con: { value: 12 } }, hp: { value: 10 } },
  }));
});

/** The player's Zherynn trips Garret (natural 9, SF die 4); the card. */
async function tripped(): Promise<ChatMessage> {
  h.as(player);
  h.dice.queue(9, 4);
  const message = await (
    game.gng as unknown as { tcManeuver(a: Actor, m: string, o: object): Promise<ChatMessage | null> }
  ).tcManeuver(zherynn, 'trip', { targets: [garret] });
  await attackActionsSettled();
  h.as(gm);
  return message as ChatMessage;
}

const heading = 'Zherynn: Trip';
const speed = 'Zherynn acts next at count 13 (SF 1d6+3 = 7).';
const fatigue = 'Zherynn spends its fatigue: 0 → 1.';
const roll = '11 (natural 9) against Vigor 11: a hit.';

describe('the maneuver card as a typed message', () => {
  it('has the subtype tcManeuver and its whole state in system, none in its flags', async () => {
    const card = await tripped();
    maneuverCard.expectTyped(card, {
      version: 1,
      maneuver: 'trip',
      attacker: { actorUuid: zherynn.uuid, name: 'Zherynn' },
      check: { bonus: 2 },
      fumble: false,
      speed: { sf: 7, formula: '1d6+3', next: 13 },
      fatigue: { before: 0, after: 1 },
      targets: [{ name: 'Garret', natural: 9, total: 11, defenses: [{ defense: 'vigor', value: 11 }] }],
      withdrawn: null,
    });
  });

  it("is drawn in each client's language: the player's pseudo-locale, the GM's English", async () => {
    const card = await tripped();
    const english = await lines(card);
    expect(english[0]).toBe(heading);
    expect(english).toContain(speed);
    expect(english).toContain(fatigue);
    expect(await lines(card, '.tc-maneuver-target p')).toContain(roll);
    suite.asReader();
    const marked = await lines(card);
    expect(marked[0]).toBe(pseudo(`Zherynn: ${pseudo('Trip')}`));
    expect(marked).toContain(pseudo(speed));
    expect(marked).toContain(pseudo(fatigue));
    expect(await lines(card, '.tc-maneuver-target p')).toContain(
      pseudo(`11 (natural 9) against ${pseudo('Vigor')} 11: a hit.`),
    );
    // The same lines, one by one, in the other language.
    expect(marked.length).toBe(english.length);
    await view.click(card, 'applyTcManeuver');
    expect(stance(garret)).toBe('prone');
    expect(await lines(card, '.tc-maneuver-target p')).toContain(pseudo('Applied.'));
    h.as(gm);
    expect(await lines(card, '.tc-maneuver-target p')).toContain('Applied.');
  });
});

describe('a maneuver card posted before issue #34 (type base, its state in flags.gng.tcManeuver)', () => {
  it('still renders, and its Apply and Undo still work, saved in its flags', async () => {
    const card = await tripped();
    const legacy = await maneuverCard.postLegacy(card);
    expect(tcManeuverState(legacy)).toMatchObject({ maneuver: 'trip', check: { bonus: 2 } });
    suite.asReader();
    // Drawn from its stored content (the English it was posted in).
    expect((await lines(legacy))[0]).toBe(heading);
    expect(view.buttons(legacy)).toEqual(['applyTcManeuver', 'takeBackTcManeuver']);
    await view.click(legacy, 'applyTcManeuver');
    expect(stance(garret)).toBe('prone');
    expect(fresh(legacy).type).toBe('base');
    expect(tcManeuverState(fresh(legacy))?.targets[0]?.applied).not.toBeNull();
    expect(view.buttons(legacy)).toEqual(['undoTcManeuver']);
    await view.click(legacy, 'undoTcManeuver');
    expect(stance(garret)).toBe('basic');
    expect(tcManeuverState(fresh(legacy))?.targets[0]?.applied).toBeNull();
    expect(view.buttons(legacy)).toEqual(['applyTcManeuver', 'takeBackTcManeuver']);
  });
});
