/**
 * The attack dialog under the Time Count and Threshold of Pain model (seed 002; issue #32): a quick
 * strike (002:513–525), two weapons together or alternating (002:691; together names the other weapon
 * in GnG's off-hand field), an unarmed strike with the feet (002:695), striking each other at the
 * same count (002:687), and the preview's total from the chapter's parts (tc-attack.ts). What they do
 * is decided on the GM's client when the card is made.
 */
import type { AttackOptions } from '../cards/attack/attack-options.js';
import type { AttackPreview } from '../cards/attack/attack-preview.js';
import { modelPreview } from './attack-dialog-model.js';
import { isUnarmed, tcAttackParts } from '../cards/attack/tc-attack.js';
import { TC_TWO_WEAPONS, type TcAttackChoices } from '../rules/models/tc/attack-card.js';

const t = (key: string) => game.i18n.localize(key);

/** The TC choices of the dialog's form fields (flat names, as `FormDataExtended` gives them). */
export function tcOptionsFromForm(data: Record<string, unknown>): Partial<AttackOptions> {
  const tc: TcAttackChoices = {};
  if (data['tc.quickStrike'] === true) tc.quickStrike = true;
  const two = data['tc.twoWeapons'];
  if (two === 'together' || two === 'alternate') tc.twoWeapons = two;
  if (data['tc.feet'] === true) tc.feet = true;
  if (data['tc.simultaneous'] === true) tc.simultaneous = true;
  return Object.keys(tc).length ? { tc } : {};
}

/** The preview under the chapter: its own parts and total. */
export function tcPreview(
  actor: Actor,
  weapon: Item,
  options: AttackOptions,
  preview: AttackPreview | null,
): AttackPreview | null {
  return modelPreview(actor, weapon, preview, (row) => tcAttackParts(actor, weapon, row, options));
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
  };
}
