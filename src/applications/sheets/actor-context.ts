/**
 * View models of the actor sheets: labels, signs and sources for what the data model derived.
 * Formatting only — every number comes from `system` / `system.derived` (the rules engine).
 */
import {
  ABILITIES,
  MANEUVERS,
  PROTECTION_PARTS,
  SAVES,
  SIZES,
  SKILLS,
  SKILL_IDS,
  type DefenseBreakdown,
  type DefensePart,
  type Save,
} from '../../rules/index.js';
import { ANATOMY_FLAGS, type CreatureData, type NpcData } from '../../data/actor/creature-data.js';
import { INJURY_STATUSES } from '../../hooks/injury-status.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import { budgetLines } from '../../combat/budget-display.js';
import { limbNotes } from '../../combat/conditions-timer.js';
import { bleedingView } from '../../cards/bleeding/bleeding-card.js';
import { sheetGrapples } from '../../cards/grapple/grapple-card.js';
import { itemizedAttackParts } from '../../cards/attack/attack-preview.js';
import { roundsOf } from '../../combat/ammunition.js';
import { disabledPartsOf, type RestPart } from '../../cards/rest/rest-read.js';
import { featActionsContext } from './feat-actions-context.js';
import { skippedChangeLines } from './skipped-changes-context.js';

/** One line of a breakdown: what contributes, from where, and how much. */
export interface BreakdownLine {
  label: string;
  source?: string;
  value: string;
  /** A part that a condition took away (shown struck through, not counted). */
  removed?: boolean;
}

/** A number of the combat panel with its breakdown (shown on hover and keyboard focus). */
export interface StatView {
  /** DOM id of the breakdown (unique per actor), for `aria-describedby`. */
  id: string;
  key: string;
  label: string;
  value: string;
  /** A smaller line under the value (the HP's temporary HP). */
  sub?: string;
  lines: BreakdownLine[];
  notes: string[];
}

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);

/** The label of each inventory state. */
const STATE_LABELS = {
  equipped: 'GNG.Sheet.Inventory.Equipped',
  carried: 'GNG.Sheet.Inventory.Carried',
  stowed: 'GNG.Sheet.Inventory.NotCarried',
} as const;

/** Foundry's default item icon, for an item without an image. */
const DEFAULT_ITEM_IMG = 'icons/svg/item-bag.svg';

export function signed(value: number): string {
  return value >= 0 ? `+${value}` : `${value}`;
}

/** A condition or defender state (e.g. `flat-footed`, `behind-cover`, `touch attack`), localized. */
function stateLabel(id: string): string {
  for (const prefix of ['GNG.Status', 'GNG.DefenseState']) {
    const key = `${prefix}.${id}`;
    if (game.i18n.has(key)) return t(key);
  }
  return id;
}

/** Engine notes are English reminders; the ones we know are shown localized. */
function defenseNote(note: string): string {
  return note.startsWith('Roll randomly') ? t('GNG.Defense.Note.GrappleRandomTarget') : note;
}

