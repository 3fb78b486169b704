/**
 * Appendix 4 feats used as actions (issue #18), on the GM's client through the feat action card.
 * SUDDEN ACTION: "Once per cycle, you can change your place in the initiative order, moving higher in
 * the count by a number less than or equal to your character level … at the start of any round,
 * before anyone else takes an action." TACTICAL AID: "As a full-round action … a Knowledge (strategy
 * & tactics) skill check against DC 20 … your allies gain a +1 competence bonus on initiative rolls,
 * attack rolls, or defense rolls … for 2d4+1 rounds … by 10 or more … +2 … by 20 or more … +3."
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { withFeats, latest } from '../fixtures/cards.js';
import type { HarnessCombat } from '../harness/documents.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';

const h = await getHarness();
beforeEach(() => h.reset(18));
// Every string shown is in lang/en.json.
afterEach(() => expect([...h.i18n.missing]).toEqual([]));
const { gm, player, otherPlayer } = h.users;

const rules = await import('../../src/rules/index.js');
const { attackActionsSettled } = await import('../../src/cards/attack/attack-actions.js');
const { combatantOf, turnOf } = await import('../../src/combat/action-budget.js');
const { featActionCardOf, requestFeatActionUndo } =
  await import('../../src/cards/feat-actions/feat-action-actions.js');

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const card = () => featActionCardOf(latest());

/** A character of the player's with `levels` fighter levels, Int 14, Knowledge `ranks`, and `feats`. */
async function hero(name: string, levels: number, feats: string[], ranks = 0): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor(
    {
      name,
      type: 'character',
      system: { abilities: { int: { value: 14 } }, skills: { knowledge: { ranks } }, hp: { value: 10 } },
    },
    player,
  );
  await actor.createEmbeddedDocuments('Item', [{ name: 'Fighter', type: 'class', system: { levels } }]);
  return withFeats(actor, feats);
}

async function npc(name: string): Promise<Actor> {
  return h.createActor({ name, type: 'npc', system: { hp: { value: 10 } } });
}

/** A begun combat of `entries` (actor, initiative), highest first: round 1, the first one's turn. */
async function fight(entries: [Actor, number][]): Promise<HarnessCombat> {
  h.as(gm);
  const combat = h.startCombat([]) as HarnessCombat;
  for (const [actor, initiative] of entries) combat.addCombatant(actor, initiative);
  await combat.begin();
  await attackActionsSettled();
  return combat;
}

describe('the engine’s numbers', () => {
  it('Sudden Action: 1 to the character level, once a round, at its start', () => {
    const ok = { steps: 5, characterLevel: 5, usedThisRound: false, roundStart: true };
    expect(rules.suddenActionProblem(ok)).toBeNull();
    expect(rules.suddenActionProblem({ ...ok, steps: 6 })).toBe('level');
    expect(rules.suddenActionProblem({ ...ok, steps: 0 })).toBe('steps');
    expect(rules.suddenActionProblem({ ...ok, steps: 2.5 })).toBe('steps');
    expect(rules.suddenActionProblem({ ...ok, usedThisRound: true })).toBe('used');
    expect(rules.suddenActionProblem({ ...ok, roundStart: false })).toBe('not-round-start');
    expect(rules.suddenActionInitiative(12, 3)).toBe(15); // "moving higher in the count"
    // A rolled count keeps its tiebreaker (issue #33: 1d20 + 7 + 0.57 → 18.57).
    expect(rules.suddenActionInitiative(18.57, 3)).toBe(21.57);
  });

  it('Tactical Aid: DC 20, +1, +2 by 10, +3 by 20; 2d4+1 rounds', () => {
    expect(rules.TACTICAL_AID_DC).toBe(20);
    expect([19, 20, 29, 30, 39, 40, 55].map(rules.tacticalAidBonus)).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(rules.TACTICAL_AID_DURATION).toBe('2d4+1');
  });
});

