/**
 * Derives a creature's combat statistics from its stored data, its items and its active statuses.
 * Glue only: it gathers the inputs (which armor is worn, which classes, which feats, which
 * conditions) and every number comes from the rules engine.
 */
import {
  ABILITIES,
  ATTACKER_CONDITIONS,
  DEFENSE_STATES,
  NONPROFICIENT_WEAPON_PENALTY,
  uncannyDodgeFromClasses,
  SAVES,
  SKILLS,
  SKILL_IDS,
  abilityModifier,
  attackRollModifiers,
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
  meleeAttackBonus,
  monkProtectionBonus,
  protection,
  rangedAttackBonus,
  skillCheckBonus,
  sneakAttackDice,
  strengthDamageBonus,
  type Ability,
  type AttackerCondition,
  type ClassLevels,
  type DefenseBreakdown,
  type DefenseInput,
  type DefenseSpec,
  type HitPointsInput,
  type ModelCreature,
  type DefenseState,
  type EncumbranceLoad,
  type Grip,
  type ProtectionBreakdown,
  type Save,
  type SkillId,
  effectiveLevel,
  type InitiativeBreakdown,
} from '../../rules/index.js';
import type { ArmorData, ClassData, PhysicalItemData, ShieldData, WeaponData } from '../item/item-data.js';
import type { AnatomyFlag, CreatureData } from './creature-data.js';
import { variantRules } from '../../settings/variant-rules.js';
import { combatModel } from '../../settings/combat-model.js';
import { deriveResistances, type DerivedResistances } from './resistances.js';
import { featDamageDice, featProficient } from './feat-weapons.js';
import { LIMITS } from '../validation.js';
import { weaponRangedKind } from '../item/weapon-kind.js';

export interface ClassSummary {
  id: string;
  name: string;
  identifier: string;
  levels: number;
  kind: string;
}

export interface AttackSummary {
  itemId: string;
  name: string;
  mode: 'melee' | 'ranged';
  grip: Grip | 'ranged';
  /** Total attack bonus with this weapon. */
  bonus: number;
  /** Every contribution to `bonus`, for the breakdown. */
  parts: { label: string; value: number }[];
  /** Damage formula: weapon dice + Strength + enhancement (Relative Degree is added on a hit). */
  damage: string;
  damageTypes: string[];
  proficient: boolean;
  touch: boolean;
  bypass: 'none' | 'piercing' | 'ignoring';
  rangeIncrement: number;
  /** The weapon's damage dice at its size (e.g. `1d10`, `2d6+1`). */
  damageDice: string;
  /** Flat damage modifiers besides Strength (for the attack flow's damage pipeline). */
  damageModifiers: { enhancement: number; conditions: number };
  /** How Strength adds to this weapon's damage, and the wielder's Strength modifier. */
  strength: { rule: 'normal' | 'bow' | 'composite-bow' | 'none'; modifier: number; bonus: number };
  /** Weapon properties (e.g. `nonlethal`). */
  properties: string[];
}

/**
 * Strength to damage with this weapon (engine `strengthDamageBonus`), for a grip and Power Attack,
 * under the world's Strength Bonus Limitation (Appendix 1). The sheet's damage line and the attack
 * card's damage step both come from here.
 */
export function weaponStrengthBonus(
  strength: AttackSummary['strength'],
  grip: Grip | 'ranged',
  options: { powerAttack?: boolean } = {},
): number {
  if (strength.rule === 'none') return 0;
  return strengthDamageBonus({
    strengthModifier: strength.modifier,
    grip: grip === 'ranged' ? 'one-handed' : grip,
    ...(strength.rule === 'bow'
      ? { bow: 'normal' as const }
      : strength.rule === 'composite-bow'
        ? { bow: 'composite' as const }
        : {}),
    ...(options.powerAttack ? { powerAttack: true } : {}),
    strengthBonusLimitation: variantRules().strengthBonusLimitation,
  });
}

