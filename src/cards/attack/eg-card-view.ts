/**
 * What the attack card shows of the Enlightened Grognard model (issue #31), from the card's state
 * alone: the attack's tokens (its proactive spend, what its options earned and cost), the dice as
 * the chapter reads them (fighting defensively's lower die, the area attack's sorted three), the wait
 * for the defenders' proactive answers and the GM's close, each target's answer, retroactive and
 * damage spends and their buttons, a helpless defender's critical, a charge's miss, the take-back.
 */
import { undoNoteLines } from '../kernel/undo-notes.js';
import {
  CHARGE_GAIN,
  FIGHTING_DEFENSIVELY_GAIN,
  nonProficientCost,
  retroactiveBonus,
  SHIELD_BASH_COST,
  type EgTokenDelta,
  type EgTokenType,
} from '../../rules/models/eg/attack-card.js';
import { actionAvailable, type AttackCardState, type CardTarget } from './attack-state.js';
import type { CardEg } from './eg-card-state.js';
import { missTokenAllies } from './eg-miss-allies.js';
import { TOKEN_TYPES } from '../../rules/models/eg/tokens.js';
import { t, f } from '../../format.js';

const type = (id: EgTokenType) => t(`GNG.Model.EG.Token.Type.${id}`);

/** "2 power, 1 speed". */
function tokensText(delta: Readonly<EgTokenDelta>): string {
  return (Object.entries(delta) as [EgTokenType, number][])
    .filter(([, n]) => n)
    .map(([id, n]) => `${Math.abs(n)} ${type(id)}`)
    .join(', ');
}

/** The card's EG lines, its wait and its close button; null under any other model. */
export function egCardContext(state: AttackCardState) {
  const eg = state.eg;
  if (!eg) return null;
  const name = state.attacker.name;
  const lines: string[] = [];
  if (eg.spend)
    lines.push(f('GNG.Model.EG.Card.Spent', { name, tokens: tokensText({ [eg.type]: eg.spend }) }));
  if (eg.charge) lines.push(f('GNG.Model.EG.Card.Gained.charge', { name, tokens: tokensText(CHARGE_GAIN) }));
  if (eg.fightingDefensively)
    lines.push(
      f('GNG.Model.EG.Card.Gained.fightingDefensively', {
        name,
        tokens: tokensText(FIGHTING_DEFENSIVELY_GAIN),
      }),
    );
  if (eg.nonProficient)
    lines.push(
      f('GNG.Model.EG.Card.Cost.nonProficient', {
        name,
        tokens: tokensText(nonProficientCost(false, eg.type === 'power' ? 'str' : 'dex')),
      }),
    );
  if (eg.shieldBash)
    lines.push(f('GNG.Model.EG.Card.Cost.shieldBash', { name, tokens: tokensText(SHIELD_BASH_COST) }));
  const open = state.targets.find((target) => actionAvailable('egClose', target));
  return {
    pending: !eg.rolled,
    waiting: eg.rolled || eg.withdrawn ? null : t('GNG.Model.EG.Card.Waiting'),
    lines,
    dice: diceLine(eg),
    closed: eg.closedBy ? t('GNG.Model.EG.Card.Closed') : null,
    close: open && !eg.withdrawn ? { target: open.id, label: t('GNG.Model.EG.Card.Close') } : null,
    withdrawn: eg.withdrawn
      ? { text: t('GNG.Model.EG.Card.Withdrawn'), notes: undoNoteLines(eg.withdrawn.notes) }
      : null,
  };
}

/** The dice as the chapter reads them (fighting defensively, area), once rolled. */
function diceLine(eg: CardEg): string | null {
  if (!eg.rolled) return null;
  if (eg.area) {
    const [high, middle, low] = [...eg.dice].sort((a, b) => b - a);
    return f('GNG.Model.EG.Card.AreaDice', { high, middle, low });
  }
  if (eg.fightingDefensively)
    return f('GNG.Model.EG.Card.DefensiveDice', { first: eg.dice[0], second: eg.dice[1] });
  return null;
}

/** One spend form: a count, a button, the side it spends for. */
function form(action: string, side: string | null, label: string, step: number, max: number | null = null) {
  return { action, side, label, step, min: step, max };
}

