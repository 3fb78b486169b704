/**
 * Tactical Aid (Appendix 4) on the GM's client: "As a full-round action, you provide tactical aid to
 * all of your allies (including you) within sight and voice range … a Knowledge (strategy & tactics)
 * skill check against DC 20 … a +1 competence bonus on initiative rolls, attack rolls, or defense
 * rolls … for 2d4+1 rounds … +2 [by 10] … +3 [by 20]" (engine `tacticalAidBonus`,
 * `TACTICAL_AID_DC`, `TACTICAL_AID_DURATION`). Decisions (docs/rules.md "Feats of Appendix 4 at the
 * table (issue #18)"): the allies are the actors of every token on the scene with the aider's token's
 * disposition (FRIENDLY or HOSTILE; "within sight and voice range" is the GM's to judge, who may Undo);
 * the sheet's one Knowledge skill is the check; the bonus is an Active Effect on each ally lasting the
 * rolled rounds (the conditions timer ends it); an ally already aided keeps the aid it has (competence
 * bonuses do not stack); initiative is refused (the tracker's roll does not read the sheet).
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import {
  TACTICAL_AID_DC,
  TACTICAL_AID_DURATION,
  tacticalAidBonus,
  type TacticalAidChoice,
} from '../../rules/index.js';
import { refundTurnAttack, spendTurnActions } from '../../combat/action-budget.js';
import { tokenOf, tokensOn } from '../../combat/scene-lookup.js';
import { actorOf, Refusal } from '../kernel/index.js';

import type { FeatActionApplied, TacticalAidRecord } from './feat-action-state.js';
import { hasFeat } from '../../documents/actor-feats.js';

export const TACTICAL_AID = 'tactical-aid';
/** The choices the glue applies (initiative is refused: see the module comment). */
export const TACTICAL_AID_APPLIED = ['attack', 'defense'] as const;

const FRIENDLY = 1;
const HOSTILE = -1;

/** The changes of the effect for `choice` and `bonus` (attack: melee and ranged; Defense: competence). */
function changesFor(
  choice: TacticalAidChoice,
  bonus: number,
): { key: string; mode: number; value: string }[] {
  const ADD = 2;
  if (choice === 'attack')
    return [
      { key: 'system.attack.bonuses.melee', mode: ADD, value: String(bonus) },
      { key: 'system.attack.bonuses.ranged', mode: ADD, value: String(bonus) },
    ];
  return [{ key: 'system.defense.bonuses.competence', mode: ADD, value: String(bonus) }];
}

/** The aider and its allies on the aider's scene: the actors of the tokens of the aider's side. */
export function tacticalAidAllies(actor: Actor): Actor[] {
  const own = tokenOf(actor);
  const side = own?.disposition;
  const allies: Actor[] = [actor];
  if (side !== FRIENDLY && side !== HOSTILE) return allies;
  for (const token of tokensOn(own?.parent)) {
    const ally = token.actor;
    if (!ally || token.disposition !== side) continue;
    if (!allies.some((a) => a === ally || a.uuid === ally.uuid)) allies.push(ally);
  }
  return allies;
}

/** Whether `actor` already has an active Tactical Aid effect on `choice`. */
function alreadyAided(actor: Actor, choice: TacticalAidChoice): boolean {
  return actor.effects.contents.some(
    (effect) => !effect.disabled && effect.flags?.[SYSTEM_ID]?.tacticalAid === choice,
  );
}

/** GM side: the check, and the effects on a success; throws a Refusal before changing anything. */
export async function runTacticalAid(
  actor: Actor,
  choice: TacticalAidChoice,
): Promise<{ record: TacticalAidRecord; applied: FeatActionApplied | null; rolls: Roll[] }> {
  if (!hasFeat(actor, TACTICAL_AID))
    throw new Refusal('GNG.FeatAction.Error.NoTacticalAid', { name: actor.name });
  if (!(TACTICAL_AID_APPLIED as readonly string[]).includes(choice))
    throw new Refusal('GNG.FeatAction.Error.Initiative');
  const knowledge = actor.system.derived.skills.knowledge;
  if (!knowledge.usable) throw new Refusal('GNG.FeatAction.Error.Untrained', { name: actor.name });
  // "As a full-round action": on the aider's own turn in a begun combat, with both actions left.
  const spend = await spendTurnActions(actor, 'full-round');
  if (!spend.ok)
    throw new Refusal(
      spend.reason === 'notTurn' ? 'GNG.FeatAction.Error.NotTurn' : 'GNG.FeatAction.Error.Acted',
      {
        name: actor.name,
      },
    );
  const check = await new Roll('1d20 + @bonus', { bonus: knowledge.total }).evaluate();
  const total = check.total as number;
  const bonus = tacticalAidBonus(total);
  const record: TacticalAidRecord = {
    choice,
    natural: check.dice[0]?.results[0]?.result ?? 0,
    skill: knowledge.total,
    total,
    dc: TACTICAL_AID_DC,
    bonus,
    rounds: 0,
    aided: [],
    skipped: [],
  };
  const applied: FeatActionApplied = { initiative: null, effects: [], turn: spend.spent };
  if (!bonus) return { record, applied: spend.spent ? applied : null, rolls: [check] };
  const duration = await new Roll(TACTICAL_AID_DURATION).evaluate();
  record.rounds = duration.total as number;
  const name = game.i18n.format(`GNG.FeatAction.Effect.${choice}`, { bonus, aider: actor.name });
  for (const ally of tacticalAidAllies(actor)) {
    if (alreadyAided(ally, choice)) {
      record.skipped.push(ally.name);
      continue;
    }
    const [effect] = (await ally.createEmbeddedDocuments('ActiveEffect', [
      {
        name,
        img: 'icons/svg/upgrade.svg',
        changes: changesFor(choice, bonus),
        duration: { rounds: record.rounds },
        origin: actor.uuid,
        flags: { [SYSTEM_ID]: { tacticalAid: choice } },
      },
    ])) as ActiveEffect[];
    if (effect) applied.effects.push({ actorUuid: ally.uuid, effectId: effect.id as string });
    record.aided.push(ally.name);
  }
  return { record, applied, rolls: [check, duration] };
}

/** GM side (Undo): deletes the effects that still exist and gives back the full round while its turn lasts. */
export async function undoTacticalAid(
  aider: Actor | null,
  applied: FeatActionApplied,
): Promise<{ key: string; data: Record<string, unknown> }[]> {
  const notes: { key: string; data: Record<string, unknown> }[] = [];
  for (const { actorUuid, effectId } of applied.effects) {
    const ally = await actorOf(actorUuid);
    if (ally?.effects.get(effectId)) await ally.deleteEmbeddedDocuments('ActiveEffect', [effectId]);
  }
  if (applied.turn && !(aider && (await refundTurnAttack(aider, applied.turn))))
    notes.push({ key: 'GNG.FeatAction.UndoNote.TurnOver', data: { name: aider?.name ?? '' } });
  return notes;
}
