/**
 * The built-in models the simulator's Web Worker has besides GnG (its own registry: the worker runs
 * none of the page's start code). The Saga-style model (issue #30) is registered by its loader, as on
 * the page (src/settings/combat-model.ts), and loaded by the first job that names it (protocol.ts);
 * the Enlightened Grognard model (issue #31) and the Time Count model (issue #32) likewise.
 */
import { registerCombatModel } from '../rules/models/registry.js';

registerCombatModel({
  id: 'saga',
  label: 'GNG.Model.Saga.label',
  load: async () => (await import('../rules/models/saga/model.js')).SAGA_MODEL,
});

registerCombatModel({
  id: 'eg',
  label: 'GNG.Model.EG.label',
  load: async () => (await import('../rules/models/eg/model.js')).EG_MODEL,
});

registerCombatModel({
  id: 'tc',
  label: 'GNG.Model.TC.label',
  load: async () => (await import('../rules/models/tc/model.js')).TC_MODEL,
});
