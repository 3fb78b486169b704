/**
 * The Saga-style chapter's maneuvers and shooting into melee on the attack card (issue #30, lane
 * card), on the harness under SAGA_MODEL. Worked by hand from seed 001:
 * - the fighter (Appendix 3): bastard sword +9 (BAB 5, Str +4), Bluff −1 (Cha 8, no ranks);
 * - the trooper: Reflex 13 (10 + good Defense 2 + Dex 1), Will 10 (poor save 0, Wis 10), 20 HP;
 * - the thrower: an NPC with no class and no bonuses (BAB 0): a javelin at +0.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { sagaCardView, sagaTrooper, useSagaWorld } from '../fixtures/saga-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;

useSagaWorld(h, 31);

const { state, target, lastNotice, sagaLines, buttons, click } = sagaCardView(h);

const trooper = () => sagaTrooper(h);

/** `attacker` attacks `defender` with `weapon`; `options` may name the target's token (`$target`). */
async function attack(
  attacker: Actor,
  weapon: Item,
  defender: Actor,
  dice: number[],
  options: (tokenId: string) => Record<string, unknown> = () => ({}),
): Promise<ChatMessage | null> {
  h.as(player);
  const token = h.placeToken(defender);
  h.target(player, token);
  h.dice.queue(...dice);
  const message = await game.gng.attack(attacker, weapon, options(token.id as string));
  await attackActionsSettled();
  return message ?? null;
}

async function fighter(): Promise<{ actor: Actor; sword: Item }> {
  const actor = await appendix3Fighter(h, player);
  return { actor, sword: actor.items.find((i) => i.name === 'Bastard sword') as Item };
}

describe('maneuvers against Reflex (001:163–183)', () => {
  it('trip: a hit knocks the target prone; no damage to roll', async () => {
    const defender = await trooper();
    const { actor, sword } = await fighter();
    const message = (await attack(actor, sword, defender, [4], () => ({
      saga: { maneuver: 'trip' },
    }))) as ChatMessage;
    // 4 + 9 = 13 against Reflex 13: a hit by 0.
    expect(target(message).defense).toMatchObject({ id: 'reflex', total: 13 });
    expect(target(message).result).toMatchObject({ hit: true, relativeDegree: 0 });
    expect(sagaLines(message)).toEqual(['Trip against Trooper: it works.', 'Trooper is knocked prone.']);
    expect(buttons(message)).toEqual([]);
    // Asked anyway (a hand-made request): refused, nothing rolled.
    h.as(gm);
    const refused = await requestCardAction(message.id as string, 'rollDamage', target(message).id);
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Model.Saga.Card.Refusal.maneuverNoDamage' });
    expect(target(message).damage).toBeNull();
  });

  it('bull rush: beats by 10 → 3 squares; a wall 1 square back stops 2: 2d6 on the card, applied and undone', async () => {
    const defender = await trooper();
    const { actor, sword } = await fighter();
    const message = (await attack(actor, sword, defender, [14, 3, 5], () => ({
      saga: { maneuver: 'bull-rush', wallAfter: 1 },
    }))) as ChatMessage;
    // 14 + 9 = 23 against 13: beats by 10 → 1 + 2 = 3 squares; moved 1, the wall stops 2: 2d6 = 3 + 5.
    expect(target(message).saga?.maneuver).toMatchObject({ squares: 1, wallDice: 2 });
    expect(sagaLines(message)).toEqual([
      'Bull rush against Trooper: it works.',
      'Trooper is pushed back 1 square(s); 5th-level fighter may follow and stop anywhere on the way.',
      'A wall stops Trooper: 2d6 damage (on this card).',
    ]);
    expect(target(message).damage).toMatchObject({ final: 8, lethal: 8, dice: [3, 5] });
    expect(buttons(message)).toEqual(['applyDamage']);
    await click(message, 'applyDamage');
    expect((defender.system as CreatureData).hp.value).toBe(12);
    await click(message, 'undoDamage');
    expect((defender.system as CreatureData).hp.value).toBe(20);
  });

  it('disarm: a miss by 5 or more disarms the attacker (improved cover: Reflex 23)', async () => {
    const defender = await trooper();
    const { actor, sword } = await fighter();
    const message = (await attack(actor, sword, defender, [5], (id) => ({
      saga: { maneuver: 'disarm', cover: { [id]: 'improved' } },
    }))) as ChatMessage;
    // 5 + 9 = 14 against 13 + 10 = 23: a miss by 9.
    expect(target(message).result).toMatchObject({ hit: false, relativeDegree: -9 });
    expect(sagaLines(message)).toEqual([
      'Disarm against Trooper: it fails.',
      'Missed by 5 or more: 5th-level fighter drops its own weapon.',
    ]);
  });

  it('feint: Bluff against the Will Defense (001:185)', async () => {
    const defender = await trooper();
    const { actor, sword } = await fighter();
    const message = (await attack(actor, sword, defender, [11], () => ({
      saga: { maneuver: 'feint' },
    }))) as ChatMessage;
    // d20 11 + Bluff −1 = 10 against Will 10: it works.
    expect(state(message).attack.parts).toEqual([{ label: 'GNG.Model.Saga.Maneuver.deception', value: -1 }]);
    expect(target(message).defense).toMatchObject({ id: 'will', total: 10 });
    expect(sagaLines(message)).toEqual([
      'Feint (Deception against Will) against Trooper: it works.',
      'Trooper loses its Dexterity to its Reflex Defense until its next turn.',
    ]);
  });

  it('sunder is refused (no object chart); a maneuver with a base attack under +1 provokes', async () => {
    const defender = await trooper();
    const { actor, sword } = await fighter();
    expect(await attack(actor, sword, defender, [10], () => ({ saga: { maneuver: 'sunder' } }))).toBeNull();
    expect(lastNotice()).toBe(
      "Sunder is not automated under these rules (the text's object chart is missing): nothing was rolled.",
    );
    const { thrower, javelin } = await throwerWithJavelin();
    const message = (await attack(thrower, javelin, defender, [19], () => ({
      saga: { maneuver: 'trip' },
    }))) as ChatMessage;
    expect(sagaLines(message)).toContain(
      "Thrower's base attack bonus is under +1: the maneuver provokes an attack of opportunity.",
    );
  });
});

