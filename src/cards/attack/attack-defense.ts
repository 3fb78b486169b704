/**
 * The defender's defense against an attack on the card, through the world's combat model (issue
 * #26, `model.defenseAgainst`): the defender's derived Defense input as this card adjusts it (a
 * sundered item, a defensive option taken after the attack roll, Brilliant Energy), the attack's
 * mode and touch, and the states of this attack (the dialog's defender situation, an invisible
 * attacker). GnG's defense is rolled and carries its whole breakdown, which the card's lines show.
 */
import {
  attackRollModifiers,
  expandConditions,
  type CombatModel,
  type DefenseBreakdown,
  type DefensePart,
  type DefenseSpec,
  type DefenseState,
} from '../../rules/index.js';
import { combatModel } from '../../settings/combat-model.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import { capabilityRefusal } from '../model-guard.js';
import type { CardPart, CardTarget } from './attack-state.js';
import { sunderDefenseInput } from './sunder.js';
import { defensiveInputFor } from './combat-options-gm.js';
import { t, f } from '../../format.js';

const DEFENSE_STATE_KEYS = ['GNG.Status', 'GNG.DefenseState'];
function stateKey(id: string): string {
  for (const prefix of DEFENSE_STATE_KEYS) if (game.i18n.has(`${prefix}.${id}`)) return `${prefix}.${id}`;
  return id;
}

/** The card's lines and notes of a GnG Defense breakdown (lost bonuses, the automatic 1). */
export function defenseParts(breakdown: DefenseBreakdown): { parts: CardPart[]; notes: string[] } {
  const parts: CardPart[] = [];
  for (const [part, value] of Object.entries(breakdown.parts) as [DefensePart, number][]) {
    if (value === 0 || part === 'situation' || part === 'conditions') continue;
    parts.push({ label: `GNG.Defense.Part.${part}`, value });
  }
  for (const m of breakdown.modifiers) parts.push({ label: stateKey(m.source), value: m.value });
  const notes = breakdown.removed.map((r) =>
    f('GNG.Attack.Lost', {
      part: t(`GNG.Defense.Part.${r.part}`),
      value: r.value,
      reasons: r.reasons.map((why) => t(stateKey(why))).join(', '),
    }),
  );
  if (breakdown.autoRollOne) notes.unshift('GNG.Defense.AutoRollOne');
  return { parts, notes };
}

/** What of an attack its Defense depends on: the card's state, or the attack dialog's choices. */
export interface DefendedAttack {
  mode: 'melee' | 'ranged';
  touch: boolean;
  attackerConditions: readonly string[];
  defenderSituation?: readonly DefenseState[];
}

/**
 * The defender's defense against this attack under `model` (default the world's): the card's Defense
 * (rolled or static), and the odds (the dialog's, without a card yet, and the card's own, by its model).
 */
export function defenseSpecAgainst(
  attack: DefendedAttack,
  defender: Actor,
  brilliant: boolean,
  card: { target?: CardTarget; messageId: string } | null,
  model: CombatModel = combatModel(),
): DefenseSpec {
  // A sundered item: its holder's roll with the item's size and no shield (sunder.ts). No dodge bonus
  // of a defensive option taken after this card's attack roll (combat-options-card.ts).
  const derivedInput = {
    ...defender.system.derived.defenseInput,
    ...(card ? defensiveInputFor(defender, card.messageId) : {}),
    ...(card?.target ? sunderDefenseInput(card.target) : {}),
  };
  // Brilliant Energy: "shield bonuses to Defense (including any enhancement bonuses …) do not count".
  const input = brilliant ? { ...derivedInput, shield: 0, shieldEnhancement: 0 } : derivedInput;
  const blinded = expandConditions(defender.statuses).has('blinded');
  const invisible = attack.attackerConditions.filter((c): c is 'invisible' => c === 'invisible');
  const losesDex = attackRollModifiers({
    mode: attack.mode,
    conditions: invisible,
    targetBlinded: blinded,
  }).defenderLosesDexterity;
  const states: DefenseState[] = [...(attack.defenderSituation ?? [])];
  if (losesDex) states.push('attacker-invisible');
  return model.defenseAgainst(
    { mode: attack.mode, touch: attack.touch, states },
    { ...modelCreatureOf(defender), defense: input },
  );
}

/**
 * The defender's rolled Defense against this attack, its breakdown (GnG): the card's Defense roll
 * and the odds. Refused under a model whose defense is not rolled.
 */
export function defenseAgainst(
  attack: DefendedAttack,
  defender: Actor,
  brilliant: boolean,
  card: { target?: CardTarget; messageId: string } | null,
): DefenseBreakdown {
  const spec = defenseSpecAgainst(attack, defender, brilliant, card);
  if (spec.kind !== 'rolled' || !spec.breakdown) throw capabilityRefusal('GNG.Model.Action.rollDefense');
  return spec.breakdown;
}
