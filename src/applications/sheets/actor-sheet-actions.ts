/**
 * The actor sheets' buttons (the `data-action`s of actor-sheet.ts) and what a drop on a sheet does:
 * loaded with the first sheet rendered, as its view models (issue #29: the sheet classes are
 * registered at `init`, their work is not needed before a sheet opens). Each handler runs with the
 * sheet as `this`, as Foundry calls an action.
 */
import type { GnGActor } from '../../documents/actor.js';
import type { GnGActorSheet } from './actor-sheet.js';
import type { Ability, Maneuver, RestKind, Save, SkillId } from '../../rules/index.js';
import type { AnatomyFlag, NpcData } from '../../data/actor/creature-data.js';
import type { ClassData } from '../../data/item/item-data.js';
import { featActionInputs } from './feat-actions-context.js';
import { bluntEndSource } from '../../data/actor/feat-weapons.js';
import { disabledPartsOf } from '../../cards/shared/rest-read.js';
import { bindWounds } from '../../cards/bleeding/bleeding-state.js';
import { requestSheetGrappleMove } from '../../cards/grapple/grapple-register.js';
import { reloadAndTell } from '../../combat/ammunition.js';
import { castFromSheet } from '../cast-from-sheet.js';
import { takeTotalDefense } from '../../cards/attack/combat-options-card.js';
import { moveConditionTrack } from '../../cards/saga-track/track-state.js';
import { askGM } from '../../cards/kernel/gm-query.js';
import { healPatientOf } from './actor-context.js';

/** An action handler of the actor sheets, called with the sheet as `this`. */
export type SheetAction = (this: GnGActorSheet, event: PointerEvent, target: HTMLElement) => Promise<void>;

/** The item (on this actor) of the row a clicked element is in: `data-item-id` on it or an ancestor. */
function itemOf(sheet: GnGActorSheet, target: HTMLElement): Item | undefined {
  const id = target.closest<HTMLElement>('[data-item-id]')?.dataset.itemId;
  return id ? sheet.actor.items.get(id) : undefined;
}

function effectOf(sheet: GnGActorSheet, target: HTMLElement): ActiveEffect | undefined {
  const id = target.closest<HTMLElement>('[data-effect-id]')?.dataset.effectId;
  return id ? sheet.actor.effects.get(id) : undefined;
}

/** Actors whose rest a sheet has asked for and the GM has not answered yet. */
const resting = new WeakSet<Actor>();
/** Healers whose heal from a sheet the GM has not answered yet. */
const healing = new WeakSet<Actor>();
/** Weapons being reloaded from each sheet (a second press while one runs does nothing). */
const reloading = new WeakMap<GnGActorSheet, Set<string>>();

function reloadingOn(sheet: GnGActorSheet): Set<string> {
  let ids = reloading.get(sheet);
  if (!ids) reloading.set(sheet, (ids = new Set()));
  return ids;
}

async function onRollAbility(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  await (this.actor as GnGActor).rollAbilityCheck(target.dataset.ability as Ability);
}

async function onRollSave(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  await (this.actor as GnGActor).rollSave(target.dataset.save as Save);
}

async function onRollSkill(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  await (this.actor as GnGActor).rollSkill(target.dataset.skill as SkillId);
}

/** The Attack button: the attack dialog, or (Shift-click) the attack with the default options. */
async function onRollAttack(this: GnGActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
  const item = itemOf(this, target);
  if (item) await (this.actor as GnGActor).rollAttack(item, { skipDialog: event.shiftKey });
}

/** A firearm's Reload button on its attack row: fills the magazine (`reloadWeapon`), once per press. */
async function onReloadWeapon(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const item = itemOf(this, target);
  if (!item || reloadingOn(this).has(item.id as string)) return;
  reloadingOn(this).add(item.id as string);
  if (target.tagName === 'BUTTON') (target as HTMLButtonElement).disabled = true;
  try {
    await reloadAndTell(item);
  } finally {
    reloadingOn(this).delete(item.id as string);
  }
}

