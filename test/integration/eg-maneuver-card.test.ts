/**
 * The Enlightened Grognard maneuver card (issue #31, lane maneuvers; seed 003:1486–1764), on the
 * harness under EG_MODEL. Worked by hand from seed 003 and docs/rules.md "### Maneuvers and saves":
 * - the rogue (Appendix 3, the other player's): Str 13 (+1), Dex 16 (+3), no skill ranks, padded
 *   armor (no check penalty): Athletics = best of Climb/Jump/Swim = +1 (Climb, Medium: no size
 *   part); Acrobatics = best usable of Balance/Tumble/Escape Artist = +3 (Balance; Tumble is
 *   trained-only). Reflex = 10 + Dex 3 + class 2 (good Reflex save, level 1) = 15.
 * - the goblin (the GM's NPC): Warrior 2 (poor saves: 0), Con 12 (+1), Dex 12 (+1), Str 10:
 *   Fortitude = 10 + 1 = 11, Reflex = 10 + 1 = 11; Acrobatics = Balance +1.
 * The rogue's token at (0, 0) and the goblin's at (100, 0) are adjacent (100 px squares of 5 ft);
 * the rogue friendly, the goblin hostile.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { egCardView, egFight, egTurnOf, useEgWorld, worldPlays } from '../fixtures/eg-world.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { egManeuverState } from '../../src/cards/eg-maneuver/eg-maneuver-state.js';
import { changeTokens, tokenPool } from '../../src/combat/eg-token-store.js';
import { cardStateOf } from '../fixtures/cards.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;

useEgWorld(h, 3131, { endCombats: true });

const view = egCardView(h);

/** The fight, the rogue friendly at (0, 0), the goblin hostile beside it, the fighter far away. */
async function fight() {
  const f = await egFight(h);
  h.as(gm);
  const place = async (actor: Actor, x: number, y: number, disposition: number) => {
    const token = h.placeToken(actor, { x, y });
    await (token.document as unknown as { update(d: object): Promise<unknown> }).update({ disposition });
    return token;
  };
  const rogueToken = await place(f.rogue, 0, 0, 1);
  const goblinToken = await place(f.goblin, 100, 0, -1);
  const fighterToken = await place(f.fighter, 800, 800, 1);
  return { ...f, rogueToken, goblinToken, fighterToken };
}

async function maneuver(
  user: User,
  actor: Actor,
  kind: string,
  targets: Actor[],
  dice: number[],
  options: Record<string, unknown> = {},
): Promise<ChatMessage | null> {
  // A maneuver is an action of the actor's turn (its budget, src/combat/eg-turns.ts).
  await egTurnOf(h, actor);
  h.as(user);
  h.dice.queue(...dice);
  const message = await game.gng.egManeuver(actor, kind as 'grab', { ...options, targets });
  await attackActionsSettled();
  return message;
}

const stateOf = (message: ChatMessage) => egManeuverState(view.messageOf(message))!;
const statuses = (actor: Actor) => [...actor.statuses].sort();

