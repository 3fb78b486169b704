/**
 * Issue 15, item 4: another player could roll the fighter's Fortitude save on a card that did not say
 * whose save it was. Now the sheet shows a non-owner the numbers with the roll and attack buttons
 * disabled, a roll asked anyway (console, macro) is refused with a message and posts nothing, and
 * the card of an owner's roll names the actor.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import type { GnGActor } from '../../src/documents/actor.js';
import { openTab } from '../fixtures/sheet-tabs.js';

const h = await getHarness();
beforeEach(() => h.reset(9));

const ROLL_ACTIONS = ['rollAbility', 'rollSave', 'rollSkill', 'rollAttack', 'startManeuver', 'startGrapple'];

async function rollButtons(actor: Actor): Promise<{ action: string; disabled: boolean }[]> {
  const sheet = await h.openSheet(actor);
  // The roll buttons of the Combat and Skills tabs (an opened tab's panel stays, hidden).
  await openTab(h, sheet, 'combat');
  await openTab(h, sheet, 'skills');
  const buttons = ROLL_ACTIONS.flatMap((action) =>
    [...sheet.element.querySelectorAll<HTMLButtonElement>(`button[data-action="${action}"]`)].map((b) => ({
      action,
      disabled: b.disabled,
    })),
  );
  await sheet.close();
  return buttons;
}

describe('rolls are the owners', () => {
  it("another player sees the fighter's roll buttons disabled; the owner's are enabled", async () => {
    const fighter = (await appendix3Fighter(h, h.users.player)) as GnGActor;
    h.as(h.users.otherPlayer);
    const foreign = await rollButtons(fighter);
    expect(new Set(foreign.map((b) => b.action))).toEqual(new Set(ROLL_ACTIONS));
    expect(foreign.filter((b) => !b.disabled)).toEqual([]);

    h.as(h.users.player);
    const own = await rollButtons(fighter);
    // Every kind of button is usable by the owner (a trained-only skill without ranks stays disabled).
    for (const action of ROLL_ACTIONS)
      expect(
        own.some((b) => b.action === action && !b.disabled),
        action,
      ).toBe(true);
  });

  it('a save, a check or a skill asked by a non-owner is refused and posts nothing', async () => {
    const fighter = (await appendix3Fighter(h, h.users.player)) as GnGActor;
    h.as(h.users.otherPlayer);
    const before = game.messages.size;
    expect(await fighter.rollSave('fort')).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      `${fighter.name} is not yours: only its owners and the GM roll for it. Nothing was rolled.`,
    );
    expect(await fighter.rollAbilityCheck('str')).toBeNull();
    expect(await fighter.rollSkill('climb')).toBeNull();
    expect(game.messages.size).toBe(before);
  });

  it("the owner's save card says whose save it is; the GM may roll it too", async () => {
    const fighter = (await appendix3Fighter(h, h.users.player)) as GnGActor;
    h.as(h.users.player);
    const message = (await fighter.rollSave('fort')) as ChatMessage;
    const html = h.renderMessage(message);
    expect(html.querySelector('.card-subject')?.textContent).toBe(`Rolled for ${fighter.name}`);
    h.as(h.users.gm);
    expect(await fighter.rollSave('will')).not.toBeNull();
    expect([...h.i18n.missing]).toEqual([]);
  });
});
