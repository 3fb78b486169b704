/**
 * The attack options of the Time Count and Threshold of Pain model (seed 002; issue #32): a quick
 * strike, two weapons (together or alternating), an unarmed strike with the feet, attacker and target
 * striking each other at the same count, the table's modifiers (higher ground, flanked, rear, no
 * affinity: 002:31–37) and cover (002:38–41), as they arrive at the GM in a request: checked field by
 * field, anything else refused. What they do is the engine's (src/rules/models/tc/attack-card.ts);
 * whether they fit the attack is the GM's client's (tc-attack.ts). Refused under another model.
 */
import { Refusal } from '../kernel/index.js';
import {
  TC_CHOSEN_MODIFIERS,
  TC_TWO_WEAPONS,
  type TcAttackChoices,
  type TcChosenModifier,
  type TcTwoWeapons,
} from '../../rules/models/tc/attack-card.js';
import { TC_COVER, type TcCover } from '../../rules/models/tc/attack-bonus.js';

export type { TcAttackChoices };

const bad = (): never => {
  throw new Refusal('GNG.Error.Attack.BadRequest');
};

const flag = (v: unknown): boolean => (typeof v === 'boolean' ? v : bad());

/** A list of the table's modifiers, each once (a repeated or unknown one is malformed). */
function modifiers(v: unknown): TcChosenModifier[] {
  if (!Array.isArray(v) || v.length > TC_CHOSEN_MODIFIERS.length) return bad();
  const ids = v.map((id) => ((TC_CHOSEN_MODIFIERS as readonly unknown[]).includes(id) ? id : bad()));
  return new Set(ids).size === ids.length ? (ids as TcChosenModifier[]) : bad();
}

const cover = (v: unknown): TcCover =>
  typeof v === 'string' && Object.hasOwn(TC_COVER, v) ? (v as TcCover) : bad();

const PARSERS: { [K in keyof TcAttackChoices]-?: (value: unknown) => TcAttackChoices[K] } = {
  quickStrike: flag,
  twoWeapons: (v) => ((TC_TWO_WEAPONS as readonly unknown[]).includes(v) ? (v as TcTwoWeapons) : bad()),
  feet: flag,
  simultaneous: flag,
  modifiers,
  cover,
};

/** The TC choices of a request; a refusal for an unknown field or a value the dialog cannot make. */
export function parseTcChoices(raw: unknown): TcAttackChoices {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad();
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!Object.hasOwn(PARSERS, key)) bad();
    if (value !== undefined && value !== null) out[key] = PARSERS[key as keyof TcAttackChoices](value);
  }
  return out as TcAttackChoices;
}
