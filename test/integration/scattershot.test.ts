/**
 * Scattershot and longarms on the attack card (GnG SPECIAL ATTACKS › SCATTERSHOT; ADDITIONAL COMBAT
 * RULES › SIDEARMS AND LONGARMS IN MELEE). The pump shotgun: 4d8, range increment 30 ft, a longarm.
 * Tokens stand on the scene's default grid (100 px per 5 ft); the shooter at the corner. Dice are
 * queued in the order they are rolled: the attack d20, the Defense d20, the damage dice.
 * Expected values are the text's: 4d / 3d / 2d (two adjacent targets at −4) / 1d (two targets) / 1d
 * (every defender in a 5-ft aisle), no range penalties, nothing beyond five increments; −4 for a
 * longarm against a foe within 5 ft.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import type { HarnessTokenDocument } from '../harness/tokens.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => h.reset(23));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const state = (message: ChatMessage) => cardState(game.messages.get(message.id as string)) as AttackCardState;
const loaded = (gun: Item) =>
  (gun.system as unknown as { firearm: { ammunition: number } }).firearm.ammunition;
const lastNotice = () => h.notices.at(-1)?.message;
const content = (message: ChatMessage) => (game.messages.get(message.id as string) as ChatMessage).content;

/** A pack weapon's data (packs/_source/weapons/d20m-<id>.json), equipped. */
function packWeapon(id: string): Record<string, unknown> {
  const source = JSON.parse(readFileSync(`packs/_source/weapons/d20m-${id}.json`, 'utf8')) as {
    name: string;
    type: string;
    system: Record<string, unknown>;
  };
  return { name: source.name, type: source.type, system: { ...source.system, equipped: true } };
}

/** The player's shooter (an NPC without class: attack +0 with simple weapons), its token at (0, 0). */
async function shooterWith(weapon: Record<string, unknown>): Promise<{ shooter: Actor; gun: Item }> {
  const shooter = await h.createActor({ name: 'Shooter', type: 'npc' }, player);
  const [gun] = (await shooter.createEmbeddedDocuments('Item', [weapon])) as Item[];
  h.placeToken(shooter);
  return { shooter, gun: gun as Item };
}

/** Moves `actor`'s token to square (`col`, `row`) as the GM (100 px per 5 ft). */
async function moveTo(actor: Actor, col: number, row = 0): Promise<void> {
  const token = actor.getActiveTokens()[0] as Token;
  const previous = game.user;
  h.as(gm);
  await (token.document as unknown as HarnessTokenDocument).update({ x: col * 100, y: row * 100 });
  h.as(previous);
}

/** A defender (Defense +0, no Protection) whose token stands `col` squares right and `row` down. */
async function dummyAt(name: string, col: number, row = 0): Promise<Actor> {
  const dummy = await h.createActor({
    name,
    type: 'npc',
    system: { hp: { value: 60 }, abilities: { con: { value: 60 } } },
  });
  h.placeToken(dummy);
  await moveTo(dummy, col, row);
  return dummy;
}

/** The player fires at `targets`; resolves with the card or null (refused). */
async function fire(
  shooter: Actor,
  gun: Item,
  targets: Actor[],
  dice: number[],
): Promise<ChatMessage | null> {
  h.as(player);
  h.target(player, ...targets.flatMap((t) => t.getActiveTokens()));
  h.dice.queue(...dice);
  const message = await game.gng.attack(shooter, gun, {});
  await attackActionsSettled();
  return message;
}

const { clickSelector: click } = cardHelpers(h);

/** The GM rolls target `id`'s Defense (d20 `natural`), then its damage (`damage` dice). */
async function defendAndDamage(message: ChatMessage, id: string, natural: number, damage: number[]) {
  h.as(gm);
  h.dice.queue(natural);
  await click(message, `section[data-target-id="${id}"] button[data-action="rollDefense"]`);
  if (!damage.length) return;
  h.dice.queue(...damage);
  await click(message, `section[data-target-id="${id}"] button[data-action="rollDamage"]`);
}

const targetOf = (message: ChatMessage, i = 0) => state(message).targets[i] as CardTarget;
const partLabels = (message: ChatMessage) => state(message).attack.parts.map((p) => [p.label, p.value]);

