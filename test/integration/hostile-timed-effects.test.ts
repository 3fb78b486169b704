/**
 * Issue #28's card and trust loose ends played by a hostile player:
 * - a timed effect a GM's client put on a player's character (total defense, Tactical Aid's bonus, a
 *   fang spell on the world clock) stretched by its player editing the effect's duration, start or
 *   origin on the actor (or weapon) the player owns;
 * - the Undo of one card taking away a status another card still stands on (two Trips, two hits that
 *   leave the target dying);
 * - the "What if?" and the attack dialog showing odds to players when the world shows them to GMs only
 *   (or to nobody).
 *
 * Each test asserts the SAFE outcome. A test marked `it.fails` with a `// HOLE:` comment documents a
 * hole found when it was written: it asserts the safe behaviour and fails until the code is fixed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT, type HarnessCombat } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { withFeats } from '../fixtures/cards.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { takeTotalDefense } from '../../src/cards/attack/combat-options-card.js';
import {
  maneuverState,
  requestManeuverAction,
  type ManeuverCardState,
  type ManeuverTarget,
} from '../../src/cards/maneuver/maneuver-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { undoNoteLines } from '../../src/cards/kernel/undo-notes.js';

const h = await getHarness();
// Reads `foundry` when it loads: imported once the harness is up.
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const { gm, player, otherPlayer } = h.users;

beforeEach(() => h.reset(2828));
// Every string shown is in lang/en.json.
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;

/**
 * What a hostile player may write on an effect of an actor (or weapon) it owns to make it last: a
 * longer duration, a later start (ours and core's), another combat's start, another origin.
 */
const STRETCHES: [string, (combat: string) => Record<string, unknown>][] = [
  ['duration.rounds 99', () => ({ 'duration.rounds': 99 })],
  ['duration.turns 99', () => ({ 'duration.turns': 99 })],
  [
    'start round 50 (ours and core’s)',
    (combat) => ({
      'duration.startRound': 50,
      'duration.startTurn': 0,
      'flags.gng.start': { combat, round: 50, turn: 0 },
    }),
  ],
  [
    'start in another combat',
    () => ({ 'flags.gng.start': { combat: 'elsewhere000000', round: 1, turn: 0 } }),
  ],
  ['no start at all', () => ({ 'flags.gng.start': null, 'duration.startRound': null })],
  ['origin and duration together', () => ({ origin: 'Actor.elsewhere000000', 'duration.rounds': 50 })],
];

/* ========================================================================================== */

