/**
 * The fight simulator window (issue #20): two sides picked from the world's actors and the system's
 * actor packs — it opens with the current combat's sides (combat-sides.ts), and each combatant is
 * added with a picker and an Add button and taken out with Remove (no Ctrl/Shift multi-select,
 * issue #33) — each side's policy, N fights, and optionally a second run under other variants shown
 * side by side with the world's rules. Run shows a progress bar and a Cancel button (the worker is
 * terminated); the results are four plots per run (charts.ts), each exportable as PNG, and the whole
 * as CSV. Loaded on first use (register.ts), with run.ts: `simulate` is exported from here too.
 */
import type { SidePolicy, SimVariants } from '../rules/simulate/index.js';
import { variantRules } from '../settings/variant-rules.js';
import { PLOTS, plotSvg, type ChartLabels, type PlotId } from './charts.js';
import { csvDataUrl, download, resultsCsv, svgToPng, type LabelledRun } from './export.js';
import { DEFAULT_FIGHTS, MAX_FIGHTS, offeredVariants, simulate } from './run.js';
import { combatModel, modelOffers, worldModelReady } from '../settings/combat-model.js';
import { SIMULATOR_TEMPLATE } from './register.js';
import { combatEntries, combatSides } from './combat-sides.js';
import { t } from '../format.js';

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** The Appendix 1 variants the window can compare (Appendix 2 changes spells only). */
const COMPARED = ['advancedWoundTrauma', 'strengthBonusLimitation', 'woundsCauseBleeding'] as const;

interface ActorChoice {
  uuid: string;
  name: string;
  group: string;
}

/** What the form holds (kept across renders). */
interface Draft {
  sideA: string[];
  sideB: string[];
  /** What each side's picker shows (kept, so that Add twice adds two of a kind). */
  pick: { a: string; b: string };
  n: number;
  policies: { a: Required<SidePolicy>; b: Required<SidePolicy> };
  compare: boolean;
  variants: Record<(typeof COMPARED)[number], boolean>;
}

/**
 * Every actor the simulator offers: the world's, then each Actor pack's (the bestiary too), grouped by
 * pack and, where the pack has folders (the bestiary's creature types), by folder; each group sorted
 * by name. Read from the packs' indexes (no document loaded) where the index lists them.
 */
async function actorChoices(): Promise<ActorChoice[]> {
  const world = t('GNG.Simulator.WorldActors');
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  // The current combat's combatants first (an unlinked token's actor is in no other list).
  const fight = t('GNG.Simulator.CurrentCombat');
  const inCombat = combatEntries(game.combat).map((e) => ({ uuid: e.uuid, name: e.name, group: fight }));
  const choices: ActorChoice[] = game.actors.contents
    .map((a) => ({ uuid: a.uuid, name: a.name, group: world }))
    .sort(byName);
  choices.unshift(...inCombat.filter((e, i) => inCombat.findIndex((o) => o.uuid === e.uuid) === i));
  for (const pack of game.packs.contents.filter((p) => p.documentName === 'Actor')) {
    const label = packLabel(pack);
    const folders = (pack as unknown as { folders?: { get(id: string): { name?: string } | undefined } })
      .folders;
    const entries = (await packEntries(pack)).map((e) => {
      const folder = e.folder ? folders?.get(e.folder)?.name : undefined;
      return {
        uuid: e.uuid,
        name: e.name,
        group: folder ? game.i18n.format('GNG.Simulator.PackFolder', { pack: label, folder }) : label,
      };
    });
    entries.sort((a, b) => a.group.localeCompare(b.group) || byName(a, b));
    choices.push(...entries);
  }
  return choices;
}

/**
 * A pack's label as the user reads it: its localized label (system.json gives lang keys), or, where
 * the label is only the pack's name (the playground's stand-in), `GNG.Compendium.<Name>`.
 */
function packLabel(pack: CompendiumCollection): string {
  const raw = pack.metadata.label;
  const label = game.i18n.has(raw) ? t(raw) : raw;
  if (label !== pack.metadata.name) return label;
  const key = `GNG.Compendium.${pack.metadata.name.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}`;
  return game.i18n.has(key) ? t(key) : label;
}

/**
 * A pack's actors as uuid, name and folder id: from its index where the index lists them (Foundry's,
 * without loading a document), else from its documents.
 */
