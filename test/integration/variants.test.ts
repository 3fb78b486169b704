/**
 * The world's variant rules and automation (issue 17) on the harness: the same exchange with
 * Strength Bonus Limitation off and on (GnG APPENDIX 1: "your Strength bonus applies only to your
 * melee attack roll, not to … your damage roll"), the sheet and the attack dialog following a change
 * without a reload, the `apply-npc` automation of the attack card, and the GM-only "Variant rules"
 * window (src/settings/variants-app.ts).
 * Dice are queued in the order they are rolled: attack d20, Defense d20, damage dice.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { VARIANT_SETTINGS } from '../../src/settings/variant-rules.js';

const h = await getHarness();
// After the harness: these modules read `foundry` when they load.
const { VariantsApp } = await import('../../src/settings/variants-app.js');
const { VariantsMenu } = await import('../../src/settings/variants-menu.js');
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const { gm, player, otherPlayer } = h.users;

beforeEach(() => h.reset(17));
afterEach(async () => {
  await attackActionsSettled();
  for (const app of h.openApplications()) await app.close();
  // Every string shown is in lang/en.json.
  expect([...h.i18n.missing]).toEqual([]);
});

type App = InstanceType<typeof VariantsApp> & HarnessApplicationV2;
const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const state = (message: ChatMessage) => cardState(game.messages.get(message.id as string)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const text = (root: ParentNode, selector: string) =>
  root.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();

/** Appendix 3's fighter (Str 18: +4) with a longsword (martial, one-handed, 1d8) as well. */
async function fighterWithLongsword(): Promise<{ fighter: Actor; longsword: Item }> {
  const fighter = await appendix3Fighter(h, player);
  const [longsword] = (await fighter.createEmbeddedDocuments('Item', [
    {
      name: 'Longsword',
      type: 'weapon',
      system: {
        category: 'martial',
        use: 'one-handed',
        damage: { medium: '1d8' },
        damageTypes: ['slashing'],
        equipped: true,
      },
    },
  ])) as Item[];
  return { fighter, longsword: longsword as Item };
}

/** An NPC no player owns: Defense +0, Protection 0, 10 HP. */
const orc = () => h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });

const { click } = cardHelpers(h);

/** The card's buttons the current user may press now (shown and enabled). */
const buttons = (message: ChatMessage) =>
  [
    ...h
      .renderMessage(game.messages.get(message.id as string) as ChatMessage)
      .querySelectorAll<HTMLButtonElement>('button[data-action]:not([disabled])'),
  ].map((b) => b.dataset.action);

/**
 * The player's fighter hits `defender` with the longsword (attack d20 10), the GM rolls its Defense
 * (d20 12: RD 7 against the fighter's +9) and the player rolls the damage (d8: 5).
 */
async function longswordHit(
  defender: Actor,
  options: Record<string, unknown> = {},
): Promise<{ message: ChatMessage; fighter: Actor }> {
  const { fighter, longsword } = await fighterWithLongsword();
  h.as(player);
  h.target(player, h.placeToken(defender));
  h.dice.queue(10, 12, 5);
  const message = (await game.gng.attack(fighter, longsword, options)) as ChatMessage;
  await attackActionsSettled();
  h.as(gm);
  if (target(message).defense === null) await click(message, 'rollDefense');
  h.as(player);
  if (target(message).damage === null) await click(message, 'rollDamage');
  return { message, fighter };
}

