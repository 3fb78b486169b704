/**
 * Handlebars rendering of our real templates, with the helpers Foundry provides that our
 * templates use (`localize`), and partials registered by `loadTemplates`. Paths are Foundry's
 * (`systems/gng/...`), mapped to the repository's files through the host's `readText`.
 */
import Handlebars from 'handlebars';

/**
 * A template's compiled spec, by source, for the whole process. Parsing and compiling a template is
 * the costly part of Handlebars; the spec it yields is plain functions of (container, context,
 * helpers, partials, data) that keep no environment, so every harness binds the same spec to its own
 * environment (`env.template`), with its own helpers and partials, as a precompiled template is.
 * Kept on the `handlebars` package, which an integration worker loads once and keeps across files
 * (test/harness/file-setup.ts), while this module is evaluated anew for each file.
 */
export type TemplateSpec = Parameters<typeof Handlebars.template>[0];
const SPECS = Symbol.for('gng.test.templateSpecs');
const specs: Map<string, TemplateSpec> = ((
  Handlebars as unknown as Record<symbol, Map<string, TemplateSpec>>
)[SPECS] ??= new Map());

/**
 * Gives the compiled spec of `source` ahead of its first use: the playground's templates, precompiled
 * when the page is built (scripts/template-specs-plugin.ts), are not parsed and compiled again at
 * each page load. The spec must be what `Handlebars.precompile(source, { strict: false })` yields.
 */
export function addTemplateSpec(source: string, spec: TemplateSpec): void {
  specs.set(source, spec);
}

/** Handlebars' own compile steps (compiler.js `compileInput`), options as `compile(source, { strict: false })`. */
export function templateSpec(env: typeof Handlebars, source: string): TemplateSpec {
  let spec = specs.get(source);
  if (!spec) {
    const options = { strict: false, data: true };
    const internals = env as unknown as {
      Compiler: new () => { compile(ast: unknown, options: object): unknown };
      JavaScriptCompiler: new () => {
        compile(environment: unknown, options: object, context: undefined, asObject: true): TemplateSpec;
      };
    };
    const environment = new internals.Compiler().compile(
      env.parse(source, options as Handlebars.ParseOptions),
      options,
    );
    spec = new internals.JavaScriptCompiler().compile(environment, options, undefined, true);
    specs.set(source, spec);
  }
  return spec;
}

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
      const source = this.source(path);
      let bound: HandlebarsTemplateDelegate | undefined;
      // Compiled on first use, as Handlebars.compile's template is (a broken one throws when rendered).
      template = (context, options) =>
        (bound ??= this.handlebars.template(templateSpec(this.handlebars, source)))(context, options);
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
