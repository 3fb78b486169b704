/**
 * The Enlightened Grognard's sheet block and actions on the harness (issue #31, lane world;
 * docs/rules.md "Sheet, tracker and turns"), the world playing 'eg' as a world does (EG_LOADER):
 * - the block: AC, Fortitude, Reflex, Will with breakdowns and save bonuses, HP, Con damage and
 *   bloodied, the six BABs, the token pool (persistent apart), "give to…" and the four actions;
 * - each action a request the GM's client checks and plays, on a card with the GM's exact Undo.
 * Worked by hand (lane core's decisions: d20 progressions for a class without EG rates):
 * - the Guard, 3 levels of a d10 class with good BAB, good Defense, good Fortitude, poor Reflex and
 *   Will; Dex 12 (+1), Con 14 (+2): 10 + 2 × 6 + 3 × 2 = 28 HP (A13); AC 10 + 3 (GnG's good Defense
 *   at 3) + 1 = 14; Fortitude 10 + 2 + 3 = 15, save ⌊15/10⌋ = +1 (003:345); Reflex 10 + 1 + 1 = 12,
 *   save +1; Will 10 + 0 + 1 = 11, save +1; each of the six BABs 3 × 1 = +3;
 * - Catch your Breath at 20 of 28 HP with a d4 of 3: 3 + 2 = 5 HP → 25 (003:753);
 * - Refocus +1 speed (003:900), Total Defense +4 speed (003:759), Aid Another 2 of choice (003:744).
 */
import { describe, expect, it } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { tokenPool } from '../../src/combat/eg-token-store.js';
import { egActionCardOf } from '../../src/cards/eg-action/eg-action-actions.js';
import { egCardView, egGoblin, egGuard, useEgWorld } from '../fixtures/eg-world.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
const view = egCardView(h);

useEgWorld(h, 31, { loaded: true, endCombats: true });

const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
const text = (app: HarnessApplicationV2, selector: string) => texts(app.element, selector)[0];
/** The token table's rows: type, encounter, persistent. */
const rows = (root: ParentNode) =>
  [...root.querySelectorAll('.eg-tokens tbody tr')].map((tr) => texts(tr, 'th, td').join(' '));
const sys = (actor: Actor) => actor.system as CreatureData;
const cards = () => game.messages.contents.filter((m) => egActionCardOf(m) !== null);

/** The Guard (see above), `owner`'s, at `hp` HP. */
async function guard(owner: User = player, hp = 28, name = 'Guard'): Promise<Actor> {
  return egGuard(h, { owner, hp, name });
}

/** A begun combat of `actors`; the current user is the GM. */
async function fight(...actors: Actor[]): Promise<HarnessCombat> {
  h.as(gm);
  const combat = h.startCombat(actors) as HarnessCombat;
  await combat.startCombat();
  await attackActionsSettled();
  return combat;
}

/** The action's request as the sheet's button sends it, by the current user. */
const act = (actor: Actor, action: string, more: Record<string, string> = {}) =>
  askGM('gng.egAction', { actorUuid: actor.uuid, action, first: '', second: '', aidTo: '', ...more });

