/**
 * What landed for issues #16 and #18 played by a hostile player: the attack-of-opportunity card for
 * the foes a shot does not target, the combat options (concealment, fighting defensively, total
 * defense, Defensive Strike, the off-hand attack), damage reduction and energy resistance, the
 * Appendix 6 properties at Apply and Undo (Vicious, Wounding, Break Weapon's object hit points), and
 * names full of HTML on the new card lines.
 *
 * Each test asserts the SAFE outcome: refused with a localized message (nothing unexpected thrown on
 * the GM's client: no console error, no "the action failed" answer) and nothing changed, or the right
 * outcome. A test marked `it.fails` with a `// HOLE:` comment documents a hole found when it was
 * written: it asserts the safe behaviour and fails until the code is fixed.
 */
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { cardHelpers, forged, fromConsole } from '../fixtures/cards.js';
import { useErrorGuard, worldState, refused, onlyOnce } from '../fixtures/hostile.js';
import { tokenHelpers } from '../fixtures/tokens.js';
import { bladeWielder } from '../fixtures/blade-wielder.js';
import { DAGGER } from '../fixtures/weapons.js';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';
import {
  ATTACK_QUERY,
  attackActionsSettled,
  requestCardAction,
  type CardActionResult,
} from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import {
  opportunityCardOf,
  type OpportunityCardState,
  type OpportunityThreatener as OpportunityThreatenerView,
} from '../../src/cards/opportunity/opportunity-state.js';
import { OPPORTUNITY_QUERY, opportunityCard } from '../../src/cards/opportunity/opportunity-actions.js';
import { takeTotalDefense } from '../../src/cards/attack/combat-options-card.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { undoNoteLines } from '../../src/cards/kernel/undo-notes.js';

const h = await getHarness();
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const { click } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;

useErrorGuard(h, 1818);

const FRIENDLY = 1;
const HOSTILE = -1;
const XSS = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(1)</script>';

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const state = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const attackCards = () => game.messages.contents.filter((m) => cardState(m) !== null);
const opportunityCards = () => game.messages.contents.filter((m) => opportunityCardOf(m) !== null);
const oppState = (message: ChatMessage) => opportunityCardOf(fresh(message)) as OpportunityCardState;

const world = () => worldState();

/** No element that could run script in `html` (the payload shows as text). */
function inert(html: Element): void {
  expect(html.querySelectorAll('img, script, [onerror]').length).toBe(0);
}

const pistol = () => {
  const source = JSON.parse(readFileSync('packs/_source/weapons/d20m-autoloader-pistol.json', 'utf8')) as {
    name: string;
    type: string;
    system: Record<string, unknown>;
  };
  return { name: source.name, type: source.type, system: { ...source.system, equipped: true } };
};

const { place } = tokenHelpers(h);

/** An NPC with 60 HP and a dagger (owned by `owner` when given), its token at (`col`, `row`). */
async function creature(
  name: string,
  col: number,
  row: number,
  disposition: number,
  owner?: User,
): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor(
    { name, type: 'npc', system: { hp: { value: 60 }, abilities: { con: { value: 60 } } } },
    owner,
  );
  await actor.createEmbeddedDocuments('Item', [DAGGER]);
  await place(actor, col, row, disposition);
  return actor;
}

/**
 * The player's friendly shooter with a pistol at (0, 0), a hostile target 30 ft away, and a hostile
 * goblin beside the shooter owned by `goblinOwner`; the shooter fires, so the goblin is offered its
 * attack of opportunity on a card of its own.
 */
async function provoked(goblinOwner?: User, goblinName = 'Goblin') {
  h.as(gm);
  const shooter = await h.createActor({ name: 'Shooter', type: 'npc' }, player);
  const [gun] = (await shooter.createEmbeddedDocuments('Item', [pistol()])) as Item[];
  await place(shooter, 0, 0, FRIENDLY);
  const far = await creature('Far Orc', 6, 0, HOSTILE);
  const goblin = await creature(goblinName, 1, 0, HOSTILE, goblinOwner);
  h.as(player);
  h.target(player, ...far.getActiveTokens());
  h.dice.queue(15);
  const shot = (await game.gng.attack(shooter, gun as Item, {})) as ChatMessage;
  await attackActionsSettled();
  const card = opportunityCards().at(-1) as ChatMessage;
  expect(card).toBeDefined();
  const tokenId = goblin.getActiveTokens()[0]?.id as string;
  return { shooter, goblin, card, tokenId, shot };
}

/* ========================================================================================== */

