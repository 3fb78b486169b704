/**
 * Regenerates the content pack sources from the data in this folder:
 * `npx tsx scripts/content/generate.ts`. Writes one JSON file per document into
 * `packs/_source/{feats,classes,spells-powers,magic-items,conditions}/` (folders it owns: stale files
 * are removed) and the rules summary into `packs/_source/rules/` (the other rules files are kept).
 * Ids are derived from stable keys, so regenerating keeps every id and link.
 */
import { fileURLToPath } from 'node:url';
import { writePack } from './common.js';
import { classDocs } from './classes.js';
import { conditionDocs } from './conditions.js';
import { featDocs } from './feats.js';
import { magicItemDocs, spellDocs } from './magic.js';
import { rulesDocs } from './rules.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const packs = {
  feats: featDocs(),
  classes: classDocs(),
  'spells-powers': spellDocs(),
  'magic-items': magicItemDocs(),
  conditions: conditionDocs(),
};
for (const [pack, docs] of Object.entries(packs)) writePack(ROOT, pack, docs, true);
writePack(ROOT, 'rules', rulesDocs(), false);

for (const [pack, docs] of Object.entries(packs)) console.log(`${pack}: ${docs.length} documents`);
console.log('rules: 1 journal (GnG Rules Summary)');
