/**
 * What an attack with these `AttackOptions` comes to before it is rolled: the attack bonus, its
 * parts, the called-shot penalty and Strength to damage, for the attack dialog's live preview.
 * Glue only: the weapon's row on the actor (`system.derived.attacks`, derived by the engine) plus the
 * engine's `attackRollModifiers` (situational rows, touch, sneak attack — its dice and whether it counts
 * from sneak-attack.ts, never the choices —, nonlethal), `calledShotPenalty`
 * (Improved Called Shot, Precise) and `strengthDamageBonus` (grip, Power Attack, and the world's
 * Strength Bonus Limitation).
 */
import {
  CALLED_SHOT_ARMOR,
  attackRollModifiers,
  sizeModifier,
  calledShotPenalty,
  specialStrike,
  strengthDamageBonus,
  type AttackModifierInput,
  type CalledShotArmor,
  type CalledShotEffect,
  type Grip,
} from '../../rules/index.js';
import { variantRules } from '../../settings/variant-rules.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import type { WeaponData } from '../../data/item/item-data.js';
import type { AttackOptions } from './attack-options.js';
import { stabAndGrabRefusal, strikeRefusal } from './strikes.js';
import { fireLines, fireRefusal } from './firearms.js';
import { isLongarm, type ScattershotPlan } from './scattershot.js';
import { combatOptionLines, type AttackHand } from './combat-options-lines.js';
import { sunderPreview } from './sunder.js';
import { opponentFeatLines } from '../../combat/opponent-feats.js';
import { sneakAttackOf, type SneakAttack } from './sneak-attack.js';
import { weaponRangedKind } from '../../data/item/weapon-kind.js';
import { attackRowOf } from '../../data/actor/attack-row.js';

export { attackRowOf };

/** One line of the preview's breakdown: an i18n key (or engine source) and its value. */
export interface AttackPreviewLine {
  /** i18n key of the line. */
  label: string;
  value: number;
  /** What the line is, where the dialog marks it: the called-shot penalty, a strike's penalty. */
  kind?: 'called-shot' | 'strike';
}

export interface AttackPreview {
  /** The weapon's row on the actor's sheet. */
  attack: AttackSummary;
  /** The attack bonus of this attack: the sheet's bonus with the choices' modifiers. */
  total: number;
  /**
   * The sheet's bonus itemized (base attack bonus, ability, size, then the sheet's other parts),
   * then each modifier the choices add.
   */
  lines: AttackPreviewLine[];
  /** False when the engine refuses the attack (e.g. a bow while prone). */
  allowed: boolean;
  reason?: string;
  calledShot: {
    /** Total called-shot penalty (≤ 0); 0 without effects. */
    penalty: number;
    improvedCalledShot: boolean;
    precise: boolean;
    /** Penetration is chosen but the target's armor is unknown: its penalty is left out for now. */
    penetrationNeedsArmor: boolean;
  };
  /** The attacker's sneak attack against the single target: its dice, the bonus it adds, why (not). */
  sneakAttack: SneakAttack;
  /** The breaking strike or nerve strike chosen: its penalty and why it is refused (null: allowed). */
  strike: { penalty: number; refusal: string | null } | null;
  /** Stab and Grab is chosen and a requirement is unmet: which (engine `stabAndGrabUnmet`). */
  stabAndGrabUnmet: string | null;
  /** Strength to damage with this grip and Power Attack (null for weapons that add none). */
  strengthDamage: number | null;
  /** The grips this weapon can be held in (empty for ranged attacks). */
  grips: Grip[];
  /** The grip used: the chosen one if the weapon allows it, else the sheet's. */
  grip: Grip | null;
}

/** The engine grips a weapon can be held in (DAMAGE: light weapons get no two-handed bonus). */
export function gripsFor(use: WeaponData['use']): Grip[] {
  switch (use) {
    case 'light':
    case 'unarmed':
      return ['one-handed', 'off-hand', 'light-two-handed'];
    case 'one-handed':
      return ['one-handed', 'two-handed', 'off-hand'];
    case 'two-handed':
      return ['two-handed'];
    default:
      return [];
  }
}

