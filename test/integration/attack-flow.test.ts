/**
 * The opposed attack flow on the harness: whole exchanges through the card's buttons (rendered by
 * `renderChatMessageHTML` for the clicking user) and the GM's `gng.attackAction` query.
 * Dice are queued in the order they are rolled: attack d20 (+ d10 chain), Defense d20, damage dice.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, fromConsole, bareQuery } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import {
  ATTACK_QUERY,
  attackActionsSettled,
  requestCardAction,
  startAttack,
  type CardActionResult,
} from '../../src/cards/attack/attack-actions.js';
import { renderAttackCard } from '../../src/cards/attack/attack-render.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { koboldWithDagger } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(21));
// Every string the flow showed is in lang/en.json.
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const state = (message: ChatMessage) => cardState(game.messages.get(message.id as string)) as AttackCardState;
const target = (message: ChatMessage, index = 0) => state(message).targets[index] as CardTarget;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword');

/** An NPC with Defense +0, Protection `naturalArmor`, max HP = Con (Medium, no Hit Dice). */
async function dummy(name = 'Dummy', system: Record<string, unknown> = {}): Promise<Actor> {
  return h.createActor({ name, type: 'npc', system: { hp: { value: 10 }, ...system } });
}

/** The player's fighter (bastard sword +9, 1d10 + 4) attacks `targets`; the attack d20 is `natural`. */
async function fighterAttacks(
  targets: Actor[],
  dice: number[],
  options: Parameters<typeof startAttack>[2] = {},
): Promise<{ fighter: Actor; message: ChatMessage }> {
  const fighter = await appendix3Fighter(h, player);
  h.as(player);
  h.target(player, ...targets.map((t) => h.placeToken(t)));
  h.dice.queue(...dice);
  const message = await game.gng.attack(fighter, sword(fighter) as Item, options);
  await attackActionsSettled();
  expect(message).toBeTruthy();
  return { fighter, message: message as ChatMessage };
}

/** Buttons the current user sees on the card (action@target). */
function visibleButtons(message: ChatMessage): string[] {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return [...html.querySelectorAll<HTMLElement>('button[data-action]')].map(
    (b) => `${b.dataset.action}@${b.dataset.targetId}${(b as HTMLButtonElement).disabled ? ':disabled' : ''}`,
  );
}

/** The card's "Waiting for …" lines, as the current user sees them. */
function waitingLines(message: ChatMessage): string[] {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return [...html.querySelectorAll('.gng-card-waiting')].map((p) => p.textContent?.trim() ?? '');
}

/** Clicks a card button as the current user (it must be shown to them) and waits for the action. */
async function click(
  message: ChatMessage,
  action: string,
  targetId: string,
  defense?: number,
): Promise<void> {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  const button = html.querySelector<HTMLButtonElement>(
    `button[data-action="${action}"][data-target-id="${targetId}"]`,
  );
  if (!button) throw new Error(`${game.user.name} sees no ${action} button for ${targetId}`);
  if (defense !== undefined) {
    const input = html.querySelector<HTMLInputElement>(`input[data-target-id="${targetId}"]`);
    if (!input) throw new Error('no Defense input');
    input.value = String(defense);
  }
  button.dispatchEvent(
    new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
  );
  expect(button.disabled).toBe(true); // disabled while its action runs
  await attackActionsSettled();
}

const lastNotice = () => h.notices.at(-1)?.message;

