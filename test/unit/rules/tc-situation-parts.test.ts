/**
 * The situation's parts of a TC attack alone (`tcSituationParts`, R4, R10): what a printed stat-block
 * bonus still takes on the card. By hand from 002:31–45 and 642.
 */
import { describe, expect, it } from 'vitest';
import { tcSituationParts } from '../../../src/rules/models/tc/attack-bonus.js';

const P = 'GNG.Model.TC.Attack.Part.';

describe('tcSituationParts', () => {
  it('higher ground +1, rear +4 (flanked inside it, 002:642), improved cover −6, range −2', () => {
    const parts = tcSituationParts({
      mode: 'melee',
      modifiers: ['higherGround', 'flanked', 'rear'],
      cover: 'improved',
      range: -2,
    });
    expect(parts).toEqual([
      { label: `${P}higherGround`, value: 1 },
      { label: `${P}rear`, value: 4 },
      { label: `${P}cover`, value: -6 },
      { label: `${P}range`, value: -2 },
    ]);
  });

  it('flanked gives nothing at range ("Ranged attacks do not benefit", 002:642); nothing chosen: zeros', () => {
    expect(tcSituationParts({ mode: 'ranged', modifiers: ['flanked', 'noAffinity'] })).toEqual([
      { label: `${P}noAffinity`, value: -2 },
      { label: `${P}cover`, value: 0 },
      { label: `${P}range`, value: 0 },
    ]);
  });

  it('refuses an id not in the table', () => {
    expect(() => tcSituationParts({ modifiers: ['sideways' as never] })).toThrow();
  });
});
