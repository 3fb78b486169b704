/**
 * Code loaded on first use (issue #29) on the harness: what the build puts in chunks (the odds, the
 * simulator, the importer, the bestiary conversion) is a dynamic import, loaded once, the first time
 * it is needed; until then `game.gng.rules` says how to load it, and the attack card is drawn
 * without its odds, which are added to the same card once loaded. (The build's split: build.test.ts;
 * in the browser: test/browser/simulator.test.ts and stat-block-importer.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';

const h = await getHarness();
const { onDemand, withModule } = await import('../../src/on-demand.js');
const { cardOddsModule } = await import('../../src/cards/attack/attack-odds-register.js');
const { rulesModule } = await import('../../src/api.js');

const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(20));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

describe('a loader', () => {
  it('imports once, however often it is called, and then has the module at hand', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const loader = onDemand(load);
    expect(loader.loaded).toBeUndefined();
    const [a, b] = await Promise.all([loader(), loader()]);
    expect(a).toBe(b);
    expect(await loader()).toBe(a);
    expect(loader.loaded).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ ok: true });
    const loader = onDemand(load as () => Promise<{ ok: boolean }>);
    await expect(loader()).rejects.toThrow('offline');
    expect(loader.loaded).toBeUndefined();
    expect(await loader()).toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('withModule uses the module at once when loaded, else once loaded (attackActionsSettled waits)', async () => {
    const loader = onDemand(async () => ({ n: 1 }));
    const used: number[] = [];
    withModule(loader, (m) => used.push(m.n));
    expect(used).toEqual([]);
    await attackActionsSettled();
    expect(used).toEqual([1]);
    withModule(loader, (m) => used.push(m.n + 1));
    expect(used).toEqual([1, 2]);
  });
});

describe('game.gng.rules', () => {
  it('is loaded on first use: empty at start, every name a clear error, the whole engine once loadRules() has run', async () => {
    const notLoaded = (name: string) =>
      `game.gng.rules.${name} is loaded on first use: run \`await game.gng.loadRules()\` first (it resolves with game.gng.rules).`;
    expect(rulesModule.loaded).toBeUndefined();
    expect(Object.keys(game.gng.rules)).toEqual([]);
    for (const name of [
      'sizeModifier',
      'maxHitPoints',
      'odds',
      'simulate',
      'convertMonster',
      'parseStatBlock',
    ])
      expect(() => (game.gng.rules as unknown as Record<string, unknown>)[name]).toThrow(notLoaded(name));
    // What a promise, JSON or a printer reads of it is not an error (`loadRules()` resolves with it).
    expect((game.gng.rules as unknown as { then?: unknown }).then).toBeUndefined();
    expect(JSON.stringify(game.gng.rules)).toBe('{}');
    const rules = await game.gng.loadRules();
    expect(rules).toBe(game.gng.rules);
    expect(rulesModule.loaded).toBeDefined();
    expect(game.gng.rules.sizeModifier('large')).toBe(-1);
    // The engine's own functions, as the modules that need them import them: every name of both barrels.
    const engine = await import('../../src/rules/on-demand.js');
    const core = await import('../../src/rules/index.js');
    const all = game.gng.rules as unknown as Record<string, unknown>;
    expect(Object.keys(all).sort()).toEqual(Object.keys(engine).sort());
    for (const [name, value] of [...Object.entries(core), ...Object.entries(engine)])
      expect(all[name], name).toBe(value);
    expect(game.gng.rules.odds.attackOdds).toBe((await import('../../src/rules/odds/index.js')).attackOdds);
    // A name the engine does not have is simply absent once it is loaded.
    expect(all.noSuchRule).toBeUndefined();
    expect(await game.gng.loadRules()).toBe(rules);
  });
});

describe('the attack card’s odds', () => {
  it('are loaded by the first card with an open exchange, and drawn on it once loaded', async () => {
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } }, otherPlayer);
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    h.target(player, h.placeToken(orc));
    h.dice.queue(10);
    const message = (await game.gng.attack(
      fighter,
      fighter.items.find((i) => i.name === 'Bastard sword') as Item,
      {},
    )) as ChatMessage;
    await attackActionsSettled();
    expect(cardOddsModule.loaded).toBeUndefined();
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    // Drawn without them at once (the card and its target are there).
    expect(html.querySelector('section.target[data-target-id]')).not.toBeNull();
    expect(html.querySelector('.attack-odds')).toBeNull();
    await attackActionsSettled();
    expect(cardOddsModule.loaded).toBeDefined();
    expect(html.querySelector('.attack-odds .odds-heading')?.textContent).toBe('Odds before Defense');
    // Loaded: drawn at once.
    expect(
      h.renderMessage(game.messages.get(message.id as string) as ChatMessage).querySelector('.attack-odds'),
    ).not.toBeNull();
    h.as(gm);
  });
});
