/**
 * The system's classes on `game.gng` (issue #34), for modules to extend or call: the document
 * classes, the data models, the sheets, the card kernel's registration, and the windows (loaded on
 * first use: `await game.gng.applications()`). Documented in docs/api.md "Extending the system".
 */
import { GnGActor } from './documents/actor.js';
import { GnGItem } from './documents/item.js';
import { GnGCombat } from './documents/combat.js';
import { GnGCombatant } from './documents/combatant.js';
import { GnGActiveEffect } from './documents/active-effect.js';
import { CharacterData, NpcData } from './data/actor/creature-data.js';
import { ITEM_DATA_MODELS } from './data/item/item-data.js';
import { CharacterSheet } from './applications/sheets/character-sheet.js';
import { NpcSheet } from './applications/sheets/npc-sheet.js';
import { ItemSheet } from './applications/sheets/item-sheet.js';
import { defineCard, registerCard, registerGMQuery } from './cards/kernel/index.js';
import { registerLazyCard } from './cards/kernel/lazy-card.js';
import { STORE_MODELS } from './settings/world-stores.js';
import { CARD_DATA_MODELS } from './cards/card-data-models.js';

/** The windows, each in the chunk it is loaded with (none of them is in the code loaded at start). */
async function applications() {
  const [attack, cast, simulator, importer, variants] = await Promise.all([
    import('./applications/attack-dialog.js'),
    import('./applications/cast-dialog.js'),
    import('./simulator/simulator-app.js'),
    import('./bestiary/importer-app.js'),
    import('./settings/variants-app.js'),
  ]);
  return {
    AttackDialog: attack.AttackDialog,
    CastDialog: cast.CastDialog,
    SimulatorApp: simulator.SimulatorApp,
    StatBlockImporterApp: importer.StatBlockImporterApp,
    VariantsApp: variants.VariantsApp,
  };
}

/** What `game.gng` holds besides the API's calls. */
export function systemClasses() {
  return {
    documents: { GnGActor, GnGItem, GnGCombat, GnGCombatant, GnGActiveEffect },
    dataModels: {
      actor: { character: CharacterData, npc: NpcData },
      item: ITEM_DATA_MODELS,
      /** Each card's ChatMessage subtype's model (`CONFIG.ChatMessage.dataModels`). */
      card: CARD_DATA_MODELS,
      stores: STORE_MODELS,
    },
    sheets: { CharacterSheet, NpcSheet, ItemSheet },
    /** The card kernel: a module's own card, through the kernel like the system's (docs/architecture.md). */
    cards: { defineCard, registerCard, registerLazyCard, registerGMQuery },
    /** Loads the windows' classes (attack and cast dialogs, simulator, importer, variant rules). */
    applications,
  };
}

export type SystemClasses = ReturnType<typeof systemClasses>;
