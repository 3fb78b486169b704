/**
 * The playground's table: two combatants (any actor of the packs, owned by the two players), their
 * tokens, targets and token HUDs, a turn order, the chat log, and the user the page acts as. Everything
 * shown comes from the system's own code: sheets, cards and HUD buttons are rendered by the harness
 * exactly as in the tests; this module only lays them out and re-renders them when the world changes.
 */
import type { Harness } from '../test/harness/runtime.js';
import { registerPacks, packActors, type PlaygroundPack } from './packs.js';
import type { Desk } from './desk.js';

export interface SideChoice {
  pack: string;
  id: string;
}

interface Side {
  key: 'a' | 'b';
  owner: User;
  choice: SideChoice;
  actor: Actor | null;
  token: Token | null;
}

/** The hooks after which the table is drawn again. */
const WORLD_HOOKS = [
  'createChatMessage',
  'updateChatMessage',
  'deleteChatMessage',
  'updateActor',
  'createActiveEffect',
  'updateActiveEffect',
  'deleteActiveEffect',
  'createItem',
  'updateItem',
  'deleteItem',
  'updateCombat',
  'updateCombatant',
];

/** The sample characters the table starts with: the 5th-level fighter attacks the 1st-level rogue. */
const DEFAULT_SIDES: [SideChoice, SideChoice] = [
  { pack: 'samples', id: 'gngSampleFightr5' },
  { pack: 'samples', id: 'gngSampleRogue01' },
];

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export class Table {
  readonly sides: Side[];
  seed: number;
  #user: User;
  #drawPending = false;

  constructor(
    readonly harness: Harness,
    readonly packs: PlaygroundPack[],
    readonly desk: Desk,
    readonly elements: { combatants: HTMLElement; tracker: HTMLElement; chat: HTMLElement },
    seed: number,
  ) {
    const actors = packActors(packs);
    const has = (choice: SideChoice) => actors.some((a) => a.pack === choice.pack && a.id === choice.id);
    const first = has(DEFAULT_SIDES[0]) ? DEFAULT_SIDES[0] : actors[0];
    if (!first) throw new Error('The packs hold no actor');
    const second = has(DEFAULT_SIDES[1]) ? DEFAULT_SIDES[1] : (actors[1] ?? first);
    this.seed = seed;
    this.#user = harness.users.player;
    this.sides = [
      {
        key: 'a',
        owner: harness.users.player,
        choice: { pack: first.pack, id: first.id },
        actor: null,
        token: null,
      },
      {
        key: 'b',
        owner: harness.users.otherPlayer,
        choice: { pack: second.pack, id: second.id },
        actor: null,
        token: null,
      },
    ];
    for (const hook of WORLD_HOOKS) Hooks.on(hook, () => this.scheduleDraw());
  }

  get user(): User {
    return this.#user;
  }

  /** A fresh world: the two chosen actors owned by the two players, tokens, a combat, targets. */
  async setup(): Promise<void> {
    const { harness } = this;
    harness.reset(this.seed);
    registerPacks(harness, this.packs);
    for (const side of this.sides) {
      const source = this.packs
        .find((pack) => pack.name === side.choice.pack)
        ?.documents.find((doc) => doc._id === side.choice.id);
      if (!source) throw new Error(`No actor ${side.choice.id} in pack ${side.choice.pack}`);
      const data = structuredClone(source);
      for (const key of ['_id', '_key', '_stats', 'folder', 'ownership', 'sort']) delete data[key];
      side.actor = await harness.createActor(data, side.owner);
      side.token = harness.placeToken(side.actor);
    }
    const [a, b] = this.sides as [Side, Side];
    harness.startCombat([a.actor as Actor, b.actor as Actor]);
    harness.target(harness.users.player, b.token as Token);
    harness.target(harness.users.otherPlayer, a.token as Token);
    harness.target(harness.users.gm, b.token as Token);
    harness.as(this.#user);
    this.draw();
  }

  /** Acts as `user` from now on; open sheets render again with that user's permissions. */
  async actAs(user: User): Promise<void> {
    this.#user = user;
    this.harness.as(user);
    await this.desk.renderAll();
    this.draw();
  }

  /** Draws again once the current action is over (a GM query runs as the GM meanwhile). */
  scheduleDraw(): void {
    if (this.#drawPending) return;
    this.#drawPending = true;
    const attempt = () => {
      if (game.user !== this.#user) {
        setTimeout(attempt, 10);
        return;
      }
      this.#drawPending = false;
      this.draw();
    };
    setTimeout(attempt, 0);
  }

  draw(): void {
    this.elements.combatants.replaceChildren(...this.sides.map((side) => this.#panel(side)));
    this.elements.tracker.replaceChildren(
      element('h2', {
        textContent: f('GNG.Playground.TurnOrder', { round: game.combat?.round ?? 0 }),
      }),
      this.harness.renderCombatTracker(),
    );
    this.#drawChat();
  }

  #drawChat(): void {
    const log = this.elements.chat;
    const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
    log.replaceChildren(...game.messages.contents.map((message) => this.harness.renderMessage(message)));
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  #panel(side: Side): HTMLElement {
    const actor = side.actor as Actor;
    const token = side.token as Token;
    const headingId = `pg-side-${side.key}`;
    const panel = element('section', { className: 'pg-combatant' });
    panel.dataset.side = side.key;
    panel.setAttribute('aria-labelledby', headingId);

    const picker = element('select', { name: `actor-${side.key}` });
    for (const choice of packActors(this.packs)) {
      const option = element('option', { value: `${choice.pack}/${choice.id}`, textContent: choice.name });
      option.selected = choice.pack === side.choice.pack && choice.id === side.choice.id;
      picker.append(option);
    }
    picker.addEventListener('change', () => {
      const [pack, id] = picker.value.split('/') as [string, string];
      side.choice = { pack, id };
      void this.setup();
    });

    const hp = (actor.system as unknown as { hp: { value: number; max?: number } }).hp;
    const statuses = [...actor.statuses].map((id) => {
      const status = CONFIG.statusEffects.find((s) => s.id === id);
      return element('li', { textContent: status ? t(status.name) : id });
    });
    const targeted = game.user.targets.has(token);
    const target = element('button', {
      type: 'button',
      className: 'pg-target',
      textContent: targeted ? t('GNG.Playground.Untarget') : t('GNG.Playground.Target'),
    });
    target.setAttribute('aria-pressed', String(targeted));
    target.addEventListener('click', () => {
      const others = [...game.user.targets].filter((other) => other !== token);
      this.harness.target(game.user, ...(targeted ? others : [...others, token]));
      this.draw();
    });
    const open = element('button', {
      type: 'button',
      className: 'pg-open-sheet',
      textContent: t('GNG.Playground.OpenSheet'),
    });
    open.addEventListener('click', () => void this.harness.openSheet(actor));

    panel.append(
      element('h2', { id: headingId, textContent: actor.name }),
      element('p', {
        className: 'pg-owner',
        textContent: f('GNG.Playground.PlayedBy', { name: side.owner.name }),
      }),
      element('label', {}, element('span', { textContent: t('GNG.Playground.Combatant') }), picker),
      element(
        'p',
        { className: 'pg-hp' },
        f('GNG.Playground.HitPoints', { value: hp.value, max: hp.max ?? '?' }),
      ),
      element(
        'ul',
        { className: 'pg-statuses' },
        ...(statuses.length ? statuses : [element('li', { textContent: t('GNG.Playground.NoConditions') })]),
      ),
      element('div', { className: 'pg-buttons' }, open, target),
    );
    // Foundry shows a token's HUD to its owners (and the GM) only.
    if (actor.isOwner) {
      const hud = this.harness.renderTokenHUD(token);
      hud.removeAttribute('id');
      hud.classList.add('pg-token-hud');
      hud.setAttribute('aria-label', t('GNG.Playground.TokenHud'));
      hud.setAttribute('role', 'group');
      panel.append(hud);
    }
    return panel;
  }
}
