/**
 * The playground's compendium browser (issue #33), in the place of the chat column while it is shown,
 * as Foundry's sidebar shows its Compendium tab: every document of our packs (pack actors and items),
 * searched by name and filtered by pack and by type. An entry is dragged as Foundry drags a
 * compendium entry, with the drag data `{ type, uuid }` (v13's shape: the same the actor sheet's
 * item rows carry, actor-sheet.ts `#onDragStart`), onto an actor sheet (the sheet's own `_onDrop`
 * creates the item) or onto the map (an actor places a token: table.ts). Pressing an entry does the
 * same from the keyboard: an item goes to the actor whose sheet is in front, an actor joins the foes.
 */
import './compendium.scss';
import type { PlaygroundPack } from './packs.js';
import { element, f, t } from './dom.js';

/** How many matches the list shows at once (the rest are counted, to be narrowed by the search). */
const SHOWN = 60;

export interface CompendiumEntry {
  pack: string;
  packLabel: string;
  documentName: 'Actor' | 'Item';
  id: string;
  name: string;
  type: string;
  typeLabel: string;
  uuid: string;
  img: string;
}

/** What the browser needs from the page. */
export interface CompendiumHost {
  /** Pressing an item entry: gives it to the actor whose sheet is in front. */
  giveItem(entry: CompendiumEntry): void;
  /** Pressing an actor entry: adds it to the foes' side. */
  addActor(entry: CompendiumEntry): void;
  /** Actors made in the world outside the packs (imported), listed first under their own "pack". */
  worldEntries(): CompendiumEntry[];
}