describe('grab (003:1546–1553): Acrobatics against Reflex', () => {
  it('the rogue grabs the goblin: 8 + 3 = 11 meets Reflex 11; Apply grabs and immobilizes it, Undo frees it', async () => {
    const { rogue, goblin } = await fight();
    const message = (await maneuver(otherPlayer, rogue, 'grab', [goblin], [8])) as ChatMessage;
    const state = stateOf(message);
    expect(state.check).toEqual({ bonus: 3, parts: [{ label: 'GNG.Skill.balance', value: 3 }], spent: null });
    expect(state.targets[0]).toMatchObject({
      defense: { id: 'reflex', value: 11 },
      checks: [{ natural: 8, total: 11, success: true }],
    });
    expect(view.text(message)).toContain('11 (natural 8) beats Reflex 11');
    expect(view.text(message)).toContain('provokes an attack of opportunity');
    // Another player (the fighter's) sees no button; the rogue's player Applies.
    h.as(player);
    expect(view.buttons(message)).toEqual([]);
    h.as(otherPlayer);
    expect(view.buttons(message)).toEqual(['applyEgManeuver', 'takeBackEgManeuver']);
    await view.click(message, 'applyEgManeuver');
    expect(statuses(goblin)).toEqual(['grabbed', 'immobilized']);
    // Applied: no taking back (each Apply is undone first).
    expect(view.buttons(message)).toEqual(['undoEgManeuver']);
    expect(view.text(message)).toContain('Applied: Grabbed, Immobilized');
    // A second Apply is refused: nothing changes.
    const again = await askGM('gng.egManeuverAction', {
      action: 'applyEgManeuver',
      messageId: message.id,
      target: state.targets[0]!.id,
    });
    expect(again).toMatchObject({ ok: false });
    await view.click(message, 'undoEgManeuver');
    expect(statuses(goblin)).toEqual([]);
    expect(view.buttons(message)).toEqual(['applyEgManeuver', 'takeBackEgManeuver']);
  });

  it('a check of 10 misses Reflex 11: Apply sets nothing', async () => {
    const { rogue, goblin } = await fight();
    const message = (await maneuver(otherPlayer, rogue, 'grab', [goblin], [7])) as ChatMessage;
    expect(stateOf(message).targets[0]!.outcome).toMatchObject({ success: false, target: { add: [] } });
    expect(view.text(message)).toContain('10 (natural 7) does not beat Reflex 11');
    await view.click(message, 'applyEgManeuver');
    expect(statuses(goblin)).toEqual([]);
  });
});

describe('bull rush in a charge (003:1499–1502): two Athletics checks against Fortitude', () => {
  it('both fail (3 + 1, 4 + 1 against 11): the rogue falls prone, the adjacent goblin gains 1 power (the communal pool); Undo takes both back', async () => {
    const { rogue, goblin, fighter, combat } = await fight();
    const message = (await maneuver(otherPlayer, rogue, 'bull-rush', [goblin], [3, 4], {
      charge: true,
    })) as ChatMessage;
    expect(stateOf(message).targets[0]).toMatchObject({
      defense: { id: 'fortitude', value: 11 },
      checks: [
        { natural: 3, total: 4, success: false },
        { natural: 4, total: 5, success: false },
      ],
    });
    h.as(otherPlayer);
    await view.click(message, 'applyEgManeuver');
    expect(statuses(rogue)).toEqual(['prone']);
    expect(statuses(goblin)).toEqual([]);
    // The goblin is an enemy beside the rogue: +1 power to the NPCs' pool; the fighter (a friend, far) nothing.
    expect(tokenPool(combat, goblin)).toMatchObject({
      communal: true,
      encounter: { power: 1, speed: 0, insight: 0 },
    });
    expect(tokenPool(combat, fighter).encounter).toEqual({ power: 0, speed: 0, insight: 0 });
    await view.click(message, 'undoEgManeuver');
    expect(statuses(rogue)).toEqual([]);
    expect(tokenPool(combat, goblin).encounter).toEqual({ power: 0, speed: 0, insight: 0 });
  });

  it('both succeed (10 + 1, 12 + 1 against 11): the goblin pushed, unbalanced and prone', async () => {
    const { rogue, goblin } = await fight();
    const message = (await maneuver(otherPlayer, rogue, 'bull-rush', [goblin], [10, 12], {
      charge: true,
    })) as ChatMessage;
    expect(stateOf(message).targets[0]!.outcome).toMatchObject({
      pushed: 1,
      target: { add: ['unbalanced', 'prone'] },
    });
    h.as(otherPlayer);
    await view.click(message, 'applyEgManeuver');
    expect(statuses(goblin)).toEqual(['prone', 'unbalanced']);
    await view.click(message, 'undoEgManeuver');
    expect(statuses(goblin)).toEqual([]);
  });
});

