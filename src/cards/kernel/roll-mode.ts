/**
 * Roll modes (issue #27): the choice a Foundry user makes in the chat controls (`core.rollMode`:
 * public, private GM, blind GM, self; the values of v13's `CONST.DICE_ROLL_MODES`), honoured by
 * every card. The asking client carries its user's choice in the request's envelope (gm-query.ts;
 * the attack dialog may choose another); the active GM's client, which rolls and writes the card,
 * records it on the card (`flags.gng.rollMode`: the mode and the user who chose it, written only by
 * the GM's client: a card is a GM's message) and whispers the card to that mode's audience. Every
 * later step of the card keeps the recorded mode, whoever presses its buttons, and each user's view
 * (content, buttons, odds, Dice So Nice) comes from the recorded mode alone — never from a field a
 * player wrote. docs/architecture.md "Roll modes", evidence docs/host.md.
 *
 * Audience (whose client shows the card's results), as v13 gives it for a user's own roll message
 * (`ChatMessage.applyRollMode`): public: everyone; private GM: the GMs and the user who rolled;
 * blind GM: the GMs only (the roller too sees no result); self: the user who rolled. A card is
 * the GM's message, and its author sees a whispered message (not a blind one), so a player's self
 * roll is seen by the GM as well.
 */
import { isGMMessage } from './gm-message.js';
import { Refusal } from './result.js';

export const ROLL_MODES = ['publicroll', 'gmroll', 'blindroll', 'selfroll'] as const;
export type RollMode = (typeof ROLL_MODES)[number];

/** The mode a card was rolled in and the user who chose it (a user id). */
export interface RecordedRollMode {
  mode: RollMode;
  user: string;
}

export function isRollMode(value: unknown): value is RollMode {
  return typeof value === 'string' && (ROLL_MODES as readonly string[]).includes(value);
}

/**
 * The mode this client's user chose in the chat controls (`core.rollMode`, a client setting); public
 * when there is none or it is not one of the four (v13's `"roll"` means "the setting", so it is too).
 */
export function chosenRollMode(): RollMode {
  let value: unknown;
  try {
    value = game.settings.get('core', 'rollMode');
  } catch {
    return 'publicroll';
  }
  return isRollMode(value) ? value : 'publicroll';
}

/** A request's mode (the envelope's `rollMode`): absent is public, anything else not a mode is refused. */
export function parseRollMode(value: unknown): RollMode {
  if (value === undefined) return 'publicroll';
  if (!isRollMode(value)) throw new Refusal('GNG.Error.Card.BadRequest');
  return value;
}

const gmIds = (): string[] => game.users.filter((user) => user.isGM).map((user) => user.id as string);

/**
 * GM side: `data` (a card's creation data) whispered to the audience of `mode` chosen by `roller`,
 * with the mode recorded in `flags.gng.rollMode`. The GM's own client writes it, so the whisper
 * is computed here rather than by `ChatMessage.applyRollMode`, which speaks for the current user.
 */
export function withRollMode<D extends ChatMessageData>(data: D, mode: RollMode, roller: User): D {
  const by = roller.id as string;
  const whisper =
    mode === 'publicroll'
      ? []
      : mode === 'selfroll'
        ? [by]
        : mode === 'gmroll'
          ? [...new Set([...gmIds(), by])]
          : gmIds();
  const flags = data.flags ?? {};
  return {
    ...data,
    whisper,
    blind: mode === 'blindroll',
    flags: { ...flags, gng: { ...(flags.gng ?? {}), rollMode: { mode, user: by } } },
  };
}

/** The mode recorded on a GM's card (public for anything else, or for a card from before modes). */
export function rollModeOf(message: ChatMessage | null | undefined): RecordedRollMode {
  const recorded = isGMMessage(message)
    ? (message?.flags?.gng as Record<string, unknown> | undefined)?.rollMode
    : undefined;
  const { mode, user } = (recorded ?? {}) as Partial<RecordedRollMode>;
  return isRollMode(mode) && typeof user === 'string' ? { mode, user } : { mode: 'publicroll', user: '' };
}

/** Whether `user` sees the results of the card `message` (its content, buttons, odds, dice). */
export function seesResult(user: User, message: ChatMessage | null | undefined): boolean {
  const { mode, user: roller } = rollModeOf(message);
  if (mode === 'publicroll' || user.isGM) return true;
  if (mode === 'blindroll') return false;
  return user.id === roller;
}

/**
 * The mode a card started by another card's step takes (a Stab and Grab's grapple, an off-hand
 * attack): the first card's, chosen by the same user.
 */
export function inheritedRollMode(message: ChatMessage | null | undefined): {
  mode: RollMode;
  roller: User | null;
} {
  const { mode, user } = rollModeOf(message);
  return { mode, roller: game.users.get(user) ?? null };
}

/**
 * `renderChatMessageHTML`, registered before every card's: on a GM's card whose results this user
 * may not see, the card's own content gives way to a note saying who rolled in which mode — so no
 * button, odds or result of it is drawn, whether or not core shows the content (it is on every
 * client: a whispered roll reaches everyone as "rolled privately").
 */
export function hideUnseenCard(message: ChatMessage, html: HTMLElement): void {
  if (seesResult(game.user, message)) return;
  const root = html.querySelector<HTMLElement>('.message-content');
  if (!root) return;
  const { mode, user } = rollModeOf(message);
  const roller = game.users.get(user);
  // A GM's private or self roll is the GMs' (the GM's client writes every card).
  const key = roller?.isGM && mode !== 'blindroll' ? 'gm' : mode;
  const note = html.ownerDocument.createElement('p');
  note.className = 'note gng-hidden-roll';
  note.setAttribute('role', 'status');
  note.textContent = game.i18n.format(`GNG.RollMode.Hidden.${key}`, { name: roller?.name ?? '' });
  root.replaceChildren(note);
  root.closest('.chat-message')?.classList.add('gng-hidden-card');
}
