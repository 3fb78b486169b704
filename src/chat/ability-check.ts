/**
 * Chat cards of d20 checks (abilities, saves, skills): a Foundry `Roll` (so Dice So Nice shows it) and
 * our template, posted by the roller's own client as a `note` (issue #34) whose heading, label and
 * subject are lang keys, so each client draws it in its language.
 */
import { SYSTEM_ID, systemPath } from '../config/document-types.js';
import type { Ability } from '../rules/index.js';
import { chosenRollMode } from '../cards/kernel/roll-mode.js';
import { postNoteView } from '../cards/kernel/note.js';

export const ABILITY_CHECK_TEMPLATE = systemPath('templates/chat/ability-check.hbs');

/** What a check card shows and records. */
export interface CheckCard {
  /** Lang key of the kind of roll, e.g. `GNG.Chat.AbilityCheck`. */
  heading: string;
  /** Lang key of what is rolled, e.g. `GNG.Ability.str.long`. */
  label: string;
  modifier: number;
  /** Stored in the message's `flags.gng` (with the actor's uuid). */
  flags: Record<string, unknown>;
}

/** Rolls d20 + modifier and posts the card; resolves with the message. */
export async function postCheck(actor: Actor, card: CheckCard): Promise<ChatMessage | null> {
  const roll = await new Roll('1d20 + @mod', { mod: card.modifier }).evaluate();
  // The user's own message: core whispers it to the audience of the mode chosen in the chat controls.
  const data: ChatMessageData = {
    rolls: [roll],
    speaker: ChatMessage.getSpeaker({ actor }),
    flags: { [SYSTEM_ID]: { ...card.flags, actorUuid: actor.uuid } },
  };
  ChatMessage.applyRollMode(data, chosenRollMode());
  const message = await postNoteView(
    'ability-check',
    {
      heading: { key: card.heading },
      label: { key: card.label },
      // Whose roll it is, on the card itself (the message header's speaker may be hidden or styled away).
      subject: { key: 'GNG.Chat.RolledBy', data: { name: actor.name } },
      formula: roll.formula,
      total: roll.total as number,
    },
    data,
  );
  return message ?? null;
}

export async function postAbilityCheck(
  actor: Actor,
  ability: Ability,
  modifier: number,
): Promise<ChatMessage | null> {
  return postCheck(actor, {
    heading: 'GNG.Chat.AbilityCheck',
    label: `GNG.Ability.${ability}.long`,
    modifier,
    flags: { type: 'abilityCheck', ability },
  });
}
