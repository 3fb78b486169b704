/**
 * A weapon's attack roll to chat: a Foundry `Roll` of 1d20 + the derived attack bonus and, on a
 * natural 20 or 1, the d10 chain of the rules engine (`criticalKindForNatural`, `criticalChainRoll`),
 * each d10 a Foundry `Roll` too (so Dice So Nice shows them). Cancellable with `gng.preRollAttack`
 * (return false); `gng.rollAttack` fires after the card is posted.
 *
 * Provisional: the opposed attack flow (Defense roll, Relative Degree, damage) will replace this.
 */
import { SYSTEM_ID, systemPath } from '../config/document-types.js';
import type { CreatureData } from '../data/actor/creature-data.js';
import type { AttackSummary } from '../data/actor/derive-creature.js';
import {
  criticalChainRoll,
  criticalKindForNatural,
  type CriticalKind,
  type DiceSource,
} from '../rules/index.js';

export const ATTACK_ROLL_TEMPLATE = systemPath('templates/chat/attack-roll.hbs');

/** What `gng.preRollAttack` handlers receive and may change (`bonus`). */
export interface AttackRollConfig {
  itemId: string;
  name: string;
  bonus: number;
  attack: AttackSummary;
}

/** Thrown by the chain's dice source when it needs a d10 not rolled yet. */
class NeedAnotherD10 extends Error {}

/**
 * Rolls the engine's chain with Foundry dice. The engine decides when the chain ends (its dice
 * source asks for another d10); each d10 it asks for is rolled as a Foundry Roll and the chain is
 * read again with the dice rolled so far.
 */
async function rollChain(kind: CriticalKind): Promise<{ rolls: Roll[]; d10s: number[]; adjustment: number }> {
  const rolls: Roll[] = [];
  for (;;) {
    let index = 0;
    const source: DiceSource = {
      roll(faces: number): number {
        const roll = rolls[index++];
        if (!roll) throw new NeedAnotherD10();
        if (faces !== 10) throw new RangeError(`a critical chain rolls d10s, not d${faces}`);
        return roll.total as number;
      },
    };
    try {
      const chain = criticalChainRoll(kind, source);
      return { rolls, d10s: chain.d10s, adjustment: chain.adjustment };
    } catch (error) {
      if (!(error instanceof NeedAnotherD10)) throw error;
      rolls.push(await new Roll('1d10').evaluate());
    }
  }
}

/** Rolls the attack of the actor's equipped weapon `itemId`; resolves with the message, or null. */
export async function rollAttack(actor: Actor, itemId: string): Promise<ChatMessage | null> {
  const system = actor.system as CreatureData;
  const attack = system.derived.attacks.find((a) => a.itemId === itemId);
  if (!attack) {
    const name = actor.items.get(itemId)?.name ?? itemId;
    ui.notifications.warn(game.i18n.format('GNG.Error.NoAttack', { name }));
    return null;
  }
  const config: AttackRollConfig = { itemId, name: attack.name, bonus: attack.bonus, attack };
  if (Hooks.call('gng.preRollAttack', actor, config) === false) return null;

  const roll = await new Roll('1d20 + @bonus', { bonus: config.bonus }).evaluate();
  const natural = roll.dice[0]?.results[0]?.result ?? 0;
  const kind = criticalKindForNatural(natural);
  const chain = kind ? await rollChain(kind) : null;
  const total = (roll.total ?? 0) + (chain?.adjustment ?? 0);

  const content = await foundry.applications.handlebars.renderTemplate(ATTACK_ROLL_TEMPLATE, {
    heading: game.i18n.localize('GNG.Chat.Attack'),
    name: config.name,
    formula: roll.formula,
    natural,
    chain: chain && {
      label: game.i18n.localize(`GNG.Chat.Critical.${kind}`),
      d10s: chain.d10s.join(', '),
      adjustment: signed(chain.adjustment),
    },
    total,
    damage: attack.damage,
    damageLabel: game.i18n.localize('GNG.Sheet.Attack.Damage'),
    naturalLabel: game.i18n.localize('GNG.Chat.Natural'),
    totalLabel: game.i18n.localize('GNG.Chat.Total'),
  });
  const message = await ChatMessage.create({
    content,
    rolls: [roll, ...(chain?.rolls ?? [])],
    speaker: ChatMessage.getSpeaker({ actor }),
    flags: {
      [SYSTEM_ID]: {
        type: 'attack',
        itemId,
        actorUuid: actor.uuid,
        natural,
        critical: kind,
        chain: chain?.d10s ?? [],
        total,
      },
    },
  });
  Hooks.callAll('gng.rollAttack', actor, message ?? null, config);
  return message ?? null;
}

function signed(value: number): string {
  return value >= 0 ? `+${value}` : `${value}`;
}
