/**
 * The area damage card (Roll Reflex, Dive for Cover, Apply/Undo), the maneuver card (Bull Rush, Trip,
 * Throw; Maintain Footing) and Quick Stand on the harness, through the cards' buttons as each user
 * sees them and the GM's queries. Dice are queued in the order they are rolled.
 */
import { fromConsole, bareQuery, cardStateOf } from '../fixtures/cards.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled, type CardActionResult } from '../../src/cards/attack/attack-actions.js';
import {
  AREA_QUERY,
  areaState,
  requestAreaAction,
  type AreaCardState,
  type AreaTarget,
} from '../../src/cards/area/area-actions.js';
import {
  maneuverState,
  requestManeuverAction,
  type ManeuverCardState,
  type ManeuverTarget,
} from '../../src/cards/maneuver/maneuver-actions.js';
import { budgetOf, traumaPending } from '../../src/combat/action-budget.js';
import { newActionBudget } from '../../src/rules/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(7));
// Every string the cards showed is in lang/en.json.
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const lastNotice = () => h.notices.at(-1)?.message;
const area = (message: ChatMessage) => areaState(game.messages.get(message.id as string)) as AreaCardState;
const areaTarget = (message: ChatMessage, index = 0) => area(message).targets[index] as AreaTarget;

/** A player's creature: 30 HP (Con 30, no Hit Dice), Jump +10 (ranks), Reflex +0, Protection `naturalArmor`. */
async function hero(
  name = 'Hero',
  system: Record<string, unknown> = {},
  owner: User = player,
): Promise<Actor> {
  return h.createActor(
    {
      name,
      type: 'npc',
      system: {
        abilities: { con: { value: 30 } },
        hp: { value: 30 },
        skills: { jump: { ranks: 10 }, balance: { ranks: 5 }, tumble: { ranks: 4 } },
        ...system,
      },
    },
    owner,
  );
}

/** Buttons the current user sees on the card (action@target[:disabled]). */
function visibleButtons(message: ChatMessage): string[] {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return [...html.querySelectorAll<HTMLElement>('button[data-action]')].map(
    (b) => `${b.dataset.action}@${b.dataset.targetId}${(b as HTMLButtonElement).disabled ? ':disabled' : ''}`,
  );
}

/** Clicks a card button as the current user (it must be shown to them) and waits for the action. */
async function click(
  message: ChatMessage,
  action: string,
  targetId: string,
  prepare?: (html: HTMLElement) => void,
): Promise<void> {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  prepare?.(html);
  const button = html.querySelector<HTMLButtonElement>(
    `button[data-action="${action}"][data-target-id="${targetId}"]`,
  );
  if (!button) throw new Error(`${game.user.name} sees no ${action} button for ${targetId}`);
  button.dispatchEvent(
    new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
  );
  expect(button.disabled).toBe(true);
  await attackActionsSettled();
}

const tickCover = (targetId: string) => (html: HTMLElement) => {
  const box = html.querySelector<HTMLInputElement>(`input[name="cover"][data-target-id="${targetId}"]`);
  if (!box) throw new Error('no cover checkbox');
  box.checked = true;
};

/** The GM posts a 6d6 blast of exactly 20 (dice 6, 6, 4, 2, 1, 1), Reflex DC 20, against `targets`. */
async function blast(targets: Actor[], options: Record<string, unknown> = {}): Promise<ChatMessage> {
  h.as(gm);
  h.dice.queue(6, 6, 4, 2, 1, 1);
  const message = await game.gng.areaDamage({ damage: '6d6', saveDc: 20, save: 'ref', targets, ...options });
  expect(message).toBeTruthy();
  return message as ChatMessage;
}

