/**
 * The items of a bestiary actor other than its attacks (`attack-items.ts`): the Hit Dice as `class`
 * items (the creature type's racial HD and any GnG class levels the name gives, copied from the
 * classes pack), the feats whose numbers the system uses (copied from the feats pack), uncanny dodge,
 * worn armor and shields. Pure (no Foundry).
 */
import type { ConvertedCreature } from '../rules/bestiary/convert.js';
import { capitalize, escapeHtml } from './attack-items.js';
import { featEntry } from '../rules/bestiary/convert-steps.js';
import { featKey, type BestiaryReferences } from './references.js';

type Doc = Record<string, unknown>;

const ARMOR_TYPE: Record<string, 'light' | 'medium' | 'heavy' | 'force'> = {
  padded: 'light',
  leather: 'light',
  'studded leather': 'light',
  'chain shirt': 'light',
  hide: 'medium',
  'scale mail': 'medium',
  chainmail: 'medium',
  breastplate: 'medium',
  'splint mail': 'heavy',
  'banded mail': 'heavy',
  'half-plate': 'heavy',
  'full plate': 'heavy',
  force: 'force',
};

/**
 * Copy of a pack item as an embedded item of the actor: a new id, its compendium source kept, and a
 * description of our own (so that rewording the classes or feats pack does not change the bestiary).
 */
export function embedded(
  actorId: string,
  source: Doc,
  key: string,
  system: Doc,
  refs: BestiaryReferences,
): Doc {
  const id = refs.id(key);
  const { _id, _key: _k, folder: _f, sort: _s, ownership: _o, ...rest } = source;
  // The pack item's effects (Dodge's +1) as effects of the embedded item, with keys under the actor.
  const effects = ((source.effects as Doc[] | undefined) ?? []).map((effect, i) => {
    const effectId = refs.id(`${key}/effect/${i}`);
    return { ...effect, _id: effectId, _key: `!actors.items.effects!${actorId}.${id}.${effectId}` };
  });
  return {
    ...rest,
    _id: id,
    _key: `!actors.items!${actorId}.${id}`,
    effects,
    system: { ...(source.system as Doc), ...system },
    _stats: {
      compendiumSource: `Compendium.gng.${key.includes('/feat/') ? 'feats' : 'classes'}.Item.${String(_id)}`,
    },
  };
}

/** The class items of the Hit Dice: the creature type's racial HD, and GnG classes named in the name. */
export function classItems(actorId: string, c: ConvertedCreature, refs: BestiaryReferences): Doc[] {
  return c.hitDice.groups.map((g, i) => {
    const progressions = { hpProgression: g.hp.progression, defenseProgression: g.defense.progression };
    const key = `srd35/monsters/${c.id}/class/${i}`;
    const template = refs.classes.get(g.name);
    const description =
      g.kind === 'class'
        ? `<p>${g.levels} ${g.levels === 1 ? 'level' : 'levels'} of ${escapeHtml(g.name)} named in the stat block: their Defense and HP progressions.</p>`
        : `<p>${g.levels} racial Hit ${g.levels === 1 ? 'Die' : 'Dice'} of ${/^[aeiou]/i.test(g.name) ? 'an' : 'a'} ${escapeHtml(g.name.toLowerCase())}: the creature type's Defense and HP progressions.</p>`;
    if (template)
      return embedded(actorId, template, key, { description, levels: g.levels, ...progressions }, refs);
    const id = refs.id(key);
    return {
      _id: id,
      _key: `!actors.items!${actorId}.${id}`,
      name: `${g.name} Hit Dice`,
      type: 'class',
      img: 'icons/svg/upgrade.svg',
      system: {
        description: `<p>Racial Hit Dice of a creature type the GnG tables do not list: average progressions.</p>`,
        identifier: g.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        kind: 'racial',
        levels: g.levels,
        ...progressions,
      },
      effects: [],
      flags: {},
    };
  });
}

/** Our own description of a feat of the stat block (the pack's wording may change; the bestiary's does not). */
function featDescription(name: string): string {
  if (name === 'Toughness') return '<p>Toughness in the stat block: +3 base HP.</p>';
  if (name === 'Dodge')
    return "<p>Dodge in the stat block: GnG's Dodge, +1 dodge bonus to Defense against every opponent.</p>";
  return `<p>${escapeHtml(name)} in the stat block: GnG's feat of that name.</p>`;
}