describe('the attack-of-opportunity card', () => {
  it("a player answering another player's foe: refused, the card unchanged, no attack", async () => {
    const { card, tokenId } = await provoked(otherPlayer);
    const before = world();
    const attacks = attackCards().length;
    h.as(player);
    refused(
      await opportunityCard.request(card.id as string, 'opportunityTake', tokenId),
      'GNG.Opportunity.Error.NotOwner',
    );
    refused(
      await opportunityCard.request(card.id as string, 'opportunityDecline', tokenId),
      'GNG.Opportunity.Error.NotOwner',
    );
    // The same from the console, naming the other player as the one who took it.
    refused(
      await fromConsole(OPPORTUNITY_QUERY, {
        messageId: card.id,
        action: 'opportunityTake',
        target: tokenId,
        takenBy: otherPlayer.id,
      }),
      'GNG.Error.Card.BadRequest',
    );
    // Without the kernel's envelope, claiming to be its owner: nobody proves the sender.
    const bare = (await game.users.activeGM?.query(OPPORTUNITY_QUERY, {
      messageId: card.id,
      action: 'opportunityTake',
      target: tokenId,
      userId: otherPlayer.id,
      requestId: 'x'.repeat(32),
    })) as CardActionResult;
    refused(bare);
    expect(world()).toBe(before);
    expect(attackCards().length).toBe(attacks);
    // The player sees no button for it.
    const html = h.renderMessage(fresh(card));
    expect(html.querySelectorAll('button[data-action]').length).toBe(0);
  });

  it('Take and Decline pressed at once by its owner: exactly one answer is recorded', async () => {
    const { card, tokenId } = await provoked(otherPlayer);
    h.as(otherPlayer);
    await onlyOnce(
      [
        opportunityCard.request(card.id as string, 'opportunityTake', tokenId),
        opportunityCard.request(card.id as string, 'opportunityDecline', tokenId),
        opportunityCard.request(card.id as string, 'opportunityTake', tokenId),
      ],
      'GNG.Opportunity.Error.Answered',
    );
    await attackActionsSettled();
    const answer = oppState(card).threateners[0] as OpportunityThreatenerView;
    expect([answer.takenBy, answer.declinedBy].filter((v) => v !== null)).toEqual([otherPlayer.id]);
  });

  it('its owner takes it, then presses again: one attack against the shooter, the rest refused', async () => {
    const { card, tokenId, goblin, shooter } = await provoked(otherPlayer);
    const attacks = attackCards().length;
    h.as(otherPlayer);
    h.dice.queue(12);
    await click(card, 'opportunityTake');
    const again = await Promise.all([
      opportunityCard.request(card.id as string, 'opportunityTake', tokenId),
      opportunityCard.request(card.id as string, 'opportunityTake', tokenId),
    ]);
    for (const r of again) refused(r, 'GNG.Opportunity.Error.Answered');
    refused(
      await opportunityCard.request(card.id as string, 'opportunityDecline', tokenId),
      'GNG.Opportunity.Error.Answered',
    );
    await attackActionsSettled();
    expect(oppState(card).threateners[0]).toMatchObject({ takenBy: otherPlayer.id, declinedBy: null });
    const made = attackCards().slice(attacks);
    expect(made).toHaveLength(1);
    expect(state(made[0] as ChatMessage).attacker.actorUuid).toBe(goblin.uuid);
    expect(state(made[0] as ChatMessage).targets[0]?.actorUuid).toBe(shooter.uuid);
    // No button is left to press.
    expect(h.renderMessage(fresh(card)).querySelectorAll('button[data-action]').length).toBe(0);
  });

  it('forging: a player-made card, a player editing the GM card, a state naming its own actor', async () => {
    const { card, tokenId, shooter } = await provoked(otherPlayer);
    const before = world();
    h.as(player);
    // The player's own message with the card's flags, its threatener swapped for the player's shooter.
    const fake = (await ChatMessage.create({
      content: 'x',
      flags: {
        gng: {
          type: 'opportunityCard',
          opportunity: {
            ...oppState(card),
            shooterUuid: (game.actors.getName('Far Orc') as Actor).uuid,
            threateners: [{ ...oppState(card).threateners[0], actorUuid: shooter.uuid }],
          },
        },
      },
    })) as ChatMessage;
    refused(
      await opportunityCard.request(fake.id as string, 'opportunityTake', tokenId),
      'GNG.Opportunity.Error.NoCard',
    );
    // The GM's card cannot be written by the player (Foundry: only its author and GMs).
    await expect(
      fresh(card).update({
        'system.threateners': [{ ...oppState(card).threateners[0], takenBy: null, actorUuid: shooter.uuid }],
      }),
    ).rejects.toThrow();
    // A made-up message id, a target the card does not name, an unknown action.
    refused(
      await opportunityCard.request('doesnotexist0000', 'opportunityTake', tokenId),
      'GNG.Opportunity.Error.NoCard',
    );
    refused(
      await opportunityCard.request(card.id as string, 'opportunityTake', 'notAToken0000000'),
      'GNG.Error.Card.BadRequest',
    );
    refused(
      await fromConsole(OPPORTUNITY_QUERY, {
        messageId: card.id,
        action: 'opportunityUndo',
        target: tokenId,
      }),
      'GNG.Error.Card.BadRequest',
    );
    await fake.delete();
    expect(world()).toBe(before);
  });

  it('taken by a foe that has since fallen unconscious or dropped its weapon: refused, nothing recorded', async () => {
    const { card, tokenId, goblin } = await provoked(otherPlayer);
    h.as(gm);
    await goblin.toggleStatusEffect('unconscious', { active: true });
    const attacks = attackCards().length;
    h.as(otherPlayer);
    refused(
      await opportunityCard.request(card.id as string, 'opportunityTake', tokenId),
      'GNG.Opportunity.Error.CannotTake',
    );
    h.as(gm);
    await goblin.toggleStatusEffect('unconscious', { active: false });
    await goblin.deleteEmbeddedDocuments(
      'Item',
      goblin.items.map((i) => i.id as string),
    );
    h.as(otherPlayer);
    refused(
      await opportunityCard.request(card.id as string, 'opportunityTake', tokenId),
      'GNG.Opportunity.Error.CannotTake',
    );
    await attackActionsSettled();
    expect(oppState(card).threateners[0]).toMatchObject({ takenBy: null, declinedBy: null });
    expect(attackCards().length).toBe(attacks);
  });

  // Fixed HOLE: Undo is the exact inverse of one step, but taking the shot back (the firearm's
  // `undoAttack`: its rounds return, the card says it had no effect) leaves the attack-of-opportunity
  // card it provoked open: the foe still gets its free attack against a shot that was never fired.
  // Fix: src/cards/opportunity/opportunity-actions.ts `answer().available` (and the render) also checks
  // that the source card (`state.source`) is not withdrawn (`cardState(source).fire?.withdrawn`),
  // refusing with a new key such as GNG.Opportunity.Error.Withdrawn; or the attack card's
  // `undoAttack` run (src/cards/attack/attack-actions.ts) closes the opportunity cards whose source it is.
  it('the shot taken back: its attack-of-opportunity card no longer offers the attack', async () => {
    const { card, tokenId, shot } = await provoked(otherPlayer);
    h.as(player);
    const withdrawn = await requestCardAction(shot.id as string, 'undoAttack', target(shot).id);
    await attackActionsSettled();
    expect(withdrawn.ok).toBe(true);
    const attacks = attackCards().length;
    h.as(otherPlayer);
    refused(
      await opportunityCard.request(card.id as string, 'opportunityTake', tokenId),
      'GNG.Opportunity.Error.Withdrawn',
    );
    expect(oppState(card).threateners[0]?.takenBy).toBeNull();
    expect(attackCards().length).toBe(attacks);
    // Its owner is shown no button to press any more.
    expect(h.renderMessage(fresh(card)).querySelectorAll('button[data-action]').length).toBe(0);
  });

  // Fixed HOLE: a creature in total defense "doesn't get to attack", and the attack card refuses its attack
  // (GNG.CombatOptions.Refusal.TotalDefense) — but the opportunity card's check
  // (`mayTakeOpportunity`: awake, able, armed) lets its owner take the attack of opportunity: the
  // answer "takes the attack of opportunity" is recorded for good while no attack is made (the
  // asking client's `startAttack` is refused afterwards). Fix: src/cards/opportunity/opportunity-start.ts
  // `mayTakeOpportunity` also refuses a creature with the `total-defense` status (and
  // `threatenersOf` leaves it out), so the take is refused with GNG.Opportunity.Error.CannotTake.
  it('a foe in total defense cannot take it: refused, no answer recorded', async () => {
    const { card, tokenId, goblin } = await provoked(otherPlayer);
    h.as(otherPlayer);
    await goblin.toggleStatusEffect('total-defense', { active: true });
    const attacks = attackCards().length;
    const result = await opportunityCard.request(card.id as string, 'opportunityTake', tokenId);
    await attackActionsSettled();
    expect(attackCards().length).toBe(attacks);
    expect(oppState(card).threateners[0]?.takenBy).toBeNull();
    refused(result, 'GNG.Opportunity.Error.CannotTake');
  });

  it('names full of HTML (token and shooter) are shown as text on the card', async () => {
    h.as(gm);
    const shooter = await h.createActor({ name: SCRIPT, type: 'npc' }, player);
    const [gun] = (await shooter.createEmbeddedDocuments('Item', [pistol()])) as Item[];
    await place(shooter, 0, 0, FRIENDLY);
    const far = await creature('Far Orc', 6, 0, HOSTILE);
    const goblin = await creature('Goblin', 1, 0, HOSTILE, otherPlayer);
    // The token's own name (the GM may name a token anything; the harness keeps it as data).
    Object.assign((goblin.getActiveTokens()[0] as Token).document, { name: XSS });
    h.as(player);
    h.target(player, ...far.getActiveTokens());
    h.dice.queue(15);
    await game.gng.attack(shooter, gun as Item, {});
    await attackActionsSettled();
    const card = opportunityCards().at(-1) as ChatMessage;
    expect(oppState(card).threateners[0]?.name).toBe(XSS);
    for (const user of [gm, otherPlayer, player]) {
      h.as(user);
      const html = h.renderMessage(fresh(card));
      inert(html);
      expect(html.textContent).toContain(XSS);
      expect(html.textContent).toContain(SCRIPT);
    }
    // After the answer, the recorded line too.
    h.as(otherPlayer);
    await click(card, 'opportunityDecline');
    const html = h.renderMessage(fresh(card));
    inert(html);
    expect(html.textContent).toContain(`${XSS} lets the chance pass.`);
  });
});

