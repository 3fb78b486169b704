import { describe, expect, it } from 'vitest';
import {
  ABORT_SIZE_STEP_BONUS,
  DIVE_FOR_COVER_NO_COVER_PENALTY,
  abortEligibility,
  blockRoute,
  largerSizeBonus,
  resolveBlock,
  resolveDiveForCover,
  resolveMaintainFooting,
  resolveRollWithBlow,
  newActionBudget,
  spendAbort,
  attackRollFromValues,
} from '../../../src/rules/index.js';

describe('size bonus of opposed abort rolls (GnG "Block", "Maintain Footing", "Roll with Blow")', () => {
  it('gives +4 per size step to the larger side only', () => {
    expect(ABORT_SIZE_STEP_BONUS).toBe(4);
    expect(largerSizeBonus('medium', 'medium')).toEqual({ a: 0, b: 0 });
    expect(largerSizeBonus('large', 'medium')).toEqual({ a: 4, b: 0 });
    expect(largerSizeBonus('small', 'huge')).toEqual({ a: 0, b: 12 });
    expect(largerSizeBonus('colossal', 'fine')).toEqual({ a: 32, b: 0 });
  });
  it('rejects unknown sizes', () => {
    expect(() => largerSizeBonus('giant' as never, 'medium')).toThrow(RangeError);
  });
});

describe('Block (GnG "ABORT ACTIONS: Block")', () => {
  it('blocks on a tie — decision D1 "equal to or higher"', () => {
    const r = resolveBlock({ blockerRoll: 17, attackerRoll: 17, originalRelativeDegree: 5 });
    expect(r.blocked).toBe(true);
    expect(r.relativeDegree).toBeNull();
    expect(r.margin).toBe(0);
  });
  it('a lost Block keeps the RD of the original attack roll, not of the Block roll', () => {
    const r = resolveBlock({ blockerRoll: 10, attackerRoll: 22, originalRelativeDegree: 3 });
    expect(r.blocked).toBe(false);
    expect(r.relativeDegree).toBe(3);
    expect(r.mayRollWithBlow).toBe(true);
  });
  it('adds +4 per step to the larger weapon and to the larger combatant', () => {
    // Medium blocker with a Large weapon vs a Large attacker with a Medium weapon: +4 each side.
    const r = resolveBlock({
      blockerRoll: 10,
      attackerRoll: 10,
      blockerSize: 'medium',
      attackerSize: 'large',
      blockerWeaponSize: 'large',
      attackerWeaponSize: 'medium',
    });
    expect(r.blockerTotal).toBe(14);
    expect(r.attackerTotal).toBe(14);
    const huge = resolveBlock({ blockerRoll: 20, attackerRoll: 10, attackerSize: 'huge' });
    expect(huge.attackerTotal).toBe(18);
  });
  it('adds the shield bonus and its enhancement bonus', () => {
    const r = resolveBlock({
      blockerRoll: 10,
      attackerRoll: 14,
      shield: 'large',
      shieldBonus: 2,
      shieldEnhancement: 2,
    });
    expect(r.blockerTotal).toBe(14);
    expect(r.blocked).toBe(true);
  });
  it('Riposte: a successful melee block allows an attack of opportunity', () => {
    expect(resolveBlock({ blockerRoll: 15, attackerRoll: 12, feats: ['riposte'] }).riposte).toBe(true);
    expect(resolveBlock({ blockerRoll: 10, attackerRoll: 12, feats: ['riposte'] }).riposte).toBe(false);
    expect(resolveBlock({ blockerRoll: 15, attackerRoll: 12 }).riposte).toBe(false);
  });
  it('Breaking Block: −4 on the opposed roll, melee only, deals damage without RD on a win', () => {
    const r = resolveBlock({ blockerRoll: 16, attackerRoll: 12, breaking: true, feats: ['breaking-block'] });
    expect(r.blockerTotal).toBe(12);
    expect(r.blocked).toBe(true);
    expect(r.breakingBlockDamage).toBe(true);
    expect(blockRoute({ breaking: true })).toEqual({ allowed: false, reason: 'needs-breaking-block' });
    expect(
      blockRoute({ breaking: true, feats: ['breaking-block'], attackKind: 'thrown', shield: 'tower' }),
    ).toEqual({
      allowed: false,
      reason: 'breaking-block-melee-only',
    });
  });
  it('may not block touch attacks or a flanking attacker', () => {
    expect(blockRoute({ touch: true })).toEqual({ allowed: false, reason: 'touch-attack' });
    expect(blockRoute({ flanked: true })).toEqual({ allowed: false, reason: 'flanked' });
    expect(() => resolveBlock({ blockerRoll: 10, attackerRoll: 10, touch: true })).toThrow(RangeError);
  });
  it('rejects bad rolls and shield bonuses', () => {
    expect(() => resolveBlock({ blockerRoll: 1.5, attackerRoll: 10 })).toThrow(RangeError);
    expect(() => resolveBlock({ blockerRoll: 10, attackerRoll: NaN })).toThrow(RangeError);
    expect(() => resolveBlock({ blockerRoll: 10, attackerRoll: 10, shieldBonus: -1 })).toThrow(RangeError);
    expect(() => resolveBlock({ blockerRoll: 10, attackerRoll: 10, shield: 'kite' as never })).toThrow(
      /kite/,
    );
    expect(() => resolveBlock({ blockerRoll: 10, attackerRoll: 10, attackKind: 'laser' as never })).toThrow(
      /laser/,
    );
  });
});

