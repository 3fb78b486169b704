/**
 * The cast dialog (the sheet's Magic tab, a spell's or power's Cast button): for an Appendix 5 weapon
 * spell or power, the weapon to enchant (Iron Claw: one or more of the caster's natural weapons) and
 * the caster level; for any other spell or power, its damage on the area card (formula, Reflex DC,
 * type) and the armor metamagic options the caster has the feat for, each with the slot level or
 * power points it takes. `CastDialog.prompt(actor, spell)` resolves with the choice, or null when
 * closed; the sheet then casts (src/magic/). Same form pattern as the attack dialog.
 */
import { CAST_DIALOG_TEMPLATE } from './dialog-templates.js';
import { DAMAGE_TYPES } from '../data/item/item-data.js';
import type { ArmorMetamagic } from '../rules/index.js';
import { enchantmentOf, metamagicChoices, metamagicCost, weaponChoices } from '../magic/index.js';
import { castingPoolsOf } from '../data/actor/casting-pools.js';
import { tracksPool } from '../rules/spell-resources.js';
import { t, f } from '../format.js';

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export { CAST_DIALOG_TEMPLATE };

/** What the dialog was submitted with. */
export type CastChoice =
  | { kind: 'weapon'; weaponUuids: string[]; casterLevel: number }
  | {
      kind: 'area';
      damage: string;
      saveDc: number;
      damageType: string | null;
      metamagic: ArmorMetamagic | 'none';
      casterLevel: number;
    };

export interface CastDialogOptions extends ApplicationV2Options {
  actor: Actor;
  spell: Item;
}

/** The form's values as a choice (null: incomplete). */
export function castChoiceFromForm(data: Record<string, unknown>, weapon: boolean): CastChoice | null {
  const casterLevel = Number(data.casterLevel);
  if (!Number.isInteger(casterLevel) || casterLevel < 0) return null;
  if (weapon) {
    const raw = data.weapon;
    const weaponUuids = (Array.isArray(raw) ? raw : [raw]).filter(
      (v): v is string => typeof v === 'string' && v.length > 0,
    );
    return weaponUuids.length ? { kind: 'weapon', weaponUuids, casterLevel } : null;
  }
  const damage = typeof data.damage === 'string' ? data.damage.trim() : '';
  const saveDc = Number(data.saveDc);
  const metamagic = (
    data.metamagic === 'piercing' || data.metamagic === 'ignoring' ? data.metamagic : 'none'
  ) as ArmorMetamagic | 'none';
  const type = typeof data.damageType === 'string' && data.damageType ? data.damageType : null;
  if (!damage || !Number.isInteger(saveDc)) return null;
  return { kind: 'area', damage, saveDc, damageType: type, metamagic, casterLevel };
}

