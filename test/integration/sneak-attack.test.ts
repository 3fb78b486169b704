/**
 * Issue #28 ("Rules loose ends"): the sneak attack bonus on the attack card comes from the attacker's
 * documents (its class levels, and its own sneak attack dice for a creature that has them without
 * class levels) and from the situation against its one target — never from the request. GnG SNEAK
 * ATTACK: "If your sneak attack damage dice bonus is +1d6, then you gain a +2 bonus to your attack roll
 * any time your target would be denied a Dexterity bonus to Defense … or when you flank your target.
 * While performing a sneak attack, you can make a Called Shot without provoking an attack of
 * opportunity. Ranged attacks can count as sneak attacks only if the target is within 30 feet. For
 * every additional +1d6 of sneak attack damage, you gain +1 to your attack roll."
 *
 * Tokens stand on the default grid (100 px per 5 ft).
 */
import { describe, expect, it } from 'vitest';
import { cardHelpers, forged, withFeats } from '../fixtures/cards.js';
import { tokenHelpers } from '../fixtures/tokens.js';
import { useErrorGuard } from '../fixtures/hostile.js';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled, type CardActionResult } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { openDialog } = cardHelpers(h);
const { gm, player } = h.users;

useErrorGuard(h, 2829);

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const stateOf = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const targetOf = (message: ChatMessage) => stateOf(message).targets[0] as CardTarget;
const sneakPart = (message: ChatMessage) =>
  stateOf(message).attack.parts.find((p) => p.label === 'GNG.AttackDialog.SneakAttack')?.value ?? 0;
const weaponNamed = (actor: Actor, name: string) => actor.items.find((i) => i.name === name) as Item;

const BOW = {
  name: 'Shortbow',
  type: 'weapon',
  system: {
    category: 'martial',
    use: 'ranged',
    rangeIncrement: 60,
    strength: 'none',
    damage: { medium: '1d6' },
    damageTypes: ['piercing'],
    equipped: true,
  },
};

const { place } = tokenHelpers(h);

/** An unowned orc (30 HP) at square (`col`, 0); `statuses` set by the GM. */
async function orc(col = 1, statuses: string[] = [], name = 'Orc'): Promise<{ actor: Actor; token: Token }> {
  h.as(gm);
  const actor = await h.createActor({ name, type: 'npc', system: { hp: { value: 30 } } });
  for (const status of statuses) await actor.toggleStatusEffect(status, { active: true });
  const token = await place(actor, col, 0);
  return { actor, token };
}

/** `attacker` (player's, at (0, 0)) attacks `targets` with `weapon` and `options`; its d20 is 10. */
async function attack(
  attacker: Actor,
  weapon: Item,
  targets: Token[],
  options: Record<string, unknown> = {},
): Promise<ChatMessage> {
  await place(attacker, 0, 0);
  h.as(player);
  h.target(player, ...targets);
  h.dice.queue(10);
  const message = (await game.gng.attack(attacker, weapon, options)) as ChatMessage;
  await attackActionsSettled();
  expect(message).toBeTruthy();
  return message;
}

/** A player's rogue with `levels` rogue levels (and `extra` classes), its short sword equipped. */
async function rogue(levels = 1, extra: { identifier: string; levels: number }[] = []): Promise<Actor> {
  const actor = await appendix3Rogue(h, player);
  h.as(gm);
  const rogueClass = actor.items.find((i) => i.type === 'class') as Item;
  await rogueClass.update({ 'system.levels': levels });
  if (extra.length)
    await actor.createEmbeddedDocuments(
      'Item',
      extra.map((c) => ({
        name: c.identifier,
        type: 'class',
        system: { identifier: c.identifier, levels: c.levels },
      })),
    );
  return actor;
}

