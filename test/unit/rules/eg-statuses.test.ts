/**
 * The Enlightened Grognard chapter's conditions (issue #31 A2, A3, R7) and its special initiative
 * actions and drawing (R47, R48). Expected values worked out by hand from the lines quoted.
 */
import { describe, expect, it } from 'vitest';
import {
  attackAllowed,
  coverFromStatuses,
  egSpeed,
  egStatuses,
  egTurnActions,
  opportunityAllowed,
} from '../../../src/rules/models/eg/statuses.js';
import {
  delayedInitiative,
  drawAction,
  lateActionCostsTurn,
  mayDelayOrReady,
  readiedInitiative,
  readyCost,
} from '../../../src/rules/models/eg/initiative-actions.js';

describe('speed (A3, 003:781)', () => {
  it('slowed: half, rounded down, never below 2 squares', () => {
    expect(egSpeed(6, ['slowed'])).toBe(3);
    expect(egSpeed(5, ['slowed'])).toBe(2);
    expect(egSpeed(4, ['slowed'])).toBe(2);
    expect(egSpeed(6, [])).toBe(6);
    // The minimum holds for a base under 2 too.
    expect(egSpeed(1, [])).toBe(2);
  });

  it('immobilized, grappling or pinned: 0', () => {
    expect(egSpeed(6, ['immobilized'])).toBe(0);
    expect(egSpeed(6, ['grappling'])).toBe(0);
    expect(egSpeed(6, ['pinned', 'slowed'])).toBe(0);
  });
});

describe('actions (A3, 003:646, 1747–1749)', () => {
  it('dazed: one of standard, move, swift a turn', () => {
    expect(egTurnActions(['dazed'])).toEqual({ count: 1, standard: true });
    expect(egTurnActions([])).toEqual({ count: 3, standard: true });
  });

  it('pinned: no standard action but as a move or swift; also grappling, immobilized, distracted', () => {
    expect(egTurnActions(['pinned'])).toEqual({ count: 3, standard: false });
    expect([...egStatuses(['pinned'])].sort()).toEqual(['distracted', 'grappling', 'immobilized', 'pinned']);
  });
});

describe('cover and concealment (R7, 003:1353–1411)', () => {
  it('grappling, pinned or prone: cover; unbalanced or dazed: none', () => {
    expect(coverFromStatuses(['prone'])).toBe(true);
    expect(coverFromStatuses(['grappling'])).toBe(true);
    expect(coverFromStatuses(['pinned'])).toBe(true);
    expect(coverFromStatuses(['unbalanced', 'dazed'])).toBe(false);
  });

  it('no attack of opportunity against cover or total concealment; concealment alone allows it', () => {
    expect(opportunityAllowed({ cover: 'cover', concealment: 'none' })).toBe(false);
    expect(opportunityAllowed({ cover: 'none', concealment: 'total' })).toBe(false);
    expect(opportunityAllowed({ cover: 'none', concealment: 'concealment' })).toBe(true);
    expect(attackAllowed('total')).toBe(false);
    expect(attackAllowed('improved')).toBe(true);
  });
});

describe('delay and ready (R47, 003:1800–1866)', () => {
  it('readying costs an action of the same type and ends the turn (003:1838–1842)', () => {
    expect(readyCost('move')).toEqual({ spends: 'move', endsTurn: true });
    expect(readyCost('swift').spends).toBe('swift');
    expect(() => readyCost('free')).toThrow(RangeError);
  });

  it('a delay lowers the count; a readied action acts just ahead of its trigger', () => {
    expect(delayedInitiative(17, 9)).toBe(9);
    expect(() => delayedInitiative(17, 17)).toThrow(RangeError);
    expect(readiedInitiative(12)).toBe(12.5);
    // Another readied action already at 12.5: half-way between 12 and it.
    expect(readiedInitiative(12, 12.5)).toBe(12.25);
    expect(readiedInitiative(12, 15)).toBe(12.5);
  });

  it('not while paralyzed, stunned or unconscious (003:1802–1804); taken early it costs the turn', () => {
    expect(mayDelayOrReady(['stunned'])).toBe(false);
    expect(mayDelayOrReady(['prone'])).toBe(true);
    expect(lateActionCostsTurn(true)).toBe(true);
    expect(lateActionCostsTurn(false)).toBe(false);
  });
});

describe('drawing items (R48, 003:841–913, 1615)', () => {
  it('favored free, easy reach swift, pack standard and provoking, ammunition free', () => {
    expect(drawAction('favored')).toEqual({ action: 'free', provokes: false });
    expect(drawAction('easyReach')).toEqual({ action: 'swift', provokes: false });
    expect(drawAction('easyReach', { quickDraw: true }).action).toBe('free');
    expect(drawAction('pack')).toEqual({ action: 'standard', provokes: true });
    expect(drawAction('ammunition').action).toBe('free');
  });

  it('stowing a favored item is swift; a grappling creature spends a standard action for anything', () => {
    expect(drawAction('favored', { stow: true }).action).toBe('swift');
    expect(drawAction('ammunition', { grappling: true })).toEqual({ action: 'standard', provokes: false });
  });
});
