/**
 * The Time Count and Threshold of Pain block of the combat panel (seed 002, issue #32; docs/rules.md
 * "Sheet and world"), set by the model's glue as it loads (src/combat/tc-table.ts): the five defenses
 * with their parts, the Threshold of Pain (base and parts, lost this combat, effective), HP with
 * fatigue, Invigoration and bonus HP; the health lines (the Constitution check fatigue calls for,
 * dying, wounded), impairments by type, paralysis and petrification meters, the stance (its owners
 * ask for a change or a maneuver there: game.gng.tcStance / tcManeuver), each weapon's
 * speed class and speed factor, the attributes (the owner edits them: the character's build, A6) and,
 * for a GM, the Heal that splits healing into Invigoration and fatigue (R29). Formatting only: every
 * number is the engine's or the data model's.
 */
import type { CreatureData } from '../../data/actor/creature-data.js';
import type { DefenseSpec } from '../../rules/index.js';
import {
  PETRIFIED_AT,
  TC_ATTRIBUTES,
  TC_DAMAGE_TYPES,
  TC_STANCES,
  tcState,
} from '../../rules/models/tc/state.js';
import { TC_MANEUVERS } from '../../rules/models/tc/maneuver-types.js';
import { isWounded, tcThreshold } from '../../rules/models/tc/threshold.js';
import {
  IMPAIRMENT_CHECK_PENALTY,
  currentHitPoints,
  tcFatigueCondition,
  tcLethalCondition,
} from '../../rules/models/tc/health.js';
import { TC_DEFENSE_IDS } from '../../rules/models/tc/defenses.js';
import { SPEED_CLASSES, speedClassOf, speedFactor } from '../../rules/models/tc/speed.js';
import { impairmentSpeedFactor } from '../../rules/models/tc/recovery.js';
import { healthOf } from '../../combat/model-health.js';
import { modelDefenseStat, type StatView } from './stat-views.js';
import type { ModelInitiative, ModelSheetBlock } from './model-sheet-blocks.js';
import { TC_INITIATIVE_BASE } from '../../rules/models/tc/initiative.js';
import { tcAbilityMod } from '../../rules/models/tc/defenses.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import { TC_MODEL_ID } from '../../rules/models/tc/state.js';
import { t, f, word, signed } from '../../format.js';

const S = 'GNG.Model.TC.Sheet';

/** Paralysis immobilizes at three times Vigor (002:714). */
const IMMOBILE_VIGOR_MULTIPLE = 3;

function topStat(actor: Actor, system: CreatureData): StatView {
  const top = tcThreshold(system.derived.modelCreature);
  const label = t('GNG.Model.TC.Top.label');
  return {
    id: `gng-${actor.id}-tc-top`,
    key: 'top',
    label,
    value: String(top.effective),
    sub: f(`${S}.TopBeside`, { full: top.full, lost: top.lost }),
    lines: [
      ...top.parts.map((part) => ({ label: word(part.label), value: signed(part.value) })),
      ...(top.lost ? [{ label: t('GNG.Model.TC.Top.lost'), value: signed(-top.lost) }] : []),
      { label, value: `= ${top.effective}` },
    ],
    notes: [t(`${S}.TopNote`)],
  };
}

function hpStat(actor: Actor, system: CreatureData, health: Record<string, number>): StatView {
  const max = system.derived.hp.max;
  const fatigue = health.fatigue ?? 0;
  return {
    id: `gng-${actor.id}-tc-hp`,
    key: 'hp',
    label: t('GNG.Sheet.Combat.HitPoints'),
    value: `${health.value ?? 0} / ${max}`,
    sub: f(`${S}.HpBeside`, { fatigue, invigoration: health.invigoration ?? 0, temp: health.temp ?? 0 }),
    lines: system.derived.hp.breakdown.map((part) => ({
      label: word(part.label),
      value: signed(part.value),
    })),
    notes: [f(`${S}.HpNote`, { current: currentHitPoints(health) })],
  };
}

/** The health lines: fatigue against the current HP, the check it calls for, dying, wounded. */
function healthLines(health: Record<string, number>, wounded: boolean, impairments: number) {
  const current = currentHitPoints(health);
  const fatigue = health.fatigue ?? 0;
  const lines = [{ key: 'fatigue', text: f(`${S}.Fatigue`, { fatigue, current, dying: 2 * current }) }];
  const lethal = tcLethalCondition(health);
  if (lethal === 'dead') lines.push({ key: 'dead', text: t(`${S}.Dead`) });
  else {
    if (tcFatigueCondition(health) === 'atRisk')
      lines.push({
        key: 'at-risk',
        text: f(impairments ? `${S}.AtRisk` : `${S}.AtRiskPlain`, {
          dc: fatigue - current,
          penalty: IMPAIRMENT_CHECK_PENALTY * impairments,
        }),
      });
    if (lethal === 'dying') lines.push({ key: 'dying', text: t(`${S}.Dying`) });
  }
  if (wounded) lines.push({ key: 'wounded', text: t(`${S}.Wounded`) });
  return lines;
}

function weaponRows(actor: Actor, slashing: number) {
  return actor.items
    .filter((item) => item.type === 'weapon')
    .map((item) => {
      const sc = speedClassOf((item.system as { speedClass?: unknown }).speedClass);
      const sf = speedFactor(sc, { random: false, factorMod: slashing });
      const row = SPEED_CLASSES[sc];
      return {
        id: item.id,
        name: item.name,
        speedClass: t(`GNG.WeaponSpeedClass.${sc}`),
        static: String(sf.sf),
        random: row.dice && slashing ? `${row.formula}${signed(slashing)}` : row.formula,
      };
    });
}

