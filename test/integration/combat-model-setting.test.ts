/**
 * The world setting `gng.combatModel` (issue #26) on the harness: GnG by default, a change refused
 * while any combat exists (through the "Variant rules" window and through a direct write: the value
 * stays), a change with none re-preparing every actor, players refused, and the window's "Combat
 * rules" group with GnG's appendices shown only under GnG.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { TEST_MODEL, TEST_MODEL_ID } from '../fixtures/test-combat-model.js';
import { models } from '../../src/rules/index.js';
import { combatModel, combatModelId } from '../../src/settings/combat-model.js';
import { VARIANT_SETTINGS } from '../../src/settings/variant-rules.js';

const h = await getHarness();
// After the harness: these modules read `foundry` when they load.
const { VariantsApp } = await import('../../src/settings/variants-app.js');
const { combatModelChangeRefusal } = await import('../../src/settings/combat-model-setting.js');
const { gm, player } = h.users;

type App = InstanceType<typeof VariantsApp> & HarnessApplicationV2;

const REFUSED =
  'The combat rules cannot change while a combat exists: end the combats in the combat tracker first. The rules stay as they were.';

beforeEach(() => {
  h.reset(26);
  models.registerCombatModel(TEST_MODEL);
});
afterEach(async () => {
  for (const app of h.openApplications()) await app.close();
  models.unregisterCombatModel(TEST_MODEL_ID);
  expect([...h.i18n.missing]).toEqual([]);
});

async function openWindow(): Promise<App> {
  const app = new VariantsApp() as App;
  await app.render(true);
  return app;
}
const radio = (app: App, id: string) =>
  app.element.querySelector<HTMLInputElement>(`input[name="combatModel"][value="${id}"]`);
/** Picks model `id` in the form, as a click on its radio button does. */
async function choose(app: App, id: string): Promise<void> {
  const input = radio(app, id) as HTMLInputElement;
  input.checked = true;
  input.dispatchEvent(new h.window.Event('change', { bubbles: true }) as unknown as Event);
  await app.settle();
}
const group = (app: App, id: string) => app.element.querySelector<HTMLElement>(`[data-group="${id}"]`);

describe('the combat model setting', () => {
  it('is a world setting, not in the core list, GnG by default, its choices the registered models', () => {
    const config = h.settings.registered.get('gng.combatModel');
    expect(config).toMatchObject({ scope: 'world', config: false, type: String, default: 'gng' });
    // The Saga-style model is built in, registered by its loader (issue #30): a choice before it loads.
    expect(Object.keys(config?.choices ?? {})).toEqual(['gng', 'saga', 'eg', 'tc', TEST_MODEL_ID]);
    expect(config?.choices?.gng).toBe('GNG.Model.gng');
    expect(config?.choices?.saga).toBe('GNG.Model.Saga.label');
    expect(h.i18n.localize('GNG.Model.gng')).toBe('Grim-n-Gritty v4.0');
    expect(game.settings.get('gng', 'combatModel')).toBe('gng');
    expect(combatModel()).toBe(models.GNG_MODEL);
    // A model no longer registered is no choice.
    models.unregisterCombatModel(TEST_MODEL_ID);
    expect(Object.keys(config?.choices ?? {})).toEqual(['gng', 'saga', 'eg', 'tc']);
  });

  it('changes with no combat, and every actor is prepared again', async () => {
    h.as(gm);
    const actors = [
      await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } }),
      await h.createActor({ name: 'Hero', type: 'character' }, player),
    ];
    const resets = actors.map((actor) => vi.spyOn(actor, 'reset'));
    await game.settings.set('gng', 'combatModel', TEST_MODEL_ID);
    expect(combatModelId()).toBe(TEST_MODEL_ID);
    expect(combatModel()).toBe(TEST_MODEL);
    for (const reset of resets) expect(reset).toHaveBeenCalledTimes(1);
    await game.settings.set('gng', 'combatModel', 'gng');
    expect(combatModel()).toBe(models.GNG_MODEL);
    for (const reset of resets) expect(reset).toHaveBeenCalledTimes(2);
  });

  it('refuses a direct write while a combat exists: the value stays, nothing is prepared again', async () => {
    h.as(gm);
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
    const combat = h.startCombat([orc]);
    const reset = vi.spyOn(orc, 'reset');
    await game.settings.set('gng', 'combatModel', TEST_MODEL_ID);
    expect(game.settings.get('gng', 'combatModel')).toBe('gng');
    expect(combatModel()).toBe(models.GNG_MODEL);
    expect(reset).not.toHaveBeenCalled();
    expect(h.notices.at(-1)?.message).toBe(REFUSED);
    // Writing the model it already has is no change: not refused.
    const notices = h.notices.length;
    await game.settings.set('gng', 'combatModel', 'gng');
    expect(h.notices.length).toBe(notices);
    // Once the combat has ended, the change goes through.
    await combat.delete();
    await game.settings.set('gng', 'combatModel', TEST_MODEL_ID);
    expect(combatModel()).toBe(TEST_MODEL);
    // And a change back is refused again while a new combat exists.
    h.startCombat([orc]);
    await game.settings.set('gng', 'combatModel', 'gng');
    expect(combatModel()).toBe(TEST_MODEL);
  });

  it('a player cannot change it', async () => {
    h.as(player);
    expect(combatModelChangeRefusal()).toBe('GNG.Model.Error.GMOnly');
    await expect(game.settings.set('gng', 'combatModel', TEST_MODEL_ID)).rejects.toThrow();
    expect(game.settings.get('gng', 'combatModel')).toBe('gng');
    const app = await openWindow();
    expect(radio(app, TEST_MODEL_ID)).toBeNull();
    await app.submit();
    expect(h.notices.at(-1)?.message).toBe(
      'Only a GM can change the variant rules and the automation of this world.',
    );
    expect(game.settings.get('gng', 'combatModel')).toBe('gng');
  });
});

