/**
 * The attack card: its Handlebars template rendered from the card state (`flags.gng.attack`) every
 * time the state changes (the per-user part is the card kernel's, from the table in attack-actions.ts). Nothing is kept in memory, so a
 * reloaded card looks and works the same.
 */
import { conditionSaveDc, penetrationSaveDc } from '../../rules/index.js';
import { strikeContext } from './attack-strike-view.js';
import {
  ATTACK_CARD_TEMPLATE,
  actionAvailable,
  type AttackCardState,
  type CardAction,
  type CardPart,
  type CardSave,
  type CardTarget,
  hasAborts,
  isBlocked,
} from './attack-state.js';
import { woundTraumaContext } from '../shared/wound-trauma.js';
import { undoNoteLines } from '../kernel/undo-notes.js';
import { cardFire, firearmsTarget } from './firearms-card.js';
import { concealmentLine } from './combat-options-gm.js';
import { damageExtras } from './item-properties-card.js';
import { sunderContext } from './sunder-card.js';
import { attackWaiting } from './attack-waiting.js';
import { blockButtons } from './attack-aborts.js';
import { modelCardContexts, modelTargetContext } from './attack-model-steps.js';
import { postedModel } from '../model-guard.js';
import { sagaTargetContext } from './saga-card-state.js';
import { sagaTurnContext } from './saga-turn-spend.js';
import { egTargetContext, egVersus } from './eg-card-view.js';
import { t, f, signed } from '../../format.js';

export { ATTACK_CARD_TEMPLATE };

/** A lang key when it exists, otherwise the text itself (engine labels we have no key for). */
const label = (key: string) => (game.i18n.has(key) ? t(key) : key);

function lines(parts: CardPart[]): { label: string; value: string }[] {
  return parts.map((p) => ({ label: label(p.label), value: signed(p.value) }));
}

/**
 * A button of the card while its step is open (a finished step keeps its result, not a greyed
 * button; issue #33), its label naming whose it is (`GNG.Attack.Action.<action>` with `{name}`).
 */
function button(action: CardAction, target: CardTarget, shown: boolean, name: string) {
  return shown && actionAvailable(action, target)
    ? { action, label: f(`GNG.Attack.Action.${action}`, { name }) }
    : null;
}

/**
 * The Protection line of the damage steps: the defender's Protection with its parts, and what of it
 * counts when the attack pierces or ignores armor ("Protection 4 (Armor 4; Armor-piercing: 2 counts)").
 */
function protectionLabel(damage: NonNullable<CardTarget['damage']>): string {
  const total = damage.protectionParts.reduce((sum, p) => sum + p.value, 0);
  if (total === 0 && damage.steps.protection === 0) return t('GNG.Attack.Step.protectionNone');
  const parts = damage.protectionParts.map((p) => `${label(p.label)} ${p.value}`).join(', ');
  return damage.bypass === 'none'
    ? f('GNG.Attack.Step.protection', { total, parts })
    : f('GNG.Attack.Step.protectionBypass', {
        total,
        parts,
        bypass: t(`GNG.Bypass.${damage.bypass}`),
        applied: damage.steps.protection,
      });
}

/**
 * The one outcome line of applied damage: the worst state (dying, disabled … or else the injury
 * grade), then the statuses set that it does not already name.
 */
