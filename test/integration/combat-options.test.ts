/**
 * The core combat options GnG keeps (issue #18) at the table, on the harness: concealment's miss
 * chance rolled on the card before Defense, shooting into a melee (Precise Shot, Elusive Target),
 * fighting defensively and total defense as statuses whose dodge bonus enters every Defense roll until
 * the character's next turn, Defensive Strike's +4, two-weapon fighting's second exchange, the fire
 * modes a weapon cannot fire, and hand-written requests that claim what the dialog cannot make.
 *
 * Dice are queued in the order they are rolled: attack d20s, then each concealed target's d%, then
 * Defense d20s, then damage. Every expected number is worked out from the texts quoted at each test:
 * the d20 Modern core combat chapter (../shared/seeds/004_a3af305519612318.txt) and GnG v4.0
 * (../shared/seeds/000_069b83d2dcfb0732.txt). The Appendix 3 fighter: base attack +5, Str 18 (+4),
 * Dex 10 (+0), bastard sword +9 (1d10 + 4), Defense +4.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAGGER, SHORTBOW } from '../fixtures/weapons.js';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import type { HarnessCombat } from '../harness/documents.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { cardHelpers, forged, withFeats } from '../fixtures/cards.js';
import { attackActionsSettled, type CardActionResult } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { AttackOptions } from '../../src/cards/attack/attack-options.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const { takeTotalDefense } = await import('../../src/cards/attack/combat-options-card.js');
const { koboldWithDagger } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(18));
// Every string the options showed is in lang/en.json.
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const state = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;
const lastNotice = () => h.notices.at(-1)?.message;

/** An unowned NPC, Defense +0 (Dex 10, no class), its token `squares` squares right of the corner. */
async function dummy(name = 'Dummy', squares = 2): Promise<{ actor: Actor; token: Token }> {
  const actor = await h.createActor({ name, type: 'npc', system: { hp: { value: 10 } } });
  const token = h.placeToken(actor);
  Object.assign(token.document, { x: squares * 100, y: 0 });
  return { actor, token };
}

/** The player's fighter (token at the corner), with extra items. */
async function fighter(...items: Record<string, unknown>[]): Promise<Actor> {
  const actor = await appendix3Fighter(h, player);
  if (items.length) await actor.createEmbeddedDocuments('Item', items);
  h.placeToken(actor);
  return actor;
}

/** `actor` attacks `token` with `weapon` as the player; resolves with the card (or null: refused). */
async function attack(
  actor: Actor,
  weapon: Item,
  token: Token,
  dice: number[],
  options: AttackOptions = {},
): Promise<ChatMessage | null> {
  h.as(player);
  h.target(player, token);
  h.dice.queue(...dice);
  const message = await game.gng.attack(actor, weapon, options);
  await attackActionsSettled();
  return message;
}

/** The GM rolls the target's Defense with d20 = `natural`. */
async function rollDefense(message: ChatMessage, natural: number): Promise<void> {
  h.as(gm);
  h.dice.queue(natural);
  const { requestCardAction } = await import('../../src/cards/attack/attack-actions.js');
  const result = await requestCardAction(message.id as string, 'rollDefense', target(message).id);
  expect(result.ok).toBe(true);
  await attackActionsSettled();
}

