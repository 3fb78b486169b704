/**
 * The Time Count stance card as a typed message (issue #34; subtype `tcStance`,
 * src/cards/tc-maneuver/tc-stance-*): its state in `system`; drawn on each client in its user's
 * language (the player's client in the pseudo-locale, the GM's in English); and a stance card posted
 * before the change (`type: 'base'`, `flags.gng.tcStance`) still drawn and undone. Numbers as in
 * tc-stance-card.test.ts: Zherynn at count 6 shifts into Defensive, Swift, rolled 3 + 2 = 5, acts next
 * at 11.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { tcCountSix } from '../fixtures/tc-world.js';
import { getHarness } from '../harness/index.js';
import { cardView, useModelWorld } from '../fixtures/model-world.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { TC_MODEL } from '../../src/rules/models/tc/model.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { registerTcSpeedFactorsSetting, tcSchedule } from '../../src/combat/tc-schedule.js';
import { registerTcManeuverCards } from '../../src/cards/tc-maneuver/tc-maneuver-register.js';
import { tcStanceCardOf } from '../../src/cards/tc-maneuver/tc-stance-actions.js';

const h = await getHarness();
const { gm, player } = h.users;

useModelWorld(h, 3405, TC_MODEL, { endCombats: true });
const view = cardView(h);
const suite = typedCardSuite(h);
const stanceCard = suite.card({ subtype: 'tcStance', flag: 'tcStance', legacyType: 'tcStance' });

let zherynn: Actor;
let combat: Combat;
let z: string;

const tc = (actor: Actor) =>
  (actor.system as unknown as { model: { tc: { stance: string; stanceUntil: number } } }).model.tc;
/** The card's heading and lines as the current user's client draws it. */
const lines = (card: ChatMessage) => suite.texts(card, '.card-header h3, .tc-stance-line');

beforeEach(async () => {
  registerTcSpeedFactorsSetting();
  registerTcManeuverCards();
  ({ zherynn, combat, z } = await tcCountSix(h));
});

/** The player shifts Zherynn into Defensive (rolled 3); the card. */
async function shifted(): Promise<ChatMessage> {
  h.as(player);
  h.dice.queue(3);
  expect(await askGM('gng.tcStance', { actorUuid: zherynn.uuid, stance: 'defensive' })).toMatchObject({
    ok: true,
  });
  await attackActionsSettled();
  h.as(gm);
  return game.messages.contents.at(-1) as ChatMessage;
}

const heading = 'Zherynn: Defensive stance';
const shift = 'Zherynn shifts from Basic to Defensive (Swift, SF 1d4+2 = 5) and acts next at count 11.';
const transition = 'Until count 11, Zherynn has the drawbacks of Defensive without its benefits.';
const undone = 'Undone: the stance and the Time Count are as they were.';
// The pseudo-locale's: the stance and speed names are localized too, each marked.
const pHeading = pseudo(`Zherynn: ${pseudo('Defensive')} stance`);
const pShift = pseudo(
  `Zherynn shifts from ${pseudo('Basic')} to ${pseudo('Defensive')} (${pseudo('Swift')}, SF 1d4+2 = 5) and acts next at count 11.`,
);
const pTransition = pseudo(
  `Until count 11, Zherynn has the drawbacks of ${pseudo('Defensive')} without its benefits.`,
);

describe('the stance card as a typed message', () => {
  it('has the subtype tcStance and its whole state in system, none in its flags', async () => {
    const card = await shifted();
    stanceCard.expectTyped(card, {
      actorUuid: zherynn.uuid,
      name: 'Zherynn',
      from: 'basic',
      to: 'defensive',
      speedClass: 'swift',
      sf: 5,
      formula: '1d4+2',
      next: 11,
      untilBefore: 0,
      applied: { record: { kind: 'act', combatantId: z, before: 6, after: 11 } },
      undone: false,
      undoNotes: [],
    });
  });

  it("is drawn in each client's language: the player's pseudo-locale, the GM's English; Undo redraws", async () => {
    const card = await shifted();
    await suite.expectEachLanguage(
      card,
      lines,
      [heading, shift, transition],
      [pHeading, pShift, pTransition],
    );
    await view.click(card, 'tcStanceUndo');
    expect(tc(zherynn)).toMatchObject({ stance: 'basic', stanceUntil: 0 });
    expect(await lines(card)).toEqual([heading, shift, transition, undone]);
    h.as(player);
    expect(await lines(card)).toEqual([pHeading, pShift, pTransition, pseudo(undone)]);
  });
});

describe('a stance card posted before issue #34 (type base, its state in flags.gng.tcStance)', () => {
  it('still renders and its Undo still works, saved in its flags', async () => {
    const card = await shifted();
    const legacy = await stanceCard.postLegacy(card, { omit: ['undone', 'undoNotes'] });
    expect(tcStanceCardOf(legacy)).toMatchObject({ to: 'defensive', next: 11 });
    // Drawn from its stored content (the English it was posted in); no Undo for the player.
    await suite.expectReaderReads(legacy, lines, [heading, shift, transition]);
    expect(view.buttons(legacy)).toEqual([]);
    h.as(gm);
    expect(view.buttons(legacy)).toEqual(['tcStanceUndo']);
    await view.click(legacy, 'tcStanceUndo');
    expect(tc(zherynn)).toMatchObject({ stance: 'basic', stanceUntil: 0 });
    expect(tcSchedule(combat).next[z]).toBe(6);
    stanceCard.expectSaved(legacy, { applied: null, undone: true });
    expect(view.buttons(legacy)).toEqual([]);
    expect(await lines(legacy)).toEqual([heading, shift, transition, undone]);
  });
});