/** A target's EG lines and its spend forms; null under any other model. */
export function egTargetContext(state: AttackCardState, target: CardTarget) {
  const eg = target.eg;
  if (!eg || !state.eg) return null;
  const withdrawn = Boolean(state.eg.withdrawn);
  const lines: string[] = [];
  const defense = eg.defenseType;
  if (eg.answer)
    lines.push(
      eg.answer.tokens && defense
        ? f('GNG.Model.EG.Card.Answer.spent', {
            name: target.name,
            tokens: tokensText({ [defense]: eg.answer.tokens }),
          })
        : f('GNG.Model.EG.Card.Answer.none', { name: target.name }),
    );
  if (eg.helpless) lines.push(f('GNG.Model.EG.Card.Helpless', { name: target.name }));
  if (eg.retro.attack)
    lines.push(retroLine(state.attacker.name, { [state.eg.type]: eg.retro.attack }, eg.retro.attack));
  if (eg.retro.defense && defense)
    lines.push(retroLine(target.name, { [defense]: eg.retro.defense }, eg.retro.defense));
  if (eg.damage.dealt)
    lines.push(f('GNG.Model.EG.Card.Damage.dealt', { name: state.attacker.name, n: eg.damage.dealt }));
  if (eg.damage.taken)
    lines.push(f('GNG.Model.EG.Card.Damage.taken', { name: target.name, n: eg.damage.taken }));
  if (eg.missGift)
    lines.push(
      f('GNG.Model.EG.Card.MissToken', {
        name: eg.missGift.name,
        type: type(eg.missGift.type),
        attacker: state.attacker.name,
      }),
    );
  if (state.eg.charge && target.result && !target.result.hit)
    lines.push(f('GNG.Model.EG.Card.ChargeMiss', { name: state.attacker.name }));
  const may = (action: Parameters<typeof actionAvailable>[0]) =>
    !withdrawn && actionAvailable(action, target);
  const forms = [
    ...(may('egDefend') && defense
      ? [
          form(
            'egDefend',
            null,
            f('GNG.Model.EG.Card.Button.defend', { name: target.name, type: type(defense) }),
            1,
          ),
        ]
      : []),
    ...(may('egRetro')
      ? [
          form(
            'egRetro',
            'attack',
            f('GNG.Model.EG.Card.Button.retroAttack', { type: type(state.eg.type) }),
            3,
          ),
          ...(defense
            ? [
                form(
                  'egRetro',
                  'defense',
                  f('GNG.Model.EG.Card.Button.retroDefense', { type: type(defense) }),
                  3,
                ),
              ]
            : []),
        ]
      : []),
    ...(may('egDamage')
      ? [
          form('egDamage', 'dealt', t('GNG.Model.EG.Card.Button.dealt'), 1),
          form('egDamage', 'taken', t('GNG.Model.EG.Card.Button.taken'), 1),
        ]
      : []),
  ];
  const allies = may('egMissToken') ? missTokenAllies(state, target) : [];
  return {
    lines,
    forms,
    missToken: allies.length
      ? {
          label: f('GNG.Model.EG.Card.Button.missToken', { name: target.name }),
          allies: allies.map((token) => ({ value: token.id, label: token.name })),
          types: TOKEN_TYPES.map((id) => ({ value: id, label: type(id) })),
        }
      : null,
    noTokens: may('egDefend') ? t('GNG.Model.EG.Card.Button.noTokens') : null,
    health: healthLines(target),
  };
}

/**
 * The two numbers that decided a target's result under the model: its own attack total (an area
 * attack's die for it) and defense, each with the tokens spent after the roll (⌊n/3⌋, A4); null
 * under any other model or before the roll.
 */
export function egVersus(target: CardTarget): { ours: number; theirs: number } | null {
  const eg = target.eg;
  if (!eg || eg.attackTotal === null || !target.defense) return null;
  return {
    ours: eg.attackTotal + retroactiveBonus(eg.retro.attack),
    theirs: target.defense.total + retroactiveBonus(eg.retro.defense),
  };
}

/**
 * After Apply: what the hit did besides the HP — bloodied for the first time this encounter and the
 * Constitution damage it (or a dying creature's loss) cost (003:969–970, 1016–1034); from the health
 * vector before (`snapshot`) and after (`healthAfter`) the Apply.
 */
function healthLines(target: CardTarget): string[] {
  const applied = target.applied;
  if (!applied) return [];
  const before = applied.snapshot as unknown as Record<string, unknown>;
  const after = applied.healthAfter ?? {};
  const lines: string[] = [];
  if (before.bloodied === 0 && after.bloodied === 1)
    lines.push(f('GNG.Model.EG.Card.Health.bloodied', { name: target.name }));
  const con = [before.conDamage, after.conDamage];
  if (typeof con[0] === 'number' && typeof con[1] === 'number' && con[0] !== con[1])
    lines.push(f('GNG.Model.EG.Card.Health.conDamage', { name: target.name, before: con[0], after: con[1] }));
  return lines;
}

function retroLine(name: string, delta: EgTokenDelta, tokens: number): string {
  return f('GNG.Model.EG.Card.Retro', { name, tokens: tokensText(delta), bonus: retroactiveBonus(tokens) });
}
