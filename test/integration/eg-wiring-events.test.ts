/**
 * Issue #31, round 2: the EG model's events and statuses at the table (docs/rules.md "### Sheet,
 * tracker and turns"), the world playing 'eg' as a world does (EG_LOADER). Worked by hand:
 * - the goblin (egGoblin: 13 HP, Con 12) typed to −3 HP is dying, and "A dying character immediately
 *   falls unconscious" (003:1019): `dying` and `unconscious`; typed back to 5 HP, neither;
 * - 13 HP and 14 nonlethal damage: "unconscious once some of it exceeds the current HP" (003:1070);
 * - stabilised at −2 HP (unconscious: helpless, so any hit is a critical, maximum damage, 003:1446),
 *   it is hit by the fighter's bastard sword (d20 10: 19 against AC 12) for 10 + 4 = 14: −16 HP, hurt anew (the model's `stabilityLost`): `stable` off, dying again; its first bloodying
 *   costs 1 Con (12 − 1 = 11, alive); Undo puts `stable` back.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { egCardHelpers } from '../fixtures/eg-card.js';
import { cardStateOf } from '../fixtures/cards.js';
import { egFight, egGoblin, useEgWorld, worldPlays } from '../fixtures/eg-world.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { EG_STATUS_IDS } from '../../src/rules/models/eg/statuses.js';
import { tokenPool } from '../../src/combat/eg-token-store.js';
import { combatantOf } from '../../src/combat/scene-lookup.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;

useEgWorld(h, 3333, { loaded: true, endCombats: true });

const { view, health, attack, act } = egCardHelpers(h);
const statuses = (actor: Actor) =>
  ['dying', 'unconscious', 'stable', 'dead'].filter((id) => actor.statuses.has(id));

describe('the model loaded', () => {
  it('puts the chapter’s statuses in CONFIG.statusEffects', () => {
    expect([...EG_STATUS_IDS].sort()).toEqual([
      'distracted',
      'grabbed',
      'immobilized',
      'slowed',
      'unbalanced',
    ]);
    const ids = CONFIG.statusEffects.map((status) => status.id);
    for (const id of EG_STATUS_IDS) expect(ids).toContain(id);
    expect(CONFIG.statusEffects.find((s) => s.id === 'unbalanced')?.name).toBe('GNG.Status.unbalanced');
  });
});

describe('unconscious as the health says, HP typed by hand', () => {
  it('below 0 HP: dying and unconscious; back above: neither; nonlethal above the HP: unconscious', async () => {
    const goblin = await egGoblin(h);
    h.as(gm);
    await goblin.update({ 'system.hp.value': -3 });
    await attackActionsSettled();
    expect(statuses(goblin)).toEqual(['dying', 'unconscious']);
    await goblin.update({ 'system.hp.value': 5 });
    await attackActionsSettled();
    expect(statuses(goblin)).toEqual([]);
    await goblin.update({ 'system.hp.value': 13, 'system.hp.nonlethal': 13 });
    await attackActionsSettled();
    expect(statuses(goblin)).toEqual([]);
    await goblin.update({ 'system.hp.nonlethal': 14 });
    await attackActionsSettled();
    expect(statuses(goblin)).toEqual(['unconscious']);
    await goblin.update({ 'system.hp.nonlethal': 0 });
    await attackActionsSettled();
    expect(statuses(goblin)).toEqual([]);
  });

  it('under GnG the same HP make it dying only (GnG unchanged)', async () => {
    await worldPlays(h, 'gng');
    const goblin = await egGoblin(h);
    h.as(gm);
    await goblin.update({ 'system.hp.value': -3 });
    await attackActionsSettled();
    expect(statuses(goblin)).toEqual(['dying']);
    await worldPlays(h, 'eg');
  });
});

describe('stabilityLost', () => {
  it('a stabilised creature hit anew loses `stable` and is dying again; Undo puts it back', async () => {
    const { fighter, goblin } = await egFight(h);
    h.as(gm);
    await goblin.update({ 'system.hp.value': -2 });
    await attackActionsSettled();
    await goblin.toggleStatusEffect('stable', { active: true });
    await goblin.toggleStatusEffect('dying', { active: false });
    expect(statuses(goblin)).toEqual(['unconscious', 'stable']);
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    h.dice.queue(10);
    await act(gm, message, 'egDefend', { tokens: 0 });
    h.as(player);
    await view.click(message, 'rollDamage');
    await view.click(message, 'applyDamage');
    expect(health(goblin)).toEqual({ value: -16, conDamage: 1, bloodied: 1 });
    expect(statuses(goblin)).toEqual(['dying', 'unconscious']);
    await view.click(message, 'undoDamage');
    expect(health(goblin)).toEqual({ value: -2, conDamage: 0, bloodied: 0 });
    expect(statuses(goblin)).toEqual(['unconscious', 'stable']);
  });
});

describe('the GM grants persistent tokens from the sheet', () => {
  const persistent = (actor: Actor) =>
    (actor.system as unknown as { model: { eg: { persistent: object } } }).model.eg.persistent;
  const grantCards = () =>
    game.messages.contents.filter(
      (m) => cardStateOf<{ action?: string }>(m)?.action === 'grantPersistent' && m.type === 'egAction',
    );

  it('a GM-only control: 2 insight granted, a card for the GMs with Undo; a player sees none and is refused', async () => {
    const { fighter } = await egFight(h);
    h.as(player);
    const mine = await h.openSheet(fighter);
    expect(mine.element.querySelector('.eg-grant')).toBeNull();
    h.as(gm);
    const sheet = await h.openSheet(fighter);
    const box = sheet.element.querySelector('.eg-grant') as HTMLElement;
    (box.querySelector('.eg-aid-first') as HTMLSelectElement).value = 'insight';
    (box.querySelector('.eg-aid-second') as HTMLInputElement).value = '2';
    await h.click(sheet as never, '.eg-grant button[data-eg-action="grantPersistent"]');
    await attackActionsSettled();
    expect(persistent(fighter)).toEqual({ power: 0, speed: 0, insight: 2 });
    const [card] = grantCards();
    expect(view.text(card as ChatMessage)).toContain(
      `The GM grants ${fighter.name} 2 insight persistent token(s).`,
    );
    h.as(player);
    expect(view.buttons(card as ChatMessage)).toEqual([]);
    // A player's forged request: refused, nothing changed.
    expect(
      await askGM('gng.egAction', {
        actorUuid: fighter.uuid,
        action: 'grantPersistent',
        first: 'power',
        second: '5',
        aidTo: '',
      }),
    ).toMatchObject({ ok: false, error: 'GNG.Model.EG.Action.Error.GrantGM' });
    // Taking back more than it holds, a count of 0, 21 or words: refused, nothing changed.
    h.as(gm);
    for (const second of ['-3', '0', '21', 'two'])
      expect(
        (
          await askGM('gng.egAction', {
            actorUuid: fighter.uuid,
            action: 'grantPersistent',
            first: 'insight',
            second,
            aidTo: '',
          })
        ).ok,
      ).toBe(false);
    expect(persistent(fighter)).toEqual({ power: 0, speed: 0, insight: 2 });
    // Taken back by one, then both undone: 0 again.
    await askGM('gng.egAction', {
      actorUuid: fighter.uuid,
      action: 'grantPersistent',
      first: 'insight',
      second: '-1',
      aidTo: '',
    });
    expect(persistent(fighter)).toEqual({ power: 0, speed: 0, insight: 1 });
    expect(view.text(grantCards()[1] as ChatMessage)).toContain(
      `The GM takes back 1 insight persistent token(s) from ${fighter.name}.`,
    );
    await view.click(grantCards()[1] as ChatMessage, 'egActionUndo');
    await view.click(grantCards()[0] as ChatMessage, 'egActionUndo');
    expect(persistent(fighter)).toEqual({ power: 0, speed: 0, insight: 0 });
    expect(grantCards()).toHaveLength(2);
  });

  it("grants this encounter's tokens (the gains no button plays): into the combat's pool, GM only, Undo exact", async () => {
    const { fighter } = await egFight(h);
    const pool = () => tokenPool(combatantOf(fighter)?.parent ?? null, fighter).encounter;
    expect(pool()).toEqual({ power: 0, speed: 0, insight: 0 });
    const ask = (second: string) =>
      askGM('gng.egAction', {
        actorUuid: fighter.uuid,
        action: 'grantEncounter',
        first: 'power',
        second,
        aidTo: '',
      });
    // A flanking swift action's 2 power (003:436–437), granted by the GM from the sheet.
    h.as(gm);
    const sheet = await h.openSheet(fighter);
    const box = sheet.element.querySelector('.eg-grant') as HTMLElement;
    (box.querySelector('.eg-aid-first') as HTMLSelectElement).value = 'power';
    (box.querySelector('.eg-aid-second') as HTMLInputElement).value = '2';
    await h.click(sheet as never, '.eg-grant button[data-eg-action="grantEncounter"]');
    await attackActionsSettled();
    expect(pool()).toEqual({ power: 2, speed: 0, insight: 0 });
    expect(persistent(fighter)).toEqual({ power: 0, speed: 0, insight: 0 });
    const cards = () =>
      game.messages.contents.filter(
        (m) => cardStateOf<{ action?: string }>(m)?.action === 'grantEncounter' && m.type === 'egAction',
      );
    expect(view.text(cards()[0] as ChatMessage)).toContain(
      `The GM grants ${fighter.name} 2 power token(s) for this encounter.`,
    );
    // A player's request, a negative count: refused, nothing changed.
    h.as(player);
    expect(await ask('3')).toMatchObject({ ok: false, error: 'GNG.Model.EG.Action.Error.GrantGM' });
    h.as(gm);
    expect((await ask('-1')).ok).toBe(false);
    expect(pool()).toEqual({ power: 2, speed: 0, insight: 0 });
    await view.click(cards()[0] as ChatMessage, 'egActionUndo');
    expect(pool()).toEqual({ power: 0, speed: 0, insight: 0 });
  });
});
