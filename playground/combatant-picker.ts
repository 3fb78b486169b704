/**
 * "Add a combatant" (issue #33): a search field over the ~700 pack actors instead of one long
 * select. Typing lists the first matches (every word in the name or its group; the name typed in
 * full first, then names starting with it) as buttons;
 * Down arrow goes from the field to the list, Up and Down move in it, Enter or a click adds.
 */
import type { PackActor } from './packs.js';
import { element, f, t } from './dom.js';

/** Matches listed at once. */
const SHOWN = 8;

export function matchActors(actors: readonly PackActor[], query: string): PackActor[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const whole = words.join(' ');
  // The name typed in full first, then names that start with it, then the rest (each in list order).
  const rank = (a: PackActor) => {
    const name = a.name.toLowerCase();
    return name === whole ? 0 : name.startsWith(whole) ? 1 : 2;
  };
  return actors
    .filter((a) => {
      const text = `${a.name} ${a.group}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .map((actor, index) => ({ actor, index, rank: rank(actor) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ actor }) => actor);
}

/**
 * The picker for side `side` (its letter, for the labels); `add` is called with the chosen actor.
 * `query` is the text typed so far (kept when the table draws again).
 */
export function combatantPicker(options: {
  key: string;
  side: string;
  actors: readonly PackActor[];
  disabled: boolean;
  query: string;
  onQuery: (query: string) => void;
  add: (actor: PackActor) => void;
}): HTMLElement {
  const listId = `pg-add-results-${options.key}`;
  const input = element('input', {
    type: 'search',
    name: `add-${options.key}`,
    autocomplete: 'off',
    disabled: options.disabled,
    value: options.query,
    placeholder: t('GNG.Playground.Picker.Placeholder'),
  });
  input.setAttribute('aria-controls', listId);
  const list = element('ul', { className: 'pg-add-results', id: listId });
  list.setAttribute('aria-label', f('GNG.Playground.Picker.Results', { side: options.side }));
  const status = element('p', { className: 'pg-add-status' });
  status.setAttribute('role', 'status');

  const draw = () => {
    const matches = matchActors(options.actors, input.value);
    list.replaceChildren(
      ...matches.slice(0, SHOWN).map((actor) => {
        const button = element(
          'button',
          { type: 'button', className: 'pg-add-result' },
          element('span', { className: 'pg-add-name', textContent: actor.name }),
          element('span', { className: 'pg-add-group', textContent: actor.group }),
        );
        button.setAttribute(
          'aria-label',
          f('GNG.Playground.Picker.AddNamed', { name: actor.name, side: options.side }),
        );
        button.addEventListener('click', () => options.add(actor));
        return element('li', {}, button);
      }),
    );
    list.hidden = matches.length === 0;
    status.textContent = !input.value.trim()
      ? ''
      : matches.length > SHOWN
        ? f('GNG.Playground.Picker.CountMore', { count: matches.length, shown: SHOWN })
        : f('GNG.Playground.Picker.Count', { count: matches.length });
  };
  input.addEventListener('input', () => {
    options.onQuery(input.value);
    draw();
    // The matches open under the field: bring them into view (side B's field is low on a small screen).
    if (!list.hidden) list.scrollIntoView({ block: 'nearest' });
  });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    list.querySelector<HTMLElement>('button')?.focus();
  });
  list.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...list.querySelectorAll<HTMLElement>('button')];
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    const next = index + (event.key === 'ArrowDown' ? 1 : -1);
    (next < 0 ? input : buttons[Math.min(next, buttons.length - 1)])?.focus();
  });
  draw();
  return element(
    'div',
    { className: 'pg-adder' },
    element('label', {}, element('span', { textContent: t('GNG.Playground.Map.AddLabel') }), input),
    status,
    list,
  );
}