/** A Maneuvers button: Bull Rush, Trip or Throw against the user's targets (`game.gng.maneuver`). */
async function onStartManeuver(
  this: GnGActorSheet,
  _event: PointerEvent,
  target: HTMLElement,
): Promise<void> {
  const kind = target.dataset.maneuver as Maneuver | undefined;
  if (kind) await game.gng.maneuver(this.actor, kind);
}

/** A spell's or power's Cast button (Magic tab): the cast dialog, then the cast (src/magic/). */
async function onCastSpell(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const spell = this.actor.items.get(target.dataset.itemId ?? '');
  if (spell) await castFromSheet(this.actor, spell);
}

/** Grapple the user's single targeted token: `game.gng.grapple`. */
async function onStartGrapple(this: GnGActorSheet): Promise<void> {
  await game.gng.grapple(this.actor);
}

/** A move of an ongoing grapple (the sheet's Grapple group): the same request as the card's button. */
async function onGrappleMove(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const { messageId, move, side } = target.dataset;
  if (messageId && move) await requestSheetGrappleMove(messageId, move, side, this.actor.uuid);
}

/** Quick Stand (shown when prone): `game.gng.quickStand`. */
async function onQuickStand(this: GnGActorSheet): Promise<void> {
  await game.gng.quickStand(this.actor);
}

/** The Feats tab's Sudden Action (feat-actions-context.ts): the steps in its number box. */
async function onSuddenAction(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  await game.gng.suddenAction(this.actor, featActionInputs(target, this.element).steps);
}

/** The Feats tab's Tactical Aid: the bonus chosen beside it. */
async function onTacticalAid(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const { bonusTo } = featActionInputs(target, this.element);
  await game.gng.tacticalAid(this.actor, { bonusTo: bonusTo as 'attack' | 'defense' });
}

/** The Feats tab's Dynamic Grip: the chosen weapon's blunt end as a weapon item of its own (feat-weapons.ts). */
async function onAddBluntEnd(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const weapon = this.actor.items.get(featActionInputs(target, this.element).weaponId);
  if (!weapon || weapon.type !== 'weapon') return;
  const name = game.i18n.format('GNG.FeatAction.BluntEndName', { weapon: weapon.name });
  await this.actor.createEmbeddedDocuments('Item', [bluntEndSource(weapon, name)]);
}

/** Total defense (core rules): the status until the actor's next turn (combat-options-card.ts). */
async function onTotalDefense(this: GnGActorSheet): Promise<void> {
  await takeTotalDefense(this.actor);
}

/** Heal action "Bind wounds" (shown while the actor bleeds): ends Severe Bleeding (bleeding-card.ts). */
async function onBindWounds(this: GnGActorSheet): Promise<void> {
  await bindWounds(this.actor);
}

/** The condition track's buttons (Saga-style model): a GM moves it, a player asks the GM. */
async function onConditionTrack(
  this: GnGActorSheet,
  _event: PointerEvent,
  target: HTMLElement,
): Promise<void> {
  await moveConditionTrack(this.actor, target.dataset.move === 'up' ? 'up' : 'down');
}

/**
 * The Enlightened Grognard block's buttons (eg-sheet.ts): an action or a gift of tokens, with the
 * block's choices; a request the active GM's client checks and plays (src/cards/eg-action/).
 */
async function onEgAction(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const box = target.closest('.eg-block') ?? this.element;
  const value = (cls: string) => box.querySelector<HTMLInputElement>(`.${cls}`)?.value ?? '';
  const action = target.dataset.egAction ?? '';
  // "Give to…": the token lane's gift request (src/cards/eg-tokens/token-actions.ts `handleGift`).
  if (action === 'give')
    await askGM('gng.egGift', {
      actorUuid: this.actor.uuid,
      recipientUuid: value('eg-give-to'),
      type: value('eg-give-type'),
      amount: Number(value('eg-give-count')),
    });
  else
    await askGM('gng.egAction', {
      actorUuid: this.actor.uuid,
      action,
      first: value('eg-aid-first'),
      second: value('eg-aid-second'),
      aidTo: value('eg-aid-to'),
    });
}

