/**
 * Firearms on the attack card (GnG SPECIAL ATTACKS: ACCELERATED PAIR, SINGLE TARGET BURST, MULTIPLE-BARREL
 * FIRE, CONTINUOUS BEAM FIRE) and the ammunition every shot spends (src/combat/ammunition.ts). Glue
 * only: the numbers are the engine's (`acceleratedPair`, `singleTargetBurstShots`,
 * `singleTargetBurstHits`, `multiShotDamageInstances`, `acceleratedPairAttackPenalty`).
 *
 * Every barrel of the weapon fires (MULTIPLE-BARREL FIRE: "a single attack roll … applied to each barrel
 * fired"), each spending its own rounds; the rounds loaded are shared equally between the barrels.
 */
import type { UndoNote } from '../kernel/index.js';
import { feetBetween } from '../../combat/scene-grid.js';
import { tokenOf } from '../../combat/scene-lookup.js';
import { hasMartialFirearms } from '../../combat/firearms-proficiency.js';
import {
  ACCELERATED_PAIR_SHOTS,
  SINGLE_TARGET_BURST_MIN_AMMO,
  acceleratedPair,
  acceleratedPairAttackPenalty,
  controlledSingleBurstOptions,
  singleTargetBurstHits,
  singleTargetBurstShots,
} from '../../rules/index.js';
import { roundsOf, spendRounds, type RoundsSpent } from '../../combat/ammunition.js';
import type { WeaponData } from '../../data/item/item-data.js';
import { Refusal } from '../kernel/index.js';
import type { AttackOptions, FireChoice } from './attack-options.js';
import { actionAvailable, type AttackCardState } from './attack-state.js';

/** What the card keeps of how the weapon fired (absent on cards of weapons that count no rounds and have one barrel). */
export interface CardFire {
  mode: FireChoice;
  barrels: number;
  /** Shots fired by each barrel. */
  shotsPerBarrel: number;
  /** The burst's 2d6 (empty when controlled or not a burst). */
  rolled: number[];
  /** A controlled burst's announced shots (null otherwise). */
  controlled: number | null;
  /** Rounds spent in all (0 for a weapon that counts none). */
  roundsUsed: number;
  /** The spend record (Undo gives it back); null when the weapon counts no rounds. */
  spent: RoundsSpent | null;
  /** Rounds left in the weapon after the spend (null: counts none). */
  loadedAfter: number | null;
  /** A continuous beam weapon ('beam' property). */
  beam: boolean;
  /** Feet from the attacker's token to the single target's (null: no tokens on a scene). */
  distanceFeet: number | null;
  /** The attack was taken back (the attacker's Undo): who, and what could not be given back. */
  withdrawn?: { by: string; notes: (UndoNote | string)[] } | null;
}

/** One damage instance of a multi-shot attack (engine `multiShotDamageInstances`, then Protection). */
export interface CardDamageInstance {
  /** The barrel (1 = first) and the shots it lumps (a beam's hits of one barrel; otherwise 1). */
  barrel: number;
  shots: number;
  dice: number[];
  /** RD and damage bonuses added to this instance (the first shot of each barrel). */
  relativeDegree: number;
  bonus: number;
  /** Before Protection, Protection taken off, and what got through. */
  total: number;
  protection: number;
  final: number;
}

/**
 * The attacker may take the attack back (returning its rounds) while nothing has happened to anyone
 * because of it: no damage applied, no abort paid, no attack of opportunity taken (decision
 * "Take back the attack", docs/rules.md).
 */
export function attackTakeBackAvailable(state: AttackCardState): boolean {
  const fire = state.fire;
  // Rounds spent, or a Saga-style action spent on the attacker's turn (saga-turn-spend.ts).
  // Or any EG card: its tokens and the attacker's action (eg-steps.ts), or nothing, withdrawn alike.
  const taken =
    (fire?.spent && !fire.withdrawn) ||
    (state.sagaTurn && !state.sagaTurn.withdrawn) ||
    (state.eg && !state.eg.withdrawn) ||
    // A TC card's next count (tc-attack.ts).
    (state.tc?.records.length && !state.tc.withdrawn);
  return Boolean(taken && state.targets.every((target) => actionAvailable('undoAttack', target)));
}

/** The attack was taken back: nothing more happens on its card. */
export function attackWithdrawn(state: AttackCardState): boolean {
  return Boolean(
    state.fire?.withdrawn || state.sagaTurn?.withdrawn || state.eg?.withdrawn || state.tc?.withdrawn,
  );
}

