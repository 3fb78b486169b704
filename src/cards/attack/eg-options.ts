/**
 * The attack options of the Enlightened Grognard model (seed 003; issue #31): what the attacker
 * claims for one attack under that model (its proactive tokens, fighting defensively, a charge, an
 * area attack and its primary target), as they arrive at the GM in a request: checked field by
 * field, anything else refused. What they cost and earn is the GM's client's (eg-attack.ts); whether
 * the pool holds them is the token store's. Under another model these options are refused.
 */
import { maybe, payload, Refusal } from '../kernel/index.js';

const BAD = 'GNG.Error.Attack.BadRequest';

/** Which die of an area attack the proactive tokens raise (003:1481: "you must specify which die"). */
export const EG_AREA_DICE = ['primary', 'others'] as const;
export type EgAreaDie = (typeof EG_AREA_DICE)[number];

/** The most tokens one spend may name (far above any pool the text builds; a typo is refused). */
export const MAX_EG_SPEND = 99;

export interface EgAttackChoices {
  /** Proactive tokens of the attack's type on the attack roll (003:381–384: before the die is rolled). */
  spend?: number;
  /** Fighting defensively (003:697–702): melee; roll twice, keep the lower; +2 speed tokens. */
  fightingDefensively?: boolean;
  /** A charge (003:1505–1533): melee, one target; +2 power tokens; a miss gives adjacent opponents 1 power. */
  charge?: boolean;
  /**
   * An area attack (003:1466–1483): three d20s sorted, the highest to `primary` (a target token id),
   * the middle to every other target; the proactive tokens raise the die `spendOn` names.
   */
  area?: { primary: string; spendOn?: EgAreaDie };
}

const bad = (): never => {
  throw new Refusal('GNG.Error.Attack.BadRequest');
};

const count = (v: unknown): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_EG_SPEND ? v : bad();

/** The EG choices of a request: what the dialog can make. */
export const EG_CHOICES = payload(
  {
    spend: maybe('int', { min: 0, max: MAX_EG_SPEND }),
    fightingDefensively: maybe('bool'),
    charge: maybe('bool'),
    area: maybe(payload({ primary: 'key', spendOn: { kind: EG_AREA_DICE, optional: true } }, BAD)),
  },
  BAD,
);

/** The request fields of the card's token buttons: a count, and for the retroactive spend its side. */
export function parseEgSpend(
  extra: Record<string, unknown>,
  sides: readonly string[] = [],
): { tokens: number; side?: string } {
  if (Object.keys(extra).some((key) => key !== 'tokens' && key !== 'side')) bad();
  const tokens = count(extra.tokens);
  if (sides.length === 0) return extra.side === undefined ? { tokens } : bad();
  if (typeof extra.side !== 'string' || !sides.includes(extra.side)) bad();
  return { tokens, side: extra.side as string };
}
