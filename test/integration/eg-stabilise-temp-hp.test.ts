/**
 * The Enlightened Grognard's stabilising and temporary HP on the harness (issue #31, round 2 gaps).
 * Worked by hand from the text:
 * - "You can stabilize a dying character with a Heal check. The DC of this check is equal to the
 *   character's negative hit point total" (003:1046–1047): at −12 HP the DC is 12, so with a Heal
 *   bonus of +5 (3 ranks + Wis 14's +2) a d20 of 6 (11) fails and 7 (12) succeeds. "A stabilized
 *   character becomes conscious and disabled rather than dying" (003:1048): `stable`, neither
 *   `dying` nor `unconscious`. In a begun combat it is the healer's standard action, one a turn
 *   (003:599: "a standard action, a move action, a swift action"; the core rules' "Make a dying
 *   character stable" is an attack action, 004:227).
 * - "Temporary hit points do not stack … you may only use the temporary hit points from one of
 *   those sources" (003:1061–1062): 5 then 3 keeps 5, 5 then 8 keeps 8, even for an effect that
 *   says it stacks (GnG's `stacks: true` adds them: 5 + 3 = 8).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { egGoblin, useEgWorld, worldPlays } from '../fixtures/eg-world.js';
import { requestStabilizeUndo, stabilizeCardOf } from '../../src/cards/dying/stabilize-actions.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { worldModelReady } from '../../src/settings/combat-model.js';
import { healthStatusesOf } from '../../src/combat/model-health.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
useEgWorld(h, 47);

const sys = (actor: Actor) => actor.system as CreatureData;
const statuses = (actor: Actor) =>
  ['dying', 'stable', 'unconscious', 'dead'].filter((id) => actor.statuses.has(id));
const stabilizeCards = () => game.messages.contents.filter((m) => stabilizeCardOf(m) !== null);
const text = (message: ChatMessage) => {
  const div = h.window.document.createElement('div');
  div.innerHTML = (game.messages.get(message.id as string)?.content ?? '').replace(/</g, ' <');
  return (div.textContent ?? '').replace(/\s+/g, ' ');
};

/** The healer (Player's): Wis 14 (+2), 3 ranks of Heal: Heal +5. */
async function healer(owner = player, name = 'Healer Hana'): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor(
    {
      name,
      type: 'character',
      system: { abilities: { con: { value: 14 }, wis: { value: 14 } }, skills: { heal: { ranks: 3 } } },
    },
    owner,
  );
  expect(sys(actor).derived.skills.heal.total).toBe(5);
  return actor;
}

/** The GM's goblin at −12 HP: dying and unconscious (003:1019). */
async function dyingGoblin(): Promise<Actor> {
  const goblin = await egGoblin(h, { value: -12 });
  for (const status of ['dying', 'unconscious'])
    if (!goblin.statuses.has(status)) await goblin.toggleStatusEffect(status, { active: true });
  expect(healthStatusesOf(goblin)).toEqual(['dying', 'unconscious']);
  expect(statuses(goblin)).toEqual(['dying', 'unconscious']);
  return goblin;
}

