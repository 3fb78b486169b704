/**
 * The battle map's measured templates and its Burst control (issue #16). Templates: every
 * `MeasuredTemplate` of `canvas.scene` (a ray or a cone, x/y in pixels, distance and width in feet,
 * angle in degrees) drawn semi-transparent over the grid with a label, as Foundry shows them. The
 * Burst control, for the acting user's own token whose actor holds a weapon firing 'auto': the
 * weapon, the kind of burst and the direction in degrees (a number field, the keyboard path; or
 * "Aim by clicking the map", then a click on a square or a token), and "Fire the burst", which calls
 * `game.gng.burst` as that user.
 */
import { GRID_SIZE, type HarnessToken } from '../test/harness/tokens.js';
import { element, f, t } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';

const sceneOf = () => (globalThis as { canvas?: FoundryCanvas }).canvas?.scene ?? null;

/** Pixels per foot of the scene's grid. */
function perFoot(): number {
  const grid = sceneOf()?.grid;
  return grid ? grid.size / grid.distance : GRID_SIZE / 5;
}

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string>,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

/** The polygon of a ray or a cone template, in scene pixels. */
function corners(template: MeasuredTemplateDocument): [number, number][] {
  const rad = (template.direction * Math.PI) / 180;
  const along = [Math.cos(rad), Math.sin(rad)];
  const across = [-Math.sin(rad), Math.cos(rad)];
  const length = template.distance * perFoot();
  const at = (a: number, c: number): [number, number] => [
    template.x + along[0]! * a + across[0]! * c,
    template.y + along[1]! * a + across[1]! * c,
  ];
  if (template.t === 'ray') {
    const half = (template.width * perFoot()) / 2;
    return [at(0, -half), at(length, -half), at(length, half), at(0, half)];
  }
  if (template.t === 'rect') {
    // Foundry's rectangle: from its corner along its diagonal (`direction`, `distance`).
    const dx = Math.cos(rad) * length;
    const dy = Math.sin(rad) * length;
    return [
      [template.x, template.y],
      [template.x + dx, template.y],
      [template.x + dx, template.y + dy],
      [template.x, template.y + dy],
    ];
  }
  const half = Math.tan(((template.angle / 2) * Math.PI) / 180) * length;
  return [at(0, 0), at(length, -half), at(length, half)];
}

/** The template shapes the map draws. */
const DRAWN: readonly string[] = ['ray', 'cone', 'rect'];

/** What a template is: a suppressing fire area (its card's flag), else a burst's by its shape. */
function templateLabel(template: MeasuredTemplateDocument): string {
  if (template.flags?.gng?.suppress !== undefined) return t('GNG.Suppress.Map.Template');
  return t(`GNG.Burst.Map.Template.${template.t === 'cone' ? 'cone' : 'ray'}`);
}

/** An SVG layer with the scene's ray, cone and rectangle templates, sized to the board (columns × rows squares). */
export function templateLayer(columns: number, rows: number): SVGSVGElement {
  const layer = svg('svg', {
    class: 'pg-map-templates',
    viewBox: `0 0 ${columns * GRID_SIZE} ${rows * GRID_SIZE}`,
    preserveAspectRatio: 'none',
    'aria-hidden': 'true',
  });
  for (const template of sceneOf()?.templates ?? []) {
    if (!DRAWN.includes(template.t)) continue;
    const points = corners(template);
    const group = svg('g', { class: `pg-template pg-template-${template.t}` });
    group.dataset.templateId = template.id;
    group.append(svg('polygon', { points: points.map((p) => p.join(',')).join(' ') }));
    // The label sits along the area's axis, past the shooter's token, above the line.
    const rad = (template.direction * Math.PI) / 180;
    const along = Math.min(template.distance * perFoot(), GRID_SIZE * 2.6);
    const label = svg('text', {
      x: String(template.x + Math.cos(rad) * along),
      y: String(template.y + Math.sin(rad) * along - 8),
    });
    label.textContent = templateLabel(template);
    group.append(label);
    layer.append(group);
  }
  return layer;
}

/** The scene's templates as words (the map's accessible description of them). */
export function templateWords(): string[] {
  return [...(sceneOf()?.templates ?? [])]
    .filter((template) => DRAWN.includes(template.t))
    .map(templateLabel);
}

/** Weapons of `actor` that fire automatically (equipped). */
function autoWeapons(actor: Actor | null): Item[] {
  return (actor?.items.contents ?? []).filter((item) => {
    if (item.type !== 'weapon') return false;
    const system = item.system as unknown as { equipped?: boolean; firearm?: { fireModes?: string[] } };
    return system.equipped === true && (system.firearm?.fireModes ?? []).includes('auto');
  });
}

/** The weapons pack's automatic weapon the control suggests to a character without one. */
const SUGGESTED_WEAPON = 'Submachine gun (9mm)';

