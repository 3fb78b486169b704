/**
 * The Feats tab's feat actions (issue #18): Sudden Action (steps up the initiative count, at most the
 * character level) and Tactical Aid (attack or Defense), shown to the actor's owners when it has the
 * feat. The buttons call `game.gng.suddenAction` / `game.gng.tacticalAid` (src/cards/feat-actions/).
 */
import type { DerivedCreature } from '../../data/actor/derive-creature.js';
import type { WeaponData } from '../../data/item/item-data.js';
import { bluntEndEligible, DYNAMIC_GRIP } from '../../data/actor/feat-weapons.js';
import { t } from '../../format.js';

export interface FeatActionsView {
  sudden: { max: number; label: string } | null;
  aid: { choices: { value: string; label: string }[] } | null;
  /** Dynamic Grip: the weapons whose blunt end may be added (those without one yet). */
  bluntEnd: { choices: { value: string; label: string }[] } | null;
}

/** The feat actions the sheet offers (null when none, or the sheet is not editable). */
export function featActionsContext(
  derived: DerivedCreature,
  editable: boolean,
  items: readonly Item[] = [],
): FeatActionsView | null {
  if (!editable) return null;
  const sudden = derived.feats.includes('sudden-action')
    ? { max: Math.max(1, derived.level), label: t('GNG.FeatAction.SuddenAction') }
    : null;
  const aid = derived.feats.includes('tactical-aid')
    ? {
        choices: (['attack', 'defense'] as const).map((value) => ({
          value,
          label: t(`GNG.FeatAction.BonusToChoice.${value}`),
        })),
      }
    : null;
  const ends = new Set(items.map((i) => i.flags?.gng?.bluntEndOf).filter(Boolean));
  const weapons = derived.feats.includes(DYNAMIC_GRIP)
    ? items.filter(
        (i) =>
          i.type === 'weapon' &&
          bluntEndEligible(i.system as WeaponData) &&
          !ends.has(i.id) &&
          !i.flags?.gng?.bluntEndOf,
      )
    : [];
  const bluntEnd = weapons.length
    ? { choices: weapons.map((i) => ({ value: i.id as string, label: i.name })) }
    : null;
  return sudden || aid || bluntEnd ? { sudden, aid, bluntEnd } : null;
}

/** The steps and the choice the sheet's controls hold (the group around `target`). */
export function featActionInputs(
  target: HTMLElement,
  root: HTMLElement,
): { steps: number; bonusTo: string; weaponId: string } {
  const box = target.closest('.gng-feat-actions') ?? root;
  const steps = Number(box.querySelector<HTMLInputElement>('.sudden-steps')?.value ?? 1);
  const bonusTo = box.querySelector<HTMLSelectElement>('.aid-choice')?.value ?? 'attack';
  const weaponId = box.querySelector<HTMLSelectElement>('.blunt-end-weapon')?.value ?? '';
  return { steps, bonusTo, weaponId };
}
