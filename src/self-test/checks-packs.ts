/**
 * Self-test check of the system's compendium packs: each pack system.json declares is there, its
 * index loads, and every entry of the index loads as a document (the data models accept it; an
 * entry Foundry could not load would be missing from the documents).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { expect, type SelfTestCheck } from './check.js';

/** The packs of system.json (a test keeps this list and the manifest equal). */
export const SYSTEM_PACKS = [
  'rules',
  'samples',
  'weapons',
  'armor',
  'feats',
  'classes',
  'spells-powers',
  'magic-items',
  'conditions',
  'bestiary',
] as const;

const packs: SelfTestCheck = {
  id: 'packs',
  async run() {
    let documents = 0;
    for (const name of SYSTEM_PACKS) {
      const pack = game.packs.get(`${SYSTEM_ID}.${name}`);
      expect(pack, 'GNG.SelfTest.Fail.NoPack', { pack: name });
      const index = await pack.getIndex();
      const loaded = await pack.getDocuments();
      expect(index.size > 0, 'GNG.SelfTest.Fail.EmptyPack', { pack: name });
      expect(loaded.length === index.size, 'GNG.SelfTest.Fail.PackLoad', {
        pack: name,
        loaded: loaded.length,
        index: index.size,
      });
      documents += loaded.length;
    }
    return game.i18n.format('GNG.SelfTest.Pass.Packs', { packs: SYSTEM_PACKS.length, documents });
  },
};

export const PACK_CHECKS: readonly SelfTestCheck[] = [packs];
