/**
 * The attack card under the world's combat model, on the GM's client (issue #26): attack options the
 * model does not offer are refused before anything is rolled; under a model whose defense is not
 * rolled there is no Defense step: each creature target meets the model's static defense, resolved
 * when the card is made, and the card shows "vs <defense> N"; without critical chains the attack is
 * the d20 and the bonus alone. The card's guard is in attack-model.ts.
 */
import type { CombatModel, DefenseSpec, ModelCapability, Resolution } from '../../rules/index.js';
import { combatModel } from '../../settings/combat-model.js';
import { capabilityRefusal, postedModel } from '../model-guard.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import type { AttackOptions } from './attack-options.js';
import type { AttackCardState, CardDefense, CardTarget } from './attack-state.js';
import { egCardContext } from './eg-card-view.js';
import { tcCardContext, tcTargetContext } from './tc-card-view.js';
import { t, signed } from '../../format.js';

/**
 * The card's record of a resolution: hit and RD (the model's margin), and a critical hit or fumble
 * the model counts apart from the margin only when there is one (so a GnG card's state is as before).
 */
export function cardResult(r: Resolution): NonNullable<CardTarget['result']> {
  return {
    hit: r.hit,
    relativeDegree: r.margin,
    automatic: false,
    ...(r.critical ? { critical: true } : {}),
    ...(r.fumble ? { fumble: true } : {}),
  };
}

/** Refuses an attack option (and a moving object's rolled Defense) the world's model does not offer. */
export function checkModelOptions(options: AttackOptions, model: CombatModel = combatModel()): void {
  const offers = (capability: ModelCapability) => model.capabilities[capability];
  const fire = options.fire?.mode ?? 'single';
  const checks: [boolean, ModelCapability, string][] = [
    [(options.calledShots ?? []).length > 0, 'calledShots', 'GNG.Model.Action.calledShots'],
    [fire === 'burst', 'bursts', 'GNG.Model.Action.burst'],
    [fire === 'accelerated-pair', 'firearms', 'GNG.Model.Action.acceleratedPair'],
    [options.sunder !== undefined, 'sunder', 'GNG.Model.Action.sunder'],
    [options.strike !== undefined, 'strikes', 'GNG.Model.Action.strike'],
    [options.object?.moving === true, 'rolledDefense', 'GNG.Model.Action.rollDefense'],
  ];
  for (const [asked, capability, name] of checks)
    if (asked && !offers(capability)) throw capabilityRefusal(name);
}

/** The attack roll under a model without critical chains: the d20 and the bonus, nothing more. */
export function unchainedAttack(natural: number, bonus: number) {
  return {
    natural,
    bonus,
    critical: null,
    chainDice: [] as number[],
    chainAdjustment: 0,
    total: natural + bonus,
  };
}

/**
 * The card's record of a defense the model gives as a value to beat (no Defense roll): its total,
 * parts and `notes` (lang keys) for the card's line.
 */
export function staticCardDefense(
  spec: DefenseSpec,
  mode: CardDefense['mode'],
  notes: string[] = [],
): CardDefense {
  const total = spec.kind === 'static' ? spec.value : spec.bonus;
  return {
    source: 'static',
    id: spec.id,
    natural: null,
    bonus: total,
    total,
    autoRollOne: false,
    mode,
    parts: spec.parts.map((part) => ({ label: part.label, value: part.value })),
    notes,
  };
}

/**
 * How a card made under a model settles a creature target's defense as it is made (GnG's and a model
 * without its own: {@link settleStaticDefense}; the Saga, EG and TC models' own), for a target with a
 * defender and no defense yet ({@link awaitsDefense}).
 */
export type SettleTarget = (
  state: AttackCardState,
  target: CardTarget,
  defender: Actor,
  model: CombatModel,
) => void;

