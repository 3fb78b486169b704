/**
 * Golden snapshots of today's cards (issue #26), before the callers go through the CombatModel seam:
 * after every step of a flow, the card's state (`flags.gng` of its chat message; a typed card's `system`
 * recorded under its flag's name), its stored HTML
 * (`content`), the HTML the GM sees (`renderChatMessageHTML`: the buttons), and the HP and statuses
 * of the actors in it. The flows: the README's exchange with the samples (attack, Defense, damage,
 * Apply, Undo), a called shot (Stun + Vital Strike, its attack of opportunity and Fortitude save), a
 * grapple (Improved and Advanced Grapple: the hold, a choke, Undo) and a linear burst (two targets,
 * Apply, the burst's Undo). Dice are queued in the order they are rolled; ids become placeholders
 * (test/fixtures/golden.ts). Update only when a change of behaviour is meant (docs/architecture.md).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cardHelpers, cardStateOf, withFeats } from '../fixtures/cards.js';
import { goldenJson, recordRandomIds } from '../fixtures/golden.js';
import { burstGunner } from '../fixtures/gunners.js';
import { tokenHelpers } from '../fixtures/tokens.js';
import { getHarness, ROOT, type HarnessCombat } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { requestBurstAction } from '../../src/cards/burst/burst-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { click, orc } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
let randomIds = new Set<string>();
beforeEach(() => {
  h.reset(26);
  randomIds = recordRandomIds();
});
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const target = (message: ChatMessage) =>
  (cardState(fresh(message)) as AttackCardState).targets[0] as CardTarget;

/** A typed card's state as its own reader gives it (the attack card's drops its unused parts). */
const stateOf = (m: ChatMessage): unknown => {
  if (m.type === 'attack') return cardState(m);
  // A typed card's schema stores "no notes" as an empty list where the flag left the key out. The
  // grapple card's `view` (its actors' statuses, feats and weapons as it draws them, GM-written since
  // the render reads no actor: grapple-view.ts) is left out: the actors are recorded beside it.
  const { undoNotes, view: _view, ...rest } = cardStateOf(m) ?? {};
  return Array.isArray(undoNotes) && undoNotes.length === 0 ? rest : { ...rest, undoNotes };
};

/** The steps of one flow: what the card and its actors are after each. */
function recorder(actors: Actor[]) {
  const steps: unknown[] = [];
  return {
    steps,
    record(step: string, message: ChatMessage) {
      const m = fresh(message);
      const user = game.user;
      h.as(gm);
      steps.push({
        step,
        // A typed card's state is its `system` (issue #34): recorded where its flag held it before.
        flags: m.type === 'base' ? (m.flags?.gng ?? null) : { ...m.flags?.gng, [m.type]: stateOf(m) },
        content: m.content,
        gmView: h.renderMessage(m).outerHTML,
        actors: actors.map((a) => ({
          name: a.name,
          hp: (a.system as unknown as CreatureData).hp,
          statuses: [...a.statuses].sort(),
          effects: a.effects.contents.map((e) => ({
            name: e.name,
            statuses: [...e.statuses].sort(),
            duration: e.duration,
            flags: e.flags,
          })),
        })),
      });
      h.as(user);
    },
  };
}

/** Clicks `action` on the card as the current user, then records the step (named `step`, else the action). */
async function clickAndRecord(
  record: (step: string, message: ChatMessage) => void,
  message: ChatMessage,
  action: string,
  step = action,
): Promise<void> {
  await click(message, action);
  record(step, message);
}

/** A sample of the samples pack as a GM's import makes it. */
async function sample(file: string, owner: User): Promise<Actor> {
  const data = JSON.parse(
    readFileSync(join(ROOT, 'packs/_source/samples', `${file}.json`), 'utf8'),
  ) as Record<string, unknown>;
  for (const key of ['_id', '_key', '_stats', 'folder', 'ownership', 'sort']) delete data[key];
  return h.createActor(data, owner);
}