describe('longarms against adjacent foes', () => {
  it('a pump shotgun at a foe 5 ft away takes −4, shown on the card; at 10 ft it does not', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('pump-shotgun'));
    const near = await dummyAt('Near', 1);
    const message = (await fire(shooter, gun, [near], [15])) as ChatMessage;
    expect(partLabels(message)).toContainEqual(['GNG.Fire.LongarmAdjacent', -4]);
    expect(state(message).attack.total).toBe(11);
    expect(content(message)).toContain('Longarm against an adjacent foe');

    await moveTo(near, 2);
    const far = (await fire(shooter, gun, [near], [15])) as ChatMessage;
    expect(partLabels(far)).not.toContainEqual(['GNG.Fire.LongarmAdjacent', -4]);
    expect(state(far).attack.total).toBe(15);
    expect(content(far)).not.toContain('Longarm against an adjacent foe');
  });

  it('a diagonal neighbour is adjacent too; a pistol (no longarm) takes nothing', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('pump-shotgun'));
    const corner = await dummyAt('Corner', 1, 1);
    const message = (await fire(shooter, gun, [corner], [15])) as ChatMessage;
    expect(state(message).attack.total).toBe(11);
    const [pistol] = (await shooter.createEmbeddedDocuments('Item', [
      packWeapon('autoloader-pistol'),
    ])) as Item[];
    const shot = (await fire(shooter, pistol as Item, [corner], [15])) as ChatMessage;
    expect(partLabels(shot)).not.toContainEqual(['GNG.Fire.LongarmAdjacent', -4]);
    expect(state(shot).attack.total).toBe(15);
  });

  it('the attack dialog shows the −4 against the adjacent target, and none at 10 ft', async () => {
    const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
    const { shooter, gun } = await shooterWith(packWeapon('pump-shotgun'));
    const foe = await dummyAt('Foe', 1);
    const open = async () => {
      h.as(player);
      h.target(player, ...foe.getActiveTokens());
      void AttackDialog.prompt(shooter, gun);
      return vi.waitFor(() => {
        const app = h.openApplications().find((a) => a instanceof AttackDialog && a.rendered);
        if (!app) throw new Error('no attack dialog');
        return app as InstanceType<typeof AttackDialog>;
      });
    };
    const dialog = await open();
    const el = dialog.element as HTMLElement;
    expect(el.querySelector('.attack-lines')?.textContent).toContain('Longarm against an adjacent foe');
    expect(el.querySelector('.attack-total')?.textContent?.trim()).toBe('-4');
    // The scattershot's increment and dice are shown before the attack too.
    expect(el.querySelector('.attack-notes')?.textContent).toContain('range increment 1 (5 ft');
    expect(el.querySelector('.attack-notes')?.textContent).toContain('4d8 damage');
    await dialog.close();
    await moveTo(foe, 2);
    const again = await open();
    expect(again.element.querySelector('.attack-lines')?.textContent).not.toContain('Longarm');
    expect(again.element.querySelector('.attack-total')?.textContent?.trim()).toBe('+0');
    await again.close();
  });
});