/**
 * The stat block's feats whose numbers the system uses (the feats pack's feats with an effect or a
 * reader: `refs.feats`), each a copy of the pack's, once per time taken ("Toughness (3)": three).
 * Matched by name; the others stay in the stat block (decision "Bestiary feats", docs/rules.md).
 */
export function featItems(actorId: string, c: ConvertedCreature, refs: BestiaryReferences): Doc[] {
  const items: Doc[] = [];
  const taken = new Map<string, number>();
  for (const entry of c.feats) {
    const { name, times } = featEntry(entry);
    const source = refs.feats.get(featKey(name));
    if (!source) continue;
    const identifier = String((source.system as Doc | undefined)?.identifier ?? featKey(name));
    for (let n = 0; n < times; n++) {
      const i = taken.get(identifier) ?? 0;
      taken.set(identifier, i + 1);
      const key = `srd35/monsters/${c.id}/feat/${identifier}/${i}`;
      items.push(embedded(actorId, source, key, { description: featDescription(String(source.name)) }, refs));
    }
  }
  return items;
}

/**
 * The special quality "uncanny dodge" as a feat item with the identifier `uncanny-dodge` (class
 * features are feat items: the data model keeps Dexterity and class bonus to Defense when
 * flat-footed, and the actor may abort while flat-footed). No pack holds it: our own item.
 */
export function uncannyDodgeItems(actorId: string, c: ConvertedCreature, refs: BestiaryReferences): Doc[] {
  if (!c.uncannyDodge) return [];
  const id = refs.id(`srd35/monsters/${c.id}/feat/uncanny-dodge`);
  return [
    {
      _id: id,
      _key: `!actors.items!${actorId}.${id}`,
      name: 'Uncanny Dodge',
      type: 'feat',
      img: 'icons/svg/upgrade.svg',
      system: {
        description:
          '<p>Uncanny dodge in the stat block: keeps its Dexterity and class bonus to Defense when flat-footed, and may take abort actions while flat-footed.</p>',
        identifier: 'uncanny-dodge',
        category: 'core',
      },
      effects: [],
      flags: {},
    },
  ];
}

function shieldSize(name: string): 'tower' | 'buckler' | 'large' | 'small' {
  if (/tower/.test(name)) return 'tower';
  if (/buckler/.test(name)) return 'buckler';
  return /heavy|large/.test(name) ? 'large' : 'small';
}

/** Worn armor and shields, equipped. */
export function armorItems(actorId: string, c: ConvertedCreature, refs: BestiaryReferences): Doc[] {
  const items: Doc[] = c.armor.map((a, i) => {
    const id = refs.id(`srd35/monsters/${c.id}/armor/${i}`);
    return {
      _id: id,
      _key: `!actors.items!${actorId}.${id}`,
      name: capitalize(a.name.replace(/^armor\s*\[|\]$/gi, '').trim()),
      type: 'armor',
      img: 'icons/svg/shield.svg',
      system: {
        description: `<p>Worn armor of the stat block: Protection ${a.armor}${a.enhancement ? ` + ${a.enhancement} enhancement` : ''}.</p>`,
        armorBonus: a.armor,
        enhancement: a.enhancement,
        armorCheckPenalty: a.checkPenalty ?? 0,
        type: ARMOR_TYPE[a.base ?? ''] ?? 'light',
        equipped: true,
        weight: 0,
      },
      effects: [],
      flags: {},
    };
  });
  c.shields.forEach((s, i) => {
    const id = refs.id(`srd35/monsters/${c.id}/shield/${i}`);
    items.push({
      _id: id,
      _key: `!actors.items!${actorId}.${id}`,
      name: capitalize(s.name.trim()),
      type: 'shield',
      img: 'icons/svg/shield.svg',
      system: {
        description: `<p>Shield of the stat block: +${s.shield} shield bonus to Defense${s.enhancement ? `, +${s.enhancement} enhancement` : ''}.</p>`,
        shieldBonus: s.shield,
        enhancement: s.enhancement,
        shieldSize: shieldSize(s.name.toLowerCase()),
        equipped: true,
        weight: 0,
      },
      effects: [],
      flags: {},
    });
  });
  return items;
}