describe('the sneak attack bonus comes from the documents and the situation', () => {
  it('Appendix 3 rogue (+1d6 → +2) against a flat-footed target: the card adds +2; against an alert one nothing', async () => {
    const r = await rogue();
    expect(sys(r).derived.sneakAttackDice).toBe(1);
    const sword = weaponNamed(r, 'Short sword');
    const flatFooted = await orc(1, ['flat-footed']);
    const card = await attack(r, sword, [flatFooted.token]);
    // Appendix 3: "Short Sword +1", "Sneak Attack (+2 to hit)": 10 + 1 + 2.
    expect(sneakPart(card)).toBe(2);
    expect(stateOf(card).attack.total).toBe(13);
    const alert = await orc(1, [], 'Alert Orc');
    const plain = await attack(r, sword, [alert.token]);
    expect(sneakPart(plain)).toBe(0);
    expect(stateOf(plain).attack.total).toBe(11);
  });

  it('denied its Dexterity bonus by a held state (helpless, pinned …) or flanked: the bonus counts', async () => {
    const r = await rogue();
    const sword = weaponNamed(r, 'Short sword');
    const pinned = await orc(1, ['pinned']);
    expect(sneakPart(await attack(r, sword, [pinned.token]))).toBe(2);
    const blinded = await orc(1, ['blinded'], 'Blind Orc');
    expect(sneakPart(await attack(r, sword, [blinded.token]))).toBe(2);
    // Flanking (the attacker's claim, as for its +2): +2 flanking and +2 sneak attack.
    const alert = await orc(1, [], 'Alert Orc');
    const flanked = await attack(r, sword, [alert.token], { situational: ['flanking'] });
    expect(sneakPart(flanked)).toBe(2);
    expect(stateOf(flanked).attack.total).toBe(10 + 1 + 2 + 2);
  });

  it('the dice add up over the class levels (SRD 3.5 tables) and the creature’s own dice', async () => {
    // Rogue 5: +1d6 at 1st and every two levels after: 3d6 → +2 + 2 = +4.
    const five = await rogue(5);
    expect(sys(five).derived.sneakAttackDice).toBe(3);
    // Rogue 3 (2d6) and Assassin 1 (1d6): 3d6. Blackguard 3: none yet (+1d6 at 4th).
    const mixed = await rogue(3, [
      { identifier: 'assassin', levels: 1 },
      { identifier: 'blackguard', levels: 3 },
    ]);
    expect(sys(mixed).derived.sneakAttackDice).toBe(3);
    // A creature's own "Sneak attack +2d6" (babau), no class levels: the sheet's field.
    h.as(gm);
    const babau = await h.createActor({ name: 'Babau', type: 'npc', system: { sneakAttackDice: 2 } }, player);
    await babau.createEmbeddedDocuments('Item', [
      { name: 'Claw', type: 'weapon', system: { use: 'light', damage: { medium: '1d6' }, equipped: true } },
    ]);
    expect(sys(babau).derived.sneakAttackDice).toBe(2);
    const prey = await orc(1, ['flat-footed']);
    const card = await attack(babau, weaponNamed(babau, 'Claw'), [prey.token]);
    expect(sneakPart(card)).toBe(3);
    const fiveCard = await attack(five, weaponNamed(five, 'Short sword'), [prey.token]);
    expect(sneakPart(fiveCard)).toBe(4);
  });

  it('ranged: within 30 ft only, unless the attacker has Sniper', async () => {
    const r = await rogue();
    h.as(gm);
    await r.createEmbeddedDocuments('Item', [BOW]);
    const bow = weaponNamed(r, 'Shortbow');
    const near = await orc(6, ['flat-footed']); // 30 ft
    expect(sneakPart(await attack(r, bow, [near.token]))).toBe(2);
    const far = await orc(8, ['flat-footed'], 'Far Orc'); // 40 ft
    expect(sneakPart(await attack(r, bow, [far.token]))).toBe(0);
    await withFeats(r, ['sniper']);
    expect(sneakPart(await attack(r, bow, [far.token]))).toBe(2);
  });

  it('one attack roll against several targets carries no sneak attack bonus', async () => {
    const r = await rogue();
    const a = await orc(1, ['flat-footed']);
    const b = await orc(1, ['flat-footed'], 'Second Orc');
    await place(b.actor, 1, 1);
    const card = await attack(r, weaponNamed(r, 'Short sword'), [a.token, b.token]);
    expect(stateOf(card).targets).toHaveLength(2);
    expect(sneakPart(card)).toBe(0);
  });
});

describe('a request that names sneak attack dice', () => {
  it('is refused with the reason, nothing rolled or posted (the rogue and a fighter alike)', async () => {
    const r = await rogue();
    const fighter = await appendix3Fighter(h, player);
    const target = await orc(1, ['flat-footed']);
    await place(r, 0, 0);
    await place(fighter, 0, 1);
    for (const [actor, weapon] of [
      [r, weaponNamed(r, 'Short sword')],
      [fighter, fighter.items.find((i) => i.type === 'weapon') as Item],
    ] as const)
      for (const dice of [0, 1, 5]) {
        h.dice.queue(10);
        const result = (await forged(player, {
          action: 'start',
          actorUuid: actor.uuid,
          weaponId: weapon.id,
          options: { sneakAttackDice: dice },
          targets: [{ tokenId: target.token.id, actorUuid: target.actor.uuid }],
        })) as CardActionResult;
        expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Attack.SneakAttackClaimed' });
        expect(h.dice.queued).toEqual([10]);
        h.dice.queued.splice(0);
      }
    expect(game.messages.size).toBe(0);
    // From the API as well: the asking client is told why.
    h.as(player);
    h.target(player, target.token);
    expect(
      await game.gng.attack(
        fighter,
        fighter.items.find((i) => i.type === 'weapon') as Item,
        { sneakAttackDice: 5 } as never,
      ),
    ).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      "Sneak attack dice are not chosen: the card counts them from the attacker's class levels and its sheet, when its one target is denied its Dexterity bonus or flanked.",
    );
  });
});

