/**
 * Which parts of an actor sheet a change can alter (issue #29: a change re-renders only the parts
 * whose data changed, where that can be known cheaply). Foundry re-renders a document's sheets when
 * it changes and says what happened in the render options (`renderContext`, e.g. `updateActor`, with
 * the change as `renderData`); dnd5e's character sheet reads them the same way. Whatever is not
 * recognised here — another cause, a name or shape of the data we do not expect — re-renders every
 * part, so a wrong guess costs time, never a stale sheet.
 *
 * Part ids: `header`, `combat` (the combat panel), `tabs` (the tab bar), `tab-<id>` (SHEET_TABS).
 */

/** Every part that shows the actor's data: all but the tab bar and the biography. */
export const DATA_PARTS: readonly string[] = [
  'header',
  'combat',
  'tab-combat',
  'tab-skills',
  'tab-inventory',
  'tab-feats',
  'tab-magic',
  'tab-effects',
];

/**
 * Gear changes what its own tabs list, the Defense and Protection of the combat panel (armor, shield,
 * the load its weight makes), the attacks and the stat block (Combat tab) and the skills (armor check
 * penalty, load); a weapon also Dynamic Grip's choice of weapons (Feats tab). A spell or a power
 * shows only in the Magic tab. Feats and classes change derived numbers everywhere (HP, BAB, saves,
 * skills, feat actions): they are not listed, so they re-render every data part, as an item whose
 * effects may change anything does. None of them is in the header (level, BAB, initiative, grapple
 * and HP come from classes, feats, abilities and effects).
 */
const ITEM_PARTS: Readonly<Record<string, readonly string[]>> = {
  weapon: ['combat', 'tab-combat', 'tab-skills', 'tab-inventory', 'tab-feats'],
  armor: ['combat', 'tab-combat', 'tab-skills', 'tab-inventory'],
  shield: ['combat', 'tab-combat', 'tab-skills', 'tab-inventory'],
  equipment: ['combat', 'tab-combat', 'tab-skills', 'tab-inventory'],
  spell: ['tab-magic'],
  power: ['tab-magic'],
};

/** What an update of the actor's own fields can alter; any other field: every part. */
const ACTOR_FIELD_PARTS: Readonly<Record<string, readonly string[]>> = {
  // The biography shows only its own field; the Effects tab's heal hint names the healer.
  'system.biography': ['tab-biography'],
  name: ['header', 'tab-effects'],
  img: ['header'],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The changed fields of an update's data, `system` one level down (`system.hp`, `name`). */
function changedFields(data: Record<string, unknown>): string[] {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === '_id' || key === '_stats') continue;
    if (key === 'system' && isRecord(value)) fields.push(...Object.keys(value).map((k) => `system.${k}`));
    else fields.push(key.startsWith('system.') ? key.split('.').slice(0, 2).join('.') : key);
  }
  return fields;
}

function actorUpdateParts(data: unknown): Set<string> | null {
  if (!isRecord(data)) return null;
  const parts = new Set<string>();
  for (const field of changedFields(data)) {
    const known = ACTOR_FIELD_PARTS[field] ?? (field.startsWith('system.') ? DATA_PARTS : null);
    if (!known) return null;
    for (const part of known) parts.add(part);
  }
  return parts;
}

/** The items of a change: created sources, updates' data (with `_id`), or deleted ids. */
function itemChangeParts(actor: Actor, data: unknown): Set<string> {
  const entries = Array.isArray(data) ? data : [data];
  const parts = new Set<string>();
  for (const entry of entries) {
    const id = typeof entry === 'string' ? entry : isRecord(entry) ? entry._id : undefined;
    const item = typeof id === 'string' ? actor.items.get(id) : undefined;
    const type = isRecord(entry) && typeof entry.type === 'string' ? entry.type : item?.type;
    const effects =
      (isRecord(entry) && Array.isArray(entry.effects) && entry.effects.length > 0) ||
      (item?.effects.size ?? 0) > 0;
    // A deleted item (its type is gone with it) or one with effects: every data part.
    const known = type && !effects ? ITEM_PARTS[type] : undefined;
    for (const part of known ?? DATA_PARTS) parts.add(part);
  }
  return parts;
}

/**
 * The parts a document change can alter, from a render's `renderContext` and `renderData`; null
 * when that is not known (every part then renders). Accepts the document's name (`updateItem`) or
 * its collection's (`updateitems`): which one Foundry uses for an embedded document is not assumed.
 */
export function changedParts(actor: Actor, renderContext: unknown, renderData: unknown): Set<string> | null {
  if (typeof renderContext !== 'string') return null;
  const match = /^(create|update|delete)(.*)$/i.exec(renderContext);
  if (!match) return null;
  const action = (match[1] as string).toLowerCase();
  const target = (match[2] as string).toLowerCase();
  if (target === 'actor' || target === '') return action === 'update' ? actorUpdateParts(renderData) : null;
  if (target === 'item' || target === 'items') return itemChangeParts(actor, renderData);
  // Effects and conditions change derived numbers anywhere, and the Effects tab lists them.
  if (target === 'activeeffect' || target === 'effects') return new Set(DATA_PARTS);
  return null;
}