describe('attack → Defense → damage → apply', () => {
  it.each([
    ['behind-cover', 'melee', 4],
    ['kneeling', 'melee', -2],
    ['squeezing', 'melee', -4],
  ] as const)(
    'the defender situation %s changes the %s Defense roll by %i',
    async (situation, _mode, change) => {
      const orc = await dummy('Orc');
      const { message } = await fighterAttacks([orc], [10], { defenderSituation: [situation] });
      h.as(gm);
      h.dice.queue(12);
      await click(message, 'rollDefense', target(message).id);
      expect(target(message).defense).toMatchObject({ natural: 12, bonus: change, total: 12 + change });
      expect(state(message).options.defenderSituation).toEqual([situation]);
    },
  );

  it('a hit: RD is added to the damage, trauma and dying are flagged and set', async () => {
    const orc = await dummy('Orc');
    const firstHook = h.hooks.fired.length;
    const { message } = await fighterAttacks([orc], [10]);
    const s = state(message);
    expect(s.attack).toMatchObject({ natural: 10, bonus: 9, total: 19, critical: null, chainDice: [] });
    expect(message.rolls[0]?.formula).toBe('1d20 + 9');
    expect(s.targets).toHaveLength(1);
    expect(target(message)).toMatchObject({
      name: 'Orc',
      kind: 'creature',
      actorUuid: orc.uuid,
      defense: null,
    });
    expect(message.content).toContain('<span class="big-value">19</span>');

    h.as(gm);
    h.dice.queue(12);
    await click(message, 'rollDefense', target(message).id);
    expect(target(message).defense).toMatchObject({ natural: 12, bonus: 0, total: 12, source: 'roll' });
    expect(target(message).result).toEqual({ hit: true, relativeDegree: 7, automatic: false });

    h.dice.queue(5);
    await click(message, 'rollDamage', target(message).id);
    expect(target(message).damage).toMatchObject({
      dice: [5],
      final: 16,
      lethal: 16,
      specialEffects: true,
      steps: { weapon: 5, strength: 4, relativeDegree: 7, total: 16, protection: 0 },
    });

    await click(message, 'applyDamage', target(message).id);
    expect(sys(orc).hp.value).toBe(-6);
    expect(orc.statuses.has('dying')).toBe(true);
    expect(target(message).applied).toMatchObject({
      hpLost: 16,
      hp: { before: 10, after: -6 },
      trauma: true,
      condition: 'dying',
      statusesAdded: ['dying'],
      injury: 'severe',
    });
    const content = game.messages.get(message.id as string)?.content ?? '';
    expect(content).toContain('Trauma: only a partial action next turn.');
    expect(content).toContain('Hit points 10 → -6');
    expect(h.hooks.fired.slice(firstHook).filter((name) => name.startsWith('gng.'))).toEqual([
      'gng.preAttack',
      'gng.attack',
      'gng.preDefense',
      'gng.defense',
      'gng.preApplyDamage',
      'gng.applyDamage',
    ]);
    expect([...h.i18n.missing]).toEqual([]);
  });

  it('a miss offers no damage', async () => {
    const orc = await dummy('Orc');
    const { message } = await fighterAttacks([orc], [2]);
    h.as(gm);
    h.dice.queue(15);
    await click(message, 'rollDefense', target(message).id);
    expect(target(message).result).toEqual({ hit: false, relativeDegree: -4, automatic: false });
    // The Defense is decided: its button is gone, and nothing is left to wait for (issue #33).
    expect(visibleButtons(message)).toEqual([]);
    expect(waitingLines(message)).toEqual([]);
    const result = await requestCardAction(message.id as string, 'rollDamage', target(message).id);
    expect(result.ok).toBe(false);
    expect(target(message).damage).toBeNull();
  });

  it('a tie hits with RD 0', async () => {
    const orc = await dummy('Orc');
    const { message } = await fighterAttacks([orc], [5]);
    h.as(gm);
    h.dice.queue(14, 5);
    await click(message, 'rollDefense', target(message).id);
    expect(target(message).result).toEqual({ hit: true, relativeDegree: 0, automatic: false });
    await click(message, 'rollDamage', target(message).id);
    expect(target(message).damage?.steps.relativeDegree).toBe(0);
    expect(target(message).damage?.final).toBe(9);
  });

  it('a natural 20 adds the d10 chain (9 rolls again); a natural 1 subtracts it', async () => {
    const orc = await dummy('Orc');
    const { fighter, message } = await fighterAttacks([orc], [20, 9, 4]);
    expect(state(message).attack).toMatchObject({
      natural: 20,
      critical: 'success',
      chainDice: [9, 4],
      chainAdjustment: 13,
      total: 20 + 9 + 13,
    });
    expect(message.rolls.map((r) => r.total)).toEqual([29, 9, 4]);
    expect(message.content).toContain('Critical success');

    h.as(player);
    h.dice.queue(1, 3);
    const fumble = (await game.gng.attack(fighter, sword(fighter) as Item)) as ChatMessage;
    expect(state(fumble).attack).toMatchObject({
      natural: 1,
      critical: 'failure',
      chainDice: [3],
      total: 10 - 3,
    });
  });

  it('a helpless defender automatically rolls a 1 (no d20) and loses its bonuses', async () => {
    const orc = await dummy('Orc', { abilities: { dex: { value: 14 } } });
    await orc.toggleStatusEffect('helpless', { active: true });
    const { message } = await fighterAttacks([orc], [3]);
    h.as(gm);
    h.dice.queue(6); // the next die is the damage die: the Defense roll rolls none
    await click(message, 'rollDefense', target(message).id);
    const defense = target(message).defense;
    expect(defense).toMatchObject({ natural: 1, autoRollOne: true, bonus: -4, total: -3 });
    expect(defense?.notes[0]).toBe('GNG.Defense.AutoRollOne');
    expect(target(message).result?.relativeDegree).toBe(12 - -3);
    await click(message, 'rollDamage', target(message).id);
    expect(target(message).damage?.dice).toEqual([6]);
  });

  it('an armor-ignoring weapon ignores armor and natural armor; a normal one does not', async () => {
    const knight = await appendix3Fighter(h);
    const attacker = await h.createActor(
      { name: 'Sniper', type: 'npc', system: { abilities: { str: { value: 10 } } } },
      player,
    );
    const [rifle, club] = (await attacker.createEmbeddedDocuments('Item', [
      {
        name: 'Laser',
        type: 'weapon',
        system: { use: 'ranged', damage: { medium: '2d6' }, bypass: 'ignoring', equipped: true },
      },
      {
        name: 'Club',
        type: 'weapon',
        system: { use: 'one-handed', damage: { medium: '2d6' }, equipped: true },
      },
    ])) as Item[];
    h.as(player);
    h.target(player, h.placeToken(knight));
    h.dice.queue(18);
    const shot = (await game.gng.attack(attacker, rifle as Item)) as ChatMessage;
    h.dice.queue(18);
    const blow = (await game.gng.attack(attacker, club as Item)) as ChatMessage;
    h.as(gm);
    for (const message of [shot, blow]) {
      h.dice.queue(5, 3, 4);
      await click(message, 'rollDefense', target(message).id);
      await click(message, 'rollDamage', target(message).id);
    }
    expect(target(shot).damage?.bypass).toBe('ignoring');
    expect(target(shot).damage?.steps.protection).toBe(0);
    expect(target(blow).damage?.steps.protection).toBe(8);
    expect(target(shot).damage!.final - target(blow).damage!.final).toBe(8);
  });

  it('damage that Protection absorbs entirely deals nothing and triggers no special effects', async () => {
    const knight = await appendix3Fighter(h);
    const { kobold, dagger } = await koboldWithDagger(player);
    h.as(player);
    h.target(player, h.placeToken(knight));
    h.dice.queue(15);
    const message = (await game.gng.attack(kobold, dagger)) as ChatMessage;
    h.as(gm);
    h.dice.queue(10, 2);
    await click(message, 'rollDefense', target(message).id);
    expect(target(message).result?.hit).toBe(true);
    await click(message, 'rollDamage', target(message).id);
    expect(target(message).damage).toMatchObject({ final: 0, specialEffects: false });
    expect(game.messages.get(message.id as string)?.content).toContain('No hit points got through');
    await click(message, 'applyDamage', target(message).id);
    expect(sys(knight).hp.value).toBe(23);
    expect(target(message).applied).toMatchObject({ hpLost: 0, trauma: false, condition: 'normal' });
  });

  it('a Tiny creature dies at −8 HP, where a Medium one is dying', async () => {
    const rat = await dummy('Rat', { size: 'tiny', hp: { value: 2 } });
    // Con 2: 2 HP is his maximum, so no injury penalty lowers his Defense.
    const man = await dummy('Man', {
      hp: { value: 2 },
      abilities: { dex: { value: 14 }, con: { value: 2 } },
    });
    const { message } = await fighterAttacks([rat, man], [15]);
    h.as(gm);
    h.dice.queue(20, 20, 4, 4);
    for (const index of [0, 1]) await click(message, 'rollDefense', target(message, index).id);
    // Attack 24 against Defense 20 + 2 (Tiny) and 20 + 2 (Dex 14): RD 2 each; 4 + 4 + 2 = 10 damage.
    for (const index of [0, 1]) await click(message, 'rollDamage', target(message, index).id);
    for (const index of [0, 1]) await click(message, 'applyDamage', target(message, index).id);
    expect([sys(rat).hp.value, sys(man).hp.value]).toEqual([-8, -8]);
    expect(target(message, 0).applied).toMatchObject({ condition: 'dead', statusesAdded: ['dead'] });
    expect(target(message, 1).applied).toMatchObject({ condition: 'dying', statusesAdded: ['dying'] });
    expect(rat.statuses.has('dead')).toBe(true);
    expect(man.statuses.has('dying')).toBe(true);
  });

  it('two targets each roll their own Defense and get their own RD', async () => {
    const a = await dummy('Goblin A');
    const b = await dummy('Goblin B', { abilities: { dex: { value: 16 } } });
    const { message } = await fighterAttacks([a, b], [11]);
    expect(state(message).targets.map((t) => t.name)).toEqual(['Goblin A', 'Goblin B']);
    h.as(gm);
    h.dice.queue(8, 8);
    await click(message, 'rollDefense', target(message, 0).id);
    await click(message, 'rollDefense', target(message, 1).id);
    expect(target(message, 0).defense?.total).toBe(8);
    expect(target(message, 1).defense?.total).toBe(8 + 3);
    expect(target(message, 0).result?.relativeDegree).toBe(20 - 8);
    expect(target(message, 1).result?.relativeDegree).toBe(20 - 11);
    const sections = h
      .renderMessage(game.messages.get(message.id as string) as ChatMessage)
      .querySelectorAll('section.target');
    expect(sections).toHaveLength(2);
  });
});

