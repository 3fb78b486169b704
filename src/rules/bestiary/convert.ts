/**
 * Bestiary conversion (issue #19): a d20 3.5 stat block (an SRD record, or what the stat-block parser
 * makes of pasted text) → a GnG creature, with every step explained and everything left over listed.
 *
 * - HP: (Constitution, or 20 with none + class bonus + Toughness) × size multiplier (GnG "HIT
 *   POINTS"), through hit-points.ts with the creature type's and classes' HP progressions.
 * - Protection: armor bonus (with its enhancement) + natural armor (GnG "PROTECTION").
 * - Defense bonus: Dex modifier + class bonus + equipment penalty + size modifier + shield bonus, and
 *   the AC's deflection/dodge/haste/insight/luck/sacred/profane bonuses (GnG "DEFENSE"), and +1 dodge
 *   for each Dodge feat (GnG's Dodge, Appendix 4).
 * - Attacks, saves, BAB and grapple as printed; DR, energy resistance, immunities, regeneration, SR.
 * Each rule the text does not state is a decision in docs/rules.md "Bestiary conversion (issue #19)".
 * Pure: no Foundry, no I/O; never throws on a record of the SRD file.
 */
import { defenseBonus, type DefenseBreakdown, type DefenseModifierType } from '../defense.js';
import { hitPointsBreakdown, type HitPointsBreakdown } from '../hit-points.js';
import { abilityModifier } from '../abilities.js';
import { isImmuneToInjury } from '../damage-effects.js';
import { protection, type ProtectionBreakdown } from '../protection.js';
import type { Size } from '../types.js';
import {
  classifyAcPart,
  convertArmor,
  convertShield,
  type ConvertedArmor,
  type ConvertedShield,
} from './armor-table.js';
import { protectionFromTouch } from './ac-inference.js';
import { parseAttackLine, type AttackRoutine } from './attacks.js';
import { convertQualities, qualityEntries, type ConvertedQualities } from './qualities.js';
import { gngSize, isSwarm, sizeOfSpace, splitHitDice, type HitDiceSplit } from './type-table.js';
import {
  DODGE_FEAT_BONUS,
  featTimes,
  suggestedCr,
  toughnessFeats,
  type ConversionStep,
  type StepData,
} from './convert-steps.js';
import type { AbilityKey, SrdMonsterRecord } from './srd-record.js';

export type { ConversionStep, ConversionExplanation, StepData } from './convert-steps.js';

/** The GnG creature a stat block converts to. */
export interface ConvertedCreature {
  id: string;
  name: string;
  /** GnG size of the creature (Defense, attacks, reach). */
  size: Size;
  /** The size its HP multiplier and CR adjustment use (a swarm's space; else `size`). */
  hpSize: Size;
  type: string;
  subtypes: string[];
  abilities: Record<AbilityKey, number | null>;
  hitDice: HitDiceSplit;
  hp: HitPointsBreakdown;
  armor: ConvertedArmor[];
  shields: ConvertedShield[];
  protection: ProtectionBreakdown;
  /** The Defense bonus against a melee attack with nothing special going on. */
  defense: DefenseBreakdown;
  /** The AC line's deflection, dodge, haste, insight, luck, sacred and profane bonuses (not the Dodge feats'). */
  statBlockDefense: Partial<Record<DefenseModifierType, number>>;
  /** Dodge feats (GnG: +1 dodge bonus to Defense each), counted into `defense`. */
  dodge: number;
  /** The special quality "uncanny dodge": keeps its Dexterity and class bonus to Defense when flat-footed. */
  uncannyDodge: boolean;
  bab: number | null;
  grapple: number | null;
  /** Full-attack options ("or"), each the attacks made together; from the full attack line, else the attack line. */
  attacks: AttackRoutine[];
  saves: { fort: number | null; ref: number | null; will: number | null };
  speed: string | null;
  space: string | null;
  reach: string | null;
  resistances: Omit<ConvertedQualities, 'converted' | 'unconverted' | 'uncannyDodge'>;
  /** GnG "Creatures Immune to Injuries": by type, swarm, or "immunity to critical hits". */
  immuneToInjury: boolean;
  /** Toughness feats counted into HP. */
  toughness: number;
  feats: string[];
  skills: string | null;
  cr: { text: string | null; value: number | null; sizeAdjustment: number; suggested: number | null };
  steps: ConversionStep[];
  /** Everything not converted, "kind: text" (kinds: size, type, hit-dice, class-levels, ability, ac, armor, attack, attack-effect, feat, special-attack, special-quality, dragon). */
  unconverted: string[];
}

