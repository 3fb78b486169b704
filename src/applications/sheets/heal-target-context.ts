/**
 * The sheet's "Heal the target" group and the patient it reads (split from actor-context.ts to keep
 * it readable at once): the user's one targeted token's actor is the patient.
 */
import { disabledPartsOf, type RestPart } from '../../cards/shared/rest-read.js';
import { t, f } from '../../format.js';

/** The patient of a heal from a sheet: the user's one targeted token's actor, or why there is none. */
export function healPatientOf(user: User): { patient: Actor | null; problem: string | null } {
  const targets = [...user.targets];
  if (targets.length > 1)
    return { patient: null, problem: f('GNG.Heal.Sheet.ManyTargets', { count: targets.length }) };
  const token = targets[0];
  if (!token) return { patient: null, problem: t('GNG.Heal.Sheet.NoTarget') };
  if (!token.actor) return { patient: null, problem: t('GNG.Heal.Sheet.NoActor') };
  return { patient: token.actor, problem: null };
}

/**
 * The Effects tab's "Heal the target" group (owners only, else null): this actor is the healer,
 * the user's one target the patient; its disabled parts for surgery. Read again when pressed.
 */
export function healTargetContext(
  actor: Actor,
  user: User,
): {
  id: string;
  hint: string;
  status: string;
  patientUuid: string;
  tendLabel: string;
  surgeryLabel: string;
  parts: RestPart[];
  noParts: string;
} | null {
  if (!actor.isOwner) return null;
  const { patient, problem } = healPatientOf(user);
  const name = patient?.name ?? '';
  const parts = patient ? disabledPartsOf(patient) : [];
  return {
    id: `gng-${actor.uuid.replace(/[^\w-]/g, '-')}-heal`,
    hint: f('GNG.Heal.Sheet.Hint', { healer: actor.name }),
    status: patient ? f('GNG.Heal.Sheet.Patient', { patient: name }) : (problem ?? ''),
    patientUuid: patient?.uuid ?? '',
    tendLabel: patient ? f('GNG.Heal.Sheet.Tend', { patient: name }) : t('GNG.Heal.Sheet.TendAny'),
    surgeryLabel: patient ? f('GNG.Heal.Sheet.Surgery', { patient: name }) : t('GNG.Heal.Sheet.SurgeryAny'),
    parts,
    noParts: patient && !parts.length ? f('GNG.Heal.Sheet.NoParts', { patient: name }) : '',
  };
}