describe('concealment and invisibility: the miss chance on the card, before Defense', () => {
  // Core "Table: Concealment": "One-half (shadows; dense fog at 5 ft.) 20%"; "Total (attacker blind;
  // total darkness …) 50% and must guess target's location". "If the attacker hits, the defender must
  // make a miss chance percentile roll … it doesn't matter … whether it's rolled before or after the
  // attack roll": we roll it first, and a d% at or under the chance misses.
  it('one-half concealment: d% 15 ≤ 20 — the attack misses, no Defense roll', async () => {
    const f = await fighter();
    const { token } = await dummy();
    const message = (await attack(f, sword(f), token, [10, 15], {
      concealment: { [token.id]: 'one-half' },
    })) as ChatMessage;
    // d20 10 + 9 = 19, but the d% 15 is within the 20% miss chance.
    expect(state(message).attack.total).toBe(19);
    expect(target(message).concealment).toEqual({
      degree: 'one-half',
      chance: 20,
      roll: 15,
      missed: true,
      mustGuessLocation: false,
    });
    expect(target(message).result).toEqual({ hit: false, relativeDegree: 0, automatic: true });
    expect(target(message).defense).toBeNull();
    const html = h.renderMessage(fresh(message));
    expect(html.querySelector('.concealment.concealment-miss')?.textContent).toBe(
      'Concealment One-half (20%): d% 15 against a 20% miss chance — the attack misses Dummy; no Defense roll.',
    );
    h.as(gm);
    expect(html.querySelector('button[data-action="rollDefense"]')).toBeNull();
    expect(fresh(message).rolls.map((r) => r.formula)).toEqual(['1d20 + 9', '1d100']);
  });

  it('one-half concealment: d% 21 > 20 — not missed, the exchange goes on to Defense', async () => {
    const f = await fighter();
    const { token } = await dummy();
    const message = (await attack(f, sword(f), token, [10, 21], {
      concealment: { [token.id]: 'one-half' },
    })) as ChatMessage;
    expect(target(message).concealment?.missed).toBe(false);
    expect(target(message).result).toBeNull();
    // Defense d20 12 + 0 = 12 against 19: a hit with RD 19 − 12 = 7.
    await rollDefense(message, 12);
    expect(target(message).result).toEqual({ hit: true, relativeDegree: 7, automatic: false });
  });

  it('an invisible defender has total concealment without any choice: 50% and must guess', async () => {
    const f = await fighter();
    const { actor, token } = await dummy();
    h.as(gm);
    await actor.toggleStatusEffect('invisible', { active: true });
    const message = (await attack(f, sword(f), token, [10, 50])) as ChatMessage;
    expect(target(message).concealment).toMatchObject({
      degree: 'total',
      chance: 50,
      roll: 50,
      missed: true,
    });
    expect(fresh(message).content).toContain('the attacker must guess the target');
  });

  it('no concealment: no d% is rolled', async () => {
    const f = await fighter();
    const { token } = await dummy();
    const message = (await attack(f, sword(f), token, [10])) as ChatMessage;
    expect(target(message).concealment).toBeUndefined();
    expect(fresh(message).rolls).toHaveLength(1);
  });

  it('GnG: no called shot against a target with any degree of concealment', async () => {
    // GnG CALLED SHOTS: "You may not perform Called Shots against targets with any degree of concealment."
    const f = await fighter();
    const { token } = await dummy();
    const message = await attack(f, sword(f), token, [10, 15], {
      concealment: { [token.id]: 'one-quarter' },
      calledShots: ['stun'],
    });
    expect(message).toBeNull();
    expect(lastNotice()).toContain('A called shot cannot be made against a target with any concealment.');
    expect(game.messages.size).toBe(0);
  });
});

