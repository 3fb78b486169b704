/**
 * Issue #31, round 2: the action budget (src/combat/eg-turns.ts) spent by the sheet's actions, the
 * attack card and the maneuver card under the Enlightened Grognard model, each given back exactly by
 * its Undo or take-back (docs/rules.md "### Sheet, tracker and turns"). Worked by hand from the text:
 * - a turn holds a standard, a move and a swift action; the standard may pay for a move or a swift,
 *   never a move for a swift (003:600–604): fresh, the tracker reads "standard · move ×2 · swift ×2";
 * - Catch your Breath and Aid Another are standard actions (003:744, 749), Refocus a swift one
 *   (003:898), Total Defense a standard one that forbids attacking that turn (003:759);
 * - an attack is the turn's standard action (003:678); off its turn, an attack of opportunity
 *   (003:528): the rogue (Dex 16, no Combat Reflexes) has 1 a round (003:560);
 * - grab is a standard action (003:1549), an escape a move action (003:1582), an escape made for an
 *   ally a standard one (003:1591), an overrun happens during a move action (003:1714).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { egActionCardOf } from '../../src/cards/eg-action/eg-action-actions.js';
import { egManeuverState } from '../../src/cards/eg-maneuver/eg-maneuver-state.js';
import { egManeuverAction } from '../../src/cards/eg-maneuver/eg-maneuver-start.js';
import { registerEgTurns } from '../../src/combat/eg-turns.js';
import { egCardHelpers } from '../fixtures/eg-card.js';
import { egFight, egTrackerText, egTurnOf, useEgWorld, worldPlays } from '../fixtures/eg-world.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
registerEgTurns();
const { gm, player, otherPlayer } = h.users;

useEgWorld(h, 3232, { loaded: true, endCombats: true });

const { view, state, counts, encounter, grant, attack } = egCardHelpers(h);
const badge = (actor: Actor) => egTrackerText(h, actor, '.gng-eg-turn');
const actionCards = () => game.messages.contents.filter((m) => egActionCardOf(m) !== null);
const act = (user: User, actor: Actor, action: string) => {
  h.as(user);
  return askGM('gng.egAction', { actorUuid: actor.uuid, action, first: '', second: '', aidTo: '' });
};

describe('the sheet actions spend the turn', () => {
  it('Refocus a swift action, Total Defense the standard: no attack that turn, enforced; Undo gives each back', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×2 · AoO 1');
    expect(await act(player, fighter, 'refocus')).toMatchObject({ ok: true });
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×1 · AoO 1');
    expect(await act(player, fighter, 'totalDefense')).toMatchObject({ ok: true });
    expect(badge(fighter)).toBe('move ×1 · total defense: no attack this turn · AoO 1');
    // The attack is refused before anything is rolled or spent.
    h.dice.queue(15);
    expect(await attack(player, fighter, [goblin])).toBeNull();
    expect(view.lastNotice()).toBe(
      'This creature took Total Defense this turn, and may not attack during it. Nothing was rolled.',
    );
    expect(h.dice.queued).toEqual([15]);
    h.dice.queued.length = 0;
    expect(game.messages.contents.filter((m) => m.flags?.gng?.type === 'attackCard')).toEqual([]);
    expect(encounter(combat, fighter)).toEqual(counts(0, 5, 0));
    // The GM's Undo of Total Defense: its 4 speed tokens and its standard action back, the mark gone.
    h.as(gm);
    await view.click(actionCards()[1] as ChatMessage, 'egActionUndo');
    expect(encounter(combat, fighter)).toEqual(counts(0, 1, 0));
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×1 · AoO 1');
    const message = await attack(player, fighter, [goblin]);
    expect(message).not.toBeNull();
    expect(badge(fighter)).toBe('move ×1 · AoO 1');
    // And the Undo of Refocus: the swift back (the turn's standard stays spent by the attack).
    h.as(gm);
    await view.click(actionCards()[0] as ChatMessage, 'egActionUndo');
    expect(badge(fighter)).toBe('move ×1 · swift ×1 · AoO 1');
  });

  it('off its turn an action is refused, nothing changed; a new turn of it since: Undo says the action stays spent', async () => {
    const { fighter, rogue, combat } = await egFight(h);
    expect(await act(otherPlayer, rogue, 'refocus')).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Budget.Refusal.notYourTurn',
    });
    expect(encounter(combat, rogue)).toEqual(counts(0, 0, 0));
    expect(actionCards()).toEqual([]);
    expect(await act(player, fighter, 'refocus')).toMatchObject({ ok: true });
    await egTurnOf(h, fighter, { fresh: true });
    await view.click(actionCards()[0] as ChatMessage, 'egActionUndo');
    expect(encounter(combat, fighter)).toEqual(counts(0, 0, 0));
    expect(view.text(actionCards()[0] as ChatMessage)).toContain(
      `A new turn of ${fighter.name} has begun since: the action this spent stays spent (that turn had its own).`,
    );
    // The new turn's budget is its own, untouched by that Undo.
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×2 · AoO 1');
  });

  it('a double click plays once: in combat one Refocus, out of combat one Catch your Breath', async () => {
    const { fighter, combat } = await egFight(h);
    h.as(player);
    const request = { actorUuid: fighter.uuid, action: 'refocus', first: '', second: '', aidTo: '' };
    const answers = await Promise.all([askGM('gng.egAction', request), askGM('gng.egAction', request)]);
    await attackActionsSettled();
    expect(answers.map((a) => a.ok)).toEqual([true, true]);
    expect(actionCards()).toHaveLength(1);
    expect(encounter(combat, fighter)).toEqual(counts(0, 1, 0));
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×1 · AoO 1');
    // Out of combat: 20 HP, a d4 of 3 and Con +2 (the fighter's Con 15) → 25, once.
    h.as(gm);
    await combat.delete();
    await fighter.update({ 'system.hp.value': 20 });
    const con = (fighter.system as CreatureData).abilities.con.mod;
    h.as(player);
    h.dice.queue(3, 4);
    const breath = { ...request, action: 'catchBreath' };
    await Promise.all([askGM('gng.egAction', breath), askGM('gng.egAction', breath)]);
    await attackActionsSettled();
    expect((fighter.system as CreatureData).hp.value).toBe(20 + 3 + con);
    expect(h.dice.queued).toEqual([4]);
    h.dice.queued.length = 0;
    // Pressed again after its card: played again (repeated uses heal to full, 003:754–755).
    h.dice.queue(1);
    expect(await askGM('gng.egAction', breath)).toMatchObject({ ok: true });
    expect((fighter.system as CreatureData).hp.value).toBe(20 + 3 + con + Math.max(1, 1 + con));
  });
});

describe('the attack card spends the turn', () => {
  it('its own turn: the standard action, given back by the take-back; off its turn: an attack of opportunity', async () => {
    const { fighter, rogue, goblin } = await egFight(h);
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    expect(state(message).eg?.turn).toMatchObject({ kind: 'action', spent: { paidWith: ['standard'] } });
    expect(badge(fighter)).toBe('move ×1 · swift ×1 · AoO 1');
    // A second attack this turn: no standard action left, nothing rolled, no card.
    expect(await attack(player, fighter, [goblin])).toBeNull();
    expect(view.lastNotice()).toBe('No standard action is left this turn.');
    // The take-back gives the standard back.
    h.as(player);
    await view.click(message, 'undoAttack');
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×2 · AoO 1');
    // The rogue off its turn: its one attack of opportunity this round; a second refused.
    const aoo = (await attack(otherPlayer, rogue, [goblin], {}, 'Short sword')) as ChatMessage;
    expect(state(aoo).eg?.turn).toMatchObject({ kind: 'opportunity' });
    expect(badge(rogue)).toBe('AoO 0');
    expect(await attack(otherPlayer, rogue, [goblin], {}, 'Short sword')).toBeNull();
    expect(view.lastNotice()).toBe(
      'It is not this creature’s turn, so this attack would be an attack of opportunity, and none is left this round. Nothing was rolled.',
    );
    h.as(otherPlayer);
    await view.click(aoo, 'undoAttack');
    expect(badge(rogue)).toBe('AoO 1');
  });
});

describe('the maneuver card spends the turn', () => {
  it('the action each maneuver takes by the text', () => {
    expect(egManeuverAction({ maneuver: 'grab', ally: null })).toBe('standard');
    expect(egManeuverAction({ maneuver: 'bull-rush', ally: null })).toBe('standard');
    expect(egManeuverAction({ maneuver: 'escape', ally: null })).toBe('move');
    expect(egManeuverAction({ maneuver: 'escape', ally: 'Actor.x' })).toBe('standard');
    expect(egManeuverAction({ maneuver: 'overrun', ally: null })).toBe('move');
    expect(egManeuverAction({ maneuver: 'stand-up', ally: null })).toBe('move');
  });

  it('a grab spends the standard; a second is refused; the take-back returns it and the check’s tokens', async () => {
    const { rogue, goblin, combat } = await egFight(h);
    await egTurnOf(h, rogue);
    await grant(combat, rogue, { speed: 2 });
    h.placeToken(rogue, { x: 0, y: 0 });
    h.placeToken(goblin, { x: 100, y: 0 });
    h.as(otherPlayer);
    h.dice.queue(8);
    const message = (await game.gng.egManeuver(rogue, 'grab', {
      targets: [goblin],
      tokens: 2,
    })) as ChatMessage;
    await attackActionsSettled();
    expect(message).not.toBeNull();
    expect(encounter(combat, rogue)).toEqual(counts(0, 0, 0));
    expect(badge(rogue)).toBe('move ×1 · swift ×1 · AoO 1');
    h.dice.queue(9);
    expect(await game.gng.egManeuver(rogue, 'grab', { targets: [goblin] })).toBeNull();
    expect(view.lastNotice()).toBe('No standard action is left this turn.');
    expect(h.dice.queued).toEqual([9]);
    h.dice.queued.length = 0;
    // Taken back before any Apply: the standard and the 2 speed tokens return; Apply is closed.
    await view.click(message, 'takeBackEgManeuver');
    expect(badge(rogue)).toBe('standard · move ×2 · swift ×2 · AoO 1');
    expect(encounter(combat, rogue)).toEqual(counts(0, 2, 0));
    expect(view.buttons(message)).toEqual([]);
    expect(view.text(message)).toContain(
      `${rogue.name} took the maneuver back: its action and the tokens spent on the check returned.`,
    );
    const id = egManeuverState(view.messageOf(message))?.targets[0]?.id as string;
    expect(await requestCardAction(message.id as string, 'applyEgManeuver' as never, id)).toMatchObject({
      ok: false,
    });
    expect(
      await askGM('gng.egManeuverAction', {
        action: 'takeBackEgManeuver',
        messageId: message.id,
        target: id,
      }),
    ).toMatchObject({ ok: false });
    expect(encounter(combat, rogue)).toEqual(counts(0, 2, 0));
    expect([...goblin.statuses]).toEqual([]);
  });
});

describe('GnG-only controls under EG', () => {
  it('the Attacks tab shows no GnG total defense, grapple or maneuver button under EG, and does under GnG', async () => {
    const { fighter } = await egFight(h);
    h.as(player);
    const controls = async () => {
      const sheet = await h.openSheet(fighter);
      return [
        ...sheet.element.querySelectorAll<HTMLElement>(
          '.attacks .maneuvers button, .attacks .maneuvers .label',
        ),
      ].map((el) => el.dataset.action ?? el.className);
    };
    expect(await controls()).toEqual([]);
    // The EG block's own Total Defense is the sheet's (its actions).
    const sheet = await h.openSheet(fighter);
    expect(sheet.element.querySelector('.eg-block [data-eg-action="totalDefense"]')).not.toBeNull();
    h.as(gm);
    for (const combat of [...game.combats]) await combat.delete();
    await worldPlays(h, 'gng');
    h.as(player);
    const gng = await controls();
    expect(gng[0]).toBe('label');
    expect(gng.filter((a) => a === 'startManeuver').length).toBeGreaterThan(0);
    expect(gng).toContain('startGrapple');
    expect(gng).toContain('totalDefense');
  });
});
