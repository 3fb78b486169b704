/**
 * Handlebars rendering of our real templates, with the helpers Foundry provides that our
 * templates use (`localize`), and partials registered by `loadTemplates`. Paths are Foundry's
 * (`systems/gng/...`), mapped to the repository's files through the host's `readText`.
 */
import Handlebars from 'handlebars';

/** Reads a repository file (path relative to the repository root); undefined when it does not exist. */
export type ReadText = (path: string) => string | undefined;

export class HarnessTemplates {
  readonly handlebars = Handlebars.create();
  readonly #cache = new Map<string, HandlebarsTemplateDelegate>();

  constructor(
    private readonly readText: ReadText,
    /** The localization of the client rendering now (each client may have its own language). */
    i18n: () => Localization,
  ) {
    this.handlebars.registerHelper('localize', (key: string, options: Handlebars.HelperOptions) => {
      const data = options?.hash ?? {};
      return Object.keys(data).length ? i18n().format(key, data) : i18n().localize(key);
    });
  }

  /** The source of `systems/gng/templates/x.hbs` (the repository's `templates/x.hbs`); throws if it does not exist. */
  source(path: string): string {
    const match = /^systems\/gng\/(.+)$/.exec(path);
    if (!match) throw new Error(`Template path "${path}" is not inside systems/gng/`);
    const text = this.readText(match[1] as string);
    if (text === undefined) throw new Error(`Template "${path}" does not exist (${match[1]})`);
    return text;
  }

  compile(path: string): HandlebarsTemplateDelegate {
    let template = this.#cache.get(path);
    if (!template) {
      template = this.handlebars.compile(this.source(path), { strict: false });
      this.#cache.set(path, template);
    }
    return template;
  }

  async renderTemplate(path: string, data: Record<string, unknown>): Promise<string> {
    return this.compile(path)(data, {
      allowProtoPropertiesByDefault: true,
      allowProtoMethodsByDefault: true,
    });
  }

  /**
   * Compiles templates and registers each as a partial, as Foundry does: an array registers each
   * under its path, an object under its key.
   */
  async loadTemplates(paths: string[] | Record<string, string>): Promise<unknown> {
    const entries = Array.isArray(paths) ? paths.map((path) => [path, path] as const) : Object.entries(paths);
    return entries.map(([name, path]) => {
      const template = this.compile(path);
      this.handlebars.registerPartial(name, template);
      return template;
    });
  }
}