describe('scattershot by range increment (pump shotgun, 4d8, 30 ft)', () => {
  it('one increment (25 ft): 4d8, Relative Degree added as usual', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('pump-shotgun'));
    const foe = await dummyAt('Foe', 5);
    const message = (await fire(shooter, gun, [foe], [15])) as ChatMessage;
    expect(state(message).scattershot).toMatchObject({ increment: 1, dice: 4, faces: 8, distanceFeet: 25 });
    expect(content(message)).toContain('range increment 1 (25 ft');
    expect(content(message)).toContain('4d8 damage');
    await defendAndDamage(message, targetOf(message).id, 10, [8, 7, 6, 5]);
    expect(targetOf(message).result?.relativeDegree).toBe(5);
    expect(targetOf(message).damage).toMatchObject({ formula: '4d8', dice: [8, 7, 6, 5], final: 26 + 5 });
    expect(loaded(gun)).toBe(5);
  });

  it('two increments (45 ft): 3d8, no range penalty; a second target is refused with the reason', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('pump-shotgun'));
    const foe = await dummyAt('Foe', 9);
    const other = await dummyAt('Other', 9, 1);
    // Refused before anything is rolled: no dice queued.
    const refused = await fire(shooter, gun, [foe, other], []);
    expect(refused).toBeNull();
    expect(lastNotice()).toContain('At 2 range increment(s) a scattershot can hit only a single target');
    expect(loaded(gun)).toBe(6);
    const message = (await fire(shooter, gun, [foe], [15])) as ChatMessage;
    // No range penalty: 15 + 0 (a normal ranged attack at 45 ft would take −2).
    expect(state(message).attack.total).toBe(15);
    await defendAndDamage(message, targetOf(message).id, 12, [8, 8, 8]);
    expect(targetOf(message).damage).toMatchObject({ formula: '3d8', final: 24 + 3 });
  });

  it('three increments (75 ft): two adjacent targets at −4, each rolls Defense, 2d8 each', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('pump-shotgun'));
    const foe = await dummyAt('Foe', 15);
    const other = await dummyAt('Other', 15, 1);
    const message = (await fire(shooter, gun, [foe, other], [15])) as ChatMessage;
    expect(state(message).scattershot).toMatchObject({ increment: 3, dice: 2, penalty: -4 });
    expect(partLabels(message)).toContainEqual(['GNG.Scattershot.TwoTargetPenalty', -4]);
    expect(state(message).attack.total).toBe(11);
    expect(content(message)).toContain('two adjacent targets at −4');
    await defendAndDamage(message, targetOf(message, 0).id, 5, [3, 4]);
    await defendAndDamage(message, targetOf(message, 1).id, 14, []);
    expect(targetOf(message, 0).damage).toMatchObject({ formula: '2d8', final: 7 + 6 });
    expect(targetOf(message, 1).result?.hit).toBe(false);
    // One target at three increments: no penalty.
    const alone = (await fire(shooter, gun, [foe], [15])) as ChatMessage;
    expect(state(alone).attack.total).toBe(15);
  });

  it('three increments: two targets 10 ft apart are refused (not adjacent)', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('pump-shotgun'));
    const foe = await dummyAt('Foe', 15);
    const other = await dummyAt('Other', 15, 2);
    expect(await fire(shooter, gun, [foe, other], [])).toBeNull();
    expect(lastNotice()).toContain('these two are not adjacent');
    expect(game.messages.size).toBe(0);
  });

  it('four increments (105 ft): two adjacent targets with no penalty, 1d8', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('pump-shotgun'));
    const foe = await dummyAt('Foe', 21);
    const other = await dummyAt('Other', 22);
    const message = (await fire(shooter, gun, [foe, other], [15])) as ChatMessage;
    expect(state(message).scattershot).toMatchObject({ increment: 4, dice: 1, penalty: 0 });
    expect(state(message).attack.total).toBe(15);
    await defendAndDamage(message, targetOf(message, 1).id, 10, [6]);
    expect(targetOf(message, 1).damage).toMatchObject({ formula: '1d8', final: 6 + 5 });
  });

  it('five increments (135 ft): 1d8 to every defender in the 5-ft aisle, nearest after the aimed target', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('pump-shotgun'));
    const foe = await dummyAt('Foe', 27);
    await dummyAt('In the aisle', 12);
    await dummyAt('Beside the aisle', 12, 1);
    await dummyAt('Beyond the aisle', 31);
    const message = (await fire(shooter, gun, [foe], [15])) as ChatMessage;
    expect(state(message).scattershot).toMatchObject({ increment: 5, dice: 1, maxTargets: 'aisle' });
    expect(state(message).targets.map((t) => t.name)).toEqual(['Foe', 'In the aisle']);
    expect(content(message)).toContain('Every defender in a 5-ft aisle');
    await defendAndDamage(message, targetOf(message, 1).id, 10, [4]);
    expect(targetOf(message, 1).damage).toMatchObject({ formula: '1d8', final: 4 + 5 });
  });

  it('beyond five increments (155 ft): refused with the reason, nothing spent or posted', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('pump-shotgun'));
    const foe = await dummyAt('Foe', 31);
    expect(await fire(shooter, gun, [foe], [])).toBeNull();
    expect(lastNotice()).toContain('maximum effective range of five range increments');
    expect(lastNotice()).toContain('reaches 150 ft, the target is 155 ft away');
    expect(loaded(gun)).toBe(6);
    expect(game.messages.size).toBe(0);
  });

  it('a double-barrelled shotgun at two increments: 3d8 from each barrel', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('double-barrelled-shotgun'));
    const foe = await dummyAt('Foe', 9);
    const message = (await fire(shooter, gun, [foe], [15])) as ChatMessage;
    await defendAndDamage(message, targetOf(message).id, 10, [1, 1, 1, 2, 2, 2]);
    // RD 5 on each barrel's first (only) shot.
    expect(targetOf(message).damage?.instances?.map((i) => i.final)).toEqual([3 + 5, 6 + 5]);
  });
});