describe('Strength Bonus Limitation (Appendix 1)', () => {
  it.each([
    ['one-handed', 4],
    ['two-handed', 6],
  ] as const)(
    'the same %s longsword hit of a Str 18 fighter deals %i less with it on',
    async (grip, strengthBonus) => {
      // Str 18: modifier +4; one-handed the bonus is +4, two-handed ×1½ = +6 (GnG DAMAGE).
      const off = await longswordHit(await orc(), { grip });
      expect(target(off.message).result).toEqual({ hit: true, relativeDegree: 7, automatic: false });
      expect(target(off.message).damage).toMatchObject({
        dice: [5],
        steps: { weapon: 5, strength: strengthBonus, relativeDegree: 7 },
        final: 5 + strengthBonus + 7,
      });

      h.as(gm);
      await game.settings.set('gng', 'strengthBonusLimitation', true);
      const on = await longswordHit(await orc(), { grip });
      // The attack roll is the same: Strength still adds to the melee attack.
      expect(state(on.message).attack.total).toBe(state(off.message).attack.total);
      expect(target(on.message).result).toEqual(target(off.message).result);
      expect(target(on.message).damage).toMatchObject({
        dice: [5],
        steps: { weapon: 5, strength: 0, relativeDegree: 7 },
        final: 5 + 7,
      });
      expect((target(off.message).damage?.final ?? 0) - (target(on.message).damage?.final ?? 0)).toBe(
        strengthBonus,
      );
    },
  );

  it('the open sheet and attack dialog show the new damage at once, without a reload', async () => {
    const { fighter, longsword } = await fighterWithLongsword();
    h.target(player, h.placeToken(await orc()));
    h.as(player);
    const sheet = await h.openSheet(fighter);
    const damage = () => text(sheet.element, `.attack[data-item-id="${longsword.id}"] .attack-damage`);
    expect(damage()).toBe('Damage 1d8 + 4 (Slashing)');
    void AttackDialog.prompt(fighter, longsword);
    const dialog = await vi.waitFor(() => {
      const open = h.openApplications().find((app) => app instanceof AttackDialog);
      if (!open) throw new Error('no attack dialog is open');
      return open as unknown as HarnessApplicationV2;
    });
    expect(text(dialog.element, '.strength-damage')).toBe('+4');

    // The GM switches it on, on the GM's client; every client redraws what it has open.
    h.as(gm);
    await game.settings.set('gng', 'strengthBonusLimitation', true);
    h.as(player);
    await vi.waitFor(() => expect(damage()).toBe('Damage 1d8 (Slashing)'));
    await vi.waitFor(() => expect(text(dialog.element, '.strength-damage')).toBe('+0'));
    expect(sys(fighter).derived.attacks.find((a) => a.itemId === longsword.id)?.strength.bonus).toBe(0);

    h.as(gm);
    await game.settings.set('gng', 'strengthBonusLimitation', false);
    await vi.waitFor(() => expect(damage()).toBe('Damage 1d8 + 4 (Slashing)'));
    await dialog.close();
  });
});

describe('apply damage automation (attack card only)', () => {
  it("'ask' (the default): rolled damage waits for Apply", async () => {
    expect(game.settings.get('gng', 'applyDamage')).toBe('ask');
    const defender = await orc();
    const { message } = await longswordHit(defender);
    expect(target(message).damage?.final).toBe(5 + 4 + 7);
    expect(target(message).applied).toBeNull();
    expect(sys(defender).hp.value).toBe(10);
    expect(buttons(message)).toContain('applyDamage');
  });

  it("'apply-npc': the GM's client applies damage to a creature no player owns as it is rolled; Undo works", async () => {
    h.as(gm);
    await game.settings.set('gng', 'applyDamage', 'apply-npc');
    const defender = await orc();
    const { message } = await longswordHit(defender);
    expect(target(message).applied).toMatchObject({ by: gm.id, hpLost: 16, hp: { before: 10, after: -6 } });
    expect(sys(defender).hp.value).toBe(10 - 16);
    expect(defender.statuses.has('dying')).toBe(true);
    expect(buttons(message)).not.toContain('applyDamage');

    // The attacker's player undoes it as after a click, and it is not applied again by itself.
    expect(buttons(message)).toContain('undoDamage');
    await click(message, 'undoDamage');
    expect(target(message).applied).toBeNull();
    expect(sys(defender).hp.value).toBe(10);
    expect(defender.statuses.has('dying')).toBe(false);
    expect(buttons(message)).toContain('applyDamage');
    // The NPC's Roll with Blow, which the automatic Apply came before, is offered to the GM again.
    h.as(gm);
    expect(buttons(message)).toContain('rollWithBlow');
  });

  it("'apply-npc' leaves a player-owned target's damage for Apply", async () => {
    h.as(gm);
    await game.settings.set('gng', 'applyDamage', 'apply-npc');
    const rogue = await appendix3Rogue(h, otherPlayer);
    const hp = sys(rogue).hp.value;
    const { message } = await longswordHit(rogue);
    expect(target(message).damage).not.toBeNull();
    expect(target(message).applied).toBeNull();
    expect(sys(rogue).hp.value).toBe(hp);
    expect(buttons(message)).toContain('applyDamage');
  });

  it("with automatic Defense and damage rolls, 'apply-npc' finishes the exchange by itself", async () => {
    h.as(gm);
    await game.settings.set('gng', 'autoRollNpcDefense', true);
    await game.settings.set('gng', 'autoRollDamage', true);
    await game.settings.set('gng', 'applyDamage', 'apply-npc');
    const defender = await orc();
    const { fighter, longsword } = await fighterWithLongsword();
    h.as(player);
    h.target(player, h.placeToken(defender));
    h.dice.queue(10, 12, 5);
    const message = (await game.gng.attack(fighter, longsword, {})) as ChatMessage;
    await attackActionsSettled();
    expect(target(message).defense?.total).toBe(12);
    expect(target(message).damage?.automatic).toBe(true);
    expect(target(message).applied?.hpLost).toBe(16);
    expect(sys(defender).hp.value).toBe(-6);
  });
});