describe('area damage card', () => {
  it('Dive for Cover on a 20-damage DC 20 blast with a Jump of 26 converts 6 (cover ticked by the owner)', async () => {
    const pc = await hero();
    const message = await blast([pc]);
    const id = areaTarget(message).id;
    expect(area(message).damage).toMatchObject({ total: 20, dice: [6, 6, 4, 2, 1, 1], formula: '6d6' });
    h.as(player);
    expect(visibleButtons(message)).toEqual([`rollSave@${id}`, `diveForCover@${id}`]);
    h.dice.queue(16); // Jump 16 + 10 = 26
    await click(message, 'diveForCover', id, tickCover(id));
    expect(areaTarget(message).dive).toMatchObject({
      natural: 16,
      bonus: 10,
      cover: true,
      jumpTotal: 26,
      margin: 6,
      converted: 6,
    });
    expect(message.content).toContain('<span class="big-value lethal">14</span>');
    expect(message.content).toContain('<span class="big-value nonlethal">6</span>');
    // Each step once: a taken step's button is gone (issue #33).
    expect(visibleButtons(message).filter((b) => b.startsWith('diveForCover'))).toEqual([]);
    h.as(gm);
    await click(message, 'applyDamage', id);
    expect(sys(pc).hp.value).toBe(16);
    expect(sys(pc).hp.nonlethal).toBe(6);
    expect(message.content).not.toContain('applied-temp'); // no temporary HP: no line
  });

  it('without cover the Jump takes −10 (26 → 16: nothing converted)', async () => {
    const pc = await hero();
    const message = await blast([pc]);
    const id = areaTarget(message).id;
    h.as(player);
    h.dice.queue(16);
    await click(message, 'diveForCover', id); // cover box left unticked
    expect(areaTarget(message).dive).toMatchObject({ cover: false, jumpTotal: 16, converted: 0 });
    // The GM's option decides for everyone: no checkbox then.
    const noCover = await blast([pc], { cover: false });
    h.as(player);
    const html = h.renderMessage(game.messages.get(noCover.id as string) as ChatMessage);
    expect(html.querySelector('input[name="cover"]')).toBeNull();
    h.dice.queue(16);
    await click(noCover, 'diveForCover', areaTarget(noCover).id, (el) => {
      expect(el.querySelector('input[name="cover"]')).toBeNull();
    });
    expect(areaTarget(noCover).dive).toMatchObject({ cover: false, jumpTotal: 16, converted: 0 });
  });

  it('Dive for Cover is allowed after a failed Reflex save; a made save halves first', async () => {
    const pc = await hero();
    const message = await blast([pc], { cover: true });
    const id = areaTarget(message).id;
    h.as(player);
    h.dice.queue(5);
    await click(message, 'rollSave', id);
    expect(areaTarget(message).save).toMatchObject({ natural: 5, total: 5, success: false });
    h.dice.queue(16);
    await click(message, 'diveForCover', id);
    expect(areaTarget(message).dive).toMatchObject({ jumpTotal: 26, converted: 6 });

    const other = await blast([pc], { cover: true });
    h.as(player);
    h.dice.queue(20);
    await click(other, 'rollSave', areaTarget(other).id);
    expect(other.content).toContain('<span class="big-value lethal">10</span>');
  });

  it('Protection applies to area damage; Apply once, Undo restores exactly and allows Apply again', async () => {
    const pc = await hero('Hero', { naturalArmor: 3, hp: { value: 30, temp: 2, nonlethal: 1 } });
    const message = await blast([pc]);
    const id = areaTarget(message).id;
    expect(message.content).toContain('<span class="big-value lethal">17</span>');
    h.as(player);
    expect(visibleButtons(message)).not.toContain(`applyDamage@${id}`); // the GM applies
    h.as(gm);
    await click(message, 'applyDamage', id);
    expect(sys(pc).hp).toMatchObject({ value: 15, temp: 0, nonlethal: 1 });
    // The 2 temporary HP soaked 2 of the 17: the card says so, as the attack card does.
    expect(message.content).toContain('<p class="applied-temp">Temporary hit points 2 → 0</p>');
    const again = await requestAreaAction(message.id as string, 'applyDamage', id);
    expect(again).toMatchObject({ ok: false, error: 'GNG.Area.Error.Unavailable.applyDamage' });
    expect(sys(pc).hp.value).toBe(15);
    await click(message, 'undoDamage', id);
    expect(sys(pc).hp).toMatchObject({ value: 30, temp: 2, nonlethal: 1 });
    expect(areaTarget(message).applied).toBeNull();
    await click(message, 'applyDamage', id);
    expect(sys(pc).hp.value).toBe(15);
  });

  it("defaults to the GM's targeted tokens; a player cannot post one", async () => {
    const a = await hero('A');
    const b = await hero('B', {}, otherPlayer);
    h.target(gm, h.placeToken(a), h.placeToken(b));
    h.as(gm);
    h.dice.queue(1, 1);
    const message = await game.gng.areaDamage({ damage: '2d6', saveDc: 15 });
    expect(area(message as ChatMessage).targets.map((t) => t.name)).toEqual(['A', 'B']);
    // Each owner sees only their own target's buttons.
    h.as(otherPlayer);
    const [, second] = area(message as ChatMessage).targets as [AreaTarget, AreaTarget];
    expect(visibleButtons(message as ChatMessage)).toEqual([
      `rollSave@${second.id}`,
      `diveForCover@${second.id}`,
    ]);
    h.as(player);
    expect(await game.gng.areaDamage({ damage: '2d6', saveDc: 15, targets: [a] })).toBeNull();
    expect(lastNotice()).toBe('Only a GM may post area damage.');
  });

  describe('refusals are localized and change nothing', () => {
    it('a flat-footed defender has no Dive for Cover button and the GM refuses it', async () => {
      const pc = await hero();
      await pc.toggleStatusEffect('flat-footed', { active: true });
      const message = await blast([pc]);
      const id = areaTarget(message).id;
      const before = structuredClone(area(message));
      h.as(player);
      expect(visibleButtons(message)).toEqual([`rollSave@${id}`]);
      const result = await requestAreaAction(message.id as string, 'diveForCover', id);
      expect(result).toMatchObject({ ok: false, error: 'GNG.Abort.Refusal.flat-footed' });
      expect(h.i18n.has(result.ok ? '' : result.error)).toBe(true);
      expect(lastNotice()).toBe(game.i18n.format('GNG.Abort.Refusal.flat-footed', { name: pc.name }));
      expect(area(message)).toEqual(before);
    });

    it('a user who does not own the target', async () => {
      const pc = await hero();
      const message = await blast([pc]);
      const id = areaTarget(message).id;
      const before = structuredClone(area(message));
      h.as(otherPlayer);
      expect(visibleButtons(message)).toEqual([]);
      const result = await requestAreaAction(message.id as string, 'diveForCover', id);
      expect(result).toMatchObject({ ok: false, error: 'GNG.Area.Error.NotAllowed' });
      expect(lastNotice()).toBe('Other Player may not do that on this area damage card.');
      const apply = await requestAreaAction(message.id as string, 'applyDamage', id);
      expect(apply).toMatchObject({ ok: false, error: 'GNG.Area.Error.NotAllowed' });
      expect(area(message)).toEqual(before);
      expect(sys(pc).hp.value).toBe(30);
    });

    it('forged GM queries: extra data, a card a player wrote, no sender', async () => {
      const pc = await hero();
      const message = await blast([pc]);
      const id = areaTarget(message).id;
      const before = structuredClone(area(message));
      h.as(player);
      const forged = (await fromConsole(AREA_QUERY, {
        messageId: message.id,
        action: 'diveForCover',
        target: id,
        jumpTotal: 40,
      })) as CardActionResult;
      expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
      const coverOnSave = await requestAreaAction(message.id as string, 'rollSave', id, { cover: true });
      expect(coverOnSave).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
      // A player's own message carrying an area state is not an area card.
      const fake = (await ChatMessage.create({
        content: '',
        flags: { gng: { area: structuredClone(before) } },
      })) as ChatMessage;
      const onFake = await requestAreaAction(fake.id as string, 'rollSave', id);
      expect(onFake).toMatchObject({ ok: false, error: 'GNG.Area.Error.NoCard' });
      const anonymous = await bareQuery(AREA_QUERY, {
        messageId: message.id,
        action: 'rollSave',
        target: id,
      });
      expect(anonymous).toMatchObject({ ok: false, error: 'GNG.Error.Attack.UnknownSender' });
      expect(area(message)).toEqual(before);
      expect(lastNotice()).toBe('That is not an area damage card.');
    });
  });
});