describe('tokens before the roll (003:384, 395, 420)', () => {
  it('2 power tokens on the rogue’s bull rush: 8 + 1 + 2 = 11 meets Fortitude 11; the pool pays; more than it holds or than 10: refused, nothing rolled', async () => {
    const { rogue, goblin, combat } = await fight();
    h.as(gm);
    await changeTokens(combat, rogue, { power: 2, speed: 1 }, 'test');
    expect(await maneuver(otherPlayer, rogue, 'bull-rush', [goblin], [8], { tokens: 3 })).toBeNull();
    expect(view.lastNotice()).toBe(
      '1st-level rogue does not have enough power tokens for that. Nothing was changed.',
    );
    expect(await maneuver(otherPlayer, rogue, 'bull-rush', [goblin], [8], { tokens: 11 })).toBeNull();
    expect(game.messages.filter((m) => egManeuverState(m) !== null)).toEqual([]);
    expect(tokenPool(combat, rogue).encounter).toEqual({ power: 2, speed: 1, insight: 0 });
    const message = (await maneuver(otherPlayer, rogue, 'bull-rush', [goblin], [8], {
      tokens: 2,
    })) as ChatMessage;
    expect(stateOf(message).check).toMatchObject({
      bonus: 3,
      parts: [
        { label: 'GNG.Skill.climb', value: 1 },
        { label: 'GNG.Model.EG.Maneuver.Part.tokens', value: 2 },
      ],
      spent: { encounter: { power: -2, speed: 0, insight: 0 } },
    });
    expect(stateOf(message).targets[0]!.checks).toEqual([{ natural: 8, total: 11, success: true }]);
    // Power for Athletics (Strength): the speed token stays.
    expect(tokenPool(combat, rogue).encounter).toEqual({ power: 0, speed: 1, insight: 0 });
  });
});

