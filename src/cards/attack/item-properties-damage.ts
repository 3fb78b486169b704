/**
 * The attack card's damage step with the target's damage reduction and energy resistance and the
 * weapon's Appendix 6 properties (issue #18; engine `src/rules/item-properties.ts`, decisions under
 * "Item properties, resistances and objects" in docs/rules.md). Everything is read on the GM's client
 * from the documents — the attacker's weapon item, the defender's derived resistances, armor and
 * traits — never from the card's flags. What it did is kept on the card's damage
 * (`damage.properties`) to be shown, and Apply's extra changes on `applied` (the Vicious wielder's
 * HP loss, the Wounding save and its bleeding) for Undo.
 */
import type { UndoNote } from '../kernel/index.js';
import {
  attackBypassQualities,
  ENERGY_TYPES,
  damageImmunity,
  energyResistanceAgainst,
  PROTECTION_PARTS,
  resolveWounding,
  viciousDamage,
  weaponPropertiesAgainst,
  WEAPON_ITEM_PROPERTIES,
  type DamagePipelineInput,
  type DamageReduction,
  type EnergyType,
  type Fortification,
  type ProtectionParts,
  type RemovedDefensePart,
  type TargetTrait,
  type WeaponItemProperty,
} from '../../rules/index.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import { formatDamageReduction } from '../../data/actor/resistances.js';
import type { ArmorData, WeaponData } from '../../data/item/item-data.js';
import {
  applyHitPointLoss,
  recordOf,
  restoreHitPointLoss,
  type HitPointRecord,
} from '../../combat/hp-loss.js';
import { holdStatuses, releaseStatuses } from '../../combat/status-holds.js';
import { rollSave, type SaveRoll } from '../shared/wound-trauma.js';
import { actorOf } from '../kernel/index.js';
import { breakWeaponHit, undoObjectHit, type CardObjectHit } from './object-damage.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import { hitStopped } from './shot-damage.js';

/** Wounding's status (the bleeding card's; src/cards/bleeding/). */
const SEVERE_BLEEDING = 'severe-bleeding';

/** What DR, energy resistance and the weapon's properties did to one target's damage. */
export interface CardDamageProperties {
  /** The weapon's Appendix 6 properties (those the damage step knows). */
  properties: WeaponItemProperty[];
  /** The damage reduction that applied ("5/silver") and its points; null: none. */
  damageReduction: { text: string; amount: number } | null;
  /** The target's damage reductions this attack got through (bypassed or ignored). */
  bypassed: string[];
  /** Energy resistance against the weapon's energy types. */
  energy: { types: EnergyType[]; amount: number } | null;
  /** Brilliant Energy: armor and shield did not count. */
  brilliantEnergy: boolean;
  /** Brilliant Energy against undead, constructs and objects: no damage at all. */
  cannotHarm: boolean;
  /** Sun Blade against undead: the damage after Protection ×2 (1: none). */
  multiplier: number;
  /** Vicious: the 2d6 to the target and the 1d6 to the wielder (null: no HP got through, or not vicious). */
  vicious: { target: number[]; targetDamage: number; wielder: number[]; wielderDamage: number } | null;
  /** Wounding: a Fortitude save against 10 + the damage at Apply (the target has blood). */
  wounding: boolean;
  /** The target's immunities that stopped the hit (engine `damageImmunity`; absent or null: none). */
  immune?: string[] | null;
}

/** Apply's own changes for the weapon's properties (Undo takes them back). */
export interface CardAppliedProperties {
  /** The Vicious wielder's HP loss. */
  viciousWielder?: { hpLost: number; record: HitPointRecord } | null;
  /** Wounding's Fortitude save and the Severe Bleeding effect it started (null: none). */
  /** `hold`: its hold on the bleeding (src/combat/status-holds.ts; absent on older cards). */
  wounding?: { save: SaveRoll; effectId: string | null; hold?: string | null } | null;
  /** Break Weapon: what the hit did to the chosen item (object-damage.ts). */
  object?: CardObjectHit | null;
}

