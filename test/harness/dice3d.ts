/**
 * A stand-in for Dice So Nice's `game.dice3d`, installed on demand (`installDice3d`; `reset()` takes
 * it away): it records each `showForRoll` call and works out, by DSN's own rules, whose clients would
 * animate it (README.md, "Dice So Nice"). Without it `game.dice3d` is undefined, as in a world
 * without the module.
 */

/** One `showForRoll` call, as the stand-in saw it. */
export interface ShownRoll {
  /** The Roll itself (tests compare it with the rolls the cards made). */
  roll: Roll;
  formula: string;
  total: number | undefined;
  /** The client that asked (its `game.user`). */
  by: string | null;
  /** The `user` argument (whose dice they are). */
  user: string | null;
  synchronize: boolean;
  whisper: string[] | null;
  blind: boolean;
  messageId: string | null;
  speaker: ChatSpeaker | null;
  /**
   * The users whose client animates it: the asking client unless `blind`; with `synchronize`, each
   * other active user's client when `whisper` is null or names it (an empty array names no one).
   */
  seenBy: string[];
}

export interface Dice3DStandIn extends Dice3D {
  readonly shown: ShownRoll[];
}

/** Installs the stand-in as `game.dice3d` (and Dice So Nice as an active module); returns it. */
export function installDice3d(): Dice3DStandIn {
  const shown: ShownRoll[] = [];
  const standIn: Dice3DStandIn = {
    shown,
    showForRoll(
      roll,
      user = game.user,
      synchronize = false,
      whisper = null,
      blind = false,
      messageId = null,
      speaker = null,
    ) {
      const asking = game.user.id;
      const seenBy = blind || !asking ? [] : [asking];
      if (synchronize)
        for (const other of game.users.filter((u) => u.active && u.id !== asking))
          if (!whisper || whisper.includes(other.id as string)) seenBy.push(other.id as string);
      shown.push({
        roll,
        formula: roll.formula,
        total: roll.total,
        by: asking,
        user: user.id,
        synchronize,
        whisper: whisper ? [...whisper] : null,
        blind,
        messageId,
        speaker,
        seenBy,
      });
      // DSN resolves when this client's animation ended: true if it showed one.
      return Promise.resolve(!blind);
    },
  };
  game.dice3d = standIn;
  game.modules.set('dice-so-nice', { id: 'dice-so-nice', active: true });
  return standIn;
}

/** Takes the stand-in away: a world without Dice So Nice. */
export function removeDice3d(): void {
  delete game.dice3d;
  game.modules.delete('dice-so-nice');
}