describe('shooting or throwing into a melee', () => {
  // Core: "the character takes a –4 penalty on his or her attack roll". GnG Elusive Target: "other
  // opponents … take a -4 penalty. This penalty is in addition to the normal -4 penalty for firing into
  // melee, making the penalty to target you -8. Special: An opponent with the Precise Shot feat reduces
  // the total penalty to -4". The fighter's shortbow: base attack +5 + Dex +0 = +5.
  it.each([
    ['no option', false, [], [], 5],
    ['into melee', true, [], [], 5 - 4],
    ['into melee, Precise Shot', true, ['precise-shot'], [], 5],
    ['into melee, target with Elusive Target', true, [], ['elusive-target'], 5 - 8],
    ['into melee, Precise Shot against Elusive Target', true, ['precise-shot'], ['elusive-target'], 5 - 4],
  ] as const)(
    '%s: the attack bonus changes as the text says',
    async (_name, intoMelee, shooterFeats, targetFeats, bonus) => {
      const f = await withFeats(await fighter(SHORTBOW), [...shooterFeats]);
      const { actor, token } = await dummy();
      await withFeats(actor, [...targetFeats]);
      const bow = f.items.find((i) => i.name === 'Shortbow') as Item;
      const message = (await attack(
        f,
        bow,
        token,
        [10],
        intoMelee ? { intoMelee: true } : {},
      )) as ChatMessage;
      expect(state(message).attack.bonus).toBe(bonus);
      expect(state(message).attack.total).toBe(10 + bonus);
    },
  );

  it('is refused for a melee attack (the text speaks of shooting or throwing)', async () => {
    const f = await fighter();
    const { token } = await dummy();
    expect(await attack(f, sword(f), token, [10], { intoMelee: true })).toBeNull();
    expect(lastNotice()).toContain('Shooting or throwing into a melee is for ranged attacks only.');
  });

  it('the dialog ticks it when the target stands next to an ally of the shooter (token dispositions)', async () => {
    const f = await fighter(SHORTBOW);
    const { token } = await dummy('Orc', 3);
    const bow = f.items.find((i) => i.name === 'Shortbow') as Item;
    const friend = await h.createActor({ name: 'Friend', type: 'npc' });
    const ally = h.placeToken(friend);
    Object.assign(ally.document, { x: 400, y: 0, disposition: 1 }); // next to the orc (3 → 4 squares)
    Object.assign(f.getActiveTokens()[0]?.document as object, { disposition: 1 });
    Object.assign(token.document, { disposition: -1 });
    h.as(player);
    h.target(player, token);
    void AttackDialog.prompt(f, bow);
    const dialog = await vi.waitFor(() => {
      const app = h.openApplications().find((a) => a instanceof AttackDialog);
      if (!app) throw new Error('no dialog');
      return app as unknown as HarnessApplicationV2;
    });
    const box = dialog.element.querySelector<HTMLInputElement>('input[name="intoMelee"]');
    expect(box?.checked).toBe(true);
    expect(dialog.element.querySelector('.into-melee-hint')?.textContent).toBe(
      `Ticked: Orc is next to an ally of ${f.name}.`,
    );
    // +5 − 4 = +1 in the live total, the line among the parts.
    expect(dialog.element.querySelector('.attack-total')?.textContent).toBe('+1');
    expect(dialog.element.querySelector('.attack-lines')?.textContent).toContain(
      'Shooting or throwing into a melee',
    );
    await h.change(dialog, 'input[name="intoMelee"]', false);
    expect(dialog.element.querySelector('.attack-total')?.textContent).toBe('+5');
    await dialog.close();
  });

  it('the dialog leaves it unticked when the tokens carry no disposition', async () => {
    const f = await fighter(SHORTBOW);
    const { token } = await dummy('Orc', 3);
    const ally = h.placeToken(await h.createActor({ name: 'Friend', type: 'npc' }));
    Object.assign(ally.document, { x: 400, y: 0 });
    for (const t of [ally, token, f.getActiveTokens()[0]])
      delete (t?.document as unknown as { disposition?: number }).disposition;
    h.as(player);
    h.target(player, token);
    void AttackDialog.prompt(f, f.items.find((i) => i.name === 'Shortbow') as Item);
    const dialog = await vi.waitFor(() => {
      const app = h.openApplications().find((a) => a instanceof AttackDialog);
      if (!app) throw new Error('no dialog');
      return app as unknown as HarnessApplicationV2;
    });
    expect(dialog.element.querySelector<HTMLInputElement>('input[name="intoMelee"]')?.checked).toBe(false);
    await dialog.close();
  });
});

