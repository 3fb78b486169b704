/** Chat card of an ability check: a Foundry `Roll` (so Dice So Nice shows it) and our template. */
import { SYSTEM_ID, systemPath } from '../config/document-types.js';
import type { Ability } from '../rules/index.js';

export const ABILITY_CHECK_TEMPLATE = systemPath('templates/chat/ability-check.hbs');

export async function postAbilityCheck(
  actor: Actor,
  ability: Ability,
  modifier: number,
): Promise<ChatMessage | null> {
  const roll = await new Roll('1d20 + @mod', { mod: modifier }).evaluate();
  const content = await foundry.applications.handlebars.renderTemplate(ABILITY_CHECK_TEMPLATE, {
    actorName: actor.name,
    abilityLabel: game.i18n.localize(`GNG.Ability.${ability}.long`),
    formula: roll.formula,
    total: roll.total,
  });
  const message = await ChatMessage.create({
    content,
    rolls: [roll],
    speaker: ChatMessage.getSpeaker({ actor }),
    flags: { [SYSTEM_ID]: { type: 'abilityCheck', ability, actorUuid: actor.uuid } },
  });
  return message ?? null;
}
