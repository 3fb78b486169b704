/**
 * Breaking strikes and nerve strikes (GnG Appendix 4) from the attack dialog to the attack card
 * (src/cards/attack/strikes.ts): offered only with their feat, their penalty in the live total, refusals
 * with a localized reason, the target's save (or the opposed check) after Apply, the effects as
 * Active Effects, and Undo. Dice are queued in the order they are rolled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, forged } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { specialStrike, strikeSaveDc } from '../../src/rules/index.js';

const h = await getHarness();
const { buttons, click, openDialog, orc } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(47));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const state = (message: ChatMessage) => cardState(game.messages.get(message.id as string)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const content = (message: ChatMessage) => game.messages.get(message.id as string)?.content ?? '';
const latest = () => game.messages.contents.at(-1) as ChatMessage | undefined;

const text = (dialog: HarnessApplicationV2, selector: string) =>
  dialog.element.querySelector(selector)?.textContent?.trim() ?? '';

async function fighterWith(feats: string[]): Promise<Actor> {
  const fighter = await appendix3Fighter(h, player);
  await fighter.createEmbeddedDocuments(
    'Item',
    feats.map((identifier) => ({ name: identifier, type: 'feat', system: { identifier } })),
  );
  return fighter;
}

/**
 * The player's fighter opens the attack dialog from its sheet against `defender`, `fill`s it, and
 * submits with the d20 `natural`. Resolves with the dialog's shown total and penalty and the card
 * (undefined when the attack was refused).
 */
async function fromSheet(
  fighter: Actor,
  defender: Actor,
  natural: number,
  fill: (dialog: HarnessApplicationV2) => Promise<void>,
) {
  h.placeToken(fighter);
  h.as(player);
  h.target(player, h.placeToken(defender));
  const before = game.messages.contents.length;
  const sheet = await h.openSheet(fighter);
  const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
  const dialog = await openDialog();
  await fill(dialog);
  const shown = Number(text(dialog, '.attack-total'));
  // The called-shot and strike penalties, each shown once among the bonus lines: their sum.
  const penaltyLines = [...dialog.element.querySelectorAll('.called-shot-line .value, .strike-line .value')];
  const sum = penaltyLines.reduce((total, el) => total + Number(el.textContent), 0);
  const penalty = sum >= 0 ? `+${sum}` : `${sum}`;
  const notes = text(dialog, '.attack-notes');
  h.dice.queue(natural);
  await h.click(dialog, 'button[type="submit"]');
  await clicked;
  await attackActionsSettled();
  const message = game.messages.contents.length > before ? latest() : undefined;
  // A refused attack rolls nothing: its d20 must not be left for the next roll.
  if (!message) h.dice.queued.splice(0);
  return { message, shown, penalty, notes };
}

/** GM rolls Defense 1, the player rolls damage `die` and applies it. */
async function hitAndApply(message: ChatMessage, die = 4): Promise<void> {
  h.as(gm);
  h.dice.queue(1);
  await click(message, 'rollDefense');
  expect(target(message).result?.hit).toBe(true);
  h.as(player);
  h.dice.queue(die);
  await click(message, 'rollDamage');
  await click(message, 'applyDamage');
}