describe('fighting defensively and total defense', () => {
  // Core "Fighting Defensively": "a –4 penalty on all attacks in a round to gain a +2 dodge bonus to
  // Defense"; "Total Defense": "doesn't get to attack … but does get a +4 dodge bonus to his or her
  // Defense for 1 round". Issue #18: "their Defense bonuses in every Defense roll until the character's
  // next turn, as statuses". The fighter's Defense is +4.
  it('fighting defensively: −4 on the attack, then +2 in every Defense roll while the status lasts', async () => {
    const f = await fighter();
    const { token } = await dummy();
    const message = (await attack(f, sword(f), token, [10], { fightingDefensively: true })) as ChatMessage;
    expect(state(message).attack.bonus).toBe(9 - 4);
    expect(f.statuses.has('fighting-defensively')).toBe(true);
    expect(sys(f).derived.defense.melee.total).toBe(4 + 2);
    // A second attack in the round: the status keeps the −4 ("on all attacks in a round").
    const again = (await attack(f, sword(f), token, [10])) as ChatMessage;
    expect(state(again).attack.bonus).toBe(9 - 4);
    // The kobold (attack +0) attacks the fighter: Defense d20 10 + 4 + 2 = 16.
    h.as(gm);
    const { kobold, dagger } = await koboldWithDagger(otherPlayer);
    h.as(otherPlayer);
    h.target(otherPlayer, f.getActiveTokens()[0] as Token);
    h.dice.queue(10);
    const blow = (await game.gng.attack(kobold, dagger)) as ChatMessage;
    await attackActionsSettled();
    await rollDefense(blow, 10);
    expect(target(blow).defense?.total).toBe(16);
    expect(target(blow).result?.hit).toBe(false);
  });

  it('the status ends at the start of the character’s next turn, and the Defense is +4 again', async () => {
    const f = await fighter();
    h.as(gm);
    const { kobold } = await koboldWithDagger(otherPlayer);
    const { token } = await dummy();
    h.as(gm);
    const combat = h.startCombat([f, kobold]) as HarnessCombat;
    await combat.begin(); // round 1, the fighter's turn
    await attackActionsSettled();
    await attack(f, sword(f), token, [10], { fightingDefensively: true });
    h.as(gm);
    await combat.nextTurn(); // round 1, the kobold's turn: still fighting defensively
    await attackActionsSettled();
    expect(f.statuses.has('fighting-defensively')).toBe(true);
    await combat.nextTurn(); // round 2, the fighter's turn: it ends
    await attackActionsSettled();
    expect(f.statuses.has('fighting-defensively')).toBe(false);
    expect(sys(f).derived.defense.melee.total).toBe(4);
  });

  it('taking a firearm attack back takes its fighting defensively back too', async () => {
    const source = JSON.parse(readFileSync('packs/_source/weapons/d20m-autoloader-pistol.json', 'utf8')) as {
      name: string;
      type: string;
      system: Record<string, unknown>;
    };
    const f = await fighter({
      name: source.name,
      type: source.type,
      system: { ...source.system, equipped: true },
    });
    const pistol = f.items.find((i) => i.name === source.name) as Item;
    const { token } = await dummy();
    const message = (await attack(f, pistol, token, [10], { fightingDefensively: true })) as ChatMessage;
    expect(f.statuses.has('fighting-defensively')).toBe(true);
    h.as(player);
    const { requestCardAction } = await import('../../src/cards/attack/attack-actions.js');
    const result = await requestCardAction(message.id as string, 'undoAttack', target(message).id);
    await attackActionsSettled();
    expect(result.ok).toBe(true);
    expect(f.statuses.has('fighting-defensively')).toBe(false);
    expect(sys(f).derived.defense.melee.total).toBe(4);
  });

  it('total defense from the sheet: +4 to Defense, and no attack while it lasts', async () => {
    const f = await fighter();
    const { token } = await dummy();
    h.as(player);
    const sheet = await h.openSheet(f);
    await h.click(sheet as unknown as HarnessApplicationV2, 'button[data-action="totalDefense"]');
    expect(f.statuses.has('total-defense')).toBe(true);
    expect(sys(f).derived.defense.melee.total).toBe(4 + 4);
    expect(sys(f).derived.defense.ranged.total).toBe(4 + 4);
    expect(await attack(f, sword(f), token, [10])).toBeNull();
    expect(lastNotice()).toContain(`${f.name} is in total defense and does not get to attack`);
    expect(game.messages.size).toBe(0);
    // The dialog says so before anyone fills it in.
    h.target(player, token);
    void AttackDialog.prompt(f, sword(f));
    const dialog = await vi.waitFor(() => {
      const app = h.openApplications().find((a) => a instanceof AttackDialog);
      if (!app) throw new Error('no dialog');
      return app as unknown as HarnessApplicationV2;
    });
    expect(dialog.element.querySelector('.attack-notes')?.textContent).toContain('is in total defense');
    await dialog.close();
  });

  it('a flat-footed defender loses the dodge bonus with its Dexterity bonus (GnG Dodge)', async () => {
    // GnG DODGE: "A condition that makes you lose your Dexterity bonus … also makes you lose dodge bonuses".
    const f = await fighter();
    h.as(player);
    // Through the GM (the sheet's button): a status set by hand gives no dodge bonus (hostile-opportunity-options).
    expect(await takeTotalDefense(f)).toBe(true);
    const defending = sys(f).derived.defense.melee.total;
    await f.toggleStatusEffect('flat-footed', { active: true });
    const flat = sys(f).derived.defense.melee.total;
    await f.toggleStatusEffect('total-defense', { active: false });
    // The +4 is gone while flat-footed: the total is the same with or without total defense.
    expect(defending).toBe(8);
    expect(flat).toBe(sys(f).derived.defense.melee.total);
  });
});

