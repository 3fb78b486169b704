/**
 * Self-test checks of the configuration Foundry read on `init`: the Foundry build, our document
 * classes and data models, the queries every card needs, the statuses, the token bar, and a world
 * setting written and read back (and a write its pre-hook cancels kept out).
 */
import { ACTOR_TYPES, ITEM_TYPES, SYSTEM_ID } from '../config/document-types.js';
import { GNG_STATUSES } from '../config/status-effects.js';
import { expect, type SelfTestCheck } from './check.js';
import { PROBE_SETTING } from './probe-setting.js';
import { combatModelId, modelName, worldModelLoad, worldModelReady } from '../settings/combat-model.js';
import { f } from '../format.js';
import { worldStores } from './checks-stores.js';

/** The queries a card or an actor request needs on the GM's and every player's client. */
export const REQUIRED_QUERIES = [
  'gng.confirmRequest',
  'gng.attackAction',
  'gng.areaAction',
  'gng.burstAction',
  'gng.maneuverAction',
  'gng.grappleAction',
  'gng.bleedingCard',
  'gng.bindWounds',
  'gng.quickStand',
  'gng.totalDefense',
  'gng.reload',
  'gng.restCard',
  'gng.dyingCard',
  'gng.stabilize',
  'gng.temporaryHp',
  'gng.healCard',
  'gng.featAction',
  'gng.suppressAction',
  'gng.opportunityAction',
  'gng.featOfferAction',
  'gng.flowWithEnemy',
  'gng.endFlow',
  'gng.hailOfBullets',
  'gng.castWeaponSpell',
  'gng.castAreaSpell',
  'gng.conditionTrack',
  'gng.conditionTrackCard',
  'gng.egManeuverAction',
  'gng.egSave',
  'gng.selfTestEcho',
  'gng.selfTestProbe',
] as const;

/** The first Foundry generation with `CONFIG.queries` and `User#query`. */
const GENERATION = 13;

const foundryBuild: SelfTestCheck = {
  id: 'foundry',
  async run() {
    const version = game.version ?? '';
    const generation = game.release?.generation ?? Number.parseInt(version, 10);
    expect(generation >= GENERATION, 'GNG.SelfTest.Fail.Generation', { version, generation: GENERATION });
    expect(typeof CONFIG.queries === 'object' && CONFIG.queries !== null, 'GNG.SelfTest.Fail.NoQueries');
    return f('GNG.SelfTest.Pass.Foundry', { version });
  },
};

const registration: SelfTestCheck = {
  id: 'registration',
  async run() {
    for (const type of ACTOR_TYPES)
      expect(CONFIG.Actor.dataModels[type], 'GNG.SelfTest.Fail.NoModel', { document: 'Actor', type });
    for (const type of ITEM_TYPES)
      expect(CONFIG.Item.dataModels[type], 'GNG.SelfTest.Fail.NoModel', { document: 'Item', type });
    const missing = REQUIRED_QUERIES.filter((name) => typeof CONFIG.queries[name] !== 'function');
    expect(!missing.length, 'GNG.SelfTest.Fail.MissingQueries', { list: missing.join(', ') });
    const statuses = new Set(CONFIG.statusEffects.map((status) => status.id));
    const lost = GNG_STATUSES.filter((status) => !statuses.has(status.id)).map((status) => status.id);
    expect(!lost.length, 'GNG.SelfTest.Fail.MissingStatuses', { list: lost.join(', ') });
    const blind = CONFIG.specialStatusEffects?.BLIND;
    expect(blind === 'blinded', 'GNG.SelfTest.Fail.BlindStatus', { value: String(blind) });
    expect(CONFIG.ActiveEffect.legacyTransferral === false, 'GNG.SelfTest.Fail.LegacyTransferral');
    return f('GNG.SelfTest.Pass.Registration', {
      models: ACTOR_TYPES.length + ITEM_TYPES.length,
      queries: REQUIRED_QUERIES.length,
      statuses: GNG_STATUSES.length,
    });
  },
};

export { PROBE_SETTING };