describe('action budget', () => {
  it("every Dive for Cover spends from the defender's budget: move, then attack, then refused", async () => {
    const pc = await hero();
    h.startCombat([pc]);
    const cards = [await blast([pc]), await blast([pc]), await blast([pc])];
    h.as(player);
    h.dice.queue(10);
    await click(cards[0] as ChatMessage, 'diveForCover', areaTarget(cards[0] as ChatMessage).id);
    expect(budgetOf(pc)).toMatchObject({ move: false, attack: true });
    h.dice.queue(10);
    await click(cards[1] as ChatMessage, 'diveForCover', areaTarget(cards[1] as ChatMessage).id);
    expect(budgetOf(pc)).toMatchObject({ move: false, attack: false });
    const third = cards[2] as ChatMessage;
    const id = areaTarget(third).id;
    expect(visibleButtons(third)).toEqual([`rollSave@${id}`]);
    const result = await requestAreaAction(third.id as string, 'diveForCover', id);
    expect(result).toMatchObject({ ok: false, error: 'GNG.Abort.Refusal.out-of-actions' });
    expect(areaTarget(third).dive).toBeNull();
    // Apply marks trauma (14 of 30 HP is not half; 20 is) for the next turn; Undo takes it back.
    h.as(gm);
    await click(third, 'applyDamage', id);
    expect(areaTarget(third).applied).toMatchObject({ trauma: true, traumaBefore: false });
    expect(traumaPending(pc)).toBe(true);
    await click(third, 'undoDamage', id);
    expect(traumaPending(pc)).toBe(false);
  });
});

