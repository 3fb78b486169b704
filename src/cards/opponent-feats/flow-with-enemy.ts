/**
 * Flow with Enemy (Appendix 4) on the active GM's client: "As a full-round action, you may begin to
 * flow with a single, adjacent opponent. Your opponent and you make an opposed roll using 1d20 + base
 * attack bonus + Wisdom modifier. If your result equals or exceeds your opponent's result … For the
 * next 2d4 + your Wisdom modifier in rounds, you gain a +1 dodge bonus to Defense against that
 * opponent, and that enemy cannot perform attacks of opportunity against you … you may willingly
 * end the flow at any time, as a free action."
 *
 * `game.gng.flowWithEnemy(holder, opponentToken)` asks the GM (`gng.flowWithEnemy`), who checks the
 * owner, the feat, a begun combat and the holder's turn with its full round left, the opponent's
 * token within 5 ft, spends the full round, rolls both sides and, when the holder equals or exceeds,
 * keeps the flow in the Combat's flags (src/combat/opponent-feats.ts) for the rolled rounds; a card
 * shows both rolls (a typed message, subtype `flowWithEnemy`, its state in `system`:
 * flow-with-enemy-data.ts, drawn on each client in its language; an older one, `flags.gng.flowCard`,
 * has no buttons and shows its content as it was). `game.gng.endFlow(holder)` ends it (a `note`). The +1 dodge enters the holder's Defense roll
 * against that opponent through `gng.preDefense` (the attack card's own Defense step); the denied
 * attacks of opportunity are read where they are offered (attack-start.ts, opportunity-start.ts).
 */
import { systemPath } from '../../config/document-types.js';
import { spendTurnActions } from '../../combat/action-budget.js';
import { adjacent } from '../../combat/scene-grid.js';
import { combatOf, tokenOf, tokensOn } from '../../combat/scene-lookup.js';
import {
  endFlowRecord,
  FLOW_WITH_ENEMY,
  flowDodge,
  recordFlow,
  type FlowRecord,
} from '../../combat/opponent-feats.js';
import { isActiveGM } from '../../documents/active-gm.js';
import {
  actorOf,
  actorQuery,
  askGM,
  postCard,
  postNoteView,
  Refusal,
  registerGMQuery,
  type CardActionResult,
  withRollMode,
  type RollMode,
} from '../kernel/index.js';
import type { DefenseConfig } from '../shared/defense-config.js';
import { cardState as attackState, type CardTarget } from '../attack/attack-state.js';
import { registerTyped } from '../kernel/typed-card.js';
import { hasFeat } from '../../documents/actor-feats.js';
import { t, f } from '../../format.js';

export const FLOW_QUERY = 'gng.flowWithEnemy';
export const END_FLOW_QUERY = 'gng.endFlow';
export const FEAT_RESULT_TEMPLATE = systemPath('templates/chat/feat-result-card.hbs');
/** "For the next 2d4 + your Wisdom modifier in rounds". */
export const FLOW_DURATION = '2d4 + @wis';

/** What the flow card keeps: its message's `system` (subtype `flowWithEnemy`). */
export interface FlowCard {
  holderUuid: string;
  opponentUuid: string;
  holderName: string;
  opponentName: string;
  holder: { natural: number; bonus: number; total: number };
  opponent: { natural: number; bonus: number; total: number };
  flows: boolean;
  rounds: number;
}

/** 1d20 + base attack bonus + Wisdom modifier of `actor`. */
function flowBonus(actor: Actor): number {
  const derived = actor.system.derived;
  return derived.bab + derived.abilities.wis.mod;
}

/** The flow card's HTML from its state only, in this client's language (no buttons). */
export function renderFlowCard(card: FlowCard): Promise<string> {
  const names = { name: card.holderName, opponent: card.opponentName };
  return foundry.applications.handlebars.renderTemplate(FEAT_RESULT_TEMPLATE, {
    heading: f('GNG.OpponentFeats.Flow.Heading', names),
    lines: [
      f('GNG.OpponentFeats.Flow.Roll', { name: card.holderName, ...card.holder }),
      f('GNG.OpponentFeats.Flow.Roll', { name: card.opponentName, ...card.opponent }),
      card.flows
        ? f('GNG.OpponentFeats.Flow.Flows', { ...names, rounds: card.rounds })
        : f('GNG.OpponentFeats.Flow.Fails', names),
      ...(card.flows ? [t('GNG.OpponentFeats.Flow.ByHand')] : []),
    ],
  });
}

const d20 = (roll: Roll) => roll.dice[0]?.results[0]?.result ?? 0;