/** The Effects tab's Rest control: `game.gng.rest` with the chosen rest and circumstances. */
async function onRest(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const box = target.closest('.gng-rest') ?? this.element;
  const checked = (cls: string) => Boolean(box.querySelector<HTMLInputElement>(`.${cls}`)?.checked);
  const kind = (box.querySelector<HTMLSelectElement>('.rest-kind')?.value ?? 'night') as RestKind;
  // One rest per press: a second click while the GM answers the first does nothing.
  if (resting.has(this.actor)) return;
  resting.add(this.actor);
  const button = target.tagName === 'BUTTON' ? (target as HTMLButtonElement) : null;
  if (button) button.disabled = true;
  try {
    await game.gng.rest(this.actor, {
      kind,
      interrupted: checked('rest-interrupted'),
      dayWithLoss: checked('rest-loss'),
      healer: checked('rest-healer'),
    });
  } finally {
    resting.delete(this.actor);
    if (button) button.disabled = false;
  }
}

/**
 * The Effects tab's "Heal the target" group: this actor tends the injuries of (`data-kind="tend"`),
 * or operates on the chosen part of (`surgery`), the user's one targeted token: `game.gng.heal`.
 */
async function onHealTarget(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const kind = target.dataset.kind === 'surgery' ? 'surgery' : 'tend';
  const { patient, problem } = healPatientOf(game.user);
  if (!patient) {
    ui.notifications.warn(problem ?? game.i18n.localize('GNG.Heal.Sheet.NoTarget'));
    return;
  }
  let part: string | undefined;
  if (kind === 'surgery') {
    const select = (target.closest('.gng-heal-target') ?? this.element).querySelector<HTMLSelectElement>(
      '.heal-part',
    );
    const parts = disabledPartsOf(patient);
    if (!parts.length) {
      ui.notifications.warn(game.i18n.format('GNG.Heal.Sheet.NoParts', { patient: patient.name }));
      return;
    }
    // The choice was listed for another target (or the parts changed): list them again.
    const chosen = select?.dataset.patient === patient.uuid ? select.value : '';
    if (!parts.some((p) => p.effectId === chosen)) {
      ui.notifications.warn(game.i18n.localize('GNG.Heal.Sheet.Changed'));
      await this.render({ parts: ['tab-effects'] });
      return;
    }
    part = chosen;
  }
  // One heal per press: a second click while the GM answers the first does nothing.
  if (healing.has(this.actor)) return;
  healing.add(this.actor);
  const button = target.tagName === 'BUTTON' ? (target as HTMLButtonElement) : null;
  if (button) button.disabled = true;
  try {
    await game.gng.heal(patient, { kind, healer: this.actor, ...(part ? { part } : {}) });
  } finally {
    healing.delete(this.actor);
    if (button) button.disabled = false;
  }
  // The patient's parts may have changed (surgery): list them again.
  if (kind === 'surgery' && this.rendered) await this.render({ parts: ['tab-effects'] });
}

/**
 * Equips or unequips, carries or puts down the item of the row: equipping means carrying it too,
 * putting it down unequips it.
 */
function toggleItem(field: 'equipped' | 'carried') {
  return async function (this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = itemOf(this, target);
    if (!item || !this.isEditable) return;
    const on = (item.system as unknown as Record<typeof field, boolean>)[field];
    const other = field === 'equipped' ? 'carried' : 'equipped';
    // Only equipping carries, only putting down unequips.
    const also = on === (field === 'carried') ? { [`system.${other}`]: !on } : {};
    await item.update({ [`system.${field}`]: !on, ...also });
  };
}

async function onOpenItem(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  await itemOf(this, target)?.sheet?.render(true);
}

async function onDeleteItem(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const item = itemOf(this, target);
  if (item && this.isEditable) await item.delete();
}

async function onCreateItem(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const type = target.dataset.type;
  if (!type || !this.isEditable) return;
  const name = game.i18n.format('GNG.Sheet.Item.NewName', {
    type: game.i18n.localize(`TYPES.Item.${type}`),
  });
  await this.actor.createEmbeddedDocuments('Item', [{ name, type }]);
}

