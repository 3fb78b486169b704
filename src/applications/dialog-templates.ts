/**
 * The dialogs' templates, preloaded at `init` (gng.ts): the dialogs themselves load on first open
 * (issue #29), so their template paths live here, outside their modules.
 */
import { systemPath } from '../config/document-types.js';

export const ATTACK_DIALOG_TEMPLATE = systemPath('templates/apps/attack-dialog.hbs');
export const CAST_DIALOG_TEMPLATE = systemPath('templates/apps/cast-dialog.hbs');
