/**
 * What the system tells Foundry core on `init` (src/config/host.ts, docs/host.md): HP as a token bar
 * (value and derived max) through `CONFIG.Actor.trackableAttributes`, the pack actors' prototype
 * tokens, core's special statuses (`BLIND` is `blinded`) and `legacyTransferral = false`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatePackSources, type SystemManifest } from '../../scripts/packs.js';
import { getHarness, ROOT } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => h.reset(14));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const manifest = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as SystemManifest & {
  primaryTokenAttribute: string;
};
const actorPacks = validatePackSources(join(ROOT, 'packs/_source'), manifest).filter(
  ({ pack }) => pack.type === 'Actor',
);
const hp = (actor: Actor) => (actor.system as unknown as CreatureData).hp;

/** Core's token constants the pack sources use (numbers in the sources; see docs/host.md). */
const FRIENDLY = 1;
const DISPLAY_MODES = [0, 10, 20, 30, 40, 50]; // NONE, CONTROL, OWNER_HOVER, HOVER, OWNER, ALWAYS

describe('token HP bar', () => {
  it('declares HP as the bar, and a few single values, for characters and creatures', () => {
    expect(manifest.primaryTokenAttribute).toBe('hp');
    for (const type of Object.keys(manifest.documentTypes.Actor ?? {})) {
      const tracked = CONFIG.Actor.trackableAttributes?.[type];
      expect(tracked?.bar, type).toEqual(['hp']);
      expect(tracked?.value, type).toEqual(
        expect.arrayContaining(['hp.temp', 'hp.nonlethal', 'defense.total', 'protection.total', 'speed']),
      );
    }
  });

  it("a character's token shows HP as a bar: its value and its derived maximum, as they change", async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    const token = h.placeToken(fighter);
    expect(token.document.getBarAttribute('bar1')).toEqual({
      type: 'bar',
      attribute: 'hp',
      value: 23,
      max: 23,
    });
    await fighter.update({ 'system.hp.value': 9 });
    expect(token.document.getBarAttribute('bar1')).toMatchObject({ value: 9, max: hp(fighter).max });
    // Every value the declaration names reads as a number from the prepared data.
    for (const attribute of CONFIG.Actor.trackableAttributes?.character?.value ?? []) {
      expect(typeof foundry.utils.getProperty(fighter.system, attribute), attribute).toBe('number');
    }
    const npc = await h.createActor({ name: 'Orc', type: 'npc' });
    expect(h.placeToken(npc).document.getBarAttribute('bar1')).toMatchObject({
      type: 'bar',
      attribute: 'hp',
    });
  });

  it('without the declaration HP would be no bar: its max is derived, not in the schema (v13)', async () => {
    const declared = CONFIG.Actor.trackableAttributes;
    try {
      delete CONFIG.Actor.trackableAttributes;
      const actor = await h.createActor({ name: 'Brakka', type: 'character' });
      const token = h.placeToken(actor);
      expect(typeof hp(actor).max).toBe('number');
      expect(token.document.getBarAttribute('bar1')).toBeNull();
    } finally {
      CONFIG.Actor.trackableAttributes = declared;
    }
  });
});

describe("pack actors' prototype tokens", () => {
  const actors = actorPacks.flatMap(({ pack, documents }) =>
    documents.map(({ file, data }) => [`${pack.name}/${file}`, data] as const),
  );

  it('there are pack actors to check', () => {
    expect(actors.length).toBeGreaterThan(0);
  });

  it.each(actors)(
    '%s: HP as bar 1, shown on hover to owners; characters linked and friendly',
    (file, data) => {
      const token = data.prototypeToken as Record<string, unknown> | undefined;
      expect(token, `${file} has a prototypeToken`).toBeDefined();
      expect(token?.bar1).toEqual({ attribute: 'hp' });
      expect(DISPLAY_MODES).toContain(token?.displayBars);
      expect(DISPLAY_MODES).toContain(token?.displayName);
      expect(token?.name).toBe(data.name);
      if (data.type === 'character') {
        expect(token?.actorLink).toBe(true);
        expect(token?.disposition).toBe(FRIENDLY);
      }
    },
  );

  it("a pack character's token reads HP as a bar with its derived maximum", () => {
    const [, fighter] = actors.find(([file]) => file.endsWith('appendix3-fighter-5.json')) ?? [];
    expect(fighter).toBeDefined();
    const actor = h.registerCompendiumDocument(
      'samples',
      structuredClone(fighter as Record<string, unknown>),
      'Actor',
    ) as unknown as Actor;
    const bar = h.placeToken(actor).document.getBarAttribute('bar1');
    expect(bar).toEqual({ type: 'bar', attribute: 'hp', value: 23, max: 23 });
  });
});

describe("core's special statuses and effect transferral", () => {
  it('BLIND is blinded (no vision), DEFEATED is dead, INVISIBLE is invisible: each one of our statuses', () => {
    expect(CONFIG.specialStatusEffects).toMatchObject({
      BLIND: 'blinded',
      DEFEATED: 'dead',
      INVISIBLE: 'invisible',
    });
    const ids = CONFIG.statusEffects.map((status) => status.id);
    for (const id of Object.values(CONFIG.specialStatusEffects)) expect(ids).toContain(id);
  });

  it("legacyTransferral is off: an item's effect applies from the item, nothing is copied onto the actor", async () => {
    expect(CONFIG.ActiveEffect.legacyTransferral).toBe(false);
    const actor = await h.createActor({ name: 'Brakka', type: 'character' });
    const [boots] = await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Boots of striding',
        type: 'equipment',
        effects: [{ name: 'Striding', changes: [{ key: 'system.speed', mode: 2, value: '10' }] }],
      },
    ]);
    expect(actor.effects.size).toBe(0);
    expect([...actor.allApplicableEffects()].map((effect) => effect.parent)).toEqual([boots]);
    expect((actor.system as unknown as CreatureData).speed).toBe(40);
  });
});