function outcomeLine(applied: NonNullable<CardTarget['applied']>, injuries = true): string | null {
  const states = [applied.condition, applied.nonlethalCondition].filter((c) => c !== 'normal');
  const injury = t(`GNG.Injury.${applied.injury}`);
  const worst = states.map((c) => t(`GNG.Attack.Condition.${c}`)).join(', ');
  // A model without GnG's injury grades (Saga) names no grade ("Unhurt"): a state, or nothing.
  if (!injuries && !states.length)
    return applied.statusesAdded.length
      ? applied.statusesAdded.map((s) => t(`GNG.Status.${s}`)).join(', ')
      : null;
  const state = !states.length
    ? injury
    : !injuries || applied.injury === 'none' || applied.condition === 'dead'
      ? f('GNG.Attack.Applied.Outcome', { state: worst })
      : f('GNG.Attack.Applied.OutcomeInjury', { state: worst, injury });
  const named = new Set<string>(states);
  const others = applied.statusesAdded.filter((s) => !named.has(s));
  return others.length
    ? f('GNG.Attack.Applied.AlsoSet', {
        outcome: state,
        statuses: others.map((s) => t(`GNG.Status.${s}`)).join(', '),
      })
    : state;
}

function targetContext(state: AttackCardState, target: CardTarget) {
  const d = target.defense;
  const r = target.result;
  const dmg = target.damage;
  const a = target.applied;
  const rollsDefense = target.kind !== 'unnamed' && !(target.kind === 'object' && !target.object?.moving);
  const named = target.sunder?.name ?? target.name; // a sunder's damage goes to the item (sunder.ts)
  return {
    id: target.id,
    name: target.name,
    kind: target.kind,
    concealment: concealmentLine(target),
    // The Saga-style chapter's lines (saga-card-state.ts); null under any other model.
    saga: sagaTargetContext(state, target),
    // The Enlightened Grognard model's tokens (eg-card-view.ts); null under any other model.
    eg: egTargetContext(state, target),
    coupDeGrace: target.coupDeGrace && {
      allowed: target.coupDeGrace.allowed,
      text: target.coupDeGrace.allowed
        ? t('GNG.Attack.CoupDeGrace.Hit')
        : f('GNG.Attack.CoupDeGrace.NotAllowed', { name: target.name }),
    },
    defense: d && {
      total: d.total,
      natural: d.natural,
      bonus: signed(d.bonus),
      source: t(`GNG.Attack.DefenseSource.${d.source}`),
      mode: t(`GNG.AttackMode.${d.mode}`),
      lines: lines(d.parts),
      notes: d.notes.map(label),
    },
    result: r && {
      hit: r.hit,
      text: r.hit ? t('GNG.Attack.Hit') : t('GNG.Attack.Miss'),
      // Attack total vs Defense total: the two numbers that decided it.
      // (Under the Enlightened Grognard, the target's own, with the tokens spent after the roll.)
      versus: d
        ? f('GNG.Abort.Versus', egVersus(target) ?? { ours: state.attack.total, theirs: d.total })
        : null,
      rd: signed(r.relativeDegree),
    },
    damage: dmg && {
      final: dmg.final,
      formula: dmg.formula,
      dice: dmg.dice.join(', '),
      // All of it nonlethal (Roll with Blow converting a part leaves it "Damage", the split shown below).
      nonlethal:
        (dmg.nonlethal > 0 && dmg.lethal === 0) || (state.options.nonlethal === true && dmg.final === 0),
      noEffects: !dmg.specialEffects,
      // Rolled before a successful Block (auto-rolled damage): the Block voids it.
      voided: isBlocked(target),
      steps: [
        { label: t('GNG.Attack.Step.weapon'), value: String(dmg.steps.weapon) },
        { label: t('GNG.Attack.Step.strength'), value: signed(dmg.steps.strength) },
        { label: t('GNG.Attack.Step.relativeDegree'), value: signed(dmg.steps.relativeDegree) },
        { label: t('GNG.Attack.Step.total'), value: String(dmg.steps.total) },
        {
          label: protectionLabel(dmg),
          value: dmg.steps.protection ? signed(-dmg.steps.protection) : '0',
        },
      ],
      // DR, energy resistance and the weapon's Appendix 6 properties (item-properties-card.ts).
      extras: damageExtras(state, target),
    },
    applied: a && {
      hp: f('GNG.Attack.Applied.Hp', { before: a.hp.before, after: a.hp.after }),
      temp: a.temp.before !== a.temp.after ? f('GNG.Attack.Applied.Temp', a.temp) : null,
      nonlethal:
        a.nonlethal.before !== a.nonlethal.after ? f('GNG.Attack.Applied.Nonlethal', a.nonlethal) : null,
      hpAfter: a.hp.after,
      trauma: a.trauma,
      outcome: outcomeLine(a, postedModel(state.model)?.capabilities.injury ?? true),
      grave: a.condition !== 'normal' || a.nonlethalCondition !== 'normal',
    },
    buttons: {
      // Each label names whose button it is: the defender's (Defense, aborts) or the attacker's (damage).
      rollDefense: button(
        'rollDefense',
        target,
        rollsDefense && !target.coupDeGrace?.allowed,
        target.kind === 'object' && !target.actorUuid ? state.attacker.name : target.name,
      ),
      setDefense: button('setDefense', target, target.kind === 'unnamed', target.name),
      // A Saga-style maneuver deals no weapon damage (saga-attack.ts; a bull rush's wall is rolled with it).
      rollDamage: button(
        'rollDamage',
        target,
        r?.hit === true && !isBlocked(target) && !target.saga?.maneuver,
        state.attacker.name,
      ),
      applyDamage: button(
        'applyDamage',
        target,
        dmg !== null && target.actorUuid !== null && !isBlocked(target),
        named,
      ),
      undoDamage: button('undoDamage', target, dmg !== null && target.actorUuid !== null, named),
      undoAborts: hasAborts(target) ? button('undoAborts', target, true, target.name) : null,
      // The aborts show only while they may be taken (the owners' clients drop refused ones).
      block: blockButtons(target),
      riposte: actionAvailable('riposte', target)
        ? { action: 'riposte', label: f('GNG.Abort.Action.riposte', { name: target.name }) }
        : null,
      rollWithBlow: actionAvailable('rollWithBlow', target)
        ? { action: 'rollWithBlow', label: f('GNG.Abort.Action.rollWithBlow', { name: target.name }) }
        : null,
    },
    undoNotes: undoNoteLines(target.undoNotes),
    waiting: attackWaiting(state, target),
    woundTrauma: woundTraumaContext(a?.woundTrauma, target.name, actionAvailable('woundTraumaSave', target)),
    aborts: abortsContext(state, target),
    calledShot: calledShotContext(state, target),
    strike: strikeContext(state, target),
    sunder: sunderContext(target),
  };
}

