/**
 * The area damage card as it is shown: its template's data, localized, from the state alone (each
 * target's Protection, resistance and immunities as the GM recorded them: `reduction`), and the
 * rendered content.
 */
import { woundTraumaContext } from '../shared/wound-trauma.js';
import { undoNoteLines } from '../kernel/undo-notes.js';
import { damageImmunity } from '../../rules/index.js';
import {
  AREA_CARD_TEMPLATE,
  areaActionAvailable,
  energyResistanceOf,
  protectionOf,
  targetDamage,
  type AreaAction,
  type AreaCardState,
  type AreaReduction,
  type AreaTarget,
} from './area-state.js';
import { t, f } from '../../format.js';

export { AREA_CARD_TEMPLATE };

/**
 * The target's immunities that stop the area's damage (engine `damageImmunity`: not a weapon's blow;
 * untyped damage is stopped by none), or null.
 */
export function immunityOf(actor: Actor | null, damageType: string | null | undefined): string[] | null {
  const immunities = actor ? (actor.system.derived.resistances?.immunities ?? []) : [];
  return damageImmunity(immunities, { types: damageType ? [damageType] : [], weapon: false });
}

/** GM side: what `actor` takes off the card's damage now (Protection, energy resistance, immunities). */
export function reductionOf(actor: Actor | null, state: AreaCardState): AreaReduction {
  return {
    protection: protectionOf(actor, state),
    energyResistance: energyResistanceOf(actor, state.damage.type),
    immune: immunityOf(actor, state.damage.type),
  };
}

/**
 * GM side: each target not yet applied records what its actor takes off the damage now, for the
 * card's preview (an applied one keeps what Apply used).
 */
export function recordReductions(state: AreaCardState): void {
  for (const target of state.targets)
    if (!target.applied)
      target.reduction = reductionOf(fromUuidSync(target.actorUuid) as Actor | null, state);
}

/**
 * What the card waits for on this target (issue #33): its Reflex save (or Dive for Cover) before the
 * GM applies the damage, the GM's Apply, then the wound trauma save the loss called for.
 */
function waitingFor(state: AreaCardState, target: AreaTarget): string[] {
  const data = { name: target.name, dc: state.save.dc };
  if (areaActionAvailable('woundTraumaSave', target)) return [f('GNG.Area.Waiting.woundTraumaSave', data)];
  if (target.applied) return [];
  return [f(target.save || target.dive ? 'GNG.Area.Waiting.apply' : 'GNG.Area.Waiting.save', data)];
}