/** i18n keys of the engine's `attackRollModifiers` part sources. */
const PART_LABELS: Record<string, string> = {
  flanking: 'GNG.AttackDialog.Situational.flanking',
  'higher-ground': 'GNG.AttackDialog.Situational.higher-ground',
  squeezing: 'GNG.AttackDialog.Situational.squeezing',
  'touch attack': 'GNG.AttackDialog.Touch',
  'sneak attack': 'GNG.AttackDialog.SneakAttack',
  'nonlethal with lethal weapon': 'GNG.AttackDialog.NonlethalPenalty',
  'longarm vs adjacent': 'GNG.Fire.LongarmAdjacent',
};

/** The actor's feats (identifiers) and whether it has one. */
function hasFeat(system: CreatureData, id: string): boolean {
  return system.derived.feats.includes(id);
}

/** The armor type of `actor`, for a Penetration called shot (undefined when it wears none). */
export function armorOf(actor: Actor | null | undefined): CalledShotArmor | undefined {
  const type = actor?.system?.derived?.protection.armorType;
  return type && (CALLED_SHOT_ARMOR as readonly string[]).includes(type)
    ? (type as CalledShotArmor)
    : undefined;
}

/**
 * The armor type of the single targeted token's actor, for a Penetration called shot (undefined when
 * there is no single target or it wears none).
 */
export function targetArmor(): CalledShotArmor | undefined {
  const targets = [...game.user.targets];
  return targets.length === 1 ? armorOf(targets[0]?.actor) : undefined;
}

/**
 * The sheet's attack bonus of `attack` as parts, with its lumped "base attack, ability and size"
 * part split into the base attack bonus, the ability modifier (Strength for melee, Dexterity for
 * ranged) and the size modifier — the engine's own numbers (`meleeAttackBonus` /
 * `rangedAttackBonus` are their sum). Left lumped if the actor's numbers do not add up to it.
 */
export function itemizedAttackParts(actor: Actor, attack: AttackSummary): AttackPreviewLine[] {
  const system = actor.system;
  const ability = attack.mode === 'ranged' ? 'dex' : 'str';
  return attack.parts.flatMap((part): AttackPreviewLine[] => {
    if (part.label !== 'GNG.Breakdown.BaseAttack') return [{ label: part.label, value: part.value }];
    const bab = system.derived.bab;
    const abilityMod = system.derived.abilities[ability].mod;
    const size = sizeModifier(system.size);
    if (bab + abilityMod + size !== part.value) return [{ label: part.label, value: part.value }];
    return [
      { label: 'GNG.AttackDialog.Part.bab', value: bab },
      { label: `GNG.AttackDialog.Part.${ability}`, value: abilityMod },
      { label: 'GNG.AttackDialog.Part.size', value: size },
    ];
  });
}

