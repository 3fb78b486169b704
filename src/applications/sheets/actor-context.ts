/**
 * View models of the actor sheets, one per part of the sheet (`_preparePartContext`): labels, signs
 * and sources for what the data model derived. Formatting only — every number comes from `system` /
 * `system.derived` (the rules engine). A part's context is built only when the part renders, so a
 * tab nobody opened costs nothing. The numbers with breakdowns are in stat-views.ts.
 */
import { ABILITIES, MANEUVERS, SAVES, SIZES, SKILLS, SKILL_IDS, type Save } from '../../rules/index.js';
import { castingPoolsOf } from '../../data/actor/casting-pools.js';
import { SLOT_LEVELS } from '../../data/actor/spellcasting.js';
import { ANATOMY_FLAGS, type CreatureData, type NpcData } from '../../data/actor/creature-data.js';
import { INJURY_STATUSES } from '../../hooks/injury-status.js';
import { CONDITION_STEP_STATUSES } from '../../hooks/condition-step.js';
import { sagaStats, sagaTrack } from './saga-sheet.js';
import { conditionStepOf, conditionStepParts, sagaSheetParts } from '../../cards/attack/saga-attack-parts.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import { budgetLines } from '../../combat/budget-display.js';
import { limbNotes } from '../../combat/conditions-timer.js';
import { bleedingView } from '../../cards/bleeding/bleeding-steps.js';
import { sheetGrapples } from '../../cards/grapple/grapple-register.js';
import { featActionsContext } from './feat-actions-context.js';
import { combatModel, modelOffers } from '../../settings/combat-model.js';
import { modelHeaderLabelOf, modelInitiativeOf, modelSheetBlockOf } from './model-sheet-blocks.js';
import { skippedChangeLines } from './skipped-changes-context.js';
import { defaultItemImage } from '../../config/item-images.js';
import {
  attackView,
  defenseView,
  hpBar,
  hpView,
  initiativeView,
  modelDefenseView,
  protectionView,
  type StatView,
} from './stat-views.js';
import { t, f, signed } from '../../format.js';

export { healPatientOf, healTargetContext } from './heal-target-context.js';

/** The label of each inventory state. */
const STATE_LABELS = {
  equipped: 'GNG.Sheet.Inventory.Equipped',
  carried: 'GNG.Sheet.Inventory.Carried',
  stowed: 'GNG.Sheet.Inventory.NotCarried',
} as const;

const SAVE_ABILITY: Record<Save, string> = { fort: 'con', ref: 'dex', will: 'wis' };

const PHYSICAL_TYPES = ['weapon', 'armor', 'shield', 'equipment'];

/** The fields every item row shows: the item, its image and type, and its controls' labels. */
function itemRow(item: Item) {
  return {
    id: item.id,
    name: item.name,
    img: item.img || defaultItemImage(item.type),
    type: item.type,
    typeLabel: t(`TYPES.Item.${item.type}`),
    openLabel: f('GNG.Sheet.Item.Open', { name: item.name }),
    deleteLabel: f('GNG.Sheet.Item.Delete', { name: item.name }),
  };
}

/** "Level 5" and "Fighter 5": the character's header, a creature's stat block, the Feats tab. */
function levelContext(system: CreatureData) {
  const derived = system.derived;
  return {
    levelLabel: f('GNG.Sheet.Level', { level: derived.level }),
    classSummary: derived.classes.map((c) => `${c.name} ${c.levels}`).join(' / '),
  };
}

/** The Inventory tab: the physical items and where each is, the load, the "New …" buttons. */
export function inventoryContext(actor: Actor) {
  const derived = actor.system.derived;
  const items = [...actor.items];
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
  return {
    inventory: physical,
    /** The toggles' words, which every row repeats, looked up once. */
    inventoryLabels: {
      equip: t('GNG.Sheet.Inventory.EquipShort'),
      carry: t('GNG.Sheet.Inventory.CarryShort'),
    },
    encumbrance: {
      weight: derived.encumbrance.weight,
      load: t(`GNG.Load.${derived.encumbrance.load}`),
      loadKey: derived.encumbrance.load,
      penalty: signed(derived.encumbrance.penalty),
      capacity: derived.encumbrance.capacity,
    },
  };
}

/** The Effects tab: the condition toggles and the Active Effects (its Rest and Heal groups: the sheet). */
export function effectsContext(actor: Actor) {
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
  // The injury and condition-step markers follow HP and the track by themselves
  // (src/hooks/injury-status.ts, condition-step.ts): no manual toggle.
  const markers: readonly string[] = [...INJURY_STATUSES, ...CONDITION_STEP_STATUSES];
  const conditions = CONFIG.statusEffects
    .filter((status) => !markers.includes(status.id))
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
    });
  return { conditions, effects, skippedChanges: skippedChangeLines(actor) };
}