describe('who may do what', () => {
  it('buttons are shown only to the users who may use them', async () => {
    const orc = await dummy('Orc');
    const { message } = await fighterAttacks([orc], [10]);
    const id = target(message).id;
    h.as(player);
    expect(visibleButtons(message)).toEqual([]); // the orc's Defense is the GM's
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual([]);
    h.as(gm);
    expect(visibleButtons(message)).toEqual([`rollDefense@${id}`]);
    h.dice.queue(5, 5);
    await click(message, 'rollDefense', id);
    h.as(player);
    expect(visibleButtons(message)).toEqual([`rollDamage@${id}`]);
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual([]);
    h.as(player);
    await click(message, 'rollDamage', id);
    // A finished step's button is gone, a step not yet open has none (issue #33).
    expect(visibleButtons(message)).toEqual([`applyDamage@${id}`]);
  });

  it("a player applies damage to an NPC through the GM's query", async () => {
    const orc = await dummy('Orc', { hp: { value: 10, temp: 3 } });
    const { message } = await fighterAttacks([orc], [10]);
    h.as(gm);
    h.dice.queue(12, 2);
    await click(message, 'rollDefense', target(message).id);
    h.as(player);
    await click(message, 'rollDamage', target(message).id);
    expect(orc.isOwner).toBe(false);
    await click(message, 'applyDamage', target(message).id);
    // 2 + 4 + 7 = 13: 3 temporary HP first, then 10 HP.
    expect(sys(orc).hp).toMatchObject({ value: 0, temp: 0 });
    expect(target(message).applied).toMatchObject({ by: player.id, hpLost: 10, condition: 'disabled' });
    expect(game.user).toBe(player);
  });

  it('the same Apply pressed twice (and by two users at once) applies once', async () => {
    const orc = await dummy('Orc');
    const { message } = await fighterAttacks([orc], [10]);
    h.as(gm);
    h.dice.queue(12, 1);
    await click(message, 'rollDefense', target(message).id);
    await click(message, 'rollDamage', target(message).id);
    const id = target(message).id;
    const results = await Promise.all([
      requestCardAction(message.id as string, 'applyDamage', id),
      requestCardAction(message.id as string, 'applyDamage', id),
    ]);
    h.as(player);
    const third = await requestCardAction(message.id as string, 'applyDamage', id);
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    expect(third).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.applyDamage' });
    expect(lastNotice()).toBe(
      'This damage cannot be applied: it was already applied, or there is nothing to apply it to, or an attack of opportunity is still to be taken or declined.',
    );
    expect(sys(orc).hp.value).toBe(10 - (1 + 4 + 7));
  });

  it('Undo restores exactly the prior state (HP, temporary HP, nonlethal, statuses) and allows Apply again', async () => {
    const orc = await dummy('Orc', { hp: { value: 10, temp: 2, nonlethal: 1 } });
    await orc.toggleStatusEffect('prone', { active: true });
    const before = { hp: { ...sys(orc).hp }, statuses: [...orc.statuses].sort() };
    const { message } = await fighterAttacks([orc], [10]);
    h.as(gm);
    h.dice.queue(12, 9);
    await click(message, 'rollDefense', target(message).id);
    await click(message, 'rollDamage', target(message).id);
    await click(message, 'applyDamage', target(message).id);
    // Prone: Defense −4 against melee, so 12 − 4 = 8 and RD 11; 2 temporary HP absorb first.
    expect(sys(orc).hp.value).toBe(10 - (9 + 4 + 11 - 2));
    expect(orc.statuses.has('dead')).toBe(true);
    h.as(player);
    await click(message, 'undoDamage', target(message).id);
    await attackActionsSettled();
    expect({ value: sys(orc).hp.value, temp: sys(orc).hp.temp, nonlethal: sys(orc).hp.nonlethal }).toEqual({
      value: before.hp.value,
      temp: before.hp.temp,
      nonlethal: before.hp.nonlethal,
    });
    expect([...orc.statuses].filter((s) => !s.startsWith('injury-')).sort()).toEqual(
      before.statuses.filter((s) => !s.startsWith('injury-')),
    );
    expect(target(message).applied).toBeNull();
    h.as(gm);
    await click(message, 'applyDamage', target(message).id);
    expect(sys(orc).hp.value).toBe(-12);
  });

  describe('forged requests are refused with a localized message and change nothing', () => {
    async function setUp() {
      const orc = await dummy('Orc');
      const { message } = await fighterAttacks([orc], [10]);
      h.as(gm);
      h.dice.queue(12, 3);
      await click(message, 'rollDefense', target(message).id);
      return { orc, message, before: structuredClone(state(message)) };
    }

    it("another user's card", async () => {
      const { orc, message, before } = await setUp();
      h.as(otherPlayer);
      const result = await requestCardAction(message.id as string, 'rollDamage', target(message).id);
      expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
      expect(lastNotice()).toBe('Other Player may not do that on this attack card.');
      // Nor may they write the card themselves: only its author and a GM may update a message.
      await expect(
        (game.messages.get(message.id as string) as ChatMessage).update({ 'system.targets': [] }),
      ).rejects.toThrow(/permission/);
      expect(state(message)).toEqual(before);
      expect(sys(orc).hp.value).toBe(10);
    });

    it("the attacker's own edit of the card, and a card the player made", async () => {
      const { orc, message, before } = await setUp();
      h.as(player);
      // The GM posted the card (speaking as the fighter): its player cannot write it.
      const card = game.messages.get(message.id as string) as ChatMessage;
      expect(card.author?.isGM).toBe(true);
      await expect(card.update({ 'system.attack.total': 40 })).rejects.toThrow(/permission/);
      // A message of the player's own, with an attack state and a roll to match, is no attack card.
      const forgedState = structuredClone(before);
      forgedState.attack.total = 60;
      forgedState.targets[0]!.result = { hit: true, relativeDegree: 40, automatic: false };
      const fake = (await ChatMessage.create({
        content: card.content,
        rolls: [await new Roll('1d20 + 40').evaluate()],
        flags: { gng: { type: 'attackCard', attack: forgedState } },
      })) as ChatMessage;
      // The same as a typed card (issue #34): the player's own message of the `attack` subtype.
      const typed = (await ChatMessage.create({
        type: 'attack',
        system: forgedState,
        content: card.content,
        flags: { gng: { type: 'attackCard' } },
      })) as ChatMessage;
      expect(typed.system.toObject()).toMatchObject({ attack: { total: 60 } });
      for (const forgedCard of [fake, typed])
        for (const action of ['rollDamage', 'applyDamage', 'undoDamage'] as const) {
          const result = await requestCardAction(forgedCard.id as string, action, target(message).id);
          expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NoCard' });
        }
      expect(state(message)).toEqual(before);
      expect(sys(orc).hp.value).toBe(10);
    });

    it('a target not on the card', async () => {
      const { message, before } = await setUp();
      h.as(player);
      const result = await requestCardAction(message.id as string, 'rollDamage', 'not-a-target');
      expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Attack.UnknownTarget' });
      expect(lastNotice()).toBe('That target is not on this attack card.');
      expect(state(message)).toEqual(before);
    });

    it('altered numbers in the request data', async () => {
      const { orc, message, before } = await setUp();
      h.as(player);
      const id = target(message).id;
      const forged = await requestCardAction(message.id as string, 'rollDamage', id, { damage: 99 });
      expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
      expect(lastNotice()).toBe(
        'The attack card refused this request: it carries data the card does not accept.',
      );
      const direct = (await fromConsole(ATTACK_QUERY, {
        messageId: message.id,
        action: 'setDefense',
        target: id,
        defense: -50,
      })) as CardActionResult;
      expect(direct).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
      expect(state(message)).toEqual(before);
      expect(sys(orc).hp.value).toBe(10);
    });

    it('a request whose sender cannot be proven: none named, a stranger, an impostor, a replay', async () => {
      const { orc, message, before } = await setUp();
      const id = target(message).id;
      const request = { messageId: message.id, action: 'rollDamage', target: id };
      h.as(player);
      // Typed into the console without the kernel's envelope: nobody can be proven to have sent it.
      expect(await bareQuery(ATTACK_QUERY, request)).toMatchObject({
        ok: false,
        error: 'GNG.Error.Attack.UnknownSender',
      });
      expect(game.i18n.localize('GNG.Error.Attack.UnknownSender')).toBe(
        'The GM could not confirm who sent this request, so it changed nothing.',
      );
      // Claiming to be a user this world does not have, or the GM.
      for (const userId of ['notAUserOfWorld', gm.id])
        expect(await bareQuery(ATTACK_QUERY, { ...request, userId, requestId: 'abc' })).toMatchObject({
          ok: false,
          error: 'GNG.Error.Attack.UnknownSender',
        });
      // Other Player, who owns nothing here, claims to be Player (who owns the fighter): the GM asks
      // Player's client, which sent no such request, so the impostor's request changes nothing.
      h.as(otherPlayer);
      const impostor = await bareQuery(ATTACK_QUERY, { ...request, userId: player.id, requestId: 'guess' });
      expect(impostor).toMatchObject({ ok: false, error: 'GNG.Error.Attack.UnknownSender' });
      // Nor can a request Player really sent be confirmed twice (a replay of its id).
      h.as(player);
      const confirmations: unknown[] = [];
      const confirm = CONFIG.queries['gng.confirmRequest'] as QueryHandler;
      CONFIG.queries['gng.confirmRequest'] = (data, options) => {
        const answer = confirm(data, options);
        confirmations.push(answer, confirm(data, options));
        return answer;
      };
      try {
        h.dice.queue(3);
        expect(await requestCardAction(message.id as string, 'rollDamage', id)).toEqual({ ok: true });
      } finally {
        CONFIG.queries['gng.confirmRequest'] = confirm;
      }
      expect(confirmations).toEqual([true, false]);
      expect(target(message).damage).not.toBeNull();
      expect(state(message).attack).toEqual(before.attack);
      expect(sys(orc).hp.value).toBe(10);
    });
  });
});

