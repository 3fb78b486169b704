/**
 * Fight simulator glue (issue #20): a combatant snapshot from an actor's prepared data — the derived
 * attacks (`system.derived.attacks`, as the attack card reads them), Defense inputs, Protection,
 * saves and HP — without the injury penalty of the moment (the simulator adds the penalty as HP
 * change). Plain data: it crosses to the Web Worker.
 */
import type { CreatureData } from '../data/actor/creature-data.js';
import type { AttackSummary } from '../data/actor/derive-creature.js';
import { abortFeatsOf } from '../combat/action-budget.js';
import {
  ANATOMY_TRAITS,
  FORTIFICATIONS,
  parseDice,
  type AnatomyTrait,
  type Fortification,
  type ShieldSize,
  type Size,
} from '../rules/index.js';
import type { CombatantSnapshot, SimAttack, SimBlock } from '../rules/simulate/index.js';
import type { CombatModel } from '../rules/index.js';
import { combatModel, combatModelId } from '../settings/combat-model.js';
import { healthOf, modelCreatureOf } from '../combat/model-health.js';
import { hpFromGnG } from '../settings/combat-model-hp.js';
import { rollsSpeedFactor } from '../combat/tc-speed-setting.js';

const INJURY_LABEL = 'GNG.Breakdown.Injury';

function withoutInjury(attack: AttackSummary): number {
  const injury = attack.parts.find((p) => p.label === INJURY_LABEL)?.value ?? 0;
  return attack.bonus - injury;
}

function weaponSystem(actor: Actor, itemId: string): Record<string, unknown> {
  return (actor.items.get(itemId)?.system ?? {}) as unknown as Record<string, unknown>;
}

/** One derived attack row as the simulator's attack. */
export function simAttack(actor: Actor, row: AttackSummary): SimAttack {
  const dice = parseDice(row.damageDice || '0');
  const sys = weaponSystem(actor, row.itemId);
  const rule = row.strength.rule;
  const grip = row.grip === 'ranged' ? 'one-handed' : row.grip;
  return {
    name: row.name,
    mode: row.mode,
    bonus: withoutInjury(row),
    dice: { count: dice.count, faces: dice.faces },
    weaponBonus: dice.bonus + row.damageModifiers.enhancement + row.damageModifiers.conditions,
    strength:
      rule === 'none'
        ? null
        : {
            modifier: row.strength.modifier,
            grip,
            ...(rule === 'bow'
              ? { bow: 'normal' as const }
              : rule === 'composite-bow'
                ? { bow: 'composite' as const }
                : {}),
          },
    bypass: row.bypass,
    nonlethal: row.properties.includes('nonlethal'),
    slashing: row.damageTypes.includes('slashing'),
    touch: row.touch,
    thrown: row.properties.includes('thrown'),
    firearm: Boolean(sys.firearm),
    energy: Boolean(sys.energy),
    ...(typeof sys.size === 'string' ? { size: sys.size as Size } : {}),
  };
}

/** Under a Time Count model, the attack with its weapon's speed class (`system.speedClass`, issue #32). */
function withSpeedClass(actor: Actor, row: AttackSummary, attack: SimAttack, model: CombatModel): SimAttack {
  const speedClass = weaponSystem(actor, row.itemId).speedClass;
  if (!model.capabilities.timeCount || typeof speedClass !== 'string') return attack;
  return { ...attack, speedClass };
}

function blockOf(actor: Actor, attacks: readonly AttackSummary[]): SimBlock | undefined {
  const best = attacks.filter((a) => a.mode === 'melee').sort((a, b) => b.bonus - a.bonus)[0];
  if (!best) return undefined;
  const derived = actor.system.derived;
  const shieldId = derived?.equippedShieldId;
  const shield = shieldId
    ? (actor.items.get(shieldId)?.system as unknown as
        { shieldSize?: ShieldSize; shieldBonus?: number; enhancement?: number } | undefined)
    : undefined;
  const feats = abortFeatsOf(actor);
  const size = weaponSystem(actor, best.itemId).size;
  return {
    bonus: withoutInjury(best),
    ...(typeof size === 'string' ? { weaponSize: size as Size } : {}),
    shield: shield?.shieldSize ?? null,
    shieldBonus: shield?.shieldBonus ?? 0,
    shieldEnhancement: shield?.enhancement ?? 0,
    feats: feats.feats ?? [],
    ...(feats.dexModifier === undefined ? {} : { dexModifier: feats.dexModifier }),
  };
}