function weaponData(weapon: Item): WeaponData | null {
  return weapon.type === 'weapon' ? (weapon.system as WeaponData) : null;
}

/** A continuous beam weapon. */
export function isBeam(weapon: Item): boolean {
  return weaponData(weapon)?.properties.includes('beam') ?? false;
}

/** Barrels of the weapon (at least 1). */
export function barrelsOf(weapon: Item): number {
  return Math.max(1, weaponData(weapon)?.firearm?.barrels ?? 1);
}

/** Rounds in each barrel: the rounds loaded shared out; null for a weapon that counts none. */
export function roundsPerBarrel(weapon: Item): number | null {
  const rounds = roundsOf(weapon);
  return rounds ? Math.floor(rounds.loaded / barrelsOf(weapon)) : null;
}

/** The controlled burst sizes the actor may announce (empty without the proficiency). */
export function controlledBurstOptions(actor: Actor): number[] {
  return controlledSingleBurstOptions(actor.system.derived.bab, hasMartialFirearms(actor));
}

/**
 * Why this weapon cannot fire this way (a lang key and its data), or null. The text: an accelerated
 * pair needs "a firearm or energy weapon capable of single shot fire" and two rounds (per barrel);
 * "Only weapons capable of fully automatic fire may perform bursts", with three rounds; a controlled
 * burst only with Martial Weapons Proficiency (firearms), by base attack bonus.
 */
export function fireRefusal(
  actor: Actor,
  weapon: Item,
  fire: AttackOptions['fire'],
): { key: string; data: Record<string, unknown> } | null {
  if (!fire || fire.mode === 'single') return null;
  const w = weaponData(weapon);
  const modes = w?.firearm?.fireModes ?? [];
  const name = weapon.name;
  const perBarrel = roundsPerBarrel(weapon);
  // Fewer than `shots` rounds per barrel: the rounds every barrel needs, and those loaded.
  const tooFew = (shots: number) =>
    perBarrel !== null && perBarrel < shots
      ? {
          key: 'GNG.Fire.Refusal.Rounds',
          data: { weapon: name, needed: shots * barrelsOf(weapon), loaded: roundsOf(weapon)?.loaded },
        }
      : null;
  if (perBarrel === 0 && roundsOf(weapon)?.loaded === 0)
    return { key: 'GNG.Ammunition.Empty', data: { weapon: name } };
  if (fire.mode === 'accelerated-pair') {
    if (!modes.includes('single') && !modes.includes('semi'))
      return { key: 'GNG.Fire.Refusal.NoSingle', data: { weapon: name } };
    return tooFew(ACCELERATED_PAIR_SHOTS);
  }
  if (!modes.includes('auto')) return { key: 'GNG.Fire.Refusal.NoAuto', data: { weapon: name } };
  const short = tooFew(SINGLE_TARGET_BURST_MIN_AMMO);
  if (short) return short;
  if (fire.controlled !== undefined && !controlledBurstOptions(actor).includes(fire.controlled))
    return {
      key: 'GNG.Fire.Refusal.Controlled',
      data: { shots: fire.controlled, allowed: controlledBurstOptions(actor).join(', ') || '—' },
    };
  return null;
}

/**
 * The attack bonus line of the fire mode: the accelerated pair's −4 (none with Improved Accelerated
 * Pair). A continuous beam's +4 (instead of the energy weapon's +2: "This does not stack") is the
 * sheet's, in the attack row's bonus already (derive-creature.ts).
 */
export function fireLines(actor: Actor, options: AttackOptions) {
  const lines: { label: string; value: number }[] = [];
  if (options.fire?.mode === 'accelerated-pair') {
    const improved = actor.system.derived.feats.includes('improved-accelerated-pair');
    const penalty = acceleratedPairAttackPenalty(improved);
    if (penalty !== 0) lines.push({ label: 'GNG.Fire.PairPenalty', value: penalty });
  }
  return lines;
}

/**
 * Feet from the attacker's token to the target token, on the target token's scene, by the scene's
 * grid (`scene-grid.ts`: nearest spaces, the scene's diagonal rule); null without both on one scene.
 */
export function distanceToTarget(
  attacker: Actor,
  targetActor: Actor | null,
  tokenId: string | null,
): number | null {
  const to = tokenOf(targetActor, { tokenId });
  const from = to ? tokenOf(attacker, { scene: to.parent ?? null }) : null;
  const feet = from && to ? feetBetween(from, to) : Infinity;
  return Number.isFinite(feet) ? feet : null;
}