describe('total defense through the GM (hostile-opportunity-options holes)', () => {
  // Core "Total Defense": "Instead of attacking, a character can use his or her attack action simply to
  // defend" — an action of its own turn. In a begun combat: refused on another's turn; on its own, the
  // turn's attack action is spent (a second attack action is then refused).
  it('in combat: refused on the kobold’s turn, taken on its own turn, spending the attack action', async () => {
    const f = await fighter();
    h.as(gm);
    const { kobold } = await koboldWithDagger(otherPlayer);
    const combat = h.startCombat([kobold, f]) as HarnessCombat;
    await combat.begin(); // round 1, the kobold's turn
    await attackActionsSettled();
    h.as(player);
    expect(await takeTotalDefense(f)).toBe(false);
    expect(lastNotice()).toBe(`Total defense takes ${f.name}'s attack action: only on his own turn.`);
    expect(f.statuses.has('total-defense')).toBe(false);
    h.as(gm);
    await combat.nextTurn(); // round 1, the fighter's turn
    await attackActionsSettled();
    h.as(player);
    expect(await takeTotalDefense(f)).toBe(true);
    // Defense +4, +4 dodge.
    expect(sys(f).derived.defense.melee.total).toBe(8);
    const { turnOf, combatantOf } = await import('../../src/combat/action-budget.js');
    expect(turnOf(combatantOf(f) as Combatant)?.attack).toBe(false);
    // The same status from the fighter's own hand gives nothing more, and the GM's stays one effect.
    expect(await takeTotalDefense(f)).toBe(true);
    expect(f.effects.filter((e) => e.statuses.has('total-defense'))).toHaveLength(1);
  });

  it('a status set by hand gives nothing; taken through the GM it replaces the hand-set one', async () => {
    const f = await fighter();
    h.as(player);
    await f.toggleStatusEffect('total-defense', { active: true });
    expect(f.statuses.has('total-defense')).toBe(true);
    expect(sys(f).derived.defense.melee.total).toBe(4);
    expect(await takeTotalDefense(f)).toBe(true);
    expect(f.effects.filter((e) => e.statuses.has('total-defense'))).toHaveLength(1);
    expect(sys(f).derived.defense.melee.total).toBe(8);
    // Removed (its next turn): the record of it goes too, a new hand-set one is worth nothing again.
    await f.toggleStatusEffect('total-defense', { active: false });
    await attackActionsSettled();
    await f.toggleStatusEffect('total-defense', { active: true });
    expect(sys(f).derived.defense.melee.total).toBe(4);
  });

  it('the defensive statuses are not offered in the token HUD', () => {
    const hud = (id: string) => CONFIG.statusEffects.find((s) => s.id === id)?.hud;
    expect(hud('fighting-defensively')).toBe(false);
    expect(hud('total-defense')).toBe(false);
    expect(hud('prone')).toBeUndefined();
  });
});

