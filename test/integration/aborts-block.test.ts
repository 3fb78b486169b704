/**
 * Block and Roll with Blow on the attack card, and the action budget on the combatant: whole
 * exchanges through the card's buttons and the GM's `gng.attackAction` query, turns advanced through
 * the Combat document subclass, the tracker badge and the sheet line.
 * Dice are queued in the order they are rolled: attack d20, Defense d20, Block d20, damage, Tumble d20.
 */
import { fromConsole, cardHelpers } from '../fixtures/cards.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import {
  ATTACK_QUERY,
  attackActionsSettled,
  requestCardAction,
  type CardActionResult,
} from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import {
  abortRefusal,
  budgetOf,
  combatantOf,
  spendAbortFor,
  traumaPending,
  turnOf,
} from '../../src/combat/action-budget.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { largerSizeBonus, newActionBudget } from '../../src/rules/index.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(31));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const state = (message: ChatMessage) => cardState(game.messages.get(message.id as string)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;
const lastNotice = () => h.notices.at(-1)?.message;

/** The fighter (player's; bastard sword +9) and the rogue (other player's; short sword, Tumble 4 ranks). */
async function duel(feats: string[] = [], inCombat = true) {
  const fighter = await appendix3Fighter(h, player);
  const rogue = await appendix3Rogue(h, otherPlayer);
  await rogue.update({ 'system.skills.tumble.ranks': 4 });
  if (feats.length)
    await rogue.createEmbeddedDocuments(
      'Item',
      feats.map((identifier) => ({ name: identifier, type: 'feat', system: { identifier } })),
    );
  let combat: HarnessCombat | null = null;
  if (inCombat) {
    combat = h.startCombat([fighter, rogue]) as HarnessCombat;
    await combat.begin();
  }
  return { fighter, rogue, combat };
}

/** The rogue's attack bonus with its short sword, and its Tumble bonus. */
const blockBonus = (rogue: Actor) => sys(rogue).derived.attacks[0]?.bonus as number;
const tumbleBonus = (rogue: Actor) => sys(rogue).derived.skills.tumble.total;

/** The fighter attacks the rogue (attack d20 `natural`, +9) and the rogue's owner rolls a Defense of 1. */
async function attackHits(
  fighter: Actor,
  rogue: Actor,
  natural = 10,
  options: Record<string, unknown> = {},
): Promise<ChatMessage> {
  h.as(player);
  h.target(player, h.placeToken(rogue));
  h.dice.queue(natural);
  const message = (await game.gng.attack(fighter, sword(fighter), options)) as ChatMessage;
  await attackActionsSettled();
  h.as(otherPlayer);
  h.dice.queue(1);
  await click(message, 'rollDefense');
  expect(target(message).result?.hit).toBe(true);
  return message;
}

/** The enabled buttons the current user sees on the card. */
function visibleButtons(message: ChatMessage): string[] {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return [...html.querySelectorAll<HTMLElement>('button[data-action]:not([disabled])')].map(
    (b) => `${b.dataset.action}${b.dataset.breaking ? '(breaking)' : ''}`,
  );
}

const { clickSelector: clickButton, clickTarget } = cardHelpers(h);
/** The current user clicks the card's `action` button of its target (it must see it, enabled). */
const click = (message: ChatMessage, action: string) => clickTarget(message, action, target(message).id);

function badge(actor: Actor): string | null {
  const html = h.renderCombatTracker();
  const combatant = combatantOf(actor) as Combatant;
  const row = html.querySelector(`[data-combatant-id="${combatant.id}"] .gng-budget-badge`);
  return row ? [...row.querySelectorAll('.gng-budget-debt')].map((s) => s.textContent).join(' ') : null;
}

async function sheetLines(actor: Actor): Promise<string[]> {
  const sheet = await h.openSheet(actor);
  const lines = [...sheet.element.querySelectorAll('.budget-line')].map((l) => l.textContent?.trim() ?? '');
  await sheet.close();
  return lines;
}

describe('Block on the attack card', () => {
  it('an injured defender (with an injury marker status) may still Block', async () => {
    const { fighter, rogue } = await duel();
    h.as(h.users.gm);
    await rogue.update({ 'system.hp.value': 5 });
    await vi.waitFor(() => expect([...rogue.statuses].some((s) => s.startsWith('injury-'))).toBe(true));
    expect(abortRefusal(rogue, 'block')).toBeNull();
    const message = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual(['block']);
  });

  it('a successful Block (a tie blocks) cancels the damage and spends the next move action', async () => {
    const { fighter, rogue } = await duel();
    const message = await attackHits(fighter, rogue, 10); // attack total 19
    // Only the defender's owner sees Block (and not Breaking Block without the feat).
    h.as(player);
    expect(visibleButtons(message)).toEqual(['rollDamage']);
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual(['block']);

    h.dice.queue(19 - blockBonus(rogue)); // the Block total ties the attack
    await click(message, 'block');
    expect(target(message).aborts?.block).toMatchObject({
      blocked: true,
      blockerTotal: 19,
      attackerTotal: 19,
      margin: 0,
      via: 'melee',
      paidWith: 'move',
      undo: { budgetBefore: newActionBudget(), epoch: 0 },
    });
    const content = game.messages.get(message.id as string)?.content ?? '';
    expect(content).toContain('1st-level rogue blocks the attack: no damage.');
    expect(content).toContain('Uses the move action of the next turn.');
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true });

    // No damage step: the button is gone and a forged request is refused. Nothing was applied, so the
    // attacker has nothing to undo; only a GM undoes the defender's abort.
    h.as(player);
    expect(visibleButtons(message)).toEqual([]);
    const forged = await requestCardAction(message.id as string, 'rollDamage', target(message).id);
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.rollDamage' });
    expect(target(message).damage).toBeNull();
    // Once per attack.
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual([]);
    const again = await requestCardAction(message.id as string, 'block', target(message).id);
    expect(again).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.block' });
  });

  it('a failed Block, then Roll with Blow converts the margin to nonlethal; Apply applies the split', async () => {
    const { fighter, rogue } = await duel();
    const message = await attackHits(fighter, rogue, 10); // 19, RD = 19 − Defense
    const rd = target(message).result?.relativeDegree as number;
    h.as(otherPlayer);
    h.dice.queue(10 - blockBonus(rogue)); // Block total 10 < 19
    await click(message, 'block');
    expect(target(message).aborts?.block).toMatchObject({ blocked: false, margin: -9, paidWith: 'move' });
    expect(target(message).result?.relativeDegree).toBe(rd); // the original RD stands
    expect(game.messages.get(message.id as string)?.content).toContain('fails to block');

    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    const damage = target(message).damage as NonNullable<CardTarget['damage']>;
    const lethal = damage.lethal; // 6 + 4 + RD, Protection 1
    expect(lethal).toBe(6 + 4 + rd - 1);

    // Roll with Blow: Tumble 22 vs 19 → 3 points become nonlethal.
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual(['rollWithBlow']);
    h.dice.queue(22 - tumbleBonus(rogue));
    await click(message, 'rollWithBlow');
    expect(target(message).aborts?.rollWithBlow).toMatchObject({
      tumbleTotal: 22,
      attackTotal: 19,
      margin: 3,
      converted: 3,
      paidWith: 'attack',
      undo: { damageBefore: { lethal, nonlethal: 0 } },
    });
    expect(target(message).damage).toMatchObject({ lethal: lethal - 3, nonlethal: 3 });
    expect(game.messages.get(message.id as string)?.content).toContain(
      'Roll with the Blow succeeded (Tumble 22 vs 19): 3 lethal damage becomes nonlethal.',
    );

    h.as(player);
    await click(message, 'applyDamage');
    expect(sys(rogue).hp.value).toBe(13 - (lethal - 3));
    expect(sys(rogue).hp.nonlethal).toBe(3);
  });

  it('a failed Roll with the Blow says so, converts nothing, and says the action is spent (it is)', async () => {
    const { fighter, rogue } = await duel();
    const message = await attackHits(fighter, rogue, 10); // attack total 19
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    const before = structuredClone(target(message).damage) as NonNullable<CardTarget['damage']>;
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual(['rollWithBlow']); // damage rolled: Block is past
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(html.querySelector('button[data-action="rollWithBlow"]')?.textContent?.trim()).toBe(
      `Roll with the Blow (${rogue.name})`,
    );
    // Tumble 12 vs 19: lost by 7, nothing converted.
    h.dice.queue(12 - tumbleBonus(rogue));
    await click(message, 'rollWithBlow');
    expect(target(message).aborts?.rollWithBlow).toMatchObject({
      tumbleTotal: 12,
      attackTotal: 19,
      converted: 0,
    });
    expect(target(message).damage).toMatchObject({ lethal: before.lethal, nonlethal: before.nonlethal });
    const content = game.messages.get(message.id as string)?.content ?? '';
    expect(content).toContain('Roll with the Blow failed (Tumble 12 vs 19): no damage converted.');
    expect(content).not.toContain('0 lethal damage becomes nonlethal');
    // GnG: "Each time you use an abort action, it uses up a move action from your next turn."
    expect(content).toContain(
      'Abort action spent, whether or not it succeeds: Uses the move action of the next turn.',
    );
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true });
  });

  it('two aborts in a round leave no actions next turn; a third is refused; the turn starts with nothing', async () => {
    const { fighter, rogue, combat } = await duel();
    const first = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(first, 'block');
    h.as(player);
    h.dice.queue(6);
    await click(first, 'rollDamage');
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(first, 'rollWithBlow');
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: false });
    expect(badge(rogue)).toBe('−move −attack');
    expect(await sheetLines(rogue)).toEqual(['Next turn: no actions']);

    const second = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    expect(visibleButtons(second)).toEqual([]); // out of actions: Block is not offered
    const forged = await requestCardAction(second.id as string, 'block', target(second).id);
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Abort.Refusal.out-of-actions' });
    expect(lastNotice()).toBe('1st-level rogue has no actions left for abort actions this round.');
    expect(target(second).aborts).toBeUndefined();

    // The rogue's turn: nothing left this turn; the budget is fresh for the next round.
    await combat?.nextTurn();
    expect(turnOf(combatantOf(rogue)!)).toEqual({
      round: 1,
      move: false,
      attack: false,
      partial: false,
    });
    expect(budgetOf(rogue)).toEqual(newActionBudget());
    expect(badge(rogue)).toBe('now: no actions');
    expect(await sheetLines(rogue)).toEqual(['This turn: no actions', 'Next turn: move and attack actions']);
  });

  it('turn start leaves only what is left: one abort → an attack action only', async () => {
    const { fighter, rogue, combat } = await duel();
    const message = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(message, 'block');
    expect(badge(rogue)).toBe('−move');
    expect(badge(fighter)).toBeNull();
    expect(await sheetLines(rogue)).toEqual(['Next turn: attack action only']);
    await combat?.nextTurn();
    expect(turnOf(combatantOf(rogue)!)).toMatchObject({ move: false, attack: true });
    expect(badge(rogue)).toBe('now: −move');
    await combat?.nextTurn(); // round 2, the fighter's turn: the rogue owes nothing
    expect(badge(rogue)).toBeNull();
  });

  it("Improved Block's free Block is spent first and comes back at the blocker's next turn", async () => {
    const { fighter, rogue, combat } = await duel(['improved-block']);
    const first = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(first, 'block');
    expect(target(first).aborts?.block?.paidWith).toBe('free');
    expect(budgetOf(rogue)).toMatchObject({ move: true, attack: true, freeUsed: { block: 1 } });
    expect(badge(rogue)).toBeNull();
    expect(game.messages.get(first.id as string)?.content).toContain('Free abort (feat).');

    const second = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(second, 'block');
    expect(target(second).aborts?.block?.paidWith).toBe('move');

    await combat?.nextTurn(); // the rogue's turn: free aborts and the budget refresh
    await combat?.nextTurn(); // round 2
    const third = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(third, 'block');
    expect(target(third).aborts?.block?.paidWith).toBe('free');
  });

  it('flat-footed refuses every abort (button absent, forged request refused); Uncanny Dodge allows it', async () => {
    const { fighter, rogue } = await duel();
    await rogue.toggleStatusEffect('flat-footed', { active: true });
    const message = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual([]);
    const forged = await requestCardAction(message.id as string, 'block', target(message).id);
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Abort.Refusal.flat-footed' });
    expect(lastNotice()).toBe('1st-level rogue is flat-footed and cannot take an abort action.');
    expect(budgetOf(rogue)).toEqual(newActionBudget());

    await rogue.createEmbeddedDocuments('Item', [
      { name: 'Uncanny Dodge', type: 'feat', system: { identifier: 'uncanny-dodge' } },
    ]);
    expect(visibleButtons(message)).toEqual(['block']);
    expect(abortRefusal(rogue, 'block')).toBeNull();
  });

  it('the attacker flanking (an attack option) refuses Block and Roll with Blow', async () => {
    const { fighter, rogue } = await duel();
    const message = await attackHits(fighter, rogue, 10, { situational: ['flanking'] });
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual([]);
    const forged = await requestCardAction(message.id as string, 'block', target(message).id);
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Abort.Refusal.flanked' });
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    h.as(otherPlayer);
    const rwb = await requestCardAction(message.id as string, 'rollWithBlow', target(message).id);
    expect(rwb).toMatchObject({ ok: false, error: 'GNG.Abort.Refusal.flanked' });
    expect(budgetOf(rogue)).toEqual(newActionBudget());
  });

  it('a player cannot abort for an actor they do not own (nor by a forged query)', async () => {
    const { fighter, rogue } = await duel();
    const message = await attackHits(fighter, rogue, 10);
    const before = structuredClone(state(message));
    h.as(player);
    expect(visibleButtons(message)).not.toContain('block');
    const asked = await requestCardAction(message.id as string, 'block', target(message).id);
    expect(asked).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    const direct = (await fromConsole(ATTACK_QUERY, {
      messageId: message.id,
      action: 'block',
      target: target(message).id,
    })) as CardActionResult;
    expect(direct).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    // Extra data is refused, even from the owner.
    h.as(otherPlayer);
    const extra = (await fromConsole(ATTACK_QUERY, {
      messageId: message.id,
      action: 'block',
      target: target(message).id,
      blockerTotal: 99,
    })) as CardActionResult;
    expect(extra).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    const weapon = (await fromConsole(ATTACK_QUERY, {
      messageId: message.id,
      action: 'block',
      target: target(message).id,
      weapon: 'not-a-weapon',
    })) as CardActionResult;
    expect(weapon).toMatchObject({ ok: false, error: 'GNG.Abort.Refusal.noWeapon' });
    expect(state(message)).toEqual(before);
    expect(budgetOf(rogue)).toEqual(newActionBudget());
  });

  it("the attack's Undo takes back the damage; the GM's Undo of the aborts gives back exactly what they paid", async () => {
    const { fighter, rogue } = await duel();
    const message = await attackHits(fighter, rogue, 10);
    const hit = structuredClone(target(message));
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(message, 'block');
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    const rolled = structuredClone(target(message).damage) as NonNullable<CardTarget['damage']>;
    h.as(otherPlayer);
    h.dice.queue(22 - tumbleBonus(rogue));
    await click(message, 'rollWithBlow');
    const converted = structuredClone(target(message).damage);
    expect(converted).toMatchObject({ lethal: rolled.lethal - 3, nonlethal: 3 });
    h.as(player);
    await click(message, 'applyDamage');
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: false });
    expect(sys(rogue).hp).toMatchObject({ value: 13 - (rolled.lethal - 3), nonlethal: 3 });
    // Nobody but a GM undoes the aborts; not while the damage is applied.
    expect(visibleButtons(message)).toEqual(['undoDamage']);
    h.as(gm);
    expect(visibleButtons(message)).toContain('undoDamage');
    expect(visibleButtons(message)).not.toContain('undoAborts');

    // The attacker's Undo: the damage only. The aborts (and what they paid) stay on the card.
    h.as(player);
    await click(message, 'undoDamage');
    expect(sys(rogue).hp).toMatchObject({ value: 13, nonlethal: 0 });
    expect(target(message).applied).toBeNull();
    expect(target(message).damage).toEqual(converted);
    expect(target(message).aborts?.block).toMatchObject({ paidWith: 'move' });
    expect(target(message).aborts?.rollWithBlow).toMatchObject({ paidWith: 'attack' });
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: false });
    expect(badge(rogue)).toBe('−move −attack');
    expect(visibleButtons(message)).not.toContain('undoAborts');

    // The GM's Undo of the aborts: the move (Block) and the attack (Roll with Blow) come back, the
    // damage split is the rolled one again, the card is as it was after the hit and the damage roll.
    h.as(gm);
    expect(visibleButtons(message)).toContain('undoAborts');
    await click(message, 'undoAborts');
    expect(sys(rogue).hp).toMatchObject({ value: 13, nonlethal: 0 });
    expect(budgetOf(rogue)).toEqual(newActionBudget());
    const { undoneAborts, ...rest } = target(message);
    expect(rest).toEqual({ ...hit, damage: rolled });
    expect([...(undoneAborts ?? [])].sort()).toEqual(['block', 'rollWithBlow']);
    expect(badge(rogue)).toBeNull();
    // The defender's side does not take its undone abort again; a GM may.
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual([]);
    const again = await requestCardAction(message.id as string, 'rollWithBlow', target(message).id);
    expect(again).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    expect(budgetOf(rogue)).toEqual(newActionBudget());
    h.as(gm);
    expect(visibleButtons(message)).toContain('rollWithBlow');
  });

  it('a Block that wins undone by the GM: the damage step comes back', async () => {
    const { fighter, rogue } = await duel();
    const message = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(19);
    await click(message, 'block');
    expect(target(message).aborts?.block?.blocked).toBe(true);
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true });
    h.as(gm);
    await click(message, 'undoAborts');
    expect(target(message).aborts).toBeUndefined();
    expect(target(message).undoneAborts).toEqual(['block']);
    expect(budgetOf(rogue)).toEqual(newActionBudget());
    h.as(player);
    expect(visibleButtons(message)).toEqual(['rollDamage']);
  });

  it('trauma (flagged by Apply) leaves a partial action next turn; Undo takes it back', async () => {
    const { fighter, rogue, combat } = await duel();
    const message = await attackHits(fighter, rogue, 10);
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    await click(message, 'applyDamage'); // more than half of 13 HP: trauma
    expect(target(message).applied?.trauma).toBe(true);
    expect(traumaPending(rogue)).toBe(true);
    expect(badge(rogue)).toBe('trauma');
    expect(await sheetLines(rogue)).toEqual(['Next turn: a partial action']);
    await click(message, 'undoDamage');
    expect(traumaPending(rogue)).toBe(false);
    expect(badge(rogue)).toBeNull();

    await click(message, 'applyDamage');
    await combat?.nextTurn();
    expect(turnOf(combatantOf(rogue)!)).toEqual({
      round: 1,
      move: true,
      attack: true,
      partial: true,
    });
    expect(traumaPending(rogue)).toBe(false);
    expect(badge(rogue)).toBe('now: partial');
    expect(await sheetLines(rogue)).toEqual([
      'This turn: a partial action',
      'Next turn: move and attack actions',
    ]);
  });

  it('out of combat an abort costs nothing and is not limited', async () => {
    const { fighter, rogue } = await duel([], false);
    expect(budgetOf(rogue)).toBeNull();
    const message = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(message, 'block');
    expect(target(message).aborts?.block).toMatchObject({
      paidWith: 'none',
      undo: { budgetBefore: null, epoch: null },
    });
    // Nothing spent, and the card does not say an action was.
    const content = game.messages.get(message.id as string)?.content ?? '';
    expect(content).toContain('Not in combat: costs no action.');
    expect(content).not.toContain('Abort action spent');
    expect(await spendAbortFor(rogue, 'block')).toEqual({
      ok: true,
      paidWith: 'none',
      before: null,
      epoch: null,
    });
    expect(await sheetLines(rogue)).toEqual([]);
    h.as(gm);
  });
});