describe('area card Undo and Dive for Cover', () => {
  it('Undo after Apply restores HP and gives the Dive back: budget restored, no second dive for its side', async () => {
    const pc = await hero();
    h.startCombat([pc]);
    const message = await blast([pc], { cover: true });
    const id = areaTarget(message).id;
    h.as(player);
    h.dice.queue(16); // Jump 26 vs DC 20: 6 converted
    await click(message, 'diveForCover', id);
    expect(areaTarget(message).dive).toMatchObject({
      converted: 6,
      undo: { budgetBefore: newActionBudget() },
    });
    expect(budgetOf(pc)).toMatchObject({ move: false, attack: true });
    h.as(gm);
    await click(message, 'applyDamage', id);
    expect(sys(pc).hp).toMatchObject({ value: 16, nonlethal: 6 });

    await click(message, 'undoDamage', id);
    expect(sys(pc).hp).toMatchObject({ value: 30, nonlethal: 0 });
    expect(budgetOf(pc)).toEqual(newActionBudget());
    expect(areaTarget(message)).toMatchObject({ dive: null, applied: null });
    expect(message.content).toContain('<span class="big-value lethal">20</span>');
    // An undone contested roll is not rolled again by its side (only a GM may take the dive again).
    h.as(player);
    expect(visibleButtons(message)).toEqual([`rollSave@${id}`]);
    const again = await requestAreaAction(message.id as string, 'diveForCover', id);
    expect(again).toMatchObject({ ok: false, error: 'GNG.Area.Error.NotAllowed' });
    expect(lastNotice()).toBe('Player may not do that on this area damage card.');
    expect(budgetOf(pc)).toEqual(newActionBudget());
    h.as(gm);
    h.dice.queue(12); // Jump 22: 2 converted, paid again with the move action
    await click(message, 'diveForCover', id);
    expect(areaTarget(message).dive).toMatchObject({ jumpTotal: 22, converted: 2 });
    expect(budgetOf(pc)).toMatchObject({ move: false, attack: true });
  });

  it('Undo with only a Dive taken (nothing applied) gives it back; a player cannot Undo', async () => {
    const pc = await hero();
    h.startCombat([pc]);
    const message = await blast([pc], { cover: true });
    const id = areaTarget(message).id;
    h.as(player);
    h.dice.queue(16);
    await click(message, 'diveForCover', id);
    expect(visibleButtons(message)).not.toContain(`undoDamage@${id}`);
    const forged = await requestAreaAction(message.id as string, 'undoDamage', id);
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Area.Error.NotAllowed' });
    expect(budgetOf(pc)).toMatchObject({ move: false });
    h.as(gm);
    expect(visibleButtons(message)).toContain(`undoDamage@${id}`);
    await click(message, 'undoDamage', id);
    expect(budgetOf(pc)).toEqual(newActionBudget());
    expect(areaTarget(message).dive).toBeNull();
    expect(sys(pc).hp.value).toBe(30);
    expect(visibleButtons(message).filter((b) => b.startsWith('undoDamage'))).toEqual([]);
  });

  it('out of combat Undo takes the Dive off the card (no budget to give back)', async () => {
    const pc = await hero();
    const message = await blast([pc], { cover: true });
    const id = areaTarget(message).id;
    h.as(player);
    h.dice.queue(16);
    await click(message, 'diveForCover', id);
    expect(areaTarget(message).dive).toMatchObject({ undo: { budgetBefore: null, epoch: null } });
    h.as(gm);
    await click(message, 'undoDamage', id);
    expect(budgetOf(pc)).toBeNull();
    expect(areaTarget(message).dive).toBeNull();
  });
});