/**
 * The snapshot of `actor` for a fight, with the id `id` (unique in the fight) and display `name`.
 * Throws (a localized message) when the actor has no prepared creature data.
 */
export function actorSnapshot(
  actor: Actor,
  id: string,
  name: string = actor.name,
  model: CombatModel = combatModel(),
): CombatantSnapshot {
  const system = actor.system as unknown as CreatureData & {
    hp: { value: number; max?: number; temp: number; nonlethal: number };
    size: Size;
    anatomy?: string[];
  };
  const d = system.derived;
  if (!d) throw new Error(game.i18n.format('GNG.Simulator.Error.NotCreature', { name: actor.name }));
  const melee = d.defense.melee;
  const ranged = d.defense.ranged;
  const { injuryPenalty: _injury, ...defenseInput } = d.defenseInput;
  const saveOf = (s: 'fort' | 'ref') => d.saves[s].total - d.saves[s].injury;
  const fortification = (FORTIFICATIONS as readonly string[]).includes(d.protection.fortification)
    ? (d.protection.fortification as Fortification)
    : 'none';
  const dr = Math.max(0, ...d.resistances.damageReduction.map((r) => r.amount));
  const anatomy = (system.anatomy ?? []).filter((a): a is AnatomyTrait =>
    (ANATOMY_TRAITS as readonly string[]).includes(a),
  );
  const block = blockOf(actor, d.attacks);
  return {
    id,
    name,
    size: system.size,
    hp: { value: hpOf(actor, model), max: d.hp.max, temp: system.hp.temp, nonlethal: system.hp.nonlethal },
    con: d.abilities.con.effective,
    immuneToInjury: d.hp.injury.immune,
    initiative: d.initiative - d.initiativeBreakdown.injury,
    defense: {
      melee: melee.total - melee.parts.injury,
      ranged: ranged.total - ranged.parts.injury,
      input: JSON.parse(JSON.stringify(defenseInput)) as NonNullable<CombatantSnapshot['defense']['input']>,
    },
    protection: {
      armor: d.protection.armor,
      naturalArmor: d.protection.naturalArmor,
      enhancement: d.protection.enhancement,
      sacredProfane: d.protection.sacredProfane,
      monk: d.protection.monk,
      circumstance: d.protection.circumstance,
    },
    fortification,
    damageReduction: dr,
    saves: { fortitude: saveOf('fort'), reflex: saveOf('ref') },
    attacks: d.attacks.map((row) => withSpeedClass(actor, row, simAttack(actor, row), model)),
    ...(block ? { block } : {}),
    anatomy,
    ...modelSnapshot(actor, model),
  };
}

/**
 * The HP a creature fights with: as stored, but a pack's creature read while the world plays another
 * model than GnG holds GnG's HP (docs/rules.md "Changing the model"): unhurt there, it fights at full
 * HP here, as it would once created in the world. (Its maximum, `derived.hp.max`, is the world's.)
 */
const hpOf = (actor: Actor, model: CombatModel) =>
  actor.pack && model.id === combatModelId() ? hpFromGnG(actor, model) : actor.system.hp.value;

/** Under a model other than GnG: the creature and health vector its fight loop plays from (plain data). */
function modelSnapshot(actor: Actor, model: CombatModel): Pick<CombatantSnapshot, 'model'> {
  if (model.id === 'gng') return {};
  const { statuses, ...creature } = modelCreatureOf(actor);
  const health = { ...healthOf(actor, model) };
  if ('value' in health) health.value = hpOf(actor, model);
  return {
    model: {
      health,
      creature: { ...(JSON.parse(JSON.stringify(creature)) as typeof creature), statuses: [...statuses] },
      // A model with tokens tells PCs from NPCs (EG: only PCs gain tokens on initiative, 003:472);
      // a Time Count model too (PCs roll their speed factors, NPCs use the static ones: 002:257).
      ...(model.capabilities.tokens || model.capabilities.timeCount
        ? { pc: actor.type === 'character' }
        : {}),
      // Who rolls its SF, as the tracker answers it (the world's `tcSpeedFactors`, tc-speed-setting.ts).
      ...(model.capabilities.timeCount ? { randomSf: rollsSpeedFactor(actor) } : {}),
    },
  };
}
