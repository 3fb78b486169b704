/**
 * Hail of Bullets (Appendix 4, GnG v4.0 ../shared/seeds/000_069b83d2dcfb0732.txt): "As a full-round
 * action, you fire a shot from a firearm or energy weapon at your full base attack bonus at each
 * opponent within 30 feet. You may not fire bursts at each opponent." On the harness: the GM checks
 * the feat and the weapon, finds the opponents (tokens of the other side, FRIENDLY against HOSTILE)
 * within 30 ft, spends the full round and one round of ammunition per shot, and posts one attack card
 * per opponent. Tokens on the default grid, 100 px per 5 ft; the shooter at (0, 0).
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessCombat } from '../harness/documents.js';
import type { HarnessTokenDocument } from '../harness/tokens.js';
import { withFeats } from '../fixtures/cards.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => h.reset(18));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const { attackActionsSettled } = await import('../../src/cards/attack/attack-actions.js');
const { cardState } = await import('../../src/cards/attack/attack-state.js');
const { combatantOf, turnOf } = await import('../../src/combat/action-budget.js');

const FRIENDLY = 1;
const HOSTILE = -1;
const NEUTRAL = 0;

const pistol = (ammunition = 15) => {
  const source = JSON.parse(readFileSync('packs/_source/weapons/d20m-autoloader-pistol.json', 'utf8')) as {
    name: string;
    type: string;
    system: Record<string, unknown> & { firearm: Record<string, unknown> };
  };
  return {
    name: source.name,
    type: source.type,
    system: { ...source.system, equipped: true, firearm: { ...source.system.firearm, ammunition } },
  };
};

async function place(actor: Actor, col: number, row: number, disposition: number): Promise<Token> {
  const token = (actor.getActiveTokens()[0] ?? h.placeToken(actor)) as Token;
  h.as(gm);
  await (token.document as unknown as HarnessTokenDocument).update({
    x: col * 100,
    y: row * 100,
    disposition,
  });
  return token;
}

async function npc(name: string, col: number, row: number, disposition: number): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor({ name, type: 'npc', system: { hp: { value: 20 } } });
  await place(actor, col, row, disposition);
  return actor;
}

/** The player's shooter: fighter 3 (base attack +3), Dex 10, simple weapons, the pistol, `feats`. */
async function shooter(feats: string[], ammunition = 15): Promise<{ actor: Actor; gun: Item }> {
  h.as(gm);
  const actor = await h.createActor(
    {
      name: 'Shooter',
      type: 'character',
      system: { hp: { value: 20 }, proficiencies: { weapons: { simple: true } } },
    },
    player,
  );
  const [, gun] = (await actor.createEmbeddedDocuments('Item', [
    { name: 'Fighter', type: 'class', system: { levels: 3, babProgression: 'good' } },
    pistol(ammunition),
  ])) as Item[];
  await withFeats(actor, feats);
  await place(actor, 0, 0, FRIENDLY);
  return { actor, gun: gun as Item };
}

const loaded = (gun: Item) =>
  (gun.system as unknown as { firearm: { ammunition: number } }).firearm.ammunition;
const attackCards = () => game.messages.contents.filter((m) => cardState(m) !== null) as ChatMessage[];

