/**
 * Entry point of the Grim-n-Gritty system for Foundry VTT v13 (built to dist/gng.mjs).
 * Registers data models, document classes and sheets on `init`, and exposes the public
 * API (`game.gng`, with the rules engine at `game.gng.rules`).
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
import { ABILITY_CHECK_TEMPLATE } from './chat/ability-check.js';
import { statusEffectConfig } from './config/status-effects.js';
import { configureHost } from './config/host.js';
import { registerCompendiumIndex } from './config/compendium-index.js';
import { registerInjuryStatusHooks } from './hooks/injury-status.js';
import { registerHpStatusHooks } from './hooks/hp-statuses.js';
import { registerConditionStepHooks } from './hooks/condition-step.js';
import { registerConditionTrack } from './cards/saga-track/track-register.js';
import { registerDefeatedHooks } from './hooks/defeated-status.js';
import { registerItemImages } from './config/item-images.js';
import { registerEffectGuardWarnings } from './hooks/effect-guard-warnings.js';
import { registerCardKernel } from './cards/kernel/index.js';
import { CARD_DATA_MODELS } from './cards/card-data-models.js';
import { registerAttackFlow } from './cards/attack/attack-flow.js';
import { registerAttackOdds } from './cards/attack/attack-odds-register.js';
import { registerBudgetDisplay } from './combat/budget-display.js';
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
import { registerOpportunityCard } from './cards/opportunity/opportunity-card.js';
import { registerOpponentFeats } from './cards/opponent-feats/opponent-feats-hud.js';
import { registerBurstCard } from './cards/burst/burst-register.js';
import { registerRegenerationHooks } from './hooks/regeneration.js';
import { registerGrappleHud } from './hooks/grapple-hud.js';
import { registerConditionsTimer } from './combat/conditions-timer.js';
import { registerHotbarMacroHooks } from './hooks/hotbar-macro.js';
import { ATTACK_DIALOG_TEMPLATE, CAST_DIALOG_TEMPLATE } from './applications/dialog-templates.js';
import { registerSelfTest } from './self-test/register.js';
import { registerSimulator } from './simulator/register.js';
import { registerImporter } from './bestiary/register.js';
import { registerWorldRepair } from './data/world-repair-register.js';
import { registerVariantSettings } from './settings/variant-rules.js';
import { registerVariantsMenu } from './settings/variants-menu.js';
import { registerCombatModelSetting } from './settings/combat-model-setting.js';
import { registerWorldTime } from './combat/world-time-register.js';
import { registerEffectTimings } from './combat/effect-timings.js';
import { registerStatusHolds } from './combat/status-holds.js';
import { registerReload } from './combat/ammunition.js';
import { registerMagic } from './magic/magic-register.js';
import { registerTokenActionHud } from './integrations/token-action-hud/register.js';

Hooks.once('init', () => {
  registerInjuryStatusHooks();
  registerHpStatusHooks();
  registerConditionStepHooks();
  registerDefeatedHooks();
  registerItemImages();
  registerEffectGuardWarnings();
  game.gng = createApi(game.system.version);
  registerVariantSettings();
  registerCombatModelSetting();
  registerVariantsMenu();
  registerWorldTime();
  registerEffectTimings();
  registerStatusHolds();
  registerCardKernel();
  registerAttackFlow();
  registerAttackOdds();
  registerBudgetDisplay();
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
  registerRegenerationHooks();
  registerGrappleHud();
  registerConditionsTimer();
  registerReload();
  registerMagic();
  registerTokenActionHud();
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
    ...new Set([...ACTOR_PARTIALS, ...parts]),
    ABILITY_CHECK_TEMPLATE,
    ATTACK_DIALOG_TEMPLATE,
    CAST_DIALOG_TEMPLATE,
  ]);
});

Hooks.once('ready', () => {
  // On ready, as draw-steel does, so that modules may register their own hotbarDrop handlers first.
  registerHotbarMacroHooks();
  Hooks.callAll('gng.ready', game.gng);
});
