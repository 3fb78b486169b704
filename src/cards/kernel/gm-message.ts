/**
 * Whether a message is a GM's, so that its card flags are the GM's word (docs/architecture.md, trust
 * model 1). Its author field alone is not enough if a player could ever create a message naming a GM
 * as its author (nothing we may read shows that Foundry forbids it; the self-test probes it). So a
 * message is a GM's when its author is a GM and, as far as this client can tell, a GM made it:
 *
 * - this client saw who created it: `createChatMessage`'s user id is the server's word for who made
 *   the change (effect-timings.ts relies on the same), and a message a player created is never a
 *   GM's here, whatever it says;
 * - for a message made before this client connected: its creator, were core to stamp one in `_stats`
 *   (v13 does not: `DocumentStats` has no creator field), else its last writer
 *   (`_stats.lastModifiedBy`): a card is only ever written by GMs, so a message last written by a
 *   player is not one.
 */
const madeByPlayers = new Set<string>();

type Stats = { createdBy?: unknown; lastModifiedBy?: unknown };

const isGM = (userId: unknown) => typeof userId === 'string' && game.users.get(userId)?.isGM === true;

/** True when `message` is a GM's card or result (see the file's comment). */
export function isGMMessage(message: ChatMessage | null | undefined): boolean {
  if (!message?.author?.isGM) return false;
  if (message.id && madeByPlayers.has(message.id)) return false;
  const stats = (message._stats ?? {}) as Stats;
  if (typeof stats.createdBy === 'string') return isGM(stats.createdBy);
  if (typeof stats.lastModifiedBy === 'string' && stats.lastModifiedBy) return isGM(stats.lastModifiedBy);
  return true;
}

/** On `init`: remember the messages this client sees a player create. */
export function registerGMMessages(): void {
  Hooks.on('createChatMessage', (message: ChatMessage, _options: unknown, userId: string) => {
    if (message.id && !isGM(userId)) madeByPlayers.add(message.id);
  });
  Hooks.on('deleteChatMessage', (message: ChatMessage) => {
    if (message.id) madeByPlayers.delete(message.id);
  });
}