async function packEntries(
  pack: CompendiumCollection,
): Promise<{ uuid: string; name: string; folder: string | null }[]> {
  const getIndex = pack.getIndex as (options?: { fields?: string[] }) => Promise<unknown>;
  const index = await getIndex.call(pack, { fields: ['folder'] });
  if (index && typeof (index as Iterable<unknown>)[Symbol.iterator] === 'function') {
    const entries = [...(index as Iterable<{ uuid?: unknown; name?: unknown; folder?: unknown }>)]
      .filter(
        (e): e is { uuid: string; name: string; folder?: unknown } =>
          typeof e.uuid === 'string' && typeof e.name === 'string',
      )
      .map((e) => ({ uuid: e.uuid, name: e.name, folder: typeof e.folder === 'string' ? e.folder : null }));
    if (entries.length > 0) return entries;
  }
  return (await pack.getDocuments()).map((doc) => {
    const folder = (doc as unknown as { folder?: { id?: string } | string | null }).folder;
    return {
      uuid: doc.uuid,
      name: (doc as unknown as Actor).name,
      folder: typeof folder === 'string' ? folder : (folder?.id ?? null),
    };
  });
}

function labels(): ChartLabels {
  const k = (key: string) => t(`GNG.Simulator.Chart.${key}`);
  return {
    sideA: t('GNG.Simulator.SideA'),
    sideB: t('GNG.Simulator.SideB'),
    draw: k('Draw'),
    wins: k('Wins'),
    rounds: k('Rounds'),
    roundsAxis: k('RoundsAxis'),
    hpLeft: k('HpLeft'),
    death: k('Death'),
    dead: k('Dead'),
    dying: k('Dying'),
    meanRounds: k('MeanRounds'),
    meanHp: k('MeanHp'),
    fights: k('Fights'),
  };
}

