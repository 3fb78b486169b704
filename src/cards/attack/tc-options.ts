/**
 * The attack options of the Time Count and Threshold of Pain model (seed 002; issue #32): a quick
 * strike, two weapons (together or alternating), an unarmed strike with the feet, attacker and target
 * striking each other at the same count, the table's modifiers (higher ground, flanked, rear, no
 * affinity: 002:31–37) and cover (002:38–41), as they arrive at the GM in a request: checked field by
 * field, anything else refused. What they do is the engine's (src/rules/models/tc/attack-card.ts);
 * whether they fit the attack is the GM's client's (tc-attack.ts). Refused under another model.
 */
import { maybe, payload, Refusal } from '../kernel/index.js';
import {
  TC_CHOSEN_MODIFIERS,
  TC_TWO_WEAPONS,
  type TcAttackChoices,
} from '../../rules/models/tc/attack-card.js';
import { TC_COVER } from '../../rules/models/tc/attack-bonus.js';

export type { TcAttackChoices };

const BAD = 'GNG.Error.Attack.BadRequest';

/** The TC choices of a request: what the dialog can make (the table's modifiers each once). */
export const TC_CHOICES = payload(
  {
    quickStrike: maybe('bool'),
    twoWeapons: maybe(TC_TWO_WEAPONS),
    feet: maybe('bool'),
    simultaneous: maybe('bool'),
    modifiers: maybe(TC_CHOSEN_MODIFIERS, { list: true, max: TC_CHOSEN_MODIFIERS.length }),
    cover: maybe(Object.keys(TC_COVER)),
  },
  BAD,
  ({ modifiers }) => {
    if (Array.isArray(modifiers) && new Set(modifiers).size !== modifiers.length) throw new Refusal(BAD);
  },
);