describe('the sheet block', () => {
  it('shows the four defenses with their saves, HP, the six BABs, Con damage, bloodied and the token pool', async () => {
    const actor = await guard();
    h.as(player);
    const sheet = await h.openSheet(actor);
    expect(texts(sheet.element, '.combat-panel .combat-stats .stat-label')).toEqual([
      'AC',
      'Fortitude',
      'Reflex',
      'Will',
      'Hit points',
      'Initiative',
    ]);
    expect(texts(sheet.element, '.combat-stats .stat-value').slice(0, 5)).toEqual([
      '14',
      '15',
      '12',
      '11',
      '28 / 28',
    ]);
    expect(text(sheet, '.stat-defense-ac .stat-sub')).toBeUndefined();
    expect(texts(sheet.element, '.stat-sub').slice(0, 3)).toEqual(['save +1', 'save +1', 'save +1']);
    expect(texts(sheet.element, '.stat-defense-fortitude .breakdown-line').at(-1)).toBe('Fortitude = 15');
    expect(texts(sheet.element, '.stat-defense-fortitude .breakdown-note')).toEqual([
      'Saving throw bonus: 15 ÷ 10 = +1 (d20 + bonus ≥ 10).',
    ]);
    expect(texts(sheet.element, '.eg-babs td')).toEqual(['+3', '+3', '+3', '+3', '+3', '+3']);
    expect(texts(sheet.element, '.eg-health-line')).toEqual([
      'Con damage: 0 (Con 14).',
      'Not bloodied (bloodied below 14 HP).',
    ]);
    // Out of combat: persistent tokens only; Catch your Breath, the others refused with why.
    expect(rows(sheet.element)).toEqual(['power 0 0', 'speed 0 0', 'insight 0 0']);
    expect(text(sheet, '.eg-note')).toBe('Out of combat: only persistent tokens.');
    expect(texts(sheet.element, '.eg-actions button')).toEqual([
      'Catch your Breath',
      'Refocus',
      'Aid Another',
      'Total Defense',
    ]);
    expect(sheet.element.querySelector('.eg-give')).toBeNull();
    // GnG's Protection is no part of the model.
    expect(sheet.element.querySelector('.stat-protection')).toBeNull();
  });

  it('in combat: the pool, the persistent tokens apart, "give to" a fellow PC; a stranger sees no buttons', async () => {
    const actor = await guard();
    const ally = await guard(otherPlayer, 28, 'Scout');
    const combat = await fight(actor, ally, await egGoblin(h));
    await act(actor, 'totalDefense');
    h.as(gm);
    await actor.update({ 'system.model.eg.persistent.insight': 2 });
    h.as(player);
    const sheet = await h.openSheet(actor);
    expect(rows(sheet.element)).toEqual(['power 0 0', 'speed 4 0', 'insight 0 2']);
    expect(texts(sheet.element, '.eg-give-to option')).toEqual(['Scout']);
    expect(texts(sheet.element, '.eg-aid-to option')).toEqual(['Guard (keep)', 'Scout']);
    expect(tokenPool(combat, actor).encounter).toEqual({ power: 0, speed: 4, insight: 0 });
    h.as(otherPlayer);
    const theirs = await h.openSheet(actor);
    expect(theirs.element.querySelector('.eg-actions')).toBeNull();
    expect(theirs.element.querySelector('.eg-give')).toBeNull();
    // The NPCs' communal pool: the GM's (003:476–478); a player who sees an NPC's sheet does not see it.
    const goblin = combat.combatants.find((c) => c.actor?.type === 'npc')?.actor as Actor;
    h.as(gm);
    await goblin.update({ ownership: { [otherPlayer.id as string]: 2 } });
    const gmView = await h.openSheet(goblin);
    expect(texts(gmView.element, '.eg-tokens thead th')).toEqual(['Token', 'Communal pool', 'Persistent']);
    expect(rows(gmView.element)).toEqual(['power 0 0', 'speed 0 0', 'insight 0 0']);
    h.as(otherPlayer);
    const playerView = await h.openSheet(goblin);
    expect(rows(playerView.element)).toEqual(['power — 0', 'speed — 0', 'insight — 0']);
    expect(texts(playerView.element, '.eg-note')).toContain("NPCs share the GM's communal pool.");
  });
});

