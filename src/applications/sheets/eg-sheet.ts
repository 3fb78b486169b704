/**
 * The Enlightened Grognard's block of the combat panel (issue #31; docs/rules.md "Sheet, tracker and
 * turns"), set by the model's glue as it loads (src/combat/eg-table.ts): AC, Fortitude, Reflex and
 * Will with their parts and the save bonus of each save (⌊defense/10⌋, 003:345), HP with temporary
 * HP and nonlethal damage, Con damage and bloodied, the six BABs, the token pool (persistent tokens
 * apart) with "give to…", and the four actions as buttons — each a request the GM's client plays
 * (src/cards/eg-action/). Formatting only: every number is the engine's or the data model's.
 */
import { ABILITIES } from '../../rules/index.js';
import type { DefenseSpec } from '../../rules/index.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import { EG_SHEET_ACTIONS, actionRefusal } from '../../rules/models/eg/combat-actions.js';
import { saveBonus } from '../../rules/models/eg/saves.js';
import { TOKEN_TYPES } from '../../rules/models/eg/tokens.js';
import { egBabs } from '../../rules/models/eg/attack-bonus.js';
import { tokenPool } from '../../combat/eg-token-store.js';
import { actionStateOf, begunCombatOf, bloodiedNow } from '../../combat/eg-creature.js';
import { modelDefenseStat, type StatView } from './stat-views.js';
import type { ModelSheetBlock } from './model-sheet-blocks.js';
import { t, f, word, signed } from '../../format.js';

const DEFENSES = ['ac', 'fortitude', 'reflex', 'will'] as const;
/** The defenses that are saves (003:343: "Fortitude, Reflex and Will"). */
const SAVES = new Set(['fortitude', 'reflex', 'will']);

function defenseStat(actor: Actor, spec: DefenseSpec): StatView {
  const value = spec.kind === 'static' ? spec.value : spec.bonus;
  const save = SAVES.has(spec.id) ? saveBonus(value) : null;
  return {
    ...modelDefenseStat(actor, spec, 'eg', t(`GNG.Model.EG.Sheet.Defense.${spec.id}`)),
    sub: save === null ? undefined : f('GNG.Model.EG.Sheet.SaveBeside', { bonus: signed(save) }),
    notes: save === null ? [] : [f('GNG.Model.EG.Sheet.SaveNote', { defense: value, bonus: signed(save) })],
  };
}

function hpStat(actor: Actor, system: CreatureData): StatView {
  const { value, temp, nonlethal } = system.hp;
  const max = system.derived.hp.max;
  const sub = [
    temp ? f('GNG.Model.EG.Sheet.TempBeside', { value: temp }) : '',
    nonlethal ? f('GNG.Model.EG.Sheet.NonlethalBeside', { value: nonlethal }) : '',
  ].filter(Boolean);
  return {
    id: `gng-${actor.id}-eg-hp`,
    key: 'hp',
    label: t('GNG.Sheet.Combat.HitPoints'),
    value: `${value} / ${max}`,
    sub: sub.length ? sub.join(', ') : undefined,
    lines: system.derived.hp.breakdown.map((part) => ({
      label: word(part.label),
      value: signed(part.value),
    })),
    notes: [f('GNG.Model.EG.Sheet.HpNote', { temp, nonlethal })],
  };
}

/** The block's health lines: Con damage, bloodied (and whether this encounter's Con point is taken). */
function healthLines(actor: Actor, system: CreatureData) {
  const con = system.abilities.con;
  const taken = (actor.system as { model?: { eg?: { bloodied?: number } } }).model?.eg?.bloodied === 1;
  const max = system.derived.hp.max;
  return [
    { key: 'con-damage', text: f('GNG.Model.EG.Sheet.ConDamage', { damage: con.damage, con: con.value }) },
    {
      key: 'bloodied',
      text: f(bloodiedNow(actor) ? 'GNG.Model.EG.Sheet.Bloodied' : 'GNG.Model.EG.Sheet.NotBloodied', {
        half: max / 2,
      }),
    },
    ...(taken ? [{ key: 'bloodied-taken', text: t('GNG.Model.EG.Sheet.BloodiedTaken') }] : []),
  ];
}

const typeChoices = () =>
  TOKEN_TYPES.map((type) => ({ value: type, label: t(`GNG.Model.EG.Token.Type.${type}`) }));

/** The PCs of the actor's combat besides itself (gifts and Aid Another pass only between PCs, 003:473). */
function allies(actor: Actor, combat: Combat | null) {
  if (!combat || actor.type !== 'character') return [];
  return combat.combatants
    .map((c) => c.actor)
    .filter((other): other is Actor => !!other && other.type === 'character' && other.uuid !== actor.uuid)
    .map((other) => ({ uuid: other.uuid, name: other.name }));
}

