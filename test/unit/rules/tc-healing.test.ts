/**
 * Healing split into Invigoration and fatigue under the Time Count model (issue #32, R29; lane world:
 * `tcHealing`, src/rules/models/tc/healing.ts). Worked by hand from 002:149–155:
 * - the text's example (002:151): 8 points as 5 Invigoration and 3 fatigue on a creature at 20 of 28
 *   HP with 6 fatigue: room 28 − 20 = 8 ≥ 5, fatigue 6 ≥ 3: Invigoration 5, fatigue 3;
 * - "never cause your current hit point total to exceed your maximum" (002:149), the total HP +
 *   Invigoration + bonus HP: 20 HP, 3 bonus HP, 2 Invigoration of 28 leave 3;
 * - "or your fatigue to drop below 0": 4 asked of 2 fatigue removes 2.
 */
import { describe, expect, it } from 'vitest';
import { tcHealing } from '../../../src/rules/models/tc/index.js';

describe('tcHealing', () => {
  it("splits the text's 8 points as the healer chose: 5 Invigoration, 3 fatigue (002:151)", () => {
    expect(tcHealing({ value: 20, fatigue: 6 }, { invigoration: 5, fatigue: 3 }, 28)).toEqual({
      invigoration: 5,
      fatigue: 3,
      given: { invigoration: 5, fatigue: 3 },
    });
  });

  it('never takes the current hit point total (HP + Invigoration + bonus HP) above the maximum', () => {
    const health = { value: 20, temp: 3, invigoration: 2, fatigue: 0 };
    expect(tcHealing(health, { invigoration: 10, fatigue: 0 }, 28)).toEqual({
      invigoration: 5,
      fatigue: 0,
      given: { invigoration: 3, fatigue: 0 },
    });
    // At the maximum, or above it by bonus HP (002:155): no room, not a negative one.
    expect(tcHealing({ value: 28 }, { invigoration: 4, fatigue: 0 }, 28).given).toEqual({
      invigoration: 0,
      fatigue: 0,
    });
    expect(tcHealing({ value: 28, temp: 5 }, { invigoration: 4, fatigue: 0 }, 28).invigoration).toBe(0);
  });

  it('never takes fatigue below 0; each part is capped on its own', () => {
    expect(tcHealing({ value: 28, fatigue: 2 }, { invigoration: 6, fatigue: 4 }, 28)).toEqual({
      invigoration: 0,
      fatigue: 0,
      given: { invigoration: 0, fatigue: 2 },
    });
  });

  it('refuses amounts that are not whole numbers ≥ 0', () => {
    expect(() => tcHealing({ value: 10 }, { invigoration: -1, fatigue: 0 }, 28)).toThrow(RangeError);
    expect(() => tcHealing({ value: 10 }, { invigoration: 0, fatigue: 1.5 }, 28)).toThrow(RangeError);
  });
});