describe('Defensive Strike', () => {
  // GnG: "If an opponent makes a melee attack against you and misses while you are using the total
  // defense option, you can attack that opponent on your next turn … with a +4 bonus on your attack
  // roll. You gain no bonus against an opponent who does not attack you or … makes a successful attack."
  async function missedInTotalDefense(feats: string[]) {
    const f = await withFeats(await fighter(), feats);
    h.as(player);
    expect(await takeTotalDefense(f)).toBe(true);
    h.as(gm);
    const { kobold, dagger } = await koboldWithDagger(otherPlayer);
    const koboldToken = h.placeToken(kobold);
    Object.assign(koboldToken.document, { x: 100, y: 0 });
    h.as(otherPlayer);
    h.target(otherPlayer, f.getActiveTokens()[0] as Token);
    h.dice.queue(10);
    const blow = (await game.gng.attack(kobold, dagger)) as ChatMessage;
    await attackActionsSettled();
    // Kobold 10 + 0 = 10 against the fighter's 10 + 4 + 4 = 18: a miss.
    await rollDefense(blow, 10);
    expect(target(blow).result?.hit).toBe(false);
    h.as(player);
    await f.toggleStatusEffect('total-defense', { active: false }); // its next turn
    return { f, koboldToken };
  }

  it('+4 on the next attack against the opponent who missed, once', async () => {
    const { f, koboldToken } = await missedInTotalDefense(['defensive-strike']);
    const strike = (await attack(f, sword(f), koboldToken, [10])) as ChatMessage;
    expect(state(strike).attack.bonus).toBe(9 + 4);
    expect(state(strike).attack.parts.map((p) => p.label)).toContain('GNG.CombatOptions.DefensiveStrike');
    const next = (await attack(f, sword(f), koboldToken, [10])) as ChatMessage;
    expect(state(next).attack.bonus).toBe(9);
  });

  it('nothing without the feat', async () => {
    const { f, koboldToken } = await missedInTotalDefense([]);
    const strike = (await attack(f, sword(f), koboldToken, [10])) as ChatMessage;
    expect(state(strike).attack.bonus).toBe(9);
  });
});

describe('two-weapon fighting', () => {
  /** The Appendix 3 fighter carries an equipped large steel shield: put it away (a hand for a weapon). */
  const unshield = async (actor: Actor) => {
    const shield = actor.items.find((i) => i.type === 'shield') as Item;
    await shield.update({ 'system.equipped': false });
    return actor;
  };

  // Core "Attacking with Two Weapons": "–6 … primary hand and a –10 … off hand. … If the off-hand weapon
  // is light, the penalties are reduced by 2 each. … The Two-Weapon Fighting feat lessens the primary
  // hand penalty by 2, and the off-hand penalty by 6." GnG Off-Hand Weapons: "only 1/2 your Strength
  // bonus". Sword +9; dagger (light) +5 + 4 = +9, 1d4 + 4 (+2 in the off hand).
  it.each([
    ['light off hand', [], 9 - 4, 9 - 8],
    ['light off hand and the feat', ['two-weapon-fighting'], 9 - 2, 9 - 2],
  ] as const)(
    '%s: both hands’ penalties, the off hand as a second exchange',
    async (_name, feats, primary, off) => {
      const f = await unshield(await withFeats(await fighter(DAGGER), [...feats]));
      const dagger = f.items.find((i) => i.name === 'Dagger') as Item;
      const { token } = await dummy();
      const message = (await attack(f, sword(f), token, [10, 10], {
        offHand: dagger.id as string,
      })) as ChatMessage;
      const cards = game.messages.contents.filter((m) => cardState(m));
      expect(cards).toHaveLength(2);
      const offCard = cards[1] as ChatMessage;
      expect(state(message).attack.bonus).toBe(primary);
      expect(state(offCard).attack.bonus).toBe(off);
      expect(state(offCard).weapon).toMatchObject({ name: 'Dagger', grip: 'off-hand' });
      expect(state(offCard).offHand).toEqual({ primaryMessageId: message.id });
      // The off-hand exchange goes on by itself: Defense 1 (d20 1 + 0) — a hit; damage d4 3 + ½ × 4.
      await rollDefense(offCard, 1);
      h.dice.queue(3);
      const { requestCardAction } = await import('../../src/cards/attack/attack-actions.js');
      await requestCardAction(offCard.id as string, 'rollDamage', target(offCard).id);
      await attackActionsSettled();
      expect(target(offCard).damage?.steps.strength).toBe(2);
    },
  );

  it('the dialog offers the other weapon with both penalties, and submits it with the concealment', async () => {
    const f = await unshield(await fighter(DAGGER));
    const dagger = f.items.find((i) => i.name === 'Dagger') as Item;
    const { token } = await dummy();
    h.as(player);
    h.target(player, token);
    const result = AttackDialog.prompt(f, sword(f));
    const dialog = await vi.waitFor(() => {
      const app = h.openApplications().find((a) => a instanceof AttackDialog);
      if (!app) throw new Error('no dialog');
      return app as unknown as HarnessApplicationV2;
    });
    const choices = [...dialog.element.querySelectorAll('select[name="offHand"] option')].map((o) =>
      o.textContent?.trim(),
    );
    // Light off hand: −6 + 2 = −4 and −10 + 2 = −8.
    expect(choices).toContain('Dagger (primary -4, off hand -8)');
    await h.change(dialog, 'select[name="offHand"]', dagger.id as string);
    expect(dialog.element.querySelector('.attack-total')?.textContent).toBe('+5');
    await h.change(dialog, `select[name="concealment.${token.id}"]`, 'three-quarters');
    await h.click(dialog, 'button[type="submit"]');
    expect(await result).toMatchObject({ offHand: dagger.id, concealment: { [token.id]: 'three-quarters' } });
  });

  it('the off-hand weapon must be another equipped weapon of the attacker', async () => {
    const f = await unshield(await fighter());
    const { token } = await dummy();
    expect(await attack(f, sword(f), token, [10], { offHand: sword(f).id as string })).toBeNull();
    expect(lastNotice()).toContain('The off-hand weapon must be another equipped weapon of the attacker.');
  });
});

