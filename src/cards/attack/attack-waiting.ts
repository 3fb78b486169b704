/**
 * The attack card's waiting lines (issue #33): what the exchange against one target waits for now and
 * whose it is ("Waiting for Orc's Defense roll"), read from the card's state alone — the same
 * availability that shows the buttons (attack-state.ts), so the line and the button never disagree.
 * Before the damage the flow waits on one step at a time, in its order; after Apply on each save
 * the damage called for. Optional answers (Block, Roll with Blow, Riposte) wait on no one: their
 * buttons show to the defender's owners while they may be taken.
 */
import { actionAvailable, type AttackCardState, type CardAction, type CardTarget } from './attack-state.js';
import { attackWithdrawn } from './firearms.js';

/** The flow's steps before the damage is applied, in order: the first open one is what it waits for. */
const IN_TURN: readonly CardAction[] = [
  // The EG model: the defender's tokens before the roll (eg-steps.ts).
  'egDefend',
  'setDefense',
  'rollDefense',
  'attackOfOpportunity',
  'penetrationSave',
  'rollDamage',
  'applyDamage',
];
/** The saves after Apply: each waits on the defender (several may be owed at once). */
const AFTER_APPLY: readonly CardAction[] = ['conditionSave', 'strike', 'woundTraumaSave'];

/** The lines "Waiting for …" of `target` (none once its exchange is over or the attack was taken back). */
export function attackWaiting(state: AttackCardState, target: CardTarget): string[] {
  if (attackWithdrawn(state)) return [];
  const open = (action: CardAction) => actionAvailable(action, target);
  // A moving object without an actor: its Defense is rolled by the attacker's side.
  const key = (action: CardAction) =>
    action === 'rollDefense' && target.kind === 'object' && !target.actorUuid ? 'objectDefense' : action;
  const data = { name: target.name, attacker: state.attacker.name, item: target.sunder?.name ?? target.name };
  const first = IN_TURN.find(open);
  return [...(first ? [first] : []), ...AFTER_APPLY.filter(open)].map((action) =>
    game.i18n.format(`GNG.Attack.Waiting.${key(action)}`, data),
  );
}
