/**
 * The attack dialog: what the attacker claims for one attack (situational modifiers, touch, sneak
 * attack dice, grip, Power Attack, nonlethal, a flat bonus, called-shot effects), with the resulting
 * attack bonus shown live as it changes (`previewAttack`: every number from the rules engine).
 *
 * An ApplicationV2 + Handlebars form: `AttackDialog.prompt(actor, weapon)` renders it and resolves
 * with the chosen `AttackOptions` when it is submitted (the Attack button, or Enter), or null when it
 * is closed without submitting (Cancel, Escape, or its window's close button). Focus starts on its
 * first control. Pattern learned from draw-steel's RollDialog (MIT): a form application whose
 * `form.handler` stores the result and whose closing settles the promise.
 */
import { ATTACK_DIALOG_TEMPLATE } from './dialog-templates.js';
import {
  CALLED_SHOT_EFFECTS,
  CALLED_SHOT_EFFECT_TABLE,
  RIP_SENSES_CHOICES,
  STRIKES_WITH_ITEM,
  specialStrike,
  type CalledShotArmor,
  type CalledShotEffect,
} from '../rules/index.js';
import {
  DEFAULT_ATTACK_OPTIONS,
  DEFENDER_SITUATIONS,
  type AttackChoices,
  type AttackOptions,
} from '../cards/attack/attack-options.js';
import {
  attackRowOf,
  previewAttack,
  targetArmor,
  type AttackPreview,
} from '../cards/attack/attack-preview.js';
import { anyAdjacent, scattershotPlan, type ScattershotPlan } from '../cards/attack/scattershot.js';
import { heldItems, singleTargetActor, strikesOf } from '../cards/attack/strikes.js';
import {
  chosenRollMode,
  isRollMode,
  noTargetWarning,
  ROLL_MODES,
  type RollMode,
} from '../cards/kernel/index.js';
import type { WeaponData } from '../data/item/item-data.js';
import { distanceToTarget } from '../cards/attack/firearms.js';
import { combatOptionsView, targetNextToAlly } from './attack-dialog-options.js';
import { oddsShownTo } from '../cards/attack/odds-visibility.js';
import { modelAnalysis } from '../settings/model-analysis.js';
import { onDemand, withModule } from '../on-demand.js';
import { modelOffers } from '../settings/combat-model.js';
import { combatModel } from '../settings/combat-model.js';
import { isSagaModel } from '../cards/attack/saga-attack.js';
import { sagaDialogView, sagaPreview } from './attack-dialog-saga.js';
import { isEgModel } from '../cards/attack/eg-attack.js';
import { egDialogView, egPreview } from './attack-dialog-eg.js';
import { isTcModel } from '../cards/attack/tc-attack.js';
import { tcDialogView, tcPreview } from './attack-dialog-tc.js';
import { t, signed } from '../format.js';
import { SITUATIONAL_MODIFIERS, optionsFromForm } from './attack-dialog-form.js';
import { fireView, powerAttackHint, previewView, sneakAttackHint } from './attack-dialog-view.js';

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** The dialog's odds with the odds engine, loaded on first use (issue #29). */
export const dialogOdds = onDemand(() =>
  import('./attack-dialog-odds.js').then(async (module) => {
    // With the world's combat model's odds (issue #26).
    await modelAnalysis();
    return module;
  }),
);

export { ATTACK_DIALOG_TEMPLATE };
export { SITUATIONAL_MODIFIERS, optionsFromForm } from './attack-dialog-form.js';

export interface AttackDialogOptions extends ApplicationV2Options {
  actor: Actor;
  weapon: Item;
}

