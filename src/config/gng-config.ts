/**
 * `CONFIG.GNG` (issue #34): the system's configuration in one object, for modules to read or
 * extend — the document types, the statuses, the item images, the damage types, the combat models,
 * the world stores. Each entry is the list the system itself reads (the same object, not a copy): a
 * module changing `CONFIG.GNG.itemImages.weapon` changes the image a new weapon gets; a combat model
 * registered through `CONFIG.GNG.combatModels.register` is offered by the world setting. Documented
 * in docs/api.md "Extending the system". Set on `init`.
 */
import { ACTOR_TYPES, ITEM_TYPES, SYSTEM_ID } from './document-types.js';
import { GNG_STATUSES } from './status-effects.js';
import { SPECIAL_STATUSES } from './host.js';
import { DEFAULT_ITEM_IMAGES } from './item-images.js';
import { DAMAGE_TYPES } from './damage-types.js';
import { ACTOR_INDEX_FIELDS } from './compendium-index.js';
import { models } from '../rules/index.js';
import { COMBAT_MODEL_CHOICES } from '../settings/combat-model-setting.js';
import { COMBAT_MODEL_SETTING } from '../settings/combat-model.js';
import { STORE_MODELS } from '../settings/world-stores.js';

/** The system's configuration (`CONFIG.GNG`). */
export function gngConfig() {
  return {
    id: SYSTEM_ID,
    actorTypes: ACTOR_TYPES,
    itemTypes: ITEM_TYPES,
    /** GnG's conditions, the source of `CONFIG.statusEffects` (what each does: the rules engine). */
    statuses: GNG_STATUSES,
    /** Core's special statuses (`CONFIG.specialStatusEffects`) mapped to ours. */
    specialStatuses: SPECIAL_STATUSES,
    /** The image a new item of each kind gets when created without one (change one to change it). */
    itemImages: DEFAULT_ITEM_IMAGES as Record<string, string>,
    damageTypes: DAMAGE_TYPES,
    /** The fields the bestiary's compendium index carries. */
    actorIndexFields: ACTOR_INDEX_FIELDS,
    /** The combat models: the world setting's key, GnG's id, every registered id and its label. */
    combatModels: {
      setting: COMBAT_MODEL_SETTING,
      default: models.DEFAULT_COMBAT_MODEL,
      ids: () => models.combatModelIds(),
      labels: COMBAT_MODEL_CHOICES,
      register: models.registerCombatModel,
    },
    /** The world stores' models by their setting's key (src/settings/world-stores.ts). */
    stores: STORE_MODELS,
  };
}

export type GnGConfig = ReturnType<typeof gngConfig>;
