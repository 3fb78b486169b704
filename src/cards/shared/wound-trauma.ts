/**
 * Advanced Wound Trauma on the cards (GnG Appendix 1: "Whenever you lose Hit Points, you must
 * immediately perform a Fortitude saving throw"), shared by the attack card and the area card. The
 * HP loss (combat/hp-loss.ts) reports the DC, 10 + the damage × the size modifier (engine
 * `advancedWoundTraumaDC`); the card keeps it with its Apply ({@link WoundTrauma}) and offers the
 * target's owners (a GM may always) the save. On the GM's client {@link rollWoundTrauma} rolls d20 +
 * the target's Fortitude save, the engine's `resolveAdvancedWoundTrauma` says what follows (dazed 1
 * round, stunned 1 round, stunned 2d6 rounds, its 2d6 rolled with Foundry dice), and the status is
 * put on the target as an Active Effect with `duration.rounds` (the conditions timer expires it).
 * The card's Undo of its Apply deletes that effect ({@link undoWoundTrauma}).
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { resolveAdvancedWoundTrauma, savingThrow } from '../../rules/index.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import { showRolls, type UndoNote } from '../kernel/index.js';
import { statusGone } from '../../combat/status-holds.js';
import { t, f, signed } from '../../format.js';

/** A saving throw the GM rolled (engine `savingThrow`: a natural 20 saves, a natural 1 fails). */
export interface SaveRoll {
  natural: number;
  bonus: number;
  total: number;
  dc: number;
  success: boolean;
}

/** The Advanced Wound Trauma save as rolled, and what it did. */
export interface WoundTraumaSave extends SaveRoll {
  /** How much the save failed by (0 when it succeeded). */
  failedBy: number;
  effect: 'none' | 'dazed' | 'stunned';
  /** Rounds the effect lasts (0: none). */
  rounds: number;
  /** The 2d6 rolled for the rounds of stun (empty when the duration is a fixed round). */
  dice: number[];
  /** The Active Effect the failure created (Undo deletes it); null: none. */
  effectId: string | null;
}

/** A target's Advanced Wound Trauma after Apply: the DC owed and, once rolled, the save. */
export interface WoundTrauma {
  dc: number;
  save: WoundTraumaSave | null;
}

/** What a card keeps of an HP loss's wound trauma (null: no save owed). */
export function woundTraumaOwed(loss: { woundTraumaDC: number | null }): WoundTrauma | null {
  return loss.woundTraumaDC === null ? null : { dc: loss.woundTraumaDC, save: null };
}

/** The save is owed and not rolled yet. */
export function woundTraumaPending(owed: WoundTrauma | null | undefined): boolean {
  return Boolean(owed && owed.save === null);
}

/** GM side: `actor`'s saving throw (d20 + its save total, kept in `rolls` for Dice So Nice). */
export async function rollSave(
  actor: Actor,
  save: 'fort' | 'ref' | 'will',
  dc: number,
  rolls: Roll[],
): Promise<SaveRoll> {
  const bonus = actor.system.derived.saves[save].total;
  const roll = await new Roll('1d20').evaluate();
  rolls.push(roll);
  const natural = roll.total as number;
  const result = savingThrow({ natural, bonus, dc });
  return { natural, bonus, total: result.total, dc, success: result.success };
}

/**
 * GM side: rolls the owed save of `actor` on the card `message` and records it in `owed.save`; a
 * failure puts dazed or stunned on the actor for the rounds the engine says (the 2d6 of a failure by
 * 10 or more rolled as Foundry dice). `origin`: the effect's origin (the attacker), if any.
 */
export async function rollWoundTrauma(
  message: ChatMessage,
  actor: Actor,
  owed: WoundTrauma,
  origin: string | null,
): Promise<void> {
  const rolls: Roll[] = [];
  const save = await rollSave(actor, 'fort', owed.dc, rolls);
  const { result, rolls: stun } = await withFoundryDice(6, (dice) =>
    resolveAdvancedWoundTrauma({ saveTotal: save.total, dc: owed.dc, natural: save.natural }, dice),
  );
  rolls.push(...stun);
  let effectId: string | null = null;
  if (result.effect !== 'none') {
    const [created] = await actor.createEmbeddedDocuments('ActiveEffect', [
      {
        name: t('GNG.WoundTrauma.EffectName'),
        img: 'icons/svg/daze.svg',
        statuses: [result.effect],
        ...(origin ? { origin } : {}),
        duration: { rounds: result.rounds },
        flags: { [SYSTEM_ID]: { woundTrauma: result.effect, message: message.id } },
      },
    ]);
    effectId = (created?.id as string | undefined) ?? null;
  }
  owed.save = {
    ...save,
    success: result.effect === 'none',
    failedBy: result.failedBy,
    effect: result.effect,
    rounds: result.rounds,
    dice: stun.map((roll) => roll.total as number),
    effectId,
  };
  showRolls(message, rolls);
}

/**
 * GM side, the card's Undo of its Apply: deletes the effect the save created; an Undo note (a key)
 * when it is gone already.
 */
export async function undoWoundTrauma(
  actor: Actor,
  owed: WoundTrauma | null | undefined,
): Promise<UndoNote[]> {
  const save = owed?.save;
  if (!save || save.effect === 'none') return [];
  if (save.effectId !== null && actor.effects.get(save.effectId)) {
    await actor.deleteEmbeddedDocuments('ActiveEffect', [save.effectId]);
    return [];
  }
  return [statusGone(actor, save.effect)];
}

/**
 * What a card shows of a target's wound trauma: the save owed, or the roll and its outcome; the
 * button's label while the save may be rolled (`available`). Null when no save is owed.
 */
export function woundTraumaContext(
  owed: WoundTrauma | null | undefined,
  name: string,
  available: boolean,
): {
  pending: string | null;
  save: string | null;
  outcome: string | null;
  failed: boolean;
  button: string | null;
} | null {
  if (!owed) return null;
  const s = owed.save;
  const outcome = !s
    ? null
    : s.effect === 'none'
      ? f('GNG.WoundTrauma.None', { name })
      : s.dice.length
        ? f('GNG.WoundTrauma.StunnedRolled', {
            name,
            rounds: s.rounds,
            dice: s.dice.join(', '),
            failedBy: s.failedBy,
          })
        : f(s.effect === 'dazed' ? 'GNG.WoundTrauma.Dazed' : 'GNG.WoundTrauma.Stunned', {
            name,
            failedBy: s.failedBy,
          });
  return {
    pending: s ? null : f('GNG.WoundTrauma.Pending', { name, dc: owed.dc }),
    save: s
      ? f('GNG.WoundTrauma.Save', {
          natural: s.natural,
          bonus: signed(s.bonus),
          total: s.total,
          dc: s.dc,
          result: t(s.success ? 'GNG.CalledShot.Card.Saved' : 'GNG.CalledShot.Card.Failed'),
        })
      : null,
    outcome,
    failed: s !== null && !s.success,
    button: available && !s ? f('GNG.WoundTrauma.Action', { name, dc: owed.dc }) : null,
  };
}
