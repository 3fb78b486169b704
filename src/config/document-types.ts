/**
 * The Actor and Item types of the system. `system.json#documentTypes` lists the same types (there is
 * no template.json: docs/host.md); a test fails when they disagree.
 */
export const ACTOR_TYPES = ['character', 'npc'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export const ITEM_TYPES = [
  'class',
  'weapon',
  'armor',
  'shield',
  'feat',
  'equipment',
  'spell',
  'power',
] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** The system's id, as in system.json, and the scope of its flags and settings. */
export const SYSTEM_ID = 'gng';

/** Path of a file shipped with the system, as Foundry serves it. */
export function systemPath(path: string): string {
  return `systems/${SYSTEM_ID}/${path}`;
}
