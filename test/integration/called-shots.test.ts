/**
 * Called shots resolved on the attack card (src/cards/attack/called-shots.ts): the attack of opportunity,
 * the Penetration Reflex save before damage, the Fortitude save after Apply that applies condition
 * effects as Active Effects (Vital Strike loses the damage again), immunities, refusals and Undo.
 * Dice are queued in the order they are rolled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, forged } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { calledShotPenalty } from '../../src/rules/index.js';

const h = await getHarness();
const { buttons, click, koboldWithDagger, openDialog, orc } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(31));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const state = (message: ChatMessage) => cardState(game.messages.get(message.id as string)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const content = (message: ChatMessage) => game.messages.get(message.id as string)?.content ?? '';
const latest = () => game.messages.contents.at(-1) as ChatMessage;

/** The player's fighter attacks `defender` from the character sheet through the dialog. */
async function fromSheet(feats: string[], effects: string[], defender: Actor, natural: number) {
  const fighter = await appendix3Fighter(h, player);
  if (feats.length)
    await fighter.createEmbeddedDocuments(
      'Item',
      feats.map((identifier) => ({ name: identifier, type: 'feat', system: { identifier } })),
    );
  h.placeToken(fighter);
  h.as(player);
  h.target(player, h.placeToken(defender));
  const sheet = await h.openSheet(fighter);
  const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
  const dialog = await openDialog();
  for (const effect of effects) await h.change(dialog, `input[name="calledShots.${effect}"]`, true);
  const shown = Number(dialog.element.querySelector('.attack-total')?.textContent?.trim());
  h.dice.queue(natural);
  await h.click(dialog, 'button[type="submit"]');
  await clicked;
  await attackActionsSettled();
  return { fighter, message: latest(), shown };
}

