/**
 * Token Action HUD Core support (issue #33; src/integrations/token-action-hud/): without the module
 * nothing of ours runs; with it (the stand-in of its documented API, test/harness/token-action-hud.ts)
 * our SystemManager answers its hook, the HUD lists what the sheet offers, and a click runs the
 * sheet's own call — the attack dialog, a save, a condition toggle, a reload through the GM in
 * combat, the Cast dialog, an abort the card offers — only for the actor's owners.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getHarness,
  installTokenActionHud,
  type HarnessCombat,
  type HudActionStandIn,
  type TokenActionHudStandIn,
} from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import { combatantOf, turnOf } from '../../src/combat/action-budget.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const { CastDialog } = await import('../../src/applications/cast-dialog.js');

beforeEach(() => h.reset(33));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const ids = (actions: HudActionStandIn[] | undefined) => (actions ?? []).map((a) => a.id);
const names = (actions: HudActionStandIn[] | undefined) => (actions ?? []).map((a) => a.name);
const item = (actor: Actor, name: string) => actor.items.find((i) => i.name === name) as Item;
const loaded = (gun: Item) =>
  (gun.system as unknown as { firearm: { ammunition: number } }).firearm.ammunition;

/** The abort buttons the current user sees on the card (the card's own rule for showing them). */
function abortButtons(message: ChatMessage): string[] {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return [...html.querySelectorAll<HTMLElement>('button[data-action]:not([disabled])')]
    .map((b) => `${b.dataset.action}${b.dataset.breaking ? '(breaking)' : ''}`)
    .filter((action) => /^(block|rollWithBlow|riposte)/.test(action));
}

describe('without Token Action HUD Core', () => {
  it('registers nothing and logs no error: only our hook listener waits for a module that never comes', async () => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    await attackActionsSettled();
    expect(game.modules.get('token-action-hud-core')).toBeUndefined();
    expect(h.hooks.fired).not.toContain('tokenActionHudCoreApiReady');
    expect(h.hooks.fired).not.toContain('tokenActionHudSystemReady');
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    error.mockRestore();
    warn.mockRestore();
  });
});

