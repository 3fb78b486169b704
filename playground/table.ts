/**
 * The playground's table: two sides of one to four combatants each (any actors of the packs, side A
 * owned by Player, side B by Other Player), their tokens on the battle map (map.ts), targets and
 * token HUDs, a turn order, the chat log, and the user the page acts as. Everything
 * shown comes from the system's own code: sheets, cards and HUD buttons are rendered by the harness
 * exactly as in the tests; this module only lays them out and re-renders them when the world changes.
 */
import type { Harness } from '../test/harness/runtime.js';
import { registerPacks, packActorOptions, packActors, type PackActor, type PlaygroundPack } from './packs.js';
import { combatantPicker } from './combatant-picker.js';
import { parseCompendiumUuid, type CompendiumEntry } from './compendium.js';
import type { Desk } from './desk.js';
import { HarnessToken, GRID_SIZE } from '../test/harness/tokens.js';
import { BattleMap, MAP_COLUMNS, MAP_ROWS, squaresForSize, type Footprint } from './map.js';
import { ChatLog } from './chat-log.js';
import { egPoolLine, loadEgPools } from './eg-pools.js';
import { addInitiativeButtons, tcHealthLine } from './time-count.js';
import { element, syncChildren, f, t, whenActingAs } from './dom.js';
import { SYSTEM_ID } from '../src/config/document-types.js';
import { attackActionsSettled } from '../src/cards/kernel/index.js';
import { models } from '../src/rules/index.js';
import {
  COMBAT_MODEL_SETTING,
  combatModelId,
  modelName,
  worldModelReady,
} from '../src/settings/combat-model.js';

export interface SideChoice {
  pack: string;
  id: string;
}

/** One combatant of a side: its pack actor, and once set up its world actor and token. */
interface Member {
  choice: SideChoice;
  actor: Actor | null;
  token: HarnessToken | null;
  /** Which copy of its pack actor this is on the table (1: the first); copies are numbered by name. */
  copy: number;
  /** Where its token stood (pixels), kept when the table is set up again after a change of sides. */
  place?: { x: number; y: number };
}

interface Side {
  key: 'a' | 'b';
  owner: User;
  members: Member[];
}

/** The `pack` of a side's choice that is an actor made in the world (imported), not a pack's. */
export const WORLD_PACK = 'world';

/** Combatants a side may have. */
export const MAX_PER_SIDE = 4;

/** The hooks after which the table is drawn again. */
const WORLD_HOOKS = [
  'createMeasuredTemplate',
  'deleteMeasuredTemplate',
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
  'createCombatant',
  'deleteCombatant',
  'updateToken',
];

/** The sample characters the table starts with: the 5th-level fighter attacks the 1st-level rogue. */
const DEFAULT_SIDES: [SideChoice, SideChoice] = [
  { pack: 'samples', id: 'gngSampleFightr5' },
  { pack: 'samples', id: 'gngSampleRogue01' },
];

export class Table {
  readonly sides: Side[];
  seed: number;
  #user: User;
  #drawPending = false;
  readonly #map: BattleMap;
  /** The chat log: renders only the messages that changed (chat-log.ts). */
  readonly #chat: ChatLog;
  /** The user the chat log was last rendered for in full (null after a reset emptied the world). */
  #chatUser: User | null = null;
  /** What was typed in each side's "Add a combatant" search (kept when the table draws again). */
  readonly #queries: Record<'a' | 'b', string> = { a: '', b: '' };
  /**
   * Actors made in the world outside the table (the stat-block importer's): their source, by id,
   * offered as pack `world` so that the table can set them up again after a reset.
   */
  readonly #worldActors = new Map<string, Record<string, unknown>>();
  /**
   * Each combatant's actor picker (in its label), the choices it was built for and, once it holds
   * them all, each choice's option index (`#actorPicker`).
   */
  readonly #pickers = new WeakMap<
    Member,
    {
      actors: readonly PackActor[];
      picker: HTMLSelectElement;
      label: HTMLLabelElement;
      index?: ReadonlyMap<string, number>;
    }
  >();
  /**
   * Each side's section and each combatant's panel, kept from one drawing to the next (their
   * contents are drawn anew around the kept picker: `syncChildren`).
   */
  readonly #sections = new WeakMap<Side, HTMLElement>();
  readonly #panels = new WeakMap<Member, HTMLElement>();
  /** `actorChoices()`, kept until the world's actors change. */
  #choices: { i18n: object; actors: readonly PackActor[] } | null = null;
  #settingUp = false;
  /** The combat model the table plays (the model switch's): set again in the world after each reset. */
  #model = combatModelId();