function targetContext(state: AreaCardState, target: AreaTarget) {
  // As the GM recorded it; a card from before the record reads the actor now.
  const r = target.reduction ?? reductionOf(fromUuidSync(target.actorUuid) as Actor | null, state);
  const dmg = targetDamage(state, target, r.protection, r.energyResistance, r.immune);
  const a = target.applied;
  const button = (action: AreaAction) => ({
    action,
    disabled: !areaActionAvailable(action, target),
    label: f(`GNG.Area.Action.${action}`, { name: target.name }), // whose: "Apply to Hero"
  });
  return {
    id: target.id,
    name: target.name,
    save: target.save && {
      ...target.save,
      text: t(target.save.success ? 'GNG.Area.SaveSuccess' : 'GNG.Area.SaveFailure'),
    },
    dive: target.dive && {
      ...target.dive,
      text: f('GNG.Area.DiveResult', { total: target.dive.jumpTotal, converted: dmg.nonlethal }),
      noCover: !target.dive.cover,
    },
    damage: dmg,
    steps: [
      { label: t('GNG.Area.Step.rolled'), value: String(dmg.rolled) },
      ...(target.save?.success ? [{ label: t('GNG.Area.Step.halved'), value: String(dmg.afterSave) }] : []),
      {
        label: state.metamagic
          ? t(`GNG.Area.Step.protection-${state.metamagic.option}`)
          : t('GNG.Area.Step.protection'),
        value: String(-dmg.protection),
      },
      ...(dmg.energyResistance
        ? [
            {
              label: f('GNG.Area.Step.energyResistance', { type: t(`GNG.DamageType.${state.damage.type}`) }),
              value: String(-dmg.energyResistance),
            },
          ]
        : []),
      ...(dmg.nonlethal ? [{ label: t('GNG.Area.Step.converted'), value: String(-dmg.nonlethal) }] : []),
      ...(dmg.immune
        ? [
            {
              label: f('GNG.Area.Step.immune', {
                name: target.name,
                what: dmg.immune.map((type) => t(`GNG.DamageType.${type}`)).join(', '),
              }),
              value: '0',
            },
          ]
        : []),
    ],
    applied: a && {
      hp: f('GNG.Attack.Applied.Hp', { before: a.hp.before, after: a.hp.after }),
      // Temporary HP soak damage first: shown when they did (as on the attack card).
      temp: a.temp.before !== a.temp.after ? f('GNG.Attack.Applied.Temp', a.temp) : null,
      nonlethal:
        a.nonlethalTotal.before !== a.nonlethalTotal.after
          ? f('GNG.Attack.Applied.Nonlethal', a.nonlethalTotal)
          : null,
      // The statuses Apply set (dying, severe bleeding …).
      statuses: a.statusesAdded.length
        ? f('GNG.Attack.Applied.Statuses', {
            statuses: a.statusesAdded.map((s) => t(`GNG.Status.${s}`)).join(', '),
          })
        : null,
    },
    woundTrauma: woundTraumaContext(
      a?.woundTrauma,
      target.name,
      areaActionAvailable('woundTraumaSave', target),
    ),
    undoNotes: undoNoteLines(target.undoNotes),
    waiting: waitingFor(state, target),
    coverChoice: state.cover === null && target.dive === null && target.applied === null,
    buttons: {
      rollSave: button('rollSave'),
      diveForCover: button('diveForCover'),
      applyDamage: button('applyDamage'),
      undoDamage: button('undoDamage'),
    },
  };
}

/** The high magic line: the option's name and how it changed the spell's dice. */
function highMagicLine(state: AreaCardState): string | null {
  const magic = state.damage.highMagic;
  if (!magic) return null;
  const line = f('GNG.Area.HighMagic', {
    option: t(`GNG.Variants.highMagic.choices.${magic.option}`),
    normal: magic.normal,
    rolled: magic.rolled,
  });
  return magic.faces
    ? `${line} ${f('GNG.Area.OddsCounted', { faces: magic.faces.join(', '), dice: state.damage.dice.join(', ') })}`
    : line;
}

/** Armor Piercing / Ignoring Spell or Power: who cast what, and the slot level or power points it took. */
function metamagicLine(state: AreaCardState): string | null {
  const m = state.metamagic;
  if (!m) return null;
  return f(`GNG.Area.Metamagic.${m.kind}-${m.option}`, {
    caster: m.caster,
    name: m.name,
    base: m.base,
    cost: m.cost,
  });
}

/** The template's data, localized, from the state. */
export function areaCardContext(state: AreaCardState): Record<string, unknown> {
  return {
    heading: state.source
      ? f('GNG.Area.HeadingCast', { caster: state.source.caster, spell: state.source.spell })
      : t('GNG.Area.Heading'),
    total: state.damage.total,
    formula: state.damage.formula,
    dice: state.damage.dice.join(', '),
    type: state.damage.type,
    highMagic: highMagicLine(state),
    metamagic: metamagicLine(state),
    save: f('GNG.Area.SaveLine', { dc: state.save.dc }),
    cover: state.cover === null ? null : t(state.cover ? 'GNG.Area.CoverEveryone' : 'GNG.Area.CoverNobody'),
    targets: state.targets.map((target) => targetContext(state, target)),
  };
}

export async function renderAreaCard(state: AreaCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(AREA_CARD_TEMPLATE, areaCardContext(state));
}
