/**
 * The attack dialog, the sheet's Attack button and the weapon hotbar macros on the harness: the
 * dialog shows the engine's attack bonus live as choices change, resolves with the chosen
 * `AttackOptions` (null when cancelled), Shift-click skips it; a weapon dropped on the hotbar becomes
 * one macro whose command attacks for the actor the user owns, and warns anyone else.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import type { HarnessMacro, HarnessUser } from '../harness/documents.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import type { AttackDialog as AttackDialogClass } from '../../src/applications/attack-dialog.js';
import { DEFAULT_ATTACK_OPTIONS } from '../../src/cards/attack/attack-options.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import type { GnGActor } from '../../src/documents/actor.js';
import {
  attackRollModifiers,
  calledShotPenalty,
  CALLED_SHOT_EFFECTS,
  strengthDamageBonus,
} from '../../src/rules/index.js';
import { openTab } from '../fixtures/sheet-tabs.js';

const h = await getHarness();
// Loaded once the harness installed Foundry's globals (the dialog's module reads them).
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
/**
 * An attack needs a targeted token (the dialog is refused before it opens without one): every user
 * targets this defender's token unless a test says otherwise.
 */
async function targetADefender(): Promise<Token> {
  const defender = await h.createActor({ name: 'Target dummy', type: 'npc', system: { hp: { value: 10 } } });
  const token = h.placeToken(defender);
  for (const user of [h.users.gm, h.users.player, h.users.otherPlayer]) h.target(user, token);
  return token;
}
beforeEach(async () => {
  h.reset(5);
  await targetADefender();
});

type Dialog = AttackDialogClass & HarnessApplicationV2;
const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const text = (app: HarnessApplicationV2, selector: string) =>
  app.element.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
const swordOf = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;

/** The attack dialog open now (waits for it to render). */
async function openDialog(): Promise<Dialog> {
  return vi.waitFor(() => {
    const dialog = h.openApplications().find((app) => app instanceof AttackDialog);
    if (!dialog) throw new Error('no attack dialog is open');
    return dialog as Dialog;
  });
}

function keydown(dialog: Dialog, selector: string, key: string): void {
  const target = dialog.element.querySelector(selector) as HTMLElement;
  target.dispatchEvent(
    new h.window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }) as unknown as Event,
  );
}

/**
 * Watches `game.gng.attack` (the attack flow, src/cards/attack/attack-actions.ts) while it runs for real:
 * a spy that calls through, not a stub.
 */
function watchAttackFlow() {
  if (typeof game.gng.attack !== 'function')
    throw new Error('game.gng.attack is not available: these tests need the attack flow');
  return vi.spyOn(game.gng, 'attack');
}

async function fighterWithFeats(...identifiers: string[]): Promise<Actor> {
  const actor = await appendix3Fighter(h, h.users.player);
  await actor.createEmbeddedDocuments(
    'Item',
    identifiers.map((identifier) => ({ name: identifier, type: 'feat', system: { identifier } })),
  );
  return actor;
}