describe('a timed effect a GM granted ends when the GM said, whatever its player writes on it', () => {
  // Fixed HOLE: the conditions timer read the effect's own `duration` and `flags.gng.start`, which the
  // player of the actor may edit: total defense stretched to 99 rounds kept its +4 dodge bonus (the
  // grant in `gng.combatOptionRecords` only checked that the effect was still there). Fix: the timing
  // of an effect a GM's client made is kept in a GM-only record (src/combat/effect-timings.ts), and
  // the timer, the world clock and the grant read it.
  it.each(STRETCHES)(
    'total defense, stretched by its player (%s): gone at the start of its next turn, +4 with it',
    async (_what, stretch) => {
      h.as(gm);
      const fighter = await appendix3Fighter(h, player);
      const rogue = await appendix3Rogue(h, otherPlayer);
      const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
      await combat.begin(); // round 1, the fighter's turn
      await attackActionsSettled();
      const plain = sys(fighter).derived.defense.melee.total;
      h.as(player);
      expect(await takeTotalDefense(fighter)).toBe(true);
      expect(sys(fighter).derived.defense.melee.total).toBe(plain + 4);
      const effect = fighter.effects.find((e) => e.statuses.has('total-defense')) as ActiveEffect;
      await attackActionsSettled();
      // The player owns the fighter, so Foundry lets it write on the effect.
      await effect.update(stretch(combat.id as string));
      await attackActionsSettled();
      h.as(gm);
      await combat.nextTurn(); // round 1, the rogue's turn: still in total defense
      await attackActionsSettled();
      expect(fighter.statuses.has('total-defense')).toBe(true);
      await combat.nextTurn(); // round 2, the fighter's turn: it ends
      await attackActionsSettled();
      expect(fighter.statuses.has('total-defense')).toBe(false);
      expect(sys(fighter).derived.defense.melee.total).toBe(plain);
    },
  );

  it('a GM’s own change of the duration counts: total defense made to last a round more', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
    await combat.begin();
    await attackActionsSettled();
    h.as(player);
    expect(await takeTotalDefense(fighter)).toBe(true);
    await attackActionsSettled();
    h.as(gm);
    const effect = fighter.effects.find((e) => e.statuses.has('total-defense')) as ActiveEffect;
    await effect.update({ 'duration.rounds': 2 });
    await attackActionsSettled();
    await combat.nextRound(); // round 2, the fighter's turn: one round has passed of two
    await attackActionsSettled();
    expect(fighter.statuses.has('total-defense')).toBe(true);
    await combat.nextRound(); // round 3: two rounds
    await attackActionsSettled();
    expect(fighter.statuses.has('total-defense')).toBe(false);
  });

  // Fixed HOLE: Tactical Aid's bonus is an effect the GM's client puts on each ally for 2d4+1 rounds;
  // the ally's player stretched it and kept the bonus for good (same cause and fix as above).
  it.each(STRETCHES)(
    'Tactical Aid’s +2 on an ally, stretched by its player (%s): gone after its 3 rounds',
    async (_what, stretch) => {
      h.as(gm);
      const tactician = await h.createActor(
        {
          name: 'Tactician',
          type: 'character',
          system: {
            abilities: { int: { value: 14 } },
            skills: { knowledge: { ranks: 10 } },
            hp: { value: 10 },
          },
        },
        otherPlayer,
      );
      await tactician.createEmbeddedDocuments('Item', [
        { name: 'Fighter', type: 'class', system: { levels: 4 } },
      ]);
      await withFeats(tactician, ['tactical-aid']);
      const ally = await appendix3Fighter(h, player);
      for (const actor of [tactician, ally]) {
        const token = h.placeToken(actor).document as unknown as { update(c: object): Promise<unknown> };
        await token.update({ disposition: 1 });
      }
      const combat = h.startCombat([]) as HarnessCombat;
      combat.addCombatant(tactician, 20);
      combat.addCombatant(ally, 10);
      await combat.begin(); // round 1, the tactician's turn
      await attackActionsSettled();
      const melee = () => sys(ally).attack.bonuses.melee;
      const plain = melee();
      h.as(otherPlayer);
      // d20 18 + 12 = 30: DC 20 beaten by 10 → +2. Duration 2d4+1: 1 + 1 + 1 = 3 rounds.
      h.dice.queue(18, 1, 1);
      expect(await game.gng.tacticalAid(tactician, { bonusTo: 'attack' })).toMatchObject({ ok: true });
      await attackActionsSettled();
      expect(melee()).toBe(plain + 2);
      const effect = ally.effects.contents[0] as ActiveEffect;
      h.as(player);
      await effect.update(stretch(combat.id as string));
      await attackActionsSettled();
      h.as(gm);
      for (let round = 2; round <= 3; round++) {
        await combat.nextRound();
        await attackActionsSettled();
        expect(melee(), `round ${round}`).toBe(plain + 2);
      }
      await combat.nextRound(); // round 4, the tactician's turn: three rounds have passed
      await attackActionsSettled();
      expect(ally.effects.size).toBe(0);
      expect(melee()).toBe(plain);
    },
  );

  // Fixed HOLE: the world clock ended an effect at `flags.gng.startTime` (or core's start) +
  // `duration.seconds`, both on the effect: the owner of a wolf whose bite the GM's client enchanted
  // pushed them and the bite stayed armor piercing for good (same fix: the GM's record).
  it.each([
    ['duration.seconds a year', { 'duration.seconds': 31_536_000 }],
    ['start a day later', { 'flags.gng.startTime': 86_400, 'duration.startTime': 86_400 }],
    ['no start at all', { 'flags.gng.startTime': null, 'duration.startTime': null }],
    ['origin and seconds', { origin: 'Item.elsewhere000000', 'duration.seconds': 99_999 }],
  ] as const)(
    'a fang spell the GM put on another player’s wolf, stretched by its owner (%s): ends after 70 minutes',
    async (_what, stretch) => {
      h.as(gm);
      const druid = await h.createActor(
        { name: 'Druid', type: 'npc', system: { proficiencies: { weapons: { simple: true } } } },
        player,
      );
      const source = JSON.parse(
        readFileSync(join(ROOT, 'packs/_source/spells-powers/spell-armor-piercing-fang.json'), 'utf8'),
      ) as Record<string, unknown>;
      const [, fang] = (await druid.createEmbeddedDocuments('Item', [
        { name: 'Druid', type: 'class', system: { levels: 7 } },
        source,
      ])) as Item[];
      const wolf = await h.createActor({ name: 'Wolf', type: 'npc', system: {} }, otherPlayer);
      const [bite] = (await wolf.createEmbeddedDocuments('Item', [
        {
          name: 'Bite',
          type: 'weapon',
          system: { use: 'unarmed', damage: { medium: '1d6' }, equipped: true },
        },
      ])) as Item[];
      const bypass = () => ((bite as Item).system as unknown as { bypass: string }).bypass;
      h.as(player);
      expect(await game.gng.castWeaponSpell(druid, fang as Item, { weapons: [bite as Item] })).toMatchObject({
        seconds: 4200,
      });
      await attackActionsSettled();
      expect(bypass()).toBe('piercing');
      h.as(otherPlayer);
      await ((bite as Item).effects.contents[0] as ActiveEffect).update(stretch);
      await attackActionsSettled();
      h.as(gm);
      await game.time.advance(4199);
      await attackActionsSettled();
      expect(bypass()).toBe('piercing');
      await game.time.advance(1);
      await attackActionsSettled();
      expect((bite as Item).effects.size).toBe(0);
      expect(bypass()).toBe('none');
    },
  );

  it('an effect its player made on its own actor is the player’s to time (no GM record)', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    await fighter.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Blessed', img: 'icons/svg/aura.svg', duration: { seconds: 3600 } },
    ]);
    const effect = fighter.effects.contents[0] as ActiveEffect;
    await effect.update({ 'duration.seconds': 7200 });
    h.as(gm);
    await game.time.advance(3600);
    await attackActionsSettled();
    expect(fighter.effects.size).toBe(1);
    await game.time.advance(3600);
    await attackActionsSettled();
    expect(fighter.effects.size).toBe(0);
  });
});