/** The packs' documents as browser entries, sorted by name. */
export function compendiumEntries(packs: PlaygroundPack[]): CompendiumEntry[] {
  return packs
    .flatMap((pack) =>
      pack.documents.map((doc) => {
        const type = String(doc.type ?? '');
        return {
          pack: pack.name,
          packLabel: t(pack.label),
          documentName: pack.type,
          id: String(doc._id),
          name: String(doc.name),
          type,
          typeLabel: t(`TYPES.${pack.type}.${type}`),
          uuid: `Compendium.${game.system.id}.${pack.name}.${pack.type}.${String(doc._id)}`,
          img: typeof doc.img === 'string' ? doc.img : '',
        };
      }),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The uuid's pack and id, if it names a document of our packs (`Compendium.gng.<pack>.<Type>.<id>`). */
export function parseCompendiumUuid(
  uuid: unknown,
): { pack: string; documentName: string; id: string } | null {
  if (typeof uuid !== 'string') return null;
  const parts = uuid.split('.');
  if (parts.length !== 5 || parts[0] !== 'Compendium' || parts[1] !== game.system.id) return null;
  return { pack: parts[2] as string, documentName: parts[3] as string, id: parts[4] as string };
}

export class CompendiumBrowser {
  readonly element: HTMLElement;
  readonly #entries: CompendiumEntry[];
  readonly #search: HTMLInputElement;
  readonly #pack: HTMLSelectElement;
  readonly #type: HTMLSelectElement;
  readonly #list: HTMLElement;
  readonly #count: HTMLElement;

  constructor(
    packs: PlaygroundPack[],
    readonly host: CompendiumHost,
  ) {
    this.#entries = compendiumEntries(packs);
    this.#search = element('input', { type: 'search', name: 'compendium-search', autocomplete: 'off' });
    this.#pack = element('select', { name: 'compendium-pack' });
    this.#pack.append(
      element('option', { value: '', textContent: t('GNG.Playground.Compendium.AllPacks') }),
      element('option', { value: 'world', textContent: t('GNG.Playground.WorldActors') }),
      ...packs.map((pack) => element('option', { value: pack.name, textContent: t(pack.label) })),
    );
    this.#type = element('select', { name: 'compendium-type' });
    const types = [...new Map(this.#entries.map((e) => [`${e.documentName}.${e.type}`, e])).values()];
    this.#type.append(
      element('option', { value: '', textContent: t('GNG.Playground.Compendium.AllTypes') }),
      ...types
        .sort((a, b) => a.typeLabel.localeCompare(b.typeLabel))
        .map((e) => element('option', { value: `${e.documentName}.${e.type}`, textContent: e.typeLabel })),
    );
    this.#count = element('p', { className: 'pg-compendium-count', id: 'pg-compendium-count' });
    this.#count.setAttribute('role', 'status');
    this.#list = element('ul', { className: 'pg-compendium-list' });
    this.#list.setAttribute('aria-label', t('GNG.Playground.Compendium.Results'));
    this.#list.setAttribute('aria-describedby', 'pg-compendium-help');
    const heading = element('h2', {
      id: 'pg-compendium-title',
      textContent: t('GNG.Playground.Compendium.Title'),
    });
    const help = element('p', {
      id: 'pg-compendium-help',
      className: 'pg-compendium-help',
      textContent: t('GNG.Playground.Compendium.Help'),
    });
    const field = (label: string, control: HTMLElement) =>
      element('label', {}, element('span', { textContent: t(label) }), control);
    this.element = element(
      'aside',
      { className: 'pg-compendium', id: 'pg-compendium', hidden: true },
      heading,
      help,
      element(
        'div',
        { className: 'pg-compendium-filters' },
        field('GNG.Playground.Compendium.Search', this.#search),
        field('GNG.Playground.Compendium.Pack', this.#pack),
        field('GNG.Playground.Compendium.Type', this.#type),
      ),
      this.#count,
      this.#list,
    );
    this.element.setAttribute('aria-labelledby', heading.id);
    this.#search.addEventListener('input', () => this.draw());
    this.#pack.addEventListener('change', () => this.draw());
    this.#type.addEventListener('change', () => this.draw());
    this.#search.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      this.#list.querySelector<HTMLElement>('button')?.focus();
    });
    this.#list.addEventListener('keydown', (event) => this.#onListKey(event));
    this.#list.addEventListener('dragstart', (event) => this.#onDragStart(event));
    this.draw();
  }

  /** As on a fresh page: hidden, no search, no filter, the list at its top. */
  reset(): void {
    this.element.hidden = true;
    this.#search.value = '';
    this.#pack.value = '';
    this.#type.value = '';
    this.#list.scrollTop = 0;
    this.draw();
  }

  /** The entries the search and the filters let through. */
  matches(): CompendiumEntry[] {
    const words = this.#search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const pack = this.#pack.value;
    const type = this.#type.value;
    return [...this.host.worldEntries(), ...this.#entries].filter(
      (e) =>
        (!pack || e.pack === pack) &&
        (!type || `${e.documentName}.${e.type}` === type) &&
        words.every((word) => e.name.toLowerCase().includes(word)),
    );
  }

  draw(): void {
    const matches = this.matches();
    this.#count.textContent =
      matches.length > SHOWN
        ? f('GNG.Playground.Compendium.CountMore', { count: matches.length, shown: SHOWN })
        : f('GNG.Playground.Compendium.Count', { count: matches.length });
    this.#list.replaceChildren(...matches.slice(0, SHOWN).map((entry) => this.#row(entry)));
  }

  #row(entry: CompendiumEntry): HTMLElement {
    const button = element(
      'button',
      { type: 'button', className: 'pg-compendium-entry', draggable: true },
      element('span', { className: 'pg-compendium-name', textContent: entry.name }),
      element('span', {
        className: 'pg-compendium-meta',
        textContent: f('GNG.Playground.Compendium.Meta', { type: entry.typeLabel, pack: entry.packLabel }),
      }),
    );
    button.dataset.uuid = entry.uuid;
    button.title = t(
      entry.documentName === 'Actor'
        ? 'GNG.Playground.Compendium.ActorHint'
        : 'GNG.Playground.Compendium.ItemHint',
    );
    button.addEventListener('click', () =>
      entry.documentName === 'Actor' ? this.host.addActor(entry) : this.host.giveItem(entry),
    );
    return element('li', {}, button);
  }

  /** Up and down move between the entries; Up from the first goes back to the search field. */
  #onListKey(event: KeyboardEvent): void {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...this.#list.querySelectorAll<HTMLElement>('button')];
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    const next = index + (event.key === 'ArrowDown' ? 1 : -1);
    (next < 0 ? this.#search : buttons[Math.min(next, buttons.length - 1)])?.focus();
  }

  /** v13's drag data of a compendium document: `{ type: 'Item' | 'Actor', uuid }` as text/plain JSON. */
  #onDragStart(event: DragEvent): void {
    const button = (event.target as HTMLElement | null)?.closest<HTMLElement>('[data-uuid]');
    const entry = [...this.host.worldEntries(), ...this.#entries].find(
      (e) => e.uuid === button?.dataset.uuid,
    );
    if (!entry || !event.dataTransfer) return;
    event.dataTransfer.setData('text/plain', JSON.stringify({ type: entry.documentName, uuid: entry.uuid }));
    event.dataTransfer.effectAllowed = 'copy';
  }
}