describe("the self-test's probe of the guard's Foundry behaviour", () => {
  it('passes where a preUpdateSetting handler returning false cancels a write, fails (and restores) where it does not', async () => {
    h.as(gm);
    const { CONFIG_CHECKS } = await import('../../src/self-test/checks-config.js');
    const check = CONFIG_CHECKS.find((c) => c.id === 'settings');
    // The settings check uses no scratch documents.
    const scratch = {} as Parameters<NonNullable<typeof check>['run']>[0];
    await expect(check?.run(scratch)).resolves.toMatch(/no setting of yours was changed/);
    // A Foundry whose settings ignored the pre-hook: the check says so, and the probe is set back.
    const real = game.settings.set.bind(game.settings);
    const set = vi.spyOn(game.settings, 'set').mockImplementation(async (namespace, key, value) => {
      const off = vi.spyOn(Hooks, 'call').mockReturnValue(true);
      try {
        return await real(namespace, key, value);
      } finally {
        off.mockRestore();
      }
    });
    try {
      await expect(check?.run(scratch)).rejects.toThrow(
        'A "preUpdateSetting" hook returning false did not stop a write of "selfTestProbe"',
      );
    } finally {
      set.mockRestore();
    }
    expect(game.settings.get('gng', 'selfTestProbe')).toBe('');
  });
});

describe('the "Combat rules" group of the Variant rules window', () => {
  it('comes first, one labelled choice per model, GnG chosen and described, its appendices shown', async () => {
    h.as(gm);
    const app = await openWindow();
    const first = app.element.querySelector('.gng-variants-body > fieldset');
    expect(first?.classList.contains('gng-variants-model')).toBe(true);
    expect(first?.querySelector('legend')?.textContent).toBe('Combat rules');
    const options = [...app.element.querySelectorAll<HTMLInputElement>('input[name="combatModel"]')];
    expect(options.map((o) => o.value)).toEqual(['gng', 'saga', 'eg', 'tc', TEST_MODEL_ID]);
    expect(options.filter((o) => o.checked).map((o) => o.value)).toEqual(['gng']);
    const label = (id: string) => app.element.querySelector(`label[for="gng-model-${id}"]`)?.textContent;
    expect(label('gng')).toBe('Grim-n-Gritty v4.0');
    expect(label('eg')).toBe('Enlightened Grognard (tokens)');
    expect(label('tc')).toBe('Time Count and Threshold of Pain');
    // A model without a lang entry shows its own label.
    expect(label(TEST_MODEL_ID)).toBe('Test model');
    expect(app.element.querySelector('#gng-model-gng-hint')?.textContent).toMatch(/rolled Defense/);
    for (const id of ['appendix1', 'appendix2', 'automation']) expect(group(app, id)?.hidden).toBe(false);
  });

  it("hides GnG's appendices while another model is chosen, and shows them again", async () => {
    h.as(gm);
    const app = await openWindow();
    await choose(app, TEST_MODEL_ID);
    expect(group(app, 'appendix1')?.hidden).toBe(true);
    expect(group(app, 'appendix2')?.hidden).toBe(true);
    expect(group(app, 'automation')?.hidden).toBe(false);
    await choose(app, 'gng');
    expect(group(app, 'appendix1')?.hidden).toBe(false);
    // Saved under the other model, the window opens with them hidden.
    await choose(app, TEST_MODEL_ID);
    await h.click(app, 'button[type="submit"]');
    await app.settle();
    expect(game.settings.get('gng', 'combatModel')).toBe(TEST_MODEL_ID);
    const again = await openWindow();
    expect(radio(again, TEST_MODEL_ID)?.checked).toBe(true);
    expect(group(again, 'appendix1')?.hidden).toBe(true);
    // Defaults puts GnG back in the form, with its appendices.
    await h.click(again, 'button[data-action="defaults"]');
    await again.settle();
    expect(radio(again, 'gng')?.checked).toBe(true);
    expect(group(again, 'appendix1')?.hidden).toBe(false);
  });

  it('refuses to save a change of model while a combat exists: nothing is written, the window stays open', async () => {
    h.as(gm);
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
    const app = await openWindow();
    // The combat begins while the window is open.
    h.startCombat([orc]);
    await choose(app, TEST_MODEL_ID);
    await h.change(app, '#gng-variant-strengthBonusLimitation', true);
    const set = vi.spyOn(game.settings, 'set');
    try {
      await h.click(app, 'button[type="submit"]');
      await app.settle();
      expect(set).not.toHaveBeenCalled();
    } finally {
      set.mockRestore();
    }
    expect(h.notices.at(-1)?.message).toBe(REFUSED);
    expect(app.rendered).toBe(true);
    expect(game.settings.get('gng', 'combatModel')).toBe('gng');
    for (const spec of VARIANT_SETTINGS) expect(game.settings.get('gng', spec.key)).toBe(spec.default);
    // A window opened during a combat says so in the group.
    const again = await openWindow();
    expect(again.element.querySelector('.gng-variants-model .warning')?.textContent).toBe(REFUSED);
  });
});