const DEFENSE_TYPES = ['deflection', 'dodge', 'haste', 'insight', 'luck', 'sacred', 'profane'] as const;

function fraction(m: number): string {
  return m >= 1 ? String(m) : `1/${Math.round(1 / m)}`;
}

/** Converts one stat block. See the module comment; decisions in docs/rules.md. */
export function convertMonster(record: SrdMonsterRecord): ConvertedCreature {
  const steps: ConversionStep[] = [];
  const unconverted: string[] = [];
  const step = (field: string, value: number | string | null, key: string, data: StepData = {}): void => {
    steps.push({ field, value, explanation: { key: `GNG.Bestiary.Step.${key}`, data } });
  };

  // Size.
  const size = gngSize(record.size) ?? 'medium';
  if (gngSize(record.size) === null) unconverted.push(`size: ${record.size}`);
  if ((record.size_text ?? '').trim().endsWith('+')) unconverted.push(`size: ${record.size_text ?? ''}`);
  const swarm = isSwarm(record.subtypes);
  const hpSize = swarm ? (sizeOfSpace(record.space) ?? size) : size;
  step('size', size, record.size_text?.endsWith('+') ? 'SizeColossalPlus' : 'Size', {
    printed: record.size_text ?? record.size,
  });
  if (swarm) step('hpSize', hpSize, 'SwarmSize', { space: record.space ?? '', size: hpSize });

  // Hit Dice: type and classes.
  const hitDice = splitHitDice(record);
  if (record.hd === null) unconverted.push(`hit-dice: ${record.hit_dice}`);
  if (hitDice.unknownType) unconverted.push(`type: ${record.type}`);
  for (const npc of hitDice.npcClasses) unconverted.push(`class-levels: ${npc.levels} ${npc.name}`);
  if (hitDice.unnamedPlus) unconverted.push(`hit-dice: ${record.hit_dice}`);
  const plusBonus = /\bplus\s+\d+\s*$/i.exec(record.hit_dice);
  if (plusBonus) unconverted.push(`hit-dice: ${plusBonus[0].trim()}`);
  if (record.hd !== null && record.hd > 0 && record.hd < 1)
    step('hitDice', 0, 'FractionalHd', { hd: record.hit_dice });
  for (const g of hitDice.groups) {
    step(`hitDice.${g.name}`, g.levels, g.kind === 'class' ? 'ClassLevels' : 'TypeHd', {
      name: g.name,
      levels: g.levels,
      hp: g.hp.progression,
      defense: g.defense.progression,
    });
  }

  // Abilities.
  const abilities = { ...record.abilities };
  for (const [k, v] of Object.entries(abilities)) {
    if (v !== null && (!Number.isInteger(v) || v < 0)) {
      unconverted.push(`ability: ${k} ${String(v)}`);
      abilities[k as AbilityKey] = null;
    }
  }

  // HP.
  const feats = qualityEntries(record.feats);
  const epicFeats = qualityEntries(record.epic_feats ?? null);
  const toughness = toughnessFeats([...feats, ...epicFeats]);
  for (const f of [...feats, ...epicFeats]) if (/epic toughness/i.test(f)) unconverted.push(`feat: ${f}`);
  const hp = hitPointsBreakdown({
    con: abilities.con,
    classes: hitDice.groups.map((g) => g.hp),
    toughness,
    size: hpSize,
  });
  step('hp.base', hp.constitution, abilities.con === null ? 'HpNoCon' : 'HpCon', { con: hp.constitution });
  step('hp.classBonus', hp.classBonus, 'HpClassBonus', { bonus: hp.classBonus, hd: hitDice.counted });
  if (toughness > 0)
    step('hp.toughness', hp.toughness, 'HpToughness', { feats: toughness, hp: hp.toughness });
  step('hp.max', hp.max, 'Hp', {
    base: hp.base,
    multiplier: fraction(hp.multiplier),
    size: hpSize,
    exact: Math.round(hp.exact * 100) / 100,
    max: hp.max,
  });

  // Armor Class → Protection and Defense.
  const armorWorn = record.armor_worn ?? [];
  const shieldWorn = record.shield_worn ?? [];
  const armor = armorWorn.map(convertArmor);
  const shields = shieldWorn.map(convertShield);
  const modifiers: Partial<Record<DefenseModifierType, number>> = {};
  let naturalEnhancement = 0;
  for (const [bonus, label] of record.ac_breakdown) {
    const kind = classifyAcPart(label, { armor: armorWorn, shields: shieldWorn });
    if ((DEFENSE_TYPES as readonly string[]).includes(kind)) {
      const t = kind as DefenseModifierType;
      modifiers[t] = (modifiers[t] ?? 0) + bonus;
      step(`defense.${t}`, bonus, 'DefenseModifier', { label, bonus, type: t });
    } else if (kind === 'natural-enhancement') {
      naturalEnhancement += Math.max(0, bonus);
      step('protection.enhancement', bonus, 'ProtectionNaturalEnhancement', { label, bonus });
    } else if (kind === 'unknown') {
      unconverted.push(`ac: ${bonus >= 0 ? '+' : ''}${bonus} ${label}`);
    }
  }
  for (const a of armor) {
    if (a.checkPenalty === null) unconverted.push(`armor: ${a.name} (armor check penalty unknown)`);
    step(`armor.${a.name}`, a.armor + a.enhancement, 'Armor', {
      name: a.name,
      armor: a.armor,
      enhancement: a.enhancement,
      penalty: a.checkPenalty ?? 0,
    });
  }
  // An AC printed without its parts: natural armor = AC − touch AC (decision "AC without its parts").
  const inferred = protectionFromTouch(record);
  if (inferred.step) steps.push(inferred.step);
  if (inferred.unconverted) unconverted.push(inferred.unconverted);
  const prot = protection({
    armor: armor.reduce((s, a) => s + a.armor, 0),
    naturalArmor: Math.max(0, record.natural_armor) + inferred.amount,
    enhancement: armor.reduce((s, a) => s + a.enhancement, 0) + naturalEnhancement,
  });
  step('protection', prot.total, 'Protection', {
    armor: prot.armor,
    natural: prot.naturalArmor,
    enhancement: prot.enhancement,
    total: prot.total,
  });

  // Dodge feats: GnG's Dodge, a +1 dodge bonus against everyone (decision "Bestiary feats").
  const statBlockDefense = { ...modifiers };
  const dodge = featTimes([...feats, ...epicFeats], 'dodge');
  if (dodge > 0) {
    modifiers.dodge = (modifiers.dodge ?? 0) + dodge * DODGE_FEAT_BONUS;
    step('defense.dodgeFeat', dodge * DODGE_FEAT_BONUS, 'DefenseDodgeFeat', {
      feats: dodge,
      bonus: dodge * DODGE_FEAT_BONUS,
    });
  }
  if (abilities.dex === null) step('defense.dexterity', 0, 'DefenseNoDex', {});
  const dexMod = abilities.dex === null ? 0 : abilityModifier(abilities.dex);
  const penalties = armor.map((a) => a.checkPenalty ?? 0);
  const defense = defenseBonus({
    dexMod,
    classes: hitDice.groups.map((g) => g.defense),
    armorCheckPenalty: penalties.length > 0 ? Math.min(...penalties) : 0,
    armorProficient: true,
    size,
    shield: shields.reduce((s, x) => s + x.shield, 0),
    shieldEnhancement: shields.reduce((s, x) => s + x.enhancement, 0),
    modifiers,
  });
  step('defense', defense.total, 'Defense', {
    dex: defense.parts.dexterity,
    class: defense.parts.class,
    armorCheck: defense.parts.armorCheck,
    size: defense.parts.size,
    shield: defense.parts.shield + defense.parts.shieldEnhancement,
    other: DEFENSE_TYPES.reduce((s, t) => s + defense.parts[t], 0),
    total: defense.total,
  });

  // Attacks.
  const line = record.full_attack ?? record.attack;
  const { routines, unreadable } = parseAttackLine(line, record.reach);
  for (const u of unreadable) unconverted.push(`attack: ${u}`);
  routines.forEach((routine, i) =>
    routine.forEach((a, j) => {
      for (const e of a.effects) unconverted.push(`attack-effect: ${a.name}: ${e}`);
      step(`attacks.${i}.${j}`, a.text, a.mode === 'swarm' ? 'AttackSwarm' : 'Attack', {
        name: a.name,
        count: a.count,
        bonuses: a.bonuses.map((b) => (b >= 0 ? `+${b}` : String(b))).join('/'),
        damage: a.damage?.text ?? '—',
        types: a.damageTypes.join(', ') || '—',
        kind: a.kind,
        reach: a.reach ?? '—',
      });
    }),
  );

  // Special attacks and qualities.
  for (const sa of qualityEntries(record.special_attacks)) unconverted.push(`special-attack: ${sa}`);
  const q = convertQualities(record.special_qualities, record.dragon?.sr ?? null);
  for (const sq of q.unconverted) unconverted.push(`special-quality: ${sq}`);
  if (q.damageReductionText)
    step('resistances.dr', q.damageReductionText, 'DamageReduction', { dr: q.damageReductionText });
  for (const [type, value] of Object.entries(q.energyResistance))
    step(`resistances.energy.${type}`, value ?? 0, 'EnergyResistance', { type, value: value ?? 0 });
  if (q.regeneration > 0)
    step('regeneration', q.regeneration, 'Regeneration', {
      value: q.regeneration,
      by: q.regenerationText ?? '—',
    });
  if (q.fastHealing > 0) step('fastHealing', q.fastHealing, 'FastHealing', { value: q.fastHealing });
  if (q.spellResistance !== null)
    step('spellResistance', q.spellResistance, 'SpellResistance', { value: q.spellResistance });
  if (q.powerResistance !== null)
    step('powerResistance', q.powerResistance, 'PowerResistance', { value: q.powerResistance });
  if (q.fortification !== 'none')
    step('fortification', q.fortification, 'Fortification', { degree: q.fortification });
  for (const i of q.immunities) step('immunities', i, 'Immunity', { what: i });
  const immuneToInjury = isImmuneToInjury({
    creatureType: record.type,
    immuneToCriticalHits: swarm || q.immunities.some((i) => /critical hits/.test(i)),
  });
  if (immuneToInjury) step('immuneToInjury', 'true', 'ImmuneToInjury', { type: record.type });
  if (q.uncannyDodge) step('uncannyDodge', 'true', 'UncannyDodge', {});
  if (record.dragon) {
    const d = record.dragon;
    const sa = record.special_attacks ?? '';
    if (d.breath_weapon && !/breath weapon/i.test(sa))
      unconverted.push(`dragon: breath weapon ${d.breath_weapon}`);
    if (d.frightful_presence_dc !== null && !/frightful presence/i.test(sa))
      unconverted.push(`dragon: frightful presence DC ${d.frightful_presence_dc}`);
    if (d.caster_level !== null && !/caster level/i.test(sa))
      unconverted.push(`dragon: caster level ${d.caster_level}`);
  }

  // Saves, CR.
  step('saves', record.saves_text ?? '', 'Saves', { saves: record.saves_text ?? '—' });
  const cr = suggestedCr(record.cr_value, hpSize);
  step('cr', cr.suggested, 'Cr', {
    cr: record.cr ?? '—',
    adjustment: cr.sizeAdjustment,
    suggested: cr.suggested === null ? '—' : cr.suggested,
  });

  const { converted: _c, unconverted: _u, uncannyDodge, ...resistances } = q;
  return {
    id: record.id,
    name: record.name,
    size,
    hpSize,
    type: record.type,
    subtypes: [...record.subtypes],
    abilities,
    hitDice,
    hp,
    armor,
    shields,
    protection: prot,
    defense,
    statBlockDefense,
    dodge,
    uncannyDodge,
    bab: record.bab,
    grapple: record.grapple,
    attacks: routines,
    saves: { ...record.saves },
    speed: record.speed ?? null,
    space: record.space,
    reach: record.reach,
    resistances,
    immuneToInjury,
    toughness,
    feats: [...feats, ...epicFeats],
    skills: record.skills,
    cr: { text: record.cr, value: record.cr_value, ...cr },
    steps,
    unconverted,
  };
}