describe('attack dialog', () => {
  it('renders every control labelled, with no missing i18n key, and focus inside', async () => {
    const actor = await appendix3Fighter(h);
    const result = AttackDialog.prompt(actor, swordOf(actor));
    const dialog = await openDialog();
    expect(h.i18n.missing).toEqual(new Set());
    expect(dialog.element.tagName).toBe('FORM');
    expect(dialog.element.getAttribute('aria-label')).toBe('Attack: Bastard sword');
    const controls = [...dialog.element.querySelectorAll<HTMLInputElement>('input, select')];
    // situational 3 + touch, nonlethal + defender situation 3 + grip + power attack + bonus + called
    // shots + Stab and Grab's single-edged claim (no strike feat: no strike controls) + the combat
    // options: the one target's concealment and fighting defensively (a melee weapon, no second weapon)
    // + the card's roll mode (issue #27).
    // No sneak attack dice to fill in: the card counts them (issue #28).
    expect(controls.length).toBe(3 + 2 + 3 + 1 + 1 + 1 + CALLED_SHOT_EFFECTS.length + 1 + 2 + 1);
    for (const control of controls) {
      const label = dialog.element.querySelector(`label[for="${control.id}"]`);
      expect(label?.textContent?.trim(), control.name).toBeTruthy();
    }
    const labels = [...dialog.element.querySelectorAll('.attack-situation label')].map((l) =>
      l.textContent?.trim(),
    );
    expect(labels).toEqual([
      'Flanking',
      'On higher ground',
      'Squeezing through a space',
      'Touch attack',
      'Deal nonlethal damage',
    ]);
    const defender = [...dialog.element.querySelectorAll('.attack-defender label')].map((l) =>
      l.textContent?.trim(),
    );
    expect(defender).toEqual([
      'Behind cover (+4 Defense)',
      'Kneeling or sitting (−2 Defense vs melee, +2 vs ranged)',
      'Squeezing through a space (−4 Defense)',
    ]);
    expect(text(dialog, '.attack-total')).toBe('+9');
    // No called shot chosen: no called-shot penalty line (it shows once, among the bonus lines, when chosen).
    expect(dialog.element.querySelector('.called-shot-line')).toBeNull();
    expect(dialog.element.querySelector('.attack-total')?.getAttribute('aria-live')).toBe('polite');
    expect(h.window.document.activeElement).toBe(
      dialog.element.querySelector('input[name="situational.flanking"]'),
    );
    await h.click(dialog, 'button[data-action="cancel"]');
    expect(await result).toBeNull();
  });

  it('flanking + touch change the live bonus by exactly the engine numbers', async () => {
    const actor = await appendix3Fighter(h);
    const base = sys(actor).derived.attacks[0]?.bonus as number;
    void AttackDialog.prompt(actor, swordOf(actor));
    const dialog = await openDialog();
    expect(text(dialog, '.attack-total')).toBe(signed(base));

    await h.change(dialog, 'input[name="situational.flanking"]', true);
    const flanking = attackRollModifiers({ mode: 'melee', conditions: ['flanking'] }).total;
    expect(text(dialog, '.attack-total')).toBe(signed(base + flanking));

    await h.change(dialog, 'input[name="touch"]', true);
    const both = attackRollModifiers({ mode: 'melee', conditions: ['flanking'], touch: true }).total;
    expect(both).toBe(flanking + 4);
    expect(text(dialog, '.attack-total')).toBe(signed(base + both));
    const lines = [...dialog.element.querySelectorAll('.attack-line')].map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    );
    // The sheet's +9 itemized as Defense is: base attack bonus, Strength, size — the engine's numbers.
    const d = sys(actor).derived;
    expect(d.bab + d.abilities.str.mod).toBe(9); // a Medium fighter: size +0
    expect(lines).toEqual([
      `Base attack bonus ${signed(d.bab)}`,
      `Strength ${signed(d.abilities.str.mod)}`,
      'Size +0',
      'Flanking +2',
      'Touch attack +4',
    ]);
    expect(lines.join(' ')).not.toContain('Base attack, ability and size');
    await dialog.close();
  });

  it('a called shot (stun + vital strike) with Improved Called Shot shows the engine penalty', async () => {
    const actor = await fighterWithFeats('improved-called-shot');
    void AttackDialog.prompt(actor, swordOf(actor));
    const dialog = await openDialog();
    await h.change(dialog, 'input[name="calledShots.stun"]', true);
    await h.change(dialog, 'input[name="calledShots.vital-strike"]', true);
    const penalty = calledShotPenalty(['stun', 'vital-strike'], { improvedCalledShot: true });
    expect(penalty).toBe(-10);
    // The penalty shows once: one called-shot line, no second summary of it.
    expect(dialog.element.querySelectorAll('.called-shot-line')).toHaveLength(1);
    expect(text(dialog, '.called-shot-line .value')).toBe(signed(penalty));
    expect(dialog.element.querySelector('.attack-preview')?.textContent).not.toContain('strike penalty');
    expect(text(dialog, '.attack-total')).toBe(signed(9 + penalty));
    expect(text(dialog, '.attack-called-shot')).toContain('Improved Called Shot');
    // Without the feat the same effects cost their printed penalties.
    await dialog.close();
    const plain = await appendix3Fighter(h);
    void AttackDialog.prompt(plain, swordOf(plain));
    const other = await openDialog();
    await h.change(other, 'input[name="calledShots.stun"]', true);
    await h.change(other, 'input[name="calledShots.vital-strike"]', true);
    expect(text(other, '.called-shot-line .value')).toBe(signed(calledShotPenalty(['stun', 'vital-strike'])));
    await other.close();
  });

  it('grip and Power Attack change Strength to damage through the engine', async () => {
    const actor = await fighterWithFeats('power-attack');
    void AttackDialog.prompt(actor, swordOf(actor));
    const dialog = await openDialog();
    const grips = [...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="grip"] option')];
    expect(grips.map((o) => o.value)).toEqual(['one-handed', 'two-handed', 'off-hand']);
    const str = sys(actor).derived.abilities.str.mod;
    expect(text(dialog, '.strength-damage')).toBe(
      signed(strengthDamageBonus({ strengthModifier: str, grip: 'one-handed' })),
    );
    await h.change(dialog, 'select[name="grip"]', 'two-handed');
    await h.change(dialog, 'input[name="powerAttack"]', true);
    expect(text(dialog, '.strength-damage')).toBe(
      signed(strengthDamageBonus({ strengthModifier: str, grip: 'two-handed', powerAttack: true })),
    );
    await dialog.close();
  });

  it('a light weapon offers two hands without the extra Strength; no Power Attack without the feat', async () => {
    const actor = await appendix3Fighter(h);
    const [dagger] = await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Dagger',
        type: 'weapon',
        system: { use: 'light', damage: { medium: '1d4' }, damageTypes: ['piercing'], equipped: true },
      },
    ]);
    void AttackDialog.prompt(actor, dagger as Item);
    const dialog = await openDialog();
    const grips = [...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="grip"] option')];
    expect(grips.map((o) => o.value)).toEqual(['one-handed', 'off-hand', 'light-two-handed']);
    const power = dialog.element.querySelector<HTMLInputElement>('input[name="powerAttack"]');
    expect(power?.disabled).toBe(true);
    expect(text(dialog, '.attack-extras .hint')).toBe('Needs the Power Attack feat.');
    await dialog.close();
  });

  it('submitting resolves with the chosen AttackOptions and closes the dialog', async () => {
    const actor = await appendix3Fighter(h);
    const result = AttackDialog.prompt(actor, swordOf(actor));
    const dialog = await openDialog();
    await h.change(dialog, 'input[name="situational.higher-ground"]', true);
    await h.change(dialog, 'input[name="touch"]', true);
    await h.change(dialog, 'input[name="nonlethal"]', true);
    await h.change(dialog, 'select[name="grip"]', 'two-handed');
    await h.change(dialog, 'input[name="bonus"]', -1);
    await h.change(dialog, 'input[name="calledShots.daze"]', true);
    await h.click(dialog, 'button[type="submit"]');
    expect(await result).toEqual({
      ...DEFAULT_ATTACK_OPTIONS,
      situational: ['higher-ground'],
      touch: true,
      powerAttack: false,
      nonlethal: true,
      calledShots: ['daze'],
      bonus: -1,
      grip: 'two-handed',
    });
    expect(dialog.rendered).toBe(false);
    expect(h.openApplications()).not.toContain(dialog);
  });

  it('Enter submits; Escape and Cancel resolve null', async () => {
    const actor = await appendix3Fighter(h);
    let result = AttackDialog.prompt(actor, swordOf(actor));
    let dialog = await openDialog();
    await h.change(dialog, 'input[name="situational.flanking"]', true);
    keydown(dialog, 'input[name="situational.flanking"]', 'Enter');
    expect((await result)?.situational).toEqual(['flanking']);

    result = AttackDialog.prompt(actor, swordOf(actor));
    dialog = await openDialog();
    keydown(dialog, 'input[name="bonus"]', 'Escape');
    expect(await result).toBeNull();

    result = AttackDialog.prompt(actor, swordOf(actor));
    dialog = await openDialog();
    await h.change(dialog, 'input[name="touch"]', true);
    await h.click(dialog, 'button[data-action="cancel"]');
    expect(await result).toBeNull();
    expect(h.openApplications().some((app) => app instanceof AttackDialog)).toBe(false);
  });
});