describe('hooks', () => {
  it('gng.preAttack cancels the attack; it may change the options', async () => {
    const orc = await dummy('Orc');
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    h.target(player, h.placeToken(orc));
    const id = Hooks.on('gng.preAttack', () => false);
    try {
      expect(await startAttack(fighter, sword(fighter) as Item)).toBeNull();
      expect(game.messages.size).toBe(0);
    } finally {
      Hooks.off('gng.preAttack', id);
    }
  });

  it('gng.preDefense and gng.preApplyDamage cancel their step', async () => {
    const orc = await dummy('Orc');
    const { message } = await fighterAttacks([orc], [10]);
    h.as(gm);
    const defense = Hooks.on('gng.preDefense', () => false);
    try {
      const result = await requestCardAction(message.id as string, 'rollDefense', target(message).id);
      expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Cancelled' });
      expect(target(message).defense).toBeNull();
    } finally {
      Hooks.off('gng.preDefense', defense);
    }
    h.dice.queue(12, 3);
    await click(message, 'rollDefense', target(message).id);
    await click(message, 'rollDamage', target(message).id);
    const apply = Hooks.on('gng.preApplyDamage', () => false);
    try {
      await requestCardAction(message.id as string, 'applyDamage', target(message).id);
      expect(sys(orc).hp.value).toBe(10);
      expect(target(message).applied).toBeNull();
    } finally {
      Hooks.off('gng.preApplyDamage', apply);
    }
  });
});