describe('which ranged attacks can be blocked (GnG "Wielding a Shield", Block Projectile, Epic Block Projectile)', () => {
  // Table from the text: attack kind × means → allowed modifier, or refused (null).
  const rows: [string, Parameters<typeof blockRoute>[0], number | null][] = [
    ['melee, no shield', { attackKind: 'melee' }, 0],
    ['thrown, no shield, no feat', { attackKind: 'thrown' }, null],
    ['thrown, buckler', { attackKind: 'thrown', shield: 'buckler' }, null],
    ['thrown, small shield', { attackKind: 'thrown', shield: 'small' }, 0],
    ['arrow/bolt, small shield', { attackKind: 'projectile', shield: 'small' }, 0],
    ['bullet, large shield', { attackKind: 'fast', shield: 'large' }, null],
    ['bullet, tower shield', { attackKind: 'fast', shield: 'tower' }, 0],
    ['energy beam, tower shield', { attackKind: 'energy', shield: 'tower' }, 0],
    ['thrown, Block Projectile', { attackKind: 'thrown', feats: ['block-projectile'] }, 0],
    ['bow, Block Projectile', { attackKind: 'projectile', feats: ['block-projectile'] }, -4],
    ['bullet, Block Projectile', { attackKind: 'fast', feats: ['block-projectile'] }, null],
    ['energy, Block Projectile', { attackKind: 'energy', feats: ['block-projectile'] }, null],
    ['thrown, Epic Block Projectile', { attackKind: 'thrown', feats: ['epic-block-projectile'] }, 0],
    ['bow, Epic Block Projectile', { attackKind: 'projectile', feats: ['epic-block-projectile'] }, -4],
    ['bullet, Epic Block Projectile', { attackKind: 'fast', feats: ['epic-block-projectile'] }, -8],
    ['energy, Epic Block Projectile', { attackKind: 'energy', feats: ['epic-block-projectile'] }, -12],
    ['bow, Projectile Deflection shield', { attackKind: 'projectile', projectileDeflection: true }, 0],
  ];
  it.each(rows)('%s', (_name, situation, expected) => {
    const route = blockRoute(situation);
    if (expected === null) expect(route).toEqual({ allowed: false, reason: 'cannot-block-ranged' });
    else expect(route).toMatchObject({ allowed: true, modifier: expected });
  });
  it('decision D7: a small shield blocks arrows and bolts (and slings) at no penalty; the best route applies', () => {
    expect(blockRoute({ attackKind: 'projectile', shield: 'small', feats: ['block-projectile'] })).toEqual({
      allowed: true,
      modifier: 0,
      via: 'shield',
    });
  });
  it('the route penalty is applied by resolveBlock', () => {
    const r = resolveBlock({
      blockerRoll: 20,
      attackerRoll: 16,
      attackKind: 'energy',
      feats: ['epic-block-projectile'],
    });
    expect(r.blockerTotal).toBe(8);
    expect(r.blocked).toBe(false);
    expect(r.mayRollWithBlow).toBe(false);
  });
});