describe('escape (003:1580–1589) and standing up (003:824–826)', () => {
  it('the goblin grabs the rogue (14 + 1 against Reflex 15), the rogue escapes (8 + 3 against 11); Undo of the escape holds it again', async () => {
    const { rogue, goblin } = await fight();
    const grab = (await maneuver(gm, goblin, 'grab', [rogue], [14])) as ChatMessage;
    expect(stateOf(grab).targets[0]).toMatchObject({ defense: { id: 'reflex', value: 15 } });
    h.as(gm);
    await view.click(grab, 'applyEgManeuver');
    expect(statuses(rogue)).toEqual(['grabbed', 'immobilized']);
    const escape = (await maneuver(otherPlayer, rogue, 'escape', [goblin], [8], {
      from: 'grab',
    })) as ChatMessage;
    h.as(otherPlayer);
    await view.click(escape, 'applyEgManeuver');
    expect(statuses(rogue)).toEqual([]);
    await view.click(escape, 'undoEgManeuver');
    expect(statuses(rogue)).toEqual(['grabbed', 'immobilized']);
  });

  it('a grapple needs a grab either way; joining needs a grappling target; an escape needs a hold (003:1596, 1650, 1580)', async () => {
    const { rogue, goblin } = await fight();
    expect(await maneuver(otherPlayer, rogue, 'grapple', [goblin], [15])).toBeNull();
    expect(view.lastNotice()).toBe(
      '1st-level rogue may grapple Goblin only after one of them grabbed the other. Nothing was rolled.',
    );
    expect(await maneuver(otherPlayer, rogue, 'join-grapple', [goblin], [])).toBeNull();
    expect(view.lastNotice()).toBe('Goblin is not grappling. Nothing was rolled.');
    expect(await maneuver(otherPlayer, rogue, 'escape', [goblin], [15], { from: 'grab' })).toBeNull();
    expect(view.lastNotice()).toBe(
      '1st-level rogue is not held that way: nothing to escape from. Nothing was rolled.',
    );
    expect(game.messages.filter((m) => egManeuverState(m) !== null)).toEqual([]);
    // Grabbed, then grappled: 12 + 1 (Athletics) = 13 against Reflex 11; both grappling.
    h.as(gm);
    await goblin.toggleStatusEffect('grabbed', { active: true });
    const grapple = (await maneuver(otherPlayer, rogue, 'grapple', [goblin], [12])) as ChatMessage;
    h.as(otherPlayer);
    await view.click(grapple, 'applyEgManeuver');
    expect(statuses(rogue)).toEqual(['grappling']);
    expect(statuses(goblin)).toEqual(['grabbed', 'grappling']);
  });

  it('the fighter helps the grabbed rogue out: an Athletics check in its stead (003:1591–1592), beside it; Undo holds it again', async () => {
    const { rogue, goblin, fighter, fighterToken } = await fight();
    const grab = (await maneuver(gm, goblin, 'grab', [rogue], [14])) as ChatMessage;
    h.as(gm);
    await view.click(grab, 'applyEgManeuver');
    // Far from the rogue: refused, nothing rolled.
    expect(
      await maneuver(player, fighter, 'escape', [goblin], [15], { from: 'grab', ally: rogue }),
    ).toBeNull();
    expect(view.lastNotice()).toBe(
      '5th-level fighter is not adjacent to 1st-level rogue: helping an ally out of a grab takes being beside it. Nothing was rolled.',
    );
    // Acrobatics is not the text's check for it.
    expect(
      await maneuver(player, fighter, 'escape', [goblin], [15], {
        from: 'grab',
        ally: rogue,
        skill: 'acrobatics',
      }),
    ).toBeNull();
    h.as(gm);
    await (fighterToken.document as unknown as { update(d: object): Promise<unknown> }).update({
      x: 0,
      y: 100,
    });
    // The fighter's Athletics: Climb 0 + Str 4 − armor and shield 8 = −4; 15 − 4 = 11 meets Fortitude 11.
    const message = (await maneuver(player, fighter, 'escape', [goblin], [15], {
      from: 'grab',
      ally: rogue,
    })) as ChatMessage;
    expect(stateOf(message).check.parts).toEqual([{ label: 'GNG.Skill.climb', value: -4 }]);
    expect(stateOf(message).targets[0]).toMatchObject({
      defense: { id: 'fortitude', value: 11 },
      checks: [{ natural: 15, total: 11, success: true }],
    });
    expect(view.text(message)).toContain('for 1st-level rogue');
    h.as(player);
    await view.click(message, 'applyEgManeuver');
    expect(statuses(rogue)).toEqual([]);
    expect(statuses(fighter)).toEqual([]);
    await view.click(message, 'undoEgManeuver');
    expect(statuses(rogue)).toEqual(['grabbed', 'immobilized']);
  });

  it('a pinned creature escapes the pin first; an escape names what it escapes from', async () => {
    const { rogue, goblin } = await fight();
    h.as(gm);
    await rogue.toggleStatusEffect('pinned', { active: true });
    expect(await maneuver(otherPlayer, rogue, 'escape', [goblin], [8], { from: 'grapple' })).toBeNull();
    expect(view.lastNotice()).toBe(
      '1st-level rogue is pinned: escape the pin first (it then stays in the grapple). Nothing was rolled.',
    );
    expect(await maneuver(otherPlayer, rogue, 'escape', [goblin], [8])).toBeNull();
    expect(view.lastNotice()).toContain('An escape needs what it escapes from');
    expect(game.messages.filter((m) => egManeuverState(m) !== null)).toEqual([]);
  });

  it('standing up: prone off, the adjacent goblin +1 power; not prone: refused', async () => {
    const { rogue, goblin, combat } = await fight();
    expect(await maneuver(otherPlayer, rogue, 'stand-up', [], [])).toBeNull();
    expect(view.lastNotice()).toBe(
      '1st-level rogue is not prone: there is nothing to stand up from. Nothing was changed.',
    );
    h.as(gm);
    await rogue.toggleStatusEffect('prone', { active: true });
    const message = (await maneuver(otherPlayer, rogue, 'stand-up', [], [])) as ChatMessage;
    expect(view.text(message)).toContain('1st-level rogue stands up');
    h.as(otherPlayer);
    await view.click(message, 'applyEgManeuver');
    expect(statuses(rogue)).toEqual([]);
    expect(tokenPool(combat, goblin).encounter.power).toBe(1);
    await view.click(message, 'undoEgManeuver');
    expect(statuses(rogue)).toEqual(['prone']);
    expect(tokenPool(combat, goblin).encounter.power).toBe(0);
  });

  it('Undo after the gained token was spent: refused, nothing changes (no re-spend of the NPCs’ pool)', async () => {
    const { rogue, goblin, combat } = await fight();
    h.as(gm);
    await rogue.toggleStatusEffect('prone', { active: true });
    const message = (await maneuver(otherPlayer, rogue, 'stand-up', [], [])) as ChatMessage;
    h.as(otherPlayer);
    await view.click(message, 'applyEgManeuver');
    expect(tokenPool(combat, goblin).encounter.power).toBe(1);
    h.as(gm);
    await changeTokens(combat, goblin, { power: -1 }, 'spent on an attack');
    h.as(otherPlayer);
    await view.click(message, 'undoEgManeuver');
    expect(view.lastNotice()).toBe('Goblin does not have enough power tokens for that. Nothing was changed.');
    expect(statuses(rogue)).toEqual([]);
    expect(tokenPool(combat, goblin).encounter.power).toBe(0);
    expect(stateOf(message).targets[0]!.applied).not.toBeNull();
  });
});

