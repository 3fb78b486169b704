/**
 * Entry point of the Grim-n-Gritty system for Foundry VTT v13 (built to dist/gng.mjs).
 * Registers data models, document classes and sheets on `init`, and exposes the public
 * API (`game.gng`, with the rules engine at `game.gng.rules`).
 */
import { ACTOR_TYPES, SYSTEM_ID, systemPath } from './config/document-types.js';
import { CharacterData, NpcData } from './data/actor/creature-data.js';
import { ITEM_DATA_MODELS } from './data/item/item-data.js';
import { GnGActor } from './documents/actor.js';
import { GnGItem } from './documents/item.js';
import { CreatureSheet } from './applications/sheets/creature-sheet.js';
import { createApi } from './api.js';
import { ABILITY_CHECK_TEMPLATE } from './chat/ability-check.js';
import { statusEffectConfig } from './config/status-effects.js';

Hooks.once('init', () => {
  game.gng = createApi(game.system.version);

  CONFIG.Actor.documentClass = GnGActor;
  CONFIG.Item.documentClass = GnGItem;
  Object.assign(CONFIG.Actor.dataModels, { character: CharacterData, npc: NpcData });
  Object.assign(CONFIG.Item.dataModels, ITEM_DATA_MODELS);
  // GnG's conditions replace the core list; what each does is decided by the rules engine.
  CONFIG.statusEffects = statusEffectConfig();

  const { Actors } = foundry.documents.collections;
  Actors.registerSheet(SYSTEM_ID, CreatureSheet, {
    types: [...ACTOR_TYPES],
    makeDefault: true,
    label: 'GNG.Sheet.Creature',
  });

  void foundry.applications.handlebars.loadTemplates([
    systemPath('templates/actor/creature-sheet.hbs'),
    ABILITY_CHECK_TEMPLATE,
  ]);
});

Hooks.once('ready', () => {
  Hooks.callAll('gng.ready', game.gng);
});