describe('breaking strikes and nerve strikes', () => {
  it('Rip Mind from the sheet: −4 in the live total, Fortitude save DC 10 + ½ BAB + Str, stunned 1 round, Undo', async () => {
    const fighter = await fighterWith(['basic-nerve-strikes']);
    const defender = await orc();
    const { message, shown, penalty } = await fromSheet(fighter, defender, 15, async (dialog) => {
      // Only the strikes of the feats the fighter has are offered, with their penalty.
      const offered = [
        ...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="strike"] option'),
      ].map((o) => o.textContent?.trim());
      expect(offered).toEqual(['None', 'Rip Nerves (-4)', 'Rip Mind (-4)', 'Rip Senses (-4)']);
      expect(text(dialog, '.attack-total')).toBe('+9');
      await h.change(dialog, 'select[name="strike"]', 'rip-mind');
    });
    expect(shown).toBe(9 - 4);
    expect(penalty).toBe('-4');
    const card = message as ChatMessage;
    expect(state(card).attack.total).toBe(15 + 5);
    const bab = sys(fighter).derived.bab;
    const dc = strikeSaveDc(bab, sys(fighter).derived.abilities.str.mod);
    expect(dc).toBe(10 + 2 + 4);
    expect(target(card).strike).toMatchObject({ id: 'rip-mind', dc, result: null });
    expect(content(card)).toContain('Nerve strike: Rip Mind');

    h.as(gm);
    expect(buttons(card)).not.toContain('strike'); // before Apply
    await hitAndApply(card);
    // The attacker's owner does not roll the target's save; the target's owner (the GM) does.
    expect(buttons(card)).not.toContain('strike');
    const byAttacker = await forged(player, {
      messageId: card.id,
      action: 'strike',
      target: target(card).id,
    });
    expect(byAttacker).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    h.as(gm);
    expect(content(card)).toContain(`Fortitude save (DC ${dc})`);
    // The button says whose save it is.
    expect(
      h
        .renderMessage(game.messages.get(card.id as string) as ChatMessage)
        .querySelector('button[data-action="strike"]')
        ?.textContent?.trim(),
    ).toBe(`Roll Fortitude save against the strike (${target(card).name})`);
    h.dice.queue(1);
    await click(card, 'strike');
    const result = target(card).strike!.result!;
    expect(result.save).toMatchObject({ natural: 1, dc, success: false });
    expect(result.success).toBe(true);
    expect(defender.statuses.has('stunned')).toBe(true);
    expect(defender.effects.contents.find((e) => e.statuses.has('stunned'))?.duration.rounds).toBe(1);
    expect(content(card)).toContain('Stunned: 1 round(s)');
    expect(buttons(card)).not.toContain('strike');
    const again = await forged(gm, { messageId: card.id, action: 'strike', target: target(card).id });
    expect(again).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.strike' });

    // The defender has rolled against the damage: its attacker's player no longer undoes it (the GM does).
    h.as(player);
    expect(
      await forged(player, { messageId: card.id, action: 'undoDamage', target: target(card).id }),
    ).toMatchObject({ ok: false, error: 'GNG.Error.Attack.UndoAfterDefenderRoll' });
    h.as(gm);
    await click(card, 'undoDamage');
    expect(defender.statuses.has('stunned')).toBe(false);
    expect(defender.effects.contents).toHaveLength(0);
    expect(target(card).strike!.result).toBeNull();
    expect(sys(defender).hp.value).toBe(30);
  });

  it('a strike with a called shot: the penalties add in the summed penalty, both go on the card', async () => {
    const fighter = await fighterWith(['basic-nerve-strikes']);
    const defender = await orc();
    const { message, shown, penalty } = await fromSheet(fighter, defender, 15, async (dialog) => {
      await h.change(dialog, 'input[name="calledShots.stun"]', true);
      expect(text(dialog, '.called-shot-line .value')).toBe('-4');
      await h.change(dialog, 'select[name="strike"]', 'rip-nerves');
    });
    expect(penalty).toBe('-8');
    expect(shown).toBe(9 - 8);
    const card = message as ChatMessage;
    expect(target(card).calledShot?.effects).toEqual(['stun']);
    expect(target(card).strike?.id).toBe('rip-nerves');
    expect(state(card).attack.parts.map((p) => p.value)).toEqual(expect.arrayContaining([-4, -4]));
  });

  it("a card's strike cannot be rewritten by its player: the GM wrote the card", async () => {
    const fighter = await fighterWith(['basic-nerve-strikes']);
    const defender = await orc();
    const { message } = await fromSheet(fighter, defender, 18, async (dialog) => {
      await h.change(dialog, 'select[name="strike"]', 'rip-mind');
    });
    const card = message as ChatMessage;
    expect(card.author?.isGM).toBe(true);
    await hitAndApply(card);
    // The attacker's player tries to swap the paid −4 Rip Mind for a −8 Rip Strength.
    h.as(player);
    const forgedState = structuredClone(state(card));
    forgedState.targets[0]!.strike!.id = 'rip-strength';
    await expect(game.messages.get(card.id as string)!.update({ system: forgedState })).rejects.toThrow(
      /permission/,
    );
    expect(target(card).strike!.id).toBe('rip-mind');
    expect(sys(defender).abilities.str.damage).toBe(0);
    expect(target(card).strike!.result).toBeNull();
  });

  it('Break Body: a failed save deals 1 Str and 1 Con damage as an effect; Undo removes it', async () => {
    const fighter = await fighterWith([
      'basic-breaking-strikes',
      'improved-breaking-strikes',
      'advanced-breaking-strikes',
    ]);
    const defender = await orc('Ogre', { abilities: { str: { value: 20 }, con: { value: 30 } } });
    const { message, shown } = await fromSheet(fighter, defender, 18, async (dialog) => {
      await h.change(dialog, 'select[name="strike"]', 'break-body');
    });
    expect(shown).toBe(9 + specialStrike('break-body').attackPenalty);
    const card = message as ChatMessage;
    await hitAndApply(card);
    h.as(gm);
    h.dice.queue(1);
    await click(card, 'strike');
    expect(target(card).strike!.result!.abilityDamage).toEqual({ str: 1, con: 1 });
    expect(sys(defender).abilities.str.damage).toBe(1);
    expect(sys(defender).abilities.con.damage).toBe(1);
    expect(sys(defender).abilities.str.effective).toBe(19);
    expect(content(card)).toContain('1 point(s) of temporary Str damage.');
    await click(card, 'undoDamage');
    expect(sys(defender).abilities.str.damage).toBe(0);
    expect(sys(defender).abilities.con.effective).toBe(30);
  });

  it('Break Spirit: the Will save succeeds and nothing happens', async () => {
    const fighter = await fighterWith(['basic-breaking-strikes']);
    const defender = await orc();
    const { message } = await fromSheet(fighter, defender, 18, async (dialog) => {
      await h.change(dialog, 'select[name="strike"]', 'break-spirit');
    });
    const card = message as ChatMessage;
    await hitAndApply(card);
    h.as(gm);
    expect(content(card)).toContain('Will save (DC 16)');
    h.dice.queue(20);
    await click(card, 'strike');
    expect(target(card).strike!.result).toMatchObject({ success: false, effectIds: [] });
    expect(defender.statuses.has('shaken')).toBe(false);
    expect(content(card)).toContain('The strike has no further effect.');
  });

  it('Break Balance: opposed checks knock the target prone; Undo stands it up', async () => {
    const fighter = await fighterWith(['basic-breaking-strikes', 'improved-breaking-strikes']);
    const defender = await orc();
    const { message } = await fromSheet(fighter, defender, 18, async (dialog) => {
      await h.change(dialog, 'select[name="strike"]', 'break-balance');
    });
    const card = message as ChatMessage;
    await hitAndApply(card);
    h.as(gm);
    h.dice.queue(10, 5); // the fighter's Strength check 10 + 4, the orc's 5 + 0
    await click(card, 'strike');
    const check = target(card).strike!.result!.check!;
    expect(check.attacker.total).toBe(14);
    expect(check.defender.total).toBe(5);
    expect(check.won).toBe(true);
    expect(defender.statuses.has('prone')).toBe(true);
    await click(card, 'undoDamage');
    expect(defender.statuses.has('prone')).toBe(false);
  });

  it('Break Grip: the chosen weapon is dropped (unequipped); Undo equips it again', async () => {
    const fighter = await fighterWith(['basic-breaking-strikes', 'improved-breaking-strikes']);
    const defender = await orc();
    const [axe] = (await defender.createEmbeddedDocuments('Item', [
      {
        name: 'Greataxe',
        type: 'weapon',
        system: { use: 'two-handed', category: 'martial', damage: { medium: '1d12' }, equipped: true },
      },
    ])) as Item[];
    const refused = await fromSheet(fighter, defender, 18, async (dialog) => {
      await h.change(dialog, 'select[name="strike"]', 'break-grip');
    });
    expect(refused.message).toBeUndefined();
    expect(refused.notes).toContain(
      'Break Grip: target one creature and choose a weapon or shield it holds.',
    );
    const { message, shown } = await fromSheet(fighter, defender, 18, async (dialog) => {
      await h.change(dialog, 'select[name="strike"]', 'break-grip');
      await h.change(dialog, 'select[name="strikeItem"]', axe!.id as string);
    });
    expect(shown).toBe(9 - 6);
    const card = message as ChatMessage;
    expect(target(card).strike?.item).toMatchObject({ id: axe!.id, name: 'Greataxe', melee: true });
    await hitAndApply(card);
    h.as(gm);
    h.dice.queue(15, 2);
    await click(card, 'strike');
    const result = target(card).strike!.result!;
    expect(result.check?.won).toBe(true);
    expect(result.dropped).toMatchObject({ itemId: axe!.id, equippedBefore: true });
    expect((defender.items.get(axe!.id as string)?.system as unknown as { equipped: boolean }).equipped).toBe(
      false,
    );
    expect(content(card)).toContain('Orc drops Greataxe');
    await click(card, 'undoDamage');
    expect((defender.items.get(axe!.id as string)?.system as unknown as { equipped: boolean }).equipped).toBe(
      true,
    );
  });

  it('refusals: no discernible anatomy, a ranged weapon, unarmed without Improved Unarmed Strike', async () => {
    const fighter = await fighterWith(['basic-nerve-strikes']);
    const ooze = await orc('Ooze', { anatomy: ['no-discernible-anatomy'] });
    const noAnatomy = await fromSheet(fighter, ooze, 18, async (dialog) => {
      await h.change(dialog, 'select[name="strike"]', 'rip-nerves');
    });
    expect(noAnatomy.message).toBeUndefined();
    expect(noAnatomy.notes).toContain(
      'Nerve strikes cannot be made against Ooze: it has no discernible anatomy.',
    );

    const [bow] = (await fighter.createEmbeddedDocuments('Item', [
      {
        name: 'Shortbow',
        type: 'weapon',
        system: {
          use: 'ranged',
          category: 'martial',
          damage: { medium: '1d6' },
          rangeIncrement: 60,
          equipped: true,
        },
      },
      {
        name: 'Fist',
        type: 'weapon',
        system: { use: 'unarmed', category: 'simple', damage: { medium: '1d3' }, equipped: true },
      },
    ])) as Item[];
    const defender = await orc();
    h.as(player);
    h.target(player, h.placeToken(defender));
    const before = game.messages.contents.length;
    const ranged = await game.gng.attack(fighter, bow as Item, { strike: { id: 'rip-nerves' } });
    expect(ranged).toBeNull();
    const fist = fighter.items.find((i) => i.name === 'Fist') as Item;
    const unarmed = await game.gng.attack(fighter, fist, { strike: { id: 'rip-mind' } });
    expect(unarmed).toBeNull();
    expect(game.messages.contents.length).toBe(before);
    expect(h.notices.map((n) => n.message).join('\n')).toMatch(/Rip Nerves is a melee attack/);
    expect(h.notices.map((n) => n.message).join('\n')).toMatch(
      /Rip Mind while unarmed needs the Improved Unarmed Strike feat/,
    );
  });

  it('without a strike feat the dialog offers no strike, and a forged strike option is refused', async () => {
    const fighter = await appendix3Fighter(h, player);
    const defender = await orc();
    const { message } = await fromSheet(fighter, defender, 18, async (dialog) => {
      expect(dialog.element.querySelector('select[name="strike"]')).toBeNull();
    });
    expect(target(message as ChatMessage).strike).toBeUndefined();
    h.as(player);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    expect(await game.gng.attack(fighter, sword, { strike: { id: 'rip-mind' } })).toBeNull();
    expect(h.notices.map((n) => n.message).join('\n')).toMatch(/Rip Mind needs its feat/);
  });

  it('Break Weapon: no save; the chosen item takes the hit through its hardness (issue #18); Undo', async () => {
    const fighter = await fighterWith([
      'basic-breaking-strikes',
      'improved-breaking-strikes',
      'advanced-breaking-strikes',
    ]);
    const defender = await orc();
    const [shield] = (await defender.createEmbeddedDocuments('Item', [
      {
        name: 'Heavy wooden shield',
        type: 'shield',
        system: { shieldBonus: 2, shieldSize: 'large', equipped: true },
      },
    ])) as Item[];
    const { message } = await fromSheet(fighter, defender, 18, async (dialog) => {
      await h.change(dialog, 'select[name="strike"]', 'break-weapon');
      await h.change(dialog, 'select[name="strikeItem"]', shield!.id as string);
    });
    const card = message as ChatMessage;
    await hitAndApply(card);
    h.as(gm);
    expect(buttons(card)).not.toContain('strike');
    // Appendix 4: "apply the damage to both your target and the item you selected to sunder". The
    // shield has no hit points of its own: the core table's Medium manufactured object, hardness 5
    // and 5 HP ("minimum values"). The item takes the hit's total before the wielder's Protection
    // (1d10 4 + Str 4 + RD ≥ 8 … well over 10), less its hardness 5: 5 HP → 0, destroyed.
    const total = target(card).damage!.steps.total;
    expect(total).toBeGreaterThanOrEqual(10);
    const item = () => shield!.system as unknown as { hp: { value: number; max: number }; equipped: boolean };
    expect(item().hp).toEqual({ value: 0, max: 5 });
    expect(item().equipped).toBe(false);
    expect(content(card)).toContain('Break Weapon: Heavy wooden shield, hit points 5 → 0');
    expect(content(card)).toContain('destroyed');
    expect(content(card)).not.toContain('by hand');
    await click(card, 'undoDamage');
    // Whole again, its hit points "not set" as before, and in hand.
    expect(item().hp).toEqual({ value: 0, max: 0 });
    expect(item().equipped).toBe(true);
  });
});