/* ========================================================================================== */

const maneuver = (message: ChatMessage) => maneuverState(fresh(message)) as ManeuverCardState;
const maneuverTarget = (message: ChatMessage) => maneuver(message).targets[0] as ManeuverTarget;

describe('a status two cards set is held by both: undoing one leaves it to the other', () => {
  /** `otherPlayer`'s brute trips `defender` (check d20 10) and applies it. */
  async function trip(brute: Actor, defender: Actor): Promise<ChatMessage> {
    h.as(otherPlayer);
    h.target(otherPlayer, defender.getActiveTokens()[0] ?? h.placeToken(defender));
    h.dice.queue(10);
    const message = (await game.gng.maneuver(brute, 'trip')) as ChatMessage;
    await attackActionsSettled();
    expect(message).toBeTruthy();
    // The defender's owner answers the Trip first (no Maintain Footing): Apply waits for that answer.
    h.as(player);
    expect(
      await requestManeuverAction(message.id as string, 'declineFooting', maneuverTarget(message).id),
    ).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(await press(message, 'applyManeuver')).toMatchObject({ ok: true });
    return message;
  }

  async function press(message: ChatMessage, action: 'applyManeuver' | 'undoManeuver') {
    h.as(otherPlayer);
    const result = await requestManeuverAction(message.id as string, action, maneuverTarget(message).id);
    await attackActionsSettled();
    return result;
  }

  async function pair() {
    h.as(gm);
    const hero = await h.createActor(
      { name: 'Hero', type: 'npc', system: { hp: { value: 30 }, abilities: { con: { value: 30 } } } },
      player,
    );
    const brute = await h.createActor(
      { name: 'Brute', type: 'npc', system: { abilities: { str: { value: 14 } } } },
      otherPlayer,
    );
    return { hero, brute };
  }

  // Fixed HOLE: the second Trip found the hero prone already and recorded nothing; undoing the first
  // Trip deleted the only prone effect, which the second Trip still stood on. Fix: statuses the cards
  // set are held per step in a GM-only record (src/combat/status-holds.ts); a status goes when no step
  // holds it any more.
  it('Trip, Trip again, Undo the first: still prone; Undo the second: up', async () => {
    const { hero, brute } = await pair();
    const a = await trip(brute, hero);
    expect(hero.statuses.has('prone')).toBe(true);
    const b = await trip(brute, hero);
    expect(hero.effects.filter((e) => e.statuses.has('prone'))).toHaveLength(1);
    expect(await press(a, 'undoManeuver')).toMatchObject({ ok: true });
    expect(hero.statuses.has('prone')).toBe(true);
    // No notes (a typed card's schema keeps an empty list).
    expect(maneuverTarget(a).undoNotes ?? []).toEqual([]);
    expect(await press(b, 'undoManeuver')).toMatchObject({ ok: true });
    expect(hero.statuses.has('prone')).toBe(false);
    expect(hero.effects.size).toBe(0);
    // Nothing is left held; the record is the GM's: a player cannot write it.
    expect((game.settings.get('gng', 'statusHolds') as DataModel).toObject()).toEqual({ records: {} });
    h.as(player);
    await expect(
      game.settings.set('gng', 'statusHolds', {
        [hero.uuid]: { prone: { effect: 'x', created: true, holders: ['y'] } },
      }),
    ).rejects.toThrow();
  });

  it('Trip, Trip again, Undo the second then the first: prone until the last', async () => {
    const { hero, brute } = await pair();
    const a = await trip(brute, hero);
    const b = await trip(brute, hero);
    expect(await press(b, 'undoManeuver')).toMatchObject({ ok: true });
    expect(hero.statuses.has('prone')).toBe(true);
    expect(await press(a, 'undoManeuver')).toMatchObject({ ok: true });
    expect(hero.statuses.has('prone')).toBe(false);
  });

  it('the GM takes the prone off by hand: neither Undo puts it back, the one that set it says so', async () => {
    const { hero, brute } = await pair();
    const a = await trip(brute, hero);
    const b = await trip(brute, hero);
    h.as(gm);
    await hero.toggleStatusEffect('prone', { active: false });
    await attackActionsSettled();
    expect(await press(a, 'undoManeuver')).toMatchObject({ ok: true });
    expect(await press(b, 'undoManeuver')).toMatchObject({ ok: true });
    expect(hero.statuses.has('prone')).toBe(false);
    expect(maneuverTarget(a).undoNotes).toEqual([
      { key: 'GNG.Undo.Note.StatusGone', data: { name: 'Hero', status: { key: 'GNG.Status.prone' } } },
    ]);
    expect(undoNoteLines(maneuverTarget(a).undoNotes)).toEqual([
      'Hero no longer had the Prone this step set; nothing to remove.',
    ]);
    // No notes (a typed card's schema keeps an empty list).
    expect(maneuverTarget(b).undoNotes ?? []).toEqual([]);
  });

  it('a prone the GM set by hand before the Trips stays after both Undos', async () => {
    const { hero, brute } = await pair();
    h.as(gm);
    await hero.toggleStatusEffect('prone', { active: true });
    const a = await trip(brute, hero);
    const b = await trip(brute, hero);
    expect(await press(a, 'undoManeuver')).toMatchObject({ ok: true });
    expect(await press(b, 'undoManeuver')).toMatchObject({ ok: true });
    expect(hero.statuses.has('prone')).toBe(true);
  });

  /**
   * The fighter's tie hit on `defender` (RD 0) for `die` + 4, rolled but not applied (as undo.test.ts's
   * `tieHit`: both hits are rolled before the first makes the target helpless).
   */
  async function rolled(fighter: Actor, defender: Actor, die: number): Promise<ChatMessage> {
    h.as(player);
    h.target(player, defender.getActiveTokens()[0] ?? h.placeToken(defender));
    h.dice.queue(10);
    const message = (await game.gng.attack(fighter, sword(fighter), {})) as ChatMessage;
    await attackActionsSettled();
    const id = (cardState(fresh(message)) as AttackCardState).targets[0]?.id as string;
    h.as(gm);
    h.dice.queue(19);
    await requestCardAction(message.id as string, 'rollDefense', id);
    h.as(player);
    h.dice.queue(die);
    await requestCardAction(message.id as string, 'rollDamage', id);
    await attackActionsSettled();
    expect((cardState(fresh(message)) as AttackCardState).targets[0]?.damage?.final).toBe(die + 4);
    return message;
  }

  const hitStep = async (message: ChatMessage, action: 'applyDamage' | 'undoDamage') => {
    h.as(player);
    const target = (cardState(fresh(message)) as AttackCardState).targets[0] as CardTarget;
    expect(await requestCardAction(message.id as string, action, target.id)).toMatchObject({ ok: true });
    await attackActionsSettled();
  };

  // Fixed HOLE: the same through the HP pipeline every damage card shares (src/combat/hp-loss.ts): the
  // first hit makes the orc dying, the second keeps it dying; undoing the first took `dying` off an orc
  // still at −4 HP.
  it('two hits leave an orc dying; Undo of the first (still −4 HP) leaves it dying', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    const orc = await h.createActor({
      name: 'Orc',
      type: 'npc',
      system: { hp: { value: 1 }, abilities: { con: { value: 1 } } },
    });
    // 1 − (1 + 4) = −4: dying (a Medium creature dies at −10); −4 − 5 = −9: still dying.
    const a = await rolled(fighter, orc, 1);
    const b = await rolled(fighter, orc, 1);
    await hitStep(a, 'applyDamage');
    expect(orc.statuses.has('dying')).toBe(true);
    await hitStep(b, 'applyDamage');
    expect(sys(orc).hp.value).toBe(-9);
    await hitStep(a, 'undoDamage');
    expect(sys(orc).hp.value).toBe(-4);
    expect(orc.statuses.has('dying')).toBe(true);
    await hitStep(b, 'undoDamage');
    expect(sys(orc).hp.value).toBe(1);
    expect(orc.statuses.has('dying')).toBe(false);
  });

  it('two hits leave an orc dying; Undo of the first brings it to 0 HP: no longer dying', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    const orc = await h.createActor({
      name: 'Orc',
      type: 'npc',
      system: { hp: { value: 5 }, abilities: { con: { value: 5 } } },
    });
    // 5 − 6 = −1: dying; −1 − 5 = −6. Undo of the first: −6 + 6 = 0 — the HP no longer call for dying.
    const a = await rolled(fighter, orc, 2);
    const b = await rolled(fighter, orc, 1);
    await hitStep(a, 'applyDamage');
    await hitStep(b, 'applyDamage');
    expect(sys(orc).hp.value).toBe(-6);
    await hitStep(a, 'undoDamage');
    expect(sys(orc).hp.value).toBe(0);
    expect(orc.statuses.has('dying')).toBe(false);
    await hitStep(b, 'undoDamage');
    expect(sys(orc).hp.value).toBe(5);
    expect(orc.statuses.has('dying')).toBe(false);
  });
});

