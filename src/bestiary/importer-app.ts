/**
 * The stat-block importer window (issue #19; GM only): a text area to paste a d20 3.5 or d20 Modern
 * stat block into and a Read button; then side by side the parsed fields (the main numbers as
 * inputs: a correction converts again at once, and only the result column is redrawn, so focus and
 * typing stay where they are) and the GnG creature with every conversion step explained; the lines
 * not read and the parser's warnings are listed. Create actor creates the world actor on this GM's
 * client (import.ts), opens its sheet and closes the window; it is disabled, with the reasons shown,
 * while a value the actor could not hold waits for a correction (import-checks.ts, issue #28). Loaded
 * on first use (register.ts), with import.ts: `importStatBlock` is exported from here too.
 */
import type { ConvertedCreature } from '../rules/bestiary/convert.js';
import { parseStatBlock, type StatBlockParse } from '../rules/bestiary/stat-block-parse.js';
import type { SrdMonsterRecord } from '../rules/bestiary/srd-record.js';
import { creatable, createImportedActor } from './import.js';
import { assessImport, type ImportProblem } from './import-checks.js';
import { applyEdit } from './importer-edits.js';
import { fieldsContext, resultContext, showProblems, updatedStatus } from './importer-view.js';
import { IMPORTER_ID, IMPORTER_RESULT_TEMPLATE, IMPORTER_TEMPLATE, mayImport } from './register.js';

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export class StatBlockImporterApp extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS: ApplicationV2Options = {
    id: IMPORTER_ID,
    tag: 'div',
    classes: ['gng', 'stat-block-importer'],
    window: { title: 'GNG.Importer.Title', icon: 'fa-solid fa-file-import', resizable: true },
    position: { width: 1000, height: 'auto' },
    actions: { read: StatBlockImporterApp.onRead, create: StatBlockImporterApp.onCreate },
  };

  static override PARTS: Record<string, HandlebarsTemplatePart> = {
    body: { template: IMPORTER_TEMPLATE, scrollable: [''] },
  };

  /** The pasted text (kept across renders). */
  text = '';
  parse: StatBlockParse | null = null;
  /** The record as corrected so far. */
  record: SrdMonsterRecord | null = null;
  converted: ConvertedCreature | null = null;
  /** What the actor could not hold, or what was clamped, for the record as corrected so far. */
  problems: ImportProblem[] = [];
  /** Corrections that could not be read, by edit key: the text typed (shown, marked invalid). */
  invalid = new Map<string, string>();
  /** The corrections being applied, in order (`updated()` awaits them). */
  #updating: Promise<void> = Promise.resolve();
  #listening = false;

  /** Resolves when every correction made so far has been converted and shown. */
  updated(): Promise<void> {
    return this.#updating;
  }

  /** Queues a correction from an input (they apply in the order made). */
  #queueEdit(target: HTMLInputElement | HTMLSelectElement): void {
    const key = target.dataset.edit as string;
    const value = target.value;
    this.#updating = this.#updating
      .then(() => this.edit(key, value, target))
      .catch((error: unknown) => console.error('GnG | stat-block importer:', error));
  }

  override async _prepareContext(): Promise<Record<string, unknown>> {
    const read = this.parse !== null && this.record !== null && this.converted !== null;
    return {
      text: this.text,
      read,
      fields: read
        ? fieldsContext(
            this.parse as StatBlockParse,
            this.record as SrdMonsterRecord,
            this.invalid,
            this.problems,
          )
        : null,
      result: read ? resultContext(this.converted as ConvertedCreature) : null,
    };
  }

  override async _onRender(): Promise<void> {
    // The element stays the same across renders: one set of listeners.
    if (this.#listening) return;
    this.#listening = true;
    this.element.addEventListener('input', (event) => {
      const target = event.target as HTMLTextAreaElement | null;
      if (target?.name === 'text') this.text = target.value;
    });
    this.element.addEventListener('change', (event) => {
      const target = event.target as HTMLInputElement | HTMLSelectElement | null;
      if (target?.dataset.edit) this.#queueEdit(target);
    });
    this.element.addEventListener('keydown', (event) => {
      const target = event.target as HTMLInputElement | null;
      if (event.key !== 'Enter' || !target?.dataset.edit || target.tagName !== 'INPUT') return;
      event.preventDefault();
      this.#queueEdit(target);
    });
  }

  /** Reads the text (the text area's, or `text`) and shows the parse and the conversion. */
  async read(text?: string): Promise<void> {
    if (text !== undefined) this.text = text;
    else {
      const area = this.element?.querySelector<HTMLTextAreaElement>('textarea[name="text"]');
      if (area) this.text = area.value;
    }
    this.parse = parseStatBlock(this.text);
    this.record = this.parse.record;
    this.assess();
    this.invalid.clear();
    await this.render();
  }

  /**
   * A correction: the field `key` now reads `value`. The record is converted again and the result
   * column redrawn in place; a value that cannot be read marks its input invalid and changes nothing.
   */
  async edit(key: string, value: string, input?: HTMLElement): Promise<void> {
    if (!this.record) return;
    const next = applyEdit(this.record, key, value);
    const error = input?.parentElement?.querySelector<HTMLElement>('.gng-imp-invalid');
    if (!next) {
      this.invalid.set(key, value);
      input?.setAttribute('aria-invalid', 'true');
      if (error) error.hidden = false;
      return;
    }
    this.invalid.delete(key);
    input?.removeAttribute('aria-invalid');
    if (error) error.hidden = true;
    this.record = next;
    this.assess();
    if (this.element) showProblems(this.element, this.problems);
    const column = this.element?.querySelector<HTMLElement>('.gng-imp-result');
    if (column)
      column.innerHTML = await foundry.applications.handlebars.renderTemplate(
        IMPORTER_RESULT_TEMPLATE,
        resultContext(this.converted as ConvertedCreature),
      );
    const status = this.element?.querySelector<HTMLElement>('.gng-imp-status');
    if (status) status.textContent = updatedStatus(this.converted as ConvertedCreature);
  }

  /** Converts the record as it is now and finds what the actor could not hold. Never throws. */
  assess(): void {
    if (!this.parse || !this.record) return;
    const { converted, problems } = assessImport(this.parse, this.record);
    this.converted = converted;
    this.problems = problems;
  }

  /** Creates the world actor of the record as corrected, opens its sheet and closes the window. */
  async create(): Promise<Actor | null> {
    if (!this.record || !this.parse) {
      ui.notifications.warn(game.i18n.localize('GNG.Importer.NothingRead'));
      return null;
    }
    if (!this.converted || !creatable(this.problems)) return null;
    const actor = await createImportedActor(this.record, this.converted, {
      text: this.text,
      unparsed: this.parse.unparsed,
    });
    if (!actor) return null;
    ui.notifications.info(game.i18n.format('GNG.Importer.Created', { name: actor.name }));
    await actor.sheet?.render(true);
    await this.close();
    return actor;
  }

  static async onRead(this: StatBlockImporterApp): Promise<void> {
    await this.read();
    this.element?.querySelector<HTMLElement>('[data-action="read"]')?.focus();
  }

  static async onCreate(this: StatBlockImporterApp): Promise<void> {
    await this.create();
  }
}

export { importStatBlock } from './import.js';

/** Opens (or brings forward) the importer window; GM only (others are refused with a notification). */
export async function openImporter(): Promise<StatBlockImporterApp | null> {
  if (!mayImport()) return null;
  const open = foundry.applications.instances.get(IMPORTER_ID) as StatBlockImporterApp | undefined;
  const app = open ?? new StatBlockImporterApp();
  await app.render({ force: true });
  return app;
}