/** The labelled Block buttons the current user sees (text and the weapon each sends). */
function blockButtons(message: ChatMessage): { label: string; weapon: string | null; breaking: boolean }[] {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return [...html.querySelectorAll<HTMLButtonElement>('button[data-action="block"]')].map((b) => ({
    label: b.textContent?.trim() ?? '',
    weapon: b.dataset.weapon ?? null,
    breaking: b.dataset.breaking === 'true',
  }));
}

/** Equips the rogue with a Large greatclub (melee), a shortbow (ranged) and an unequipped dagger. */
async function armRogue(rogue: Actor): Promise<{ club: Item; bow: Item; dagger: Item }> {
  await rogue.createEmbeddedDocuments('Item', [
    {
      name: 'Large greatclub',
      type: 'weapon',
      system: {
        category: 'martial',
        use: 'two-handed',
        size: 'large',
        damage: { medium: '1d10', large: '2d8' },
        damageTypes: ['bludgeoning'],
        equipped: true,
      },
    },
    {
      name: 'Shortbow',
      type: 'weapon',
      system: { category: 'martial', use: 'ranged', damage: { medium: '1d6' }, equipped: true },
    },
    {
      name: 'Dagger',
      type: 'weapon',
      system: { category: 'simple', use: 'light', damage: { medium: '1d4' }, equipped: false },
    },
  ]);
  const item = (name: string) => rogue.items.find((i) => i.name === name) as Item;
  return { club: item('Large greatclub'), bow: item('Shortbow'), dagger: item('Dagger') };
}