describe('the "Variant rules" window', () => {
  /** The window open as the current user. */
  async function openWindow(): Promise<App> {
    const app = new VariantsApp() as App;
    await app.render(true);
    return app;
  }
  const input = (app: App, selector: string) => app.element.querySelector<HTMLInputElement>(selector);

  it('is a GM-only menu of the system settings', () => {
    const menu = h.settings.menus.get('gng.variantRules');
    expect(menu).toMatchObject({ restricted: true, type: VariantsMenu });
    expect(h.i18n.localize(menu?.label ?? '')).toBe('Variant rules');
    expect(h.i18n.localize(menu?.name ?? '')).toBe('Variant rules and automation');
    expect([...h.settings.menusFor(gm).keys()]).toContain('gng.variantRules');
    expect([...h.settings.menusFor(player).keys()]).not.toContain('gng.variantRules');
  });

  it('its button opens the window, loaded on first use, whatever the render options', async () => {
    // Foundry constructs the menu's type and renders it: the menu renders the real window instead.
    const Menu = h.settings.menus.get('gng.variantRules')?.type as unknown as new () => {
      render(o?: unknown): Promise<unknown>;
    };
    for (const options of [true, { force: true }]) {
      const shown = (await new Menu().render(options)) as App;
      expect(shown).toBeInstanceOf(VariantsApp);
      expect(shown.element.querySelector('.gng-variants-group > legend')?.textContent).toBe(
        'Appendix 1: Variant rules',
      );
      await shown.close();
    }
  });

  it("shows every setting under the text's headings, with its name, summary and what it changes", async () => {
    const app = await openWindow();
    const legends = [...app.element.querySelectorAll('.gng-variants-group > legend')].map(
      (l) => l.textContent,
    );
    expect(legends).toEqual([
      'Appendix 1: Variant rules',
      'Appendix 2: Grim-n-Gritty high magic',
      'Table automation',
    ]);
    // Each setting once, in VARIANT_SETTINGS's order, each input named after its key and labelled.
    const shown = [...app.element.querySelectorAll<HTMLElement>('[data-setting]')].map(
      (e) => e.dataset.setting,
    );
    expect(shown).toEqual(VARIANT_SETTINGS.map((spec) => spec.key));
    for (const field of app.element.querySelectorAll<HTMLInputElement>('input')) {
      expect(field.name).toBeTruthy();
      const label = app.element.querySelector(`label[for="${field.id}"]`);
      expect(label?.textContent?.trim(), field.id).toBeTruthy();
      for (const id of (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean))
        expect(app.element.querySelector(`[id="${id}"]`)?.textContent?.trim(), id).toBeTruthy();
    }
    const toggle = (key: string) => app.element.querySelector(`[data-setting="${key}"]`) as HTMLElement;
    expect(text(toggle('advancedWoundTrauma'), 'label')).toBe('Advanced Wound Trauma');
    expect(text(toggle('advancedWoundTrauma'), '.gng-variant-changes')).toBe(
      'At the table: Apply asks the target for a Fortitude save instead of marking trauma (more saves: slower fights, as the text warns).',
    );
    expect(text(toggle('strengthBonusLimitation'), 'label')).toBe('Strength Bonus Limitation');
    expect(text(toggle('woundsCauseBleeding'), 'label')).toBe('Wounds Normally Cause Bleeding');
    // Appendix 2: a radio group, each option with the text's name and example.
    const magic = toggle('highMagic');
    expect(magic.tagName).toBe('FIELDSET');
    const options = [...magic.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(options.map((o) => o.value)).toEqual([
      'really-grim',
      'limited-scaling',
      'slow-scaling',
      'reduce-damage-dice',
      'odds-equal-one',
    ]);
    expect(options.filter((o) => o.checked).map((o) => o.value)).toEqual(['really-grim']);
    const summary = (value: string) => text(magic, `[id="gng-variant-highMagic-${value}-summary"]`) ?? '';
    expect(text(magic, 'label[for="gng-variant-highMagic-limited-scaling"]')).toBe('Limited Scaling Option');
    expect(text(magic, 'label[for="gng-variant-highMagic-odds-equal-one"]')).toBe('Odds = 1');
    expect(summary('limited-scaling')).toMatch(/3rd-level spell deals no more than 4 dice/);
    expect(summary('reduce-damage-dice')).toMatch(/10d6 becomes 10d4/);
    expect(summary('odds-equal-one')).toMatch(/2, 1, 5, 4, 6 gives 14/);
    expect(text(toggle('applyDamage'), '.gng-variant-changes')).toMatch(
      /^At the table: Only the attack card/,
    );
    // Defaults: every variant off, really grim, rests move the clock.
    expect(input(app, '#gng-variant-strengthBonusLimitation')?.checked).toBe(false);
    expect(input(app, '#gng-variant-restAdvancesClock')?.checked).toBe(true);
    expect(input(app, '#gng-variant-applyDamage-ask')?.checked).toBe(true);
  });

  it('Save writes only the settings that changed, and closes', async () => {
    h.as(gm);
    await game.settings.set('gng', 'autoRollDamage', true);
    const app = await openWindow();
    expect(input(app, '#gng-variant-autoRollDamage')?.checked).toBe(true);
    const set = vi.spyOn(game.settings, 'set');
    try {
      await h.change(app, '#gng-variant-strengthBonusLimitation', true);
      (input(app, '#gng-variant-highMagic-odds-equal-one') as HTMLInputElement).checked = true;
      await h.click(app, 'button[type="submit"]');
      await app.settle();
      expect(set.mock.calls).toEqual([
        ['gng', 'strengthBonusLimitation', true],
        ['gng', 'highMagic', 'odds-equal-one'],
      ]);
    } finally {
      set.mockRestore();
    }
    expect(app.rendered).toBe(false);
    expect(game.settings.get('gng', 'strengthBonusLimitation')).toBe(true);
    expect(game.settings.get('gng', 'highMagic')).toBe('odds-equal-one');
    expect(game.settings.get('gng', 'autoRollDamage')).toBe(true);
  });

  it('Defaults puts the defaults in the form, saved only by Save; Cancel saves nothing', async () => {
    h.as(gm);
    await game.settings.set('gng', 'advancedWoundTrauma', true);
    await game.settings.set('gng', 'highMagic', 'slow-scaling');
    await game.settings.set('gng', 'restAdvancesClock', false);
    const app = await openWindow();
    await h.click(app, 'button[data-action="defaults"]');
    await app.settle();
    expect(input(app, '#gng-variant-advancedWoundTrauma')?.checked).toBe(false);
    expect(input(app, '#gng-variant-highMagic-really-grim')?.checked).toBe(true);
    expect(input(app, '#gng-variant-restAdvancesClock')?.checked).toBe(true);
    expect(text(app.element, '[role="status"]')).toMatch(/defaults are in the form/);
    // Not saved yet.
    expect(game.settings.get('gng', 'advancedWoundTrauma')).toBe(true);
    expect(game.settings.get('gng', 'highMagic')).toBe('slow-scaling');

    await h.click(app, 'button[data-action="cancel"]');
    await app.settle();
    expect(app.rendered).toBe(false);
    expect(game.settings.get('gng', 'advancedWoundTrauma')).toBe(true);
    expect(game.settings.get('gng', 'restAdvancesClock')).toBe(false);

    const again = await openWindow();
    expect(input(again, '#gng-variant-advancedWoundTrauma')?.checked).toBe(true);
    await h.click(again, 'button[data-action="defaults"]');
    await h.click(again, 'button[type="submit"]');
    await again.settle();
    for (const spec of VARIANT_SETTINGS)
      expect(game.settings.get('gng', spec.key), spec.key).toBe(spec.default);
  });

  it('a player cannot change anything through it', async () => {
    h.as(player);
    const app = await openWindow();
    expect(app.element.querySelectorAll('input').length).toBe(0);
    expect(app.element.querySelector('button[type="submit"]')).toBeNull();
    expect(text(app.element, '[role="alert"]')).toBe(
      'Only a GM can change the variant rules and the automation of this world.',
    );
    await app.submit();
    expect(h.notices.at(-1)?.message).toBe(
      'Only a GM can change the variant rules and the automation of this world.',
    );
    for (const spec of VARIANT_SETTINGS) expect(game.settings.get('gng', spec.key)).toBe(spec.default);
  });
});