describe('called shots on the attack card', () => {
  it.each([
    [[] as string[], -12],
    [['improved-called-shot'], -10],
  ])(
    'Stun + Vital Strike with feats %j (%i): stunned for 1 round, damage doubled, Undo restores',
    async (feats, penalty) => {
      expect(calledShotPenalty(['stun', 'vital-strike'], { improvedCalledShot: feats.length > 0 })).toBe(
        penalty,
      );
      const defender = await orc();
      const { message, shown } = await fromSheet(feats, ['stun', 'vital-strike'], defender, 15);
      expect(shown).toBe(9 + penalty);
      expect(state(message).attack.total).toBe(15 + 9 + penalty);
      expect(target(message).calledShot).toMatchObject({
        effects: ['stun', 'vital-strike'],
        immune: [],
        provokes: true,
      });
      expect(content(message)).toContain('provokes an attack of opportunity');

      h.as(gm);
      h.dice.queue(1); // Defense 1: RD = attack total − 1
      await click(message, 'rollDefense');
      const rd = target(message).result!.relativeDegree;
      // The provoked attack of opportunity comes first: the orc's owner (the GM) declines it.
      h.as(player);
      expect(buttons(message)).not.toContain('declineAttackOfOpportunity');
      h.as(gm);
      await click(message, 'declineAttackOfOpportunity');
      expect(target(message).calledShot).toMatchObject({ aooBy: null, aooDeclinedBy: gm.id });
      expect(content(message)).toContain('Orc made no attack of opportunity.');
      expect(buttons(message)).not.toContain('attackOfOpportunity');
      h.as(player);
      expect(buttons(message)).not.toContain('conditionSave');
      h.dice.queue(4);
      await click(message, 'rollDamage');
      const dealt = target(message).damage!.final;
      expect(dealt).toBe(4 + 4 + rd);
      await click(message, 'applyDamage');
      expect(sys(defender).hp.value).toBe(30 - dealt);
      // The target's owners (the GM) roll the Fortitude save: DC 10 + damage before doubling.
      expect(buttons(message)).not.toContain('conditionSave');
      h.as(gm);
      expect(content(message)).toContain(`Fortitude save (DC ${10 + dealt})`);
      // The button says whose save it is.
      const save = h
        .renderMessage(game.messages.get(message.id as string) as ChatMessage)
        .querySelector('button[data-action="conditionSave"]');
      expect(save?.textContent?.trim()).toBe('Roll Fortitude save (Orc)');
      h.dice.queue(1);
      await click(message, 'conditionSave');
      const condition = target(message).calledShot!.condition!;
      expect(condition.save).toMatchObject({ natural: 1, dc: 10 + dealt, success: false });
      expect(condition.applied.map((a) => a.effect)).toEqual(['stun', 'vital-strike']);
      expect(defender.statuses.has('stunned')).toBe(true);
      const effect = defender.effects.contents.find((e) => e.statuses.has('stunned'));
      expect(effect?.duration.rounds).toBe(1);
      expect(sys(defender).hp.value).toBe(30 - 2 * dealt);
      expect(condition.vitalStrike).toMatchObject({ hpLost: dealt });
      expect(content(message)).toContain('Stun: 1 round(s)');
      expect(buttons(message)).not.toContain('conditionSave');

      // The defender has rolled against the damage: its attacker's player no longer undoes it (the GM does).
      h.as(player);
      expect(
        await forged(player, { messageId: message.id, action: 'undoDamage', target: target(message).id }),
      ).toMatchObject({ ok: false, error: 'GNG.Error.Attack.UndoAfterDefenderRoll' });
      h.as(gm);
      await click(message, 'undoDamage');
      expect(sys(defender).hp.value).toBe(30);
      expect(defender.statuses.has('stunned')).toBe(false);
      expect(defender.effects.contents).toHaveLength(0);
      expect(target(message).calledShot!.condition).toBeNull();
      expect(target(message).applied).toBeNull();
    },
  );

  it('Penetration: the damage waits for the Reflex save; a failed save halves Protection; the AoO is taken once', async () => {
    const knight = await appendix3Fighter(h);
    // Full plate 8 and a sacred +3: Protection 11, every part of which penetration halves (issue #18).
    await knight.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Blessed plate',
        // 2 = ADD (CONST.ACTIVE_EFFECT_MODES).
        changes: [{ key: 'system.protection.bonuses.sacredProfane', mode: 2, value: '3' }],
      },
    ]);
    const { fighter, message } = await fromSheet([], ['penetration'], knight, 19);
    expect(target(message).calledShot?.penetration).toEqual({ save: null });
    h.as(gm);
    h.dice.queue(2);
    await click(message, 'rollDefense');
    expect(target(message).result?.hit).toBe(true);
    const rd = target(message).result!.relativeDegree;
    // The damage step waits for the save.
    h.as(player);
    expect(buttons(message)).not.toContain('penetrationSave'); // not the target's owner
    const early = await forged(player, {
      messageId: message.id,
      action: 'rollDamage',
      target: target(message).id,
    });
    expect(early).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.rollDamage' });
    const notOwner = await forged(player, {
      messageId: message.id,
      action: 'penetrationSave',
      target: target(message).id,
    });
    expect(notOwner).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    h.as(gm);
    expect(
      h
        .renderMessage(game.messages.get(message.id as string) as ChatMessage)
        .querySelector('button[data-action="penetrationSave"]')
        ?.textContent?.trim(),
    ).toBe(`Roll Reflex save (${target(message).name})`);
    h.dice.queue(1);
    await click(message, 'penetrationSave');
    expect(target(message).calledShot?.penetration?.save).toMatchObject({
      natural: 1,
      dc: 10 + rd,
      success: false,
    });
    expect(content(message)).toContain('half the Protection is ignored');
    // The save is made, but the provoked attack of opportunity still comes first.
    const waiting = await forged(player, {
      messageId: message.id,
      action: 'rollDamage',
      target: target(message).id,
    });
    expect(waiting).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.rollDamage' });
    expect(target(message).damage).toBeNull();

    // The attack of opportunity: the knight's owners start it against the fighter, once.
    h.as(gm);
    const before = game.messages.contents.length;
    h.dice.queue(10);
    await click(message, 'attackOfOpportunity');
    expect(game.messages.contents.length).toBe(before + 1);
    const aoo = state(latest());
    expect(aoo.attacker.actorUuid).toBe(knight.uuid);
    expect(aoo.targets[0]?.actorUuid).toBe(fighter.uuid);
    expect(aoo.options.calledShots).toEqual([]);
    expect(buttons(message)).not.toContain('attackOfOpportunity');
    expect(buttons(message)).not.toContain('declineAttackOfOpportunity');
    const again = await forged(gm, {
      messageId: message.id,
      action: 'attackOfOpportunity',
      target: target(message).id,
    });
    expect(again).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.attackOfOpportunity' });
    const decline = await forged(gm, {
      messageId: message.id,
      action: 'declineAttackOfOpportunity',
      target: target(message).id,
    });
    expect(decline).toMatchObject({
      ok: false,
      error: 'GNG.Error.Attack.Unavailable.declineAttackOfOpportunity',
    });

    // Taken: the damage goes on, with half the Protection.
    h.as(player);
    h.dice.queue(4);
    await click(message, 'rollDamage');
    const full = sys(knight).derived.protection.total;
    expect(full).toBe(11);
    // "you ignore one-half of your target's Protection score": ⌊11/2⌋ = 5 left, not 8/2 + 3 = 7.
    expect(target(message).damage?.steps.protection).toBe(5);
  });

  it('Blindness + Disabled arm: rolled duration shown and stored, a disabled arm until recovered', async () => {
    const defender = await orc();
    const { message } = await fromSheet([], ['blindness', 'disabled-arm'], defender, 18);
    h.as(gm);
    h.dice.queue(1);
    await click(message, 'rollDefense');
    await click(message, 'declineAttackOfOpportunity');
    h.as(player);
    h.dice.queue(4);
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    h.as(gm);
    h.dice.queue(1, 3); // Fortitude natural 1, then the 1d4 of blindness's 1d4+1 rounds
    await click(message, 'conditionSave');
    const applied = target(message).calledShot!.condition!.applied;
    expect(applied).toEqual([
      expect.objectContaining({
        effect: 'blindness',
        statuses: ['blinded'],
        formula: '1d4+1',
        dice: [3],
        rounds: 4,
      }),
      expect.objectContaining({
        effect: 'disabled-arm',
        statuses: ['disabled-arm'],
        formula: null,
        rounds: null,
      }),
    ]);
    expect(defender.effects.contents.find((e) => e.statuses.has('blinded'))?.duration.rounds).toBe(4);
    expect(defender.statuses.has('disabled-arm')).toBe(true);
    expect(content(message)).toContain('(1d4+1: 3)');
    expect(content(message)).toContain('until recovered');
    expect(target(message).calledShot!.condition!.vitalStrike).toBeNull();
  });

  it('Advanced Called Shot (proficient weapon): no attack of opportunity', async () => {
    const defender = await orc();
    const { message } = await fromSheet(['advanced-called-shot'], ['daze'], defender, 15);
    expect(target(message).calledShot?.provokes).toBe(false);
    expect(content(message)).not.toContain('provokes an attack of opportunity');
    h.as(gm);
    expect(buttons(message)).not.toContain('attackOfOpportunity');
  });

  it('a condition that does not happen: Protection absorbed everything', async () => {
    const knight = await appendix3Fighter(h);
    const { kobold, dagger } = await koboldWithDagger(player);
    h.as(player);
    h.target(player, h.placeToken(knight));
    h.dice.queue(19);
    const message = (await game.gng.attack(kobold, dagger, { calledShots: ['stun'] })) as ChatMessage;
    h.as(gm);
    h.dice.queue(10);
    await click(message, 'rollDefense');
    expect(target(message).result?.hit).toBe(true);
    await click(message, 'declineAttackOfOpportunity');
    h.dice.queue(1);
    await click(message, 'rollDamage');
    expect(target(message).damage?.final).toBe(0);
    await click(message, 'applyDamage');
    expect(buttons(message)).not.toContain('conditionSave');
    expect(content(message)).toContain('No hit point got through: no condition effect.');
    const refused = await forged(gm, {
      messageId: message.id,
      action: 'conditionSave',
      target: target(message).id,
    });
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.conditionSave' });
    expect(knight.statuses.has('stunned')).toBe(false);
  });

  it('an immune target is shown as immune and rolls nothing', async () => {
    const golem = await h.createActor({
      name: 'Golem',
      type: 'npc',
      system: {
        creatureType: 'Construct',
        anatomy: ['no-nervous-system', 'no-pain'],
        hp: { value: 30 },
        abilities: { con: { value: 30 } },
      },
    });
    const { message } = await fromSheet([], ['stun'], golem, 15);
    expect(target(message).calledShot?.immune).toEqual(['stun']);
    expect(content(message)).toContain('Golem is immune to: Stun');
    h.as(gm);
    h.dice.queue(1);
    await click(message, 'rollDefense');
    await click(message, 'declineAttackOfOpportunity');
    h.as(player);
    h.dice.queue(4);
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    expect(target(message).applied?.hpLost).toBeGreaterThan(0);
    h.as(gm);
    expect(buttons(message)).not.toContain('conditionSave');
    const refused = await forged(gm, {
      messageId: message.id,
      action: 'conditionSave',
      target: target(message).id,
    });
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.conditionSave' });
    expect(golem.statuses.has('stunned')).toBe(false);
  });

  it('forged requests are refused: extra fields, not the owner, before Apply', async () => {
    const defender = await orc();
    const { message } = await fromSheet([], ['stun'], defender, 15);
    const id = target(message).id;
    h.as(gm);
    h.dice.queue(1);
    await click(message, 'rollDefense');
    const withSave = await forged(gm, {
      messageId: message.id,
      action: 'conditionSave',
      target: id,
      save: 20,
    });
    expect(withSave).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    const early = await forged(gm, { messageId: message.id, action: 'conditionSave', target: id });
    expect(early).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.conditionSave' });
    // The attack of opportunity is the target's owners' to take or decline, not the attacker's.
    const aoo = await forged(player, { messageId: message.id, action: 'attackOfOpportunity', target: id });
    expect(aoo).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    const decline = await forged(player, {
      messageId: message.id,
      action: 'declineAttackOfOpportunity',
      target: id,
    });
    expect(decline).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    const declineExtra = await forged(gm, {
      messageId: message.id,
      action: 'declineAttackOfOpportunity',
      target: id,
      aooBy: gm.id,
    });
    expect(declineExtra).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    expect(target(message).calledShot).toMatchObject({ provokes: true });
    expect(target(message).calledShot?.aooBy ?? null).toBeNull();
    expect(target(message).calledShot?.aooDeclinedBy ?? null).toBeNull();
    h.as(gm);
    await click(message, 'declineAttackOfOpportunity');
    h.as(player);
    h.dice.queue(4);
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    const byAttacker = await forged(player, { messageId: message.id, action: 'conditionSave', target: id });
    expect(byAttacker).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    expect(target(message).calledShot?.condition).toBeNull();
  });
});