const attackOf = (actor: Actor, item: Item) =>
  sys(actor).derived.attacks.find((a) => a.itemId === item.id) as CreatureData['derived']['attacks'][number];

describe('Block with the chosen weapon', () => {
  it('several equipped melee weapons: one labelled Block button each; the weapon size is the chosen one', async () => {
    const { fighter, rogue } = await duel(['breaking-block']);
    const { club } = await armRogue(rogue);
    const shortSword = rogue.items.find((i) => i.name === 'Short sword') as Item;
    const message = await attackHits(fighter, rogue, 10); // attack total 19
    h.as(otherPlayer);
    // Best bonus first; the shortbow (ranged) and the unequipped dagger are not offered.
    const [first, second] = [attackOf(rogue, shortSword), attackOf(rogue, club)].sort(
      (a, b) => b.bonus - a.bonus,
    );
    expect(blockButtons(message)).toEqual([
      // Each label names whose Block it is (the defender's).
      { label: `Block with ${first?.name} (${rogue.name})`, weapon: first?.itemId, breaking: false },
      { label: `Block with ${second?.name} (${rogue.name})`, weapon: second?.itemId, breaking: false },
      { label: `Breaking Block with ${first?.name} (${rogue.name})`, weapon: first?.itemId, breaking: true },
      {
        label: `Breaking Block with ${second?.name} (${rogue.name})`,
        weapon: second?.itemId,
        breaking: true,
      },
    ]);
    // Native buttons in a labelled group: reachable and usable from the keyboard.
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(html.querySelector('.abort-buttons')?.getAttribute('aria-label')).toBe('Block');

    const clubBonus = attackOf(rogue, club).bonus;
    const sizeBonus = largerSizeBonus('large', 'medium').a; // Large greatclub vs the Medium bastard sword
    expect(sizeBonus).toBe(4);
    h.dice.queue(5);
    await clickButton(message, `button[data-action="block"][data-weapon="${club.id}"]:not([data-breaking])`);
    expect(target(message).aborts?.block).toMatchObject({
      weapon: 'Large greatclub',
      weaponId: club.id,
      bonus: clubBonus,
      blockerTotal: 5 + clubBonus + sizeBonus,
      attackerTotal: 19,
      breaking: false,
    });
    expect(game.messages.get(message.id as string)?.content).toContain(`Large greatclub: d20 5`);
  });

  it('the short sword chosen: no weapon-size bonus (both Medium)', async () => {
    const { fighter, rogue } = await duel();
    await armRogue(rogue);
    const shortSword = rogue.items.find((i) => i.name === 'Short sword') as Item;
    const message = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(5);
    await clickButton(message, `button[data-action="block"][data-weapon="${shortSword.id}"]`);
    const bonus = attackOf(rogue, shortSword).bonus;
    expect(target(message).aborts?.block).toMatchObject({ weaponId: shortSword.id, blockerTotal: 5 + bonus });
  });

  it('a forged weapon that is not an equipped melee weapon is refused with a localized message', async () => {
    const { fighter, rogue } = await duel();
    const { bow, dagger } = await armRogue(rogue);
    const message = await attackHits(fighter, rogue, 10);
    const before = structuredClone(state(message));
    h.as(otherPlayer);
    const ranged = await requestCardAction(message.id as string, 'block', target(message).id, {
      weapon: bow.id,
    });
    expect(ranged).toMatchObject({ ok: false, error: 'GNG.Abort.Refusal.notBlockWeapon' });
    expect(lastNotice()).toBe(
      '1st-level rogue cannot block with Shortbow: only an equipped melee weapon blocks.',
    );
    const unequipped = await requestCardAction(message.id as string, 'block', target(message).id, {
      weapon: dagger.id,
    });
    expect(unequipped).toMatchObject({ ok: false, error: 'GNG.Abort.Refusal.noWeapon' });
    expect(lastNotice()).toBe('1st-level rogue has no weapon to block with.');
    expect(state(message)).toEqual(before);
    expect(budgetOf(rogue)).toEqual(newActionBudget());
  });

  it('one melee weapon: a single plain Block button (its best melee attack)', async () => {
    const { fighter, rogue } = await duel();
    const message = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    expect(blockButtons(message)).toEqual([
      { label: `Block (${rogue.name})`, weapon: null, breaking: false },
    ]);
  });
});