describe('Sudden Action', () => {
  it('a count rolled by the tracker (with its tiebreaker) moves up by whole steps; Undo gives it back exactly', async () => {
    const fighter = await hero('Fighter', 3, ['sudden-action']);
    const orc = await npc('Orc');
    // Rolled counts (issue #33): 1d20 + modifier + (modifier + 50) / 100.
    await fight([
      [orc, 19.5],
      [fighter, 18.57],
    ]);
    const combatant = combatantOf(fighter) as Combatant;
    h.as(player);
    expect(await game.gng.suddenAction(fighter, 3)).toMatchObject({ ok: true });
    expect(combatant.initiative).toBe(21.57);
    h.as(gm);
    expect(await requestFeatActionUndo(latest()?.id as string)).toMatchObject({ ok: true });
    expect(combatant.initiative).toBe(18.57);
  });

  it('a 3rd-level fighter moves up 3 at the start of the round, once; the GM’s Undo puts it back', async () => {
    const fighter = await hero('Fighter', 3, ['sudden-action']);
    const orc = await npc('Orc');
    const combat = await fight([
      [orc, 14],
      [fighter, 12],
    ]);
    const combatant = combatantOf(fighter) as Combatant;
    h.as(player);
    expect(await game.gng.suddenAction(fighter, 4)).toMatchObject({
      ok: false,
      error: 'GNG.FeatAction.Error.Level',
    });
    expect(await game.gng.suddenAction(fighter, 3)).toMatchObject({ ok: true });
    // 12 + 3 = 15: ahead of the orc's 14.
    expect(combatant.initiative).toBe(15);
    expect(card()?.sudden).toMatchObject({ from: 12, to: 15, steps: 3, level: 3, round: 1 });
    expect(latest()?.content).toContain('12 → 15');
    // "Once per cycle": not again this round.
    expect(await game.gng.suddenAction(fighter, 1)).toMatchObject({
      ok: false,
      error: 'GNG.FeatAction.Error.Used',
    });
    expect(combatant.initiative).toBe(15);
    // The player may not undo; the GM may, and then the round's use is free again.
    expect(await requestFeatActionUndo(latest()?.id as string)).toMatchObject({ ok: false });
    h.as(gm);
    expect(await requestFeatActionUndo(latest()?.id as string)).toMatchObject({ ok: true });
    expect(combatant.initiative).toBe(12);
    expect(card()?.undone).toBe(true);
    h.as(player);
    expect(await game.gng.suddenAction(fighter, 2)).toMatchObject({ ok: true });
    expect(combatant.initiative).toBe(14);
    void combat;
  });

  it('only at the start of a round (the first turn), and again in the next round', async () => {
    const fighter = await hero('Fighter', 2, ['sudden-action']);
    const orc = await npc('Orc');
    const combat = await fight([
      [orc, 14],
      [fighter, 12],
    ]);
    await combat.nextTurn(); // round 1, the fighter's turn: someone has acted
    h.as(player);
    expect(await game.gng.suddenAction(fighter, 1)).toMatchObject({
      ok: false,
      error: 'GNG.FeatAction.Error.NotRoundStart',
    });
    h.as(gm);
    await combat.nextTurn(); // round 2, the first turn
    await attackActionsSettled();
    h.as(player);
    expect(await game.gng.suddenAction(fighter, 2)).toMatchObject({ ok: true });
    expect((combatantOf(fighter) as Combatant).initiative).toBe(14);
  });

  it('refused without the feat, out of combat, and to someone who does not own the actor', async () => {
    const plain = await hero('Plain', 5, []);
    const fighter = await hero('Fighter', 5, ['sudden-action']);
    h.as(player);
    expect(await game.gng.suddenAction(fighter, 1)).toMatchObject({
      ok: false,
      error: 'GNG.FeatAction.Error.NotInCombat',
    });
    await fight([
      [plain, 10],
      [fighter, 8],
    ]);
    h.as(player);
    expect(await game.gng.suddenAction(plain, 1)).toMatchObject({
      ok: false,
      error: 'GNG.FeatAction.Error.NoSuddenAction',
    });
    h.as(otherPlayer);
    expect(await game.gng.suddenAction(fighter, 1)).toMatchObject({
      ok: false,
      error: 'GNG.FeatAction.Error.NotOwner',
    });
    expect((combatantOf(fighter) as Combatant).initiative).toBe(8);
  });
});