function defenseView(actor: Actor, system: CreatureData, attack: 'melee' | 'ranged'): StatView {
  const breakdown = system.defense[attack] as DefenseBreakdown;
  const derived = system.derived;
  const itemName = (id: string | null) => (id ? (actor.items.get(id)?.name ?? '') : '');
  const classes = derived.classes.map((c) => `${c.name} ${c.levels}`).join(', ');
  const sources: Partial<Record<DefensePart, string>> = {
    dexterity: t('GNG.Ability.dex.long'),
    class: classes,
    armorCheck: itemName(derived.equippedArmorId),
    encumbrance: t(`GNG.Load.${derived.encumbrance.load}`),
    size: t(`GNG.Size.${system.size}`),
    shield: itemName(derived.equippedShieldId),
    shieldEnhancement: itemName(derived.equippedShieldId),
    injury: t(`GNG.Injury.${derived.hp.injury.level}`),
  };
  const lines: BreakdownLine[] = [];
  for (const [part, value] of Object.entries(breakdown.parts) as [DefensePart, number][]) {
    if (value === 0 || part === 'situation' || part === 'conditions') continue;
    const source =
      sources[part] ?? (game.i18n.has(`GNG.Defense.Source.${part}`) ? t(`GNG.Defense.Source.${part}`) : '');
    lines.push({ label: t(`GNG.Defense.Part.${part}`), value: signed(value), ...(source ? { source } : {}) });
  }
  for (const modifier of breakdown.modifiers) {
    lines.push({
      label: stateLabel(modifier.source),
      source: t('GNG.Defense.Source.condition'),
      value: signed(modifier.value),
    });
  }
  for (const removed of breakdown.removed) {
    lines.push({
      label: t(`GNG.Defense.Part.${removed.part}`),
      source: f('GNG.Defense.LostTo', { reasons: removed.reasons.map(stateLabel).join(', ') }),
      value: signed(removed.value),
      removed: true,
    });
  }
  const notes = breakdown.notes.map(defenseNote);
  if (breakdown.autoRollOne) notes.unshift(t('GNG.Defense.AutoRollOne'));
  return {
    id: `gng-${actor.id}-defense-${attack}`,
    key: `defense-${attack}`,
    label: t(`GNG.Sheet.Combat.Defense.${attack}`),
    value: signed(breakdown.total),
    lines,
    notes,
  };
}

function protectionView(actor: Actor, system: CreatureData): StatView {
  const p = system.derived.protection;
  const armorName = system.derived.equippedArmorId
    ? (actor.items.get(system.derived.equippedArmorId)?.name ?? '')
    : '';
  const lines: BreakdownLine[] = PROTECTION_PARTS.filter((part) => p[part] !== 0).map((part) => ({
    label: t(`GNG.Protection.Part.${part}`),
    value: signed(p[part]),
    ...(part === 'armor' && armorName ? { source: armorName } : {}),
  }));
  const notes =
    p.fortification !== 'none'
      ? [f('GNG.Protection.Fortification', { value: t(`GNG.Fortification.${p.fortification}`) })]
      : [];
  return {
    id: `gng-${actor.id}-protection`,
    key: 'protection',
    label: t('GNG.Sheet.Combat.Protection'),
    value: String(p.total),
    lines,
    notes,
  };
}

function hpView(actor: Actor, system: CreatureData): StatView {
  const derived = system.derived.hp;
  const optional = ['toughness', 'other'];
  const lines: BreakdownLine[] = derived.breakdown
    .filter((part) => !(part.value === 0 && optional.some((key) => part.label.endsWith(`.${key}`))))
    .map((part) => {
      const key = part.label.split('.').pop() as string;
      const value =
        key === 'multiplier'
          ? `× ${part.value}`
          : key === 'base' || key === 'exact'
            ? `= ${part.value}`
            : key === 'constitution'
              ? String(part.value)
              : signed(part.value);
      return { label: t(part.label), value };
    });
  lines.push({ label: t('GNG.Sheet.Combat.MaxHp'), value: `= ${derived.max}` });
  const notes = [injuryText(system)];
  if (system.hp.nonlethal) notes.push(f('GNG.Sheet.Combat.Nonlethal', { value: system.hp.nonlethal }));
  if (system.hp.temp) notes.push(f('GNG.Sheet.Combat.TempHp', { value: system.hp.temp }));
  return {
    id: `gng-${actor.id}-hp`,
    key: 'hp',
    label: t('GNG.Sheet.Combat.HitPoints'),
    value: `${system.hp.value} / ${derived.max}`,
    // Temporary HP beside the HP (they soak damage first): "23 / 23", under it "(+5 temporary)".
    sub: system.hp.temp ? f('GNG.Sheet.Combat.TempHpBeside', { temp: system.hp.temp }) : undefined,
    lines,
    notes,
  };
}

function injuryText(system: CreatureData): string {
  const injury = system.derived.hp.injury;
  if (injury.immune) return t('GNG.Injury.Immune');
  const grade = t(`GNG.Injury.${injury.level}`);
  return injury.penalty ? `${grade} (${signed(injury.penalty)})` : grade;
}