export interface DerivedCreature {
  abilities: Record<Ability, { effective: number; mod: number }>;
  classes: ClassSummary[];
  level: number;
  /**
   * Energy Drained: the level minus the negative levels (never below 0), "for determining the power,
   * duration, DC, and other details of spells or special abilities" (engine `effectiveLevel`).
   */
  effectiveLevel: number;
  /** Negative levels counted (the stored number, at least 1 with the energy-drained status). */
  negativeLevels: number;
  bab: number;
  /**
   * Sneak attack dice: the classes' (engine `sneakAttackDice`) and the creature's own; GnG SNEAK
   * ATTACK turns them into an attack bonus when the attack is a sneak attack (src/cards/attack/sneak-attack.ts).
   */
  sneakAttackDice: number;
  feats: string[];
  /**
   * Keeps its Dexterity (and so class and dodge) bonus to Defense when flat-footed or against an
   * invisible attacker, and may abort while flat-footed: a feat item `uncanny-dodge` (a bestiary
   * monster's special quality, a chosen talent) or class levels (engine `uncannyDodgeFromClasses`).
   */
  uncannyDodge: boolean;
  hp: {
    max: number;
    injury: { level: 'none' | 'light' | 'moderate' | 'severe'; penalty: number; immune: boolean };
    breakdown: { label: string; value: number }[];
  };
  /**
   * GnG's rolled Defense against melee and ranged attacks (the world's model's `defenses`). Under a
   * model without a rolled melee and ranged Defense: the total an attack of each kind meets, without
   * GnG's parts (the model's own breakdown is `modelDefenses`).
   */
  defense: { melee: DefenseBreakdown; ranged: DefenseBreakdown; total: number };
  /** The inputs of `defenseBonus` (without the attack mode), to re-derive Defense against a touch attack. */
  defenseInput: Omit<DefenseInput, 'attack' | 'touch'>;
  /** Every defense of the world's combat model (GnG: melee and ranged), for a sheet to list. */
  modelDefenses: Record<string, DefenseSpec>;
  /** The creature as the world's combat model reads it (health statuses, the cards). */
  modelCreature: ModelCreature;
  protection: ProtectionBreakdown & { armorType: string | null; fortification: string };
  encumbrance: {
    weight: number;
    load: EncumbranceLoad;
    penalty: number;
    capacity: { light: number; medium: number; heavy: number };
  };
  /** `injury`: GnG INJURY's penalty, which applies to "saving throws" (and skill and ability checks). */
  saves: Record<Save, { base: number; ability: number; conditions: number; injury: number; total: number }>;
  skills: Record<SkillId, { total: number; usable: boolean; ability: Ability; injury: number }>;
  attacks: AttackSummary[];
  grapple: number;
  /** The total initiative modifier (engine `initiativeModifier`), and its parts. */
  initiative: number;
  initiativeBreakdown: InitiativeBreakdown;
  armorCheckPenalty: number;
  equippedArmorId: string | null;
  equippedShieldId: string | null;
  statuses: string[];
  /** Damage reduction and energy resistance after effects (src/data/actor/resistances.ts). */
  resistances: DerivedResistances;
}

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