/** Whether a card's target is a creature with a defender, its defense not settled yet. */
export function awaitsDefense(target: CardTarget, defender: Actor | null): defender is Actor {
  return target.kind === 'creature' && defender !== null && !target.defense;
}

/**
 * Under a model whose defense is not rolled: a creature target meets the model's static defense at
 * once (stored as the card's Defense, `source: 'static'`), resolved with the model.
 */
export const settleStaticDefense: SettleTarget = (state, target, defender, model) => {
  if (model.capabilities.rolledDefense || target.result) return;
  const spec = model.defenseAgainst(
    { mode: state.weapon.mode, touch: state.weapon.touch },
    modelCreatureOf(defender),
  );
  target.defense = staticCardDefense(spec, state.weapon.mode);
  target.result = cardResult(model.resolve(state.attack.total, target.defense.total, state.attack.natural));
};

/**
 * A static defense's name: the card's model's own (the EG model's "Armor Class":
 * `GNG.Model.EG.Defense.ac`), else the shared lang key, else its id.
 */
function staticDefenseName(defense: CardDefense, model?: string): string {
  const id = defense.id ?? '';
  const keys = [`GNG.Model.${(model ?? '').toUpperCase()}.Defense.${id}`, `GNG.Model.Defense.${id}`];
  const key = keys.find((k) => game.i18n.has(k));
  return key ? game.i18n.localize(key) : id;
}

/** The card's "vs <defense> N" of a static defense (its name's lang key, else its id). */
export function staticDefenseLine(defense: CardDefense, model?: string): string | null {
  if (defense.source !== 'static') return null;
  const name = staticDefenseName(defense, model);
  return game.i18n.format('GNG.Attack.VersusStatic', { defense: name, total: defense.total });
}

/**
 * Without Relative Degree (a model whose margin adds nothing to damage): the margin in the words of
 * a static defense's text — the attack "beats" the defense by N (001:177) or "misses" it by N (001:149).
 */
export function marginLine(result: NonNullable<CardTarget['result']>): string {
  const margin = result.relativeDegree;
  if (!result.hit) return game.i18n.format('GNG.Attack.Margin.misses', { margin: Math.abs(margin) });
  return margin > 0
    ? game.i18n.format('GNG.Attack.Margin.beats', { margin })
    : game.i18n.localize('GNG.Attack.Margin.meets');
}

/**
 * A target's part of the rendered card under the card's model: its static defense's "vs" line, and
 * no button of a step the model does not offer (the abort buttons, drawn from the state alone).
 */
export function modelTargetContext<
  C extends {
    defense: object | null;
    result?: object | null;
    damage?: { steps: { label: string; value: string }[] } | null;
    buttons: Record<string, unknown>;
  },
>(state: AttackCardState, target: CardTarget, context: C): C {
  const versus = target.defense ? staticDefenseLine(target.defense, state.model) : null;
  if (versus && context.defense && target.defense) {
    // The breakdown's heading names the defense met, not GnG's "Static defense · Melee +N".
    const summary = game.i18n.format('GNG.Attack.StaticSummary', {
      defense: staticDefenseName(target.defense, state.model),
      total: target.defense.total,
    });
    Object.assign(context.defense, { versus, summary });
  }
  if (context.result && target.result?.critical)
    Object.assign(context.result, { critical: game.i18n.localize('GNG.Attack.ModelCritical') });
  if (context.result && target.result?.fumble)
    Object.assign(context.result, { fumble: game.i18n.localize('GNG.Attack.ModelFumble') });
  const model = postedModel(state.model);
  if (context.result && target.result && model && !model.capabilities.relativeDegree)
    Object.assign(context.result, { margin: marginLine(target.result) });
  if (model && !model.capabilities.aborts)
    Object.assign(context.buttons, { block: null, riposte: null, rollWithBlow: null });
  if (context.damage && target.damage && model && !model.capabilities.protection)
    context.damage.steps = unarmoredDamageSteps(state, target, model);
  // The Time Count model's lines (tc-card-view.ts); null under any other model.
  return Object.assign(context, { tc: tcTargetContext(state, target) });
}

