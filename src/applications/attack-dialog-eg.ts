/**
 * The attack dialog under the Enlightened Grognard model (seed 003; issue #31): the attacker's
 * proactive tokens of the attack's type with its pool shown (003:381–384, 394, 407), fighting
 * defensively and a charge (melee), an area attack with its primary target and the die its tokens
 * raise (003:1471–1482), what the weapon costs (non-proficient, shield bash), and the preview's
 * total from the chapter's parts (eg-attack.ts). The pool is read, never written, here: the GM's
 * client spends it through the token store when the card is made.
 */
import { attackAbility, attackRollTokenType } from '../rules/models/eg/attack-card.js';
import type { AttackOptions } from '../cards/attack/attack-options.js';
import type { AttackPreview } from '../cards/attack/attack-preview.js';
import { attackRowOf } from '../cards/attack/attack-preview.js';
import { modelPreview } from './attack-dialog-model.js';
import { egAttackParts, isShieldBash } from '../cards/attack/eg-attack.js';
import { EG_AREA_DICE, MAX_EG_SPEND, type EgAttackChoices } from '../cards/attack/eg-options.js';
import { egCombatOf } from '../cards/attack/eg-card-tokens.js';
import { tokenPool } from '../combat/eg-token-store.js';
import { t, f } from '../format.js';

/** The EG choices of the dialog's form fields (flat names, as `FormDataExtended` gives them). */
export function egOptionsFromForm(data: Record<string, unknown>): Partial<AttackOptions> {
  const eg: EgAttackChoices = {};
  const spend = Number(data['eg.spend']);
  if (Number.isInteger(spend) && spend > 0) eg.spend = Math.min(MAX_EG_SPEND, spend);
  if (data['eg.fightingDefensively'] === true) eg.fightingDefensively = true;
  if (data['eg.charge'] === true) eg.charge = true;
  const primary = data['eg.areaPrimary'];
  if (data['eg.area'] === true && typeof primary === 'string' && primary) {
    const on = data['eg.areaSpendOn'];
    eg.area = { primary, ...(on === 'others' ? { spendOn: 'others' as const } : {}) };
  }
  return Object.keys(eg).length ? { eg } : {};
}

/** The preview under the chapter: its own parts and total. */
export function egPreview(
  actor: Actor,
  weapon: Item,
  options: AttackOptions,
  preview: AttackPreview | null,
): AttackPreview | null {
  return modelPreview(actor, weapon, preview, (row) => egAttackParts(actor, row, options));
}

/** "3 power, 1 speed, 0 insight (2 persistent)": a pool as the dialog shows it; null out of a fight. */
function poolText(actor: Actor): string | null {
  const combat = egCombatOf(actor);
  if (!combat) return null;
  const pool = tokenPool(combat, actor);
  // The NPCs' communal pool is the GM's (003:476–478): its counts are not shown to a player who owns an NPC.
  if (pool.communal && !game.user.isGM) return t('GNG.Model.EG.Sheet.CommunalHidden');
  const types = ['power', 'speed', 'insight'] as const;
  const counts = types.map((type) =>
    f('GNG.Model.EG.Option.poolType', {
      n: pool.encounter[type] + pool.persistent[type],
      type: t(`GNG.Model.EG.Token.Type.${type}`),
      persistent: pool.persistent[type],
    }),
  );
  return f(pool.communal ? 'GNG.Model.EG.Option.poolCommunal' : 'GNG.Model.EG.Option.pool', {
    counts: counts.join(', '),
  });
}

/** What the dialog shows of the chapter's choices for an attack in `mode` against `targets`. */
export function egDialogView(
  actor: Actor,
  weapon: Item,
  mode: 'melee' | 'ranged' | null,
  targets: readonly Token[],
  chosen: AttackOptions,
  id: (name: string) => string,
) {
  const eg = chosen.eg ?? {};
  const type = attackRollTokenType(attackAbility(mode ?? 'melee'));
  const row = attackRowOf(actor, weapon);
  const nameOf = (token: Token) => token.document.name || token.actor?.name || '';
  const costs = [
    ...(row && !row.proficient
      ? [f('GNG.Model.EG.Option.nonProficient', { type: t(`GNG.Model.EG.Token.Type.${type}`) })]
      : []),
    ...(isShieldBash(weapon) ? [t('GNG.Model.EG.Option.shieldBash')] : []),
  ];
  return {
    pool: poolText(actor) ?? t('GNG.Model.EG.Option.noPool'),
    spend: {
      id: id('eg-spend'),
      value: eg.spend ?? 0,
      max: MAX_EG_SPEND,
      label: f('GNG.Model.EG.Option.spend', { type: t(`GNG.Model.EG.Token.Type.${type}`) }),
    },
    costs,
    fightingDefensively: {
      id: id('eg-fighting-defensively'),
      checked: eg.fightingDefensively === true,
      show: mode !== 'ranged',
    },
    charge: {
      id: id('eg-charge'),
      checked: eg.charge === true,
      show: mode !== 'ranged' && targets.length === 1,
    },
    area: {
      show: targets.length > 0,
      id: id('eg-area'),
      checked: eg.area !== undefined,
      primary: {
        id: id('eg-area-primary'),
        choices: targets.map((token) => ({
          value: token.id,
          label: nameOf(token),
          selected: eg.area?.primary === token.id,
        })),
      },
      spendOn: {
        id: id('eg-area-spend-on'),
        choices: EG_AREA_DICE.map((die) => ({
          value: die,
          label: t(`GNG.Model.EG.Option.areaDie.${die}`),
          selected: (eg.area?.spendOn ?? 'primary') === die,
        })),
      },
    },
  };
}
