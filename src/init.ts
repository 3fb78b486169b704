/**
 * What the system registers on `init` (src/hooks/register-hooks.ts calls these, between its groups
 * of hooks): the public API, the settings, every card (through the card kernel), the document
 * classes, data models, sheets and templates.
 */
import { ITEM_TYPES, SYSTEM_ID } from './config/document-types.js';
import { CharacterData, NpcData } from './data/actor/creature-data.js';
import { ITEM_DATA_MODELS } from './data/item/item-data.js';
import { GnGActor } from './documents/actor.js';
import { GnGItem } from './documents/item.js';
import { addTurnStartStep, GnGCombat } from './documents/combat.js';
import { GnGCombatant } from './documents/combatant.js';
import { GnGActiveEffect } from './documents/active-effect.js';
import { ACTOR_PARTIALS } from './applications/sheets/actor-sheet.js';
import { CharacterSheet } from './applications/sheets/character-sheet.js';
import { NpcSheet } from './applications/sheets/npc-sheet.js';
import { ItemSheet } from './applications/sheets/item-sheet.js';
import { createApi } from './api.js';
import { systemClasses } from './system-classes.js';
import { gngConfig } from './config/gng-config.js';
import { ABILITY_CHECK_TEMPLATE } from './chat/ability-check.js';
import { statusEffectConfig } from './config/status-effects.js';
import { configureHost } from './config/host.js';
import { registerCompendiumIndex } from './config/compendium-index.js';
import { registerConditionTrack } from './cards/saga-track/track-register.js';
import { registerCardKernel } from './cards/kernel/index.js';
import { CARD_DATA_MODELS } from './cards/card-data-models.js';
import { registerAttackFlow } from './cards/attack/attack-actions.js';
import { registerAreaCard } from './cards/area/area-register.js';
import { registerCastCard } from './cards/cast/cast-register.js';
import { registerManeuverCard } from './cards/maneuver/maneuver-register.js';
import { registerEgManeuverCard } from './cards/eg-maneuver/eg-maneuver-register.js';
import { registerGrappleCard } from './cards/grapple/grapple-register.js';
import { registerQuickStand } from './cards/quick-stand/quick-stand-register.js';
import { registerRestCard } from './cards/rest/rest-register.js';
import { registerDyingCard } from './cards/dying/dying-register.js';
import { registerBleedingCard } from './cards/bleeding/bleeding-register.js';
import { registerSagaTurnCard, sagaTurnStart } from './models/saga-turn-start.js';
import { registerHealCard } from './cards/heal/heal-register.js';
import { registerFeatActionCard } from './cards/feat-actions/feat-action-register.js';
import { endSuppressionAtTurnStart, registerSuppressCard } from './cards/suppress/suppress-register.js';
import { registerOpportunityCard } from './cards/opportunity/opportunity-register.js';
import { registerOpponentFeats } from './cards/opponent-feats/opponent-feats-hud.js';
import { registerBurstCard } from './cards/burst/burst-register.js';
import { ATTACK_DIALOG_TEMPLATE, CAST_DIALOG_TEMPLATE } from './applications/dialog-templates.js';
import { registerSelfTest } from './self-test/register.js';
import { registerSimulator } from './simulator/register.js';
import { registerImporter } from './bestiary/register.js';
import { registerWorldRepair } from './data/world-repair-register.js';
import { registerVariantSettings } from './settings/variant-rules.js';
import { registerVariantsMenu } from './settings/variants-menu.js';
import { registerCombatModelSetting } from './settings/combat-model-setting.js';
import { registerEffectTimings } from './combat/effect-timings.js';
import { registerStatusHolds } from './combat/status-holds.js';
import { registerReload } from './combat/ammunition.js';
import { registerMagic } from './magic/magic-register.js';
import { CHAT_PARTIALS, registerFormatHelpers } from './format-handlebars.js';

/** `CONFIG.GNG`, `game.gng` (the API and the system's classes) and the world's settings. */
export function initStart(): void {
  CONFIG.GNG = gngConfig();
  registerFormatHelpers();
  game.gng = Object.assign(createApi(game.system.version), systemClasses());
  registerVariantSettings();
  registerCombatModelSetting();
  registerVariantsMenu();
  registerEffectTimings();
  registerStatusHolds();
}

/** Every card, through the card kernel (`registerCard`/`registerLazyCard`), with its hooks. */
export function initCards(): void {
  registerCardKernel();
  registerAttackFlow();
  registerAreaCard();
  registerCastCard();
  registerManeuverCard();
  registerEgManeuverCard();
  registerGrappleCard();
  registerQuickStand();
  registerRestCard();
  registerConditionTrack();
  registerBleedingCard();
  registerDyingCard();
  registerSagaTurnCard();
  registerHealCard();
  registerFeatActionCard();
  registerSuppressCard();
  // At each scheduled turn start, in this order (documents/combat.ts): suppressing fire, then Saga's turn.
  addTurnStartStep(endSuppressionAtTurnStart);
  addTurnStartStep(sagaTurnStart);
  registerOpportunityCard();
  registerOpponentFeats();
  registerBurstCard();
  registerReload();
  registerMagic();
}

/** The self-test, the windows, the world repair, the document classes, data models and sheets. */
export function initEnd(): void {
  registerSelfTest();
  registerSimulator();
  registerImporter();
  registerWorldRepair();

  CONFIG.Actor.documentClass = GnGActor;
  CONFIG.Item.documentClass = GnGItem;
  CONFIG.Combat.documentClass = GnGCombat;
  CONFIG.Combatant.documentClass = GnGCombatant;
  CONFIG.ActiveEffect.documentClass = GnGActiveEffect;
  Object.assign(CONFIG.Actor.dataModels, { character: CharacterData, npc: NpcData });
  Object.assign(CONFIG.Item.dataModels, ITEM_DATA_MODELS);
  // Each card a ChatMessage subtype, its state a typed `system` (issue #34).
  Object.assign(CONFIG.ChatMessage.dataModels, CARD_DATA_MODELS);
  // GnG's conditions replace the core list; what each does is decided by the rules engine.
  CONFIG.statusEffects = statusEffectConfig();
  // Token bars, core's special statuses, effect transferral (src/config/host.ts, docs/host.md).
  configureHost();
  // The bestiary's GnG numbers in its compendium index (src/config/compendium-index.ts).
  registerCompendiumIndex();

  const { Actors, Items } = foundry.documents.collections;
  Actors.registerSheet(SYSTEM_ID, CharacterSheet, {
    types: ['character'],
    makeDefault: true,
    label: 'GNG.Sheet.Character',
  });
  Actors.registerSheet(SYSTEM_ID, NpcSheet, {
    types: ['npc'],
    makeDefault: true,
    label: 'GNG.Sheet.Npc.Label',
  });
  Items.registerSheet(SYSTEM_ID, ItemSheet, {
    types: [...ITEM_TYPES],
    makeDefault: true,
    label: 'GNG.Sheet.Item.Label',
  });

  // Partials must be loaded before a sheet renders; the parts are loaded (cached) with them.
  const parts = [CharacterSheet, NpcSheet, ItemSheet].flatMap((sheet) =>
    Object.values(sheet.PARTS).map((part) => part.template),
  );
  void foundry.applications.handlebars.loadTemplates([
    ...new Set([...ACTOR_PARTIALS, ...CHAT_PARTIALS, ...parts]),
    ABILITY_CHECK_TEMPLATE,
    ATTACK_DIALOG_TEMPLATE,
    CAST_DIALOG_TEMPLATE,
  ]);
}
