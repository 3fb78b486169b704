/** Chat cards of d20 checks (abilities, saves, skills): a Foundry `Roll` (so Dice So Nice shows it) and our template. */
import { SYSTEM_ID, systemPath } from '../config/document-types.js';
import type { Ability } from '../rules/index.js';
import { chosenRollMode } from '../cards/kernel/roll-mode.js';

export const ABILITY_CHECK_TEMPLATE = systemPath('templates/chat/ability-check.hbs');

/** What a check card shows and records. */
export interface CheckCard {
  /** Localized kind of roll, e.g. "Ability check". */
  heading: string;
  /** Localized name of what is rolled, e.g. "Strength". */
  label: string;
  modifier: number;
  /** Stored in the message's `flags.gng` (with the actor's uuid). */
  flags: Record<string, unknown>;
}

/** Rolls d20 + modifier and posts the card; resolves with the message. */
export async function postCheck(actor: Actor, card: CheckCard): Promise<ChatMessage | null> {
  const roll = await new Roll('1d20 + @mod', { mod: card.modifier }).evaluate();
  const content = await foundry.applications.handlebars.renderTemplate(ABILITY_CHECK_TEMPLATE, {
    heading: card.heading,
    label: card.label,
    // Whose roll it is, on the card itself (the message header's speaker may be hidden or styled away).
    subject: game.i18n.format('GNG.Chat.RolledBy', { name: actor.name }),
    formula: roll.formula,
    total: roll.total,
  });
  // The user's own message: core whispers it to the audience of the mode chosen in the chat controls.
  const data: ChatMessageData = {
    content,
    rolls: [roll],
    speaker: ChatMessage.getSpeaker({ actor }),
    flags: { [SYSTEM_ID]: { ...card.flags, actorUuid: actor.uuid } },
  };
  ChatMessage.applyRollMode(data, chosenRollMode());
  const message = await ChatMessage.create(data);
  return message ?? null;
}

export async function postAbilityCheck(
  actor: Actor,
  ability: Ability,
  modifier: number,
): Promise<ChatMessage | null> {
  return postCheck(actor, {
    heading: game.i18n.localize('GNG.Chat.AbilityCheck'),
    label: game.i18n.localize(`GNG.Ability.${ability}.long`),
    modifier,
    flags: { type: 'abilityCheck', ability },
  });
}