async function beginFlow(
  holderUuid: string,
  tokenId: string,
  sender: User,
  rollMode: RollMode,
): Promise<void> {
  const holder = await actorOf(holderUuid);
  if (!holder) throw new Refusal('GNG.Error.Attack.BadRequest');
  if (!holder.testUserPermission(sender, 'OWNER'))
    throw new Refusal('GNG.OpponentFeats.Error.NotOwner', { name: holder.name });
  if (!hasFeat(holder, FLOW_WITH_ENEMY))
    throw new Refusal('GNG.OpponentFeats.Error.NoFeat', { name: holder.name });
  // The combat holding the holder (whatever combat the GM's tracker shows).
  const combat = combatOf(holder);
  if (!combat || combat.round < 1) throw new Refusal('GNG.OpponentFeats.Error.NoCombat');
  const own = tokenOf(holder);
  // The opponent's token on the holder's scene (documents, whatever scene the GM views).
  const opponentToken = tokensOn(own?.parent).find((token) => token.id === tokenId);
  const opponent = opponentToken?.actor ?? null;
  if (!own || !opponentToken || !opponent || opponent.uuid === holder.uuid)
    throw new Refusal('GNG.OpponentFeats.Error.NoOpponent');
  // "a single, adjacent opponent": its token within 5 ft of the holder's.
  if (!adjacent(own, opponentToken))
    throw new Refusal('GNG.OpponentFeats.Error.NotAdjacent', { name: opponent.name });
  const spend = await spendTurnActions(holder, 'full-round');
  if (!spend.ok)
    throw new Refusal(
      spend.reason === 'notTurn' ? 'GNG.OpponentFeats.Error.NotTurn' : 'GNG.OpponentFeats.Error.Acted',
      {
        name: holder.name,
      },
    );
  const mine = await new Roll('1d20 + @bonus', { bonus: flowBonus(holder) }).evaluate();
  const theirs = await new Roll('1d20 + @bonus', { bonus: flowBonus(opponent) }).evaluate();
  // "If your result equals or exceeds your opponent's result".
  const flows = (mine.total as number) >= (theirs.total as number);
  const rolls = [mine, theirs];
  let rounds = 0;
  if (flows) {
    const duration = await new Roll(FLOW_DURATION, {
      wis: holder.system.derived.abilities.wis.mod,
    }).evaluate();
    rolls.push(duration);
    rounds = Math.max(1, duration.total as number);
    const record: FlowRecord = {
      holderUuid: holder.uuid,
      opponentUuid: opponent.uuid,
      round: combat.round,
      lastRound: combat.round + rounds - 1,
      rounds,
    };
    await recordFlow(combat, holder, record);
  }
  const card: FlowCard = {
    holderUuid: holder.uuid,
    opponentUuid: opponent.uuid,
    holderName: holder.name,
    opponentName: opponent.name,
    holder: { natural: d20(mine), bonus: flowBonus(holder), total: mine.total as number },
    opponent: { natural: d20(theirs), bonus: flowBonus(opponent), total: theirs.total as number },
    flows,
    rounds,
  };
  await postCard(
    'flowWithEnemy',
    card,
    withRollMode({ rolls, speaker: ChatMessage.getSpeaker({ actor: holder }) }, rollMode, sender),
  );
}

/** `CONFIG.queries['gng.flowWithEnemy']` (active GM): never throws. */
export const handleFlow = actorQuery(
  (actorUuid, sender, { tokenId }, { rollMode }) => beginFlow(actorUuid, tokenId as string, sender, rollMode),
  ['tokenId'],
);

/** `CONFIG.queries['gng.endFlow']` (active GM): the holder's owner ends its flow. */
export const handleEndFlow = actorQuery(async (actorUuid, sender) => {
  const holder = await actorOf(actorUuid);
  if (!holder || !holder.testUserPermission(sender, 'OWNER'))
    throw new Refusal('GNG.OpponentFeats.Error.NotOwner', { name: holder?.name ?? '' });
  const combat = combatOf(holder);
  if (!combat || !(await endFlowRecord(combat, holder)))
    throw new Refusal('GNG.OpponentFeats.Error.NoFlow', { name: holder.name });
  // A note drawn with the result card's template: its heading localized on each client.
  await postNoteView(
    'feat-result-card',
    { heading: { key: 'GNG.OpponentFeats.Flow.Ended', data: { name: holder.name } } },
    { speaker: ChatMessage.getSpeaker({ actor: holder }) },
  );
});

/** `game.gng.flowWithEnemy(holder, opponent)`: asks the GM to roll the opposed roll. */
export function flowWithEnemy(holder: Actor, opponent: Token): Promise<CardActionResult> {
  return askGM(FLOW_QUERY, { actorUuid: holder.uuid, tokenId: opponent.id });
}

/** `game.gng.endFlow(holder)`: the holder ends its flow (a free action). */
export function endFlow(holder: Actor): Promise<CardActionResult> {
  return askGM(END_FLOW_QUERY, { actorUuid: holder.uuid });
}

/**
 * `gng.preDefense` (active GM; src/hooks/register-hooks.ts): the +1 dodge of a defender flowing with
 * the attacker.
 */
export function flowDefense(message: ChatMessage, target: CardTarget, config: DefenseConfig): void {
  if (!isActiveGM() || !config.breakdown || !target.actorUuid) return;
  const state = attackState(message);
  const defender = fromUuidSync(target.actorUuid) as Actor | null;
  const attacker = state ? (fromUuidSync(state.attacker.actorUuid) as Actor | null) : null;
  if (!defender || !attacker) return;
  // A dodge bonus is lost with the Dexterity bonus (flat-footed, helpless …).
  if (
    config.autoRollOne ||
    config.breakdown.removed.some((r) => r.part === 'dexterity' || r.part === 'dodge')
  )
    return;
  const dodge = flowDodge(defender, attacker);
  if (!dodge) return;
  config.breakdown.modifiers.push({ source: 'GNG.OpponentFeats.FlowDodge', value: dodge });
  config.breakdown.total += dodge;
  config.bonus += dodge;
}

export function registerFlowWithEnemy(): void {
  registerGMQuery(FLOW_QUERY, handleFlow);
  registerGMQuery(END_FLOW_QUERY, handleEndFlow);
  registerTyped({ type: 'flowWithEnemy', render: renderFlowCard });
  void foundry.applications.handlebars.loadTemplates([FEAT_RESULT_TEMPLATE]);
}