/* ========================================================================================== */

describe('who sees odds: every view follows the world setting', () => {
  /** The player's fighter hits the other player's orc (RD 14); the orc holds a club to Block with. */
  async function hitOnOrc(): Promise<ChatMessage> {
    h.as(gm);
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } }, otherPlayer);
    await orc.createEmbeddedDocuments('Item', [
      {
        name: 'Club',
        type: 'weapon',
        system: { equipped: true, use: 'one-handed', damage: { medium: '1d6' } },
      },
    ]);
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    h.target(player, h.placeToken(orc));
    h.dice.queue(10);
    const message = (await game.gng.attack(fighter, sword(fighter), {})) as ChatMessage;
    await attackActionsSettled();
    const target = (cardState(fresh(message)) as AttackCardState).targets[0] as CardTarget;
    h.as(otherPlayer);
    h.dice.queue(5);
    await requestCardAction(message.id as string, 'rollDefense', target.id);
    await attackActionsSettled();
    expect((cardState(fresh(message)) as AttackCardState).targets[0]?.result).toMatchObject({ hit: true });
    return message;
  }

  // The odds are loaded on first use (src/on-demand.ts) and drawn into the card once loaded.
  const whatIfFor = async (message: ChatMessage, user: User) => {
    h.as(user);
    const html = h.renderMessage(fresh(message));
    await attackActionsSettled();
    return html.querySelectorAll('.attack-what-if').length;
  };

  const whatIfCase = async (mode: string, seen: readonly number[]) => {
    h.as(gm);
    await game.settings.set('gng', 'showOdds', mode);
    const message = await hitOnOrc();
    const seenBy: number[] = [];
    for (const user of [player, otherPlayer, gm]) seenBy.push(await whatIfFor(message, user));
    expect(seenBy).toEqual(seen);
  };

  it.each([
    ['everyone', [0, 1, 1]],
    ['attacker', [0, 1, 1]],
    ['off', [0, 0, 0]],
  ] as const)('“%s”: the “What if?” is shown to attacker’s player, defender’s player, GM: %j', whatIfCase);

  // Fixed HOLE: "GM only" still showed the defender's player the "What if?" percentages
  // (attack-odds-what-if.ts checked only for "off"). Fix: one rule for every odds view
  // (src/cards/attack/odds-visibility.ts `oddsShownTo`).
  it.each([['gm', [0, 0, 1]]] as const)(
    '“%s”: the “What if?” is shown to attacker’s player, defender’s player, GM: %j',
    whatIfCase,
  );

  async function dialogOdds(user: User, actor: Actor): Promise<number> {
    h.as(user);
    h.target(user, h.placeToken(await h.createActor({ name: 'Goblin', type: 'npc', system: {} })));
    h.as(user);
    void AttackDialog.prompt(actor, sword(actor));
    const dialog = await vi.waitFor(() => {
      const app = h.openApplications().find((a) => a instanceof AttackDialog);
      if (!app) throw new Error('no dialog');
      return app as unknown as HarnessApplicationV2;
    });
    const shown = dialog.element.querySelectorAll('.attack-odds').length;
    await dialog.close();
    return shown;
  }

  const dialogCase = async (mode: string, seen: readonly number[]) => {
    h.as(gm);
    await game.settings.set('gng', 'showOdds', mode);
    const fighter = await appendix3Fighter(h, player);
    expect([await dialogOdds(player, fighter), await dialogOdds(gm, fighter)]).toEqual(seen);
  };

  it.each([
    ['everyone', [1, 1]],
    ['attacker', [1, 1]],
  ] as const)('“%s”: the attack dialog shows odds to the player, the GM: %j', dialogCase);

  // Fixed HOLE: the attack dialog always showed its user the odds, also when the world showed them to
  // GMs only or to nobody. Fix: the dialog draws its odds section only for a user the setting shows
  // odds to (`oddsShownTo(user, 'dialog', attacker)`).
  it.each([
    ['gm', [0, 1]],
    ['off', [0, 0]],
  ] as const)('“%s”: the attack dialog shows odds to the player, the GM: %j', dialogCase);
});