describe('the sheet Attack button', () => {
  it('opens the dialog; cancelling it starts no attack', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await openDialog();
    expect(dialog.actor).toBe(actor);
    expect(dialog.weapon).toBe(swordOf(actor));
    await h.click(dialog, 'button[data-action="cancel"]');
    await clicked;
    expect(game.messages.size).toBe(0);
  });

  it('Shift-click skips the dialog and attacks with the default options', async () => {
    const attack = watchAttackFlow();
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    await h.click(sheet, '.attack button[data-action="rollAttack"]', { shiftKey: true });
    expect(h.openApplications().some((app) => app instanceof AttackDialog)).toBe(false);
    expect(attack).toHaveBeenCalledWith(actor, swordOf(actor), DEFAULT_ATTACK_OPTIONS);
    attack.mockRestore();
  });

  it('the dialog submitted from the sheet starts the attack with its options, at the bonus it showed', async () => {
    const attack = watchAttackFlow();
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await openDialog();
    await h.change(dialog, 'input[name="situational.flanking"]', true);
    await h.change(dialog, 'input[name="touch"]', true);
    await h.change(dialog, 'input[name="nonlethal"]', true);
    await h.change(dialog, 'input[name="bonus"]', 1);
    await h.change(dialog, 'input[name="defender.behind-cover"]', true);
    const shown = text(dialog, '.attack-total');
    h.dice.queue(10);
    await h.click(dialog, 'button[type="submit"]');
    await clicked;
    expect(attack).toHaveBeenCalledTimes(1);
    expect(attack.mock.calls[0]?.[2]).toMatchObject({
      situational: ['flanking'],
      touch: true,
      nonlethal: true,
      bonus: 1,
      grip: 'one-handed',
      defenderSituation: ['behind-cover'],
    });
    // The card rolls 1d20 + the bonus the dialog showed.
    const [message] = game.messages.contents;
    expect(message?.rolls[0]?.formula).toBe(`1d20 + ${Number(shown)}`);
    attack.mockRestore();
  });

  it('with a called shot the card also rolls at exactly the bonus the dialog showed', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await openDialog();
    const before = Number(text(dialog, '.attack-total'));
    await h.change(dialog, 'input[name="calledShots.stun"]', true);
    await h.change(dialog, 'input[name="calledShots.vital-strike"]', true);
    const shown = Number(text(dialog, '.attack-total'));
    expect(shown).toBe(before - 12);
    h.dice.queue(10);
    await h.click(dialog, 'button[type="submit"]');
    await clicked;
    const [message] = game.messages.contents;
    expect(message?.rolls[0]?.formula).toBe(`1d20 - ${-shown}`.replace('- -', '+ '));
  });

  it('attack rows and weapon rows carry the item drag data', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    const sword = swordOf(actor);
    // The attack row is on the Combat tab; the weapon's row on the Inventory tab (opened: the Combat
    // tab's panel stays, hidden).
    await openTab(h, sheet, 'inventory');
    for (const selector of [`.attack[data-item-id="${sword.id}"]`, `tr[data-item-id="${sword.id}"]`]) {
      const row = sheet.element.querySelector(selector) as HTMLElement;
      expect(row.getAttribute('draggable')).toBe('true');
      const dataTransfer = new h.window.DataTransfer();
      const event = new h.window.DragEvent('dragstart', { bubbles: true });
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      row.dispatchEvent(event as unknown as Event);
      expect(JSON.parse(dataTransfer.getData('text/plain'))).toEqual({ type: 'Item', uuid: sword.uuid });
    }
  });
});