/* ========================================================================================== */

const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;

/** The player's Appendix 3 fighter (attack +9 with the bastard sword, Defense +4), token at the corner. */
async function fighter(...items: Record<string, unknown>[]): Promise<Actor> {
  h.as(gm);
  const actor = await appendix3Fighter(h, player);
  if (items.length) await actor.createEmbeddedDocuments('Item', items);
  h.placeToken(actor);
  return actor;
}

/** An unowned NPC (10 HP, Defense +0), its token `squares` squares right of the corner. */
async function dummy(name = 'Dummy', squares = 1): Promise<{ actor: Actor; token: Token }> {
  h.as(gm);
  const actor = await h.createActor({ name, type: 'npc', system: { hp: { value: 10 } } });
  const token = h.placeToken(actor);
  Object.assign(token.document, { x: squares * 100, y: 0 });
  return { actor, token };
}

/** A start request typed into `user`'s console. */
function start(user: User, actor: Actor, weaponId: string, token: Token, options: Record<string, unknown>) {
  return forged(user, {
    action: 'start',
    actorUuid: actor.uuid,
    weaponId,
    options,
    targets: [{ tokenId: token.id, actorUuid: (token.actor as Actor).uuid }],
  });
}

describe('combat options: concealment, defensive statuses, Defensive Strike', () => {
  it('a concealment degree or miss-chance roll written by hand is refused; nothing is rolled or posted', async () => {
    const f = await fighter();
    const { token } = await dummy();
    const before = world();
    h.as(player);
    for (const options of [
      { concealment: { [token.id]: 'seven-eighths' } },
      { concealment: { [token.id]: { degree: 'total', roll: 1, missed: false } } },
      { concealment: { [token.id]: 'one-half' }, concealmentRoll: 99 },
      { concealment: { [token.id]: 'one-half' }, missChance: 0 },
      { concealment: JSON.parse(`{"__proto__": "total"}`) as Record<string, unknown> },
      { concealment: { [`${token.id}<img>`]: 'total' } },
      { concealment: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`tok${i}`, 'total'])) },
      { concealment: [token.id] },
      { concealment: 'total' },
    ]) {
      const queued = h.dice.queued.length;
      refused(await start(player, f, sword(f).id as string, token, options), 'GNG.Error.Attack.BadRequest');
      expect(h.dice.queued.length).toBe(queued);
    }
    // A concealment result written into the target list of the start request: refused too.
    refused(
      await forged(player, {
        action: 'start',
        actorUuid: f.uuid,
        weaponId: sword(f).id,
        targets: [
          { tokenId: token.id, actorUuid: (token.actor as Actor).uuid, concealment: { missed: true } },
        ],
      }),
      'GNG.Error.Attack.BadRequest',
    );
    expect(world()).toBe(before);
  });

  it('total defense or fighting defensively on an actor the player does not own: refused, no status', async () => {
    h.as(gm);
    const { kobold, dagger } = await cardHelpers(h).koboldWithDagger(otherPlayer);
    h.placeToken(kobold);
    const { token } = await dummy('Dummy', 2);
    const before = world();
    h.as(player);
    // The sheet's button path on someone else's actor.
    expect(await takeTotalDefense(kobold)).toBe(false);
    // The status straight on the document: Foundry refuses a non-owner.
    await expect(kobold.toggleStatusEffect('total-defense', { active: true })).rejects.toThrow();
    await expect(
      kobold.createEmbeddedDocuments('ActiveEffect', [
        {
          name: 'Dodge',
          statuses: ['fighting-defensively'],
          changes: [{ key: 'system.defense.bonuses.dodge', mode: 2, value: '8' }],
        },
      ]),
    ).rejects.toThrow();
    // An attack of the kobold (so that fighting defensively would put its status on it).
    refused(await start(player, kobold, dagger.id as string, token, { fightingDefensively: true }));
    expect(world()).toBe(before);
    expect(kobold.statuses.has('total-defense')).toBe(false);
    expect(kobold.statuses.has('fighting-defensively')).toBe(false);
  });

  // Fixed HOLE: total defense ("Instead of attacking, a character can use his or her attack action simply to
  // defend") is a status the owner sets at any time from the sheet (takeTotalDefense) or the token HUD:
  // no turn, no attack action spent, and the Defense roll reads whatever statuses the defender has
  // when it is rolled. The defender sees the attack roll on the card, takes total defense, rolls
  // Defense at +4, then drops it. Fix: src/cards/attack/combat-options-card.ts `takeTotalDefense`
  // becomes a GM query (like Quick Stand) that checks the actor's turn and spends its attack action,
  // and src/data/actor/derive-creature.ts `defensiveDodge` counts only a defensive effect the GM made
  // (flags.gng.combatOption written GM-side), or src/cards/attack/attack-steps.ts `rollDefense`
  // ignores a defensive effect created after the card.
  it('total defense taken after the attack roll is on the card does not raise that Defense roll', async () => {
    const f = await fighter();
    h.as(gm);
    const { kobold, dagger } = await cardHelpers(h).koboldWithDagger(otherPlayer);
    const kt = h.placeToken(kobold);
    Object.assign(kt.document, { x: 100, y: 0 });
    h.as(otherPlayer);
    h.target(otherPlayer, f.getActiveTokens()[0] as Token);
    h.dice.queue(15);
    const blow = (await game.gng.attack(kobold, dagger)) as ChatMessage;
    await attackActionsSettled();
    // Kobold: d20 15 + 0 (Str 9 −1, small +1) = 15. The fighter's player sees it and defends.
    h.as(player);
    await takeTotalDefense(f);
    h.as(gm);
    h.dice.queue(10);
    const result = await requestCardAction(blow.id as string, 'rollDefense', target(blow).id);
    await attackActionsSettled();
    expect(result.ok).toBe(true);
    // Safe: d20 10 + Defense 4 = 14 < 15, hit; not 10 + 4 + 4 = 18.
    expect(target(blow).defense?.total).toBe(14);
    expect(target(blow).result?.hit).toBe(true);
  });

  // Fixed HOLE: Defensive Strike's record is kept on the defender's own actor flags
  // (`flags.gng.defensiveStrike`), which its owner may write: the player names any opponent and gets
  // +4 against it without ever being missed in total defense. docs/architecture.md: what the GM keeps
  // between steps lives where only a GM writes. Fix: src/cards/attack/combat-options-card.ts
  // `recordDefensiveStrike` / `spendDefensiveStrike` and combat-options-lines.ts
  // `defensiveStrikeRecord` keep the record in the Combat's flags or a world setting (as the action
  // budget and care records are), never on the actor.
  it('a Defensive Strike record written by the player on its own actor gives no +4', async () => {
    const f = await fighter();
    await f.createEmbeddedDocuments('Item', [
      { name: 'Defensive Strike', type: 'feat', system: { identifier: 'defensive-strike' } },
    ]);
    const { actor, token } = await dummy();
    h.as(player);
    await f.update({ 'flags.gng.defensiveStrike': { against: [actor.uuid], combat: null, round: null } });
    h.target(player, token);
    h.dice.queue(10);
    const message = (await game.gng.attack(f, sword(f), {})) as ChatMessage;
    await attackActionsSettled();
    // Nobody missed the fighter: the bastard sword's +9, no Defensive Strike.
    expect(state(message).attack.bonus).toBe(9);
  });

  // Fixed HOLE (same cause as total defense above): the `fighting-defensively` status set by its owner from
  // the token HUD, without any attack, gives its +2 dodge to every Defense roll for free (the −4 only
  // comes with an attack). Fix: as above — derive-creature.ts `defensiveDodge` counts only the
  // effect the GM's attack card created (`fightDefensively`, flagged GM-side), and the statuses are
  // not offered on the HUD (src/config/status-effects.ts: `hud: false`).
  it('fighting defensively set by hand without attacking gives no dodge bonus', async () => {
    const f = await fighter();
    h.as(player);
    await f.toggleStatusEffect('fighting-defensively', { active: true });
    expect(sys(f).derived.defense.melee.total).toBe(4);
  });

  it('fighting defensively: one status per round, gone with the attack taken back twice at once', async () => {
    const f = await fighter(pistol());
    const gun = f.items.find((i) => i.name === pistol().name) as Item;
    const { token } = await dummy('Dummy', 3);
    h.as(player);
    h.target(player, token);
    h.dice.queue(10);
    const message = (await game.gng.attack(f, gun, { fightingDefensively: true })) as ChatMessage;
    await attackActionsSettled();
    expect(f.statuses.has('fighting-defensively')).toBe(true);
    const loaded = (gun.system as unknown as { firearm: { ammunition: number } }).firearm.ammunition;
    await onlyOnce([
      requestCardAction(message.id as string, 'undoAttack', target(message).id),
      requestCardAction(message.id as string, 'undoAttack', target(message).id),
    ]);
    await attackActionsSettled();
    // The round went back once (capacity is not exceeded), and the status went.
    expect((gun.system as unknown as { firearm: { ammunition: number } }).firearm.ammunition).toBe(
      loaded + 1,
    );
    expect(f.statuses.has('fighting-defensively')).toBe(false);
  });
});

