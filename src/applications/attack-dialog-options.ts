/**
 * The attack dialog's part for the core combat options GnG keeps (issue #18): each target's
 * concealment, shooting or throwing into a melee (ticked when the target stands next to an ally of
 * the shooter, by token disposition), fighting defensively, and the off-hand attack of two-weapon
 * fighting. The numbers are the engine's, through the attack preview (combat-options-lines.ts).
 */
import { CONCEALMENT_DEGREES, type ConcealmentDegree } from '../rules/index.js';
import type { AttackOptions } from '../cards/attack/attack-options.js';
import { adjacent } from '../combat/scene-grid.js';
import { tokenOf, tokensOn } from '../combat/scene-lookup.js';
import { FIGHTING_DEFENSIVELY, offHandWeapons, twoWeaponFor } from '../cards/attack/combat-options-lines.js';
import { sunderView } from '../cards/attack/sunder.js';
import { t, f, signed } from '../format.js';

/** Foundry's `CONST.TOKEN_DISPOSITIONS`: FRIENDLY 1, NEUTRAL 0, HOSTILE −1 (SECRET −2). */
const FRIENDLY = 1;
const HOSTILE = -1;

function dispositionOf(token: TokenDocument): number | null {
  const value = (token as unknown as { disposition?: unknown }).disposition;
  return typeof value === 'number' ? value : null;
}

/**
 * The first targeted token standing next to an ally of the shooter (a token of the shooter's own
 * disposition, friendly or hostile, other than the shooter and the target): null when none, or when
 * the tokens carry no disposition (then the player ticks the box).
 */
export function targetNextToAlly(actor: Actor, targets: readonly Token[]): Token | null {
  const scene = targets[0]?.document.parent ?? null;
  const shooter = scene ? tokenOf(actor, { scene }) : tokenOf(actor);
  const side = shooter ? dispositionOf(shooter) : null;
  if (!shooter || (side !== FRIENDLY && side !== HOSTILE)) return null;
  const allies = tokensOn(shooter.parent).filter(
    (token) => token.id !== shooter.id && token.actor !== actor && dispositionOf(token) === side,
  );
  return targets.find((target) => allies.some((ally) => adjacent(ally, target.document))) ?? null;
}

/** The combat options of the dialog's form fields (flat names, as `FormDataExtended` gives them). */
export function combatOptionsFromForm(data: Record<string, unknown>): Partial<AttackOptions> {
  const options: Partial<AttackOptions> = {};
  const concealment: Record<string, ConcealmentDegree> = {};
  for (const [key, value] of Object.entries(data)) {
    const id = key.startsWith('concealment.') ? key.slice('concealment.'.length) : null;
    if (!id || typeof value !== 'string' || value === 'none') continue;
    if ((CONCEALMENT_DEGREES as readonly string[]).includes(value))
      concealment[id] = value as ConcealmentDegree;
  }
  if (Object.keys(concealment).length) options.concealment = concealment;
  if (data.intoMelee === true) options.intoMelee = true;
  if (data.fightingDefensively === true) options.fightingDefensively = true;
  if (typeof data.offHand === 'string' && data.offHand) options.offHand = data.offHand;
  if (typeof data.sunder === 'string' && data.sunder) options.sunder = { itemId: data.sunder };
  return options;
}

/** What the dialog shows of the combat options for `weapon` of `actor` against `targets`. */
export function combatOptionsView(
  actor: Actor,
  weapon: Item,
  mode: 'melee' | 'ranged' | null,
  targets: readonly Token[],
  chosen: AttackOptions | null,
  id: (name: string) => string,
) {
  const ally = mode === 'ranged' ? targetNextToAlly(actor, targets) : null;
  const defending = actor.statuses?.has(FIGHTING_DEFENSIVELY) ?? false;
  const offHands = offHandWeapons(actor, weapon).flatMap((row) => {
    const item = actor.items.get(row.itemId);
    if (!item) return [];
    const penalties = twoWeaponFor(actor, item);
    return [
      {
        value: row.itemId,
        label: f('GNG.CombatOptions.OffHandChoice', {
          weapon: row.name,
          primary: signed(penalties.primary),
          offHand: signed(penalties.offHand),
        }),
        selected: chosen?.offHand === row.itemId,
      },
    ];
  });
  return {
    concealment: targets.map((token) => ({
      id: id(`concealment-${token.id}`),
      name: `concealment.${token.id}`,
      label: f('GNG.CombatOptions.ConcealmentLabel', { name: token.document.name || token.actor?.name }),
      choices: CONCEALMENT_DEGREES.map((degree) => ({
        value: degree,
        label: t(`GNG.CombatOptions.Degree.${degree}`),
        selected: (chosen?.concealment?.[token.id] ?? 'none') === degree,
      })),
    })),
    intoMelee: {
      show: mode === 'ranged',
      id: id('into-melee'),
      // First render: ticked when a target stands next to an ally; afterwards the player's choice.
      checked: chosen ? chosen.intoMelee === true : ally !== null,
      hint: ally
        ? f('GNG.CombatOptions.IntoMeleeAuto', { name: ally.document.name, attacker: actor.name })
        : '',
    },
    fightingDefensively: {
      id: id('fighting-defensively'),
      checked: defending || chosen?.fightingDefensively === true,
      disabled: defending,
      hint: defending ? f('GNG.CombatOptions.FightingDefensivelyOn', { name: actor.name }) : '',
    },
    // Sunder: the single target's held weapons and shields (sunder.ts).
    sunder: sunderView(targets, chosen, id),
    offHand: {
      show: offHands.length > 0,
      id: id('off-hand'),
      choices: [
        { value: '', label: t('GNG.CombatOptions.OffHandNone'), selected: !chosen?.offHand },
        ...offHands,
      ],
    },
  };
}
