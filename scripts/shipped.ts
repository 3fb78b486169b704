/**
 * Folders of the repository that the build copies into dist/ as they are (`scripts/build.ts`), so
 * Foundry serves their files as `systems/gng/<folder>/…`: the only system paths a pack may name.
 */
export const SHIPPED_FOLDERS: readonly string[] = ['templates', 'lang'];