/* ========================================================================================== */

describe('two-weapon fighting: the off-hand request', () => {
  const before = () => ({ cards: attackCards().length });

  it('an off-hand weapon not equipped, or belonging to another actor: refused, no card, no status', async () => {
    const f = await fighter({ ...DAGGER, system: { ...DAGGER.system, equipped: false } });
    const stowed = f.items.find((i) => i.name === 'Dagger') as Item;
    h.as(gm);
    const { kobold, dagger: theirs } = await cardHelpers(h).koboldWithDagger(otherPlayer);
    const { token } = await dummy();
    const snapshot = world();
    const b = before();
    h.as(player);
    for (const offHand of [stowed.id, theirs.id, kobold.id, 'NoSuchItem00000']) {
      const result = await start(player, f, sword(f).id as string, token, {
        offHand,
        fightingDefensively: true,
      });
      refused(result, 'GNG.Error.Attack.NotAllowedAttack');
      // The reason is the off-hand one.
      expect(JSON.stringify(result)).toContain(game.i18n.localize('GNG.CombatOptions.Refusal.NoOffHand'));
    }
    refused(
      await start(player, f, sword(f).id as string, token, { offHand: '../x' }),
      'GNG.Error.Attack.BadRequest',
    );
    refused(
      await start(player, f, sword(f).id as string, token, { offHand: [stowed.id] }),
      'GNG.Error.Attack.BadRequest',
    );
    await attackActionsSettled();
    expect(attackCards().length).toBe(b.cards);
    expect(world()).toBe(snapshot);
  });

  it("the off-hand card cannot be started alone, nor with the kobold's weapon through the fighter", async () => {
    const f = await fighter(DAGGER);
    h.as(gm);
    const { dagger: theirs } = await cardHelpers(h).koboldWithDagger(otherPlayer);
    const { token } = await dummy();
    const snapshot = world();
    h.as(player);
    // The start request's own fields only: no `offHandOf`, no `hand`.
    const dagger = f.items.find((i) => i.name === 'Dagger') as Item;
    refused(
      await forged(player, {
        action: 'start',
        actorUuid: f.uuid,
        weaponId: dagger.id,
        offHandOf: 'someMessage0000',
        targets: [{ tokenId: token.id, actorUuid: (token.actor as Actor).uuid }],
      }),
      'GNG.Error.Attack.BadRequest',
    );
    refused(await start(player, f, theirs.id as string, token, {}));
    expect(world()).toBe(snapshot);
  });

  // Fixed HOLE: core "Attacking with Two Weapons" needs a light or one-handed weapon in the off hand (a
  // two-handed weapon needs both hands: GnG GRIP). `offHandWeapons` offers every other equipped
  // weapon, and on the off-hand card `previewAttack` replaces the 'off-hand' grip with the weapon's
  // own 'two-handed' grip (attack-start.ts: `if (preview.grip) opts.grip = preview.grip`): the fighter
  // swings its bastard sword and a greatsword two-handed (1½ × Strength) in one attack. Fix:
  // src/cards/attack/combat-options-lines.ts `offHandWeapons` / `combatOptionLines` refuse an off-hand
  // weapon whose `use` is 'two-handed' (or ranged needing two hands) with
  // GNG.CombatOptions.Refusal.NoOffHand, and src/cards/attack/attack-start.ts keeps grip 'off-hand'
  // on the off-hand card (refusing when the preview cannot use it).
  it('an off-hand attack with a two-handed weapon is not made (core: a light or one-handed weapon)', async () => {
    const f = await fighter(DAGGER, {
      name: 'Greatsword',
      type: 'weapon',
      system: {
        category: 'martial',
        use: 'two-handed',
        damage: { medium: '2d6' },
        damageTypes: ['slashing'],
        equipped: true,
      },
    });
    const greatsword = f.items.find((i) => i.name === 'Greatsword') as Item;
    const { token } = await dummy();
    const result = await start(player, f, sword(f).id as string, token, {
      offHand: greatsword.id as string,
    });
    await attackActionsSettled();
    // Safe: refused (or at least no card swings the greatsword as the off hand).
    const offHanded = attackCards().filter((m) => state(m).offHand !== undefined);
    expect(offHanded.map((m) => `${state(m).weapon.name}:${state(m).weapon.grip}`)).toEqual([]);
    refused(result, 'GNG.Error.Attack.NotAllowedAttack');
  });

  it('a light off-hand weapon is held in the off hand on its card, whatever the request', async () => {
    const f = await fighter(DAGGER);
    // Its large steel shield would fill the off hand (no two weapons with it): put away.
    await (f.items.find((i) => i.type === 'shield') as Item).update({ 'system.equipped': false });
    const dagger = f.items.find((i) => i.name === 'Dagger') as Item;
    const { token } = await dummy();
    // A power attack claimed with it: the off-hand card keeps the off-hand grip and no power attack.
    const result = await start(player, f, sword(f).id as string, token, {
      offHand: dagger.id as string,
      powerAttack: true,
    });
    await attackActionsSettled();
    expect(result.ok).toBe(true);
    const off = attackCards().filter((m) => state(m).offHand !== undefined);
    expect(off).toHaveLength(1);
    expect(state(off[0] as ChatMessage).weapon).toMatchObject({ name: 'Dagger', grip: 'off-hand' });
    expect(state(off[0] as ChatMessage).options.powerAttack).not.toBe(true);
  });

  // Fixed HOLE: the primary weapon swung with both hands while the off hand attacks too. The request's
  // `grip: 'two-handed'` is kept on the primary card (1½ × Strength, Power Attack doubled) and the
  // dagger still attacks from the off hand. Fix: src/cards/attack/combat-options-lines.ts
  // `combatOptionLines` refuses `offHand` together with a 'two-handed' grip (or a two-handed weapon)
  // on the primary hand (GNG.CombatOptions.Refusal.NoOffHand or a new key).
  it('a two-handed grip on the primary weapon with an off-hand attack is refused', async () => {
    const f = await fighter(DAGGER);
    const dagger = f.items.find((i) => i.name === 'Dagger') as Item;
    const { token } = await dummy();
    const result = await start(player, f, sword(f).id as string, token, {
      offHand: dagger.id as string,
      grip: 'two-handed',
    });
    await attackActionsSettled();
    const grips = attackCards().map((m) => `${state(m).weapon.name}:${state(m).weapon.grip}`);
    expect(grips).not.toContain('Bastard sword:two-handed');
    refused(result);
  });
});