describe('Riposte after a successful Block', () => {
  it("offers the defender's owners one Riposte: an attack on the attacker with the blocking weapon", async () => {
    const { fighter, rogue } = await duel(['riposte']);
    const shortSword = rogue.items.find((i) => i.name === 'Short sword') as Item;
    h.placeToken(fighter);
    const message = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(19); // blocks
    await click(message, 'block');
    expect(target(message).aborts?.block).toMatchObject({ blocked: true, riposte: true, riposteBy: null });
    expect(visibleButtons(message)).toEqual(['riposte']);
    h.as(player);
    expect(visibleButtons(message)).toEqual([]); // not the attacker's owner's to take
    const stranger = await requestCardAction(message.id as string, 'riposte', target(message).id);
    expect(stranger).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });

    h.as(otherPlayer);
    const cards = game.messages.contents.length;
    h.dice.queue(12);
    await click(message, 'riposte');
    expect(game.messages.contents.length).toBe(cards + 1);
    const riposte = game.messages.contents.at(-1) as ChatMessage;
    const ripostState = cardState(riposte) as AttackCardState;
    expect(ripostState.attacker).toEqual({ actorUuid: rogue.uuid, name: rogue.name });
    expect(ripostState.weapon).toMatchObject({ itemId: shortSword.id, name: 'Short sword' });
    expect(ripostState.attack.natural).toBe(12);
    expect(ripostState.targets.map((t) => t.actorUuid)).toEqual([fighter.uuid]);

    // Recorded on the card: offered once.
    expect(target(message).aborts?.block?.riposteBy).toBe(otherPlayer.id);
    expect(visibleButtons(message)).toEqual([]);
    expect(game.messages.get(message.id as string)?.content).toContain(
      '1st-level rogue ripostes: the attack is on its own card.',
    );
    const again = await requestCardAction(message.id as string, 'riposte', target(message).id);
    expect(again).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.riposte' });
    expect(game.messages.contents.length).toBe(cards + 1);
  });

  it('no Riposte without the feat or after a failed Block', async () => {
    const { fighter, rogue } = await duel(['riposte']);
    const message = await attackHits(fighter, rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(2); // fails
    await click(message, 'block');
    expect(visibleButtons(message)).toEqual([]);
    const forged = await requestCardAction(message.id as string, 'riposte', target(message).id);
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.riposte' });

    h.as(gm);
    const plain = await duel();
    const second = await attackHits(plain.fighter, plain.rogue, 10);
    h.as(otherPlayer);
    h.dice.queue(19);
    await click(second, 'block');
    expect(target(second).aborts?.block).toMatchObject({ blocked: true, riposte: false });
    expect(visibleButtons(second)).toEqual([]);
  });
});