describe('hostile requests and the other models', () => {
  it('a player may not make another’s creature act, nor forge fields; nothing is posted', async () => {
    const { rogue, goblin } = await fight();
    h.as(player);
    const forged = await askGM('gng.egManeuverAction', {
      action: 'start',
      actorUuid: rogue.uuid,
      maneuver: 'grab',
      targets: [{ actorUuid: goblin.uuid, tokenId: null }],
    });
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAttackerOwner' });
    h.as(otherPlayer);
    const extra = await askGM('gng.egManeuverAction', {
      action: 'start',
      actorUuid: rogue.uuid,
      maneuver: 'grab',
      targets: [{ actorUuid: goblin.uuid, tokenId: null }],
      checks: [{ natural: 20, total: 40, success: true }],
    });
    expect(extra).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    const charge = await askGM('gng.egManeuverAction', {
      action: 'start',
      actorUuid: rogue.uuid,
      maneuver: 'grab',
      charge: true,
      targets: [{ actorUuid: goblin.uuid, tokenId: null }],
    });
    expect(charge).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    expect(game.messages.filter((m) => egManeuverState(m) !== null)).toEqual([]);
  });

  it('a card a player wrote (a copy of the GM’s, its check a success) is no card: Apply refused, nothing set', async () => {
    const { rogue, goblin } = await fight();
    const real = (await maneuver(otherPlayer, rogue, 'grab', [goblin], [2])) as ChatMessage;
    const state = structuredClone(stateOf(real));
    state.targets[0]!.checks = [{ natural: 20, total: 23, success: true }];
    state.targets[0]!.outcome = {
      ...state.targets[0]!.outcome,
      success: true,
      target: { add: ['grabbed'], remove: [] },
    };
    h.as(otherPlayer);
    const fake = (await ChatMessage.create({
      content: 'x',
      flags: { gng: { egManeuver: state } },
    })) as ChatMessage;
    const result = await askGM('gng.egManeuverAction', {
      action: 'applyEgManeuver',
      messageId: fake.id,
      target: state.targets[0]!.id,
    });
    expect(result).toMatchObject({ ok: false, error: 'GNG.Model.EG.Maneuver.Error.NoCard' });
    expect(statuses(goblin)).toEqual([]);
  });

  it('GnG’s maneuver and grapple cards stay off under EG', async () => {
    const { rogue, goblin } = await fight();
    h.as(otherPlayer);
    expect(await game.gng.maneuver(rogue, 'bull-rush', { targets: [goblin] })).toBeNull();
    expect(view.lastNotice()).toBe("A combat maneuver is not part of this world's combat rules.");
    expect(await game.gng.grapple(rogue, { target: goblin })).toBeNull();
    expect(view.lastNotice()).toBe("GnG's grapple is not part of this world's combat rules.");
    expect(game.messages.contents).toEqual([]);
  });

  it('under GnG the card is refused, and a card of EG may be undone but not applied', async () => {
    const { rogue, goblin } = await fight();
    const message = (await maneuver(otherPlayer, rogue, 'grab', [goblin], [15])) as ChatMessage;
    h.as(otherPlayer);
    await view.click(message, 'applyEgManeuver');
    // The rogue's next turn (its standard action of this one is spent).
    await egTurnOf(h, rogue, { fresh: true });
    const second = (await maneuver(otherPlayer, rogue, 'grab', [goblin], [15])) as ChatMessage;
    h.as(gm);
    for (const combat of [...game.combats]) await combat.delete();
    await worldPlays(h, 'gng');
    h.as(otherPlayer);
    expect(await game.gng.egManeuver(rogue, 'grab', { targets: [goblin] })).toBeNull();
    expect(view.lastNotice()).toContain('Enlightened Grognard');
    expect(view.buttons(second)).toEqual([]);
    await view.click(message, 'undoEgManeuver');
    expect(statuses(goblin)).toEqual([]);
    await worldPlays(h, 'eg');
  });
});