describe('the card', () => {
  it('is rendered from its flags alone (a reload shows the same card)', async () => {
    const orc = await dummy('Orc');
    const { message } = await fighterAttacks([orc], [10]);
    h.as(gm);
    h.dice.queue(12, 3);
    await click(message, 'rollDefense', target(message).id);
    await click(message, 'rollDamage', target(message).id);
    const stored = game.messages.get(message.id as string) as ChatMessage;
    expect(await renderAttackCard(state(message))).toBe(stored.content);
    expect(stored.content).toContain('<details class="steps">');
  });

  it('says what happened in words: buttons name whose they are, one outcome line, Protection in one line', async () => {
    const orc = await dummy('Orc');
    const { message, fighter } = await fighterAttacks([orc], [10]);
    const id = target(message).id;
    const labelOf = (action: string) =>
      h
        .renderMessage(game.messages.get(message.id as string) as ChatMessage)
        .querySelector(`button[data-action="${action}"]`)
        ?.textContent?.trim();
    h.as(gm);
    expect(labelOf('rollDefense')).toBe('Roll Defense (Orc)');
    h.dice.queue(12);
    await click(message, 'rollDefense', id);
    expect(labelOf('rollDamage')).toBe(`Roll damage (${fighter.name})`);
    h.dice.queue(5);
    await click(message, 'rollDamage', id);
    expect(labelOf('applyDamage')).toBe('Apply damage to Orc');
    const html = () => h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    // No Protection: one line that says so (not "Protection (None)" and a separate part list).
    const steps = [...html().querySelectorAll('.damage .step-lines li')].map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(steps).toContain('Protection (none)0');
    expect(html().querySelectorAll('.protection-lines')).toHaveLength(0);
    expect(html().textContent).not.toContain('Protection (None)');
    // The decisive totals: attack vs Defense with the result.
    expect(html().querySelector('.result .versus')?.textContent).toBe('19 vs 12');

    await click(message, 'applyDamage', id);
    expect(labelOf('undoDamage')).toBe('Undo damage to Orc');
    const applied = html().querySelector('.applied') as HTMLElement;
    // Dying, the injury grade, then what was set that it does not already say: here nothing more.
    expect(applied.querySelector('.outcome')?.textContent).toBe('Dying (Severely injured)');
    expect(applied.textContent).not.toContain('Statuses set');
    expect(applied.textContent?.match(/Dying/g)).toHaveLength(1);
    expect(applied.querySelector('.applied-hp .big-value')?.textContent).toBe('-6');
  });

  it('Protection reads as one line with its parts and what of it counts', async () => {
    const knight = await appendix3Fighter(h);
    const attacker = await h.createActor(
      { name: 'Sniper', type: 'npc', system: { abilities: { str: { value: 10 } } } },
      player,
    );
    const [rifle] = (await attacker.createEmbeddedDocuments('Item', [
      {
        name: 'Needler',
        type: 'weapon',
        system: { use: 'ranged', damage: { medium: '2d6' }, bypass: 'piercing', equipped: true },
      },
    ])) as Item[];
    h.as(player);
    h.target(player, h.placeToken(knight));
    h.dice.queue(18);
    const shot = (await game.gng.attack(attacker, rifle as Item)) as ChatMessage;
    h.as(gm);
    h.dice.queue(5, 3, 4);
    await click(shot, 'rollDefense', target(shot).id);
    await click(shot, 'rollDamage', target(shot).id);
    const damage = target(shot).damage!;
    const total = damage.protectionParts.reduce((sum, p) => sum + p.value, 0);
    expect(total).toBeGreaterThan(0);
    const parts = damage.protectionParts
      .map((p) => `${p.label === 'GNG.Protection.Part.armor' ? 'Armor' : 'Natural armor'} ${p.value}`)
      .join(', ');
    const html = h.renderMessage(game.messages.get(shot.id as string) as ChatMessage);
    const line = [...html.querySelectorAll('.damage .step-lines li')]
      .map((li) => li.textContent?.replace(/\s+/g, ' ').trim() ?? '')
      .find((text) => text.startsWith('Protection'));
    expect(line).toBe(
      `Protection ${total} (${parts}; Armor-piercing: ${damage.steps.protection} counts)-${damage.steps.protection}`,
    );
    expect(html.querySelectorAll('.protection-lines')).toHaveLength(0);
  });

  it('refused without a target: a warning, nothing rolled, nothing posted (also a request sent without one)', async () => {
    const fighter = await appendix3Fighter(h, player);
    h.placeToken(fighter);
    h.as(player);
    h.target(player);
    h.dice.queue(10);
    expect(await game.gng.attack(fighter, sword(fighter) as Item)).toBeNull();
    await attackActionsSettled();
    expect(game.messages.size).toBe(0);
    expect(h.dice.queued).toEqual([10]);
    expect(lastNotice()).toBe(
      `${fighter.name} has no target: target the defender's token first (hover over it and press T, or right-click it and use the target control), then try again. Nothing was rolled.`,
    );
    // A request that reaches the GM with no target (a macro calling the query itself) is refused too.
    const result = await fromConsole(ATTACK_QUERY, {
      action: 'start',
      actorUuid: fighter.uuid,
      weaponId: sword(fighter)?.id,
      targets: [],
    });
    expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NoTarget' });
    expect(game.messages.size).toBe(0);
    expect(h.dice.queued).toEqual([10]);
    h.dice.queued.splice(0);
    expect(JSON.stringify([...game.messages.contents])).not.toContain('Unnamed defender');
  });

  it('a target deleted after it was targeted: the attack says so, nothing rolled, nothing posted', async () => {
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    h.as(player);
    h.target(player, h.placeToken(rogue));
    h.as(h.users.gm);
    await rogue.delete();
    h.as(player);
    h.dice.queue(10);
    expect(await game.gng.attack(fighter, sword(fighter) as Item)).toBeNull();
    await attackActionsSettled();
    expect(lastNotice()).toBe(
      'A target of this attack is no longer on the scene (deleted or removed): target another token and attack again. Nothing was rolled.',
    );
    expect(game.messages.size).toBe(0);
    expect(h.dice.queued).toEqual([10]);
    h.dice.queued.splice(0);
  });

  it('a coup de grace hits a helpless target with RD 20; a target that is not helpless rolls Defense', async () => {
    const sleeper = await dummy('Sleeper');
    await sleeper.toggleStatusEffect('unconscious', { active: true });
    const awake = await dummy('Awake');
    const { message } = await fighterAttacks([sleeper, awake], [4], { coupDeGrace: true });
    expect(target(message, 0)).toMatchObject({
      coupDeGrace: { allowed: true },
      result: { hit: true, relativeDegree: 20, automatic: true },
      defense: null,
    });
    expect(target(message, 1)).toMatchObject({ coupDeGrace: { allowed: false }, result: null });
    h.as(player);
    h.dice.queue(7);
    await click(message, 'rollDamage', target(message, 0).id);
    expect(target(message, 0).damage?.final).toBe(7 + 4 + 20);
  });

  it('a touch attack ignores the shield bonus to Defense', async () => {
    const knight = await appendix3Fighter(h);
    const normal = await fighterAttacks([knight], [10]);
    h.as(player);
    h.dice.queue(10);
    const touch = (await game.gng.attack(normal.fighter, sword(normal.fighter) as Item, {
      touch: true,
    })) as ChatMessage;
    expect(state(touch).attack.bonus).toBe(9 + 4);
    h.as(gm);
    h.dice.queue(10, 10);
    await click(normal.message, 'rollDefense', target(normal.message).id);
    await click(touch, 'rollDefense', target(touch).id);
    expect(target(normal.message).defense?.bonus).toBe(4);
    expect(target(touch).defense?.bonus).toBe(2);
  });
});