describe('fire modes the weapon cannot fire (issue #16 leftover)', () => {
  it('the dialog disables a burst for a semiautomatic pistol, with the reason', async () => {
    const source = JSON.parse(readFileSync('packs/_source/weapons/d20m-autoloader-pistol.json', 'utf8')) as {
      name: string;
      type: string;
      system: Record<string, unknown>;
    };
    const f = await fighter({
      name: source.name,
      type: source.type,
      system: { ...source.system, equipped: true },
    });
    const { token } = await dummy();
    const pistol = f.items.find((i) => i.name === source.name) as Item;
    h.as(player);
    h.target(player, token);
    void AttackDialog.prompt(f, pistol);
    const dialog = await vi.waitFor(() => {
      const app = h.openApplications().find((a) => a instanceof AttackDialog);
      if (!app) throw new Error('no dialog');
      return app as unknown as HarnessApplicationV2;
    });
    const options = [...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="fireMode"] option')];
    const burst = options.find((o) => o.value === 'burst');
    const pair = options.find((o) => o.value === 'accelerated-pair');
    expect(burst?.disabled).toBe(true);
    expect(burst?.textContent).toBe(
      `Single-target burst (not possible: Only weapons capable of fully automatic fire may perform bursts; ${source.name} is not.)`,
    );
    // Single and semiautomatic fire: an accelerated pair it can fire.
    expect(pair?.disabled).toBe(false);
    await dialog.close();
  });
});

describe('hand-written requests', () => {
  /** The player's own console sends a start request with `options` against the dummy's token. */
  async function start(options: Record<string, unknown>): Promise<{ result: CardActionResult; f: Actor }> {
    const f = await fighter();
    const { actor, token } = await dummy();
    const result = await forged(player, {
      action: 'start',
      actorUuid: f.uuid,
      weaponId: sword(f).id,
      options,
      targets: [{ tokenId: token.id, actorUuid: actor.uuid }],
    });
    await attackActionsSettled();
    return { result, f };
  }

  it.each([
    ['an invented concealment degree', (id: string) => ({ concealment: { [id]: 'seven-eighths' } })],
    ['concealment of a token not targeted', () => ({ concealment: { SomeOtherToken1: 'total' } })],
    ['a defensive bonus', () => ({ defensiveBonus: 4 })],
    ['a dodge claim', () => ({ fightingDefensively: true, dodge: 8 })],
    ['fighting defensively as text', () => ({ fightingDefensively: 'yes' })],
  ] as const)('%s is refused with a localized message and changes nothing', async (_name, make) => {
    const f = await fighter();
    const { actor, token } = await dummy();
    const result = await forged(player, {
      action: 'start',
      actorUuid: f.uuid,
      weaponId: sword(f).id,
      options: make(token.id),
      targets: [{ tokenId: token.id, actorUuid: actor.uuid }],
    });
    await attackActionsSettled();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe('GNG.Error.Attack.BadRequest');
    expect(game.i18n.localize(result.error)).not.toBe(result.error);
    expect(game.messages.size).toBe(0);
    expect([...f.statuses]).toEqual([]);
  });

  it('the same request with a real degree goes through', async () => {
    const { result } = await start({ fightingDefensively: true });
    expect(result.ok).toBe(true);
  });
});