describe('Hail of Bullets', () => {
  it('one shot at each opponent within 30 ft, nearest first; 3 rounds; the full round spent', async () => {
    const { actor, gun } = await shooter(['hail-of-bullets']);
    const near = await npc('Near', 1, 0, HOSTILE); // 5 ft
    const mid = await npc('Mid', 3, 3, HOSTILE); // diagonal 3 squares: 15 ft
    const edge = await npc('Edge', 6, 0, HOSTILE); // 30 ft: within
    await npc('Far', 7, 0, HOSTILE); // 35 ft: beyond
    await npc('Friend', 0, 1, FRIENDLY);
    await npc('Bystander', 2, 0, NEUTRAL);
    h.as(gm);
    const combat = h.startCombat([]) as HarnessCombat;
    combat.addCombatant(actor, 20);
    combat.addCombatant(near, 5);
    await combat.begin();
    await attackActionsSettled();

    h.as(player);
    h.dice.queue(10, 11, 12);
    const result = await game.gng.hailOfBullets(actor, gun);
    await attackActionsSettled();
    expect(result).toMatchObject({ ok: true });
    const cards = attackCards();
    expect(cards).toHaveLength(3);
    // One single shot each, at the sheet's full bonus: base attack +3, Dex +0 → d20 + 3.
    expect(cards.map((m) => cardState(m)?.targets[0]?.name)).toEqual(['Near', 'Mid', 'Edge']);
    expect(cards.map((m) => cardState(m)?.attack.total)).toEqual([13, 14, 15]);
    expect(cards.every((m) => (cardState(m)?.options.fire?.mode ?? 'single') === 'single')).toBe(true);
    expect(cards.map((m) => cardState(m)?.targets[0]?.actorUuid)).toEqual([near.uuid, mid.uuid, edge.uuid]);
    // 15 − 3 rounds; the turn's move and attack actions are gone.
    expect(loaded(gun)).toBe(12);
    expect(turnOf(combatantOf(actor) as Combatant)).toMatchObject({ move: false, attack: false });
    // Not twice in a turn.
    expect(await game.gng.hailOfBullets(actor, gun)).toMatchObject({
      ok: false,
      error: 'GNG.OpponentFeats.Error.Acted',
    });
    expect(attackCards()).toHaveLength(3);
  });

  it('the shooter’s token HUD fires it with its equipped firearm (a labelled button, owners only)', async () => {
    const { actor, gun } = await shooter(['hail-of-bullets']);
    await npc('Near', 1, 0, HOSTILE);
    const token = actor.getActiveTokens()[0] as Token;
    h.as(h.users.otherPlayer);
    expect(h.renderTokenHUD(token).querySelector('.gng-opponent-feat')).toBeNull();
    h.as(player);
    const button = h.renderTokenHUD(token).querySelector<HTMLButtonElement>('button.gng-opponent-feat');
    expect(button?.getAttribute('aria-label')).toBe(`Hail of Bullets with ${gun.name}`);
    h.dice.queue(10);
    button?.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as unknown as Event);
    await attackActionsSettled();
    expect(attackCards()).toHaveLength(1);
    expect(loaded(gun)).toBe(14);
  });

  it('a request for another player’s shooter, or with extra fields, is refused', async () => {
    const { actor, gun } = await shooter(['hail-of-bullets']);
    await npc('Near', 1, 0, HOSTILE);
    const { forged } = await import('../fixtures/cards.js');
    expect(
      await forged(h.users.otherPlayer, { actorUuid: actor.uuid, weaponId: gun.id }, 'gng.hailOfBullets'),
    ).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAttackerOwner' });
    expect(
      await forged(
        player,
        { actorUuid: actor.uuid, weaponId: gun.id, options: { fire: { mode: 'burst' } } },
        'gng.hailOfBullets',
      ),
    ).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    expect(loaded(gun)).toBe(15);
    expect(attackCards()).toHaveLength(0);
  });

  it('refused without the feat, with too few rounds, or with no opponent in range; nothing spent', async () => {
    const plain = await shooter([]);
    await npc('Near', 1, 0, HOSTILE);
    await npc('Other', 2, 0, HOSTILE);
    h.as(player);
    expect(await game.gng.hailOfBullets(plain.actor, plain.gun)).toMatchObject({
      ok: false,
      error: 'GNG.OpponentFeats.Error.NoFeat',
    });
    h.as(gm);
    await plain.actor.delete();
    const { actor, gun } = await shooter(['hail-of-bullets'], 1);
    h.as(player);
    // Two opponents, one round.
    expect(await game.gng.hailOfBullets(actor, gun)).toMatchObject({
      ok: false,
      error: 'GNG.OpponentFeats.Hail.Error.Rounds',
    });
    expect(loaded(gun)).toBe(1);
    expect(attackCards()).toHaveLength(0);
  });
});