/**
 * GM, before the card is posted: the shots each barrel fires (a burst's 2d6 rolled here with Foundry
 * dice, before the attack roll as the text orders), then the rounds spent (refused, nothing spent, when
 * the weapon holds too few). Resolves with the card's fire record and the burst's roll.
 */
export async function fireWeapon(
  actor: Actor,
  weapon: Item,
  options: AttackOptions,
  distanceFeet: number | null,
): Promise<{ fire: CardFire; roll: Roll | null } | null> {
  const mode: FireChoice = options.fire?.mode ?? 'single';
  const barrels = barrelsOf(weapon);
  const counts = roundsOf(weapon);
  if (!counts && barrels === 1 && mode === 'single') return null;
  const refusal = fireRefusal(actor, weapon, options.fire);
  if (refusal) throw new Refusal(refusal.key, refusal.data);
  const perBarrel = roundsPerBarrel(weapon);
  const minimum =
    mode === 'burst'
      ? SINGLE_TARGET_BURST_MIN_AMMO
      : mode === 'accelerated-pair'
        ? ACCELERATED_PAIR_SHOTS
        : 1;
  if (counts && (perBarrel ?? 0) < minimum)
    throw new Refusal(counts.loaded === 0 ? 'GNG.Ammunition.Empty' : 'GNG.Ammunition.TooFew', {
      weapon: weapon.name,
      loaded: counts.loaded,
      needed: minimum * barrels,
    });
  // A weapon that counts no rounds never runs dry.
  const ammo = perBarrel ?? Number.MAX_SAFE_INTEGER;
  let roll: Roll | null = null;
  let rolled: number[] = [];
  let shotsPerBarrel = 1;
  if (mode === 'accelerated-pair') shotsPerBarrel = ACCELERATED_PAIR_SHOTS;
  if (mode === 'burst') {
    const controlled = options.fire?.controlled;
    if (controlled === undefined) {
      roll = await new Roll('2d6').evaluate();
      rolled = roll.dice.flatMap((term) => term.results.map((r) => r.result));
    }
    const shots = singleTargetBurstShots({
      ammo,
      barrels,
      ...(controlled === undefined
        ? { rolled }
        : {
            controlled,
            baseAttackBonus: actor.system.derived.bab,
            martialFirearms: hasMartialFirearms(actor),
          }),
    });
    shotsPerBarrel = shots.shotsFired;
  }
  const roundsUsed = counts ? shotsPerBarrel * barrels : 0;
  const spent = counts ? await spendRounds(weapon, roundsUsed) : null;
  return {
    fire: {
      mode,
      barrels,
      shotsPerBarrel,
      rolled,
      controlled: mode === 'burst' ? (options.fire?.controlled ?? null) : null,
      roundsUsed,
      spent,
      loadedAfter: counts ? counts.loaded - roundsUsed : null,
      beam: isBeam(weapon),
      distanceFeet,
    },
    roll,
  };
}

/** How many shots of each barrel hit the target, and whether it was point blank. */
export function fireHits(
  fire: CardFire,
  result: { hit: boolean; relativeDegree: number } | null,
): { perBarrel: number; total: number; pointBlank: boolean; rdPerExtraShot: number } {
  const hit = result?.hit === true;
  const rd = result?.relativeDegree ?? -1;
  const distance = fire.distanceFeet === null ? {} : { distanceFeet: fire.distanceFeet };
  if (fire.mode === 'accelerated-pair') {
    const pair = acceleratedPair({ ammo: ACCELERATED_PAIR_SHOTS, hit, relativeDegree: rd, ...distance });
    return {
      perBarrel: pair.hitsPerBarrel,
      total: pair.hitsPerBarrel * fire.barrels,
      pointBlank: pair.pointBlank,
      rdPerExtraShot: pair.relativeDegreeForSecondShot,
    };
  }
  if (fire.mode === 'burst') {
    const burst = singleTargetBurstHits({
      shotsFired: fire.shotsPerBarrel,
      hit,
      relativeDegree: rd,
      ...distance,
    });
    return {
      perBarrel: burst.hits,
      total: burst.hits * fire.barrels,
      pointBlank: burst.pointBlank,
      rdPerExtraShot: burst.relativeDegreePerExtraShot,
    };
  }
  const perBarrel = hit ? 1 : 0;
  return { perBarrel, total: perBarrel * fire.barrels, pointBlank: false, rdPerExtraShot: 0 };
}

/** Whether the damage comes in instances (more than one barrel, or a pair or burst). */
export function multiShot(fire: CardFire | undefined | null): fire is CardFire {
  return Boolean(fire && (fire.barrels > 1 || fire.mode !== 'single'));
}
