/**
 * The Time Count act card as a typed message (issue #34; subtype `tcAct`, src/cards/tc-act/): its
 * state in `system`, its lines keys and data (the action's name a key too); drawn on each client in
 * its user's language (the player's client in the pseudo-locale, the GM's in English); and an act
 * card posted before the change (`type: 'base'`, `flags.gng.tcAct`) still drawn and undone. Numbers as
 * in tc-tracker.test.ts: Zherynn at 6 (002:243) draws a weapon, Rapid 1d4 [3]: acts next at 9.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { tcCountSix } from '../fixtures/tc-world.js';
import { getHarness } from '../harness/index.js';
import { cardView, useModelWorld } from '../fixtures/model-world.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { TC_MODEL } from '../../src/rules/models/tc/model.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { registerTcTracker } from '../../src/models/tc-tracker.js';
import { registerTcSpeedFactorsSetting, tcSchedule } from '../../src/combat/tc-schedule.js';
import { tcActCardOf } from '../../src/cards/tc-act/tc-act-actions.js';

const h = await getHarness();
const { gm, player } = h.users;
useModelWorld(h, 3406, TC_MODEL);
registerTcTracker();
const view = cardView(h);
const suite = typedCardSuite(h);
const actCard = suite.card({ subtype: 'tcAct', flag: 'tcAct', legacyType: 'tcAct' });

let zherynn: Actor;
let combat: Combat;
let z: string;

beforeEach(async () => {
  registerTcSpeedFactorsSetting();
  ({ zherynn, combat, z } = await tcCountSix(h, { begin: false }));
});

const lines = (card: ChatMessage) => suite.texts(card, '.card-header h3, .tc-act-line');

/** The player's Zherynn draws a weapon (rolled 3); the card. */
async function acted(): Promise<ChatMessage> {
  h.as(player);
  h.dice.queue(3);
  expect(
    await askGM('gng.tcAct', { combatId: combat.id, combatantId: z, action: 'drawWeapon' }),
  ).toMatchObject({ ok: true });
  await attackActionsSettled();
  h.as(gm);
  expect(tcSchedule(combat).next[z]).toBe(9);
  return game.messages.contents.at(-1) as ChatMessage;
}

const heading = 'Time Count';
const line = 'Zherynn: Draw a normal weapon, SF 1d4 [3] = 3; acted at 6, acts next at 9.';
const undone = 'Undone: the Time Count is as it was.';
const pLine = pseudo(
  `Zherynn: ${pseudo('Draw a normal weapon')}, SF 1d4 [3] = 3; acted at 6, acts next at 9.`,
);

describe('the act card as a typed message', () => {
  it('has the subtype tcAct and its whole state in system (lines as keys), none in its flags', async () => {
    const card = await acted();
    actCard.expectTyped(card, {
      combatId: combat.id,
      actorUuids: [zherynn.uuid],
      lines: [
        {
          key: 'GNG.Model.TC.Act.Rolled',
          data: {
            name: 'Zherynn',
            action: { key: 'GNG.Model.TC.ActionSpeed.drawWeapon' },
            formula: '1d4',
            rolls: '3',
            sf: 3,
            count: 6,
            next: 9,
          },
        },
      ],
      applied: [{ kind: 'act', combatantId: z, before: 6, after: 9 }],
      undone: false,
    });
  });

  it("is drawn in each client's language: the player's pseudo-locale, the GM's English; Undo redraws", async () => {
    const card = await acted();
    await suite.expectEachLanguage(card, lines, [heading, line], [pseudo(heading), pLine]);
    await view.click(card, 'tcActUndo');
    expect(tcSchedule(combat).next[z]).toBe(6);
    expect(await lines(card)).toEqual([heading, line, undone]);
    h.as(player);
    expect(await lines(card)).toEqual([pseudo(heading), pLine, pseudo(undone)]);
  });
});

describe('an act card posted before issue #34 (type base, its state in flags.gng.tcAct)', () => {
  it('still renders and its Undo still works, saved in its flags', async () => {
    const card = await acted();
    const old = actCard.legacyState(card, ['undone', 'undoNotes']);
    // Then the action's name was the GM's text.
    const lines0 = old.lines as { data: Record<string, unknown> }[];
    lines0[0]!.data.action = 'Draw a normal weapon';
    const legacy = await actCard.postLegacy(card, { state: old });
    expect(tcActCardOf(legacy)).toMatchObject({ combatId: combat.id });
    await suite.expectReaderReads(legacy, lines, [heading, line]);
    expect(view.buttons(legacy)).toEqual([]);
    h.as(gm);
    expect(view.buttons(legacy)).toEqual(['tcActUndo']);
    await view.click(legacy, 'tcActUndo');
    expect(tcSchedule(combat).next[z]).toBe(6);
    actCard.expectSaved(legacy, { applied: null, undone: true });
    expect(await lines(legacy)).toEqual([heading, line, undone]);
  });
});