/** The header: name, portrait, size, HP bar; a character's level, BAB, initiative and grapple. */
export function headerContext(actor: Actor): Record<string, unknown> {
  const system = actor.system;
  const derived = system.derived;
  const context: Record<string, unknown> = {
    ...levelContext(system),
    sizeLabel: t(`GNG.Size.${system.size}`),
    sizes: SIZES.map((value) => ({ value, label: t(`GNG.Size.${value}`), selected: value === system.size })),
    hpBar: headerHpBar(actor, system),
    bab: signed(derived.bab),
    grapple: signed(derived.grapple),
    initiative: modelInitiativeOf(combatModel().id, actor)?.header ?? signed(derived.initiative),
  };
  if (actor.type === 'npc') {
    const npc = system as NpcData;
    context.creatureType = npc.creatureType;
    context.subtypes = npc.subtypes.join(', ');
  }
  return context;
}

/** The combat panel: Defense, Protection and HP with their breakdowns, and the typed numbers. */
export function combatPanelContext(actor: Actor) {
  const system = actor.system;
  const bleeding = bleedingView(actor);
  const track = modelOffers('conditionTrack');
  // A model's own block (the Enlightened Grognard's: eg-sheet.ts), when its glue set one.
  const block = track ? null : modelSheetBlockOf(combatModel().id, actor);
  return {
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
    combat: {
      // GnG's rolled Defense; under a model without one, its own defenses (static values to beat).
      // The condition track's model: its own block (saga-sheet.ts), HP with nonlethal, no Protection.
      ...(track
        ? { defense: sagaStats(actor, system), track: sagaTrack(actor) }
        : block
          ? { defense: block.stats, [block.part ?? 'modelBlock']: block.section }
          : {
              defense: modelOffers('rolledDefense')
                ? [defenseView(actor, system, 'melee'), defenseView(actor, system, 'ranged')]
                : Object.values(system.derived.modelDefenses).map((spec) => modelDefenseView(actor, spec)),
              protection: protectionView(actor, system),
              hp: hpView(actor, system),
            }),
      initiative: modelInitiativeOf(combatModel().id, actor)?.view ?? initiativeView(actor, system),
      /** "This turn: …" / "Next turn: …" from the action budget (empty out of combat). */
      budget: budgetLines(actor),
      /** Condition notes: a disabled leg (no run or charge), Severe Bleeding's next DC, blood loss. */
      conditions: [...limbNotes(actor), ...bleeding.lines],
      /** The Heal action "Bind wounds" (shown while the actor bleeds). */
      bleeding: bleeding.bleeding,
    },
  };
}

/** The Combat tab: attacks and maneuvers, abilities, saves (and a creature's stat block). */
export function combatTabContext(actor: Actor): Record<string, unknown> {
  const system = actor.system;
  const derived = system.derived;
  const track = modelOffers('conditionTrack');
  const prone = (actor.statuses ?? new Set<string>()).has('prone');
  const maneuvers = modelOffers('maneuvers')
    ? MANEUVERS.map((kind) => ({ kind, label: t(`GNG.Maneuver.Kind.${kind}`) }))
    : [];
  const grapple = modelOffers('gngGrapple');
  const totalDefense = !modelOffers('tokens');
  const context: Record<string, unknown> = {
    // Under the condition track: the card's parts (GnG's condition rows and injury out, the step's penalty in).
    attacks: derived.attacks.map((attack) =>
      attackView(actor, system, attack, track ? sagaAttackRowParts(actor, attack) : undefined),
    ),
    /**
     * The sheet's Maneuvers group (game.gng.maneuver) and Quick Stand, shown when prone; GnG's
     * maneuvers and grapple only under a model that offers them (another refuses them), GnG's Total
     * defense status not under a model whose sheet block has its own action (the EG model's, 003:759).
     */
    maneuvers,
    grapple,
    totalDefense,
    prone,
    // The group shows while any of its buttons does (GnG: always).
    maneuverGroup: maneuvers.length > 0 || grapple || totalDefense || prone,
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
  };
  if (actor.type === 'npc') {
    const npc = system as NpcData;
    Object.assign(context, levelContext(system), {
      bab: signed(derived.bab),
      grapple: signed(derived.grapple),
      initiative: modelInitiativeOf(combatModel().id, actor)?.header ?? signed(derived.initiative),
      anatomy: ANATOMY_FLAGS.map((flag) => {
        const active = npc.anatomy.includes(flag);
        const name = t(`GNG.Anatomy.${flag}`);
        return {
          flag,
          name,
          active,
          label: f(active ? 'GNG.Sheet.Npc.RemoveTrait' : 'GNG.Sheet.Npc.AddTrait', { name }),
        };
      }),
    });
  }
  return context;
}

