/** The data model of a card whose targets may Dive for Cover (area, burst): an older card's dives migrated. */
import { CardData } from './card-data.js';
import { migrateDives } from './undo-fields.js';

export class DivingTargetsData extends CardData {
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateDives(source.targets);
    return super.migrateData(source);
  }
}