/* ========================================================================================== */

/** An unowned defender (30 HP, Con 30: Fortitude +10), natural armor 3, Defense +0. */
function foe(name = 'Foe', system: Record<string, unknown> = {}): Promise<Actor> {
  h.as(gm);
  return h.createActor({
    name,
    type: 'npc',
    system: { hp: { value: 30 }, abilities: { con: { value: 30 } }, naturalArmor: 3, ...system },
  });
}

/** The player's classless NPC (20 HP) with an equipped 1d8 slashing blade with `properties`. */
async function wielder(properties: string[]) {
  h.as(gm);
  return bladeWielder(h, { properties });
}

/** Attack d20 15, the GM's Defense d20 10 (RD 5), the player's damage `damage` (1d8, then extras). */
async function hit(
  properties: string[],
  defender: Actor,
  damage: number[],
  options: Record<string, unknown> = {},
) {
  const { actor, item } = await wielder(properties);
  h.placeToken(actor);
  h.as(player);
  h.target(player, h.placeToken(defender));
  h.dice.queue(15);
  const message = (await game.gng.attack(actor, item, options)) as ChatMessage;
  await attackActionsSettled();
  h.as(gm);
  h.dice.queue(10);
  await click(message, 'rollDefense');
  h.as(player);
  h.dice.queue(...damage);
  await click(message, 'rollDamage');
  return { message, wielder: actor, item };
}

