/**
 * Stab and Grab (GnG "Stab and Grab"; decisions D12, D21–D23): its requirements refused with a
 * localized reason in the attack dialog; on a hit whose Fortitude save fails, the attack card's GM
 * side opens the grapple card (`openGrappleOnHit`) with the attacker's +4 and the lodged weapon; the
 * attack card's Undo removes that grapple card while nothing was resolved on it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, forged, withFeats } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { GRAPPLE_QUERY, grappleState } from '../../src/cards/grapple/grapple-ask.js';
import { STAB_AND_GRAB, calledShotPenalty } from '../../src/rules/index.js';

const h = await getHarness();
const { click, openDialog, orc } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(53));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const state = (message: ChatMessage) => cardState(game.messages.get(message.id as string)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const content = (message: ChatMessage) => game.messages.get(message.id as string)?.content ?? '';
const latest = () => game.messages.contents.at(-1) as ChatMessage | undefined;
const text = (dialog: HarnessApplicationV2, selector: string) =>
  dialog.element.querySelector(selector)?.textContent?.trim() ?? '';

/** `attacker` (the player's) attacks `defender` from its sheet with Stab and Grab ticked, then `fill`. */
async function stabAndGrab(
  attacker: Actor,
  weaponName: string,
  defender: Actor,
  natural: number,
  fill: (dialog: HarnessApplicationV2) => Promise<void> = async () => undefined,
) {
  h.placeToken(attacker);
  h.as(player);
  h.target(player, h.placeToken(defender));
  const before = game.messages.contents.length;
  const sheet = await h.openSheet(attacker);
  const weapon = attacker.items.find((i) => i.name === weaponName) as Item;
  const clicked = h.click(sheet, `.attack[data-item-id="${weapon.id}"] button[data-action="rollAttack"]`);
  const dialog = await openDialog();
  const sheetBonus = Number(text(dialog, '.attack-total'));
  await h.change(dialog, 'input[name="calledShots.stab-and-grab"]', true);
  await fill(dialog);
  const shown = Number(text(dialog, '.attack-total'));
  const notes = text(dialog, '.attack-notes');
  h.dice.queue(natural);
  await h.click(dialog, 'button[type="submit"]');
  await clicked;
  await attackActionsSettled();
  const message = game.messages.contents.length > before ? latest() : undefined;
  if (!message) h.dice.queued.splice(0);
  return { message, sheetBonus, shown, notes };
}