function saveText(key: string, save: CardSave): string {
  return f(key, {
    natural: save.natural,
    bonus: signed(save.bonus),
    total: save.total,
    dc: save.dc,
    result: t(save.success ? 'GNG.CalledShot.Card.Saved' : 'GNG.CalledShot.Card.Failed'),
  });
}

const effectName = (effect: string) => t(`GNG.AttackDialog.Effect.${effect}`);

/** The called shot against this target, as the card shows it; buttons only while available. */
function calledShotContext(state: AttackCardState, target: CardTarget) {
  const cs = target.calledShot;
  if (!cs) return null;
  const pen = cs.penetration?.save;
  const cond = cs.condition;
  const available = (action: CardAction) => actionAvailable(action, target);
  const who = { name: target.name, attacker: state.attacker.name };
  const provoker = cs.ranged ? 'Fire' : target.sunder ? 'Sunder' : 'CalledShot';
  return {
    effects: cs.effects.length
      ? f('GNG.CalledShot.Card.Effects', { effects: cs.effects.map(effectName).join(', ') })
      : null,
    immune: cs.immune.length
      ? f('GNG.CalledShot.Card.Immune', { name: target.name, effects: cs.immune.map(effectName).join(', ') })
      : null,
    provokes: cs.provokes ? f(`GNG.${provoker}.Card.Provokes`, who) : null,
    aooTaken: cs.aooBy
      ? f('GNG.CalledShot.Card.AooTaken', { name: target.name })
      : cs.aooDeclinedBy
        ? f('GNG.CalledShot.Card.AooDeclined', { name: target.name })
        : null,
    penetration: pen
      ? {
          text: saveText('GNG.CalledShot.Card.Reflex', pen),
          outcome: t(pen.success ? 'GNG.CalledShot.Card.NotPenetrated' : 'GNG.CalledShot.Card.Penetrated'),
        }
      : null,
    condition: cond
      ? {
          text: saveText('GNG.CalledShot.Card.Fortitude', cond.save),
          // Vital Strike has its own line; the other effects with no status and no duration are instant.
          applied: cond.applied
            .filter((a) => a.effect !== 'vital-strike')
            .map((a) =>
              a.statuses.length === 0 && a.rounds === null
                ? f('GNG.CalledShot.Card.AppliedInstant', { effect: effectName(a.effect) })
                : a.rounds === null
                  ? f('GNG.CalledShot.Card.AppliedUntil', { effect: effectName(a.effect) })
                  : a.dice.length === 0
                    ? f('GNG.CalledShot.Card.AppliedFixed', {
                        effect: effectName(a.effect),
                        rounds: a.rounds,
                      })
                    : f('GNG.CalledShot.Card.AppliedRounds', {
                        effect: effectName(a.effect),
                        rounds: a.rounds,
                        formula: a.formula ?? '',
                        dice: a.dice.join(', '),
                      }),
            ),
          stabAndGrab: cond.stabAndGrab
            ? f('GNG.CalledShot.Card.StabAndGrab', {
                attacker: state.attacker.name,
                name: target.name,
                weapon: state.weapon.name,
              })
            : null,
          vitalStrike: cond.vitalStrike
            ? f('GNG.CalledShot.Card.VitalStrike', {
                hp: cond.vitalStrike.hpLost,
                after: (target.applied?.hp.after ?? 0) - cond.vitalStrike.hpLost,
              })
            : null,
        }
      : null,
    pending: [
      ...(available('penetrationSave') && target.result
        ? [f('GNG.CalledShot.Card.ReflexPending', { dc: penetrationSaveDc(target.result.relativeDegree) })]
        : []),
      ...(available('conditionSave') && target.damage
        ? [f('GNG.CalledShot.Card.FortitudePending', { dc: conditionSaveDc(target.damage.final) ?? '' })]
        : []),
      ...(target.applied && (target.damage?.final ?? 0) < 1 && cs.effects.some((e) => e !== 'penetration')
        ? [t('GNG.CalledShot.Card.NoCondition')]
        : []),
    ],
    // The labels name whose button it is: each is the target's owners' (the kernel hides it from others).
    buttons: {
      attackOfOpportunity: available('attackOfOpportunity')
        ? f('GNG.CalledShot.Card.Action.attackOfOpportunity', { name: target.name })
        : null,
      declineAttackOfOpportunity: available('declineAttackOfOpportunity')
        ? f('GNG.CalledShot.Card.Action.declineAttackOfOpportunity', { name: target.name })
        : null,
      penetrationSave: available('penetrationSave')
        ? f('GNG.CalledShot.Card.Action.penetrationSave', { name: target.name })
        : null,
      conditionSave: available('conditionSave')
        ? f('GNG.CalledShot.Card.Action.conditionSave', { name: target.name })
        : null,
    },
  };
}