describe('Tactical Aid', () => {
  /**
   * The tactician: Int 14 (+2) and 10 ranks of Knowledge: +12. Its side (FRIENDLY) has a soldier; a
   * HOSTILE orc and a NEUTRAL bystander are on the scene too.
   */
  async function scene(ranks = 10) {
    const tactician = await hero('Tactician', 4, ['tactical-aid'], ranks);
    const soldier = await npc('Soldier');
    const orc = await npc('Orc');
    const bystander = await npc('Bystander');
    h.as(gm);
    const sides: [Actor, number][] = [
      [tactician, 1],
      [soldier, 1],
      [orc, -1],
      [bystander, 0],
    ];
    for (const [actor, disposition] of sides) {
      const document = h.placeToken(actor).document as unknown as {
        update(changes: { disposition: number }): Promise<unknown>;
      };
      await document.update({ disposition });
    }
    return { tactician, soldier, orc, bystander };
  }
  const melee = (actor: Actor) => sys(actor).attack.bonuses.melee;

  it('beating DC 20 by 10 gives the whole side +2 on attacks for 2d4+1 rounds; the other sides nothing', async () => {
    const { tactician, soldier, orc, bystander } = await scene();
    h.as(player);
    // d20 18 + 12 = 30: DC 20 beaten by 10 → +2. Duration 2d4+1: 3 + 2 + 1 = 6 rounds.
    h.dice.queue(18, 3, 2);
    expect(await game.gng.tacticalAid(tactician, { bonusTo: 'attack' })).toMatchObject({ ok: true });
    expect(card()?.aid).toMatchObject({ total: 30, bonus: 2, rounds: 6, choice: 'attack' });
    expect([melee(tactician), melee(soldier), melee(orc), melee(bystander)]).toEqual([2, 2, 0, 0]);
    expect(sys(soldier).attack.bonuses.ranged).toBe(2);
    const effect = soldier.effects.contents[0] as ActiveEffect;
    expect(effect.duration.rounds).toBe(6);
    expect(latest()?.content).toContain('Soldier');
    // The GM's Undo takes every effect back.
    h.as(gm);
    expect(await requestFeatActionUndo(latest()?.id as string)).toMatchObject({ ok: true });
    expect([melee(tactician), melee(soldier)]).toEqual([0, 0]);
    expect(soldier.effects.contents).toHaveLength(0);
  });

  it('on Defense: +1 (DC beaten by less than 10), as a competence bonus; +3 when beaten by 20', async () => {
    const { tactician, soldier } = await scene(16); // Int +2, 16 ranks: +18
    const before = sys(soldier).derived.defense.melee.total;
    h.as(player);
    h.dice.queue(2, 1, 1); // 2 + 18 = 20: +1; 1 + 1 + 1 = 3 rounds
    await game.gng.tacticalAid(tactician, { bonusTo: 'defense' });
    expect(sys(soldier).derived.defense.melee.total).toBe(before + 1);
    expect(sys(soldier).derived.defense.melee.parts.competence).toBe(1);
    // Read like insight ("You lose insight bonuses when unconscious or immobilized"): unconscious loses it.
    h.as(gm);
    await soldier.toggleStatusEffect('unconscious', { active: true });
    expect(sys(soldier).derived.defense.melee.parts.competence).toBe(0);
    await soldier.toggleStatusEffect('unconscious', { active: false });
    h.as(gm);
    await requestFeatActionUndo(latest()?.id as string);
    h.as(player);
    h.dice.queue(20, 4, 4); // 20 + 18 = 38: +2 (by 18, not yet 20)
    await game.gng.tacticalAid(tactician, { bonusTo: 'defense' });
    expect(sys(soldier).derived.defense.melee.total).toBe(before + 2);
  });

  it('a failed check aids no one and offers no Undo; a second aid does not stack on the first', async () => {
    const { tactician, soldier } = await scene();
    h.as(player);
    h.dice.queue(7); // 7 + 12 = 19 < 20
    expect(await game.gng.tacticalAid(tactician, { bonusTo: 'attack' })).toMatchObject({ ok: true });
    expect(card()?.aid).toMatchObject({ total: 19, bonus: 0, rounds: 0, aided: [] });
    expect(card()?.applied).toBeNull();
    expect(h.renderMessage(latest() as ChatMessage).querySelector('button[data-action]')).toBeNull();
    expect(melee(soldier)).toBe(0);
    h.dice.queue(10, 1, 1); // 22: +1
    await game.gng.tacticalAid(tactician, { bonusTo: 'attack' });
    h.dice.queue(19, 1, 1); // 31: +2, but competence bonuses do not stack: each ally keeps its +1
    await game.gng.tacticalAid(tactician, { bonusTo: 'attack' });
    expect(card()?.aid?.skipped.sort()).toEqual(['Soldier', 'Tactician']);
    expect(melee(soldier)).toBe(1);
  });

  it('initiative is refused, and so is a tactician without the feat or the Knowledge ranks', async () => {
    const { tactician } = await scene();
    const untrained = await hero('Untrained', 4, ['tactical-aid'], 0);
    const plain = await hero('Plain', 4, [], 10);
    h.as(player);
    expect(await game.gng.tacticalAid(tactician, { bonusTo: 'initiative' })).toMatchObject({
      ok: false,
      error: 'GNG.FeatAction.Error.Initiative',
    });
    expect(await game.gng.tacticalAid(untrained, { bonusTo: 'attack' })).toMatchObject({
      ok: false,
      error: 'GNG.FeatAction.Error.Untrained',
    });
    expect(await game.gng.tacticalAid(plain, { bonusTo: 'attack' })).toMatchObject({
      ok: false,
      error: 'GNG.FeatAction.Error.NoTacticalAid',
    });
  });

  it('in combat: a full-round action on its own turn, given back by Undo; the effect ends after its rounds', async () => {
    const { tactician, soldier } = await scene();
    const combat = await fight([
      [soldier, 15],
      [tactician, 10],
    ]);
    h.as(player);
    expect(await game.gng.tacticalAid(tactician, { bonusTo: 'attack' })).toMatchObject({
      ok: false,
      error: 'GNG.FeatAction.Error.NotTurn',
    });
    h.as(gm);
    await combat.nextTurn(); // the tactician's turn
    await attackActionsSettled();
    h.as(player);
    h.dice.queue(10, 1, 1); // 22: +1 for 1 + 1 + 1 = 3 rounds
    expect(await game.gng.tacticalAid(tactician, { bonusTo: 'attack' })).toMatchObject({ ok: true });
    const turn = () => turnOf(combatantOf(tactician) as Combatant);
    expect(turn()).toMatchObject({ move: false, attack: false });
    h.as(gm);
    await requestFeatActionUndo(latest()?.id as string);
    expect(turn()).toMatchObject({ move: true, attack: true });
    h.as(player);
    h.dice.queue(10, 1, 1);
    await game.gng.tacticalAid(tactician, { bonusTo: 'attack' });
    expect(melee(soldier)).toBe(1);
    // Started in round 1 on the tactician's turn: 3 rounds later (round 4, its turn) it has run out.
    h.as(gm);
    for (let i = 0; i < 5; i++) await combat.nextTurn(); // round 4, the soldier's turn
    await attackActionsSettled();
    expect(melee(soldier)).toBe(1);
    await combat.nextTurn(); // round 4, the tactician's turn
    await attackActionsSettled();
    expect(melee(soldier)).toBe(0);
  });
});