/** A world setting of ours is written and read back, then restored. */
const settings: SelfTestCheck = {
  id: 'settings',
  async run() {
    const key = PROBE_SETTING;
    const before = game.settings.get(SYSTEM_ID, key);
    expect(typeof before === 'string', 'GNG.SelfTest.Fail.SettingType', { key, value: String(before) });
    const probe = foundry.utils.randomID(16);
    try {
      await game.settings.set(SYSTEM_ID, key, probe);
      const after = game.settings.get(SYSTEM_ID, key);
      expect(after === probe, 'GNG.SelfTest.Fail.SettingNotSaved', { key });
    } finally {
      await game.settings.set(SYSTEM_ID, key, before);
    }
    expect(game.settings.get(SYSTEM_ID, key) === before, 'GNG.SelfTest.Fail.SettingNotRestored', { key });
    await cancelledWrite(key, before);
    return f('GNG.SelfTest.Pass.Settings', { key });
  },
};

/**
 * A `preUpdateSetting` handler returning false cancels the write and the value stays: the combat
 * model setting's guard rests on it (src/settings/combat-model-setting.ts; evidence in
 * test/harness/README.md). Probed on the probe setting; set back if the write went through.
 */
async function cancelledWrite(key: string, before: unknown): Promise<void> {
  const id = `${SYSTEM_ID}.${key}`;
  const hook = Hooks.on('preUpdateSetting', (doc: { key?: unknown }) =>
    doc?.key === id ? false : undefined,
  );
  try {
    await game.settings.set(SYSTEM_ID, key, foundry.utils.randomID(16));
  } catch {
    // A write refused by throwing is cancelled too: the value is what counts.
  } finally {
    Hooks.off('preUpdateSetting', hook);
  }
  const kept = game.settings.get(SYSTEM_ID, key) === before;
  if (!kept) await game.settings.set(SYSTEM_ID, key, before);
  expect(kept, 'GNG.SelfTest.Fail.SettingGuardIgnored', { key });
}

/**
 * The canvas's selected tokens, which the party rest reads (`canvas.tokens.controlled`): a list
 * when a scene is shown. No evidence names its shape in every v13 build, so the check asks.
 */
const selectedTokens: SelfTestCheck = {
  id: 'canvas',
  async run() {
    const canvas = (globalThis as { canvas?: { ready?: boolean; tokens?: { controlled?: unknown } } }).canvas;
    if (!canvas?.ready || !canvas.tokens) return { skip: game.i18n.localize('GNG.SelfTest.Skip.NoCanvas') };
    const controlled = canvas.tokens.controlled;
    expect(Array.isArray(controlled), 'GNG.SelfTest.Fail.Canvas');
    return f('GNG.SelfTest.Pass.Canvas', { count: (controlled as unknown[]).length });
  },
};

/**
 * The world's combat model (issue #30): loaded (a model registered by its loader is a chunk loaded
 * from `init` on, and Foundry's boot does not wait for it), before any actor was prepared or with
 * every actor prepared again when it arrived; and the world's actors have its defenses.
 */
const combatModelLoaded: SelfTestCheck = {
  id: 'combatModel',
  async run() {
    const id = combatModelId();
    const model = await worldModelReady().catch(() => null);
    expect(model?.id === id, 'GNG.SelfTest.Fail.ModelNotLoaded', {
      model: modelName(id),
      error: worldModelLoad.error,
    });
    const reads = worldModelLoad.standIns;
    expect(!reads || worldModelLoad.reprepared, 'GNG.SelfTest.Fail.ModelNotReprepared', { reads });
    for (const actor of game.actors) {
      const derived = actor.system.derived;
      const have = Object.keys(derived.modelDefenses).join();
      const want = Object.keys(model.defenses(derived.modelCreature)).join();
      expect(have === want, 'GNG.SelfTest.Fail.ModelStale', { name: actor.name, model: modelName(id) });
    }
    return f(reads ? 'GNG.SelfTest.Pass.ModelReprepared' : 'GNG.SelfTest.Pass.ModelLoaded', {
      model: modelName(id),
      reads,
      actors: game.actors.size,
    });
  },
};

export const CONFIG_CHECKS: readonly SelfTestCheck[] = [
  foundryBuild,
  registration,
  combatModelLoaded,
  settings,
  worldStores,
  selectedTokens,
];
