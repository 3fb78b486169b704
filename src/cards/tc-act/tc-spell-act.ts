/**
 * Preparing and casting a spell from the Time Count tracker (issue #32, R37; seed 002:263, 656–662):
 * "Act: prepare a spell" takes the casting time as a speed class, its SF rolled or static as the
 * world's `tcSpeedFactors` says (R35), the caster's next act and its `preparing` countdown at the
 * count it is prepared (`prepareSpell`); "cast the prepared spell" is then an act with SF 1 (002:662,
 * `SPELL_STEP_SF`) that clears the countdown. Played on the GM's client by the tracker's act request
 * (tc-act-actions.ts: the owner and acting checks, the card and its exact Undo). The numbers are the
 * engine's (src/rules/models/tc/spell-preparation.ts). Decisions: docs/rules.md "### The tracker".
 */
import { prepareSpell, SPELL_STEP_SF } from '../../rules/models/tc/spell-preparation.js';
import { isSpeedClass } from '../../rules/models/tc/speed.js';
import type { DiceSource } from '../../rules/index.js';
import { tcCountdowns, type TcCountdown } from '../../combat/tc-countdowns.js';
import { Refusal } from '../kernel/index.js';
import type { TextValue } from '../kernel/undo-notes.js';

/** The tracker's spell acts. */
export const SPELL_ACTS = ['prepareSpell', 'castSpell'] as const;
export type SpellAct = (typeof SPELL_ACTS)[number];

export const isSpellAct = (action: unknown): action is SpellAct =>
  (SPELL_ACTS as readonly unknown[]).includes(action);

/** Whether the combatant's spell is prepared at `count` (its `preparing` countdown reached). */
export function spellReady(combat: Combat, combatantId: string, count: number): boolean {
  const countdown = tcCountdowns(combat)[combatantId];
  return countdown?.kind === 'preparing' && countdown.at <= count;
}

/** What a spell act does: its SF (and how it was had), the countdown it leaves, the card's extra line. */
export interface SpellActPlan {
  labelKey: string;
  /** Its data: a value may be a key, localized on each client (kernel undo-notes.ts `LocalText`). */
  labelData: Record<string, TextValue>;
  sf: number;
  formula: string;
  countdown: TcCountdown | null;
}

/**
 * GM side: the plan of `action` for the combatant at the current `count`. A casting time that is not
 * a speed class is refused; casting is refused before the spell is prepared ("Once the spell is
 * prepared … you can cast it", 002:660–662). `withDice` rolls the engine's dice (Foundry dice).
 */
export async function planSpellAct(
  combat: Combat,
  combatantId: string,
  action: SpellAct,
  fields: { castingTime?: unknown; count: number; random: boolean },
  withDice: <T>(run: (dice: DiceSource) => T) => Promise<{ result: T; rolls: Roll[] }>,
): Promise<{ plan: SpellActPlan; rolls: Roll[] }> {
  if (action === 'castSpell') {
    if (!spellReady(combat, combatantId, fields.count))
      throw new Refusal('GNG.Model.TC.Spell.Error.notPrepared');
    const plan = {
      labelKey: 'GNG.Model.TC.Act.CastSpell',
      labelData: {},
      sf: SPELL_STEP_SF,
      formula: String(SPELL_STEP_SF),
      countdown: null,
    };
    return { plan, rolls: [] };
  }
  const castingTime = fields.castingTime;
  if (!isSpeedClass(castingTime)) throw new Refusal('GNG.Error.Card.BadRequest');
  const { result, rolls } = await withDice((dice) =>
    // The fatigue cost and the DC are the casting's (not played here): only the timing is.
    prepareSpell({ now: fields.count, castingTime, random: fields.random, dice, fatigueCost: 0 }),
  );
  const plan = {
    labelKey: 'GNG.Model.TC.Act.PrepareSpell',
    labelData: { speed: { key: `GNG.Model.TC.Speed.${castingTime}` } },
    sf: result.sf.sf,
    formula: result.sf.formula,
    countdown: { kind: 'preparing' as const, at: result.prep.readyAt },
  };
  return { plan, rolls };
}
