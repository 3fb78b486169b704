/** Where the Saga-style model keeps an actor's condition step (issue #30), read by the turns and the track card. */

/** Where the step is stored on the actor. */
export const CONDITION_STEP_KEY = 'system.model.saga.conditionStep';

/** The actor's condition step (0 normal … 5; 0 when the field is absent). */
export function conditionStepOf(actor: Actor): number {
  // `system` is absent on an actor whose stored data the world repair is still mending.
  const system = actor.system as { model?: { saga?: { conditionStep?: unknown } } } | undefined;
  const step = system?.model?.saga?.conditionStep;
  return typeof step === 'number' ? step : 0;
}