describe('Stab and Grab', () => {
  it('its requirements are refused with a reason: Improved Grapple, single edge, a free hand', async () => {
    const defender = await orc();
    const rogue = await appendix3Rogue(h, player);
    const noFeat = await stabAndGrab(rogue, 'Short sword', defender, 18);
    expect(noFeat.message).toBeUndefined();
    expect(noFeat.notes).toContain('Stab and Grab needs the Improved Grapple feat.');
    expect(h.notices.at(-1)?.message).toContain('Stab and Grab needs the Improved Grapple feat.');

    // The fighter's bastard sword is slashing: it needs the single-edge claim, then a free hand
    // (the fighter carries a large steel shield).
    const fighter = await withFeats(await appendix3Fighter(h, player), ['improved-grapple']);
    const edge = await stabAndGrab(fighter, 'Bastard sword', defender, 18);
    expect(edge.message).toBeUndefined();
    expect(edge.notes).toContain('needs a single edge');
    const shield = await stabAndGrab(fighter, 'Bastard sword', defender, 18, async (dialog) => {
      await h.change(dialog, 'input[name="singleEdged"]', true);
    });
    expect(shield.message).toBeUndefined();
    expect(shield.notes).toContain('Stab and Grab needs one hand free');
    const shieldItem = fighter.items.find((i) => i.type === 'shield') as Item;
    await shieldItem.update({ 'system.equipped': false });
    const twoHands = await stabAndGrab(fighter, 'Bastard sword', defender, 18, async (dialog) => {
      await h.change(dialog, 'input[name="singleEdged"]', true);
      await h.change(dialog, 'select[name="grip"]', 'two-handed');
    });
    expect(twoHands.message).toBeUndefined();
    expect(twoHands.notes).toContain('Stab and Grab needs one hand free');
    const allowed = await stabAndGrab(fighter, 'Bastard sword', defender, 18, async (dialog) => {
      await h.change(dialog, 'input[name="singleEdged"]', true);
    });
    expect(allowed.message).toBeDefined();
    expect(allowed.shown).toBe(allowed.sheetBonus + calledShotPenalty(['stab-and-grab']));
  });

  it('a hit with a failed Fortitude save opens the grapple card with +4 and the lodged weapon; Undo removes it', async () => {
    const defender = await orc();
    const rogue = await withFeats(await appendix3Rogue(h, player), ['improved-grapple']);
    const sword = rogue.items.find((i) => i.name === 'Short sword') as Item;
    const { message, sheetBonus, shown } = await stabAndGrab(rogue, 'Short sword', defender, 19);
    expect(shown).toBe(sheetBonus - 4);
    const card = message as ChatMessage;
    expect(target(card).calledShot?.effects).toEqual(['stab-and-grab']);

    h.as(gm);
    h.dice.queue(1);
    await click(card, 'rollDefense');
    expect(target(card).result?.hit).toBe(true);
    // The called shot's attack of opportunity comes first: the orc's owner (the GM) declines it.
    await click(card, 'declineAttackOfOpportunity');
    h.as(player);
    h.dice.queue(5);
    await click(card, 'rollDamage');
    await click(card, 'applyDamage');
    const dealt = target(card).damage!.final;
    expect(dealt).toBeGreaterThan(0);
    const before = game.messages.contents.length;
    h.as(gm);
    h.dice.queue(1, 10); // the Fortitude save (natural 1), then the rogue's grapple check on the new card
    await click(card, 'conditionSave');
    expect(game.messages.contents.length).toBe(before + 1);
    const grapple = latest() as ChatMessage;
    const g = grappleState(grapple);
    expect(g?.source).toBe('stab-and-grab');
    expect(g?.attacker.actorUuid).toBe(rogue.uuid);
    expect(g?.defender.actorUuid).toBe(defender.uuid);
    expect(g?.bonus).toMatchObject({
      value: STAB_AND_GRAB.initialGrappleBonus,
      weapon: { itemId: sword.id },
      removed: false,
    });
    const condition = target(card).calledShot!.condition!;
    expect(condition.stabAndGrab).toEqual({ grappleMessageId: grapple.id, lodgedWeaponId: sword.id });
    expect(content(card)).toContain('Stab and Grab: 1st-level rogue grabs the Short sword lodged in Orc');

    // Undo of the attack card takes the untouched grapple card away too.
    // The defender has rolled against the damage: its attacker's player no longer undoes it (the GM does).
    h.as(player);
    expect(
      await forged(player, { messageId: card.id, action: 'undoDamage', target: target(card).id }),
    ).toMatchObject({ ok: false, error: 'GNG.Error.Attack.UndoAfterDefenderRoll' });
    h.as(gm);
    await click(card, 'undoDamage');
    expect(game.messages.get(grapple.id as string)).toBeUndefined();
    expect(target(card).calledShot!.condition).toBeNull();
    expect(target(card).applied).toBeNull();
  });

  it('once the grapple card has gone on, the attack card’s Undo is refused and changes nothing', async () => {
    const defender = await orc();
    const rogue = await withFeats(await appendix3Rogue(h, player), ['improved-grapple']);
    const { message } = await stabAndGrab(rogue, 'Short sword', defender, 19);
    const card = message as ChatMessage;
    h.as(gm);
    h.dice.queue(1);
    await click(card, 'rollDefense');
    await click(card, 'declineAttackOfOpportunity');
    h.as(player);
    h.dice.queue(5);
    await click(card, 'rollDamage');
    await click(card, 'applyDamage');
    h.as(gm);
    h.dice.queue(1, 15);
    await click(card, 'conditionSave');
    const grapple = latest() as ChatMessage;
    // The orc answers the hold check: the grapple has a resolved step now.
    h.dice.queue(2);
    const answered = await forged(
      gm,
      { messageId: grapple.id, action: 'oppose', target: 'defender' },
      GRAPPLE_QUERY,
    );
    expect(answered).toMatchObject({ ok: true });
    expect(grappleState(game.messages.get(grapple.id as string))?.steps.length).toBeGreaterThan(0);
    const hpAfter = (defender.system as unknown as { hp: { value: number } }).hp.value;
    const undo = await forged(gm, { messageId: card.id, action: 'undoDamage', target: target(card).id });
    expect(undo).toMatchObject({ ok: false, error: 'GNG.CalledShot.Card.GrappleUnderway' });
    expect(game.messages.get(grapple.id as string)).toBeDefined();
    expect((defender.system as unknown as { hp: { value: number } }).hp.value).toBe(hpAfter);
    expect(target(card).calledShot!.condition?.stabAndGrab?.grappleMessageId).toBe(grapple.id);
  });
});