describe('Roll with Blow (GnG "ABORT ACTIONS: Roll with Blow")', () => {
  it('worked example: beating the roll by 10 converts 10 points of lethal damage', () => {
    const r = resolveRollWithBlow({ tumbleTotal: 30, attackRoll: 20, damage: 14 });
    expect(r).toMatchObject({ margin: 10, converted: 10, lethal: 4, nonlethal: 10 });
  });
  it('never converts more than the damage and nothing on a loss or tie', () => {
    expect(resolveRollWithBlow({ tumbleTotal: 40, attackRoll: 20, damage: 5 })).toMatchObject({
      converted: 5,
      lethal: 0,
      nonlethal: 5,
    });
    expect(resolveRollWithBlow({ tumbleTotal: 20, attackRoll: 20, damage: 5 }).converted).toBe(0);
    expect(resolveRollWithBlow({ tumbleTotal: 12, attackRoll: 20, damage: 5 }).lethal).toBe(5);
  });
  it('the larger combatant gets +4 per size step', () => {
    const r = resolveRollWithBlow({ tumbleTotal: 20, attackRoll: 20, damage: 10, attackerSize: 'large' });
    expect(r.attackTotal).toBe(24);
    expect(r.converted).toBe(0);
    expect(
      resolveRollWithBlow({ tumbleTotal: 20, attackRoll: 20, damage: 10, defenderSize: 'large' }).converted,
    ).toBe(4);
  });
  it('rejects bad input', () => {
    expect(() => resolveRollWithBlow({ tumbleTotal: 20, attackRoll: 20, damage: -1 })).toThrow(RangeError);
    expect(() => resolveRollWithBlow({ tumbleTotal: 20, attackRoll: 20, damage: 2.5 })).toThrow(RangeError);
    expect(() => resolveRollWithBlow({ tumbleTotal: Infinity, attackRoll: 20, damage: 2 })).toThrow(
      RangeError,
    );
  });
});

describe('Dive for Cover (GnG "ABORT ACTIONS: Dive for Cover")', () => {
  it('worked example: 20 damage, Reflex DC 20, Jump 26 → 6 points become nonlethal', () => {
    const r = resolveDiveForCover({ jumpTotal: 26, reflexDc: 20, damage: 20 });
    expect(r).toMatchObject({ margin: 6, converted: 6, lethal: 14, nonlethal: 6 });
  });
  it('no cover: −10 on the Jump check', () => {
    expect(DIVE_FOR_COVER_NO_COVER_PENALTY).toBe(-10);
    const r = resolveDiveForCover({ jumpTotal: 26, reflexDc: 20, damage: 20, cover: false });
    expect(r.jumpTotal).toBe(16);
    expect(r).toMatchObject({ converted: 0, lethal: 20, nonlethal: 0 });
  });
  it('decision D36: meeting the DC exactly converts nothing; conversion caps at the damage', () => {
    expect(resolveDiveForCover({ jumpTotal: 20, reflexDc: 20, damage: 20 }).converted).toBe(0);
    expect(resolveDiveForCover({ jumpTotal: 50, reflexDc: 20, damage: 8 })).toMatchObject({
      lethal: 0,
      nonlethal: 8,
    });
  });
  it('rejects bad input', () => {
    expect(() => resolveDiveForCover({ jumpTotal: 20, reflexDc: 20.5, damage: 1 })).toThrow(RangeError);
  });
});