function tokensSection(actor: Actor, combat: Combat | null) {
  const pool = tokenPool(combat, actor);
  // The NPCs' communal pool is the GM's (003:476–478).
  const shown = !pool.communal || game.user.isGM;
  return {
    caption: t('GNG.Model.EG.Sheet.Tokens'),
    typeHeader: t('GNG.Model.EG.Sheet.TokenType'),
    encounterHeader: t(pool.communal ? 'GNG.Model.EG.Sheet.Communal' : 'GNG.Model.EG.Sheet.Encounter'),
    persistentHeader: t('GNG.Model.EG.Sheet.Persistent'),
    rows: TOKEN_TYPES.map((type) => ({
      type,
      label: t(`GNG.Model.EG.Token.Type.${type}`),
      encounter: shown ? String(pool.encounter[type]) : '—',
      persistent: String(pool.persistent[type]),
    })),
    note: !combat
      ? t('GNG.Model.EG.Sheet.NoEncounter')
      : pool.communal
        ? t(shown ? 'GNG.Model.EG.Sheet.CommunalNote' : 'GNG.Model.EG.Sheet.CommunalHidden')
        : '',
  };
}

/** The block of `actor` for the current user. */
export function egSheetBlock(actor: Actor): ModelSheetBlock {
  const system = actor.system;
  const defenses = system.derived.modelDefenses;
  const stats = DEFENSES.flatMap((id) => (defenses[id] ? [defenseStat(actor, defenses[id])] : []));
  stats.push(hpStat(actor, system));
  const combat = begunCombatOf(actor);
  const mine = game.user.isGM || actor.isOwner;
  const state = actionStateOf(actor);
  const ally = allies(actor, combat);
  const babs = egBabs(system.derived.modelCreature);
  const section = {
    title: t('GNG.Model.EG.Sheet.Title'),
    health: healthLines(actor, system),
    babs: {
      caption: t('GNG.Model.EG.Sheet.Babs'),
      rows: ABILITIES.map((ability) => ({
        ability,
        abbr: t(`GNG.Ability.${ability}.abbr`),
        long: t(`GNG.Ability.${ability}.long`),
        value: signed(babs[ability]),
      })),
    },
    tokens: tokensSection(actor, combat),
    give:
      mine && ally.length
        ? {
            toLabel: t('GNG.Model.EG.Sheet.GiveTo'),
            typeLabel: t('GNG.Model.EG.Sheet.GiveType'),
            countLabel: t('GNG.Model.EG.Sheet.GiveCount'),
            button: t('GNG.Model.EG.Sheet.Give'),
            targets: ally,
            types: typeChoices(),
          }
        : null,
    aid:
      mine && combat
        ? {
            firstLabel: t('GNG.Model.EG.Sheet.AidFirst'),
            secondLabel: t('GNG.Model.EG.Sheet.AidSecond'),
            toLabel: t('GNG.Model.EG.Sheet.AidTo'),
            types: typeChoices(),
            targets: [
              { uuid: actor.uuid, name: f('GNG.Model.EG.Sheet.AidSelf', { name: actor.name }) },
              ...ally,
            ],
          }
        : null,
    actions: mine
      ? EG_SHEET_ACTIONS.map((id) => {
          const reason = actionRefusal(id, state);
          return {
            id,
            label: t(`GNG.Model.EG.Action.${id}.label`),
            hint: reason
              ? f(`GNG.Model.EG.Action.Error.${reason}`, {
                  name: actor.name,
                  action: t(`GNG.Model.EG.Action.${id}.label`),
                })
              : t(`GNG.Model.EG.Action.${id}.hint`),
          };
        })
      : [],
    hint: mine && !game.user.isGM ? t('GNG.Model.EG.Sheet.ActionHint') : '',
    // A GM grants or takes back persistent tokens (003:464), or grants this encounter's (the gains no
    // button plays, R32); players never see it.
    grant: game.user.isGM
      ? {
          label: t('GNG.Model.EG.Sheet.GrantLabel'),
          typeLabel: t('GNG.Model.EG.Sheet.GrantType'),
          countLabel: t('GNG.Model.EG.Sheet.GrantCount'),
          button: t('GNG.Model.EG.Sheet.Grant'),
          encounterButton: t('GNG.Model.EG.Sheet.GrantEncounter'),
          types: typeChoices(),
        }
      : null,
  };
  return { stats, section };
}