/** The Burst control under the map (kept across redraws; its weapon list follows the origin token). */
export class BurstControl {
  readonly element: HTMLFieldSetElement;
  readonly #weapon: HTMLSelectElement;
  readonly #kind: HTMLSelectElement;
  readonly #direction: HTMLInputElement;
  readonly #aim: HTMLButtonElement;
  readonly #fire: HTMLButtonElement;
  readonly #note: HTMLElement;
  /** Why there is nothing to fire (plain text: not a live region, the map's status is the one). */
  readonly #empty: HTMLElement;
  readonly #fields: HTMLElement;
  #origin: HarnessToken | null = null;

  constructor() {
    const field = (id: string, label: string, control: HTMLElement) => {
      control.id = id;
      return element('label', { className: 'pg-burst-field', htmlFor: id }, label, control);
    };
    this.#weapon = element('select');
    this.#kind = element(
      'select',
      {},
      element('option', { value: 'strafing', textContent: t('GNG.Burst.Map.Kinds.strafing') }),
      element('option', { value: 'linear', textContent: t('GNG.Burst.Map.Kinds.linear') }),
    );
    this.#direction = element('input', { type: 'number', min: '0', max: '359', step: '1', value: '0' });
    this.#aim = element('button', { type: 'button', textContent: t('GNG.Burst.Map.Aim') });
    this.#aim.setAttribute('aria-pressed', 'false');
    this.#aim.addEventListener('click', () => this.#setAiming(!this.aiming));
    this.#fire = element('button', {
      type: 'button',
      className: 'pg-burst-fire',
      textContent: t('GNG.Burst.Map.Fire'),
    });
    this.#fire.addEventListener('click', () => void this.fire());
    this.#note = element('p', { className: 'pg-burst-note' });
    this.#note.setAttribute('role', 'status');
    this.#empty = element('p', { className: 'pg-burst-empty' });
    this.#fields = element(
      'div',
      { className: 'pg-burst-fields' },
      field('pg-burst-weapon', t('GNG.Burst.Map.Weapon'), this.#weapon),
      field('pg-burst-kind', t('GNG.Burst.Map.Kind'), this.#kind),
      field('pg-burst-direction', t('GNG.Burst.Map.Direction'), this.#direction),
      element('div', { className: 'pg-burst-buttons' }, this.#aim, this.#fire),
    );
    this.element = element(
      'fieldset',
      { className: 'pg-burst' },
      element('legend', { textContent: t('GNG.Burst.Map.Legend') }),
      this.#fields,
      this.#empty,
      this.#note,
    );
  }

  get aiming(): boolean {
    return this.#aim.getAttribute('aria-pressed') === 'true';
  }

  #setAiming(on: boolean): void {
    this.#aim.setAttribute('aria-pressed', String(on));
    this.#note.textContent = on ? t('GNG.Burst.Map.AimHelp') : '';
  }

  /** Shows the control for `origin` (the acting user's token), keeping the choices made. */
  update(origin: HarnessToken | null): void {
    this.#origin = origin;
    const weapons = autoWeapons(origin?.actor ?? null);
    const chosen = this.#weapon.value;
    this.#weapon.replaceChildren(
      ...weapons.map((weapon) => element('option', { value: weapon.id as string, textContent: weapon.name })),
    );
    if (weapons.some((weapon) => weapon.id === chosen)) this.#weapon.value = chosen;
    this.#fields.hidden = weapons.length === 0;
    if (!weapons.length) {
      this.#setAiming(false);
      this.#empty.textContent = origin
        ? f('GNG.Playground.BurstNoWeapon', {
            name: origin.document.name,
            weapon: SUGGESTED_WEAPON,
            pack: t('GNG.Compendium.Weapons'),
          })
        : t('GNG.Playground.BurstNoToken');
    } else {
      this.#empty.textContent = '';
      if (!this.aiming) this.#note.textContent = '';
    }
  }

  /** The choices a fresh page starts with (the weapons follow the origin at the next draw). */
  reset(): void {
    this.#origin = null;
    this.#weapon.replaceChildren();
    this.#kind.value = 'strafing';
    this.#direction.value = '0';
    this.#setAiming(false);
    this.#fields.hidden = false;
    this.#empty.textContent = '';
  }

  /** Aim mode: the direction from the origin token's centre to this point (scene pixels); aim mode ends. */
  aimAt(x: number, y: number): void {
    const origin = this.#origin;
    if (!origin) return;
    const doc = origin.document;
    const cx = doc.x + (doc.width * GRID_SIZE) / 2;
    const cy = doc.y + (doc.height * GRID_SIZE) / 2;
    const degrees = Math.round((Math.atan2(y - cy, x - cx) * 180) / Math.PI);
    this.#direction.value = String((degrees + 360) % 360);
    this.#setAiming(false);
    this.#direction.focus();
  }

  /** Fires the burst as the acting user. */
  async fire(): Promise<void> {
    const actor = this.#origin?.actor;
    const weapon = actor?.items.get(this.#weapon.value);
    if (!actor || !weapon) return;
    const direction = Number(this.#direction.value);
    await game.gng.burst(actor, weapon, {
      kind: this.#kind.value as 'linear' | 'strafing',
      direction: Number.isFinite(direction) ? direction : 0,
    });
  }
}