describe('stabilising a dying creature (R24: Heal DC = the negative HP total)', () => {
  it("the healer's owner asks; 11 against DC 12 fails, 12 succeeds: stable, conscious and disabled; the GM's Undo", async () => {
    const goblin = await dyingGoblin();
    const hana = await healer();
    h.as(player);
    h.dice.queue(6);
    expect(await game.gng.stabilize(goblin, hana)).toMatchObject({ ok: true });
    await attackActionsSettled();
    const failed = stabilizeCards().at(-1) as ChatMessage;
    expect(stabilizeCardOf(failed)).toMatchObject({ natural: 6, bonus: 5, total: 11, dc: 12, stable: false });
    expect(statuses(goblin)).toEqual(['dying', 'unconscious']);

    h.dice.queue(7);
    expect(await game.gng.stabilize(goblin, hana)).toMatchObject({ ok: true });
    await attackActionsSettled();
    const success = stabilizeCards().at(-1) as ChatMessage;
    expect(stabilizeCardOf(success)).toMatchObject({ total: 12, dc: 12, stable: true, model: 'eg' });
    expect(statuses(goblin)).toEqual(['stable']);
    expect(sys(goblin).hp.value).toBe(-12);
    // The model reads `stable`: disabled, not dying, not unconscious.
    expect(healthStatusesOf(goblin)).toEqual([]);
    expect(text(success)).toContain('Goblin is stable: conscious and disabled rather than dying');
    expect(text(success)).not.toContain('provokes');

    // Only the GM undoes; the Undo puts dying and unconscious back and takes stable off.
    expect(await requestStabilizeUndo(success.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Stabilize.Error.UndoGM',
    });
    expect(statuses(goblin)).toEqual(['stable']);
    h.as(gm);
    expect(await requestStabilizeUndo(success.id as string)).toMatchObject({ ok: true });
    expect(statuses(goblin)).toEqual(['dying', 'unconscious']);
    expect(stabilizeCardOf(game.messages.get(success.id as string))?.applied).toBeNull();
  });

  it("in a begun combat it takes the healer's standard action on its own turn; Undo gives it back", async () => {
    const goblin = await dyingGoblin();
    const hana = await healer();
    h.as(gm);
    const combat = h.startCombat([hana, goblin]);
    await combat.startCombat();
    await attackActionsSettled();
    expect(combat.combatant?.actor).toBe(hana);
    h.as(player);
    h.dice.queue(6); // 11 against DC 12
    expect(await game.gng.stabilize(goblin, hana)).toMatchObject({ ok: true });
    await attackActionsSettled();
    const failed = stabilizeCards().at(-1) as ChatMessage;
    expect(stabilizeCardOf(failed)).toMatchObject({ stable: false, inCombat: true });
    expect(text(failed)).toContain("Healer Hana's standard action is spent.");
    expect(text(failed)).not.toContain('provokes');
    // One standard action a turn (003:599): a second check is refused, nothing rolled or posted.
    const messages = game.messages.size;
    expect(await game.gng.stabilize(goblin, hana)).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Budget.Refusal.noStandard',
    });
    expect(game.messages.size).toBe(messages);
    // The GM's Undo gives the action back: the next check is allowed, and succeeds.
    h.as(gm);
    expect(await requestStabilizeUndo(failed.id as string)).toMatchObject({ ok: true });
    h.as(player);
    h.dice.queue(7);
    expect(await game.gng.stabilize(goblin, hana)).toMatchObject({ ok: true });
    expect(statuses(goblin)).toEqual(['stable']);
    // Off the healer's turn: refused.
    h.as(gm);
    await goblin.toggleStatusEffect('stable', { active: false });
    await goblin.toggleStatusEffect('dying', { active: true });
    await combat.nextTurn();
    await attackActionsSettled();
    h.as(player);
    expect(await game.gng.stabilize(goblin, hana)).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Budget.Refusal.notYourTurn',
    });
    h.as(gm);
    await combat.delete();
  });

  it('a creature knocked out by nonlethal damage stays unconscious once stable', async () => {
    const goblin = await dyingGoblin();
    await goblin.update({ 'system.hp.nonlethal': 3 });
    const hana = await healer();
    h.as(player);
    h.dice.queue(20); // 25 against DC 12
    expect(await game.gng.stabilize(goblin, hana)).toMatchObject({ ok: true });
    expect(statuses(goblin)).toEqual(['stable', 'unconscious']);
  });

  it("refuses another player's healer, a creature that is not dying, and a model with neither dying rule", async () => {
    const goblin = await dyingGoblin();
    const hana = await healer();
    const messages = game.messages.size;
    h.as(otherPlayer);
    expect(await game.gng.stabilize(goblin, hana)).toMatchObject({
      ok: false,
      error: 'GNG.Stabilize.Error.NotOwner',
    });
    expect(h.notices.at(-1)?.message).toBe('You do not own Healer Hana.');
    const olaf = await healer(otherPlayer, 'Other Olaf');
    h.as(otherPlayer);
    expect(await game.gng.stabilize(hana, olaf)).toMatchObject({
      ok: false,
      error: 'GNG.Stabilize.Error.NotDying',
    });
    expect(statuses(goblin)).toEqual(['dying', 'unconscious']);

    await worldPlays(h, 'saga');
    await worldModelReady();
    h.as(player);
    expect(await game.gng.stabilize(goblin, hana)).toMatchObject({
      ok: false,
      error: 'GNG.Error.Model.Capability',
    });
    expect(game.messages.size).toBe(messages);
    expect(statuses(goblin)).toEqual(['dying', 'unconscious']);
  });
});

describe('temporary HP do not stack (R26)', () => {
  it('5 then 3 keeps 5, then 8 keeps 8; a grant that "stacks" keeps the larger too; GnG adds them', async () => {
    const hana = await healer();
    h.as(gm);
    await game.gng.grantTemporaryHp(hana, 5);
    await game.gng.grantTemporaryHp(hana, 3);
    expect(sys(hana).hp.temp).toBe(5);
    expect(await game.gng.grantTemporaryHp(hana, 3, { stacks: true })).toMatchObject({ ok: true });
    expect(sys(hana).hp.temp).toBe(5);
    expect(text(game.messages.contents.at(-1) as ChatMessage)).toContain(
      "Healer Hana gains 3 temporary HP; under the Enlightened Grognard temporary HP never stack (one source's only): the larger pool, 5, is kept.",
    );
    await game.gng.grantTemporaryHp(hana, 8, { stacks: true });
    expect(sys(hana).hp.temp).toBe(8);

    await worldPlays(h, 'gng');
    await game.gng.grantTemporaryHp(hana, 3, { stacks: true });
    expect(sys(hana).hp.temp).toBe(11);
  });
});
