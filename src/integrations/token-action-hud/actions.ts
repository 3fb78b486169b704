/**
 * The HUD's actions for one actor: what its sheet offers, read from the same derived data and lists
 * (the Combat tab's attack rows, reload buttons and maneuvers; the abilities, saves and skills; the
 * Magic tab's Cast buttons; the Effects tab's condition toggles), and the abort actions an attack
 * card offers it now (aborts.ts). Formatting only: every number comes from `system.derived`.
 * What a click does is roll-handler.ts; each action's `system` says which (a {@link HudAction}).
 */
import { ABILITIES, MANEUVERS, SAVES, SKILL_IDS } from '../../rules/index.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import { INJURY_STATUSES } from '../../hooks/injury-status.js';
import { CONDITION_STEP_STATUSES } from '../../hooks/condition-step.js';
import { roundsOf } from '../../combat/ammunition.js';
import { offeredAborts, type OfferedAbort } from './aborts.js';
import type { HudGroupId } from './defaults.js';
import type { TahActionData } from './tah-core.js';
import { modelOffers } from '../../settings/combat-model.js';
import { t, f, signed } from '../../format.js';

/** What an action does when clicked (the action's `system`, read back by the roll handler). */
export type HudAction =
  | { kind: 'attack' | 'reload' | 'cast'; itemId: string }
  | { kind: 'maneuver'; maneuver: string }
  | { kind: 'grapple' | 'totalDefense' | 'quickStand' }
  | { kind: 'ability'; ability: string }
  | { kind: 'save'; save: string }
  | { kind: 'skill'; skill: string }
  | { kind: 'condition'; status: string }
  | ({ kind: 'abort' } & OfferedAbort['request']);

export type HudActions = Map<HudGroupId, TahActionData[]>;

function action(
  id: string,
  name: string,
  system: HudAction,
  more: Partial<TahActionData> = {},
): TahActionData {
  return { id, name, listName: name, ...more, system };
}

/** One attack per weapon row (the sheet's Attack button) and a Reload beside each firearm. */
function attackActions(actor: Actor, system: CreatureData): TahActionData[] {
  const actions: TahActionData[] = [];
  const seen = new Set<string>();
  for (const attack of system.derived.attacks) {
    if (seen.has(attack.itemId)) continue;
    seen.add(attack.itemId);
    const item = actor.items.get(attack.itemId);
    const img = item?.img ? { img: item.img } : {};
    actions.push(
      action(
        `attack-${attack.itemId}`,
        attack.name,
        { kind: 'attack', itemId: attack.itemId },
        {
          ...img,
          info1: { text: signed(attack.bonus), title: f('GNG.Sheet.Attack.BonusOf', { name: attack.name }) },
          tooltip: f('GNG.Sheet.Attack.Roll', { name: attack.name }),
        },
      ),
    );
    const rounds = item ? roundsOf(item) : null;
    if (!rounds) continue;
    const loaded = f('GNG.Ammunition.Loaded', { loaded: rounds.loaded, capacity: rounds.capacity });
    actions.push(
      action(
        `reload-${attack.itemId}`,
        f('GNG.Ammunition.Reload', { weapon: attack.name }),
        { kind: 'reload', itemId: attack.itemId },
        {
          ...img,
          info1: {
            text: loaded,
            title: f('GNG.Ammunition.LoadedLabel', {
              weapon: attack.name,
              loaded: rounds.loaded,
              capacity: rounds.capacity,
            }),
          },
        },
      ),
    );
  }
  return actions;
}

/** The Combat tab's Maneuvers group: Bull Rush, Trip, Throw, Grapple, Total defense, Quick Stand when prone. */
function maneuverActions(actor: Actor): TahActionData[] {
  // GnG's maneuver and grapple cards: not offered under a combat model without them (issue #26).
  const actions = (modelOffers('maneuvers') ? MANEUVERS : []).map((kind) =>
    action(`maneuver-${kind}`, t(`GNG.Maneuver.Kind.${kind}`), { kind: 'maneuver', maneuver: kind }),
  );
  if (modelOffers('gngGrapple')) actions.push(action('grapple', t('GNG.Grapple.Title'), { kind: 'grapple' }));
  actions.push(
    action(
      'total-defense',
      t('GNG.CombatOptions.TotalDefense.Action'),
      { kind: 'totalDefense' },
      {
        tooltip: t('GNG.CombatOptions.TotalDefense.Hint'),
      },
    ),
  );
  if ((actor.statuses ?? new Set<string>()).has('prone'))
    actions.push(
      action(
        'quick-stand',
        t('GNG.QuickStand.Action'),
        { kind: 'quickStand' },
        { tooltip: t('GNG.QuickStand.Hint') },
      ),
    );
  return actions;
}

