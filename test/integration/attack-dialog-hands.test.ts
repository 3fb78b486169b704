/**
 * What the hands hold, in the attack dialog (a newcomer's report on issue #18's options):
 * - two-weapon fighting needs a weapon in each hand (core "Attacking with Two Weapons": "If the
 *   character wields a second weapon in his or her off hand"): an equipped shield other than a buckler
 *   fills the off hand, so the dialog offers no off-hand weapon and a request with one is refused; a
 *   buckler leaves the hand free (docs/rules.md "At the table (issue #18, glue)");
 * - Power Attack doubles Strength to damage only with a two-handed grip (Appendix 4; engine
 *   `strengthDamageBonus`): with a one-handed grip the dialog says so next to the checkbox.
 * The Appendix 3 fighter carries a large steel shield (equipped) and a bastard sword (+9, 1d10 + 4).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAGGER } from '../fixtures/weapons.js';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { withFeats } from '../fixtures/cards.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';

const h = await getHarness();
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const { player } = h.users;
beforeEach(() => h.reset(20));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;
const shield = (actor: Actor) => actor.items.find((i) => i.type === 'shield') as Item;

async function fighterWithDagger(): Promise<Actor> {
  const actor = await appendix3Fighter(h, player);
  await actor.createEmbeddedDocuments('Item', [DAGGER]);
  h.placeToken(actor);
  return actor;
}

async function openDialog(actor: Actor, weapon: Item): Promise<HarnessApplicationV2> {
  const target = await h.createActor({ name: 'Dummy', type: 'npc', system: { hp: { value: 10 } } });
  const token = h.placeToken(target);
  h.as(player);
  h.target(player, token);
  void AttackDialog.prompt(actor, weapon);
  return vi.waitFor(() => {
    const app = h.openApplications().find((a) => a instanceof AttackDialog);
    if (!app) throw new Error('no dialog');
    return app as unknown as HarnessApplicationV2;
  });
}

describe('two-weapon fighting and a shield', () => {
  it('a shield in the off hand: no two-weapon fighting; a buckler leaves it free', async () => {
    const f = await fighterWithDagger();
    expect(shield(f).system).toMatchObject({ equipped: true, shieldSize: 'large' });
    const dagger = f.items.find((i) => i.name === 'Dagger') as Item;
    let dialog = await openDialog(f, sword(f));
    // The large shield is held: no off-hand choice at all.
    expect(dialog.element.querySelector('select[name="offHand"]')).toBeNull();
    await dialog.close();

    // A request naming the dagger anyway (a macro, a hand-written request) is refused, saying why.
    h.dice.queue(10);
    expect(await game.gng.attack(f, sword(f), { offHand: dagger.id as string })).toBeNull();
    await attackActionsSettled();
    expect(h.notices.at(-1)?.message).toContain(
      'Two weapons need a weapon in each hand: Large steel shield fills the off hand',
    );

    // A buckler is strapped to the forearm: the dagger is offered (light off hand: −6 + 2, −10 + 2).
    await shield(f).update({ 'system.shieldSize': 'buckler' });
    dialog = await openDialog(f, sword(f));
    const choices = [...dialog.element.querySelectorAll('select[name="offHand"] option')].map((o) =>
      o.textContent?.trim(),
    );
    expect(choices).toContain('Dagger (primary -4, off hand -8)');
    await dialog.close();

    // The shield put away: offered as well.
    await shield(f).update({ 'system.shieldSize': 'large', 'system.equipped': false });
    dialog = await openDialog(f, sword(f));
    expect(dialog.element.querySelector('select[name="offHand"]')).not.toBeNull();
  });
});

describe('Power Attack and the grip', () => {
  it('with a one-handed grip the dialog says Power Attack adds nothing; with two hands it says nothing', async () => {
    const f = await withFeats(await appendix3Fighter(h, player), ['power-attack']);
    await shield(f).update({ 'system.equipped': false });
    h.placeToken(f);
    const dialog = await openDialog(f, sword(f));
    const hint = () => dialog.element.querySelector<HTMLElement>('.power-attack-hint');
    const box = dialog.element.querySelector<HTMLInputElement>('input[name="powerAttack"]');
    expect(box?.disabled).toBe(false);
    expect(box?.getAttribute('aria-describedby')).toBe(hint()?.id);
    // The bastard sword's grip choices: one hand or two.
    const grip = dialog.element.querySelector<HTMLSelectElement>('select[name="grip"]');
    const values = [...(grip?.options ?? [])].map((o) => o.value);
    expect(values).toEqual(expect.arrayContaining(['one-handed', 'two-handed']));
    await h.change(dialog, 'select[name="grip"]', 'one-handed');
    expect(hint()?.hidden).toBe(false);
    expect(hint()?.textContent).toBe(
      'Adds nothing with this grip (One hand): Power Attack doubles Strength to damage only with a two-handed grip.',
    );
    await h.change(dialog, 'select[name="grip"]', 'two-handed');
    expect(hint()?.hidden).toBe(true);
    expect(hint()?.textContent).toBe('');
  });
});
