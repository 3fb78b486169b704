/**
 * The attack dialog under the Time Count and Threshold of Pain model (seed 002; issue #32): a quick
 * strike (002:513–525), two weapons together or alternating (002:691; together names the other weapon
 * in GnG's off-hand field), an unarmed strike with the feet (002:695), striking each other at the
 * same count (002:687), the table's modifiers (higher ground, flanked in melee, rear, no affinity:
 * 002:31–37) and cover (002:38–41), and the preview's total from the chapter's parts (tc-attack.ts;
 * the range penalty from the targets' distance, tc-range.ts). What they do is decided on the GM's
 * client when the card is made.
 */
import type { AttackOptions } from '../cards/attack/attack-options.js';
import type { AttackPreview } from '../cards/attack/attack-preview.js';
import { modelPreview } from './attack-dialog-model.js';
import { isUnarmed, tcAttackParts } from '../cards/attack/tc-attack.js';
import { tcRangeOf } from '../cards/attack/tc-range.js';
import { TC_CHOSEN_MODIFIERS, TC_TWO_WEAPONS, type TcAttackChoices } from '../rules/models/tc/attack-card.js';
import { TC_ATTACK_MODIFIERS, TC_COVER, type TcCover } from '../rules/models/tc/attack-bonus.js';
import { t, signed } from '../format.js';

/** The TC choices of the dialog's form fields (flat names, as `FormDataExtended` gives them). */
export function tcOptionsFromForm(data: Record<string, unknown>): Partial<AttackOptions> {
  const tc: TcAttackChoices = {};
  if (data['tc.quickStrike'] === true) tc.quickStrike = true;
  const two = data['tc.twoWeapons'];
  if (two === 'together' || two === 'alternate') tc.twoWeapons = two;
  if (data['tc.feet'] === true) tc.feet = true;
  if (data['tc.simultaneous'] === true) tc.simultaneous = true;
  const modifiers = TC_CHOSEN_MODIFIERS.filter((id) => data[`tc.modifier.${id}`] === true);
  if (modifiers.length) tc.modifiers = modifiers;
  const cover = data['tc.cover'];
  if (typeof cover === 'string' && cover !== 'none' && Object.hasOwn(TC_COVER, cover))
    tc.cover = cover as TcCover;
  return Object.keys(tc).length ? { tc } : {};
}

/** The preview under the chapter: its own parts (the range from the targeted tokens) and total. */
export function tcPreview(
  actor: Actor,
  weapon: Item,
  options: AttackOptions,
  preview: AttackPreview | null,
  targets: readonly Token[] = [],
): AttackPreview | null {
  return modelPreview(actor, weapon, preview, (row) =>
    tcAttackParts(
      actor,
      weapon,
      row,
      options,
      tcRangeOf(
        actor,
        weapon,
        row.mode,
        targets.map((token) => ({ actor: token.actor, tokenId: token.id })),
      ),
    ),
  );
}

/** What the dialog shows of the chapter's choices for an attack in `mode` against `targets`. */
export function tcDialogView(
  weapon: Item,
  mode: 'melee' | 'ranged' | null,
  targets: readonly Token[],
  chosen: AttackOptions,
  id: (name: string) => string,
) {
  const tc = chosen.tc ?? {};
  return {
    quickStrike: { id: id('tc-quick-strike'), checked: tc.quickStrike === true },
    twoWeapons: {
      id: id('tc-two-weapons'),
      show: mode !== 'ranged',
      choices: [
        { value: '', label: t('GNG.Model.TC.Option.oneWeapon'), selected: !tc.twoWeapons },
        ...TC_TWO_WEAPONS.map((value) => ({
          value,
          label: t(`GNG.Model.TC.Option.${value}`),
          selected: tc.twoWeapons === value,
        })),
      ],
    },
    feet: { id: id('tc-feet'), checked: tc.feet === true, show: isUnarmed(weapon) },
    simultaneous: {
      id: id('tc-simultaneous'),
      checked: tc.simultaneous === true,
      show: targets.length === 1,
    },
    // The table's modifiers (002:31–37; flanked in melee only, 002:642) and cover (002:38–41).
    modifiers: TC_CHOSEN_MODIFIERS.filter((m) => m !== 'flanked' || mode !== 'ranged').map((m) => ({
      id: id(`tc-modifier-${m}`),
      name: `tc.modifier.${m}`,
      checked: tc.modifiers?.includes(m) === true,
      label: `${t(`GNG.Model.TC.Attack.Part.${m}`)} (${signed(TC_ATTACK_MODIFIERS[m])})`,
    })),
    cover: {
      id: id('tc-cover'),
      choices: (Object.keys(TC_COVER) as TcCover[]).map((value) => ({
        value,
        label:
          value === 'none'
            ? t('GNG.Model.TC.Option.Cover.none')
            : `${t(`GNG.Model.TC.Option.Cover.${value}`)} (${signed(TC_COVER[value])})`,
        selected: (tc.cover ?? 'none') === value,
      })),
    },
  };
}