describe('the called shot without an attack of opportunity', () => {
  it('only while the sneak attack really applies', async () => {
    const r = await rogue();
    const sword = weaponNamed(r, 'Short sword');
    const flatFooted = await orc(1, ['flat-footed']);
    const sneaky = await attack(r, sword, [flatFooted.token], { calledShots: ['daze'] });
    expect(targetOf(sneaky).calledShot?.provokes).toBe(false);
    // The same rogue against an alert target: no sneak attack, the called shot provokes.
    const alert = await orc(1, [], 'Alert Orc');
    const open = await attack(r, sword, [alert.token], { calledShots: ['daze'] });
    expect(targetOf(open).calledShot?.provokes).toBe(true);
    // A fighter without sneak attack dice against the flat-footed target: it provokes.
    const fighter = await appendix3Fighter(h, player);
    const blade = fighter.items.find((i) => i.type === 'weapon') as Item;
    const plain = await attack(fighter, blade, [flatFooted.token], { calledShots: ['daze'] });
    expect(targetOf(plain).calledShot?.provokes).toBe(true);
  });
});

describe('the attack dialog', () => {
  it('shows the sneak attack the card will count, and the card rolls at the bonus it showed', async () => {
    const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
    const r = await rogue();
    const target = await orc(1, ['flat-footed']);
    await place(r, 0, 0);
    h.as(player);
    h.target(player, target.token);
    const result = AttackDialog.prompt(r, weaponNamed(r, 'Short sword'));
    const dialog = await openDialog();
    expect(dialog.element.querySelector('input[name="sneakAttackDice"]')).toBeNull();
    expect(dialog.element.querySelector('.sneak-attack-hint')?.textContent?.trim()).toBe(
      'Sneak attack +1d6: +2 against this target (denied its Dexterity bonus, or flanked).',
    );
    // Short sword +1 and the sneak attack's +2.
    expect(dialog.element.querySelector('.attack-total')?.textContent?.trim()).toBe('+3');
    await h.click(dialog, 'button[type="submit"]');
    const options = await result;
    expect(options).not.toHaveProperty('sneakAttackDice');
    h.dice.queue(10);
    const card = (await game.gng.attack(r, weaponNamed(r, 'Short sword'), options ?? {})) as ChatMessage;
    await attackActionsSettled();
    expect(fresh(card).rolls[0]?.formula).toBe('1d20 + 3');
    expect(sneakPart(card)).toBe(2);
  });

  it('says why it does not count, and follows the flanking claim live', async () => {
    const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
    const r = await rogue();
    const target = await orc(1, [], 'Alert Orc');
    await place(r, 0, 0);
    h.as(player);
    h.target(player, target.token);
    const result = AttackDialog.prompt(r, weaponNamed(r, 'Short sword'));
    const dialog = await openDialog();
    const hint = () => dialog.element.querySelector('.sneak-attack-hint')?.textContent?.trim();
    const total = () => dialog.element.querySelector('.attack-total')?.textContent?.trim();
    expect(hint()).toBe(
      'Sneak attack +1d6: nothing against this target (it keeps its Dexterity bonus and is not flanked).',
    );
    expect(total()).toBe('+1');
    await h.change(dialog, 'input[name="situational.flanking"]', true);
    expect(hint()).toBe(
      'Sneak attack +1d6: +2 against this target (denied its Dexterity bonus, or flanked).',
    );
    expect(total()).toBe('+5'); // +1, flanking +2, sneak attack +2
    await h.click(dialog, 'button[data-action="cancel"]');
    expect(await result).toBeNull();
  });

  it('shows nothing for an attacker without sneak attack dice', async () => {
    const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
    const fighter = await appendix3Fighter(h, player);
    const target = await orc(1, ['flat-footed']);
    await place(fighter, 0, 0);
    h.as(player);
    h.target(player, target.token);
    const result = AttackDialog.prompt(fighter, fighter.items.find((i) => i.type === 'weapon') as Item);
    const dialog = await openDialog();
    const hint = dialog.element.querySelector<HTMLElement>('.sneak-attack-hint');
    expect(hint?.hidden).toBe(true);
    expect(hint?.textContent?.trim()).toBe('');
    await h.click(dialog, 'button[data-action="cancel"]');
    expect(await result).toBeNull();
  });
});