function abortActions(actor: Actor, user: User): TahActionData[] {
  return offeredAborts(actor, user).map((offer) =>
    action(offer.id, offer.label, { kind: 'abort', ...offer.request }),
  );
}

function checkActions(system: CreatureData) {
  const abilities = ABILITIES.map((key) => {
    const mod = system.abilities[key].mod;
    return action(
      `ability-${key}`,
      t(`GNG.Ability.${key}.long`),
      { kind: 'ability', ability: key },
      {
        info1: { text: signed(mod) },
      },
    );
  });
  const saves = SAVES.map((key) => {
    const label = t(`GNG.Save.${key}`);
    return action(
      `save-${key}`,
      label,
      { kind: 'save', save: key },
      {
        info1: { text: signed(system.saves[key].total ?? 0) },
        tooltip: f('GNG.Sheet.Saves.Roll', { save: label }),
      },
    );
  });
  // Only the skills the actor may roll (a trained-only skill without ranks is refused).
  const skills = SKILL_IDS.filter((key) => system.skills[key].usable).map((key) => {
    const label = t(`GNG.Skill.${key}`);
    return action(
      `skill-${key}`,
      label,
      { kind: 'skill', skill: key },
      {
        info1: { text: signed(system.skills[key].total) },
        tooltip: f('GNG.Sheet.Skills.Roll', { skill: label }),
      },
    );
  });
  return { abilities, saves, skills };
}

/** The Magic tab's Cast (spells) and Manifest (powers) buttons. */
function castActions(actor: Actor, type: 'spell' | 'power'): TahActionData[] {
  return actor.items
    .filter((item) => item.type === type)
    .map((item) =>
      action(
        `cast-${item.id}`,
        item.name,
        { kind: 'cast', itemId: item.id as string },
        {
          ...(item.img ? { img: item.img } : {}),
          info1: { text: String((item.system as unknown as { level: number }).level ?? '') },
          tooltip: f(type === 'spell' ? 'GNG.Cast.ButtonLabel' : 'GNG.Cast.ManifestLabel', {
            name: item.name,
          }),
        },
      ),
    );
}

/** The Effects tab's condition toggles (the injury markers follow HP by themselves: not toggled). */
function conditionActions(actor: Actor): TahActionData[] {
  const statuses = actor.statuses ?? new Set<string>();
  return CONFIG.statusEffects
    .filter((status) => ![...INJURY_STATUSES, ...CONDITION_STEP_STATUSES].includes(status.id))
    .map((status) => {
      const name = t(status.name);
      const active = statuses.has(status.id);
      return action(
        `condition-${status.id}`,
        name,
        { kind: 'condition', status: status.id },
        {
          ...(status.img ? { img: status.img } : {}),
          cssClass: active ? 'toggle active' : 'toggle',
          tooltip: f(active ? 'GNG.Sheet.Effects.RemoveCondition' : 'GNG.Sheet.Effects.AddCondition', {
            name,
          }),
        },
      );
    });
}

/** Every action of `actor` for `user`, by group (an actor without derived data has none). */
export function hudActions(actor: Actor, user: User): HudActions {
  const system = actor.system;
  const groups: HudActions = new Map();
  if (!system?.derived) return groups;
  const checks = checkActions(system);
  groups.set('attacks', attackActions(actor, system));
  groups.set('maneuvers', maneuverActions(actor));
  groups.set('aborts', abortActions(actor, user));
  groups.set('abilities', checks.abilities);
  groups.set('saves', checks.saves);
  groups.set('skills', checks.skills);
  groups.set('spells', castActions(actor, 'spell'));
  groups.set('powers', castActions(actor, 'power'));
  groups.set('conditions', conditionActions(actor));
  return groups;
}
