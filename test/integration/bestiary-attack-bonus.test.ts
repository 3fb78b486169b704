/**
 * Bestiary weapons carry their printed attack bonus (issue #33): the pack's brown bear prints "Claw
 * +11 melee … bite +6 melee" — the bite's −5 is the secondary natural attack the sheet cannot know.
 * The item's fixed `attackBonus` is what the sheet shows, the attack dialog previews (the odds use
 * the same number) and the card rolls; injury, conditions and effects still apply on top.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';

const h = await getHarness();
const { previewAttack } = await import('../../src/cards/attack/attack-preview.js');
const { gm } = h.users;
beforeEach(() => h.reset(34));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;

/** The pack's brown bear as a world actor. */
async function bear(): Promise<Actor> {
  const data = JSON.parse(
    readFileSync(join(ROOT, 'packs/_source/bestiary/bear-brown.json'), 'utf8'),
  ) as Record<string, unknown>;
  for (const key of ['_id', '_key', '_stats', 'folder', 'ownership', 'sort']) delete data[key];
  return h.createActor(data);
}
const weapon = (actor: Actor, name: string) => actor.items.find((i) => i.name === name) as Item;
const row = (actor: Actor, name: string) =>
  sys(actor).derived.attacks.find((a) => a.itemId === weapon(actor, name).id);

describe('the printed attack bonus of a bestiary weapon', () => {
  it('the bite is +6 as printed (secondary, −5), the claws +11; without it the sheet derives +11', async () => {
    const actor = await bear();
    expect((weapon(actor, 'Bite').system as unknown as { attackBonus: number | null }).attackBonus).toBe(6);
    expect(row(actor, 'Bite')?.bonus).toBe(6);
    expect(row(actor, 'Bite')?.parts).toEqual([{ label: 'GNG.Breakdown.Printed', value: 6 }]);
    expect(row(actor, 'Claws')?.bonus).toBe(11);
    // Blank (null): 6 HD animal, base attack +4, Str 27 (+8), Large (−1) = +11 for the bite too.
    await weapon(actor, 'Bite').update({ 'system.attackBonus': null });
    expect(row(actor, 'Bite')?.bonus).toBe(11);
  });

  it('the attack card rolls it and the dialog (and so the odds) preview it: d20 10 + 6 = 16', async () => {
    const actor = await bear();
    const target = await h.createActor({ name: 'Goblin', type: 'npc', system: {} });
    h.as(gm);
    expect(previewAttack(actor, weapon(actor, 'Bite'), {})?.total).toBe(6);
    h.target(gm, h.placeToken(target));
    h.dice.queue(10);
    const message = (await game.gng.attack(actor, weapon(actor, 'Bite'))) as ChatMessage;
    await attackActionsSettled();
    const state = cardState(game.messages.get(message.id as string)) as AttackCardState;
    expect(state.attack.bonus).toBe(6);
    expect(state.attack.total).toBe(16);
  });

  it('an effect on attacks still adds: +6 printed, +2 from the effect = +8', async () => {
    const actor = await bear();
    await actor.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Bless', changes: [{ key: 'system.attack.bonuses.melee', mode: 2, value: '2' }] },
    ]);
    expect(row(actor, 'Bite')?.bonus).toBe(8);
  });

  it('the sheet shows the printed bonus, and the item sheet edits it as "Fixed attack bonus"', async () => {
    const actor = await bear();
    const sheet = await openSheetOn(h, actor, 'combat');
    const line = (name: string) =>
      sheet.element
        .querySelector(`li.attack[data-item-id="${weapon(actor, name).id}"]`)
        ?.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(line('Bite')).toContain('+6');
    expect(line('Bite')).toContain('Printed attack bonus (stat block)');
    expect(line('Claws')).toContain('+11');
    const item = weapon(actor, 'Bite');
    await item.sheet?.render({ force: true });
    await attackActionsSettled();
    const input = (item.sheet as unknown as { element: HTMLElement }).element.querySelector<HTMLInputElement>(
      'input[name="system.attackBonus"]',
    );
    expect(input?.value).toBe('6');
  });
});
