/**
 * The self-test's scratch documents: a folder of actors, the messages and the combat the checks
 * make. Every one carries `flags.gng.selfTest`, is deleted when the run ends, and one left by an
 * interrupted run (a reload in the middle) is deleted at the start of the next run.
 */
import { SYSTEM_ID } from '../config/document-types.js';

export const SCRATCH_FLAG = 'selfTest';

const flags = () => ({ [SYSTEM_ID]: { [SCRATCH_FLAG]: true } });

function isScratch(document: FoundryDocument): boolean {
  return document.getFlag(SYSTEM_ID, SCRATCH_FLAG) === true;
}

export class Scratch {
  #folder: Folder | null = null;
  /** Ids of the scratch actors: messages spoken as them are scratch too (a timer's chat line). */
  readonly #actorIds = new Set<string>();

  /** @param waitMs how long a check waits for work done elsewhere (`waitFor`). */
  constructor(readonly waitMs = 5000) {}
  /** Documents to delete at the end, in creation order (deleted last first). */
  readonly #documents: FoundryDocument[] = [];

  /** The scratch folder of actors (made on first use). */
  async folder(): Promise<Folder> {
    if (this.#folder) return this.#folder;
    const folder = await Folder.create({
      name: game.i18n.localize('GNG.SelfTest.FolderName'),
      type: 'Actor',
      flags: flags(),
    });
    if (!folder) throw new Error('Folder.create returned nothing');
    this.#folder = folder;
    this.#documents.push(folder);
    return folder;
  }

  /** A scratch actor in the scratch folder, owned by the GM only. */
  async actor(data: Record<string, unknown>): Promise<Actor> {
    const folder = await this.folder();
    const actor = await Actor.create({
      ownership: { default: 0 },
      ...data,
      folder: folder.id,
      flags: { ...((data.flags as object | undefined) ?? {}), ...flags() },
    });
    if (!actor) throw new Error('Actor.create returned nothing');
    this.#documents.push(actor);
    this.#actorIds.add(actor.id as string);
    return actor;
  }

  /** Marks a document the checks made (a message, a combat) for deletion at the end. */
  keep<D extends FoundryDocument>(document: D): D {
    this.#documents.push(document);
    return document;
  }

  /** Deletes every scratch document (newest first). Resolves with those that could not be deleted. */
  async cleanUp(): Promise<string[]> {
    const left: string[] = [];
    const spoken = game.messages.filter(
      (message) => this.#actorIds.has(message.speaker?.actor ?? '') && !this.#documents.includes(message),
    );
    for (const document of [...spoken, ...[...this.#documents].reverse()]) {
      try {
        // An actor's effects first: deleting them forgets what the GM recorded of their timing.
        if (document.documentName === 'Actor') {
          const actor = document as Actor;
          const ids = actor.effects.map((effect) => effect.id as string);
          if (ids.length) await actor.deleteEmbeddedDocuments('ActiveEffect', ids);
        }
        await document.delete();
      } catch (error) {
        left.push(`${document.documentName} ${document.name ?? document.id}: ${String(error)}`);
      }
    }
    this.#documents.length = 0;
    this.#actorIds.clear();
    this.#folder = null;
    return left;
  }

  /** Deletes the scratch documents an interrupted earlier run left in the world. */
  static async removeLeftovers(): Promise<void> {
    const collections = [game.messages, game.combats, game.actors, game.folders];
    for (const collection of collections) {
      for (const document of collection?.filter(isScratch) ?? []) await document.delete();
    }
  }
}