describe('Vicious, Wounding at Apply and Undo', () => {
  it("Vicious: Undo pressed twice at once and again gives the wielder's 1d6 back once", async () => {
    const defender = await foe();
    // 6 + RD 5 − Protection 3 = 8 ≥ 1: +2d6 (4, 3) = 15 to the foe, 1d6 (2) to the wielder.
    const { message, wielder: w } = await hit(['vicious'], defender, [6, 4, 3, 2]);
    h.as(player);
    await click(message, 'applyDamage');
    expect(sys(defender).hp.value).toBe(30 - 15);
    expect(sys(w).hp.value).toBe(20 - 2);
    // The wielder is hurt by something else meanwhile (the GM): 18 → 15.
    h.as(gm);
    await w.update({ 'system.hp.value': 15 });
    h.as(player);
    await onlyOnce([
      requestCardAction(message.id as string, 'undoDamage', target(message).id),
      requestCardAction(message.id as string, 'undoDamage', target(message).id),
    ]);
    await attackActionsSettled();
    refused(await requestCardAction(message.id as string, 'undoDamage', target(message).id));
    // Only the 2 it took come back: 15 + 2 = 17 (the later 3 stay); the foe is whole again.
    expect(sys(w).hp.value).toBe(17);
    expect(sys(defender).hp.value).toBe(30);
  });

  it('Vicious: the wielder dead, or deleted, before Apply — Apply and Undo take back exactly their own', async () => {
    const defender = await foe();
    const { message, wielder: w } = await hit(['vicious'], defender, [6, 4, 3, 2]);
    h.as(gm);
    await w.update({ 'system.hp.value': -10 });
    await w.toggleStatusEffect('dead', { active: true });
    h.as(player);
    await click(message, 'applyDamage');
    expect(sys(w).hp.value).toBe(-12);
    h.as(gm);
    await click(message, 'undoDamage');
    expect(sys(w).hp.value).toBe(-10);
    expect(w.statuses.has('dead')).toBe(true); // not this step's to take back
    expect(sys(defender).hp.value).toBe(30);

    // Deleted: Apply still damages the foe, and nothing throws.
    const other = await foe('Other');
    const second = await hit(['vicious'], other, [6, 4, 3, 2]);
    h.as(gm);
    await second.wielder.delete();
    const result = await requestCardAction(
      second.message.id as string,
      'applyDamage',
      target(second.message).id,
    );
    await attackActionsSettled();
    if (result.ok) expect(sys(other).hp.value).toBe(15);
    else refused(result);
  });

  it('Wounding: a save result, a bleeding choice or a DC written into Apply is refused; the GM rolls it', async () => {
    const defender = await foe();
    const { message } = await hit(['wounding'], defender, [6]);
    const before = world();
    h.as(player);
    for (const extra of [
      { save: { natural: 20, total: 40, success: true } },
      { success: true },
      { dc: 1 },
      { bleeding: false },
      { woundingSave: 20 },
    ])
      refused(
        await forged(player, {
          messageId: message.id,
          action: 'applyDamage',
          target: target(message).id,
          ...extra,
        }),
        /BadRequest/,
      );
    refused(
      await forged(player, { messageId: message.id, action: 'woundingSave', target: target(message).id }),
      /BadRequest/,
    );
    expect(world()).toBe(before);
    // The real Apply: the GM's client rolls the Fortitude save (d20 5 + 8 = 13 < DC 18): bleeding.
    h.dice.queue(5);
    await click(message, 'applyDamage');
    expect(target(message).applied?.properties?.wounding?.save).toMatchObject({
      natural: 5,
      dc: 18,
      success: false,
    });
    expect(defender.statuses.has('severe-bleeding')).toBe(true);
  });
});

describe('Undo is the exact inverse with the new property lines', () => {
  it('a Vicious wielder striking itself: Apply then Undo leave its hit points exactly as they were', async () => {
    const { actor, item } = await wielder(['vicious']);
    h.as(gm);
    await actor.update({ 'system.hp.value': 20, 'system.naturalArmor': 3 });
    h.as(player);
    h.target(player, h.placeToken(actor));
    h.dice.queue(15);
    const message = (await game.gng.attack(actor, item, {})) as ChatMessage;
    await attackActionsSettled();
    h.as(gm);
    h.dice.queue(10);
    await click(message, 'rollDefense');
    h.as(player);
    h.dice.queue(6, 4, 3, 2);
    await click(message, 'rollDamage');
    // 6 + RD 5 − 3 = 8, +2d6 7 = 15 to itself as target, 2 more as the wielder: 20 → 3.
    await click(message, 'applyDamage');
    expect(sys(actor).hp.value).toBe(20 - 15 - 2);
    await click(message, 'undoDamage');
    expect(sys(actor).hp.value).toBe(20);
  });

  it('Wounding on a foe already bleeding: Undo does not end the bleeding it did not start', async () => {
    const defender = await foe();
    h.as(gm);
    await defender.toggleStatusEffect('severe-bleeding', { active: true });
    const { message } = await hit(['wounding'], defender, [6]);
    h.dice.queue(1);
    await click(message, 'applyDamage');
    expect(target(message).applied?.properties?.wounding?.effectId ?? null).toBeNull();
    await click(message, 'undoDamage');
    expect(defender.statuses.has('severe-bleeding')).toBe(true);
    expect(sys(defender).hp.value).toBe(30);
  });

  it('a shot taken back cannot be defended, damaged or applied afterwards (forged requests)', async () => {
    const f = await fighter(pistol());
    const gun = f.items.find((i) => i.name === pistol().name) as Item;
    const { actor: dummyActor, token } = await dummy('Dummy', 3);
    h.as(player);
    h.target(player, token);
    h.dice.queue(19);
    const message = (await game.gng.attack(f, gun, {})) as ChatMessage;
    await attackActionsSettled();
    expect((await requestCardAction(message.id as string, 'undoAttack', target(message).id)).ok).toBe(true);
    await attackActionsSettled();
    const before = world();
    h.as(gm);
    for (const action of ['rollDefense', 'rollDamage', 'applyDamage', 'undoAttack'] as const)
      refused(await requestCardAction(message.id as string, action, target(message).id));
    h.as(player);
    for (const action of ['rollDamage', 'applyDamage', 'undoAttack'] as const)
      refused(await requestCardAction(message.id as string, action, target(message).id));
    expect(world()).toBe(before);
    expect(sys(dummyActor).hp.value).toBe(10);
  });

  it("another player cannot take back the player's shot (its rounds and fighting defensively stay)", async () => {
    const f = await fighter(pistol());
    const gun = f.items.find((i) => i.name === pistol().name) as Item;
    const { token } = await dummy('Dummy', 3);
    h.as(player);
    h.target(player, token);
    h.dice.queue(10);
    const message = (await game.gng.attack(f, gun, { fightingDefensively: true })) as ChatMessage;
    await attackActionsSettled();
    const before = world();
    h.as(otherPlayer);
    refused(await requestCardAction(message.id as string, 'undoAttack', target(message).id));
    refused(await requestCardAction(message.id as string, 'undoDamage', target(message).id));
    expect(world()).toBe(before);
    expect(f.statuses.has('fighting-defensively')).toBe(true);
  });
});

