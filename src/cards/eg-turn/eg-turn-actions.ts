/**
 * The Enlightened Grognard's turn start (issue #31; docs/rules.md "Sheet, tracker and turns"): at
 * each turn start of a dying creature the active GM rolls its Fortitude save (engine `dyingSave`,
 * R22, 003:1023–1029): d20 + ⌊Fortitude/10⌋ ≥ 10; a failure costs 1d4 Con damage (dead when the Con
 * damage reaches the Con score, R23); a PC's natural 20 brings it back at level + Con modifier HP.
 * Once per combat round (its record in the Combat's flags, `flags.gng.egTurns.<combatant id>`), in a
 * begun combat; a stable or dead creature rolls nothing. The card shows the save; the GM's **Undo** is
 * its exact inverse (HP and Con damage as deltas on the values now, the statuses and the record as
 * before). Loaded with the model. The card is a typed message (subtype `egTurn`, eg-turn-data.ts) drawn
 * from its state on each client (eg-turn-render.ts); one posted before issue #34 (`flags.gng.egTurn`)
 * still renders and undoes.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { dyingSave } from '../../rules/models/eg/combat-actions.js';
import type { DiceSource } from '../../rules/index.js';
import { CARD_HP_UPDATE } from '../../hooks/hp-statuses.js';
import { playTurnStartCard } from '../turn-start-play.js';
import { healthStatusesOf } from '../../combat/model-health.js';
import { followHealth } from '../../combat/eg-creature.js';
import { defineUndoCard, undoActor, noteUndo, Refusal } from '../kernel/index.js';
import { postCard } from '../kernel/typed-card.js';
import { restoreStatuses } from '../../combat/status-changes.js';
import { EG_TURN_QUERY, legacyEgTurnCard, type EgTurnCardState } from './eg-turn-state.js';
import { EG_TURN_TARGET as TARGET, renderEgTurnCard } from './eg-turn-render.js';

const FLAG = 'egTurns';
const CON_DAMAGE = 'system.abilities.con.damage';

export { EG_TURN_QUERY, type EgTurnCardState } from './eg-turn-state.js';

/** The combat round whose turn start `combatant` played (null: none). */
export function egTurnMark(combat: Combat, combatantId: string): number | null {
  const marks = combat.getFlag(SYSTEM_ID, FLAG) as Record<string, unknown> | undefined;
  const round = marks?.[combatantId];
  return typeof round === 'number' && Number.isInteger(round) && round >= 0 ? round : null;
}

async function setMark(combat: Combat, combatantId: string, round: number | null): Promise<void> {
  await combat.update({ [`flags.${SYSTEM_ID}.${FLAG}.${combatantId}`]: round });
}

/** Runs `run` with Foundry dice of any faces (each die a Roll, rolled when first asked for). */
async function withDice<T>(run: (dice: DiceSource) => T): Promise<{ result: T; rolls: Roll[] }> {
  const rolls: Roll[] = [];
  const need = Symbol('another die');
  for (;;) {
    let index = 0;
    let asked = 0;
    const dice: DiceSource = {
      roll(faces: number): number {
        const roll = rolls[index++];
        if (!roll) {
          asked = faces;
          throw need;
        }
        return roll.total as number;
      },
    };
    try {
      return { result: run(dice), rolls };
    } catch (error) {
      if (error !== need) throw error;
      rolls.push(await new Roll(`1d${asked}`).evaluate());
    }
  }
}

/** GM side, in the actor's queue: the dying save when the creature is dying; the card, or null. */
async function play(actor: Actor, combat: Combat, combatant: Combatant): Promise<ChatMessage | null> {
  const combatantId = combatant.id as string;
  const markBefore = egTurnMark(combat, combatantId);
  if (markBefore === combat.round) return null;
  const dying = healthStatusesOf(actor).includes('dying');
  if (!dying || actor.statuses.has('stable') || actor.statuses.has('dead')) return null;
  const system = actor.system;
  const fortitude = system.derived.modelDefenses.fortitude;
  const input = {
    fortitude: fortitude?.kind === 'static' ? fortitude.value : 0,
    pc: actor.type === 'character',
    level: system.derived.level,
    conMod: system.abilities.con.mod,
  };
  const { result: save, rolls } = await withDice((dice) => dyingSave(input, dice));
  await setMark(combat, combatantId, combat.round);
  const hpBefore = system.hp.value;
  const conDamageBefore = system.abilities.con.damage;
  const hpDelta = save.hp === null ? 0 : save.hp - hpBefore;
  if (hpDelta) await actor.update({ 'system.hp.value': save.hp }, CARD_HP_UPDATE);
  if (save.conDamage) await actor.update({ [CON_DAMAGE]: conDamageBefore + save.conDamage }, CARD_HP_UPDATE);
  const changes = await followHealth(actor);
  const state: EgTurnCardState = {
    actorUuid: actor.uuid,
    name: actor.name,
    round: combat.round,
    save,
    conDamageBefore,
    con: system.abilities.con.value,
    dead: actor.statuses.has('dead'),
    applied: {
      ...changes,
      hpDelta,
      conDelta: save.conDamage,
      combatId: combat.id as string,
      combatantId,
      markBefore,
      markAfter: combat.round,
    },
  };
  return (await postCard('egTurn', state, {
    rolls,
    speaker: ChatMessage.getSpeaker({ actor }),
  })) as ChatMessage;
}

/** Active GM, at `combatant`'s turn start in `combat` (round ≥ 1): its dying save, once per round. */
export async function playEgTurnStart(combat: Combat, combatant: Combatant): Promise<ChatMessage | null> {
  return playTurnStartCard(combat, combatant, play);
}

/** Undo: HP and Con damage back by their deltas, the statuses and the Combat record as before. */
async function undo({ state }: { state: EgTurnCardState }): Promise<void> {
  const applied = state.applied;
  if (!applied) throw new Refusal('GNG.Model.EG.Turn.Error.NothingToUndo');
  const actor = await undoActor(state.actorUuid, state.name, 'GNG.Model.EG.Turn.Error');
  const system = actor.system;
  if (applied.hpDelta)
    await actor.update({ 'system.hp.value': system.hp.value - applied.hpDelta }, CARD_HP_UPDATE);
  if (applied.conDelta)
    await actor.update(
      { [CON_DAMAGE]: Math.max(0, system.abilities.con.damage - applied.conDelta) },
      CARD_HP_UPDATE,
    );
  noteUndo(state, await restoreStatuses(actor, applied));
  const combat = game.combats.get(applied.combatId);
  // A later turn start's record stays; this one's gives way to the one it replaced.
  if (combat && egTurnMark(combat, applied.combatantId) === applied.markAfter)
    await setMark(combat, applied.combatantId, applied.markBefore);
  state.applied = null;
  state.undone = true;
}

/** The turn-start card as a table: the GM's Undo. */
export const egTurnCard = defineUndoCard<EgTurnCardState, 'egTurn'>({
  query: EG_TURN_QUERY,
  type: 'egTurn',
  render: renderEgTurnCard,
  legacy: legacyEgTurnCard,
  actors: (state) => [state.actorUuid],
  target: TARGET,
  errors: 'GNG.Model.EG.Turn.Error',
  undo,
});

/** The turn-start card's state on a message (typed or legacy), or null. */
export const egTurnCardOf = (message: ChatMessage | null | undefined): EgTurnCardState | null =>
  egTurnCard.spec.state(message);