/** The HP bar of the header: current / max, share filled, and the injury grade. */
function hpBar(system: CreatureData) {
  const max = system.derived.hp.max;
  const percent = max > 0 ? Math.max(0, Math.min(100, Math.round((system.hp.value / max) * 100))) : 0;
  return {
    value: system.hp.value,
    max,
    percent,
    level: system.derived.hp.injury.level,
    injury: injuryText(system),
  };
}

/**
 * The lines of an attack bonus: the engine's parts with its "base attack, ability and size" part
 * itemized as the dialog and the card show it (`itemizedAttackParts`: the derived base attack bonus,
 * ability and size modifiers), each with its source; parts of 0 after the first are left out.
 */
function attackLines(actor: Actor, system: CreatureData, attack: AttackSummary): BreakdownLine[] {
  const sources: Record<string, string> = {
    'GNG.AttackDialog.Part.bab': system.derived.classes.map((c) => `${c.name} ${c.levels}`).join(', '),
    'GNG.AttackDialog.Part.size': t(`GNG.Size.${system.size}`),
  };
  return itemizedAttackParts(actor, attack)
    .filter((part, index) => index === 0 || part.value !== 0)
    .map((part) => {
      const source = sources[part.label];
      return { label: t(part.label), value: signed(part.value), ...(source ? { source } : {}) };
    });
}

/** A firearm's rounds loaded / magazine on its attack row, and its Reload button's label (null: counts none). */
function roundsView(item: Item | undefined) {
  const rounds = item ? roundsOf(item) : null;
  if (!item || !rounds) return null;
  return {
    text: f('GNG.Ammunition.Loaded', { loaded: rounds.loaded, capacity: rounds.capacity }),
    label: f('GNG.Ammunition.LoadedLabel', {
      weapon: item.name,
      loaded: rounds.loaded,
      capacity: rounds.capacity,
    }),
    empty: rounds.loaded === 0,
    full: rounds.loaded >= rounds.capacity,
    reload: f('GNG.Ammunition.Reload', { weapon: item.name }),
  };
}

function attackView(actor: Actor, system: CreatureData, attack: AttackSummary) {
  return {
    itemId: attack.itemId,
    img: actor.items.get(attack.itemId)?.img || DEFAULT_ITEM_IMG,
    name: attack.name,
    bonus: signed(attack.bonus),
    damage: attack.damage,
    damageTypes: attack.damageTypes.map((type) => t(`GNG.DamageType.${type}`)).join(', '),
    grip: t(`GNG.Grip.${attack.grip}`),
    mode: t(`GNG.AttackMode.${attack.mode}`),
    proficient: attack.proficient,
    rollLabel: f('GNG.Sheet.Attack.Roll', { name: attack.name }),
    rounds: roundsView(actor.items.get(attack.itemId)),
    breakdown: {
      id: `gng-${actor.id}-attack-${attack.itemId}`,
      key: `attack-${attack.itemId}`,
      label: f('GNG.Sheet.Attack.BonusOf', { name: attack.name }),
      value: signed(attack.bonus),
      lines: attackLines(actor, system, attack),
      notes: attack.proficient ? [] : [t('GNG.Sheet.Attack.NotProficient')],
    } satisfies StatView,
  };
}

const SAVE_ABILITY: Record<Save, string> = { fort: 'con', ref: 'dex', will: 'wis' };

const PHYSICAL_TYPES = ['weapon', 'armor', 'shield', 'equipment'];

