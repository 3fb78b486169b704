/**
 * The "Variant rules and automation" window (system settings → Grim-n-Gritty → Variant rules, GM
 * only): first the world's combat model ("Combat rules", issue #26: GnG's appendices are shown only
 * while GnG is chosen), then every setting of {@link VARIANT_SETTINGS}, grouped as the text groups
 * them (Appendix 1 variant rules, Appendix 2 high magic) and then the table's automation, each with
 * the text's name, a one-line summary and what it changes at the table. Save writes only the
 * settings whose value changed; Defaults puts the defaults in the form (saved only by Save); Cancel
 * closes. Loaded on first use by the settings' menu (variants-menu.ts).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { VARIANTS_FOOTER_TEMPLATE, VARIANTS_TEMPLATE } from './variants-menu.js';
import { models } from '../rules/index.js';
import { VARIANT_SETTINGS, type VariantSettingSpec } from './variant-rules.js';
import { COMBAT_MODEL_SETTING, combatModelId, modelName } from './combat-model.js';
import { combatModelChangeRefusal } from './combat-model-setting.js';
import { t } from '../format.js';

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** The groups of the window, in order (lang keys `GNG.Variants.Group.<id>`). */
const GROUPS: readonly VariantSettingSpec['group'][] = ['appendix1', 'appendix2', 'automation'];
/** GnG's own variants: shown only while GnG is the chosen combat model. */
const GNG_GROUPS: readonly string[] = ['appendix1', 'appendix2'];

type Value = boolean | string;

/** Whether `value` is a value the setting accepts (a form may send anything). */
function valid(spec: VariantSettingSpec, value: unknown): value is Value {
  if (spec.type === Boolean) return typeof value === 'boolean';
  return typeof value === 'string' && (spec.choices ?? []).includes(value);
}

/** The settings' values now (the default when unreadable). */
function currentValues(): Record<string, Value> {
  const values: Record<string, Value> = {};
  for (const spec of VARIANT_SETTINGS) {
    let value: unknown;
    try {
      value = game.settings.get(SYSTEM_ID, spec.key);
    } catch {
      value = spec.default;
    }
    values[spec.key] = valid(spec, value) ? value : (spec.default as Value);
  }
  return values;
}

/** One model of the "Combat rules" group: its name and, when its lang file has one, its summary. */
function modelOption(id: string, checked: boolean) {
  const label = models.combatModelLabel(id) ?? id;
  const hint = `GNG.Model.Hint.${id}`;
  return {
    value: id,
    id: `gng-model-${id}`,
    label: game.i18n.has(label) ? game.i18n.localize(label) : label,
    hint: game.i18n.has(hint) ? game.i18n.localize(hint) : '',
    checked,
  };
}

const defaultValues = (): Record<string, Value> =>
  Object.fromEntries(VARIANT_SETTINGS.map((spec) => [spec.key, spec.default as Value]));