/** The block of `actor` for the current user. */
export function tcSheetBlock(actor: Actor): ModelSheetBlock {
  const system = actor.system;
  const creature = system.derived.modelCreature;
  const state = tcState(creature);
  const health = healthOf(actor);
  const defenses = system.derived.modelDefenses;
  const stats = TC_DEFENSE_IDS.flatMap((id) => {
    const spec: DefenseSpec | undefined = defenses[id];
    return spec ? [modelDefenseStat(actor, spec, TC_MODEL_ID, word(`GNG.Model.TC.Defense.${spec.id}`))] : [];
  });
  const top = tcThreshold(creature);
  stats.push(topStat(actor, system), hpStat(actor, system, health));
  const impairments = TC_DAMAGE_TYPES.reduce((n, type) => n + state.impairments[type], 0);
  // The slashing impairments' SF on every weapon (engine `impairmentSpeedFactor`, 002:90).
  const slashing = impairmentSpeedFactor(health);
  const vigor = defenses.vigor?.kind === 'static' ? defenses.vigor.value : 0;
  const meter = (key: string, value: number, max: number) => ({
    key,
    label: t(`${S}.Meter.${key}`),
    value,
    max,
    text: f(`${S}.Meter.${key}Value`, { value, max }),
  });
  const section = {
    title: t(`${S}.Title`),
    health: healthLines(health, isWounded(top), impairments),
    impairments: {
      caption: t(`${S}.Impairments`),
      typeHeader: t(`${S}.ImpairmentType`),
      countHeader: t(`${S}.ImpairmentCount`),
      effectHeader: t(`${S}.ImpairmentEffect`),
      rows: TC_DAMAGE_TYPES.map((type) => ({
        type,
        label: t(`GNG.DamageType.${type}`),
        count: String(state.impairments[type]),
        effect: t(`${S}.ImpairmentEffects.${type}`),
      })),
    },
    meters: [
      meter('paralysis', state.paralysis, IMMOBILE_VIGOR_MULTIPLE * vigor),
      meter('petrification', state.petrification, PETRIFIED_AT),
    ],
    stance: f(`${S}.Stance`, { stance: t(`${S}.Stances.${state.stance}`) }),
    weapons: {
      caption: t(`${S}.Weapons`),
      nameHeader: t(`${S}.WeaponName`),
      classHeader: t(`${S}.WeaponClass`),
      staticHeader: t(`${S}.WeaponStatic`),
      randomHeader: t(`${S}.WeaponRandom`),
      none: t(`${S}.NoWeapons`),
      rows: weaponRows(actor, slashing),
      note: slashing ? f(`${S}.SlashingNote`, { sf: signed(slashing) }) : '',
    },
    attributes: {
      caption: t(`${S}.Attributes`),
      rows: TC_ATTRIBUTES.map((key) => ({
        key,
        label: t(`${S}.Attribute.${key}`),
        value: state.attributes[key],
        min: key === 'topBase' ? '0' : '',
      })),
    },
    // The owner's stance change and maneuvers (the cards of game.gng.tcStance / tcManeuver; tc-table.ts).
    play: actor.isOwner
      ? {
          stanceLabel: t(`${S}.Play.stance`),
          stances: TC_STANCES.filter((id) => id !== state.stance).map((id) => ({
            id,
            label: t(`GNG.Model.TC.Stance.Name.${id}`),
          })),
          stanceButton: t(`${S}.Play.stanceButton`),
          maneuverLabel: t(`${S}.Play.maneuver`),
          maneuvers: TC_MANEUVERS.map((id) => ({ id, label: t(`GNG.Model.TC.Maneuver.Name.${id}`) })),
          maneuverButton: t(`${S}.Play.maneuverButton`),
          hint: t(`${S}.Play.hint`),
        }
      : null,
    heal: game.user.isGM
      ? {
          label: t(`GNG.Model.TC.Heal.Label`),
          invigorationLabel: t(`GNG.Model.TC.Heal.Invigoration`),
          fatigueLabel: t(`GNG.Model.TC.Heal.Fatigue`),
          button: t(`GNG.Model.TC.Heal.Button`),
          hint: t(`GNG.Model.TC.Heal.Hint`),
        }
      : null,
  };
  return { stats, section, part: 'tcBlock' };
}

/**
 * The initiative under the Time Count (R33): 1d6 + 4 − the Wisdom modifier, the lowest count acting
 * first (002:246–248; Wisdom lowers the count: docs/rules.md "The Time Count"), in place of GnG's
 * d20 modifier in the header and on the combat panel. The numbers are the engine's (initiative.ts).
 */
export function tcInitiativeOf(actor: Actor): ModelInitiative {
  const { faces, bonus } = TC_INITIATIVE_BASE;
  const wisdom = tcAbilityMod(modelCreatureOf(actor), 'wis');
  const constant = bonus - wisdom;
  const header = `1d${faces}${signed(constant)}`;
  return {
    header,
    view: {
      id: `gng-${actor.id}-initiative`,
      key: 'initiative',
      label: t('GNG.Sheet.Initiative'),
      value: header,
      lines: [
        { label: t('GNG.Model.TC.Sheet.InitiativeBase'), value: `1d${faces} + ${bonus}` },
        { label: t('GNG.Ability.wis.long'), value: signed(-wisdom) },
      ],
      notes: [t('GNG.Model.TC.Sheet.InitiativeNote')],
    },
  };
}