/** The Skills tab. */
export function skillsContext(actor: Actor) {
  const system = actor.system;
  return {
    /** Half the skills, rounded up: the first column's rows (styles/_actor-sheet.scss). */
    skillRows: Math.ceil(SKILL_IDS.length / 2),
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
  };
}

/** The Feats tab: feats, the feat actions, classes. */
export function featsContext(actor: Actor, editable: boolean) {
  const system = actor.system;
  const items = [...actor.items];
  return {
    levelLabel: levelContext(system).levelLabel,
    feats: items.filter((i) => i.type === 'feat').map(itemRow),
    featActions: featActionsContext(system.derived, editable, items),
    classes: items
      .filter((i) => i.type === 'class')
      .map((item) => {
        const c = item.system as unknown as { levels: number; kind: string };
        return { ...itemRow(item), levels: c.levels, kind: t(`GNG.ClassKind.${c.kind}`) };
      }),
  };
}

/** The Magic tab's pools: spell slots by level and power points, left now and per day (stored fields). */
function poolsContext(actor: Actor) {
  const pools = castingPoolsOf(actor.system.spellcasting);
  const cell = (name: string, value: number, label: string) => ({ name, value, label });
  return {
    slots: SLOT_LEVELS.map((level) => {
      const p = pools.slots[level] as { value: number; max: number };
      const path = `system.spellcasting.slots.${level}`;
      return {
        level,
        value: cell(`${path}.value`, p.value, f('GNG.Sheet.Magic.SlotsLeftLabel', { level })),
        max: cell(`${path}.max`, p.max, f('GNG.Sheet.Magic.SlotsMaxLabel', { level })),
      };
    }),
    powerPoints: {
      value: cell(
        'system.spellcasting.powerPoints.value',
        pools.powerPoints.value,
        t('GNG.Sheet.Magic.PointsLeft'),
      ),
      max: cell('system.spellcasting.powerPoints.max', pools.powerPoints.max, t('GNG.Sheet.Magic.PointsMax')),
    },
  };
}

/** The Magic tab: spell slots and power points, spells and psionic powers. */
export function magicContext(actor: Actor) {
  const items = [...actor.items];
  return {
    pools: poolsContext(actor),
    spells: items
      .filter((i) => i.type === 'spell')
      .map((item) => ({
        ...itemRow(item),
        level: (item.system as unknown as { level: number }).level,
        detail: (item.system as unknown as { school: string }).school,
        castLabel: f('GNG.Cast.ButtonLabel', { name: item.name }),
      })),
    powers: items
      .filter((i) => i.type === 'power')
      .map((item) => {
        const p = item.system as unknown as { level: number; discipline: string; powerPoints: number };
        return {
          ...itemRow(item),
          level: p.level,
          detail: p.discipline,
          powerPoints: p.powerPoints,
          castLabel: f('GNG.Cast.ManifestLabel', { name: item.name }),
        };
      }),
    /** The words every row repeats, looked up once. */
    magicLabels: {
      level: t('GNG.Sheet.Magic.Level'),
      powerPoints: t('GNG.Sheet.Magic.PowerPoints'),
      cast: t('GNG.Cast.Button'),
      manifest: t('GNG.Cast.Manifest'),
    },
  };
}

/** An attack row's parts under the condition track (the card's: saga-attack-parts.ts). */
function sagaAttackRowParts(actor: Actor, attack: AttackSummary) {
  return [...sagaSheetParts(actor, attack), ...conditionStepParts(actor)];
}

/**
 * The header's HP bar: beside the HP, GnG's injury grade; under the condition track (no injury
 * grades: "Unhurt" would be GnG's word) the creature's step as the tracker names it.
 */
function headerHpBar(actor: Actor, system: CreatureData) {
  const bar = hpBar(system);
  if (!modelOffers('conditionTrack')) {
    // A model's own words for the creature's health (the Enlightened Grognard's: eg-header.ts).
    const label = modelHeaderLabelOf(combatModel().id, actor);
    return label === null ? bar : { ...bar, injury: label };
  }
  const step = conditionStepOf(actor);
  return {
    ...bar,
    injury: f('GNG.Model.Saga.Track.TrackerLabel', { step: t(`GNG.Model.Saga.Track.Step.${step}`) }),
  };
}