export class SimulatorApp extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    id: 'gng-simulator',
    tag: 'form',
    classes: ['gng', 'simulator'],
    window: { title: 'GNG.Simulator.Title', icon: 'fa-solid fa-chart-column', resizable: true },
    position: { width: 760, height: 'auto' },
    form: { handler: SimulatorApp.onRun, closeOnSubmit: false, submitOnChange: false },
    actions: {
      cancel: SimulatorApp.onCancel,
      csv: SimulatorApp.onCsv,
      png: SimulatorApp.onPng,
      add: SimulatorApp.onAdd,
      remove: SimulatorApp.onRemove,
    },
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    body: { template: SIMULATOR_TEMPLATE, scrollable: [''] },
  };

  draft: Draft = {
    sideA: [],
    sideB: [],
    pick: { a: '', b: '' },
    n: DEFAULT_FIGHTS,
    policies: { a: { block: 'spare', calledShot: 'none' }, b: { block: 'spare', calledShot: 'none' } },
    compare: false,
    variants: { advancedWoundTrauma: false, strengthBonusLimitation: false, woundsCauseBleeding: false },
  };
  runs: LabelledRun[] = [];
  running: AbortController | null = null;
  error = '';
  #choices: ActorChoice[] | null = null;
  /** The control to focus again after a render (Add and Remove redraw the window). */
  #refocus: string | null = null;

  override async _prepareContext(): Promise<Record<string, unknown>> {
    // What the world's model offers decides the controls (its own message when it cannot load).
    await worldModelReady().catch(() => {});
    if (!this.#choices) {
      this.#choices = await actorChoices();
      // Opened during a fight: its friendly and hostile combatants are the sides.
      const fromCombat = combatSides(game.combat);
      this.draft.sideA = fromCombat.a;
      this.draft.sideB = fromCombat.b;
    }
    const choices = this.#choices;
    const groups = [...new Set(choices.map((c) => c.group))];
    const nameOf = (uuid: string) => choices.find((c) => c.uuid === uuid)?.name ?? uuid;
    const side = (key: 'a' | 'b', chosen: string[]) => ({
      key,
      field: key === 'a' ? 'sideA' : 'sideB',
      label: t(key === 'a' ? 'GNG.Simulator.SideA' : 'GNG.Simulator.SideB'),
      chosen: chosen.map((uuid, index) => ({
        uuid,
        index,
        name: nameOf(uuid),
        remove: game.i18n.format('GNG.Simulator.RemoveFrom', {
          name: nameOf(uuid),
          side: t(key === 'a' ? 'GNG.Simulator.SideA' : 'GNG.Simulator.SideB'),
        }),
      })),
      add: game.i18n.format('GNG.Simulator.AddTo', {
        side: t(key === 'a' ? 'GNG.Simulator.SideA' : 'GNG.Simulator.SideB'),
      }),
      groups: groups.map((group) => ({
        label: group,
        actors: choices
          .filter((c) => c.group === group)
          .map((c) => ({ ...c, selected: c.uuid === this.draft.pick[key] })),
      })),
      // GnG's Block and called shots: shown only under a model that has them (not the Saga-style one).
      offersBlock: modelOffers('aborts'),
      offersCalledShot: modelOffers('calledShots'),
      block: (['never', 'spare', 'always'] as const).map((value) => ({
        value,
        label: t(`GNG.Simulator.Block.${value}`),
        selected: this.draft.policies[key].block === value,
      })),
      calledShot: (['none', 'vital-strike'] as const).map((value) => ({
        value,
        label: t(`GNG.Simulator.CalledShot.${value}`),
        selected: this.draft.policies[key].calledShot === value,
      })),
    });
    const l = labels();
    return {
      sides: [side('a', this.draft.sideA), side('b', this.draft.sideB)],
      n: this.draft.n,
      max: MAX_FIGHTS,
      compare: this.draft.compare,
      // The Appendix 1 variants are GnG's (the Variant rules window shows them under GnG only).
      offersVariants: modelOffers('woundVariants'),
      // A token model's fights spend tokens by a stated policy (EG: docs/rules.md), a Time Count
      // model's fights act at their counts by one (TC: docs/rules.md), worded here.
      modelPolicy: modelOffers('tokens')
        ? t('GNG.Model.EG.Sim.Policy')
        : modelOffers('timeCount')
          ? t('GNG.Model.TC.Sim.Policy')
          : '',
      variants: COMPARED.map((key) => ({
        key,
        label: t(`GNG.Variants.${key}.name`),
        checked: this.draft.variants[key],
      })),
      running: this.running !== null,
      error: this.error,
      runs: this.runs.map((run, column) => ({
        label: run.label,
        column,
        fights: run.result.fights,
        plots: PLOTS.map((plot) => ({
          plot,
          column,
          title: t(`GNG.Simulator.Plot.${plot}`),
          svg: plotSvg(plot, `gng-sim-${column}-${plot}`, run.result, l),
        })),
      })),
    };
  }

  /** Focuses the control Add or Remove left (the window was drawn again). */
  override async _onRender(context: Record<string, unknown>, options: ApplicationRenderOptions) {
    await super._onRender(context, options);
    if (!this.#refocus) return;
    this.element.querySelector<HTMLElement>(this.#refocus)?.focus();
    this.#refocus = null;
  }

  /** The form's choices now. */
  readDraft(): Draft {
    const form = this.element as HTMLFormElement;
    // Each chosen combatant is a hidden field of its side, in order.
    const selected = (name: string) =>
      [...form.querySelectorAll<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)].map(
        (i) => i.value,
      );
    const value = (name: string) =>
      form.querySelector<HTMLSelectElement | HTMLInputElement>(`[name="${name}"]`)?.value ?? '';
    const checked = (name: string) =>
      form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.checked === true;
    const policy = (key: 'a' | 'b'): Required<SidePolicy> => ({
      block: (['never', 'spare', 'always'] as const).find((v) => v === value(`${key}.block`)) ?? 'spare',
      calledShot: value(`${key}.calledShot`) === 'vital-strike' ? 'vital-strike' : 'none',
    });
    const n = Math.trunc(Number(value('n')));
    return {
      sideA: selected('sideA'),
      sideB: selected('sideB'),
      pick: { a: value('a.pick'), b: value('b.pick') },
      n: Number.isFinite(n) ? n : DEFAULT_FIGHTS,
      policies: { a: policy('a'), b: policy('b') },
      compare: checked('compare'),
      variants: Object.fromEntries(COMPARED.map((k) => [k, checked(`variant.${k}`)])) as Draft['variants'],
    };
  }

  /** Shows the progress of the run in place (no redraw while fights run). */
  progress(label: string, done: number, total: number): void {
    const bar = this.element.querySelector<HTMLProgressElement>('progress.gng-sim-progress');
    if (bar) {
      bar.max = total;
      bar.value = done;
    }
    const text = this.element.querySelector<HTMLElement>('.gng-sim-progress-label');
    if (text)
      text.textContent = game.i18n.format('GNG.Simulator.Progress', {
        run: label,
        done: done.toLocaleString(),
        total: total.toLocaleString(),
      });
  }

  /** Run: one run under the world's rules, and one under the chosen variants when comparing. */
  static async onRun(this: SimulatorApp): Promise<void> {
    if (this.running) return;
    this.draft = this.readDraft();
    this.error = '';
    if (this.draft.sideA.length === 0 || this.draft.sideB.length === 0) {
      this.error = t('GNG.Simulator.Error.EmptySide');
      await this.render();
      return;
    }
    if (!(this.draft.n >= 1 && this.draft.n <= MAX_FIGHTS)) {
      this.error = game.i18n.format('GNG.Simulator.Error.Fights', { max: MAX_FIGHTS });
      await this.render();
      return;
    }
    const world = offeredVariants(variantRules(), combatModel());
    const plans: { label: string; variants: SimVariants }[] = [
      { label: t('GNG.Simulator.WorldRules'), variants: world },
    ];
    if (this.draft.compare && modelOffers('woundVariants'))
      plans.push({ label: t('GNG.Simulator.Chosen'), variants: { ...world, ...this.draft.variants } });
    const controller = new AbortController();
    this.running = controller;
    this.runs = [];
    await this.render();
    try {
      for (const plan of plans) {
        const result = await simulate({
          sideA: this.draft.sideA,
          sideB: this.draft.sideB,
          n: this.draft.n,
          policies: this.draft.policies,
          variants: plan.variants,
          signal: controller.signal,
          onProgress: (done, total) => this.progress(plan.label, done, total),
        });
        this.runs.push({ label: plan.label, result });
      }
    } catch (error) {
      this.runs = [];
      this.error = error instanceof Error ? error.message : String(error);
    } finally {
      this.running = null;
    }
    await this.render();
  }

  /** Add: the side's picked actor joins the side (twice picked, twice in the fight). */
  static async onAdd(this: SimulatorApp, _event: Event, target: HTMLElement): Promise<void> {
    const key = target.dataset.side === 'b' ? 'b' : 'a';
    this.draft = this.readDraft();
    const uuid = this.draft.pick[key];
    if (!uuid) return;
    this.draft[key === 'a' ? 'sideA' : 'sideB'].push(uuid);
    this.#refocus = `button[data-action="add"][data-side="${key}"]`;
    await this.render();
  }

  /** Remove: that combatant leaves its side. */
  static async onRemove(this: SimulatorApp, _event: Event, target: HTMLElement): Promise<void> {
    const key = target.dataset.side === 'b' ? 'b' : 'a';
    const index = Number(target.dataset.index);
    this.draft = this.readDraft();
    const side = this.draft[key === 'a' ? 'sideA' : 'sideB'];
    if (!Number.isInteger(index) || index < 0 || index >= side.length) return;
    side.splice(index, 1);
    // The next Remove of the side, else its picker, keeps the focus.
    const next = Math.min(index, side.length - 1);
    this.#refocus =
      next >= 0
        ? `button[data-action="remove"][data-side="${key}"][data-index="${next}"]`
        : `select[name="${key}.pick"]`;
    await this.render();
  }

  static onCancel(this: SimulatorApp): void {
    this.running?.abort();
  }

  static onCsv(this: SimulatorApp): void {
    if (this.runs.length === 0) return;
    download(csvDataUrl(resultsCsv(this.runs)), 'gng-simulation.csv');
  }

  static async onPng(this: SimulatorApp, _event: Event, target: HTMLElement): Promise<void> {
    const column = Number(target.dataset.column);
    const plot = target.dataset.plot as PlotId;
    const run = this.runs[column];
    if (!run || !PLOTS.includes(plot)) return;
    const png = await svgToPng(plotSvg(plot, `gng-sim-png-${plot}`, run.result, labels()));
    download(png, `gng-simulation-${column + 1}-${plot}.png`);
  }
}

export { simulate } from './run.js';

/** Opens (or brings forward) the simulator window. */
export async function openSimulator(): Promise<SimulatorApp> {
  const open = foundry.applications.instances.get('gng-simulator') as SimulatorApp | undefined;
  const app = open ?? new SimulatorApp();
  await app.render({ force: true });
  return app;
}
