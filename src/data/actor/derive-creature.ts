/**
 * Derives a creature's combat statistics from its stored data, its items and its active statuses.
 * Glue only: it gathers the inputs (which armor is worn, which classes, which feats, which
 * conditions) and every number comes from the rules engine.
 */
import {
  ABILITIES,
  ATTACKER_CONDITIONS,
  DEFENSE_STATES,
  uncannyDodgeFromClasses,
  SAVES,
  SKILLS,
  SKILL_IDS,
  abilityModifier,
  baseAttackBonus,
  baseSave,
  carryingCapacity,
  conditionAbilityPenalty,
  conditionRollModifier,
  expandConditions,
  ENTANGLED_DEXTERITY_PENALTY,
  defensiveOption,
  encumbranceLoad,
  encumbrancePenalty,
  grappleCheckBonus,
  initiativeModifier,
  injury,
  isImmuneToInjury,
  monkProtectionBonus,
  protection,
  skillCheckBonus,
  sneakAttackDice,
  type Ability,
  type AttackerCondition,
  type ClassLevels,
  type DefenseBreakdown,
  type DefenseInput,
  type DefenseSpec,
  type HitPointsInput,
  type ModelCreature,
  type ModelAbility,
  type DefenseState,
  type Save,
  effectiveLevel,
} from '../../rules/index.js';
import type { ArmorData, ClassData, PhysicalItemData, ShieldData } from '../item/item-data.js';
import type { AnatomyFlag, CreatureData } from './creature-data.js';
import { combatModel } from '../../settings/combat-model.js';
import { deriveResistances } from './resistances.js';
import type { ClassSummary, DerivedCreature } from './derived-creature.js';
import { deriveAttacks } from './derive-attacks.js';
import { LIMITS } from '../validation.js';

export { weaponStrengthBonus, type AttackSummary } from './derive-attacks.js';

export type { ClassSummary, DerivedCreature } from './derived-creature.js';

/**
 * The Defense modifiers with the dodge bonus of a defensive option the character is taking (its
 * status: core "Fighting Defensively" +2, "Total Defense" +4, until its next turn; the better one if
 * both are on). A dodge bonus: it stacks with the others and goes with the Dexterity bonus.
 * `statuses`: the defensive statuses a GM's client set (src/combat/combat-option-records.ts), not
 * whatever the actor shows: the same status set by its player gives nothing.
 */
export function defensiveDodge(
  bonuses: CreatureData['defense']['bonuses'],
  statuses: ReadonlySet<string>,
): DefenseInput['modifiers'] {
  const dodge = Math.max(
    0,
    ...(['fighting-defensively', 'total-defense'] as const)
      .filter((option) => statuses.has(option))
      .map((option) => defensiveOption(option).dodgeBonus),
  );
  return dodge ? { ...bonuses, dodge: [bonuses.dodge, dodge] } : bonuses;
}

const SAVE_ABILITY: Record<Save, Ability> = { fort: 'con', ref: 'dex', will: 'wis' };

function physical(item: Item): PhysicalItemData | null {
  return ['weapon', 'armor', 'shield', 'equipment'].includes(item.type)
    ? (item.system as PhysicalItemData)
    : null;
}