describe('firing while threatened', () => {
  /** The actions the current user may press on the card (enabled buttons). */
  const buttons = (message: ChatMessage) =>
    [
      ...h
        .renderMessage(game.messages.get(message.id as string) as ChatMessage)
        .querySelectorAll<HTMLButtonElement>('button[data-action]'),
    ]
      .filter((b) => !b.disabled)
      .map((b) => b.dataset.action);

  /** An unowned orc with an equipped dagger (a melee weapon: it threatens), at square `col`. */
  async function orcWithDagger(col: number): Promise<Actor> {
    const orc = await dummyAt('Orc', col);
    await orc.createEmbeddedDocuments('Item', [
      { name: 'Dagger', type: 'weapon', system: { use: 'light', damage: { medium: '1d4' }, equipped: true } },
    ]);
    return orc;
  }

  it('a pistol fired at an adjacent armed foe provokes: its owner takes or declines before the damage', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('autoloader-pistol'));
    const orc = await orcWithDagger(1);
    const message = (await fire(shooter, gun, [orc], [15])) as ChatMessage;
    expect(targetOf(message).calledShot).toMatchObject({ provokes: true, ranged: true, effects: [] });
    // The card's text (its apostrophe is HTML-escaped in the content).
    expect(content(message)).toContain('Shooter fired a ranged weapon within Orc');
    expect(content(message)).toContain('it provokes an attack of opportunity from Orc');
    // The attacker's player does not answer for the orc; the GM (its owner) does.
    h.as(player);
    expect(buttons(message)).not.toContain('attackOfOpportunity');
    h.as(gm);
    expect(buttons(message)).toEqual(
      expect.arrayContaining(['attackOfOpportunity', 'declineAttackOfOpportunity', 'rollDefense']),
    );
    h.dice.queue(10);
    await click(message, 'button[data-action="rollDefense"]');
    expect(targetOf(message).result?.hit).toBe(true);
    // The damage waits for the answer.
    expect(buttons(message)).not.toContain('rollDamage');
    const before = game.messages.size;
    h.dice.queue(12);
    await click(message, 'button[data-action="attackOfOpportunity"]');
    expect(game.messages.size).toBe(before + 1);
    const aoo = state(game.messages.contents.at(-1) as ChatMessage);
    expect(aoo.attacker.actorUuid).toBe(orc.uuid);
    expect(aoo.weapon.name).toBe('Dagger');
    expect(aoo.targets[0]?.actorUuid).toBe(shooter.uuid);
    expect(buttons(message)).toContain('rollDamage');
    expect(buttons(message)).not.toContain('attackOfOpportunity');
  });

  it('declined: the damage goes on; no provocation at 10 ft, from an unarmed foe, or with a melee weapon', async () => {
    const { shooter, gun } = await shooterWith(packWeapon('autoloader-pistol'));
    const orc = await orcWithDagger(1);
    const message = (await fire(shooter, gun, [orc], [15])) as ChatMessage;
    h.as(gm);
    await click(message, 'button[data-action="declineAttackOfOpportunity"]');
    expect(content(message)).toContain('Orc made no attack of opportunity.');
    h.dice.queue(10);
    await click(message, 'button[data-action="rollDefense"]');
    expect(buttons(message)).toContain('rollDamage');

    await moveTo(orc, 2);
    const far = (await fire(shooter, gun, [orc], [15])) as ChatMessage;
    expect(targetOf(far).calledShot).toBeUndefined();
    expect(content(far)).not.toContain('provokes');

    const unarmed = await dummyAt('Bystander', 0, 1);
    const shot = (await fire(shooter, gun, [unarmed], [15])) as ChatMessage;
    expect(targetOf(shot).calledShot).toBeUndefined();

    await moveTo(orc, 1);
    const [knife] = (await shooter.createEmbeddedDocuments('Item', [
      { name: 'Knife', type: 'weapon', system: { use: 'light', damage: { medium: '1d4' }, equipped: true } },
    ])) as Item[];
    const stab = (await fire(shooter, knife as Item, [orc], [15])) as ChatMessage;
    expect(targetOf(stab).calledShot).toBeUndefined();
  });
});