describe('with Token Action HUD Core', () => {
  let tah: TokenActionHudStandIn;
  beforeAll(async () => {
    tah = installTokenActionHud('2.1.0');
    await attackActionsSettled();
    await tah.settled();
  });

  /** The fighter (player's) with a pistol (2 of 10 rounds), a spell and a power, on a token. */
  async function gunFighter(): Promise<{ actor: Actor; token: Token }> {
    h.as(gm);
    const actor = await appendix3Fighter(h, player);
    await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Pistol',
        type: 'weapon',
        system: {
          use: 'ranged',
          damage: { medium: '2d6' },
          rangeIncrement: 30,
          equipped: true,
          firearm: { fireModes: ['semi'], capacity: 10, ammunition: 2, reload: 'move' },
        },
      },
      { name: 'Magic Missile', type: 'spell', system: { level: 1 } },
      { name: 'Mind Thrust', type: 'power', system: { level: 1 } },
    ]);
    return { actor, token: h.placeToken(actor) };
  }

  /** `user` selects `token` and the HUD is built on its client. */
  async function hudOf(user: User, token: Token) {
    h.as(user);
    h.control(user, token);
    const groups = await tah.build();
    if (!groups) throw new Error('no HUD');
    return groups;
  }

  async function click(id: string, options: { shift?: boolean; rightClick?: boolean } = {}) {
    tah.click(id, options);
    await attackActionsSettled();
  }

  it('answers the hook with our SystemManager (core major version 2) and its default layout', () => {
    expect(tah.systemModules).toHaveLength(1);
    const answer = tah.systemModules[0];
    expect(answer?.api?.requiredCoreModuleVersion).toBe('2');
    const Manager = answer?.api?.SystemManager as abstract new (...args: never[]) => object;
    expect(Manager.prototype).toBeInstanceOf(tah.module.api.SystemManager as abstract new () => object);
    const defaults = tah.systemManager?.defaults;
    expect(defaults?.layout.map((nest) => [nest.name, (nest.groups ?? []).map((g) => g.name)])).toEqual([
      ['Combat', ['Attacks', 'Maneuvers', 'Abort actions']],
      ['Checks', ['Abilities', 'Saves', 'Skills']],
      ['Magic', ['Spells', 'Powers']],
      ['Conditions', ['Conditions']],
    ]);
    expect(defaults?.layout[0]?.groups?.[0]).toMatchObject({ id: 'attacks', nestId: 'combat_attacks' });
    expect(defaults?.groups.map((g) => g.id)).toEqual([
      'attacks',
      'maneuvers',
      'aborts',
      'abilities',
      'saves',
      'skills',
      'spells',
      'powers',
      'conditions',
    ]);
    const manager = tah.systemManager as unknown as { getAvailableRollHandlers(): Record<string, string> };
    expect(manager.getAvailableRollHandlers()).toEqual({ core: "Grim-n-Gritty (the sheet's actions)" });
  });

  it('a core without the classes we extend gets no answer: a console warning, nothing registered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    h.hooks.callAll('tokenActionHudCoreApiReady', { api: { SystemManager: class {} } });
    await attackActionsSettled();
    expect(warn).toHaveBeenCalledWith(
      'Token Action HUD Core is active but does not offer the classes Grim-n-Gritty extends (version 2): its HUD shows no Grim-n-Gritty actions.',
    );
    expect(tah.systemModules).toHaveLength(1);
    warn.mockRestore();
  });

  it("lists the sheet's actions: attacks and reload, maneuvers, checks, spells and powers, conditions", async () => {
    const { actor, token } = await gunFighter();
    const hud = await hudOf(player, token);
    const sword = item(actor, 'Bastard sword');
    const pistol = item(actor, 'Pistol');
    const attacks = hud.get('attacks') ?? [];
    expect(ids(attacks)).toContain(`attack-${sword.id}`);
    // The pistol's attack, then its Reload with the rounds loaded (2 of 10).
    const pistolAt = ids(attacks).indexOf(`attack-${pistol.id}`);
    expect(attacks[pistolAt + 1]).toMatchObject({ id: `reload-${pistol.id}`, name: 'Reload Pistol' });
    expect(attacks[pistolAt + 1]?.info1.text).toBe('2 / 10');
    expect(ids(attacks).filter((id) => id.startsWith('reload-'))).toEqual([`reload-${pistol.id}`]);
    // The bonus shown is the sheet's (the derived attack row's).
    const row = (actor.system as CreatureData).derived.attacks.find((a) => a.itemId === sword.id);
    expect(attacks.find((a) => a.id === `attack-${sword.id}`)?.info1.text).toBe(`+${row?.bonus}`);
    expect(names(hud.get('maneuvers'))).toEqual(['Bull Rush', 'Trip', 'Throw', 'Grapple', 'Total defense']);
    expect(hud.get('aborts')).toEqual([]);
    expect(names(hud.get('abilities'))).toHaveLength(6);
    expect(names(hud.get('saves'))).toEqual(['Fortitude', 'Reflex', 'Will']);
    // Only the skills the fighter may roll: a trained-only skill without ranks is left out.
    const skills = ids(hud.get('skills'));
    expect(skills).toContain('skill-climb');
    expect(skills).not.toContain('skill-spellcraft');
    expect(names(hud.get('spells'))).toEqual(['Magic Missile']);
    expect(names(hud.get('powers'))).toEqual(['Mind Thrust']);
    const conditions = hud.get('conditions') ?? [];
    expect(conditions.find((c) => c.id === 'condition-blinded')?.cssClass).toBe('toggle');
    // The injury markers follow HP: not toggled from the HUD (nor from the sheet).
    expect(ids(conditions).some((id) => id.startsWith('condition-injury'))).toBe(false);
  });

  it('a prone fighter is offered Quick Stand, and its condition shows as on', async () => {
    const actor = await appendix3Fighter(h, player);
    await actor.toggleStatusEffect('prone');
    const hud = await hudOf(player, h.placeToken(actor));
    expect(names(hud.get('maneuvers')).at(-1)).toBe('Quick Stand');
    expect(hud.get('conditions')?.find((c) => c.id === 'condition-prone')?.cssClass).toBe('toggle active');
  });

  it('an attack opens the attack dialog for that weapon (Shift: the defaults, no dialog)', async () => {
    const { actor, token } = await gunFighter();
    const defender = await h.createActor({ name: 'Dummy', type: 'npc', system: { hp: { value: 10 } } });
    h.target(player, h.placeToken(defender));
    const sword = item(actor, 'Bastard sword');
    await hudOf(player, token);
    tah.click(`attack-${sword.id}`);
    const dialog = await vi.waitFor(() => {
      const open = h.openApplications().find((app) => app instanceof AttackDialog);
      if (!open) throw new Error('no attack dialog');
      return open as InstanceType<typeof AttackDialog> & HarnessApplicationV2;
    });
    expect(dialog.actor).toBe(actor);
    expect(dialog.weapon).toBe(sword);
    await dialog.close();
    await attackActionsSettled();
    const attack = vi.spyOn(game.gng, 'attack');
    await click(`attack-${sword.id}`, { shift: true });
    expect(attack).toHaveBeenCalledWith(actor, sword, expect.any(Object));
    expect(h.openApplications().some((app) => app instanceof AttackDialog)).toBe(false);
    attack.mockRestore();
  });

  it("right-click on an item's action opens the item's sheet and does nothing else", async () => {
    const { actor, token } = await gunFighter();
    const pistol = item(actor, 'Pistol');
    await hudOf(player, token);
    await click(`reload-${pistol.id}`, { rightClick: true });
    await vi.waitFor(() => expect(pistol.sheet?.rendered).toBe(true));
    expect(loaded(pistol)).toBe(2);
    await pistol.sheet?.close();
  });

  it('a save rolls; a condition toggles on and off; a spell opens the Cast dialog', async () => {
    const { actor, token } = await gunFighter();
    await hudOf(player, token);
    const before = game.messages.size;
    await click('save-fort');
    expect(game.messages.size).toBe(before + 1);
    expect(game.messages.contents.at(-1)?.flags?.gng).toMatchObject({ type: 'save', save: 'fort' });
    await click('condition-blinded');
    expect(actor.statuses.has('blinded')).toBe(true);
    await hudOf(player, token);
    await click('condition-blinded');
    expect(actor.statuses.has('blinded')).toBe(false);
    const spell = item(actor, 'Magic Missile');
    tah.click(`cast-${spell.id}`);
    const dialog = await vi.waitFor(() => {
      const open = h.openApplications().find((app) => app instanceof CastDialog);
      if (!open) throw new Error('no cast dialog');
      return open as InstanceType<typeof CastDialog> & HarnessApplicationV2;
    });
    expect(dialog.spell).toBe(spell);
    await dialog.close();
    await attackActionsSettled();
  });

  it('in combat, Reload asks the GM, who fills the magazine and spends the move action', async () => {
    const { actor, token } = await gunFighter();
    const other = await h.createActor({ name: 'Other', type: 'npc' });
    h.as(gm);
    const combat = h.startCombat([actor, other]) as HarnessCombat;
    await combat.begin();
    await attackActionsSettled();
    const pistol = item(actor, 'Pistol');
    await hudOf(player, token);
    await click(`reload-${pistol.id}`);
    expect(loaded(pistol)).toBe(10);
    expect(turnOf(combatantOf(actor) as Combatant)).toMatchObject({ move: false, attack: true });
    expect(h.notices.at(-1)?.message).toBe('Pistol reloaded (rounds: 10).');
  });

  it("another player's client refuses every action on an actor it does not own: nothing changes", async () => {
    const { actor, token } = await gunFighter();
    await hudOf(otherPlayer, token);
    const before = game.messages.size;
    await click('save-fort');
    expect(h.notices.at(-1)).toMatchObject({
      level: 'warn',
      message:
        '5th-level fighter is not yours: only its owners and the GM act for it from the HUD. Nothing was done.',
    });
    await click('condition-blinded');
    expect(actor.statuses.has('blinded')).toBe(false);
    await click(`reload-${item(actor, 'Pistol').id}`);
    expect(loaded(item(actor, 'Pistol'))).toBe(2);
    await click(`attack-${item(actor, 'Bastard sword').id}`);
    expect(h.openApplications().some((app) => app instanceof AttackDialog)).toBe(false);
    expect(h.notices.filter((n) => n.message.startsWith('5th-level fighter is not yours'))).toHaveLength(4);
    expect(game.messages.size).toBe(before);
  });

  it("lists the aborts the attack card offers the defender's owner, and Block goes through the GM", async () => {
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    const rogueToken = h.placeToken(rogue);
    h.as(player);
    h.target(player, rogueToken);
    h.dice.queue(10);
    const forced = tah.forcedUpdates;
    const message = (await game.gng.attack(fighter, item(fighter, 'Bastard sword'), {})) as ChatMessage;
    await attackActionsSettled();
    // A new attack card: the HUD is asked to rebuild (an abort may now be offered).
    expect(tah.forcedUpdates).toBeGreaterThan(forced);
    let hud = await hudOf(otherPlayer, rogueToken);
    expect(hud.get('aborts')).toEqual([]);
    const state = () => cardState(game.messages.get(message.id as string)) as AttackCardState;
    h.dice.queue(1);
    await requestCardAction(message.id as string, 'rollDefense', state().targets[0]?.id as string);
    await attackActionsSettled();
    expect(state().targets[0]?.result?.hit).toBe(true);
    hud = await hudOf(otherPlayer, rogueToken);
    // One melee weapon and no Breaking Block feat: one plain Block, as the card's buttons for this user.
    expect(names(hud.get('aborts'))).toEqual(["Block 5th-level fighter's attack"]);
    expect(abortButtons(message)).toEqual(['block']);
    const block = (hud.get('aborts') ?? [])[0] as HudActionStandIn;
    h.dice.queue(20);
    await click(block.id);
    expect(state().targets[0]?.aborts?.block).toBeTruthy();
    hud = await hudOf(otherPlayer, rogueToken);
    expect(names(hud.get('aborts')).some((name) => name.startsWith('Block'))).toBe(false);
    expect(abortButtons(message).some((action) => action.startsWith('block'))).toBe(false);
  });
});