describe('the feat action card as a typed message (issue #34)', () => {
  const { drawn, buttons } = cardHelpers(h);
  const text = (html: HTMLElement, selector: string) => html.querySelector(selector)?.textContent?.trim();

  /** The fighter's Sudden Action of 3 (12 → 15) at the start of round 1: its card. */
  async function suddenCard(): Promise<{ combatant: Combatant; message: ChatMessage; fighter: Actor }> {
    const fighter = await hero('Fighter', 3, ['sudden-action']);
    const orc = await npc('Orc');
    await fight([
      [orc, 14],
      [fighter, 12],
    ]);
    h.as(player);
    expect(await game.gng.suddenAction(fighter, 3)).toMatchObject({ ok: true });
    return { combatant: combatantOf(fighter) as Combatant, message: latest() as ChatMessage, fighter };
  }

  it('has the subtype featAction and its whole state in system, none in its flags', async () => {
    const { combatant, message, fighter } = await suddenCard();
    expect(message.type).toBe('featAction');
    const combat = combatant.parent as Combat;
    const at = { combatId: combat.id, combatantId: combatant.id, round: 1, from: 12, to: 15 };
    expect(cardStateOf(message)).toEqual({
      kind: 'sudden-action',
      actorUuid: fighter.uuid,
      actorName: 'Fighter',
      sudden: { steps: 3, level: 3, ...at },
      aid: null,
      applied: { initiative: at, effects: [], turn: null },
      undone: false,
      notes: [],
    });
    expect(message.flags.gng?.featAction).toBeUndefined();
  });

  it("is drawn on each client in its user's language, an Undo's note too", async () => {
    const { combatant, message } = await suddenCard();
    h.as(gm);
    await combatant.update({ initiative: 16 });
    expect(await requestFeatActionUndo(message.id as string)).toMatchObject({ ok: true });
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    let html = await drawn(message);
    expect(text(html, '.card-header h3')).toBe(pseudo('Fighter: Sudden Action'));
    expect(text(html, '.feat-action-note')).toBe(
      pseudo('The initiative count has changed since (now 16): it was left as it is.'),
    );
    h.as(gm);
    html = await drawn(message);
    expect(text(html, '.card-header h3')).toBe('Fighter: Sudden Action');
    expect(text(html, '.feat-action-undone')).toBe('Undone by the GM.');
  });

  it('a card posted before the change (type base, flags.gng.featAction) still renders and undoes', async () => {
    const { combatant, message } = await suddenCard();
    const { undone: _u, notes: _n, ...old } = cardStateOf<Record<string, unknown>>(message) ?? {};
    h.as(gm);
    const legacy = (await ChatMessage.create({
      content: message.content,
      speaker: message.speaker,
      flags: { gng: { type: 'featAction', featAction: old } },
    })) as ChatMessage;
    expect(legacy.type).toBe('base');
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    expect(text(await drawn(legacy), '.card-header h3')).toBe('Fighter: Sudden Action');
    h.as(gm);
    expect(buttons(legacy)).toEqual(['featActionUndo']);
    expect(await requestFeatActionUndo(legacy.id as string)).toMatchObject({ ok: true });
    expect(combatant.initiative).toBe(12);
    const after = game.messages.get(legacy.id as string) as ChatMessage;
    expect(after.type).toBe('base');
    expect(after.flags.gng?.featAction).toMatchObject({ applied: null, undone: true });
    expect(after.content).toContain('Undone by the GM.');
  });
});