/** The attack bonus and its parts for `weapon` with `options`; null when the weapon cannot attack. */
export function previewAttack(
  actor: Actor,
  weapon: Item,
  options: AttackOptions,
  context: {
    targetArmor?: CalledShotArmor;
    target?: Actor | null;
    /** A targeted token is within 5 ft of the attacker's (a longarm's −4). */
    adjacent?: boolean;
    /** The scattershot at the targeted tokens (its two-target penalty, its refusal). */
    scattershot?: ScattershotPlan | null;
    /** The off hand of a two-weapon attack (its own card); default the primary hand. */
    hand?: AttackHand;
    /** How far the single target's token is, in feet (null: unknown): a ranged sneak attack's 30 ft. */
    distanceFeet?: number | null;
  } = {},
): AttackPreview | null {
  const attack = attackRowOf(actor, weapon);
  if (!attack) return null;
  const system = actor.system;
  const w = weapon.system as WeaponData;

  // The choices' rows of the attacker table, touch, sneak attack and nonlethal: what they add to the
  // sheet's bonus, which already holds the attacker's conditions and the weapon's own touch / energy.
  const input: AttackModifierInput = {
    mode: attack.mode,
    conditions: [...(options.situational ?? [])],
    touch: Boolean(options.touch) && !attack.touch,
  };
  // Footnote 3: whether a prone attacker can use this ranged weapon at all. The prone row adds
  // nothing to a ranged attack (the sheet's bonus holds the melee −4), so it is passed for the refusal.
  if (attack.mode === 'ranged') {
    input.rangedWeapon = weaponRangedKind(weapon.name, w);
    if (actor.statuses?.has('prone')) input.conditions = [...(input.conditions ?? []), 'prone'];
  }
  // GnG SNEAK ATTACK against the single target, from the documents (sneak-attack.ts).
  const sneakAttack = sneakAttackOf(
    actor,
    attack,
    options,
    context.target ?? null,
    context.distanceFeet ?? null,
  );
  if (sneakAttack.bonus) input.sneakAttackDice = sneakAttack.dice;
  // SIDEARMS AND LONGARMS IN MELEE: "a –4 penalty on attacks against adjacent opponents".
  if (attack.mode === 'ranged' && context.adjacent && isLongarm(weapon)) input.longarmAgainstAdjacent = true;
  if (options.nonlethal && !w.properties.includes('nonlethal')) {
    input.nonlethalWithLethalWeapon = true;
    input.nonlethalForceFeat = hasFeat(system, 'nonlethal-force');
  }
  let allowed: boolean;
  let reason: string | undefined;
  let added = 0;
  const lines: AttackPreviewLine[] = itemizedAttackParts(actor, attack);
  try {
    const modifiers = attackRollModifiers(input);
    added = modifiers.total;
    for (const part of modifiers.parts)
      lines.push({ label: PART_LABELS[part.source] ?? part.source, value: part.value });
    allowed = modifiers.allowed;
    if (!allowed && input.rangedWeapon !== undefined)
      reason = game.i18n.format('GNG.AttackDialog.ProneRanged', { weapon: weapon.name });
    else if (modifiers.reason !== undefined) reason = modifiers.reason;
  } catch (error) {
    allowed = false;
    reason = error instanceof Error ? error.message : String(error);
  }

  // Called shot: Improved Called Shot needs a proficient weapon; no weapon data marks Precise yet.
  const improvedCalledShot = hasFeat(system, 'improved-called-shot') && attack.proficient;
  const precise = false;
  const effects: CalledShotEffect[] = [...(options.calledShots ?? [])];
  const armor = context.targetArmor;
  const penetrationNeedsArmor = effects.includes('penetration') && (armor === undefined || armor === 'force');
  const priced = penetrationNeedsArmor ? effects.filter((e) => e !== 'penetration') : effects;
  const penalty = priced.length
    ? calledShotPenalty(priced, {
        improvedCalledShot,
        precise,
        ...(armor !== undefined && armor !== 'force' ? { armor } : {}),
      })
    : 0;
  if (penalty !== 0)
    lines.push({ label: 'GNG.AttackDialog.CalledShot.Penalty', value: penalty, kind: 'called-shot' });

  // Breaking strike / nerve strike: its own penalty (no feat reduces it).
  let strike: AttackPreview['strike'] = null;
  if (options.strike) {
    const strikePenalty = specialStrike(options.strike.id).attackPenalty;
    strike = {
      penalty: strikePenalty,
      refusal: strikeRefusal(actor, attack, w, options.strike, context.target ?? null),
    };
    lines.push({ label: `GNG.Strike.Name.${options.strike.id}`, value: strikePenalty, kind: 'strike' });
  }

  // Firearms: the accelerated pair's −4 (src/cards/attack/firearms.ts); a beam's +4 is the sheet's.
  const fire = fireLines(actor, options);
  // Scattershot: two targets at three increments cost −4 (engine `scattershot`).
  const scatter = context.scattershot?.record;
  if (scatter?.penalty) fire.push({ label: 'GNG.Scattershot.TwoTargetPenalty', value: scatter.penalty });
  lines.push(...fire);
  const fireTotal = fire.reduce((sum, line) => sum + line.value, 0);

  // Core combat options (issue #18): into melee, fighting defensively, two weapons, Defensive Strike.
  const combat = combatOptionLines(actor, weapon, attack, options, {
    target: context.target ?? null,
    hand: context.hand ?? 'primary',
  });
  lines.push(...combat.lines);
  // Combat Sense and Unbalance Opponent against the single defender (src/combat/opponent-feats.ts).
  const opponentFeats = opponentFeatLines(actor, attack.mode, context.target);
  lines.push(...opponentFeats);
  // Sunder: Improved Sunder's +4, and why it cannot be made (sunder.ts).
  const sunder = sunderPreview(actor, options, context.target);
  lines.push(...sunder.lines);
  const combatTotal =
    [...combat.lines, ...opponentFeats].reduce((sum, line) => sum + line.value, 0) + sunder.total;

  const bonus = options.bonus ?? 0;
  if (bonus !== 0) lines.push({ label: 'GNG.AttackDialog.Bonus', value: bonus });

  // Grip and Power Attack change Strength to damage only.
  const grips = attack.mode === 'melee' ? gripsFor(w.use) : [];
  const sheetGrip = attack.grip === 'ranged' ? null : attack.grip;
  const grip = options.grip && grips.includes(options.grip) ? options.grip : sheetGrip;
  const strengthDamage =
    w.strength === 'none'
      ? null
      : strengthDamageBonus({
          strengthModifier: system.derived.abilities.str.mod,
          grip: grip ?? 'one-handed',
          ...(w.strength === 'bow'
            ? { bow: 'normal' as const }
            : w.strength === 'composite-bow'
              ? { bow: 'composite' as const }
              : {}),
          ...(options.powerAttack ? { powerAttack: true } : {}),
          strengthBonusLimitation: variantRules().strengthBonusLimitation,
        });

  // Stab and Grab's special requirements (GnG "Stab and Grab"), with the grip of this attack.
  const stabAndGrabUnmet = effects.includes('stab-and-grab')
    ? stabAndGrabRefusal(actor, weapon, attack, grip, options.singleEdged === true)
    : null;
  if (allowed && strike?.refusal) {
    allowed = false;
    reason = game.i18n.format(`GNG.Strike.Refusal.${strike.refusal}`, {
      strike: game.i18n.localize(`GNG.Strike.Name.${options.strike?.id ?? ''}`),
      name: context.target?.name ?? '',
    });
  }
  const fireRefused = fireRefusal(actor, weapon, options.fire) ?? context.scattershot?.refusal ?? null;
  if (allowed && fireRefused) {
    allowed = false;
    reason = game.i18n.format(fireRefused.key, fireRefused.data);
  }
  if (allowed && combat.refusal) {
    allowed = false;
    reason = game.i18n.format(combat.refusal.key, combat.refusal.data);
  }
  if (allowed && sunder.refusal) {
    allowed = false;
    reason = sunder.refusal;
  }
  if (allowed && stabAndGrabUnmet) {
    allowed = false;
    reason = game.i18n.localize(`GNG.AttackDialog.StabAndGrab.Unmet.${stabAndGrabUnmet}`);
  }

  const preview: AttackPreview = {
    attack,
    total: attack.bonus + added + penalty + (strike?.penalty ?? 0) + fireTotal + combatTotal + bonus,
    lines,
    allowed,
    calledShot: { penalty, improvedCalledShot, precise, penetrationNeedsArmor },
    sneakAttack,
    strike,
    stabAndGrabUnmet,
    strengthDamage,
    grips,
    grip,
  };
  if (reason !== undefined) preview.reason = reason;
  return preview;
}