/**
 * What the abort cost. An action of the next turn is spent whether or not the abort succeeded (GnG
 * "Abort Action": "Each time you use an abort action, it uses up a move action from your next
 * turn"), and the card says so; a free abort (feat) or one out of combat costs no action.
 */
function paidText(paidWith: string): string {
  const paid = t(`GNG.Abort.Paid.${paidWith}`);
  return paidWith === 'move' || paidWith === 'attack' ? f('GNG.Abort.Spent', { paid }) : paid;
}

/** The aborts taken against this attack, as the card shows them. */
function abortsContext(state: AttackCardState, target: CardTarget) {
  const b = target.aborts?.block;
  const r = target.aborts?.rollWithBlow;
  if (!b && !r) return null;
  return {
    block: b && {
      blocked: b.blocked,
      title: t(b.breaking ? 'GNG.Abort.BreakingBlock' : 'GNG.Abort.Block'),
      text: b.blocked
        ? f('GNG.Abort.Blocked', { name: target.name })
        : f('GNG.Abort.NotBlocked', { name: target.name }),
      totals: f('GNG.Abort.Versus', { ours: b.blockerTotal, theirs: b.attackerTotal }),
      detail: f('GNG.Abort.BlockDetail', {
        weapon: b.weapon,
        natural: b.natural,
        bonus: signed(b.bonus),
        via: t(`GNG.Abort.Via.${b.via}`),
      }),
      chain: b.chainDice.length
        ? f('GNG.Abort.Chain', { dice: b.chainDice.join(', '), adjustment: signed(b.chainAdjustment) })
        : null,
      paid: paidText(b.paidWith),
      riposte: b.riposte
        ? f('GNG.Abort.Riposte', { name: target.name, attacker: state.attacker.name })
        : null,
      riposteTaken: b.riposteBy ? f('GNG.Abort.RiposteTaken', { name: target.name }) : null,
      breakingBlock: b.breakingBlockDamage
        ? f('GNG.Abort.BreakingBlockDamage', { name: target.name, attacker: state.attacker.name })
        : null,
    },
    rollWithBlow: r && {
      totals: f('GNG.Abort.Versus', { ours: r.tumbleTotal, theirs: r.attackTotal }),
      detail: f('GNG.Abort.RollWithBlowDetail', { natural: r.natural, bonus: signed(r.bonus) }),
      // What happened, in words: a failed roll converts nothing (the abort is spent all the same).
      converted: f(r.converted > 0 ? 'GNG.Abort.Converted' : 'GNG.Abort.NotConverted', {
        converted: r.converted,
        ours: r.tumbleTotal,
        theirs: r.attackTotal,
      }),
      succeeded: r.converted > 0,
      paid: paidText(r.paidWith),
    },
  };
}