export function deriveCreature(input: {
  system: CreatureData;
  items: Item[];
  statuses: Set<string>;
  /** The defensive statuses a GM's client set (their dodge bonus counts); none when absent. */
  defensive?: ReadonlySet<string>;
  creature: { creatureType: string; anatomy: readonly AnatomyFlag[] };
}): DerivedCreature {
  const { system, items, creature } = input;
  const statuses = expandConditions(input.statuses);
  const noConstitution = creature.anatomy.includes('no-constitution');

  // Abilities: damage and drain lower the score the modifier comes from, and so do fatigue and
  // exhaustion (effective Str and Dex); entangled costs 4 Dexterity.
  const abilities = {} as DerivedCreature['abilities'];
  const modelAbilities = {} as Record<Ability, ModelAbility>;
  let dexBeforeEntangled = 0;
  for (const ability of ABILITIES) {
    const score = system.abilities[ability];
    const fromFatigue =
      ability === 'str' || ability === 'dex' ? conditionAbilityPenalty(statuses, ability).total : 0;
    let effective = Math.max(0, score.value - score.damage - score.drain + fromFatigue);
    if (ability === 'dex') {
      dexBeforeEntangled = abilityModifier(effective);
      if (statuses.has('entangled')) effective = Math.max(0, effective + ENTANGLED_DEXTERITY_PENALTY);
    }
    abilities[ability] = {
      effective,
      mod: ability === 'con' && noConstitution ? 0 : abilityModifier(effective),
    };
    // What a model reads of it (the Enlightened Grognard): the score without its damage, the damage.
    modelAbilities[ability] = {
      score: Math.max(0, score.value - score.drain + fromFatigue),
      damage: score.damage,
      mod: abilities[ability].mod,
    };
  }
  const mod = (a: Ability) => abilities[a].mod;

  // Classes and creature Hit Dice.
  const classItems = items.filter((i) => i.type === 'class');
  const classes: ClassSummary[] = classItems.map((i) => {
    const c = i.system as ClassData;
    return { id: i.id as string, name: i.name, identifier: c.identifier, levels: c.levels, kind: c.kind };
  });
  const classData = classItems.map((i) => i.system as ClassData);
  const defenseClasses: ClassLevels[] = classData.map((c) => ({
    progression: c.defenseProgression,
    levels: c.levels,
  }));
  const hpClasses: ClassLevels[] = classData.map((c) => ({
    progression: c.hpProgression,
    levels: c.levels,
    hitDie: c.hitDie,
  }));
  const level = classData.reduce((sum, c) => sum + c.levels, 0);
  const bab = baseAttackBonus(classData.map((c) => ({ bab: c.babProgression, levels: c.levels })));
  const feats = items
    .filter((i) => i.type === 'feat')
    .map((i) => (i.system as unknown as { identifier: string }).identifier || slug(i.name));
  const hasFeat = (id: string) => feats.includes(id);
  const uncannyDodge =
    hasFeat('uncanny-dodge') ||
    uncannyDodgeFromClasses(
      classes.flatMap((c) => [c.identifier, c.name].map((name) => ({ name, levels: c.levels }))),
    );

  // Hit points and injury, by the world's combat model.
  const model = combatModel();
  const hpBonuses = system.hp.bonuses;
  const hitPoints: HitPointsInput = {
    con: noConstitution ? null : abilities.con.effective,
    classes: hpClasses,
    toughness: feats.filter((f) => f === 'toughness').length,
    other: hpBonuses.circumstance + hpBonuses.enhancement + hpBonuses.sacredProfane + hpBonuses.other,
    size: system.size,
  };
  const hpBreak = model.maxHitPoints({ size: system.size, statuses, hitPoints, abilities: modelAbilities });
  const injuryImmune = isImmuneToInjury({
    creatureType: creature.creatureType,
    immuneToCriticalHits: creature.anatomy.includes('immune-to-critical-hits'),
    noDiscernibleAnatomy: creature.anatomy.includes('no-discernible-anatomy'),
  });
  // Maximum HP stay within the bound of stored HP (LIMITS.hitPoints), however large the bonuses.
  const maxHp = Math.min(hpBreak.max, LIMITS.hitPoints);
  // A model without injury (GnG INJURY) has no injury penalty.
  const hurt =
    maxHp > 0 && model.capabilities.injury
      ? injury(Math.min(system.hp.value, maxHp), maxHp, { immune: injuryImmune })
      : { level: 'none' as const, penalty: 0 };

  // Gear: carried weight, worn armor and shield.
  let weight = 0;
  for (const item of items) {
    const p = physical(item);
    if (p && (p.carried || p.equipped)) weight += p.weight * p.quantity;
  }
  const load = encumbranceLoad(weight, abilities.str.effective, system.size);
  const armorItem = items.find((i) => i.type === 'armor' && (i.system as ArmorData).equipped) ?? null;
  const shieldItem = items.find((i) => i.type === 'shield' && (i.system as ShieldData).equipped) ?? null;
  const armor = armorItem ? (armorItem.system as ArmorData) : null;
  const shield = shieldItem ? (shieldItem.system as ShieldData) : null;
  const armorProficient = armor ? system.proficiencies.armor[armor.type] : true;
  const shieldProficient = shield
    ? system.proficiencies.armor[shield.shieldSize === 'tower' ? 'tower' : 'shield']
    : true;

  // Conditions: statuses the engine knows as defender states / attacker conditions.
  const states = [...statuses].filter((s): s is DefenseState =>
    (DEFENSE_STATES as readonly string[]).includes(s),
  );
  const attackerConditions = [...statuses].filter((s): s is AttackerCondition =>
    (ATTACKER_CONDITIONS as readonly string[]).includes(s),
  );
  const negativeLevels = Math.max(system.negativeLevels, statuses.has('energy-drained') ? 1 : 0);
  const fromConditions = (roll: Parameters<typeof conditionRollModifier>[1]) =>
    conditionRollModifier(statuses, roll, { negativeLevels, ignoreUnknown: true }).total;

  const withDefensiveDodge = defensiveDodge(
    system.defense.bonuses,
    new Set([...(input.defensive ?? [])].filter((status) => statuses.has(status))),
  );
  const defenseInput: DerivedCreature['defenseInput'] = {
    // defenseBonus applies entangled's Dexterity penalty itself.
    dexMod: dexBeforeEntangled,
    classes: defenseClasses,
    armorCheckPenalty: armor?.armorCheckPenalty ?? 0,
    armorProficient,
    load,
    size: system.size,
    shield: shield?.shieldBonus ?? 0,
    shieldEnhancement: shield?.enhancement ?? 0,
    modifiers: withDefensiveDodge,
    states,
    ...(uncannyDodge ? { retainsDexterityWhenFlatFooted: true } : {}),
    negativeLevels,
    injuryPenalty: hurt.penalty,
  };

  const monkLevels = classes.filter((c) => c.identifier === 'monk').reduce((sum, c) => sum + c.levels, 0);
  const pBonuses = system.protection.bonuses;
  const prot = protection(
    {
      armor: armor?.armorBonus ?? 0,
      naturalArmor: system.naturalArmor,
      enhancement: (armor?.enhancement ?? 0) + pBonuses.enhancement,
      sacredProfane: pBonuses.sacredProfane,
      monk:
        monkProtectionBonus({
          monkLevels,
          wisdomModifier: mod('wis'),
          armored: Boolean(armor || shield) || load !== 'none',
        }) + pBonuses.monk,
      circumstance: pBonuses.circumstance,
    },
    'none',
  );

  // Saves.
  const saveClasses = classData.map((c) => ({ saves: c.saves, levels: c.levels }));
  const saves = {} as DerivedCreature['saves'];
  for (const save of SAVES) {
    const base = baseSave(save, saveClasses);
    const ability = mod(SAVE_ABILITY[save]);
    const conditions = fromConditions(save);
    saves[save] = {
      base,
      ability,
      conditions,
      injury: hurt.penalty,
      total: base + ability + conditions + hurt.penalty + system.saves[save].bonus,
    };
  }

  // The creature as every combat model reads it, built once per preparation.
  const modelCreature: ModelCreature = {
    size: system.size,
    defense: defenseInput,
    hitPoints,
    saves: { fortitude: saves.fort.total, reflex: saves.ref.total, will: saves.will.total },
    statuses,
    armor: (armor?.armorBonus ?? 0) + (armor?.enhancement ?? 0),
    // The token store reads `model.eg.persistent` from the actor; the models read numbers only.
    model: system.model as unknown as ModelCreature['model'],
    abilities: modelAbilities,
    classes: classData.map((c) => ({
      levels: c.levels,
      bab: c.babProgression,
      defense: c.defenseProgression,
      saves: c.saves,
      egRates: c.egRates,
    })),
    armorType: armor?.type ?? null,
    // A GnG defensive status's dodge is GnG's: another model's defenses do not count it.
    ...(withDefensiveDodge === system.defense.bonuses ? {} : { ownDefenseModifiers: system.defense.bonuses }),
  };
  // The model's defenses on this input, checked by the data models and the effect guard (GnG: the
  // totals now, the breakdown when the sheet's pop-up, or anything else, first reads it).
  const modelDefenses = model.defenses(modelCreature);
  const melee = derivedDefense(modelDefenses, model, modelCreature, 'melee');
  const ranged = derivedDefense(modelDefenses, model, modelCreature, 'ranged');

  // Skills (armor check penalty of worn armor and shield, in full, as the core rules apply it).
  const armorCheckPenalty = (armor?.armorCheckPenalty ?? 0) + (shield?.armorCheckPenalty ?? 0);
  // The model's penalty on checks (Saga: the condition step, A1); GnG's injury is `hurt.penalty`.
  const checkPenalty = model.checkPenalty?.(modelCreature) ?? 0;
  const skills = {} as DerivedCreature['skills'];
  for (const skill of SKILL_IDS) {
    const stored = system.skills[skill];
    const ability = SKILLS[skill].ability;
    const check = skillCheckBonus({
      skill,
      ranks: stored.ranks,
      abilityModifier: mod(ability),
      armorCheckPenalty,
      // GnG INJURY: the penalty applies to "skill checks" as to attacks and Defense.
      other: stored.misc + stored.bonus + fromConditions({ skill }) + hurt.penalty + checkPenalty,
    });
    // Named fields, not `{ ...check, … }`: a spread here was most of preparation's time (issue #29).
    skills[skill] = { total: check.total, usable: check.usable, ability, injury: hurt.penalty };
  }

  // Attacks: one per equipped weapon (derive-attacks.ts).
  const attacks = deriveAttacks({
    items,
    system,
    feats,
    bab,
    strMod: mod('str'),
    dexMod: mod('dex'),
    attackerConditions,
    armor: { proficient: armorProficient, checkPenalty: armor?.armorCheckPenalty ?? 0 },
    shield: { proficient: shieldProficient, checkPenalty: shield?.armorCheckPenalty ?? 0 },
    injuryPenalty: hurt.penalty,
    fromConditions,
  });

  const grapple = grappleCheckBonus({
    baseAttackBonus: bab,
    strengthModifier: mod('str'),
    size: system.size,
    improvedGrapple: hasFeat('improved-grapple'),
  });

  const initiative = initiativeModifier({
    dexMod: mod('dex'),
    improvedInitiative: hasFeat('improved-initiative'),
    conditions: conditionRollModifier(statuses, 'initiative', { negativeLevels, ignoreUnknown: true }).parts,
    injury: hurt.penalty,
    effects: system.initiative?.bonus ?? 0,
  });

  return {
    abilities,
    classes,
    level,
    effectiveLevel: effectiveLevel(level, negativeLevels),
    negativeLevels,
    bab,
    // A class item without an identifier counts by its name ("Rogue" → rogue), as a feat does.
    sneakAttackDice: sneakAttackDice(
      classes.map((c) => ({ identifier: c.identifier || slug(c.name), levels: c.levels })),
      system.sneakAttackDice ?? 0,
    ),
    feats,
    uncannyDodge,
    hp: {
      max: maxHp,
      injury: { level: hurt.level, penalty: hurt.penalty, immune: injuryImmune },
      breakdown: hpBreak.parts,
    },
    defense: { melee, ranged, total: melee.total },
    defenseInput,
    modelDefenses,
    modelCreature,
    // The engine's breakdown object itself, with two fields added (a spread here cost more than the rule).
    protection: Object.assign(prot, {
      armorType: armor?.type ?? null,
      fortification: armor?.fortification ?? 'none',
    }),
    encumbrance: {
      weight,
      load,
      penalty: encumbrancePenalty(load),
      capacity: carryingCapacity(abilities.str.effective, system.size),
    },
    saves,
    skills,
    attacks,
    grapple,
    initiative: initiative.total,
    initiativeBreakdown: initiative,
    armorCheckPenalty,
    equippedArmorId: armorItem?.id ?? null,
    equippedShieldId: shieldItem?.id ?? null,
    statuses: [...statuses].sort(),
    resistances: deriveResistances(system.resistances),
  };
}

/**
 * The Defense an attack of `mode` meets: GnG's rolled Defense (the model's `melee` / `ranged` with
 * their breakdown); under another model the total of its defense against that attack, no GnG parts.
 */
function derivedDefense(
  defenses: Record<string, DefenseSpec>,
  model: ReturnType<typeof combatModel>,
  creature: ModelCreature,
  mode: 'melee' | 'ranged',
): DefenseBreakdown {
  const own = defenses[mode];
  if (own?.kind === 'rolled' && own.breakdown) return own.breakdown;
  const spec = model.defenseAgainst({ mode, touch: false }, creature);
  const rolled = spec.kind === 'rolled';
  return {
    total: rolled ? spec.bonus : spec.value,
    autoRollOne: rolled && spec.autoRollOne,
    parts: {} as DefenseBreakdown['parts'],
    removed: [],
    modifiers: [],
    notes: [],
  };
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