function signedFormula(parts: (string | number)[]): string {
  return parts
    .filter((p) => p !== 0 && p !== '')
    .map((p, i) => {
      if (typeof p === 'string') return i === 0 ? p : `+ ${p}`;
      if (i === 0) return String(p);
      return p < 0 ? `- ${-p}` : `+ ${p}`;
    })
    .join(' ');
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
  const hpClasses: ClassLevels[] = classData.map((c) => ({ progression: c.hpProgression, levels: c.levels }));
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
  const hpBreak = model.maxHitPoints({ size: system.size, statuses, hitPoints });
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
    modifiers: defensiveDodge(
      system.defense.bonuses,
      new Set([...(input.defensive ?? [])].filter((status) => statuses.has(status))),
    ),
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
  };
  // The model's defenses on this input, checked by the data models and the effect guard (GnG: the
  // totals now, the breakdown when the sheet's pop-up, or anything else, first reads it).
  const modelDefenses = model.defenses(modelCreature);
  const melee = derivedDefense(modelDefenses, model, modelCreature, 'melee');
  const ranged = derivedDefense(modelDefenses, model, modelCreature, 'ranged');

  // Skills (armor check penalty of worn armor and shield, in full, as the core rules apply it).
  const armorCheckPenalty = (armor?.armorCheckPenalty ?? 0) + (shield?.armorCheckPenalty ?? 0);
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
      other: stored.misc + stored.bonus + fromConditions({ skill }) + hurt.penalty,
    });
    // Named fields, not `{ ...check, … }`: a spread here was most of preparation's time (issue #29).
    skills[skill] = { total: check.total, usable: check.usable, ability, injury: hurt.penalty };
  }

  // Attacks: one per equipped weapon.
  const attacks: AttackSummary[] = items
    .filter((i) => i.type === 'weapon' && (i.system as WeaponData).equipped)
    .map((item) => {
      const w = item.system as WeaponData;
      const mode = w.use === 'ranged' || w.use === 'thrown' ? 'ranged' : 'melee';
      const proficient = featProficient(
        w,
        feats,
        w.category === 'exotic'
          ? system.proficiencies.exotic.some((name) => name.toLowerCase() === item.name.toLowerCase())
          : system.proficiencies.weapons[w.category],
      );
      const damageDice = featDamageDice(w, feats);
      const base =
        mode === 'melee'
          ? meleeAttackBonus({ baseAttackBonus: bab, strengthModifier: mod('str'), size: system.size })
          : rangedAttackBonus({ baseAttackBonus: bab, dexterityModifier: mod('dex'), size: system.size });
      const situational = attackRollModifiers({
        mode,
        conditions: attackerConditions,
        touch: w.touch,
        energyWeapon: w.energy,
        continuousBeam: w.properties.includes('beam'),
        // Footnote 3: a prone attacker's ranged weapon decides whether it can be used at all.
        ...(mode === 'ranged' ? { rangedWeapon: weaponRangedKind(item.name, w) } : {}),
      });
      const withoutPrinted = [
        { label: 'GNG.Breakdown.Enhancement', value: w.enhancement },
        { label: 'GNG.Breakdown.Nonproficient', value: proficient ? 0 : NONPROFICIENT_WEAPON_PENALTY },
        {
          label: 'GNG.Breakdown.ArmorNonproficient',
          value: armorProficient ? 0 : (armor?.armorCheckPenalty ?? 0),
        },
        {
          label: 'GNG.Breakdown.ShieldNonproficient',
          value: shieldProficient ? 0 : (shield?.armorCheckPenalty ?? 0),
        },
      ];
      // A printed (stat block) attack bonus stands for base attack, ability, size, enhancement,
      // proficiency and feats; injury, conditions and effects still apply (docs/rules.md "printed attack bonus").
      const printed = typeof w.attackBonus === 'number';
      const parts = [
        printed
          ? { label: 'GNG.Breakdown.Printed', value: w.attackBonus as number }
          : { label: 'GNG.Breakdown.BaseAttack', value: base },
        ...(printed ? [] : withoutPrinted),
        { label: 'GNG.Breakdown.Injury', value: hurt.penalty },
        { label: 'GNG.Breakdown.Conditions', value: situational.total + fromConditions('attack') },
        { label: 'GNG.Breakdown.Effects', value: system.attack.bonuses[mode] },
      ].filter((p, index) => index === 0 || p.value !== 0);

      const grip: Grip | 'ranged' =
        mode === 'ranged' ? 'ranged' : w.use === 'two-handed' ? 'two-handed' : 'one-handed';
      const strengthRule = { rule: w.strength, modifier: mod('str'), bonus: 0 };
      const strength = weaponStrengthBonus(strengthRule, grip);
      const weaponDamage = fromConditions('weapon-damage');
      return {
        itemId: item.id as string,
        name: item.name,
        mode,
        grip,
        bonus: parts.reduce((sum, p) => sum + p.value, 0),
        parts,
        damage: signedFormula([damageDice, strength, w.enhancement, weaponDamage]),
        damageTypes: [...w.damageTypes],
        proficient,
        touch: w.touch,
        bypass: w.bypass,
        rangeIncrement: w.rangeIncrement,
        damageDice,
        damageModifiers: { enhancement: w.enhancement, conditions: weaponDamage },
        strength: { ...strengthRule, bonus: strength },
        properties: [...w.properties],
      };
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