export class VariantsApp extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    tag: 'form',
    classes: ['gng', 'variants'],
    window: { title: 'GNG.Variants.Title', icon: 'fa-solid fa-list-check', resizable: true },
    position: { width: 620, height: 'auto' },
    // The handler closes the window itself, before the writes: each write redraws the open windows.
    form: { handler: VariantsApp.onSave, closeOnSubmit: false, submitOnChange: false },
    actions: { defaults: VariantsApp.onDefaults, cancel: VariantsApp.onCancel },
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    body: { template: VARIANTS_TEMPLATE },
    footer: { template: VARIANTS_FOOTER_TEMPLATE },
  };

  /** What the form shows while it is open (kept when a settings change redraws the window). */
  draft: Record<string, Value> | null = null;
  /** The status line under the form (after Defaults). */
  status = '';

  override async _prepareContext(): Promise<Record<string, unknown>> {
    const values: Record<string, Value> = {
      ...currentValues(),
      [COMBAT_MODEL_SETTING]: combatModelId(),
      ...(this.draft ?? {}),
    };
    const chosen = values[COMBAT_MODEL_SETTING];
    const setting = (spec: VariantSettingSpec) => {
      const base = `GNG.Variants.${spec.key}`;
      const id = `gng-variant-${spec.key}`;
      return {
        key: spec.key,
        id,
        name: t(`${base}.name`),
        hint: t(`${base}.hint`),
        changes: t(`${base}.changes`),
        checked: values[spec.key] === true,
        choices: spec.choices?.map((value) => ({
          value,
          id: `${id}-${value}`,
          label: t(`${base}.choices.${value}`),
          summary: t(`${base}.summaries.${value}`),
          checked: values[spec.key] === value,
        })),
      };
    };
    const refusal = combatModelChangeRefusal();
    return {
      isGM: game.user.isGM,
      status: this.status,
      atTable: t('GNG.Variants.AtTheTable'),
      model: {
        legend: t('GNG.Model.Group.legend'),
        intro: t('GNG.Model.Group.intro'),
        options: models.combatModelIds().map((id) => modelOption(id, chosen === id)),
        locked: refusal === 'GNG.Model.Error.CombatActive' ? t(refusal) : '',
      },
      groups: GROUPS.map((group) => ({
        id: group,
        hidden: GNG_GROUPS.includes(group) && chosen !== models.DEFAULT_COMBAT_MODEL,
        legend: t(`GNG.Variants.Group.${group}.legend`),
        intro: t(`GNG.Variants.Group.${group}.intro`),
        settings: VARIANT_SETTINGS.filter((spec) => spec.group === group).map(setting),
      })),
    };
  }

  #listening = false;

  override async _onRender(): Promise<void> {
    // Edits survive a redraw (a setting changed elsewhere redraws every open window). The element
    // stays the same across renders: one listener.
    if (this.#listening) return;
    this.#listening = true;
    this.element.addEventListener('change', () => {
      this.draft = this.formValues();
      this.showModelGroups();
    });
  }

  /** GnG's appendices follow the model chosen in the form. */
  showModelGroups(): void {
    const gng = this.formValues()[COMBAT_MODEL_SETTING] === models.DEFAULT_COMBAT_MODEL;
    for (const group of GNG_GROUPS)
      this.element.querySelector<HTMLElement>(`[data-group="${group}"]`)?.toggleAttribute('hidden', !gng);
  }

  override _onClose(): void {
    this.draft = null;
    this.status = '';
  }

  /** The values in the form now, for the settings it shows. */
  formValues(): Record<string, Value> {
    const form = this.element as HTMLFormElement;
    const values: Record<string, Value> = {};
    for (const spec of VARIANT_SETTINGS) {
      const inputs = [...form.querySelectorAll<HTMLInputElement>(`input[name="${spec.key}"]`)];
      if (spec.type === Boolean && inputs[0]) values[spec.key] = inputs[0].checked;
      const chosen = inputs.find((input) => input.type === 'radio' && input.checked);
      if (chosen) values[spec.key] = chosen.value;
    }
    const model = form.querySelector<HTMLInputElement>(`input[name="${COMBAT_MODEL_SETTING}"]:checked`);
    if (model) values[COMBAT_MODEL_SETTING] = model.value;
    return values;
  }

  /**
   * Closes, then writes each setting whose submitted value differs from its value now (the combat
   * model first); GM only. A change of model while a combat exists saves nothing: the window stays
   * open with the form as it was, and says why.
   */
  static async onSave(
    this: VariantsApp,
    _event: Event | null,
    _form: HTMLFormElement,
    formData: FormDataExtended,
  ): Promise<void> {
    if (!game.user.isGM) {
      ui.notifications.warn(game.i18n.localize('GNG.Variants.GMOnly'));
      return;
    }
    const model = formData.object[COMBAT_MODEL_SETTING];
    const modelChange =
      typeof model === 'string' && models.combatModelLabel(model) !== null && model !== combatModelId();
    const refusal = modelChange ? combatModelChangeRefusal() : null;
    if (refusal) {
      ui.notifications.warn(game.i18n.localize(refusal));
      return;
    }
    // Its code first (a model registered by its loader): a model that cannot be loaded is not chosen.
    if (modelChange && !(await models.loadCombatModel(model).catch(() => null))) {
      ui.notifications.error(game.i18n.format('GNG.Model.Error.NotLoaded', { model: modelName(model) }));
      return;
    }
    const now = currentValues();
    const changes = VARIANT_SETTINGS.filter((spec) => {
      const value = formData.object[spec.key];
      return valid(spec, value) && value !== now[spec.key];
    });
    await this.close();
    if (modelChange) await game.settings.set(SYSTEM_ID, COMBAT_MODEL_SETTING, model);
    for (const spec of changes) await game.settings.set(SYSTEM_ID, spec.key, formData.object[spec.key]);
  }

  /** Puts every default in the form (nothing is saved until Save). */
  static onDefaults(this: VariantsApp): void {
    const form = this.element as HTMLFormElement;
    const defaults = defaultValues();
    for (const input of form.querySelectorAll<HTMLInputElement>(`input[name="${COMBAT_MODEL_SETTING}"]`))
      input.checked = input.value === models.DEFAULT_COMBAT_MODEL;
    for (const spec of VARIANT_SETTINGS) {
      for (const input of form.querySelectorAll<HTMLInputElement>(`input[name="${spec.key}"]`)) {
        if (input.type === 'checkbox') input.checked = defaults[spec.key] === true;
        else if (input.type === 'radio') input.checked = input.value === defaults[spec.key];
      }
    }
    this.draft = this.formValues();
    this.showModelGroups();
    this.status = game.i18n.localize('GNG.Variants.DefaultsSet');
    const line = form.querySelector<HTMLElement>('.gng-variants-status');
    if (line) line.textContent = this.status;
  }

  static async onCancel(this: VariantsApp): Promise<void> {
    await this.close();
  }
}