export class CastDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    classes: ['gng', 'cast-dialog'],
    tag: 'form',
    window: { icon: 'fa-solid fa-wand-sparkles' },
    position: { width: 440, height: 'auto' },
    form: { handler: CastDialog.onSubmit, closeOnSubmit: true, submitOnChange: false },
    actions: { cancel: CastDialog.onCancel },
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    form: { template: CAST_DIALOG_TEMPLATE },
  };

  readonly actor: Actor;
  readonly spell: Item;
  result: CastChoice | null = null;
  readonly closed: Promise<CastChoice | null>;
  #settle!: (value: CastChoice | null) => void;

  constructor(options: CastDialogOptions) {
    super({
      ...options,
      window: { ...(options.window ?? {}), title: f('GNG.Cast.Title', { name: options.spell.name }) },
    });
    this.actor = options.actor;
    this.spell = options.spell;
    this.closed = new Promise((resolve) => {
      this.#settle = resolve;
    });
  }

  /** Opens the dialog for `spell` of `actor` (owned by the user); resolves with the choice, or null. */
  static async prompt(actor: Actor, spell: Item): Promise<CastChoice | null> {
    if (!actor.isOwner) {
      ui.notifications.warn(f('GNG.Error.Attack.NotAttackerOwner', { name: actor.name }));
      return null;
    }
    const dialog = new CastDialog({ actor, spell });
    await dialog.render({ force: true });
    return dialog.closed;
  }

  override async _prepareContext(options: ApplicationRenderOptions): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const derived = this.actor.system.derived;
    const id = (name: string) => `${this.options.id}-${name}`;
    const enchantment = enchantmentOf(this.spell);
    const negative = derived.negativeLevels ?? 0;
    const effective = derived.effectiveLevel;
    const kind = this.spell.type === 'power' ? 'power' : 'spell';
    const sys = this.spell.system as { level?: number; powerPoints?: number };
    const weapons = enchantment ? weaponChoices(this.spell, this.actor) : [];
    const multiple = enchantment?.id === 'iron-claw';
    return {
      ...context,
      id: this.options.id,
      summary: f(kind === 'spell' ? 'GNG.Cast.SpellSummary' : 'GNG.Cast.PowerSummary', {
        name: this.spell.name,
        level: sys.level ?? 0,
        points: sys.powerPoints ?? 0,
      }),
      pool: this.poolLine(kind, sys.level ?? 0),
      casterLevel: { id: id('level'), value: derived.level },
      drained: negative ? f('GNG.Cast.Drained', { negative, effective }) : null,
      weapon: enchantment
        ? {
            legend: t(multiple ? 'GNG.Cast.WeaponsLegend' : 'GNG.Cast.WeaponLegend'),
            type: multiple ? 'checkbox' : 'radio',
            hint: multiple ? t('GNG.Cast.IronClawHint') : null,
            options: weapons.map((weapon, index) => ({
              id: id(`weapon-${index}`),
              value: weapon.uuid,
              label: f('GNG.Cast.WeaponOption', { weapon: weapon.name, owner: weapon.parent?.name ?? '' }),
              checked: index === 0,
            })),
            none: weapons.length ? null : t(enchantment.natural ? 'GNG.Cast.NoNatural' : 'GNG.Cast.NoWeapon'),
          }
        : null,
      area: enchantment
        ? null
        : {
            damage: { id: id('damage') },
            saveDc: { id: id('dc') },
            damageType: {
              id: id('type'),
              options: DAMAGE_TYPES.map((type) => ({ value: type, label: t(`GNG.DamageType.${type}`) })),
            },
            metamagic: metamagicChoices(this.actor, kind).map((option) => {
              const cost = metamagicCost(this.spell, option, effective);
              return {
                id: id(`metamagic-${option}`),
                value: option,
                label: f(`GNG.Cast.Option.${kind}-${option}`, { cost: cost.cost }),
                disabled: !cost.possible,
              };
            }),
            none: { id: id('metamagic-none') },
          },
      castable: enchantment ? weapons.length > 0 : true,
    };
  }

  /** What the caster has left to pay with (issue #33): its slots of the spell's level, or its power points. */
  poolLine(kind: 'spell' | 'power', level: number): string | null {
    const pools = castingPoolsOf(this.actor.system.spellcasting);
    if (!tracksPool(pools, kind === 'spell' ? 'slot' : 'points')) return null;
    if (kind === 'power') return f('GNG.Cast.PointsLeft', { ...pools.powerPoints });
    const slot = pools.slots[level] ?? { value: 0, max: 0 };
    return f('GNG.Cast.SlotsLeft', { level, value: slot.value, max: slot.max });
  }

  override _onClose(options: Record<string, unknown>): void {
    super._onClose(options);
    this.#settle(this.result);
  }

  static onSubmit(
    this: CastDialog,
    _event: Event | null,
    _form: HTMLFormElement,
    formData: FormDataExtended,
  ): void {
    this.result = castChoiceFromForm(formData.object, enchantmentOf(this.spell) !== null);
  }

  static async onCancel(this: CastDialog): Promise<void> {
    this.result = null;
    await this.close();
  }
}
