/**
 * The GM-only "Variant rules" menu of the system settings (issue #29's start budget): registered on
 * `init` with a small window class whose `render` loads the real window (variants-app.ts) on first
 * use and renders it instead. Foundry shows a menu by constructing its `type` and rendering it
 * (dnd5e `module/settings.mjs` registers ApplicationV2 classes the same way); whatever the render
 * options, they are passed on. Its templates are loaded on `init` as before.
 */
import { SYSTEM_ID, systemPath } from '../config/document-types.js';

const { ApplicationV2 } = foundry.applications.api;

export const VARIANTS_TEMPLATE = systemPath('templates/settings/variants.hbs');
export const VARIANTS_FOOTER_TEMPLATE = systemPath('templates/settings/variants-footer.hbs');

/** What the settings' button opens: the "Variant rules and automation" window, loaded on first use. */
export class VariantsMenu extends ApplicationV2 {
  override async render(options?: boolean | ApplicationRenderOptions): Promise<this> {
    const { VariantsApp } = await import('./variants-app.js');
    // The real window is rendered; the menu's own instance never is.
    return (await new VariantsApp().render(options)) as unknown as this;
  }
}

/** On `init`: the menu and the window's templates. */
export function registerVariantsMenu(): void {
  game.settings.registerMenu(SYSTEM_ID, 'variantRules', {
    name: 'GNG.Variants.Menu.Name',
    label: 'GNG.Variants.Menu.Label',
    hint: 'GNG.Variants.Menu.Hint',
    icon: 'fa-solid fa-list-check',
    type: VariantsMenu,
    restricted: true,
  });
  void foundry.applications.handlebars.loadTemplates([VARIANTS_TEMPLATE, VARIANTS_FOOTER_TEMPLATE]);
}
