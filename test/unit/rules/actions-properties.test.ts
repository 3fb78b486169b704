import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SIZES,
  resolveBlock,
  resolveDiveForCover,
  resolveRollWithBlow,
  type DamageConversion,
} from '../../../src/rules/index.js';

const roll = fc.integer({ min: -20, max: 80 });
const damage = fc.integer({ min: 0, max: 500 });
const size = fc.constantFrom(...SIZES);

function checkConversion(c: DamageConversion, dmg: number): void {
  expect(c.nonlethal).toBeGreaterThanOrEqual(0);
  expect(c.nonlethal).toBeLessThanOrEqual(dmg);
  expect(c.lethal).toBeGreaterThanOrEqual(0);
  expect(c.lethal + c.nonlethal).toBe(dmg);
  expect(c.converted).toBe(c.nonlethal);
  expect(c.converted).toBe(Math.min(dmg, Math.max(0, c.margin)));
}

describe('lethal → nonlethal conversion properties (Roll with Blow, Dive for Cover)', () => {
  it('Roll with Blow never converts more than the damage, and lethal + nonlethal = damage', () => {
    fc.assert(
      fc.property(
        roll,
        roll,
        damage,
        size,
        size,
        (tumbleTotal, attackRoll, dmg, defenderSize, attackerSize) => {
          checkConversion(
            resolveRollWithBlow({ tumbleTotal, attackRoll, damage: dmg, defenderSize, attackerSize }),
            dmg,
          );
        },
      ),
    );
  });
  it('Dive for Cover never converts more than the damage, and lethal + nonlethal = damage', () => {
    fc.assert(
      fc.property(roll, roll, damage, fc.boolean(), (jumpTotal, reflexDc, dmg, cover) => {
        checkConversion(resolveDiveForCover({ jumpTotal, reflexDc, damage: dmg, cover }), dmg);
      }),
    );
  });
  it('a better Tumble never converts less', () => {
    fc.assert(
      fc.property(roll, fc.nat(20), roll, damage, (tumbleTotal, extra, attackRoll, dmg) => {
        const a = resolveRollWithBlow({ tumbleTotal, attackRoll, damage: dmg });
        const b = resolveRollWithBlow({ tumbleTotal: tumbleTotal + extra, attackRoll, damage: dmg });
        expect(b.nonlethal).toBeGreaterThanOrEqual(a.nonlethal);
      }),
    );
  });
});

describe('Block properties', () => {
  it('blocked ⇔ blocker total ≥ attacker total; being larger never hurts the blocker', () => {
    fc.assert(
      fc.property(roll, roll, size, size, (blockerRoll, attackerRoll, blockerSize, attackerSize) => {
        const r = resolveBlock({ blockerRoll, attackerRoll, blockerSize, attackerSize });
        expect(r.blocked).toBe(r.blockerTotal >= r.attackerTotal);
        const same = resolveBlock({ blockerRoll, attackerRoll });
        if (SIZES.indexOf(blockerSize) >= SIZES.indexOf(attackerSize))
          expect(r.margin).toBeGreaterThanOrEqual(same.margin);
        else expect(r.margin).toBeLessThan(same.margin);
      }),
    );
  });
});
