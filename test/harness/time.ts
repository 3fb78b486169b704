/**
 * `game.time`: the world clock in seconds (`worldTime`) and `advance(seconds)`, which only a GM may
 * call (dnd5e `module/documents/actor/actor.mjs` advances the clock after a rest only when
 * `game.user.isGM`). Each advance fires `updateWorldTime(worldTime, deltaTime, options, userId)` on
 * every connected client (dnd5e `dnd5e.mjs` registers `Hooks.on("updateWorldTime", …)` and
 * `module/data/calendar/calendar-data.mjs` `onUpdateWorldTime(worldTime, deltaTime, options, userId)`).
 */
import { broadcast } from './documents.js';

export class HarnessTime {
  #worldTime = 0;

  get worldTime(): number {
    return this.#worldTime;
  }

  async advance(seconds: number, options: Record<string, unknown> = {}): Promise<number> {
    if (!game.user.isGM) throw new Error('Only a GM may advance the world time');
    if (!Number.isFinite(seconds)) throw new Error(`Cannot advance the world time by ${String(seconds)}`);
    this.#worldTime += seconds;
    broadcast('updateWorldTime', this.#worldTime, seconds, options, game.user.id);
    return this.#worldTime;
  }

  /** Back to 0 (between tests). */
  reset(): void {
    this.#worldTime = 0;
  }
}