export class AttackDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    classes: ['gng', 'attack-dialog'],
    tag: 'form',
    window: { icon: 'fa-solid fa-khanda' },
    position: { width: 1180, height: 'auto' },
    form: { handler: AttackDialog.onSubmit, closeOnSubmit: true, submitOnChange: false },
    actions: { cancel: AttackDialog.onCancel },
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    form: { template: ATTACK_DIALOG_TEMPLATE },
  };

  readonly actor: Actor;
  readonly weapon: Item;
  /** What the form was submitted with; stays null when the dialog is cancelled. */
  result: AttackChoices | null = null;
  /** Settles once, when the dialog closes. */
  readonly closed: Promise<AttackChoices | null>;
  #settle!: (value: AttackChoices | null) => void;
  #listening = false;
  /** The target's armor type at the time the dialog opened (for a Penetration called shot). */
  readonly #armor: CalledShotArmor | undefined;
  /** The single targeted actor at the time the dialog opened (strikes: anatomy, size, held items). */
  readonly #target: Actor | null;
  /** A targeted token within 5 ft (a longarm's −4), and the scattershot at the targets, when it opened. */
  readonly #adjacent: boolean;
  readonly #scattershot: ScattershotPlan | null;
  /** The targeted tokens when it opened (each one's concealment). */
  readonly #targets: Token[];
  /** The single target's distance in feet when it opened (null: unknown): a ranged sneak attack's 30 ft. */
  readonly #distance: number | null;

  constructor(options: AttackDialogOptions) {
    super({
      ...options,
      window: {
        ...(options.window ?? {}),
        title: game.i18n.format('GNG.AttackDialog.Title', { name: options.weapon.name }),
      },
    });
    this.actor = options.actor;
    this.weapon = options.weapon;
    this.#armor = targetArmor();
    this.#target = singleTargetActor();
    const tokens = [...game.user.targets].filter((token) => token.actor);
    this.#targets = tokens;
    const single = tokens.length === 1 ? tokens[0] : undefined;
    this.#distance = single ? distanceToTarget(this.actor, single.actor, single.id) : null;
    // The targets' token documents: measured on their own scene.
    const docs = tokens.map((token) => token.document);
    this.#adjacent = anyAdjacent(this.actor, docs);
    const row = attackRowOf(this.actor, this.weapon);
    this.#scattershot = row ? scattershotPlan(this.actor, this.weapon, row.damageDice, docs) : null;
    this.closed = new Promise((resolve) => {
      this.#settle = resolve;
    });
  }

  /**
   * Opens the dialog for `weapon` of `actor`; resolves with the chosen options, or null if cancelled.
   * Refused before it opens (a warning, null) when the user does not own the actor or has no
   * targeted token: the attack would be refused anyway, so nobody fills in a dialog for nothing.
   */
  static async prompt(actor: Actor, weapon: Item): Promise<AttackChoices | null> {
    if (!actor.isOwner) {
      ui.notifications.warn(game.i18n.format('GNG.Error.Attack.NotAttackerOwner', { name: actor.name }));
      return null;
    }
    if (![...game.user.targets].some((token) => token.actor)) {
      ui.notifications.warn(noTargetWarning(actor));
      return null;
    }
    const dialog = new AttackDialog({ actor, weapon });
    await dialog.render({ force: true });
    return dialog.closed;
  }

  /** The options the form holds now. */
  currentOptions(): AttackOptions {
    const form = this.element as HTMLFormElement;
    return optionsFromForm(new foundry.applications.ux.FormDataExtended(form).object);
  }

  #preview(options: AttackOptions): AttackPreview | null {
    const preview = previewAttack(this.actor, this.weapon, options, {
      ...(this.#armor ? { targetArmor: this.#armor } : {}),
      target: this.#target,
      adjacent: this.#adjacent,
      scattershot: this.#scattershot,
      distanceFeet: this.#distance,
    });
    // Under the Saga-style model: the chapter's parts (attack-dialog-saga.ts).
    if (isEgModel(combatModel())) return egPreview(this.actor, this.weapon, options, preview);
    if (isTcModel(combatModel())) return tcPreview(this.actor, this.weapon, options, preview, this.#targets);
    return isSagaModel(combatModel()) ? sagaPreview(this.actor, this.weapon, options, preview) : preview;
  }

  override async _prepareContext(options: ApplicationRenderOptions): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const system = this.actor.system;
    const weapon = this.weapon.system as WeaponData;
    const chosen = this.rendered ? this.currentOptions() : this.#initialOptions();
    const preview = this.#preview(chosen);
    const id = (name: string) => `${this.options.id}-${name}`;
    const grips = preview?.grips ?? [];
    const effectPenalty = (effect: CalledShotEffect) => {
      const penalty = CALLED_SHOT_EFFECT_TABLE[effect].penalty;
      return penalty === null ? t('GNG.AttackDialog.CalledShot.ByArmor') : signed(penalty);
    };
    const powerAttackFeat = system.derived.feats.includes('power-attack');
    const strikes = strikesOf(this.actor);
    const held = this.#target ? heldItems(this.#target) : [];
    const combat = combatOptionsView(
      this.actor,
      this.weapon,
      preview?.attack.mode ?? null,
      this.#targets,
      this.rendered ? chosen : null,
      id,
    );
    const saga = isSagaModel(combatModel())
      ? sagaDialogView(this.actor, preview?.attack.mode ?? null, this.#targets, chosen, id)
      : null;
    const eg = isEgModel(combatModel())
      ? egDialogView(this.actor, this.weapon, preview?.attack.mode ?? null, this.#targets, chosen, id)
      : null;
    const tc = isTcModel(combatModel())
      ? tcDialogView(this.weapon, preview?.attack.mode ?? null, this.#targets, chosen, id)
      : null;
    return {
      ...context,
      id: this.options.id,
      weaponName: this.weapon.name,
      mode: preview ? t(`GNG.AttackMode.${preview.attack.mode}`) : '',
      situational: SITUATIONAL_MODIFIERS.map((s) => ({
        id: id(`situational-${s}`),
        name: `situational.${s}`,
        label: t(`GNG.AttackDialog.Situational.${s}`),
        checked: chosen.situational?.includes(s) ?? false,
      })),
      defender: DEFENDER_SITUATIONS.map((s) => ({
        id: id(`defender-${s}`),
        name: `defender.${s}`,
        label: t(`GNG.AttackDialog.Defender.${s}`),
        checked: chosen.defenderSituation?.includes(s) ?? false,
      })),
      touch: {
        id: id('touch'),
        checked: weapon.touch || Boolean(chosen.touch),
        disabled: weapon.touch,
      },
      sneakAttack: sneakAttackHint(preview),
      grip: {
        id: id('grip'),
        show: grips.length > 0,
        disabled: grips.length < 2,
        choices: grips.map((g) => ({
          value: g,
          label: t(`GNG.AttackDialog.Grip.${g}`),
          selected: g === preview?.grip,
        })),
      },
      powerAttack: {
        id: id('power-attack'),
        checked: Boolean(chosen.powerAttack) && powerAttackFeat,
        disabled: !powerAttackFeat,
        hint: powerAttackHint(this.actor, preview),
      },
      nonlethal: { id: id('nonlethal'), checked: Boolean(chosen.nonlethal) },
      bonus: { id: id('bonus'), value: chosen.bonus ?? 0 },
      calledShots: CALLED_SHOT_EFFECTS.map((e) => ({
        id: id(`called-${e}`),
        name: `calledShots.${e}`,
        label: t(`GNG.AttackDialog.Effect.${e}`),
        penalty: effectPenalty(e),
        checked: chosen.calledShots?.includes(e) ?? false,
      })),
      singleEdged: { id: id('single-edged'), checked: Boolean(chosen.singleEdged) },
      // What the world's combat model does not offer is not offered here (issue #26).
      calledShotsOffered: modelOffers('calledShots'),
      strike: {
        show: strikes.length > 0 && modelOffers('strikes'),
        id: id('strike'),
        choices: [
          { value: '', label: t('GNG.AttackDialog.Strike.None'), selected: !chosen.strike },
          ...strikes.map((s) => ({
            value: s,
            label: `${t(`GNG.Strike.Name.${s}`)} (${signed(specialStrike(s).attackPenalty)})`,
            selected: chosen.strike?.id === s,
          })),
        ],
        item: {
          show: strikes.some((s) => (STRIKES_WITH_ITEM as readonly string[]).includes(s)),
          id: id('strike-item'),
          choices: [
            { value: '', label: t('GNG.AttackDialog.Strike.NoItem'), selected: !chosen.strike?.itemId },
            ...held.map((i) => ({ value: i.id, label: i.name, selected: chosen.strike?.itemId === i.id })),
          ],
        },
        sense: {
          show: strikes.includes('rip-senses'),
          id: id('strike-sense'),
          choices: RIP_SENSES_CHOICES.map((c) => ({
            value: c,
            label: t(`GNG.Strike.Status.${c}`),
            selected: (chosen.strike?.sense ?? 'blinded') === c,
          })),
        },
      },
      fire: fireView(this.actor, this.weapon, chosen, id),
      combat,
      // Under the Saga-style model GnG's rows are not drawn: no empty "Combat options" fieldset.
      hideCombatOptions:
        (saga !== null || eg !== null || tc !== null) && !combat.offHand.show && !combat.sunder.show,
      saga,
      // Under the EG model its own choices replace GnG's rows too (attack-dialog-eg.ts).
      eg,
      // Under the Time Count model its own choices too (attack-dialog-tc.ts).
      tc,
      modelOptions: saga !== null || eg !== null || tc !== null,
      // Odds without aborts (a model that has none) say nothing of Block.
      oddsHint: combatModel().capabilities.aborts ? 'GNG.Odds.Hint' : 'GNG.Odds.HintNoAborts',
      calledShotNotes: [
        preview?.calledShot.improvedCalledShot ? t('GNG.AttackDialog.CalledShot.Improved') : '',
        t('GNG.AttackDialog.CalledShot.Later'),
      ].filter(Boolean),
      preview: previewView(preview, this.#scattershot),
      noAttack: preview ? '' : game.i18n.format('GNG.Error.NoAttack', { name: this.weapon.name }),
      // The world setting `showOdds` decides for the dialog too (odds-visibility.ts).
      showOdds: oddsShownTo(game.user, 'dialog', this.actor),
      // The card's roll mode (issue #27): the chat controls' choice, unless changed here.
      rollMode: {
        id: id('roll-mode'),
        choices: ROLL_MODES.map((mode) => ({
          value: mode,
          label: t(`GNG.RollMode.${mode}`),
          selected: mode === this.#rollMode(),
        })),
      },
    };
  }

  /** The roll mode the form holds now (the chat controls' before it is rendered). */
  #rollMode(): RollMode {
    const select = this.rendered
      ? (this.element as HTMLFormElement).querySelector<HTMLSelectElement>('select[name="rollMode"]')
      : null;
    return isRollMode(select?.value) ? select.value : chosenRollMode();
  }

  /** The choices the dialog opens with: the defaults, into melee ticked when a target is next to an ally. */
  #initialOptions(): AttackOptions {
    const options: AttackOptions = { ...DEFAULT_ATTACK_OPTIONS };
    const row = attackRowOf(this.actor, this.weapon);
    if (row?.mode === 'ranged' && targetNextToAlly(this.actor, this.#targets)) options.intoMelee = true;
    return options;
  }

  override async _onRender(context: Record<string, unknown>, options: ApplicationRenderOptions) {
    await super._onRender(context, options);
    const form = this.element;
    form.setAttribute('aria-label', this.options.window?.title ?? '');
    this.#renderOdds(this.currentOptions());
    if (this.#listening) return;
    this.#listening = true;
    // The listeners sit on the application's element, which lasts across renders.
    form.addEventListener('change', () => this.refresh());
    form.addEventListener('input', () => this.refresh());
    form.addEventListener('keydown', (event) => this.#onKeyDown(event));
    form.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled])')?.focus();
  }

  /** Shows the attack bonus of the choices the form holds now (no re-render: focus stays put). */
  refresh(): void {
    const options = this.currentOptions();
    const preview = this.#preview(options);
    this.#renderOdds(options, preview);
    const powerHint = this.element.querySelector<HTMLElement>('.power-attack-hint');
    if (powerHint) {
      const text = powerAttackHint(this.actor, preview);
      powerHint.textContent = text;
      powerHint.hidden = text === '';
    }
    const sneakHint = this.element.querySelector<HTMLElement>('.sneak-attack-hint');
    if (sneakHint) {
      const text = sneakAttackHint(preview);
      sneakHint.textContent = text;
      sneakHint.hidden = text === '';
    }
    const view = previewView(preview, this.#scattershot);
    const live = this.element.querySelector<HTMLElement>('.attack-preview');
    if (!view || !live) return;
    const doc = this.element.ownerDocument;
    const set = (selector: string, text: string) => {
      const el = live.querySelector<HTMLElement>(selector);
      if (el) el.textContent = text;
    };
    set('.attack-total', view.total);
    if (view.strengthDamage !== null) set('.strength-damage', view.strengthDamage);
    const list = live.querySelector<HTMLElement>('.attack-lines');
    list?.replaceChildren(
      ...view.lines.map((line) => {
        const li = doc.createElement('li');
        li.className = line.className;
        const label = doc.createElement('span');
        label.className = 'label';
        label.textContent = line.label;
        const value = doc.createElement('span');
        value.className = 'value';
        value.textContent = line.value;
        li.append(label, ' ', value);
        return li;
      }),
    );
    const notes = live.querySelector<HTMLElement>('.attack-notes');
    notes?.replaceChildren(
      ...view.notes.map((note) => {
        const p = doc.createElement('p');
        p.className = 'note';
        p.textContent = note;
        return p;
      }),
    );
  }

  /**
   * Each target's odds for these choices (attack-dialog-odds.ts, loaded with the odds engine the
   * first time a dialog shows odds).
   */
  #renderOdds(options: AttackOptions, preview = this.#preview(options)): void {
    const root = this.element;
    if (!root.querySelector('.attack-odds')) return;
    const [actor, weapon, targets, scattershot] = [this.actor, this.weapon, this.#targets, this.#scattershot];
    withModule(dialogOdds, (odds) =>
      odds.renderDialogOdds(root, actor, weapon, options, preview, targets, scattershot),
    );
  }

  /** Enter submits (except on buttons, which it presses, and selects); Escape cancels. */
  #onKeyDown(event: KeyboardEvent): void {
    const target = event.target as HTMLElement | null;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      void this.close();
      return;
    }
    if (event.key !== 'Enter' || event.isComposing) return;
    const tag = target?.tagName;
    if (tag === 'BUTTON' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    event.preventDefault();
    void this.submit();
  }

  override _onClose(options: Record<string, unknown>): void {
    super._onClose(options);
    this.#settle(this.result);
  }

  /** `form.handler`: keep the chosen options (the dialog then closes: `closeOnSubmit`). */
  static onSubmit(
    this: AttackDialog,
    _event: Event | null,
    _form: HTMLFormElement,
    formData: FormDataExtended,
  ): void {
    const options: AttackChoices = optionsFromForm(formData.object);
    // A roll mode other than the chat controls' goes with the request (attack-start.ts).
    const mode = formData.object.rollMode;
    if (isRollMode(mode) && mode !== chosenRollMode()) options.rollMode = mode;
    this.result = options;
  }

  static async onCancel(this: AttackDialog): Promise<void> {
    this.result = null;
    await this.close();
  }
}