describe('from the sheet (Feats tab)', () => {
  it('the owner sees the feat actions with labelled controls; the buttons ask the GM', async () => {
    const fighter = await hero('Fighter', 3, ['sudden-action', 'tactical-aid'], 10);
    const orc = await npc('Orc');
    await fight([
      [orc, 14],
      [fighter, 12],
    ]);
    h.as(player);
    const sheet = await openSheetOn(h, fighter, 'feats');
    const group = sheet.element.querySelector<HTMLFieldSetElement>('fieldset.gng-feat-actions');
    expect(group?.querySelector('legend')?.textContent).toBe('Feat actions');
    const steps = group?.querySelector<HTMLInputElement>('input.sudden-steps');
    // At most the character level (3), which is also the default.
    expect([steps?.max, steps?.value]).toEqual(['3', '3']);
    expect(group?.querySelector(`label[for="${steps?.id ?? ''}"]`)?.textContent).toBe(
      'Steps up the initiative count',
    );
    const choice = group?.querySelector<HTMLSelectElement>('select.aid-choice');
    expect([...(choice?.options ?? [])].map((o) => o.value)).toEqual(['attack', 'defense']);
    expect(group?.querySelector(`label[for="${choice?.id ?? ''}"]`)).not.toBeNull();
    (steps as HTMLInputElement).value = '2';
    await h.click(sheet, 'button[data-action="suddenAction"]');
    await attackActionsSettled();
    expect((combatantOf(fighter) as Combatant).initiative).toBe(14);
  });

  it('an actor without the feats shows no feat actions, nor does a sheet its viewer cannot edit', async () => {
    const plain = await hero('Plain', 3, []);
    h.as(player);
    const sheet = await openSheetOn(h, plain, 'feats');
    expect(sheet.element.querySelector('.gng-feat-actions')).toBeNull();
    const fighter = await hero('Fighter', 3, ['sudden-action']);
    h.as(gm);
    await fighter.update({ ownership: { default: 2, [player.id as string]: 3 } });
    h.as(otherPlayer);
    const other = await openSheetOn(h, fighter, 'feats');
    expect(other.element.querySelector('.gng-feat-actions')).toBeNull();
  });
});
