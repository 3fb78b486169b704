/**
 * The heal card (GnG "RECOVERY OF DISABLED BODY PARTS": a healer tends injuries, Surgery,
 * Extraordinary Healing; engine `body-part-recovery.ts`, decisions in docs/rules.md "Rest, recovery
 * and the dying"). `game.gng.heal(patient, { kind, healer, part, formula })` asks the active GM
 * (`gng.healCard` query, `action: 'start'`), who checks the sender and the request against the
 * documents (heal-steps.ts), rolls, changes the patient and posts one card speaking as the healer
 * (or the patient): the rolls, the outcome, and the GM's **Undo**, the exact inverse.
 *
 * - `tend`: the healer's Heal check against DC 15; success marks the patient tended
 *   (the GM's care record, care-records.ts): its next rest counts as with a healer (rest-read.ts) and consumes the mark.
 * - `surgery`: the healer's Heal check against DC 20 on one disabled part; success restores it.
 * - `extraordinary` (a GM): the healing formula rolled, then 1d20; d20 ≤ the amount restores the part.
 *
 * The card is a typed message (subtype `heal`, heal-data.ts), drawn on each client in its language
 * (heal-render.ts); a card posted before issue #34 (`flags.gng.heal`) is read by `legacyHealCard`.
 */
import { diceProblem } from '../../rules/index.js';
import {
  actorOf,
  askGM,
  defineUndoCard,
  undoActor,
  Refusal,
  postInQueue,
  postRolledCard,
  type CardActionResult,
  type CardRun,
  type RollMode,
} from '../kernel/index.js';
import { payload } from '../kernel/payload.js';
import { renderHealCard } from './heal-render.js';
import {
  HEAL_KINDS,
  HEAL_QUERY,
  healCardOf,
  legacyHealCard,
  type HealCardState,
  type HealKind,
  type HealOptions,
} from './heal-state.js';
import { checkHeal, runHeal, undoHeal, type HealRequest } from './heal-steps.js';

export { healCardOf, HEAL_KINDS, type HealCardState, type HealKind, type HealOptions };

export { HEAL_QUERY };
/** The card's one target: the patient. */
export const HEAL_TARGET = 'patient';

/** The longest healing formula a request may carry. */
const FORMULA_LENGTH = 40;

interface ParsedStart {
  kind: HealKind;
  patientUuid: string;
  healerUuid: string | null;
  part: string | null;
  formula: string | null;
}

/** The request's fields: strict keys, a known kind; an optional field absent, null or a non-empty string. */
/** A field that may be left out or sent as null (the same). */
const maybe = { optional: true, nullable: true } as const;

/** The request's fields, null where not sent. */
function parsedStart(fields: Record<string, unknown>): ParsedStart {
  const { patientUuid, kind, healerUuid, part, formula } = fields as {
    patientUuid: string;
    kind: HealKind;
    healerUuid?: string | null;
    part?: string | null;
    formula?: string | null;
  };
  return { kind, patientUuid, healerUuid: healerUuid ?? null, part: part ?? null, formula: formula ?? null };
}

/** The start request, checked (its fields, then each field only where its kind takes it). */
const parseHealStart = payload(
  {
    patientUuid: 'str',
    kind: HEAL_KINDS,
    healerUuid: { kind: 'id', ...maybe },
    part: { kind: 'id', ...maybe },
    formula: { kind: 'id', ...maybe },
  },
  'GNG.Error.Card.BadRequest',
  (fields) => {
    const bad = () => new Refusal('GNG.Error.Card.BadRequest');
    const parsed = parsedStart(fields);
    // Tending treats the patient as a whole; surgery and extraordinary healing treat one part.
    if ((parsed.kind === 'tend') !== (parsed.part === null)) throw bad();
    if ((parsed.kind === 'extraordinary') !== (parsed.formula !== null)) throw bad();
    if (parsed.kind !== 'extraordinary' && parsed.healerUuid === null) throw bad();
    if (parsed.formula !== null && (parsed.formula.length > FORMULA_LENGTH || diceProblem(parsed.formula)))
      throw new Refusal('GNG.Heal.Error.Formula', { formula: parsed.formula.slice(0, FORMULA_LENGTH) });
  },
);

/** GM side: the request, in the patient's and the healer's queues; posts the card. */
async function startHeal(
  data: Record<string, unknown>,
  sender: User,
  rollMode: RollMode,
): Promise<ChatMessage> {
  const parsed = parsedStart(data);
  const patient = await actorOf(parsed.patientUuid);
  const healer = parsed.healerUuid ? await actorOf(parsed.healerUuid) : null;
  if (!patient || (parsed.healerUuid && !healer)) throw new Refusal('GNG.Error.Card.BadRequest');
  const keys = [patient.uuid, ...(healer && healer.uuid !== patient.uuid ? [healer.uuid] : [])];
  return postInQueue(keys, async () => {
    const req: HealRequest = {
      kind: parsed.kind,
      patient: (await actorOf(patient.uuid)) as Actor,
      healer: healer ? ((await actorOf(healer.uuid)) as Actor) : null,
      part: parsed.part ? { effectId: parsed.part, label: '' } : null,
      formula: parsed.formula,
    };
    checkHeal(req, sender);
    const { state, rolls } = await runHeal(req);
    // A typed card (subtype heal): its state in `system`, drawn on each client (heal-render.ts).
    return postRolledCard('heal', state, { actor: req.healer ?? req.patient, rolls, rollMode, sender });
  });
}

async function undoHealCard({ state }: CardRun<HealCardState, { id: string }>): Promise<void> {
  const patient = await undoActor(state.patientUuid, state.patientName, 'GNG.Heal.Error');
  if (state.applied) await undoHeal(patient, state.applied);
  state.applied = null;
  state.undone = true;
}

/** The heal card as a table: its one action, the GM's Undo. */
export const healCard = defineUndoCard<HealCardState, 'heal'>({
  query: HEAL_QUERY,
  type: 'heal',
  render: renderHealCard,
  legacy: legacyHealCard,
  actors: (state) => [state.patientUuid],
  target: HEAL_TARGET,
  errors: 'GNG.Heal.Error',
  undo: undoHealCard,
  start: startHeal,
  parseStart: parseHealStart,
});

/** `game.gng.heal(patient, options)`: asks the active GM to heal `patient` as `options` say. */
export function heal(patient: Actor, options: HealOptions): Promise<CardActionResult> {
  const { kind, healer, part, formula } = options ?? {};
  const data: Record<string, unknown> = { action: 'start', patientUuid: patient?.uuid, kind };
  if (healer) data.healerUuid = healer.uuid;
  if (part !== undefined) data.part = part;
  if (formula !== undefined) data.formula = formula;
  return askGM(HEAL_QUERY, data);
}

/** Asks the active GM (the user must be a GM) to undo the heal card `messageId`. */
export function requestHealUndo(messageId: string): Promise<CardActionResult> {
  return healCard.request(messageId, 'healUndo', HEAL_TARGET);
}
