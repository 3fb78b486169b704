/**
 * The condition track's last step (decision A1: 0 normal … 5 unconscious and helpless), alone in its
 * module: the actor data model bounds the stored step with it, and nothing else of the Saga-style
 * model enters the code loaded at start (issue #29's budget).
 */
export const CONDITION_TRACK_BOTTOM = 5;