async function onToggleStatus(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const status = target.dataset.status;
  if (status && this.isEditable) await this.actor.toggleStatusEffect(status);
}

async function onToggleEffect(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const effect = effectOf(this, target);
  if (effect && this.isEditable) await effect.update({ disabled: !effect.disabled });
}

async function onDeleteEffect(this: GnGActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const effect = effectOf(this, target);
  if (effect && this.isEditable) await effect.delete();
}

async function onToggleAnatomy(
  this: GnGActorSheet,
  _event: PointerEvent,
  target: HTMLElement,
): Promise<void> {
  const flag = target.dataset.flag as AnatomyFlag | undefined;
  if (!flag || this.actor.type !== 'npc' || !this.isEditable) return;
  const anatomy = (this.actor.system as NpcData).anatomy;
  const next = anatomy.includes(flag) ? anatomy.filter((a) => a !== flag) : [...anatomy, flag];
  await this.actor.update({ 'system.anatomy': next });
}

/** Every action of the actor sheets but the tab bar's and the rich text editor's (the sheet's own). */
export const ACTOR_SHEET_ACTIONS: Record<string, SheetAction> = {
  rollAbility: onRollAbility,
  rollSave: onRollSave,
  rollSkill: onRollSkill,
  rollAttack: onRollAttack,
  reloadWeapon: onReloadWeapon,
  startManeuver: onStartManeuver,
  castSpell: onCastSpell,
  startGrapple: onStartGrapple,
  grappleMove: onGrappleMove,
  quickStand: onQuickStand,
  suddenAction: onSuddenAction,
  tacticalAid: onTacticalAid,
  addBluntEnd: onAddBluntEnd,
  totalDefense: onTotalDefense,
  bindWounds: onBindWounds,
  conditionTrack: onConditionTrack,
  egAction: onEgAction,
  rest: onRest,
  healTarget: onHealTarget,
  toggleEquipped: toggleItem('equipped'),
  toggleCarried: toggleItem('carried'),
  openItem: onOpenItem,
  deleteItem: onDeleteItem,
  createItem: onCreateItem,
  toggleStatus: onToggleStatus,
  toggleEffect: onToggleEffect,
  deleteEffect: onDeleteEffect,
  toggleAnatomy: onToggleAnatomy,
};

/**
 * An Item dropped on the sheet (its drag data, read while the drop event lasted) is created on this
 * actor; a class the actor already has (same identifier, or same name without one) gains the
 * dropped levels instead. Only owners may drop. Resolves with the created or updated item, or null.
 */
export async function dropItem(sheet: GnGActorSheet, data: Record<string, unknown>): Promise<Item | null> {
  if (data.type !== 'Item' || typeof data.uuid !== 'string') return null;
  if (!sheet.isEditable) {
    ui.notifications.warn(game.i18n.format('GNG.Error.NotOwner', { name: sheet.actor.name }));
    return null;
  }
  const dropped = await fromUuid(data.uuid);
  if (!dropped || dropped.documentName !== 'Item') return null;
  const item = dropped as Item;
  // Dropped on its own actor: nothing to create (sorting is not supported yet).
  if (item.parent === (sheet.actor as FoundryDocument)) return null;
  if (item.type === 'class') {
    const existing = sameClass(sheet.actor, item);
    if (existing) {
      const levels = (existing.system as ClassData).levels + (item.system as ClassData).levels;
      await existing.update({ 'system.levels': levels });
      return existing;
    }
  }
  const source = item.toObject();
  for (const key of ['_id', 'folder', 'sort', 'ownership']) delete source[key];
  const [created] = await sheet.actor.createEmbeddedDocuments('Item', [source]);
  return created ?? null;
}

/** The actor's class item that a dropped class adds levels to. */
function sameClass(actor: Actor, dropped: Item): Item | undefined {
  const identifier = (dropped.system as ClassData).identifier;
  return actor.items.find((i) => {
    if (i.type !== 'class') return false;
    const own = (i.system as ClassData).identifier;
    if (identifier && own) return own === identifier;
    return i.name.trim().toLowerCase() === dropped.name.trim().toLowerCase();
  });
}