/** The template's data: everything shown, localized, from the state alone. */
export function attackCardContext(state: AttackCardState): Record<string, unknown> {
  const a = state.attack;
  return {
    attacker: state.attacker.name,
    weapon: state.weapon.name,
    heading: f('GNG.Attack.Heading', { attacker: state.attacker.name, weapon: state.weapon.name }),
    attack: {
      total: a.total,
      natural: a.natural,
      formula: a.formula,
      bonus: signed(a.bonus),
      lines: lines(a.parts),
      chain: a.critical && {
        label: t(`GNG.Chat.Critical.${a.critical}`),
        dice: a.chainDice.join(', '),
        adjustment: signed(a.chainAdjustment),
      },
    },
    damageFormula: state.weapon.damage,
    tags: [
      t(`GNG.AttackMode.${state.weapon.mode}`),
      ...(state.weapon.touch || state.options.touch ? [t('GNG.Attack.Tag.touch')] : []),
      ...(state.weapon.bypass !== 'none' ? [t(`GNG.Bypass.${state.weapon.bypass}`)] : []),
      ...(state.options.nonlethal ? [t('GNG.Attack.Tag.nonlethal')] : []),
      ...(state.options.powerAttack ? [t('GNG.Attack.Tag.powerAttack')] : []),
      ...(state.options.coupDeGrace ? [t('GNG.Attack.Tag.coupDeGrace')] : []),
    ],
    ...cardFire(state),
    sagaTurn: sagaTurnContext(state),
    ...modelCardContexts(state),
    targets: state.targets.map((target) =>
      modelTargetContext(state, target, firearmsTarget(state, target, targetContext(state, target))),
    ),
  };
}

export async function renderAttackCard(state: AttackCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, attackCardContext(state));
}