  constructor(
    readonly harness: Harness,
    readonly packs: PlaygroundPack[],
    readonly desk: Desk,
    readonly elements: { combatants: HTMLElement; tracker: HTMLElement; chat: HTMLElement },
    seed: number,
  ) {
    const [first, second] = defaultChoices(packs);
    this.seed = seed;
    this.#user = harness.users.player;
    this.#chat = new ChatLog(harness, elements.chat, () => this.#user);
    this.sides = [
      { key: 'a', owner: harness.users.player, members: [member(first)] },
      { key: 'b', owner: harness.users.otherPlayer, members: [member(second)] },
    ];
    this.#map = new BattleMap({
      tokens: () =>
        this.sides.flatMap((side) =>
          side.members.flatMap(({ token }) => (token ? [{ token, side: side.key }] : [])),
        ),
      target: (tokens) => this.harness.target(game.user, ...tokens),
      users: () => [harness.users.player, harness.users.otherPlayer, harness.users.gm],
      redraw: () => this.draw(),
      drop: (data, square) => void this.dropActor(data, square),
    });
    // The map takes the middle of the page, under the floating windows, as Foundry's canvas does.
    elements.combatants.closest('.pg-table')?.after(this.#map.element);
    for (const hook of WORLD_HOOKS) Hooks.on(hook, () => this.scheduleDraw());
    Hooks.on('createActor', (actor: Actor) => {
      if (this.#settingUp || this.#worldActors.has(actor.id as string)) return;
      this.#worldActors.set(actor.id as string, actor.toObject() as Record<string, unknown>);
      this.#choices = null;
      this.scheduleDraw();
      this.onWorldActors?.();
    });
  }

  /** Called when an actor was made in the world outside the table (the compendium browser lists it). */
  onWorldActors: (() => void) | null = null;

  /** The actors a side may add: those of the packs, and those made in the world (imported). */
  actorChoices(): readonly PackActor[] {
    // The same array until the world's actors change (or the language): each combatant's picker is
    // built once for it (#actorPicker).
    if (this.#choices?.i18n === game.i18n) return this.#choices.actors;
    const world = [...this.#worldActors].map(([id, source]) => ({
      pack: WORLD_PACK,
      id,
      name: String(source.name),
      group: t('GNG.Playground.WorldActors'),
    }));
    const packed = packActors(this.packs);
    const actors = world.length ? [...world, ...packed] : packed;
    this.#choices = { i18n: game.i18n, actors };
    return actors;
  }

  /** The world actors made outside the table, as compendium browser entries (pack `world`). */
  worldEntries(): CompendiumEntry[] {
    return [...this.#worldActors].map(([id, source]) => ({
      pack: WORLD_PACK,
      packLabel: t('GNG.Playground.WorldActors'),
      documentName: 'Actor' as const,
      id,
      name: String(source.name),
      type: String(source.type),
      typeLabel: t(`TYPES.Actor.${String(source.type)}`),
      uuid: `Actor.${id}`,
      img: typeof source.img === 'string' ? source.img : '',
    }));
  }

  /** The side's choice an actor's drag data names (a pack actor, or a world actor made outside the table). */
  choiceFor(uuid: unknown): SideChoice | null {
    const parsed = parseCompendiumUuid(uuid);
    if (parsed?.documentName === 'Actor') return { pack: parsed.pack, id: parsed.id };
    const world = typeof uuid === 'string' ? /^Actor\.([^.]+)$/.exec(uuid) : null;
    return world && this.#worldActors.has(world[1] as string)
      ? { pack: WORLD_PACK, id: world[1] as string }
      : null;
  }

  /** The source of a side's choice: a pack actor's, or a world actor's. */
  #sourceOf(choice: SideChoice): Record<string, unknown> | undefined {
    if (choice.pack === WORLD_PACK) return this.#worldActors.get(choice.id);
    return this.packs
      .find((pack) => pack.name === choice.pack)
      ?.documents.find((doc) => doc._id === choice.id);
  }

  get user(): User {
    return this.#user;
  }

  /** The id of the combat model the table plays. */
  get model(): string {
    return this.#model;
  }

  /**
   * Plays the table under another combat model, as a GM would switch it (the model cannot change
   * while a combat exists): as the GM, ends the combat, sets the world setting and waits for the
   * model's code, starts the combat again with the same combatants (HP, tokens and chat log stay),
   * then draws the table and open windows again for the acting user.
   */
  async setModel(id: string): Promise<void> {
    if (id === combatModelId()) return;
    this.harness.as(this.harness.users.gm);
    try {
      for (const combat of [...game.combats]) await combat.delete();
      await this.#setWorldModel(id);
      await this.#fullHitPoints();
      this.#startCombat();
    } finally {
      this.harness.as(this.#user);
    }
    await this.desk.renderAll();
    this.draw();
    ui.notifications.info(f('GNG.Playground.Model.Switched', { model: modelName(this.#model) }));
  }

  /**
   * Every combatant at its maximum HP under the world's model, as a GM starts a fight under new rules:
   * the packs hold GnG's HP, which may be above another model's maximum (the Saga-style 1st-level
   * rogue: 13 of GnG's, 9 at most under it) or below it.
   */
  async #fullHitPoints(): Promise<void> {
    for (const side of this.sides)
      for (const { actor } of side.members) {
        const max = (actor?.system as { hp?: { max?: unknown } } | undefined)?.hp?.max;
        if (actor && typeof max === 'number') await actor.update({ 'system.hp.value': max });
      }
  }

  /**
   * Sets the world's model (as the GM, with no combat) and waits until its code is loaded and the
   * setting's own work is done (it keeps each creature's HP lost under the new maximum): the table's
   * full HP are written after it, not overwritten by it.
   */
  async #setWorldModel(id: string): Promise<void> {
    await game.settings.set(SYSTEM_ID, COMBAT_MODEL_SETTING, id);
    await worldModelReady();
    await attackActionsSettled();
    this.#model = combatModelId();
    await loadEgPools(this.#model);
  }

  /** The battle map (map.ts). */
  get map(): BattleMap {
    return this.#map;
  }

  /**
   * A fresh world: each side's actors owned by its player, their tokens on the map, a combat of all
   * of them (side A first), targets (each player targets the other side's first combatant). With
   * `keepPlaces`, tokens that stood on the map stand there again (after a change of sides).
   */
  async setup(keepPlaces = false): Promise<void> {
    for (const side of this.sides)
      for (const member of side.members) {
        if (keepPlaces && member.token)
          member.place = { x: member.token.document.x, y: member.token.document.y };
        if (!keepPlaces) delete member.place;
      }
    this.#settingUp = true;
    try {
      await this.#build();
    } finally {
      this.#settingUp = false;
    }
  }

  /**
   * The table as a fresh page with `seed` sets it up (tests reuse one page: test/browser/playground-page.ts):
   * the default sides, the acting Player, GnG's model, no world actors, empty searches, the map's and
   * chat log's first state. Unlike "Start again" (`setup`), it does not keep the chosen model.
   */
  async reset(seed: number): Promise<void> {
    const [first, second] = defaultChoices(this.packs);
    const [a, b] = this.sides as [Side, Side];
    a.members = [member(first)];
    b.members = [member(second)];
    this.seed = seed;
    this.#user = this.harness.users.player;
    this.#model = models.DEFAULT_COMBAT_MODEL;
    this.#worldActors.clear();
    this.#choices = null;
    this.#queries.a = '';
    this.#queries.b = '';
    this.#map.reset();
    this.#chat.reset();
    await this.setup();
  }

  async #build(): Promise<void> {
    const { harness } = this;
    harness.reset(this.seed);
    this.#chatUser = null;
    // The reset gave the world its default settings: the table's model is set again (as the GM, before
    // any combat), so that the actors are prepared under it.
    if (this.#model !== combatModelId()) await this.#setWorldModel(this.#model);
    registerPacks(harness, this.packs);
    const taken: Footprint[] = [];
    for (const side of this.sides) {
      for (const member of side.members) {
        const source = this.#sourceOf(member.choice);
        if (!source) throw new Error(`No actor ${member.choice.id} in pack ${member.choice.pack}`);
        const data = structuredClone(source);
        for (const key of ['_id', '_key', '_stats', 'folder', 'ownership', 'sort']) delete data[key];
        // A second copy of an actor gets a number: the tokens and the turn order must tell them apart.
        if (member.copy > 1)
          data.name = f('GNG.Playground.Map.Copy', { name: data.name, number: member.copy });
        member.actor = await harness.createActor(data, side.owner);
        member.token = harnessToken(harness.placeToken(member.actor));
        // The GM (the harness acts as the GM after reset) sizes the token by the creature's size, as
        // dnd5e sizes its prototype tokens, and sets it on the map.
        const squares = squaresForSize((member.actor.system as unknown as { size?: unknown }).size);
        const spot = member.place
          ? {
              column: member.place.x / GRID_SIZE,
              row: member.place.y / GRID_SIZE,
              width: squares,
              height: squares,
            }
          : freeSpot(side.key, squares, taken);
        taken.push(spot);
        // Side A is the party (FRIENDLY), side B its foes (HOSTILE): what tells friend from foe.
        await member.token.document.update({
          x: spot.column * GRID_SIZE,
          y: spot.row * GRID_SIZE,
          width: squares,
          height: squares,
          disposition: side === this.sides[0] ? 1 : -1,
        });
      }
    }
    // Each player's assigned character (Foundry's User Configuration) is its side's first actor, so
    // what looks for "your character" (the dying card's Stabilize: healerFor) finds one. The harness
    // keeps no such field: it is set on the user here, the playground's stand-in.
    for (const side of this.sides)
      (side.owner as { character?: Actor | null }).character = side.members[0]?.actor ?? null;
    // Under another model than GnG's, the packs' HP (GnG's) give way to that model's maximum.
    if (this.#model !== models.DEFAULT_COMBAT_MODEL) await this.#fullHitPoints();
    const [a, b] = this.sides as [Side, Side];
    this.#startCombat();
    const firstToken = (side: Side) => side.members[0]?.token as Token;
    harness.target(harness.users.player, firstToken(b));
    harness.target(harness.users.otherPlayer, firstToken(a));
    harness.target(harness.users.gm, firstToken(b));
    harness.as(this.#user);
    this.draw();
  }

  /** A combat of every combatant of the table, side A first. */
  #startCombat(): void {
    this.harness.startCombat(this.sides.flatMap((side) => side.members.map((m) => m.actor as Actor)));
  }

  /**
   * Adds an actor of the packs (or of the world) to a side (at most {@link MAX_PER_SIDE}), its token
   * at `place` (pixels) if given, and sets the table up again. Resolves false (with a warning) when
   * the side is full.
   */
  async addCombatant(key: 'a' | 'b', choice: SideChoice, place?: { x: number; y: number }): Promise<boolean> {
    const side = this.sides.find((s) => s.key === key);
    if (!side || !this.#sourceOf(choice)) return false;
    if (side.members.length >= MAX_PER_SIDE) {
      ui.notifications.warn(t('GNG.Playground.Map.Full'));
      return false;
    }
    const added = member(choice, this.#nextCopy(choice));
    if (place) added.place = place;
    side.members.push(added);
    this.#queries[key] = '';
    await this.#restart();
    return true;
  }

  /**
   * An actor dropped on the map (from the compendium browser): it joins side A if dropped on the
   * map's left half, side B on its right half, its token on the square it was dropped on.
   */
  async dropActor(data: Record<string, unknown>, square: { column: number; row: number }): Promise<boolean> {
    if (data.type !== 'Actor') return false;
    const choice = this.choiceFor(data.uuid);
    if (!choice) return false;
    const key = square.column < MAP_COLUMNS / 2 ? 'a' : 'b';
    const squares = squaresForSize((this.#sourceOf(choice)?.system as { size?: unknown } | undefined)?.size);
    const column = Math.min(square.column, MAP_COLUMNS - squares);
    const row = Math.min(square.row, MAP_ROWS - squares);
    return this.addCombatant(key, choice, { x: column * GRID_SIZE, y: row * GRID_SIZE });
  }

  /** Sets the table up again for new sides, and says so when that ends a fight in progress. */
  async #restart(): Promise<void> {
    const fighting = game.messages.size > 0;
    await this.setup(true);
    if (fighting) ui.notifications.info(t('GNG.Playground.TableRestarted'));
  }

  /** The copy number for one more combatant of the pack actor `choice`: one more than the highest. */
  #nextCopy(choice: SideChoice): number {
    const copies = this.sides
      .flatMap((side) => side.members)
      .filter((m) => m.choice.pack === choice.pack && m.choice.id === choice.id)
      .map((m) => m.copy);
    return Math.max(0, ...copies) + 1;
  }

  /** Removes a side's combatant (a side keeps at least one) and sets the table up again. */
  async removeCombatant(key: 'a' | 'b', index: number): Promise<void> {
    const side = this.sides.find((s) => s.key === key);
    if (!side || side.members.length <= 1 || !side.members[index]) return;
    side.members.splice(index, 1);
    await this.#restart();
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
    whenActingAs(
      () => this.#user,
      () => {
        this.#drawPending = false;
        this.draw();
        // Every client re-renders its open sheets on a change; on this one page the last to do so
        // (often the GM's client, inside a query) would win. Show the acting user's view again.
        void this.desk.renderAll();
      },
    );
  }

  draw(): void {
    // The search field being typed in is drawn again: it keeps the focus.
    const typing = (document.activeElement as HTMLInputElement | null)?.name;
    syncChildren(
      this.elements.combatants,
      this.sides.map((side) => this.#side(side)),
    );
    if (typing?.startsWith('add-'))
      this.elements.combatants.querySelector<HTMLInputElement>(`input[name="${typing}"]`)?.focus();
    this.#map.draw();
    const tracker = this.harness.renderCombatTracker();
    addInitiativeButtons(tracker, game.combat);
    this.elements.tracker.replaceChildren(
      element('h2', {
        textContent: f('GNG.Playground.TurnOrder', { round: game.combat?.round ?? 0 }),
      }),
      tracker,
    );
    this.#drawChat();
  }

  /** Renders the whole chat log only for a new acting user or after a reset; hooks do the rest. */
  #drawChat(): void {
    if (this.#chatUser === this.#user) return;
    this.#chatUser = this.#user;
    this.#chat.renderAll();
  }

  /** A side: its title, its combatants' panels, and a picker to add one more. */
  #side(side: Side): HTMLElement {
    const headingId = `pg-side-${side.key}`;
    let section = this.#sections.get(side);
    if (!section) {
      section = element('section', { className: 'pg-side' });
      section.dataset.side = side.key;
      section.setAttribute('aria-labelledby', headingId);
      this.#sections.set(side, section);
    }
    const letter = t(`GNG.Playground.Map.Side${side.key.toUpperCase()}`);
    const heading = element('h2', {
      id: headingId,
      className: 'pg-side-title',
      textContent: f('GNG.Playground.Map.SideTitle', { side: letter, name: side.owner.name }),
    });
    const panels = side.members.map((m, index) => this.#panel(side, m, index));
    const full = side.members.length >= MAX_PER_SIDE;
    const adder = combatantPicker({
      key: side.key,
      side: letter,
      actors: this.actorChoices(),
      disabled: full,
      query: this.#queries[side.key],
      onQuery: (query) => (this.#queries[side.key] = query),
      add: (actor) => void this.addCombatant(side.key, { pack: actor.pack, id: actor.id }),
    });
    if (full)
      adder.append(element('p', { className: 'pg-side-full', textContent: t('GNG.Playground.Map.Full') }));
    syncChildren(section, [heading, ...panels, adder]);
    return section;
  }

  /**
   * A combatant's actor picker in its label, kept in its panel from one drawing to the next (the
   * table draws its panels again after every change of the world), showing the current choice.
   * Until it is first used it holds that one option; all of them, some 700 (every pack actor), come
   * on its first focus, pointer press or key press, before its list opens. Two full pickers were
   * 1,400 of the page's 2,300 elements, which every style pass, every search of the page and every
   * axe-core run walked (docs/performance.md).
   */
  #actorPicker(member: Member, name: string): HTMLLabelElement {
    const actors = this.actorChoices();
    let kept = this.#pickers.get(member);
    if (kept?.actors !== actors) {
      const picker = element('select', { name });
      const label = element(
        'label',
        {},
        element('span', { textContent: t('GNG.Playground.Combatant') }),
        picker,
      );
      const made: NonNullable<typeof kept> = { actors, picker, label };
      const fill = () => {
        if (made.index) return;
        picker.replaceChildren(...packActorOptions(document, actors, member.choice));
        made.index = new Map([...picker.options].map((option, i) => [option.value, i]));
      };
      for (const type of ['focus', 'pointerdown', 'mousedown', 'keydown'] as const)
        picker.addEventListener(type, fill);
      picker.addEventListener('change', () => {
        const [pack, id] = picker.value.split('/') as [string, string];
        member.choice = { pack, id };
        member.copy = 0;
        member.copy = this.#nextCopy(member.choice);
        void this.setup(true);
      });
      kept = made;
      this.#pickers.set(member, kept);
    }
    const { picker, label, index } = kept;
    if (picker.name !== name) picker.name = name;
    const { pack, id } = member.choice;
    if (index) {
      // The choice, else the first option (as a picker with no option marked selected shows).
      const chosen = index.get(`${pack}/${id}`) ?? 0;
      if (picker.selectedIndex !== chosen) picker.selectedIndex = chosen;
    } else if (picker.options.length !== 1 || picker.value !== `${pack}/${id}`) {
      // Not used yet: its one option is the choice, else the first actor (what the full list shows).
      const shown = actors.find((actor) => actor.pack === pack && actor.id === id) ?? actors[0];
      if (shown && (picker.options.length !== 1 || picker.value !== `${shown.pack}/${shown.id}`))
        picker.replaceChildren(...packActorOptions(document, [shown], shown));
    }
    return label;
  }

  #panel(side: Side, member: Member, index: number): HTMLElement {
    const actor = member.actor as Actor;
    const token = member.token as Token;
    const headingId = `pg-combatant-${side.key}-${index}`;
    let panel = this.#panels.get(member);
    if (!panel) {
      panel = element('section', { className: 'pg-combatant' });
      panel.dataset.side = side.key;
      this.#panels.set(member, panel);
    }
    panel.setAttribute('aria-labelledby', headingId);

    const picker = this.#actorPicker(member, `actor-${side.key}-${index}`);

    const hp = (actor.system as unknown as { hp: { value: number; max?: number; temp?: number } }).hp;
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

    const buttons = element('div', { className: 'pg-buttons' }, open, target);
    const children: Node[] = [
      element('h2', { id: headingId, textContent: actor.name }),
      element('p', {
        className: 'pg-owner',
        textContent: f('GNG.Playground.PlayedBy', { name: side.owner.name }),
      }),
      picker,
      element(
        'p',
        { className: 'pg-hp' },
        hp.temp
          ? f('GNG.Playground.HitPointsTemp', { value: hp.value, max: hp.max ?? '?', temp: hp.temp })
          : f('GNG.Playground.HitPoints', { value: hp.value, max: hp.max ?? '?' }),
      ),
      ...[egPoolLine(actor), tcHealthLine(actor)].filter((line) => line !== null),
      element(
        'ul',
        { className: 'pg-statuses' },
        ...(statuses.length ? statuses : [element('li', { textContent: t('GNG.Playground.NoConditions') })]),
      ),
      buttons,
    ];
    if (side.members.length > 1) {
      const remove = element('button', {
        type: 'button',
        className: 'pg-remove-combatant',
        textContent: t('GNG.Playground.Map.Remove'),
      });
      remove.setAttribute('aria-label', f('GNG.Playground.Map.RemoveNamed', { name: actor.name }));
      remove.addEventListener('click', () => void this.removeCombatant(side.key, index));
      buttons.append(remove);
    }
    // Foundry shows a token's HUD to its owners (and the GM) only.
    if (actor.isOwner) {
      const hud = this.harness.renderTokenHUD(token);
      hud.removeAttribute('id');
      hud.classList.add('pg-token-hud');
      hud.setAttribute('aria-label', t('GNG.Playground.TokenHud'));
      hud.setAttribute('role', 'group');
      children.push(hud);
    }
    syncChildren(panel, children);
    return panel;
  }
}

/** The sides' first combatants: the sample characters, or the packs' first actors without them. */
function defaultChoices(packs: PlaygroundPack[]): [SideChoice, SideChoice] {
  const actors = packActors(packs);
  const has = (choice: SideChoice) => actors.some((a) => a.pack === choice.pack && a.id === choice.id);
  const first = has(DEFAULT_SIDES[0]) ? DEFAULT_SIDES[0] : actors[0];
  if (!first) throw new Error('The packs hold no actor');
  const second = has(DEFAULT_SIDES[1]) ? DEFAULT_SIDES[1] : (actors[1] ?? first);
  return [first, second];
}

function member(choice: SideChoice, copy = 1): Member {
  return { choice: { pack: choice.pack, id: choice.id }, actor: null, token: null, copy };
}

/** The harness's token (with a position and `update`), as `placeToken` creates it. */
function harnessToken(token: Token): HarnessToken {
  if (!(token instanceof HarnessToken)) throw new Error('The harness placed no harness token');
  return token;
}

/** Rows tried for a new token, from the middle of the map outwards. */
const ROW_ORDER = [3, 4, 2, 5, 1, 6, 0, 7];

/**
 * The first free spot for a token of `squares` × `squares` on its side: side A just left of the
 * middle line, side B just right of it (so the first two stand adjacent), further out when full.
 */
function freeSpot(side: 'a' | 'b', squares: number, taken: Footprint[]): Footprint {
  const middle = MAP_COLUMNS / 2;
  for (let out = 0; out < middle; out++) {
    const column = side === 'a' ? middle - squares - out : middle + out;
    if (column < 0 || column + squares > MAP_COLUMNS) continue;
    for (const row of ROW_ORDER) {
      if (row + squares > MAP_ROWS) continue;
      const spot = { column, row, width: squares, height: squares };
      if (!taken.some((other) => overlaps(spot, other))) return spot;
    }
  }
  return { column: side === 'a' ? 0 : MAP_COLUMNS - squares, row: 0, width: squares, height: squares };
}

function overlaps(a: Footprint, b: Footprint): boolean {
  return (
    a.column < b.column + b.width &&
    b.column < a.column + a.width &&
    a.row < b.row + b.height &&
    b.row < a.row + a.height
  );
}