/** The card's own parts under a model: the EG model's tokens, the Time Count's lines (null otherwise). */
export function modelCardContexts(state: AttackCardState) {
  return { eg: egCardContext(state), tc: tcCardContext(state) };
}

/**
 * The damage's steps under a model without Protection (nor, unless it has one, Relative Degree):
 * what adds up to the damage before DR — the weapon, Strength, other bonuses, the EG model's power
 * tokens of each side (003:399–404) — and the damage, without GnG's "+0" and "Protection (none)".
 */
function unarmoredDamageSteps(
  state: AttackCardState,
  target: CardTarget,
  model: CombatModel,
): { label: string; value: string }[] {
  const steps = (target.damage as NonNullable<CardTarget['damage']>).steps;
  const tokens = (name: string) => game.i18n.format('GNG.Model.EG.Card.Step.tokens', { name });
  // The EG model counts its power tokens in `other` (eg/damage.ts): shown apart.
  const dealt = target.eg?.damage.dealt ?? 0;
  const taken = target.eg?.damage.taken ?? 0;
  const other = steps.other - dealt + taken;
  const lines: [string, number, boolean][] = [
    [t('GNG.Attack.Step.strength'), steps.strength, true],
    [t('GNG.Attack.Step.other'), other, other !== 0],
    [tokens(state.attacker.name), dealt, dealt !== 0],
    [tokens(target.name), -taken, taken !== 0],
    [t('GNG.Attack.Step.relativeDegree'), steps.relativeDegree, model.capabilities.relativeDegree],
  ];
  return [
    { label: t('GNG.Attack.Step.weapon'), value: String(steps.weapon) },
    ...lines.filter(([, , shown]) => shown).map(([label, value]) => ({ label, value: signed(value) })),
    { label: t('GNG.Attack.Step.damage'), value: String(steps.total) },
  ];
}

/**
 * GnG's situational options, which every other model replaces with its own (`options.saga`, `.eg`,
 * `.tc`): refused first under each ({@link gateModelOptions}), in this order.
 */
const GNG_SITUATION_OPTIONS = [
  'situational',
  'defenderSituation',
  'concealment',
  'intoMelee',
  'fightingDefensively',
] as const;

/**
 * Before anything is rolled, a model's gate on the options: not `underModel`, the request may not carry
 * the model's own options (`options[own]`, refused with `${prefix}.Options`) and false is returned; under
 * it, GnG's situational options and then those in `gngOnly` (what else of GnG's the model does not
 * have) are refused ({@link refuseGnGOptions}, `${prefix}.GnGOption`) and true is returned: the
 * model's own checks follow.
 */
export function gateModelOptions(
  options: AttackOptions,
  underModel: boolean,
  own: 'saga' | 'eg' | 'tc',
  gngOnly: readonly (keyof AttackOptions)[],
  prefix: string,
): boolean {
  if (!underModel) {
    if (options[own] !== undefined) throw capabilityRefusal(`${prefix}.Options`);
    return false;
  }
  refuseGnGOptions(options, [...GNG_SITUATION_OPTIONS, ...gngOnly], `${prefix}.GnGOption`);
  return true;
}

/**
 * Before anything is rolled: refuses the first of `keys` (GnG's own options, which a model replaces
 * with its own or does not have) that the request chose, with `${prefix}.${key}`.
 */
export function refuseGnGOptions(
  options: AttackOptions,
  keys: readonly (keyof AttackOptions)[],
  prefix: string,
): void {
  for (const key of keys) {
    const value: unknown = options[key];
    const chosen = Array.isArray(value)
      ? value.length > 0
      : typeof value === 'object' && value !== null
        ? Object.keys(value).length > 0
        : value === true;
    if (chosen) throw capabilityRefusal(`${prefix}.${key}`);
  }
}
