/**
 * The attack dialog under the Saga-style model (seed 001; issue #30): the chapter's own choices in
 * place of GnG's situational rows, defender rows, concealment degrees, into melee and fighting
 * defensively — charge, flanking, into melee (−5 or the risk), a coup de grace, and for each target
 * its concealment and cover — and the preview's total from the chapter's parts (saga-attack.ts).
 */
import { INTO_MELEE_CHOICES, type IntoMeleeChoice } from '../rules/models/saga/attack-situation.js';
import { SAGA_MANEUVERS, type SagaManeuver } from '../rules/models/saga/maneuvers.js';
import type { AttackOptions } from '../cards/attack/attack-options.js';
import type { AttackPreview } from '../cards/attack/attack-preview.js';
import { modelPreview } from './attack-dialog-model.js';
import { sagaAttackParts } from '../cards/attack/saga-attack.js';
import { targetNextToAlly } from './attack-dialog-options.js';
import {
  SAGA_COVER,
  SAGA_DEFENDING,
  type SagaAttackChoices,
  type SagaCover,
  type SagaDefendingChoice,
} from '../cards/attack/saga-options.js';
import { t, f } from '../format.js';

const CONCEALMENT = ['concealment', 'total'] as const;

/** The Saga choices of the dialog's form fields (flat names, as `FormDataExtended` gives them). */
export function sagaOptionsFromForm(data: Record<string, unknown>): Partial<AttackOptions> {
  const saga: SagaAttackChoices = {};
  if (data['saga.charge'] === true) saga.charge = true;
  if (data['saga.flanking'] === true) saga.flanking = true;
  const into = data['saga.intoMelee'];
  if (typeof into === 'string' && (INTO_MELEE_CHOICES as readonly string[]).includes(into))
    saga.intoMelee = into as IntoMeleeChoice;
  const concealment: NonNullable<SagaAttackChoices['concealment']> = {};
  const cover: Record<string, SagaCover> = {};
  const defending: Record<string, SagaDefendingChoice> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string') continue;
    if (key.startsWith('saga.concealment.') && (CONCEALMENT as readonly string[]).includes(value))
      concealment[key.slice('saga.concealment.'.length)] = value as (typeof CONCEALMENT)[number];
    if (key.startsWith('saga.cover.') && (SAGA_COVER as readonly string[]).includes(value))
      cover[key.slice('saga.cover.'.length)] = value as SagaCover;
    if (key.startsWith('saga.defending.') && (SAGA_DEFENDING as readonly string[]).includes(value))
      defending[key.slice('saga.defending.'.length)] = value as SagaDefendingChoice;
  }
  if (Object.keys(concealment).length) saga.concealment = concealment;
  if (Object.keys(cover).length) saga.cover = cover;
  if (Object.keys(defending).length) saga.defending = defending;
  const maneuver = data['saga.maneuver'];
  if (typeof maneuver === 'string' && (SAGA_MANEUVERS as readonly string[]).includes(maneuver)) {
    saga.maneuver = maneuver as SagaManeuver;
    const wall = data['saga.wallAfter'];
    // Empty: no wall in the way (FormDataExtended gives null for an empty number field).
    if (maneuver === 'bull-rush' && typeof wall === 'number' && Number.isInteger(wall) && wall >= 0)
      saga.wallAfter = Math.min(100, wall);
  }
  const options: Partial<AttackOptions> = {};
  if (Object.keys(saga).length) options.saga = saga;
  if (data['saga.coupDeGrace'] === true) options.coupDeGrace = true;
  return options;
}

/** The preview under the chapter: the same refusals, its own parts and total. */
export function sagaPreview(
  actor: Actor,
  weapon: Item,
  options: AttackOptions,
  preview: AttackPreview | null,
): AttackPreview | null {
  return modelPreview(actor, weapon, preview, (row) => sagaAttackParts(actor, weapon, row, options));
}

/** What the dialog shows of the chapter's choices for an attack in `mode` against `targets`. */
export function sagaDialogView(
  actor: Actor,
  mode: 'melee' | 'ranged' | null,
  targets: readonly Token[],
  chosen: AttackOptions,
  id: (name: string) => string,
) {
  const saga = chosen.saga ?? {};
  const choice = (value: string, label: string, selected: boolean) => ({ value, label, selected });
  const nameOf = (token: Token) => token.document.name || token.actor?.name || '';
  // The ally note: a target stands next to an ally of the shooter (attack-dialog-options.ts).
  const ally = mode === 'ranged' ? targetNextToAlly(actor, targets) : null;
  // A target's select of one per-target choice (`saga.<key>.<token id>`): none, or one of `values`.
  const perTarget = (token: Token, key: 'concealment' | 'defending' | 'cover', values: readonly string[]) => {
    const now = saga[key]?.[token.id];
    return {
      id: id(`saga-${key}-${token.id}`),
      name: `saga.${key}.${token.id}`,
      label: f(`GNG.Model.Saga.Option.${key}Of`, { name: nameOf(token) }),
      choices: [
        choice('', t(`GNG.Model.Saga.Option.${key}.none`), !now),
        ...values.map((c) => choice(c, t(`GNG.Model.Saga.Option.${key}.${c}`), now === c)),
      ],
    };
  };
  return {
    charge: { id: id('saga-charge'), checked: saga.charge === true, show: mode !== 'ranged' },
    flanking: { id: id('saga-flanking'), checked: saga.flanking === true, show: mode !== 'ranged' },
    coupDeGrace: { id: id('saga-coup-de-grace'), checked: chosen.coupDeGrace === true },
    intoMelee: {
      show: mode === 'ranged',
      id: id('saga-into-melee'),
      hint: ally
        ? f('GNG.Model.Saga.Option.intoMelee.ally', { name: nameOf(ally), attacker: actor.name })
        : '',
      choices: [
        choice('', t('GNG.Model.Saga.Option.intoMelee.none'), !saga.intoMelee),
        ...INTO_MELEE_CHOICES.map((c) =>
          choice(c, t(`GNG.Model.Saga.Option.intoMelee.${c}`), saga.intoMelee === c),
        ),
      ],
    },
    maneuver: {
      id: id('saga-maneuver'),
      // Sunder is not automated (the text's object chart is missing): not offered.
      choices: [
        choice('', t('GNG.Model.Saga.Maneuver.none'), !saga.maneuver),
        ...SAGA_MANEUVERS.filter((m) => m !== 'sunder').map((m) =>
          choice(m, t(`GNG.Model.Saga.Maneuver.Name.${m}`), saga.maneuver === m),
        ),
      ],
      // Read for a bull rush only (the dialog does not re-render on a change: always shown).
      wall: { id: id('saga-wall'), value: saga.wallAfter ?? '' },
    },
    targets: targets.map((token) => ({
      name: nameOf(token),
      concealment: perTarget(token, 'concealment', CONCEALMENT),
      defending: perTarget(token, 'defending', SAGA_DEFENDING),
      cover: perTarget(token, 'cover', SAGA_COVER),
    })),
  };
}