async function throwerWithJavelin(): Promise<{ thrower: Actor; javelin: Item }> {
  const source = JSON.parse(readFileSync('packs/_source/weapons/srd-javelin.json', 'utf8')) as {
    name: string;
    type: string;
    system: Record<string, unknown>;
  };
  h.as(gm);
  const thrower = await h.createActor({ name: 'Thrower', type: 'npc' }, player);
  const [javelin] = (await thrower.createEmbeddedDocuments('Item', [
    { name: source.name, type: source.type, system: { ...source.system, equipped: true } },
  ])) as Item[];
  h.placeToken(thrower);
  return { thrower, javelin: javelin as Item };
}

describe('shooting into melee (001:149)', () => {
  it('careful: −5 on the roll', async () => {
    const defender = await trooper();
    const { thrower, javelin } = await throwerWithJavelin();
    const message = (await attack(thrower, javelin, defender, [18], () => ({
      saga: { intoMelee: 'careful' },
    }))) as ChatMessage;
    // 18 + 0 − 5 = 13 against 13: a hit by 0.
    expect(state(message).attack.total).toBe(13);
    expect(target(message).result).toMatchObject({ hit: true, relativeDegree: 0 });
    expect(sagaLines(message)).toEqual([]);
  });

  it('the risk taken: a miss by 5 or more hits someone engaged with the target; a closer miss does not', async () => {
    const defender = await trooper();
    const { thrower, javelin } = await throwerWithJavelin();
    const stray = (await attack(thrower, javelin, defender, [8], () => ({
      saga: { intoMelee: 'risk' },
    }))) as ChatMessage;
    // 8 against 13: a miss by 5.
    expect(target(stray).result).toMatchObject({ hit: false, relativeDegree: -5 });
    expect(sagaLines(stray)).toEqual([
      "Missed by 5 or more (or a natural 1) into melee: the shot hits someone engaged with Trooper instead (the GM's choice).",
    ]);
    const close = (await attack(thrower, javelin, defender, [9], () => ({
      saga: { intoMelee: 'risk' },
    }))) as ChatMessage;
    expect(target(close).result).toMatchObject({ hit: false, relativeDegree: -4 });
    expect(sagaLines(close)).toEqual([]);
  });
});