describe('the actions', () => {
  it('Catch your Breath: 1d4 + Con back, on a card; the GM’s Undo takes it back exactly', async () => {
    const actor = await guard(player, 20);
    h.as(player);
    h.dice.queue(3);
    expect(await act(actor, 'catchBreath')).toMatchObject({ ok: true });
    expect(sys(actor).hp.value).toBe(25);
    const [card] = cards();
    expect(view.text(card as ChatMessage)).toContain(
      'Guard catches their breath: 1d4 (3) + Con 2 = 5 HP, 20 → 25.',
    );
    expect(view.buttons(card as ChatMessage)).toEqual([]);
    h.as(gm);
    expect(view.buttons(card as ChatMessage)).toEqual(['egActionUndo']);
    await view.click(card as ChatMessage, 'egActionUndo');
    expect(sys(actor).hp.value).toBe(20);
    expect(view.buttons(card as ChatMessage)).toEqual([]);
    // Unhurt: refused, nothing posted.
    h.as(player);
    await actor.update({ 'system.hp.value': 28 });
    expect(await act(actor, 'catchBreath')).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Action.Error.notHurt',
    });
    expect(cards()).toHaveLength(1);
  });

  it('Refocus, Total Defense and Aid Another gain their tokens through the store; Undo gives them back', async () => {
    const actor = await guard();
    const ally = await guard(otherPlayer, 28, 'Scout');
    const goblin = await egGoblin(h);
    const combat = await fight(actor, ally, goblin);
    h.as(player);
    // The Guard's turn (the first): Refocus its swift action, Total Defense its standard one.
    expect(await act(actor, 'refocus')).toMatchObject({ ok: true });
    expect(await act(actor, 'totalDefense')).toMatchObject({ ok: true });
    expect(tokenPool(combat, actor).encounter).toEqual({ power: 0, speed: 5, insight: 0 });
    expect(cards().map((m) => view.text(m))).toEqual([
      expect.stringContaining('Guard: Refocus Guard refocuses and gains 1 speed token(s).'),
      expect.stringContaining(
        'Guard: Total Defense Guard takes total defense and gains 4 speed token(s). Guard may not attack during this turn.',
      ),
    ]);
    // No standard action is left for Aid Another: refused, nothing gained, no card.
    const aid = { first: 'power', second: 'insight', aidTo: ally.uuid };
    expect(await act(actor, 'aidAnother', aid)).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Budget.Refusal.noStandard',
    });
    expect(tokenPool(combat, ally).encounter).toEqual({ power: 0, speed: 0, insight: 0 });
    expect(cards()).toHaveLength(2);
    // The GM's Undo of Total Defense gives back its 4 speed tokens and its standard action.
    h.as(gm);
    await view.click(cards()[1] as ChatMessage, 'egActionUndo');
    expect(tokenPool(combat, actor).encounter).toEqual({ power: 0, speed: 1, insight: 0 });
    h.as(player);
    expect(await act(actor, 'aidAnother', aid)).toMatchObject({ ok: true });
    expect(tokenPool(combat, ally).encounter).toEqual({ power: 1, speed: 0, insight: 1 });
    expect(view.text(cards()[2] as ChatMessage)).toContain(
      'Guard: Aid Another Guard aids: Scout gains 1 power, 1 insight token(s).',
    );
    h.as(gm);
    await view.click(cards()[2] as ChatMessage, 'egActionUndo');
    expect(tokenPool(combat, ally).encounter).toEqual({ power: 0, speed: 0, insight: 0 });
    // Aid to an NPC: refused (003:473); the goblin's communal pool untouched.
    h.as(player);
    expect(
      await act(actor, 'aidAnother', { first: 'power', second: 'power', aidTo: goblin.uuid }),
    ).toMatchObject({ ok: false, error: 'GNG.Model.EG.Action.Error.AidNpc' });
    expect(tokenPool(combat, goblin).encounter).toEqual({ power: 0, speed: 0, insight: 0 });
  });

  it('refuses a player who does not own it, a forged action or type, and the unconscious’s Refocus', async () => {
    const actor = await guard();
    await fight(actor, await egGoblin(h));
    h.as(otherPlayer);
    expect(await act(actor, 'refocus')).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Action.Error.NotOwner',
    });
    h.as(player);
    expect(await act(actor, 'fly')).toMatchObject({ ok: false, error: 'GNG.Error.Card.BadRequest' });
    expect(await act(actor, 'aidAnother', { first: 'gold', second: 'power' })).toMatchObject({
      ok: false,
      error: 'GNG.Error.Card.BadRequest',
    });
    // Aid Another's tokens to a creature outside the combat: refused.
    const stranger = await guard(otherPlayer, 28, 'Stranger');
    h.as(player);
    expect(
      await act(actor, 'aidAnother', { first: 'power', second: 'power', aidTo: stranger.uuid }),
    ).toMatchObject({ ok: false, error: 'GNG.Model.EG.Action.Error.NoAlly' });
    h.as(gm);
    await actor.update({ 'system.hp.value': -2 });
    h.as(player);
    expect(await act(actor, 'refocus')).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Action.Error.unconscious',
    });
    // An unconscious PC may still Aid Another (003:1019).
    expect(await act(actor, 'aidAnother', { first: 'speed', second: 'speed' })).toMatchObject({ ok: true });
    expect(cards()).toHaveLength(1);
  });

  it('Refocus only with no enemy adjacent (003:899): a hostile token beside a friendly one stops it, a neutral does not', async () => {
    const actor = await guard();
    const goblin = await egGoblin(h);
    await fight(actor, goblin);
    const mine = h.placeToken(actor, { x: 0, y: 0 });
    const theirs = h.placeToken(goblin, { x: 100, y: 0 });
    Object.assign(mine.document, { disposition: 1 });
    Object.assign(theirs.document, { disposition: -1 });
    h.as(player);
    expect(await act(actor, 'refocus')).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Action.Error.adjacentEnemy',
    });
    expect(h.notices.at(-1)?.message).toBe(
      'Guard cannot Refocus with an enemy adjacent. Nothing was changed.',
    );
    // Neutral: no one's enemy.
    Object.assign(theirs.document, { disposition: 0 });
    expect(await act(actor, 'refocus')).toMatchObject({ ok: true });
    // Hostile again, two squares away: not adjacent.
    Object.assign(theirs.document, { disposition: -1, x: 200 });
    expect(await act(actor, 'refocus')).toMatchObject({ ok: true });
    expect(cards()).toHaveLength(2);
  });
});