declare module './attack-state.js' {
  interface CardDamage {
    /** DR, energy resistance and the weapon's Appendix 6 properties (item-properties-damage.ts). */
    properties?: CardDamageProperties;
  }
  interface CardApplied {
    /** Apply's changes for the weapon's properties (item-properties-damage.ts). */
    properties?: CardAppliedProperties;
  }
}

const PHYSICAL = ['bludgeoning', 'piercing', 'slashing'];

/** The damage pipeline's inputs the properties and resistances set. */
type PropertyInputs = Required<
  Pick<DamagePipelineInput, 'bypass' | 'afterProtectionMultiplier' | 'damageReduction' | 'energyResistance'>
> & { protection: ProtectionParts };

/** What the target is, for the properties that name creatures or objects (decision in docs/rules.md). */
function targetTraits(defender: Actor | null, target: Pick<CardTarget, 'kind'>): TargetTrait[] {
  const traits = new Set<TargetTrait>();
  if (target.kind === 'object') traits.add('object');
  if (!defender) return [...traits];
  const sys = defender.system as CreatureData & { creatureType?: string; subtypes?: string[] };
  const kind = (sys.creatureType ?? '').toLowerCase();
  if (kind === 'undead' || kind === 'construct' || kind === 'plant') traits.add(kind);
  for (const sub of sys.subtypes ?? []) {
    if (/ectoplasm/i.test(sub)) traits.add('ectoplasmic');
    if (/negative energy/i.test(sub)) traits.add('negative-energy-plane');
  }
  const anatomy = sys.creatureTraits?.().anatomy ?? [];
  if (anatomy.includes('no-circulatory-system')) traits.add('no-circulatory-system');
  return [...traits];
}

/**
 * Brilliant Energy's line among the Defense roll's lost parts: the defender's shield bonus with its
 * enhancement, which "do not count" (null: no shield).
 */
export function brilliantShieldLost(defender: Actor): RemovedDefensePart | null {
  const input = defender.system.derived.defenseInput;
  const value = (input.shield ?? 0) + (input.shieldEnhancement ?? 0);
  return value > 0 ? { part: 'shield', value, reasons: ['GNG.Attack.Property.BrilliantShield'] } : null;
}

/** The attacker's weapon on the card, from the attacker's items (null: gone or not a weapon). */
export async function cardWeapon(state: AttackCardState): Promise<WeaponData | null> {
  const attacker = await actorOf(state.attacker.actorUuid);
  const item = attacker?.items.get(state.weapon.itemId);
  return item?.type === 'weapon' ? (item.system as WeaponData) : null;
}

/**
 * GM side, before the pipeline: the inputs the weapon's properties and the target's resistances give
 * it (Protection without armor for Brilliant Energy, the bypass, the Sun Blade multiplier, DR and
 * energy resistance), and what the card shows of them.
 */
