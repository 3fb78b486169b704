/**
 * The playground under the Time Count and Threshold of Pain model (seed 002, issue #32):
 * - the text's three combatants of the Time Count example (002:243) as a pack of the playground only
 *   ("Time Count example"): Zherynn with a dagger (Fast), Aeus with a mace (Standard), both players'
 *   characters, and Garret, an NPC with a long sword (Standard); each a 1st-level fighter (d10, good
 *   base attack), so that the table's side pickers can set the example up;
 * - on the turn order, Foundry's "Roll initiative" for a combatant without one (the d20 of its row,
 *   shown to its owners and GMs), which the harness's list lacks: under the model the roll is the
 *   system's request to the GM's client (src/combat/tc-initiative.ts);
 * - on a side panel, the stored health the model adds to HP: fatigue and the hits taken this combat
 *   against the Threshold of Pain (`model.tc.fatigue`, `model.tc.topLost`).
 * Nothing here computes a rule: the numbers are the system's.
 */
import type { PlaygroundPack } from './packs.js';
import { element, f, t } from './dom.js';
import { modelOffers } from '../src/settings/combat-model.js';

/** A 1st-level fighter's class item (d10 hit die, good base attack: BAB 1). */
function fighterLevel(id: string): Record<string, unknown> {
  return {
    _id: id,
    name: 'Fighter',
    type: 'class',
    system: {
      identifier: 'fighter',
      kind: 'class',
      levels: 1,
      hitDie: 10,
      hpProgression: 'good',
      babProgression: 'good',
      defenseProgression: 'good',
      saves: { fort: 'good', ref: 'poor', will: 'poor' },
    },
  };
}

function weapon(id: string, name: string, system: Record<string, unknown>): Record<string, unknown> {
  return { _id: id, name, type: 'weapon', system: { equipped: true, rangeIncrement: 0, ...system } };
}

const abilities = (scores: Partial<Record<'str' | 'dex' | 'con' | 'int' | 'wis' | 'cha', number>>) =>
  Object.fromEntries(
    (['str', 'dex', 'con', 'int', 'wis', 'cha'] as const).map((k) => [k, { value: scores[k] ?? 10 }]),
  );

/**
 * The example's combatants (002:243); abilities 10 unless named, so Wisdom adds nothing to initiative.
 * Their HP are GnG's maximum (Con + the class's 1): the table starts under GnG, and gives each the
 * maximum of the model it switches to.
 */
export const TC_EXAMPLE_PACK: PlaygroundPack = {
  name: 'tc-example',
  type: 'Actor',
  label: 'GNG.Playground.TimeCount.Pack',
  documents: [
    {
      _id: 'gngTcZherynn0001',
      name: 'Zherynn',
      type: 'character',
      system: {
        abilities: abilities({ dex: 14, con: 12 }),
        hp: { value: 13 },
        model: { tc: { attributes: { power: 1 } } },
      },
      items: [
        fighterLevel('gngTcZherynnCls1'),
        weapon('gngTcZherynnDag1', 'Dagger', {
          category: 'simple',
          use: 'light',
          damage: { medium: '1d4' },
          damageTypes: ['piercing'],
          speedClass: 'fast',
        }),
      ],
    },
    {
      _id: 'gngTcAeus0000001',
      name: 'Aeus',
      type: 'character',
      system: { abilities: abilities({ str: 12 }), hp: { value: 11 } },
      items: [
        fighterLevel('gngTcAeusClass01'),
        weapon('gngTcAeusMace001', 'Mace', {
          category: 'simple',
          use: 'one-handed',
          damage: { medium: '1d8' },
          damageTypes: ['bludgeoning'],
          speedClass: 'standard',
        }),
      ],
    },
    {
      _id: 'gngTcGarret00001',
      name: 'Garret',
      type: 'npc',
      system: {
        abilities: abilities({ str: 12 }),
        hp: { value: 11 },
        model: { tc: { attributes: { fortitude: 2, persona: 1 } } },
      },
      items: [
        fighterLevel('gngTcGarretCls01'),
        weapon('gngTcGarretSwd01', 'Long sword', {
          category: 'martial',
          use: 'one-handed',
          damage: { medium: '1d8' },
          damageTypes: ['slashing'],
          speedClass: 'standard',
        }),
      ],
    },
  ],
};

/**
 * Under the Time Count: a "Roll initiative" button on each row of `tracker` whose combatant has no
 * initiative yet, for its owners and GMs (as Foundry's tracker shows its d20).
 */
export function addInitiativeButtons(tracker: HTMLElement, combat: Combat | null): void {
  if (!combat || !modelOffers('timeCount')) return;
  for (const row of tracker.querySelectorAll<HTMLElement>('.combatant[data-combatant-id]')) {
    const combatant = combat.combatants.get(row.dataset.combatantId ?? '');
    if (!combatant || combatant.initiative !== null) continue;
    if (!game.user.isGM && !combatant.actor?.isOwner) continue;
    const name = combatant.actor?.name ?? '';
    const roll = element('button', {
      type: 'button',
      className: 'pg-roll-initiative',
      textContent: t('GNG.Playground.TimeCount.RollInitiative'),
      title: f('GNG.Playground.TimeCount.RollInitiativeFor', { name }),
    });
    roll.setAttribute('aria-label', f('GNG.Playground.TimeCount.RollInitiativeFor', { name }));
    roll.addEventListener('click', () => void combat.rollInitiative([combatant.id]));
    row.append(roll);
  }
}

/** Under the Time Count: the panel's line of `actor`'s fatigue and ToP hits this combat; null otherwise. */
export function tcHealthLine(actor: Actor): HTMLElement | null {
  if (!modelOffers('fatigue')) return null;
  const tc = (actor.system as { model?: { tc?: { fatigue?: unknown; topLost?: unknown } } }).model?.tc;
  return element('p', {
    className: 'pg-tc-health',
    textContent: f('GNG.Playground.TimeCount.Health', {
      fatigue: typeof tc?.fatigue === 'number' ? tc.fatigue : 0,
      lost: typeof tc?.topLost === 'number' ? tc.topLost : 0,
    }),
  });
}
