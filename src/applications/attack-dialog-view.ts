/**
 * The attack dialog's view parts that need no dialog state (split from attack-dialog.ts to keep it
 * readable at once): the fire-mode block, the live preview and the Power Attack / sneak attack hints.
 * Every number comes from the preview (the rules engine); these only localize and arrange it.
 */
import { FIRE_CHOICES, type AttackOptions } from '../cards/attack/attack-options.js';
import type { AttackPreview } from '../cards/attack/attack-preview.js';
import { scattershotContext, type ScattershotPlan } from '../cards/attack/scattershot.js';
import { barrelsOf, controlledBurstOptions, fireRefusal } from '../cards/attack/firearms.js';
import { fireModeOffered } from '../cards/attack/attack-model.js';
import type { WeaponData } from '../data/item/item-data.js';
import { roundsOf } from '../combat/ammunition.js';
import { t, signed } from '../format.js';

/**
 * Firearms: the fire modes (one this weapon cannot fire — no single shots for an accelerated pair,
 * no automatic fire for a burst — is disabled with the reason), a controlled burst's sizes by the
 * attacker's proficiency and base attack, and the rounds loaded.
 */
export function fireView(actor: Actor, item: Item, chosen: AttackOptions, id: (name: string) => string) {
  const weapon = item.system as WeaponData;
  const rounds = roundsOf(item);
  if (!weapon.firearm?.fireModes.length && !rounds) return { show: false };
  const mode = chosen.fire?.mode ?? 'single';
  const sizes = controlledBurstOptions(actor);
  return {
    show: true,
    id: id('fire-mode'),
    rounds: rounds
      ? game.i18n.format('GNG.Fire.RoundsHint', {
          weapon: item.name,
          loaded: rounds.loaded,
          capacity: rounds.capacity,
          barrels: barrelsOf(item),
        })
      : null,
    modes: FIRE_CHOICES.filter((value) => fireModeOffered(value)).map((value) => {
      // Only what the weapon cannot do disables a mode; rounds and proficiency are the preview's.
      const refused = fireRefusal(actor, item, { mode: value });
      const cannot =
        refused && ['GNG.Fire.Refusal.NoSingle', 'GNG.Fire.Refusal.NoAuto'].includes(refused.key);
      const label = t(`GNG.Fire.Mode.${value}`);
      return {
        value,
        label: cannot
          ? game.i18n.format('GNG.CombatOptions.FireModeUnavailable', {
              mode: label,
              reason: game.i18n.format(refused.key, refused.data),
            })
          : label,
        selected: value === mode && !cannot,
        disabled: Boolean(cannot),
      };
    }),
    controlled: {
      show: sizes.length > 0,
      id: id('fire-controlled'),
      choices: [
        {
          value: '',
          label: t('GNG.Fire.ControlledRolled'),
          selected: chosen.fire?.controlled === undefined,
        },
        ...sizes.map((shots) => ({
          value: String(shots),
          label: game.i18n.format('GNG.Fire.ControlledShots', { shots }),
          selected: chosen.fire?.controlled === shots,
        })),
      ],
    },
  };
}

/** The live part of the dialog: total, breakdown lines, called-shot penalty, notes. */
export function previewView(preview: AttackPreview | null, scattershot: ScattershotPlan | null) {
  if (!preview) return null;
  const notes: string[] = [];
  if (preview.calledShot.penetrationNeedsArmor) notes.push(t('GNG.AttackDialog.CalledShot.NeedsArmor'));
  const scatter = scattershotContext(scattershot?.record);
  if (scatter) notes.push(`${scatter.text} ${scatter.targets}`);
  if (!preview.allowed)
    notes.push(game.i18n.format('GNG.AttackDialog.NotAllowed', { reason: preview.reason ?? '' }));
  return {
    total: signed(preview.total),
    // Every part once: the sheet's bonus itemized, then the choices' (the called-shot and strike
    // penalties among them, marked).
    lines: preview.lines.map((line) => ({
      label: game.i18n.has(line.label) ? t(line.label) : line.label,
      value: signed(line.value),
      className: line.kind ? `attack-line ${line.kind}-line` : 'attack-line',
    })),
    strengthDamage: preview.strengthDamage === null ? null : signed(preview.strengthDamage),
    notes,
  };
}

/**
 * Why Power Attack would add nothing (empty: it adds): no feat, or a grip other than two-handed —
 * the engine doubles Strength to damage only with a two-handed grip (`strengthDamageBonus`).
 */
export function powerAttackHint(actor: Actor, preview: AttackPreview | null): string {
  if (!actor.system.derived.feats.includes('power-attack')) return t('GNG.AttackDialog.PowerAttackNeedsFeat');
  const grip = preview?.grip ?? null;
  if (grip === 'two-handed') return '';
  return game.i18n.format('GNG.AttackDialog.PowerAttackGrip', {
    grip: grip ? t(`GNG.AttackDialog.Grip.${grip}`) : t('GNG.AttackDialog.PowerAttackNoGrip'),
  });
}

/**
 * The attacker's sneak attack against this target, as the card will count it (empty: no dice): the
 * bonus, or why it does not count (sneak-attack.ts). Nothing to choose: GnG SNEAK ATTACK applies it.
 */
export function sneakAttackHint(preview: AttackPreview | null): string {
  const sneak = preview?.sneakAttack;
  if (!sneak?.dice) return '';
  return game.i18n.format(`GNG.AttackDialog.SneakAttackHint.${sneak.reason}`, {
    dice: sneak.dice,
    bonus: signed(sneak.bonus),
  });
}
