/**
 * Folders of world documents (`Folder.create({ name, type })`, `game.folders`), as the self-test
 * makes its scratch folder. Deleting a folder here deletes nothing inside it (Foundry asks; the
 * self-test deletes its documents itself).
 */
import { broadcast, HarnessDocument } from './documents.js';
import { world } from './world.js';

export class HarnessFolder extends HarnessDocument implements Folder {
  static override documentName = 'Folder';

  static async create(data: Record<string, unknown>): Promise<Folder | undefined> {
    if (!game.user.isGM) throw new Error(`User ${game.user.name} may not create a Folder`);
    const folder = new HarnessFolder({ ...data });
    world.folders.set(folder);
    broadcast('createFolder', folder, {}, game.user.id);
    return folder;
  }

  protected override _onDelete(): void {
    world.folders.delete(this._id as string);
  }
}