describe('Block and the autoRollDamage setting', () => {
  /** As `attackHits`, with the damage die queued after the Defense die (rolled at once when auto). */
  async function autoHit(fighter: Actor, rogue: Actor): Promise<ChatMessage> {
    h.as(player);
    h.target(player, h.placeToken(rogue));
    h.dice.queue(10);
    const message = (await game.gng.attack(fighter, sword(fighter))) as ChatMessage;
    await attackActionsSettled();
    h.as(otherPlayer);
    h.dice.queue(1, 6);
    await click(message, 'rollDefense');
    return message;
  }

  it('on: Block stays after the damage is rolled; a successful Block voids it (no Apply, no Roll with Blow)', async () => {
    await game.settings.set('gng', 'autoRollDamage', true);
    const { fighter, rogue } = await duel();
    const message = await autoHit(fighter, rogue);
    expect(target(message).damage).toMatchObject({ automatic: true });
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual(['block', 'rollWithBlow']);
    h.dice.queue(19);
    await click(message, 'block');
    expect(target(message).aborts?.block?.blocked).toBe(true);
    expect(target(message).damage).not.toBeNull(); // kept for Undo, but void
    expect(game.messages.get(message.id as string)?.content).toContain(
      'Blocked: this damage is void and is not applied.',
    );
    expect(visibleButtons(message)).toEqual([]);
    const rwb = await requestCardAction(message.id as string, 'rollWithBlow', target(message).id);
    expect(rwb).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.rollWithBlow' });
    h.as(player);
    expect(visibleButtons(message)).toEqual([]);
    const apply = await requestCardAction(message.id as string, 'applyDamage', target(message).id);
    expect(apply).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.applyDamage' });
    expect(sys(rogue).hp.value).toBe(13);

    // The GM's Undo gives the Block back: the rolled damage may be applied, or blocked again by a GM.
    h.as(gm);
    await click(message, 'undoAborts');
    expect(target(message).aborts).toBeUndefined();
    expect(budgetOf(rogue)).toEqual(newActionBudget());
    h.as(player);
    expect(visibleButtons(message)).toEqual(['applyDamage']); // Undo: nothing applied to undo
    h.as(otherPlayer);
    expect(visibleButtons(message)).not.toContain('block'); // its undone Block is not its to take again
    expect(visibleButtons(message)).toContain('rollWithBlow');
    h.as(gm);
    expect(visibleButtons(message)).toContain('block');
  });

  it('on: a failed Block leaves the damage to Apply (or roll with); after Apply, Block is refused', async () => {
    await game.settings.set('gng', 'autoRollDamage', true);
    const { fighter, rogue } = await duel();
    const message = await autoHit(fighter, rogue);
    const lethal = target(message).damage?.lethal as number;
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(message, 'block');
    expect(target(message).aborts?.block?.blocked).toBe(false);
    expect(visibleButtons(message)).toEqual(['rollWithBlow']);
    h.as(player);
    await click(message, 'applyDamage');
    expect(sys(rogue).hp.value).toBe(13 - lethal);

    const second = await autoHit(fighter, rogue);
    h.as(player);
    await click(second, 'applyDamage');
    h.as(otherPlayer);
    expect(visibleButtons(second)).toEqual([]);
    const late = await requestCardAction(second.id as string, 'block', target(second).id);
    expect(late).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.block' });
  });

  it('on: Roll with Blow first closes the Block (Block comes before it)', async () => {
    await game.settings.set('gng', 'autoRollDamage', true);
    const { fighter, rogue } = await duel();
    const message = await autoHit(fighter, rogue);
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(message, 'rollWithBlow');
    expect(visibleButtons(message)).toEqual([]);
    const late = await requestCardAction(message.id as string, 'block', target(message).id);
    expect(late).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.block' });
  });

  it('off: once the attacker rolls damage the Block is gone', async () => {
    await game.settings.set('gng', 'autoRollDamage', false);
    const { fighter, rogue } = await duel();
    const message = await attackHits(fighter, rogue, 10);
    expect(target(message).damage).toBeNull();
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    expect(target(message).damage?.automatic).toBeUndefined();
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual(['rollWithBlow']);
    const late = await requestCardAction(message.id as string, 'block', target(message).id);
    expect(late).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.block' });
  });
});