describe('weapon macros on the hotbar', () => {
  async function dropSword(actor: Actor, slot: number): Promise<HarnessMacro> {
    const sword = swordOf(actor);
    expect(h.dropOnHotbar({ type: 'Item', uuid: sword.uuid }, slot)).toBe(true);
    return vi.waitFor(() => {
      const macro = game.macros.contents[0];
      if (!macro || (game.user as HarnessUser).hotbar.get(slot) !== macro.id) throw new Error('not yet');
      return macro as HarnessMacro;
    });
  }

  it('dropping a weapon creates one macro; dropping it again reuses it', async () => {
    const actor = await appendix3Fighter(h, h.users.player);
    const sword = swordOf(actor);
    await sword.update({ img: 'icons/weapons/swords/greatsword-crossguard-steel.webp' });
    h.as(h.users.player);
    const macro = await dropSword(actor, 3);
    expect(macro.name).toBe('Bastard sword');
    expect(macro.type).toBe('script');
    expect(macro.img).toBe('icons/weapons/swords/greatsword-crossguard-steel.webp');
    expect(macro.command).toBe(`game.gng.rollItemMacro("${sword.uuid}");`);
    const again = await dropSword(actor, 5);
    expect(again).toBe(macro);
    expect(game.macros.size).toBe(1);
    expect([...(h.users.player as HarnessUser).hotbar]).toEqual([[5, macro.id]]);
  });

  it('other drops are left to Foundry', async () => {
    const actor = await appendix3Fighter(h);
    const armor = actor.items.find((i) => i.type === 'armor') as Item;
    expect(h.dropOnHotbar({ type: 'Item', uuid: armor.uuid }, 1)).toBe(false);
    expect(h.dropOnHotbar({ type: 'Actor', uuid: actor.uuid }, 1)).toBe(false);
    expect(game.macros.size).toBe(0);
  });

  it('running the macro opens the dialog for the owner; a player who does not own the actor is warned', async () => {
    const actor = await appendix3Fighter(h, h.users.player);
    h.as(h.users.player);
    const macro = await dropSword(actor, 1);

    const run = macro.execute();
    const dialog = await openDialog();
    expect(dialog.actor).toBe(actor);
    await h.click(dialog, 'button[data-action="cancel"]');
    await run;
    expect(game.messages.size).toBe(0);

    h.as(h.users.otherPlayer);
    await macro.execute();
    expect(h.notices.at(-1)).toEqual({
      level: 'warn',
      message: 'You do not own 5th-level fighter, so you cannot attack with its Bastard sword.',
    });
    expect(h.openApplications().some((app) => app instanceof AttackDialog)).toBe(false);
    expect(h.i18n.missing).toEqual(new Set());
  });

  it('a macro whose weapon is gone warns', async () => {
    const actor = await appendix3Fighter(h, h.users.player);
    h.as(h.users.player);
    const macro = await dropSword(actor, 1);
    await swordOf(actor).delete();
    await macro.execute();
    expect(h.notices.at(-1)).toEqual({ level: 'warn', message: 'The item of this macro no longer exists.' });
  });

  it('with Shift held the macro attacks at once for the owned actor', async () => {
    const attack = watchAttackFlow();
    const actor = await appendix3Fighter(h, h.users.player);
    h.as(h.users.player);
    const macro = await dropSword(actor, 1);
    h.hold('Shift');
    await macro.execute();
    expect(h.openApplications().some((app) => app instanceof AttackDialog)).toBe(false);
    expect(attack).toHaveBeenCalledWith(actor, swordOf(actor), DEFAULT_ATTACK_OPTIONS);
    attack.mockRestore();
  });
});

