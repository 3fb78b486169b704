/**
 * Cards loaded on first use (issue #29, src/cards/kernel/lazy-card.ts): at `init` a card registers
 * only its queries, its render hook and its templates; its module is imported once, by the first
 * query, render or start that needs it, and a card rendered before is decorated once it is there.
 * (The build's split: build.test.ts; each card's own behaviour: its integration tests.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { forged } from '../fixtures/cards.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';

const h = await getHarness();
const { registerLazyCard, LOADING_CLASS } = await import('../../src/cards/kernel/lazy-card.js');
const { onDemand } = await import('../../src/on-demand.js');
const { Refusal } = await import('../../src/cards/kernel/result.js');

const { gm, player } = h.users;
beforeEach(() => h.reset(29));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

/** A card of the test's own: its module counts its imports and decorations. */
function testCard(name: string) {
  const decorated: string[] = [];
  const module = {
    handle: vi.fn(async (data: Record<string, unknown>) => {
      if (data.refuse) throw new Refusal('GNG.Error.Card.BadRequest');
      return { ok: true as const, data: { echo: data.n } };
    }),
    decorate(message: ChatMessage, html: HTMLElement) {
      decorated.push(message.id as string);
      html.querySelector('[data-action="other"]')?.remove();
    },
  };
  const load = vi.fn(async () => module);
  const loader = onDemand(load);
  const query = `gng.test.${name}`;
  registerLazyCard({
    module: loader,
    queries: { [query]: (m, data) => m.handle(data) },
    renders: (message) => Boolean(message.flags?.gng?.[name]),
    decorate: (m, message, html) => m.decorate(message, html),
    templates: [],
  });
  return { load, loader, module, query, decorated };
}

describe('a card registered at init', () => {
  it('imports its module on the first query only, and answers every query from it', async () => {
    const card = testCard('queried');
    expect(card.load).not.toHaveBeenCalled();
    h.as(player);
    const [a, b] = await Promise.all([
      forged(player, { n: 1 }, card.query),
      forged(player, { n: 2 }, card.query),
    ]);
    expect(a).toEqual({ ok: true, data: { echo: 1 } });
    expect(b).toEqual({ ok: true, data: { echo: 2 } });
    expect(await forged(player, { n: 3 }, card.query)).toEqual({ ok: true, data: { echo: 3 } });
    // A refusal of the loaded module is the kernel's as before: shown to the sender.
    expect(await forged(player, { refuse: true }, card.query)).toMatchObject({ ok: false });
    expect(card.load).toHaveBeenCalledTimes(1);
    expect(card.module.handle).toHaveBeenCalledTimes(4);
  });

  it('decorates a card rendered before its module is loaded once it is, then at once', async () => {
    const card = testCard('rendered');
    h.as(gm);
    const message = (await ChatMessage.create({
      content: '<button data-action="mine">Mine</button><button data-action="other">Other</button>',
      flags: { gng: { rendered: { v: 1 } } },
    })) as ChatMessage;
    const first = h.renderMessage(message);
    // Not decorated yet: its buttons are hidden (styles/_chat.scss) until the module is there.
    expect(first.classList.contains(LOADING_CLASS)).toBe(true);
    expect(card.decorated).toEqual([]);
    await attackActionsSettled();
    expect(card.decorated).toEqual([message.id]);
    expect(first.classList.contains(LOADING_CLASS)).toBe(false);
    expect(
      [...first.querySelectorAll('.message-content [data-action]')].map((b) => b.getAttribute('data-action')),
    ).toEqual(['mine']);
    // Loaded: the next render is decorated at once, without another import.
    const second = h.renderMessage(message);
    expect(second.classList.contains(LOADING_CLASS)).toBe(false);
    expect(second.querySelector('[data-action="other"]')).toBeNull();
    expect(card.load).toHaveBeenCalledTimes(1);
    // Another message loads nothing.
    const plain = (await ChatMessage.create({ content: '<p>Hello</p>' })) as ChatMessage;
    h.renderMessage(plain);
    expect(card.decorated).toEqual([message.id, message.id]);
  });
});

describe('the system’s cards', () => {
  it('are not loaded at start; the first use loads a card once, a second use loads nothing', async () => {
    const registrations = {
      area: await import('../../src/cards/area/area-register.js'),
      burst: await import('../../src/cards/burst/burst-register.js'),
      dying: await import('../../src/cards/dying/dying-register.js'),
      grapple: await import('../../src/cards/grapple/grapple-register.js'),
      suppress: await import('../../src/cards/suppress/suppress-register.js'),
    };
    expect(registrations.area.areaModule.loaded).toBeUndefined();
    expect(registrations.burst.burstModule.loaded).toBeUndefined();
    expect(registrations.dying.dyingModule.loaded).toBeUndefined();
    expect(registrations.grapple.grappleModule.loaded).toBeUndefined();
    expect(registrations.suppress.suppressModule.loaded).toBeUndefined();
    // Temporary HP (the dying card's module): the GM grants twice.
    h.as(gm);
    const actor = await h.createActor({ name: 'Hero', type: 'character' });
    expect(await game.gng.grantTemporaryHp(actor, 3)).toMatchObject({ ok: true });
    const loaded = registrations.dying.dyingModule.loaded;
    expect(loaded).toBe(await import('../../src/cards/dying/dying-actions.js'));
    expect(await game.gng.grantTemporaryHp(actor, 5)).toMatchObject({ ok: true });
    expect(registrations.dying.dyingModule.loaded).toBe(loaded);
    // Nothing else came with it.
    expect(registrations.grapple.grappleModule.loaded).toBeUndefined();
    expect(registrations.area.areaModule.loaded).toBeUndefined();
  });
});