export function propertyInputs(
  weapon: WeaponData | null,
  defender: Actor | null,
  target: Pick<CardTarget, 'kind'>,
  protection: ProtectionParts,
  bypass: 'none' | 'piercing' | 'ignoring',
): { inputs: PropertyInputs; record: CardDamageProperties } {
  const properties = (weapon?.properties ?? []).filter((p): p is WeaponItemProperty =>
    (WEAPON_ITEM_PROPERTIES as readonly string[]).includes(p),
  );
  const derived = defender ? defender.system.derived : null;
  const resist = derived?.resistances;
  const reductions: DamageReduction[] = resist?.damageReduction ?? [];
  const damageTypes = weapon?.damageTypes ?? [];
  const energyTypes = ENERGY_TYPES.filter((t) => damageTypes.includes(t));
  // "energy attacks (even nonmagical fire) ignore damage reduction": an energy weapon, or one whose
  // damage is all energy; a flaming sword's blow is still a blow (decision in docs/rules.md).
  const energyAttack =
    weapon?.energy === true || (energyTypes.length > 0 && !damageTypes.some((t) => PHYSICAL.includes(t)));
  const armorId = derived?.equippedArmorId ?? null;
  const armor = armorId ? defender?.items.get(armorId) : undefined;
  const armorEnhancement = armor ? ((armor.system as ArmorData).enhancement ?? 0) : 0;
  const attack = { qualities: damageTypes, enhancement: weapon?.enhancement ?? 0, energyAttack };
  const effect = weaponPropertiesAgainst({
    properties,
    target: {
      traits: targetTraits(defender, target),
      protection,
      naturalArmorEnhancement: Math.max(0, (protection.enhancement ?? 0) - armorEnhancement),
      damageReduction: reductions,
    },
    bypass,
    attack,
  });
  // Which reduction applied (the best one not got through), and which ones the attack got through.
  const has = attackBypassQualities(attack);
  const ignored = effect.damageReduction === 0;
  const passes = (d: DamageReduction) => ignored || d.bypassedBy.some((g) => g.every((q) => has.has(q)));
  const applied = reductions.find((d) => !passes(d) && d.amount === effect.damageReduction);
  const energy = resist ? energyResistanceAgainst(resist.energy, energyTypes) : 0;
  // Immunities: a weapon's blow (natural or not) against "weapon damage", or every type it deals.
  const immune = damageImmunity(resist?.immunities ?? [], { types: damageTypes, weapon: true });
  return {
    inputs: {
      protection: effect.protection as ProtectionParts,
      bypass: effect.bypass,
      afterProtectionMultiplier: effect.afterProtectionMultiplier,
      damageReduction: effect.damageReduction,
      energyResistance: energy,
    },
    record: {
      properties,
      damageReduction: applied ? { text: formatDamageReduction(applied), amount: applied.amount } : null,
      bypassed: reductions.filter((d) => d.amount > 0 && passes(d)).map(formatDamageReduction),
      energy: energy > 0 ? { types: energyTypes, amount: energy } : null,
      brilliantEnergy: properties.includes('brilliant-energy'),
      cannotHarm: !effect.canHarm,
      multiplier: effect.afterProtectionMultiplier,
      vicious: effect.vicious ? { target: [], targetDamage: 0, wielder: [], wielderDamage: 0 } : null,
      wounding: effect.wounding,
      immune,
    },
  };
}

/**
 * GM side: the target's side of one hit's damage step — the defender's Protection parts and armor
 * fortification, then what its damage reduction and energy resistance and the weapon's Appendix 6
 * properties make of them ({@link propertyInputs}) — to spread into `damagePipeline` beside the
 * rolled damage. One step for every hit: the attack card's roll and odds, each hit of a multiple
 * target burst, suppressing fire's free shot (decision "Bursts and suppressing fire: DR, energy
 * resistance and properties", docs/rules.md). No defender (a sundered item): no Protection.
 */
export function hitDamageInputs(
  weapon: WeaponData | null,
  defender: Actor | null,
  target: Pick<CardTarget, 'kind'>,
  bypass: 'none' | 'piercing' | 'ignoring',
): { inputs: PropertyInputs & { fortification: Fortification }; record: CardDamageProperties } {
  let protection: ProtectionParts = {};
  let fortification: Fortification = 'none';
  if (defender) {
    const p = defender.system.derived.protection;
    protection = Object.fromEntries(PROTECTION_PARTS.map((part) => [part, p[part]])) as ProtectionParts;
    fortification = p.fortification as Fortification;
  }
  const props = propertyInputs(weapon, defender, target, protection, bypass);
  return { inputs: { ...props.inputs, fortification }, record: props.record };
}

/** What {@link hitDamageInputs} gives one target. */
export type HitDamageInputs = ReturnType<typeof hitDamageInputs>;

// One shot off the attack card (a burst's hit, suppressing fire's shot): shot-damage.ts, read at start.
export { hitStopped, shotThroughTarget } from './shot-damage.js';

/** The dice of one roll, in order. */
function diceOf(roll: Roll): number[] {
  return roll.dice.flatMap((term) => term.results.map((r) => r.result));
}

/**
 * GM side, after the pipeline: Brilliant Energy harms no undead, construct or object, and an
 * immune target takes nothing of a type it is immune to (nothing through); Vicious rolls its 2d6 and 1d6 when the hit dealt at least 1 HP — the 2d6 are added to
 * the target's lethal damage (its own instance: no Protection, DR or energy resistance), the 1d6 is
 * what the wielder will lose at Apply. Returns the rolls to show.
 */