describe('golden: the attack card', () => {
  it("the README's exchange: attack, Defense, damage, Apply, Undo", async () => {
    const fighter = await sample('appendix3-fighter-5', player);
    const rogue = await sample('appendix3-rogue-1', otherPlayer);
    const { steps, record } = recorder([fighter, rogue]);
    h.as(gm);
    const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
    await combat.begin();
    h.as(player);
    h.target(player, h.placeToken(rogue));
    h.dice.queue(10);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, sword, {})) as ChatMessage;
    await attackActionsSettled();
    record('attack', message);
    h.as(otherPlayer);
    h.dice.queue(12);
    await clickAndRecord(record, message, 'rollDefense');
    h.as(player);
    h.dice.queue(6);
    await clickAndRecord(record, message, 'rollDamage');
    await clickAndRecord(record, message, 'applyDamage');
    await clickAndRecord(record, message, 'undoDamage');
    expect(target(message).applied).toBeNull();
    await expect(goldenJson(steps, randomIds)).toMatchFileSnapshot('../golden/card-readme-exchange.json');
  });

  it('a called shot: Stun + Vital Strike, the attack of opportunity declined, the Fortitude save, Undo', async () => {
    const fighter = await appendix3Fighter(h, player);
    const defender = await orc();
    const { steps, record } = recorder([fighter, defender]);
    h.placeToken(fighter);
    h.as(player);
    h.target(player, h.placeToken(defender));
    h.dice.queue(15);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, sword, {
      calledShots: ['stun', 'vital-strike'],
    })) as ChatMessage;
    await attackActionsSettled();
    record('attack', message);
    h.as(gm);
    h.dice.queue(1);
    await clickAndRecord(record, message, 'rollDefense');
    await clickAndRecord(record, message, 'declineAttackOfOpportunity');
    h.as(player);
    h.dice.queue(4);
    await clickAndRecord(record, message, 'rollDamage');
    await clickAndRecord(record, message, 'applyDamage');
    h.as(gm);
    h.dice.queue(1);
    await clickAndRecord(record, message, 'conditionSave');
    await clickAndRecord(record, message, 'undoDamage');
    expect(target(message).calledShot?.condition).toBeNull();
    await expect(goldenJson(steps, randomIds)).toMatchFileSnapshot('../golden/card-called-shot.json');
  });
});

describe('golden: the grapple card', () => {
  it('Improved and Advanced Grapple: touch attack, hold and its damage, a choke with its save, Undo', async () => {
    const grappler = await withFeats(
      await h.createActor(
        { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
        otherPlayer,
      ),
      ['improved-grapple', 'advanced-grapple'],
    );
    const victim = await h.createActor(
      {
        name: 'Victim',
        type: 'npc',
        system: {
          abilities: { con: { value: 30 } },
          hp: { value: 30 },
          skills: { escapeArtist: { ranks: 6 } },
        },
      },
      player,
    );
    const { steps, record } = recorder([grappler, victim]);
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(victim));
    h.dice.queue(15); // Improved Grapple: no attack of opportunity, the touch attack at once
    const message = (await game.gng.grapple(grappler)) as ChatMessage;
    await attackActionsSettled();
    record('grapple', message);
    h.as(player);
    h.dice.queue(2, 10);
    await clickAndRecord(record, message, 'oppose', 'touch Defense'); // the touch Defense; the hit rolls the hold check
    h.dice.queue(5, 1);
    await clickAndRecord(record, message, 'oppose', 'hold'); // the victim's check, then the hold's damage
    h.as(otherPlayer);
    h.dice.queue(15);
    await click(message, 'choke');
    h.as(player);
    h.dice.queue(12, 1, 1, 3);
    await clickAndRecord(record, message, 'oppose', 'choke');
    h.as(otherPlayer);
    await clickAndRecord(record, message, 'undo');
    await expect(goldenJson(steps, randomIds)).toMatchFileSnapshot('../golden/card-grapple.json');
  });
});

describe('golden: the burst card', () => {
  it('a linear burst: two targets, Defense rolls, Apply, the burst’s Undo', async () => {
    const { actor: gunner, gun } = await burstGunner(h);
    const { placeNew: place } = tokenHelpers(h);
    const targets: Actor[] = [];
    for (const [name, column] of [
      ['Near', 2],
      ['Far', 12],
    ] as const) {
      const actor = await h.createActor({
        name,
        type: 'npc',
        system: { abilities: { con: { value: 30 } }, hp: { value: 30 }, skills: { jump: { ranks: 10 } } },
      });
      await place(actor, column);
      targets.push(actor);
    }
    const { steps, record } = recorder([gunner, ...targets]);
    h.as(player);
    h.dice.queue(5, 6);
    await game.gng.burst(gunner, gun as Item, { kind: 'linear', direction: 0 });
    await attackActionsSettled();
    const card = game.messages.contents.at(-1) as ChatMessage;
    record('burst', card);
    const act = async (user: User, action: string, targetId: string, dice: number[] = []) => {
      h.as(user);
      h.dice.queue(...dice);
      expect(await requestBurstAction(card.id as string, action as never, targetId, {})).toMatchObject({
        ok: true,
      });
      await attackActionsSettled();
      record(`${action} ${targetId === 'burst' ? '' : targetId}`.trim(), card);
    };
    const ids = (cardStateOf(fresh(card)) as { targets: { id: string }[] }).targets.map((t) => t.id);
    await act(gm, 'rollDefense', ids[0] as string, [6]);
    await act(gm, 'rollDefense', ids[1] as string, [5]);
    await act(gm, 'applyDamage', ids[0] as string, [3, 4]);
    await act(gm, 'undoBurst', 'burst');
    await expect(goldenJson(steps, randomIds)).toMatchFileSnapshot('../golden/card-burst.json');
  });
});