describe('rollAttack', () => {
  it('warns for a weapon that is not equipped', async () => {
    const actor = await appendix3Fighter(h);
    const sword = swordOf(actor);
    await sword.update({ 'system.equipped': false });
    expect(await (actor as GnGActor).rollAttack(sword)).toBeNull();
    expect(h.notices.at(-1)).toEqual({
      level: 'warn',
      message: 'Bastard sword is not an equipped weapon, so it cannot attack.',
    });
  });
});

describe('refused before the dialog opens (nothing rolled, nothing posted)', () => {
  /** Runs `start` with a d20 queued; expects no dialog, no message, the d20 unused and this warning. */
  async function refused(start: () => Promise<unknown>, warning: string): Promise<void> {
    const messages = game.messages.size;
    h.dice.queue(10);
    const result = await start();
    expect(result).toBeNull();
    expect(h.openApplications().some((app) => app instanceof AttackDialog)).toBe(false);
    expect(game.messages.size).toBe(messages);
    expect(h.dice.queued).toEqual([10]);
    h.dice.queued.splice(0);
    expect(h.notices.at(-1)).toEqual({ level: 'warn', message: warning });
  }

  it('a player who does not own the fighter: sheet button, Shift-click, macro and API all refuse at once', async () => {
    const fighter = (await appendix3Fighter(h, h.users.player)) as GnGActor;
    h.as(h.users.otherPlayer);
    const notOwner = `You do not own ${fighter.name}, so you cannot attack with it.`;
    await refused(() => fighter.rollAttack(swordOf(fighter)), notOwner);
    await refused(() => fighter.rollAttack(swordOf(fighter), { skipDialog: true }), notOwner);
    await refused(() => AttackDialog.prompt(fighter, swordOf(fighter)), notOwner);
    await refused(() => game.gng.attack(fighter, swordOf(fighter)), notOwner);
    // The macro names the actor and the weapon (its own localized message).
    await refused(
      () => game.gng.rollItemMacro(swordOf(fighter).uuid),
      `You do not own ${fighter.name}, so you cannot attack with its Bastard sword.`,
    );
  });

  it('no target while the fighter has a token on the scene: "target the defender", every entry point', async () => {
    const fighter = (await appendix3Fighter(h, h.users.player)) as GnGActor;
    h.placeToken(fighter);
    h.as(h.users.player);
    h.target(h.users.player);
    const noTarget = `${fighter.name} has no target: target the defender's token first (hover over it and press T, or right-click it and use the target control), then try again. Nothing was rolled.`;
    await refused(() => fighter.rollAttack(swordOf(fighter)), noTarget);
    await refused(() => fighter.rollAttack(swordOf(fighter), { skipDialog: true }), noTarget);
    await refused(() => game.gng.rollItemMacro(swordOf(fighter).uuid), noTarget);
    await refused(() => game.gng.attack(fighter, swordOf(fighter)), noTarget);
  });

  it('no target and no token of the fighter on the scene: "place its token first"', async () => {
    const fighter = (await appendix3Fighter(h, h.users.player)) as GnGActor;
    h.as(h.users.player);
    h.target(h.users.player);
    const noToken = `${fighter.name} has no token on this scene: place ${fighter.name}'s token and the defender's token on the scene, target the defender's token (hover over it and press T), then try again. Nothing was rolled.`;
    await refused(() => fighter.rollAttack(swordOf(fighter)), noToken);
    await refused(() => game.gng.attack(fighter, swordOf(fighter)), noToken);
  });
});
