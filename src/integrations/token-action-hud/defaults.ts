/**
 * The HUD's default layout (`SystemManager#registerDefaults`): four top-level groups ("nests") of
 * groups our actions fill. Users may rearrange them in the HUD; a group's `id` is what
 * `addActions` names, its `nestId` where it sits (`<nest>_<group>`).
 */
import type { TahDefaults, TahGroup } from './tah-core.js';
import { t } from '../../format.js';

/** The groups our actions fill, by id. */
export const HUD_GROUPS = {
  attacks: 'attacks',
  maneuvers: 'maneuvers',
  aborts: 'aborts',
  abilities: 'abilities',
  saves: 'saves',
  skills: 'skills',
  spells: 'spells',
  powers: 'powers',
  conditions: 'conditions',
} as const;

export type HudGroupId = (typeof HUD_GROUPS)[keyof typeof HUD_GROUPS];

/** Each nest and its groups, in order. */
const LAYOUT: readonly { id: string; groups: readonly HudGroupId[] }[] = [
  { id: 'combat', groups: ['attacks', 'maneuvers', 'aborts'] },
  { id: 'checks', groups: ['abilities', 'saves', 'skills'] },
  { id: 'magic', groups: ['spells', 'powers'] },
  { id: 'effects', groups: ['conditions'] },
];

/** The defaults, named in the world's language (`GNG.TokenActionHud.Nest.*` / `Group.*`). */
export function hudDefaults(): TahDefaults {
  const group = (id: HudGroupId, nest: string): TahGroup => {
    const name = t(`GNG.TokenActionHud.Group.${id}`);
    return {
      id,
      nestId: `${nest}_${id}`,
      name,
      listName: game.i18n.format('GNG.TokenActionHud.GroupListName', { name }),
      type: 'system',
    };
  };
  const layout = LAYOUT.map((nest) => ({
    id: nest.id,
    nestId: nest.id,
    name: t(`GNG.TokenActionHud.Nest.${nest.id}`),
    groups: nest.groups.map((id) => group(id, nest.id)),
  }));
  const groups = layout.flatMap((nest) => nest.groups.map(({ nestId: _nestId, ...rest }) => rest));
  return { layout, groups };
}
