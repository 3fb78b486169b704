/** World and client settings of the system. */
import { SYSTEM_ID } from './config/document-types.js';

export const SETTINGS = {
  /** The data version the world was last migrated to (hidden; see src/migration.ts). */
  schemaVersion: 'schemaVersion',
} as const;

export function registerSettings(): void {
  game.settings.register(SYSTEM_ID, SETTINGS.schemaVersion, {
    name: 'GNG.Setting.SchemaVersion.Name',
    hint: 'GNG.Setting.SchemaVersion.Hint',
    scope: 'world',
    config: false,
    type: String,
    default: '',
  });
}