describe('Maintain Footing (GnG "ABORT ACTIONS: Maintain Footing")', () => {
  it('decision D2: the defender must roll higher — a tie fails', () => {
    expect(resolveMaintainFooting({ balanceTotal: 15, attackRoll: 15 }).maintained).toBe(false);
    expect(resolveMaintainFooting({ balanceTotal: 16, attackRoll: 15 }).maintained).toBe(true);
  });
  it('the larger combatant gets +4 per size step', () => {
    const r = resolveMaintainFooting({ balanceTotal: 15, attackRoll: 12, attackerSize: 'large' });
    expect(r.attackTotal).toBe(16);
    expect(r.maintained).toBe(false);
  });
  it('decision D34: still takes the damage, except from a Throw', () => {
    expect(resolveMaintainFooting({ balanceTotal: 20, attackRoll: 10, attack: 'trip' }).damageAvoided).toBe(
      false,
    );
    expect(resolveMaintainFooting({ balanceTotal: 20, attackRoll: 10, attack: 'throw' }).damageAvoided).toBe(
      true,
    );
    expect(resolveMaintainFooting({ balanceTotal: 5, attackRoll: 10, attack: 'throw' }).damageAvoided).toBe(
      false,
    );
  });
  it('rejects an unknown attack', () => {
    expect(() =>
      resolveMaintainFooting({ balanceTotal: 5, attackRoll: 10, attack: 'shove' as never }),
    ).toThrow(/shove/);
  });
});