/* ========================================================================================== */

describe('damage reduction and energy resistance', () => {
  it('DR text with script, negative or unreadable input from the sheet is refused; the stored value stays', async () => {
    const f = await fighter();
    h.as(player);
    for (const dr of [
      SCRIPT,
      `5/${XSS}`,
      '-5/—',
      '5/magic; <b>',
      '5/magic or ' + 'x'.repeat(5000),
      '1e3/—',
      'NaN/—',
    ])
      await expect(f.update({ 'system.resistances.dr': dr })).rejects.toThrow();
    for (const value of [-5, 10_000_000, 1.5])
      await expect(f.update({ 'system.resistances.energy.fire': value })).rejects.toThrow();
    expect(sys(f).resistances.dr).toBe('');
    expect(sys(f).derived.resistances.damageReduction).toEqual([]);
    expect(sys(f).resistances.energy.fire).toBe(0);
  });

  // Fixed HOLE: energy resistance is capped (at most LIMITS.hitPoints, 1,000,000) but the DR amount is not:
  // "99999999999999999999/—" parses (Number gives 1e20, an "integer"), is stored, and the card would
  // show "DR 100000000000000000000/—". Fix: src/data/actor/resistances.ts `validateResistances`
  // checks each parsed amount with `atMost(field, amount, LIMITS.hitPoints)` (and
  // src/rules/item-properties.ts `parseDamageReduction` refuses an amount beyond a safe integer).
  it('a huge DR amount from the sheet is refused like a huge energy resistance', async () => {
    const f = await fighter();
    h.as(player);
    await expect(f.update({ 'system.resistances.dr': '99999999999999999999/—' })).rejects.toThrow();
    expect(sys(f).resistances.dr).toBe('');
  });

  it('an effect writing script into DR on its own actor: the change is ignored, named as inert text', async () => {
    const f = await fighter();
    h.as(player);
    await f.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Bad',
        changes: [
          { key: 'system.resistances.dr', mode: 5, value: `${XSS}; 5/magic` },
          { key: 'system.resistances.energy.fire', mode: 2, value: '-1000' },
          { key: 'system.resistances.energy.cold', mode: 5, value: 'Infinity' },
        ],
      },
    ]);
    // A damage reduction the data model cannot read is refused whole (the effect guard, issue #28).
    expect(sys(f).derived.resistances.damageReduction).toEqual([]);
    expect(sys(f).derived.resistances.invalid).toEqual([]);
    expect(sys(f).derived.resistances.energy.fire).toBe(0);
    expect(Number.isFinite(sys(f).derived.resistances.energy.cold)).toBe(true);
    const sheet = (await openSheetOn(h, f, 'effects')) as unknown as HarnessApplicationV2;
    const block = sheet.element.querySelector('.effect-skipped') as HTMLElement;
    expect(block).not.toBeNull();
    inert(block);
    expect(block.textContent).toContain(XSS);
    await sheet.close();
  });

  it('energy resistance through an Active Effect on an NPC the player does not own: refused, nothing changes', async () => {
    const orc = await foe('Orc');
    h.as(gm);
    const [weapon] = (await orc.createEmbeddedDocuments('Item', [DAGGER])) as Item[];
    const before = world();
    h.as(player);
    const effect = {
      name: 'Fire ward',
      changes: [{ key: 'system.resistances.energy.fire', mode: 4, value: '30' }],
    };
    await expect(orc.createEmbeddedDocuments('ActiveEffect', [effect])).rejects.toThrow();
    await expect(
      orc.update({ 'system.resistances.energy.fire': 30, 'system.resistances.dr': '10/—' }),
    ).rejects.toThrow();
    // An effect on the orc's own weapon (transferred to it) is the orc's too.
    await expect(
      (weapon as Item).createEmbeddedDocuments('ActiveEffect', [{ ...effect, transfer: true }]),
    ).rejects.toThrow();
    expect(world()).toBe(before);
    expect(sys(orc).derived.resistances.energy.fire).toBe(0);
  });
});

/* ========================================================================================== */