export async function finishPropertyDamage(
  damage: { final: number; lethal: number; nonlethal: number; specialEffects: boolean },
  record: CardDamageProperties,
): Promise<Roll[]> {
  if (hitStopped(record)) {
    Object.assign(damage, { final: 0, lethal: 0, nonlethal: 0, specialEffects: false });
    record.vicious = null;
    record.wounding = false;
    return [];
  }
  if (!record.vicious) return [];
  if (damage.final < 1) {
    record.vicious = null;
    return [];
  }
  const targetRoll = await new Roll('2d6').evaluate();
  const wielderRoll = await new Roll('1d6').evaluate();
  const target = diceOf(targetRoll);
  const wielder = diceOf(wielderRoll);
  const flash = viciousDamage(damage.final, target, wielder);
  record.vicious = { target, targetDamage: flash.target, wielder, wielderDamage: flash.wielder };
  damage.final += flash.target;
  damage.lethal += flash.target;
  damage.specialEffects = damage.final >= 1;
  return [targetRoll, wielderRoll];
}

/**
 * GM side, at Apply, after the target's HP loss: the Vicious wielder loses its 1d6, and a Wounding
 * weapon's target rolls its Fortitude save against 10 + the damage (failed: Severe Bleeding, the
 * bleeding card's status). Returns the rolls to show.
 */
export async function applyPropertyDamage(
  state: AttackCardState,
  target: CardTarget,
  defender: Actor,
): Promise<{ applied: CardAppliedProperties; rolls: Roll[] }> {
  const damage = target.damage as NonNullable<CardTarget['damage']>;
  const record = damage.properties;
  const applied: CardAppliedProperties = {};
  const rolls: Roll[] = [];
  // Break Weapon: "apply the damage to both your target and the item you selected to sunder".
  if (target.strike?.id === 'break-weapon' && target.strike.item)
    applied.object = await breakWeaponHit(
      defender,
      target.strike.item.id,
      await cardWeapon(state),
      damage.steps.total,
    );
  if (!record) return { applied, rolls };
  const wielderDamage = record.vicious?.wielderDamage ?? 0;
  if (wielderDamage > 0) {
    const wielder = await actorOf(state.attacker.actorUuid);
    const loss = wielder
      ? await applyHitPointLoss(wielder, { lethal: wielderDamage, nonlethal: 0 }, () => true)
      : null;
    if (loss) applied.viciousWielder = { hpLost: loss.hpLost, record: recordOf(loss) };
  }
  const wound = record.wounding ? resolveWounding(damage.final) : null;
  if (wound?.dc != null) {
    const save = await rollSave(defender, 'fort', wound.dc, rolls);
    const bleeding = resolveWounding(damage.final, save.success).bleeding;
    // Held by this hit also when the defender bleeds already (another card's Undo leaves it).
    const held = bleeding ? await holdStatuses(defender, [SEVERE_BLEEDING]) : null;
    applied.wounding = { save, effectId: held?.effectIds[SEVERE_BLEEDING] ?? null, hold: held?.hold ?? null };
  }
  return { applied, rolls };
}

/** Undo (GM side): gives the Vicious wielder its HP back and ends the bleeding Wounding started. */
export async function undoPropertyDamage(
  state: AttackCardState,
  defender: Actor,
  applied: CardAppliedProperties | undefined,
): Promise<(UndoNote | string)[]> {
  const notes: (UndoNote | string)[] = [];
  const objectNote = await undoObjectHit(defender, applied?.object);
  if (objectNote) notes.push(objectNote);
  const wounding = applied?.wounding;
  if (wounding) {
    const { effectId, hold } = wounding;
    const added: Record<string, string> = effectId ? { [SEVERE_BLEEDING]: effectId } : {};
    notes.push(
      ...(await releaseStatuses(defender, { hold, statusesAdded: Object.keys(added), effectIds: added })),
    );
  }
  const wielder = applied?.viciousWielder ? await actorOf(state.attacker.actorUuid) : null;
  if (wielder && applied?.viciousWielder)
    notes.push(...(await restoreHitPointLoss(wielder, applied.viciousWielder.record)));
  return notes;
}