const maneuver = (message: ChatMessage) =>
  maneuverState(game.messages.get(message.id as string)) as ManeuverCardState;
const maneuverTarget = (message: ChatMessage, index = 0) =>
  maneuver(message).targets[index] as ManeuverTarget;

/** `otherPlayer`'s brute (Str 14: +2, BAB 0) attempts `kind` on `defender`; the check's d20 is `natural`. */
async function brute(
  kind: 'trip' | 'bull-rush' | 'throw',
  defender: Actor,
  natural: number,
  options: Record<string, unknown> = {},
): Promise<ChatMessage> {
  const attacker = await h.createActor(
    { name: 'Brute', type: 'npc', system: { abilities: { str: { value: 14 } } } },
    otherPlayer,
  );
  h.as(otherPlayer);
  h.target(otherPlayer, h.placeToken(defender));
  h.dice.queue(natural);
  const message = await game.gng.maneuver(attacker, kind, options);
  await attackActionsSettled();
  expect(message).toBeTruthy();
  return message as ChatMessage;
}

describe('maneuver card and Maintain Footing', () => {
  it('without a target: "no token on this scene" when the maneuvering actor has none, else "target the defender"', async () => {
    const brute = await h.createActor(
      { name: 'Brute', type: 'npc', system: { abilities: { str: { value: 14 } } } },
      otherPlayer,
    );
    h.as(otherPlayer);
    h.target(otherPlayer);
    h.dice.queue(10);
    expect(await game.gng.maneuver(brute, 'trip')).toBeNull();
    expect(lastNotice()).toBe(
      "Brute has no token on this scene: place Brute's token and the defender's token on the scene, target the defender's token (hover over it and press T), then try again. Nothing was rolled.",
    );
    h.placeToken(brute);
    expect(await game.gng.maneuver(brute, 'bull-rush')).toBeNull();
    expect(lastNotice()).toBe(
      "Brute has no target: target the defender's token first (hover over it and press T, or right-click it and use the target control), then try again. Nothing was rolled.",
    );
    expect(game.messages.size).toBe(0);
    expect(h.dice.queued).toEqual([10]);
    h.dice.queued.splice(0);
  });

  it('Maintain Footing keeps a defender standing against a Trip (Balance must beat the check)', async () => {
    const pc = await hero();
    const message = await brute('trip', pc, 10);
    expect(maneuver(message).check).toMatchObject({ natural: 10, bonus: 2, total: 12 });
    expect(game.messages.get(message.id as string)?.author?.isGM).toBe(true);
    const id = maneuverTarget(message).id;
    // Apply waits for the defender's answer (Maintain Footing or not): no button until then (issue #33).
    expect(visibleButtons(message)).toEqual([]);
    const labels = () =>
      [
        ...h.renderMessage(game.messages.get(message.id as string) as ChatMessage).querySelectorAll('button'),
      ].map((b) => b.textContent?.trim());
    // Every button names whose it is: the defender's footing, the maneuver applied to (undone on) it.
    h.as(player);
    expect(visibleButtons(message)).toEqual([`maintainFooting@${id}`, `declineFooting@${id}`]);
    expect(labels()).toEqual([`Maintain Footing (${pc.name})`, `No Maintain Footing (${pc.name})`]);
    h.dice.queue(8); // Balance 8 + 5 = 13 > 12
    await click(message, 'maintainFooting', id);
    expect(maneuverTarget(message).footing).toMatchObject({
      balanceTotal: 13,
      attackTotal: 12,
      maintained: true,
    });
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual([]);
    const apply = await requestManeuverAction(message.id as string, 'applyManeuver', id);
    expect(apply).toMatchObject({ ok: false, error: 'GNG.Maneuver.Error.Unavailable.applyManeuver' });
    expect(pc.statuses.has('prone')).toBe(false);
  });

  it('a failed Maintain Footing (a tie fails) leaves the defender prone after a Trip; Undo stands it up', async () => {
    const pc = await hero();
    const message = await brute('trip', pc, 10);
    const id = maneuverTarget(message).id;
    h.as(player);
    h.dice.queue(7); // 12 vs 12: the defender must roll higher
    await click(message, 'maintainFooting', id);
    expect(maneuverTarget(message).footing).toMatchObject({ maintained: false });
    h.as(otherPlayer);
    // Every button names whose it is: the maneuver applied to (undone on) the defender.
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    expect(html.querySelector('[data-action="applyManeuver"]')?.textContent?.trim()).toBe(
      `Apply to ${pc.name}`,
    );
    await click(message, 'applyManeuver', id);
    expect(pc.statuses.has('prone')).toBe(true);
    expect(maneuverTarget(message).applied).toMatchObject({ statusesAdded: ['prone'], feet: 0 });
    await click(message, 'undoManeuver', id);
    expect(pc.statuses.has('prone')).toBe(false);
    expect(maneuverTarget(message).applied).toBeNull();
  });

  it('Bull Rush: the size bonus goes to the larger; a lost footing notes the distance', async () => {
    const ogre = await hero('Ogre', { size: 'large', hp: { value: 60 } }); // Large: HP ×2
    const message = await brute('bull-rush', ogre, 18, { charging: true }); // 18 + 2 + 2 = 22
    const id = maneuverTarget(message).id;
    h.as(player);
    h.dice.queue(3); // 3 + 5 + 4 (Large) = 12
    await click(message, 'maintainFooting', id);
    expect(maneuverTarget(message).footing).toMatchObject({
      balanceTotal: 12,
      attackTotal: 22,
      maintained: false,
    });
    h.as(otherPlayer);
    await click(message, 'applyManeuver', id);
    expect(maneuverTarget(message).applied).toMatchObject({ statusesAdded: [], feet: 15 });
    expect(game.messages.get(message.id as string)?.content).toContain('Ogre is moved 15 ft');
    expect(ogre.statuses.has('prone')).toBe(false);
  });

  it('refusals: flat-footed defender, a stranger, forged data', async () => {
    const pc = await hero();
    await pc.toggleStatusEffect('flat-footed', { active: true });
    const message = await brute('trip', pc, 10);
    const id = maneuverTarget(message).id;
    const before = structuredClone(maneuver(message));
    h.as(player);
    expect(visibleButtons(message)).toEqual([]);
    const refused = await requestManeuverAction(message.id as string, 'maintainFooting', id);
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Abort.Refusal.flat-footed' });
    const apply = await requestManeuverAction(message.id as string, 'applyManeuver', id);
    expect(apply).toMatchObject({ ok: false, error: 'GNG.Maneuver.Error.NotAllowed' });
    expect(lastNotice()).toBe('Player may not do that on this maneuver card.');
    const forged = await requestManeuverAction(message.id as string, 'maintainFooting', id, { total: 99 });
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    // Starting a maneuver with someone else's actor.
    const attacker = fromUuidSync(maneuver(message).attacker.actorUuid) as Actor;
    const stolen = (await fromConsole('gng.maneuverAction', {
      action: 'start',
      actorUuid: attacker.uuid,
      maneuver: 'trip',
      targets: [{ actorUuid: pc.uuid, tokenId: null }],
    })) as CardActionResult;
    expect(stolen).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAttackerOwner' });
    expect(maneuver(message)).toEqual(before);
    expect(pc.statuses.has('prone')).toBe(false);
  });
});