describe('abortEligibility (GnG "ABORT ACTIONS" requirements)', () => {
  it('allows a plain melee Block', () => {
    expect(abortEligibility('block')).toEqual({ allowed: true, modifier: 0 });
  });
  it('refuses while flat-footed, unless Uncanny Dodge (decision D11: it only lifts flat-footed)', () => {
    expect(abortEligibility('block', { conditions: ['flat-footed'] })).toEqual({
      allowed: false,
      reason: 'flat-footed',
    });
    expect(abortEligibility('block', { conditions: ['flat-footed'], uncannyDodge: true }).allowed).toBe(true);
    expect(abortEligibility('block', { conditions: ['stunned'], uncannyDodge: true })).toEqual({
      allowed: false,
      reason: 'no-actions',
    });
  });
  it('refuses when stunned, held, entangled, helpless, blinded or unaware', () => {
    expect(abortEligibility('roll-with-blow', { conditions: ['stunned'] }).allowed).toBe(false);
    expect(abortEligibility('block', { conditions: ['locked'] })).toEqual({ allowed: false, reason: 'held' });
    expect(abortEligibility('block', { conditions: ['entangled'] })).toEqual({
      allowed: false,
      reason: 'entangled',
    });
    expect(abortEligibility('block', { conditions: ['helpless'] })).toEqual({
      allowed: false,
      reason: 'loses-dexterity',
    });
    expect(abortEligibility('block', { conditions: ['blinded'] })).toEqual({
      allowed: false,
      reason: 'loses-dexterity',
    });
    expect(abortEligibility('dive-for-cover', { aware: false, reflexAreaEffect: true })).toEqual({
      allowed: false,
      reason: 'unaware',
    });
  });
  it('decision D9: conditions that allow no actions (dazed, suppressed, pinned) allow no aborts', () => {
    for (const c of ['dazed', 'suppressed', 'pinned', 'panicked']) {
      expect(abortEligibility('block', { conditions: [c] })).toEqual({
        allowed: false,
        reason: 'no-actions',
      });
    }
  });
  it('decision D10: a grappler may abort against the opponent he grapples, not against others', () => {
    expect(
      abortEligibility('block', { conditions: ['grappling'], attackerIsGrappleOpponent: true }).allowed,
    ).toBe(true);
    expect(abortEligibility('block', { conditions: ['grappling'] })).toEqual({
      allowed: false,
      reason: 'loses-dexterity',
    });
  });
  it('Roll with Blow: melee only, never touch attacks or a flanking attacker', () => {
    expect(abortEligibility('roll-with-blow', { attackKind: 'thrown' })).toEqual({
      allowed: false,
      reason: 'not-melee',
    });
    expect(abortEligibility('roll-with-blow', { touch: true })).toEqual({
      allowed: false,
      reason: 'touch-attack',
    });
    expect(abortEligibility('roll-with-blow', { flanked: true })).toEqual({
      allowed: false,
      reason: 'flanked',
    });
  });
  it('decision D35: Roll with Blow is still allowed after a failed Block (each abort once per attack)', () => {
    const block = resolveBlock({ blockerRoll: 5, attackerRoll: 20 });
    expect(block.mayRollWithBlow).toBe(true);
    expect(abortEligibility('roll-with-blow').allowed).toBe(true);
    expect(abortEligibility('block', { alreadyUsed: true })).toEqual({
      allowed: false,
      reason: 'already-used',
    });
  });
  it('decision D8: only the restrictions printed for each abort apply (Dive for Cover vs flankers, Maintain Footing vs touch trips)', () => {
    expect(abortEligibility('dive-for-cover')).toEqual({ allowed: false, reason: 'not-reflex-area' });
    expect(abortEligibility('dive-for-cover', { reflexAreaEffect: true, flanked: true }).allowed).toBe(true);
    expect(abortEligibility('maintain-footing')).toEqual({ allowed: false, reason: 'not-forced-movement' });
    expect(abortEligibility('maintain-footing', { forcedMovement: true, flanked: true })).toEqual({
      allowed: false,
      reason: 'flanked',
    });
    expect(abortEligibility('maintain-footing', { forcedMovement: true, touch: true }).allowed).toBe(true);
  });
  it('Block reports its route modifier, refuses ranged attacks it cannot block', () => {
    expect(abortEligibility('block', { attackKind: 'projectile', feats: ['block-projectile'] })).toEqual({
      allowed: true,
      modifier: -4,
    });
    expect(abortEligibility('block', { attackKind: 'fast' })).toEqual({
      allowed: false,
      reason: 'cannot-block-ranged',
    });
  });
  it('refuses when out of actions, but free aborts from feats still work', () => {
    let budget = newActionBudget();
    for (let i = 0; i < 2; i++) {
      const r = spendAbort(budget, 'block');
      if (!r.ok) throw new Error('unexpected');
      budget = r.budget;
    }
    expect(abortEligibility('block', { budget })).toEqual({ allowed: false, reason: 'out-of-actions' });
    expect(abortEligibility('block', { budget, feats: ['improved-block'] }).allowed).toBe(true);
  });
  it('rejects unknown aborts, conditions and feats', () => {
    expect(() => abortEligibility('parry' as never)).toThrow(/parry/);
    expect(() => abortEligibility('block', { conditions: ['sleepy'] })).toThrow(/sleepy/);
    expect(() => abortEligibility('block', { feats: ['mighty-block' as never] })).toThrow(/mighty-block/);
  });
});

describe('Block is an opposed attack roll (seeds README gap: it gets the d10 chain)', () => {
  it('decision D37: Block totals come from attack rolls, so a natural 20 adds its chain before the comparison', () => {
    const blocker = attackRollFromValues({ natural: 20, bonus: 3, chainDice: [9, 4] }); // 20 + 3 + 13
    const attacker = attackRollFromValues({ natural: 18, bonus: 15 }); // 33
    const r = resolveBlock({
      blockerRoll: blocker.total,
      attackerRoll: attacker.total,
      originalRelativeDegree: 6,
    });
    expect(blocker.total).toBe(36);
    expect(r.blocked).toBe(true);
    const fumble = attackRollFromValues({ natural: 1, bonus: 30, chainDice: [5] }); // 26
    expect(
      resolveBlock({ blockerRoll: fumble.total, attackerRoll: 27, originalRelativeDegree: 2 }),
    ).toMatchObject({
      blocked: false,
      relativeDegree: 2,
    });
  });
});