describe('settings and objects', () => {
  it('autoRollNpcDefense and autoRollDamage roll as soon as they can', async () => {
    await game.settings.set('gng', 'autoRollNpcDefense', true);
    await game.settings.set('gng', 'autoRollDamage', true);
    expect(h.settings.registered.get('gng.autoRollNpcDefense')?.name).toBe(
      'GNG.Variants.autoRollNpcDefense.name',
    );
    const orc = await dummy('Orc');
    const { message } = await fighterAttacks([orc], [10, 12, 3]);
    expect(target(message).defense?.total).toBe(12);
    expect(target(message).damage?.final).toBe(3 + 4 + 7);
    expect(target(message).applied).toBeNull();
  });

  it('a stationary object has a fixed Defense; a moving one rolls d20 + size', async () => {
    const { message } = await fighterAttacks([], [3], { object: { size: 'large' } });
    expect(target(message)).toMatchObject({ kind: 'object', name: 'Large object' });
    expect(target(message).defense).toMatchObject({ source: 'object', total: 1 - 1 });
    expect(target(message).result).toEqual({ hit: true, relativeDegree: 12, automatic: false });
    h.as(player);
    const [fighter] = game.actors.contents;
    h.dice.queue(3);
    const moving = (await game.gng.attack(fighter as Actor, sword(fighter as Actor) as Item, {
      object: { size: 'small', moving: true },
    })) as ChatMessage;
    h.dice.queue(9);
    await click(moving, 'rollDefense', 'object');
    expect(target(moving).defense?.total).toBe(9 + 1);
    expect(visibleButtons(moving)).toContain('rollDamage@object');
  });

  it('an actor flagged as an object is attacked as one', async () => {
    const door = await dummy('Door', { size: 'medium' });
    await door.setFlag('gng', 'object', { moving: false });
    const { message } = await fighterAttacks([door], [1, 10]);
    expect(target(message)).toMatchObject({ kind: 'object', actorUuid: door.uuid, defense: { total: 1 } });
  });

  it('a user who does not own the attacker cannot attack with it', async () => {
    const fighter = await appendix3Fighter(h, player);
    h.as(otherPlayer);
    expect(await startAttack(fighter, sword(fighter) as Item)).toBeNull();
    expect(lastNotice()).toBe('You do not own 5th-level fighter, so you cannot attack with it.');
  });
});