describe('Break Weapon: the object hit points', () => {
  async function duelist(name = 'Duelist', rapierName = 'Rapier'): Promise<{ actor: Actor; rapier: Item }> {
    const actor = await foe(name, { naturalArmor: 0 });
    h.as(gm);
    const [rapier] = (await actor.createEmbeddedDocuments('Item', [
      {
        name: rapierName,
        type: 'weapon',
        system: {
          use: 'light',
          damage: { medium: '1d6' },
          equipped: true,
          hardness: 10,
          hp: { value: 20, max: 20 },
        },
      },
    ])) as Item[];
    return { actor, rapier: rapier as Item };
  }

  async function breaker() {
    const w = await wielder(['mace-of-ruin']);
    h.as(gm);
    await w.actor.createEmbeddedDocuments('Item', [
      {
        name: 'Advanced Breaking Strikes',
        type: 'feat',
        system: { identifier: 'advanced-breaking-strikes' },
      },
    ]);
    h.placeToken(w.actor);
    return w;
  }

  it("Break Weapon naming a third actor's item: refused, nothing posted, the item whole", async () => {
    const { actor: target1 } = await duelist();
    const { rapier: theirs } = await duelist('Bystander');
    const { actor, item } = await breaker();
    const token = h.placeToken(target1);
    const before = world();
    h.as(player);
    refused(
      await start(player, actor, item.id as string, token, {
        strike: { id: 'break-weapon', itemId: theirs.id },
      }),
    );
    refused(
      await start(player, actor, item.id as string, token, {
        strike: { id: 'break-weapon', itemId: `${theirs.id}<x>` },
      }),
    );
    await attackActionsSettled();
    expect(world()).toBe(before);
    expect((theirs.system as unknown as { hp: { value: number } }).hp.value).toBe(20);
  });

  /** A Break Weapon hit on the duelist's rapier, applied: 19 − 4 = 15 vs 10, RD 5; 1d8 6 + 5 = 11. */
  async function brokenRapier(rapierName = 'Rapier', apply = true) {
    const { actor: d, rapier } = await duelist('Duelist', rapierName);
    const { actor, item } = await breaker();
    h.as(player);
    h.target(player, h.placeToken(d));
    h.dice.queue(19);
    const message = (await game.gng.attack(actor, item, {
      strike: { id: 'break-weapon', itemId: rapier.id as string },
    })) as ChatMessage;
    await attackActionsSettled();
    h.as(gm);
    h.dice.queue(10);
    await click(message, 'rollDefense');
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    if (!apply) return { message, duelist: d, rapier };
    await click(message, 'applyDamage');
    // Mace of Ruin ignores the hardness: the rapier 20 → 9.
    expect((rapier.system as unknown as { hp: { value: number } }).hp.value).toBe(9);
    return { message, duelist: d, rapier };
  }

  it('Apply pressed twice at once, then Undo twice at once: the rapier loses 11 once and gets it back once', async () => {
    const { message, duelist: d, rapier } = await brokenRapier('Rapier', false);
    const hp = () => (rapier.system as unknown as { hp: { value: number; max: number } }).hp;
    h.as(player);
    await onlyOnce([
      requestCardAction(message.id as string, 'applyDamage', target(message).id),
      requestCardAction(message.id as string, 'applyDamage', target(message).id),
    ]);
    await attackActionsSettled();
    expect(hp()).toEqual({ value: 9, max: 20 });
    // The GM mends the rapier a little meanwhile (9 → 12): Undo gives back the 11 from there, capped.
    h.as(gm);
    await rapier.update({ 'system.hp.value': 12 });
    h.as(player);
    await onlyOnce([
      requestCardAction(message.id as string, 'undoDamage', target(message).id),
      requestCardAction(message.id as string, 'undoDamage', target(message).id),
    ]);
    await attackActionsSettled();
    expect(hp()).toEqual({ value: 20, max: 20 });
    expect(sys(d).hp.value).toBe(30);
  });

  it("a player cannot Apply or Undo a Break Weapon hit on the card of another player's attacker", async () => {
    const { message, rapier } = await brokenRapier('Rapier', false);
    const before = world();
    h.as(otherPlayer);
    refused(await requestCardAction(message.id as string, 'applyDamage', target(message).id));
    refused(await requestCardAction(message.id as string, 'undoDamage', target(message).id));
    expect(world()).toBe(before);
    expect((rapier.system as unknown as { hp: { value: number } }).hp.value).toBe(20);
  });

  it('Undo after the GM deleted the broken item: the rest is undone, no error, Undo cannot run twice', async () => {
    const { message, duelist: d, rapier } = await brokenRapier();
    h.as(gm);
    await d.deleteEmbeddedDocuments('Item', [rapier.id as string]);
    const result = await requestCardAction(message.id as string, 'undoDamage', target(message).id);
    await attackActionsSettled();
    expect(result.ok).toBe(true);
    expect(sys(d).hp.value).toBe(30);
    expect(d.items.get(rapier.id as string)).toBeUndefined();
    refused(await requestCardAction(message.id as string, 'undoDamage', target(message).id));
  });

  // Fixed HOLE: docs/architecture.md rule 4: "What cannot be undone any more … is done as far as possible
  // and noted on the card." Undo of a Break Weapon hit whose item was deleted meanwhile gives nothing
  // back and says nothing: `undoObjectHit` returns silently. Fix: src/cards/attack/object-damage.ts
  // `undoObjectHit` returns a note (a new lang key, e.g. GNG.Attack.Property.ObjectGone with the
  // item's name) and item-properties-damage.ts `undoPropertyDamage` pushes it into `notes`.
  it('Undo after the broken item was deleted says on the card that its hit points could not come back', async () => {
    const { message, duelist: d, rapier } = await brokenRapier();
    h.as(gm);
    await d.deleteEmbeddedDocuments('Item', [rapier.id as string]);
    await requestCardAction(message.id as string, 'undoDamage', target(message).id);
    await attackActionsSettled();
    // A key and its data, shown in the reader's language.
    expect(undoNoteLines(target(message).undoNotes).join(' ')).toContain('Rapier');
  });

  it('an item and a target named with HTML: the object line and the card show them as text', async () => {
    const { message } = await brokenRapier(XSS);
    for (const user of [gm, player]) {
      h.as(user);
      const html = h.renderMessage(fresh(message));
      inert(html);
      expect(html.textContent).toContain(`Break Weapon: ${XSS}`);
    }
  });
});

/* ========================================================================================== */

describe('names full of HTML on the combat options', () => {
  it('a concealed target named with HTML: the card line and the dialog label are text', async () => {
    const f = await fighter();
    const { token } = await dummy(XSS);
    Object.assign(token.document, { name: SCRIPT });
    h.as(player);
    h.target(player, token);
    h.dice.queue(10, 5);
    const message = (await game.gng.attack(f, sword(f), {
      concealment: { [token.id]: 'total' },
    })) as ChatMessage;
    await attackActionsSettled();
    expect(target(message).concealment?.missed).toBe(true);
    const html = h.renderMessage(fresh(message));
    inert(html);
    expect(html.querySelector('.concealment')?.textContent).toMatch(
      /<script>alert\(1\)<\/script>|<img src=x/,
    );

    void AttackDialog.prompt(f, sword(f));
    const dialog = await vi.waitFor(() => {
      const app = h.openApplications().find((a) => a instanceof AttackDialog);
      if (!app) throw new Error('no dialog');
      return app as unknown as HarnessApplicationV2;
    });
    inert(dialog.element);
    expect(dialog.element.textContent).toContain(SCRIPT);
    await dialog.close();
  });
});

// Keep the imports honest: the attack query name is the one these requests go to.
expect(ATTACK_QUERY).toBe('gng.attackAction');
