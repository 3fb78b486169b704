/**
 * The world stores typed by data models (issue #34, src/settings/world-stores.ts), checked in the
 * world: each store's value reads (an instance of its model or plain data, the readers take both),
 * and a value stored before the change — the records at the top — is moved under `records` by the
 * model's own construction (`migrateData`), keys with dots (uuids) kept. Nothing is written.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { plainSetting, STORE_MODELS } from '../settings/world-stores.js';
import { expect, type SelfTestCheck } from './check.js';

const RECORD_STORES = ['statusHolds', 'effectTimings', 'combatOptionRecords', 'careRecords'];

/** A status hold as a world stored it before issue #34 (the uuid at the top). */
const OLD_HOLDS = {
  'Actor.selfTestProbe01': { prone: { effect: 'selfTestEffect01', created: true, holders: ['h1'] } },
};

export const worldStores: SelfTestCheck = {
  id: 'worldStores',
  async run() {
    let models = 0;
    for (const [key, model] of Object.entries(STORE_MODELS)) {
      const value = game.settings.get(SYSTEM_ID, key);
      const plain = plainSetting(value);
      const readable = RECORD_STORES.includes(key) ? plainSetting(plain.records) === plain.records : true;
      expect(value && typeof value === 'object' && readable, 'GNG.SelfTest.Fail.StoreUnreadable', { key });
      if (value instanceof model) models++;
    }
    const Holds = STORE_MODELS.statusHolds as DataModelConstructor;
    const moved = JSON.stringify(new Holds(structuredClone(OLD_HOLDS)).toObject());
    expect(moved === JSON.stringify({ records: OLD_HOLDS }), 'GNG.SelfTest.Fail.StoreMigration', {
      value: moved,
    });
    return game.i18n.format('GNG.SelfTest.Pass.WorldStores', {
      stores: Object.keys(STORE_MODELS).length,
      models,
    });
  },
};