describe('saving throws (003:340–364)', () => {
  const saves = () => game.messages.filter((m) => m.type === 'egSave');
  const saveText = (m: ChatMessage) => (h.renderMessage(m).textContent ?? '').replace(/\s+/g, ' ').trim();

  it('the rogue’s Will save: Will 11 → +1; 9 + 1 = 10 succeeds, 8 + 1 = 9 fails', async () => {
    const { rogue } = await fight();
    h.as(otherPlayer);
    h.dice.queue(9);
    const ok = (await game.gng.egSave(rogue, 'will')) as ChatMessage;
    expect(cardStateOf(ok)).toMatchObject({
      natural: 9,
      bonus: 1,
      total: 10,
      success: true,
      automatic: null,
    });
    expect(saveText(ok)).toContain('The save succeeds');
    h.dice.queue(8);
    const failed = (await game.gng.egSave(rogue, 'will')) as ChatMessage;
    expect(cardStateOf(failed)).toMatchObject({ total: 9, success: false });
    expect(saveText(failed)).toContain('another swift action may try again');
  });

  it('granted by an adjacent ally: + ⌊passive Heal / 10⌋ = +1 (the fighter: Heal 0, passive 10); not adjacent: refused', async () => {
    const { rogue, fighter, fighterToken } = await fight();
    h.as(player);
    expect(await game.gng.egSave(rogue, 'reflex', { grantedBy: fighter })).toBeNull();
    expect(view.lastNotice()).toBe(
      '5th-level fighter is not adjacent to 1st-level rogue: a save is granted to an adjacent ally only. Nothing was rolled.',
    );
    h.as(gm);
    await (fighterToken.document as unknown as { update(d: object): Promise<unknown> }).update({
      x: 0,
      y: 100,
    });
    h.as(player);
    h.dice.queue(8);
    // Reflex 15 → +1; 8 + 1 + 1 = 10.
    const granted = (await game.gng.egSave(rogue, 'reflex', { grantedBy: fighter })) as ChatMessage;
    expect(cardStateOf(granted)).toMatchObject({ bonus: 1, granted: 1, total: 10, success: true });
    // The fighter's player may not spend the rogue's insight tokens, nor roll the rogue's own save.
    expect(await game.gng.egSave(rogue, 'reflex', { grantedBy: fighter, insight: 1 })).toBeNull();
    expect(await game.gng.egSave(rogue, 'will')).toBeNull();
    expect(saves()).toHaveLength(1);
  });

  it('insight tokens: spent before the roll, +2 each; more than the pool holds: refused, nothing rolled', async () => {
    const { rogue, combat } = await fight();
    h.as(gm);
    await changeTokens(combat, rogue, { insight: 2 }, 'test');
    h.as(otherPlayer);
    expect(await game.gng.egSave(rogue, 'will', { insight: 5 })).toBeNull();
    expect(view.lastNotice()).toBe(
      '1st-level rogue does not have enough insight tokens for that. Nothing was changed.',
    );
    expect(tokenPool(combat, rogue).encounter.insight).toBe(2);
    h.dice.queue(7);
    // 7 + 1 + 2 = 10.
    const message = (await game.gng.egSave(rogue, 'will', { insight: 1 })) as ChatMessage;
    expect(cardStateOf(message)).toMatchObject({ insight: 1, total: 10, success: true });
    expect(tokenPool(combat, rogue).encounter.insight).toBe(1);
    expect(saves()).toHaveLength(1);
  });
});
