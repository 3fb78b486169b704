/**
 * The action a reload takes (d20 Modern: swapping a box magazine is a move action, loading an
 * internal magazine a full-round action) and GnG's Quick Reload (Appendix 4): "reloading a
 * single-shot weapon … is a free action …, a heavy one … a move action; swapping an ammunition pod,
 * power cell, box magazine or speed loader is a free action; loading a revolver by hand or an internal
 * magazine is a move action". A weapon names its reload's action (`firearm.reload`); with the feat
 * the action is one step lighter: full → move, standard → move, move → free.
 */
import { assertOneOf } from './validate.js';

/** The actions a reload may take, heaviest last. */
export const RELOAD_ACTIONS = ['free', 'move', 'standard', 'full'] as const;
export type ReloadAction = (typeof RELOAD_ACTIONS)[number];

const WITH_QUICK_RELOAD: Readonly<Record<ReloadAction, ReloadAction>> = {
  free: 'free',
  move: 'free',
  standard: 'move',
  full: 'move',
};

/** The action a reload takes, with or without the Quick Reload feat. */
export function reloadAction(action: ReloadAction, quickReload = false): ReloadAction {
  const a = assertOneOf('reload action', action, RELOAD_ACTIONS);
  return quickReload ? WITH_QUICK_RELOAD[a] : a;
}