/** Everything both actor sheets show. */
export function actorContext(actor: Actor, editable: boolean): Record<string, unknown> {
  const system = actor.system as CreatureData;
  const derived = system.derived;
  const items = [...actor.items];
  const itemRow = (item: Item) => ({
    id: item.id,
    name: item.name,
    img: item.img || DEFAULT_ITEM_IMG,
    type: item.type,
    typeLabel: t(`TYPES.Item.${item.type}`),
    openLabel: f('GNG.Sheet.Item.Open', { name: item.name }),
    deleteLabel: f('GNG.Sheet.Item.Delete', { name: item.name }),
  });
  const physical = items
    .filter((i) => PHYSICAL_TYPES.includes(i.type))
    .map((item) => {
      const s = item.system as unknown as {
        weight: number;
        quantity: number;
        equipped: boolean;
        carried: boolean;
      };
      // Equipped (worn or in hand, so carried too), carried (stowed), or left behind.
      const state = s.equipped ? 'equipped' : s.carried ? 'carried' : 'stowed';
      return {
        ...itemRow(item),
        weight: s.weight,
        quantity: s.quantity,
        equipped: s.equipped,
        carried: s.carried,
        state,
        stateLabel: t(STATE_LABELS[state]),
        // Toggle buttons: a constant name with aria-pressed; the tooltip says what a press does.
        equipLabel: f('GNG.Sheet.Inventory.Equip', { name: item.name }),
        carryLabel: f('GNG.Sheet.Inventory.Carry', { name: item.name }),
        equipHint: f(s.equipped ? 'GNG.Sheet.Inventory.Unequip' : 'GNG.Sheet.Inventory.Equip', {
          name: item.name,
        }),
        carryHint: f(s.carried ? 'GNG.Sheet.Inventory.Drop' : 'GNG.Sheet.Inventory.Carry', {
          name: item.name,
        }),
      };
    });
  const statuses = actor.statuses ?? new Set<string>();
  const effects = [...actor.allApplicableEffects()].map((effect) => {
    const own = effect.parent === (actor as FoundryDocument);
    return {
      id: effect.id,
      name: effect.name,
      img: effect.img,
      own,
      itemId: own ? null : effect.parent?.id,
      source: own ? t('GNG.Sheet.Effects.OnActor') : (effect.parent?.name ?? ''),
      disabled: effect.disabled,
      toggleLabel: f(effect.disabled ? 'GNG.Sheet.Effects.Enable' : 'GNG.Sheet.Effects.Disable', {
        name: effect.name,
      }),
      deleteLabel: f('GNG.Sheet.Effects.Delete', { name: effect.name }),
      openLabel: f('GNG.Sheet.Item.Open', { name: effect.parent?.name ?? '' }),
    };
  });
  const choice = (prefix: string, values: readonly string[], selected: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`), selected: value === selected }));

  const context: Record<string, unknown> = {
    actor,
    system,
    derived,
    editable,
    disabled: !editable,
    sizeLabel: t(`GNG.Size.${system.size}`),
    sizes: choice('GNG.Size', SIZES, system.size),
    hpBar: hpBar(system),
    /** The combat panel's typed numbers: inputs for owners, plain text for everyone else. */
    combatFields: [
      { name: 'system.hp.value', label: t('GNG.Actor.FIELDS.hp.value.label'), value: system.hp.value },
      {
        name: 'system.hp.nonlethal',
        label: t('GNG.Actor.FIELDS.hp.nonlethal.label'),
        value: system.hp.nonlethal,
        nonNegative: true,
      },
      {
        name: 'system.hp.temp',
        label: t('GNG.Actor.FIELDS.hp.temp.label'),
        value: system.hp.temp,
        nonNegative: true,
      },
      {
        name: 'system.naturalArmor',
        label: t('GNG.Actor.FIELDS.naturalArmor.label'),
        value: system.naturalArmor,
        nonNegative: true,
      },
      {
        name: 'system.negativeLevels',
        label: t('GNG.Actor.FIELDS.negativeLevels.label'),
        value: system.negativeLevels,
        nonNegative: true,
      },
    ],
    levelLabel: f('GNG.Sheet.Level', { level: derived.level }),
    classSummary: derived.classes.map((c) => `${c.name} ${c.levels}`).join(' / '),
    bab: signed(derived.bab),
    grapple: signed(derived.grapple),
    initiative: signed(derived.initiative),
    combat: {
      defense: [defenseView(actor, system, 'melee'), defenseView(actor, system, 'ranged')],
      protection: protectionView(actor, system),
      hp: hpView(actor, system),
      /** "This turn: …" / "Next turn: …" from the action budget (empty out of combat). */
      budget: budgetLines(actor),
      /** Condition notes: a disabled leg (no run or charge), Severe Bleeding's next DC, blood loss. */
      conditions: [...limbNotes(actor), ...bleedingView(actor).lines],
      /** The Heal action "Bind wounds" (shown while the actor bleeds). */
      bleeding: bleedingView(actor).bleeding,
    },
    attacks: derived.attacks.map((attack) => attackView(actor, system, attack)),
    /** The sheet's Maneuvers group (game.gng.maneuver) and Quick Stand, shown when prone. */
    maneuvers: MANEUVERS.map((kind) => ({ kind, label: t(`GNG.Maneuver.Kind.${kind}`) })),
    prone: (actor.statuses ?? new Set<string>()).has('prone'),
    /** The grapples holding the actor, with the moves its side may make now (the card's, for this user). */
    grapples: sheetGrapples(actor, game.user),
    abilities: ABILITIES.map((key) => {
      const a = system.abilities[key];
      return {
        key,
        label: t(`GNG.Ability.${key}.long`),
        abbreviation: t(`GNG.Ability.${key}.abbr`),
        value: a.value,
        damage: a.damage,
        drain: a.drain,
        effective: a.effective,
        lowered: a.effective !== a.value,
        mod: a.mod,
        signedMod: signed(a.mod),
      };
    }),
    saves: SAVES.map((key) => {
      const s = system.saves[key];
      const label = t(`GNG.Save.${key}`);
      return {
        key,
        label,
        total: signed(s.total ?? 0),
        rollLabel: f('GNG.Sheet.Saves.Roll', { save: label }),
        breakdown: {
          id: `gng-${actor.id}-save-${key}`,
          key: `save-${key}`,
          label,
          value: signed(s.total ?? 0),
          lines: [
            { label: t('GNG.Sheet.Saves.Base'), value: signed(s.base ?? 0) },
            { label: t(`GNG.Ability.${SAVE_ABILITY[key]}.long`), value: signed(s.ability ?? 0) },
            ...(s.conditions ? [{ label: t('GNG.Breakdown.Conditions'), value: signed(s.conditions) }] : []),
            ...(s.injury ? [{ label: t('GNG.Breakdown.Injury'), value: signed(s.injury) }] : []),
            ...(s.bonus ? [{ label: t('GNG.Breakdown.Effects'), value: signed(s.bonus) }] : []),
          ],
          notes: [],
        } satisfies StatView,
      };
    }),
    skills: SKILL_IDS.map((key) => {
      const s = system.skills[key];
      const label = t(`GNG.Skill.${key}`);
      return {
        key,
        label,
        ability: t(`GNG.Ability.${SKILLS[key].ability}.abbr`),
        trainedOnly: SKILLS[key].trainedOnly,
        ranks: s.ranks,
        total: signed(s.total),
        usable: s.usable,
        rollLabel: s.usable
          ? f('GNG.Sheet.Skills.Roll', { skill: label })
          : f('GNG.Sheet.Skills.Unusable', { skill: label }),
      };
    }),
    inventory: physical,
    encumbrance: {
      weight: derived.encumbrance.weight,
      load: t(`GNG.Load.${derived.encumbrance.load}`),
      loadKey: derived.encumbrance.load,
      penalty: signed(derived.encumbrance.penalty),
      capacity: derived.encumbrance.capacity,
    },
    feats: items.filter((i) => i.type === 'feat').map(itemRow),
    featActions: featActionsContext(derived, editable, items),
    classes: items
      .filter((i) => i.type === 'class')
      .map((item) => {
        const c = item.system as unknown as { levels: number; kind: string };
        return { ...itemRow(item), levels: c.levels, kind: t(`GNG.ClassKind.${c.kind}`) };
      }),
    spells: items
      .filter((i) => i.type === 'spell')
      .map((item) => ({
        ...itemRow(item),
        level: (item.system as unknown as { level: number }).level,
        detail: (item.system as unknown as { school: string }).school,
      })),
    powers: items
      .filter((i) => i.type === 'power')
      .map((item) => {
        const p = item.system as unknown as { level: number; discipline: string; powerPoints: number };
        return { ...itemRow(item), level: p.level, detail: p.discipline, powerPoints: p.powerPoints };
      }),
    // The injury markers follow HP by themselves (src/hooks/injury-status.ts): no manual toggle.
    conditions: CONFIG.statusEffects
      .filter((status) => !(INJURY_STATUSES as readonly string[]).includes(status.id))
      .map((status) => {
        const active = statuses.has(status.id);
        const name = t(status.name);
        const hint = game.i18n.has(`GNG.Condition.${status.id}`) ? t(`GNG.Condition.${status.id}`) : '';
        return {
          id: status.id,
          name,
          hint,
          active,
          label: f(active ? 'GNG.Sheet.Effects.RemoveCondition' : 'GNG.Sheet.Effects.AddCondition', { name }),
        };
      }),
    effects,
    skippedChanges: skippedChangeLines(actor),
    createLabels: Object.fromEntries(
      ['weapon', 'armor', 'shield', 'equipment', 'feat', 'class', 'spell', 'power'].map((type) => [
        type,
        f('GNG.Sheet.Item.Create', { type: t(`TYPES.Item.${type}`) }),
      ]),
    ),
  };

  if (actor.type === 'npc') {
    const npc = system as NpcData;
    context.creatureType = npc.creatureType;
    context.subtypes = npc.subtypes.join(', ');
    context.anatomy = ANATOMY_FLAGS.map((flag) => {
      const active = npc.anatomy.includes(flag);
      const name = t(`GNG.Anatomy.${flag}`);
      return {
        flag,
        name,
        active,
        label: f(active ? 'GNG.Sheet.Npc.RemoveTrait' : 'GNG.Sheet.Npc.AddTrait', { name }),
      };
    });
  }
  return context;
}

/** The patient of a heal from a sheet: the user's one targeted token's actor, or why there is none. */
export function healPatientOf(user: User): { patient: Actor | null; problem: string | null } {
  const targets = [...user.targets];
  if (targets.length > 1)
    return { patient: null, problem: f('GNG.Heal.Sheet.ManyTargets', { count: targets.length }) };
  const token = targets[0];
  if (!token) return { patient: null, problem: t('GNG.Heal.Sheet.NoTarget') };
  if (!token.actor) return { patient: null, problem: t('GNG.Heal.Sheet.NoActor') };
  return { patient: token.actor, problem: null };
}

/**
 * The Effects tab's "Heal the target" group (owners only, else null): this actor is the healer,
 * the user's one target the patient; its disabled parts for surgery. Read again when pressed.
 */
export function healTargetContext(
  actor: Actor,
  user: User,
): {
  id: string;
  hint: string;
  status: string;
  patientUuid: string;
  tendLabel: string;
  surgeryLabel: string;
  parts: RestPart[];
  noParts: string;
} | null {
  if (!actor.isOwner) return null;
  const { patient, problem } = healPatientOf(user);
  const name = patient?.name ?? '';
  const parts = patient ? disabledPartsOf(patient) : [];
  return {
    id: `gng-${actor.uuid.replace(/[^\w-]/g, '-')}-heal`,
    hint: f('GNG.Heal.Sheet.Hint', { healer: actor.name }),
    status: patient ? f('GNG.Heal.Sheet.Patient', { patient: name }) : (problem ?? ''),
    patientUuid: patient?.uuid ?? '',
    tendLabel: patient ? f('GNG.Heal.Sheet.Tend', { patient: name }) : t('GNG.Heal.Sheet.TendAny'),
    surgeryLabel: patient ? f('GNG.Heal.Sheet.Surgery', { patient: name }) : t('GNG.Heal.Sheet.SurgeryAny'),
    parts,
    noParts: patient && !parts.length ? f('GNG.Heal.Sheet.NoParts', { patient: name }) : '',
  };
}