describe('Quick Stand', () => {
  const stand = (actor: Actor) => game.gng.quickStand(actor);

  it('success: Tumble 20 removes prone and posts a card that says it provokes', async () => {
    const pc = await hero(); // Tumble +4 (ranks)
    await pc.toggleStatusEffect('prone', { active: true });
    h.as(player);
    h.dice.queue(16);
    const result = await stand(pc);
    expect(result).toEqual({ ok: true });
    expect(pc.statuses.has('prone')).toBe(false);
    const card = game.messages.contents.at(-1) as ChatMessage;
    expect(cardStateOf(card)).toMatchObject({ total: 20, dc: 20, stood: true });
    expect(card.content).toContain('Tumble 20 vs DC 20');
    expect(card.content).toContain('provokes attacks of opportunity');
  });

  it('failure leaves the actor prone; once per round in combat (the budget mark), again next round', async () => {
    const pc = await hero();
    await pc.toggleStatusEffect('prone', { active: true });
    const combat = h.startCombat([pc]);
    h.as(player);
    h.dice.queue(15); // 19 < 20
    expect(await stand(pc)).toEqual({ ok: true });
    expect(pc.statuses.has('prone')).toBe(true);
    expect(game.messages.contents.at(-1)?.content).toContain('Stays prone.');
    expect(budgetOf(pc)?.quickStandUsed).toBe(true);
    const messages = game.messages.size;
    const again = await stand(pc);
    expect(again).toMatchObject({ ok: false, error: 'GNG.QuickStand.Error.AlreadyUsed' });
    expect(lastNotice()).toBe('Hero has already tried a Quick Stand this round.');
    expect(game.messages.size).toBe(messages);
    // The actor's own turn begins: the per-round mark resets (decision D6).
    h.as(gm);
    await combat.nextRound();
    h.as(player);
    expect(budgetOf(pc)?.quickStandUsed).toBe(false);
    h.dice.queue(16);
    expect(await stand(pc)).toEqual({ ok: true });
    expect(pc.statuses.has('prone')).toBe(false);
  });

  it('refusals: not prone, not the owner, forged data', async () => {
    const pc = await hero();
    h.as(player);
    expect(await stand(pc)).toMatchObject({ ok: false, error: 'GNG.QuickStand.Error.NotProne' });
    h.as(gm);
    await pc.toggleStatusEffect('prone', { active: true });
    h.as(otherPlayer);
    expect(await stand(pc)).toMatchObject({ ok: false, error: 'GNG.QuickStand.Error.NotOwner' });
    expect(lastNotice()).toBe('You do not own Hero.');
    const forged = (await fromConsole('gng.quickStand', {
      actorUuid: pc.uuid,
      total: 30,
    })) as CardActionResult;
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    expect(pc.statuses.has('prone')).toBe(true);
  });

  it('the token HUD shows a labelled Quick Stand button only when the actor is prone, for its owners', async () => {
    const pc = await hero();
    const token = h.placeToken(pc);
    h.as(player);
    expect(h.renderTokenHUD(token).querySelector('.gng-quick-stand')).toBeNull();
    await pc.toggleStatusEffect('prone', { active: true });
    const html = h.renderTokenHUD(token);
    const button = html.querySelector<HTMLButtonElement>('.col.left button.gng-quick-stand');
    expect(button?.getAttribute('aria-label')).toBe('Quick Stand');
    h.as(otherPlayer);
    expect(h.renderTokenHUD(token).querySelector('.gng-quick-stand')).toBeNull();
    h.as(player);
    h.dice.queue(16);
    button?.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as unknown as Event);
    await attackActionsSettled();
    expect(pc.statuses.has('prone')).toBe(false);
  });

  it('the sheet shows Quick Stand when prone, and the Maneuvers group', async () => {
    const pc = await hero();
    const sheet = await h.openSheet(pc);
    const labels = [...sheet.element.querySelectorAll<HTMLButtonElement>('.maneuvers button')].map((b) =>
      b.textContent?.trim(),
    );
    expect(labels).toEqual(['Bull Rush', 'Trip', 'Throw', 'Grapple', 'Total defense']);
    await pc.toggleStatusEffect('prone', { active: true });
    await sheet.render();
    expect(sheet.element.querySelector('button[data-action="quickStand"]')?.textContent?.trim()).toBe(
      'Quick Stand',
    );
    h.as(player);
    h.dice.queue(16);
    await h.click(sheet, 'button[data-action="quickStand"]');
    await attackActionsSettled();
    expect(pc.statuses.has('prone')).toBe(false);
  });
});
