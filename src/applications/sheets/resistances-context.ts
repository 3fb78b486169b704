/**
 * The actor sheet's "Resistances" block (issue #18): damage reduction as stat-block text and the
 * resistance to each energy type and the immunities (issue #33), edited as the stored fields (`system.resistances.*`), with what
 * Active Effects made of them shown beside when it differs, and the entries that did not parse.
 */
import { ENERGY_TYPES } from '../../rules/index.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import { formatDamageReduction } from '../../data/actor/resistances.js';
import { t, f } from '../../format.js';

export function resistancesContext(actor: Actor) {
  const system = actor.system;
  const source = (actor as unknown as { _source?: { system?: Partial<CreatureData> } })._source?.system;
  const stored = source?.resistances ?? system.resistances;
  const derived = system.derived?.resistances;
  const effective = derived?.damageReduction.map(formatDamageReduction).join(', ') ?? '';
  const storedDr = stored?.dr ?? '';
  return {
    dr: {
      name: 'system.resistances.dr',
      label: t('GNG.Actor.FIELDS.resistances.dr.label'),
      hint: t('GNG.Actor.FIELDS.resistances.dr.hint'),
      value: storedDr,
      // An effect changed it: the damage step uses this.
      effective:
        system.resistances?.dr !== storedDr
          ? f('GNG.Sheet.Resistances.Effective', { value: effective || '—' })
          : null,
      invalid: derived?.invalid.length
        ? f('GNG.Sheet.Resistances.Invalid', { entries: derived.invalid.join(', ') })
        : null,
    },
    immunities: {
      name: 'system.resistances.immunities',
      label: t('GNG.Actor.FIELDS.resistances.immunities.label'),
      hint: t('GNG.Actor.FIELDS.resistances.immunities.hint'),
      value: stored?.immunities ?? '',
      // An effect changed them: the damage step uses these.
      effective:
        (system.resistances?.immunities ?? '') !== (stored?.immunities ?? '')
          ? f('GNG.Sheet.Resistances.Effective', { value: derived?.immunities.join(', ') || '—' })
          : null,
    },
    energy: ENERGY_TYPES.map((type) => {
      const value = stored?.energy?.[type] ?? 0;
      const now = derived?.energy[type] ?? value;
      return {
        type,
        name: `system.resistances.energy.${type}`,
        label: t(`GNG.Actor.FIELDS.resistances.energy.${type}.label`),
        value,
        effective: now !== value ? f('GNG.Sheet.Resistances.Effective', { value: now }) : null,
      };
    }),
  };
}
