/**
 * What the attack card shows of a firearm's fire (src/cards/attack/firearms.ts): the fire mode, the
 * shots fired and the rounds spent, the shots that hit each target, the damage instances, and the
 * attack taken back. Localized from the card state alone.
 */
import type { AttackCardState, CardDamage, CardTarget } from './attack-state.js';
import { attackTakeBackAvailable, attackWithdrawn, fireHits, multiShot } from './firearms.js';
import { reloadWeapon, roundsOf } from '../../combat/ammunition.js';
import { track, type CardActionResult } from '../kernel/index.js';
import { undoNoteLines } from '../kernel/undo-notes.js';
import { scattershotContext } from './scattershot.js';
import { t, f } from '../../format.js';

/** The card's fire line: how it fired, the rounds spent and left, the attack taken back, Reload. */
export function fireContext(state: AttackCardState) {
  const fire = state.fire;
  if (!fire) return null;
  const mode = t(`GNG.Fire.Mode.${fire.mode}`);
  const shots =
    fire.mode === 'burst'
      ? fire.controlled !== null
        ? f('GNG.Fire.Card.Controlled', { shots: fire.shotsPerBarrel })
        : f('GNG.Fire.Card.Rolled', {
            dice: fire.rolled.join(' + '),
            rolled: fire.rolled.reduce((a, v) => a + v, 0),
            shots: fire.shotsPerBarrel,
          })
      : f('GNG.Fire.Card.Shots', { shots: fire.shotsPerBarrel });
  const withdrawn = fire.withdrawn ?? null;
  return {
    mode,
    shots,
    barrels: fire.barrels > 1 ? f('GNG.Fire.Card.Barrels', { barrels: fire.barrels }) : null,
    beam: fire.beam && fire.mode !== 'single' ? t('GNG.Fire.Card.Beam') : null,
    rounds:
      fire.spent && fire.loadedAfter !== null
        ? f('GNG.Fire.Card.Rounds', { used: fire.roundsUsed, left: fire.loadedAfter })
        : null,
    withdrawn: withdrawn
      ? {
          text: f('GNG.Fire.Card.Withdrawn', { attacker: state.attacker.name, rounds: fire.roundsUsed }),
          notes: undoNoteLines(withdrawn.notes),
        }
      : null,
    // The owner's Reload when this attack emptied the weapon (its owners' clients only).
    reload:
      !withdrawn && fire.spent && fire.loadedAfter === 0
        ? {
            itemUuid: fire.spent.itemUuid,
            actorUuid: state.attacker.actorUuid,
            label: f('GNG.Ammunition.Reload', { weapon: state.weapon.name }),
          }
        : null,
  };
}

/** The shots that hit this target (pairs, bursts, several barrels), once its Defense is known. */
export function shotsContext(state: AttackCardState, target: CardTarget) {
  const fire = state.fire;
  if (!multiShot(fire) || !target.result) return null;
  const hits = fireHits(fire, target.result);
  const fired = fire.shotsPerBarrel * fire.barrels;
  const notes: string[] = [];
  if (hits.pointBlank && target.result.hit)
    notes.push(f('GNG.Fire.Card.PointBlank', { feet: fire.distanceFeet ?? 0 }));
  else if (fire.mode !== 'single' && target.result.hit)
    notes.push(f('GNG.Fire.Card.ExtraShots', { rd: hits.rdPerExtraShot }));
  if (fire.barrels > 1 && target.result.hit)
    notes.push(f('GNG.Fire.Card.PerBarrel', { hits: hits.perBarrel, barrels: fire.barrels }));
  return {
    hits: hits.total,
    label: f('GNG.Fire.Card.Hits', { fired }),
    notes,
  };
}

/** The damage instances, each through Protection. */
export function instancesContext(damage: CardDamage) {
  const instances = damage.instances;
  if (!instances?.length) return null;
  return instances.map((i, n) => ({
    label:
      i.shots > 1
        ? f('GNG.Fire.Card.BeamInstance', { n: n + 1, barrel: i.barrel, shots: i.shots })
        : f('GNG.Fire.Card.Instance', { n: n + 1, barrel: i.barrel }),
    dice: i.dice.join(', '),
    extra: i.bonus
      ? f('GNG.Fire.Card.FirstShot', { rd: i.relativeDegree, bonus: i.bonus >= 0 ? `+${i.bonus}` : i.bonus })
      : i.relativeDegree
        ? f('GNG.Fire.Card.FirstShotRd', { rd: i.relativeDegree })
        : t('GNG.Fire.Card.NoBonus'),
    total: i.total,
    protection: i.protection,
    final: i.final,
    text: f('GNG.Fire.Card.InstanceSteps', { total: i.total, protection: i.protection, final: i.final }),
  }));
}

/**
 * The card's Reload button on this user's client: only the weapon's owners see it; a press reloads
 * once (the button stays disabled while it runs, so a double press reloads once).
 */
export function decorateReload(html: HTMLElement): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>('button[data-gng-reload]')) {
    const item = fromUuidSync(button.dataset.gngReload ?? '') as Item | null;
    // Offered while the weapon is still empty (a reload since, or the Undo, leaves nothing to do).
    if (!item || !item.isOwner || (roundsOf(item)?.loaded ?? 1) > 0) {
      button.closest('.card-buttons')?.remove();
      continue;
    }
    button.addEventListener('click', (event) => {
      event.preventDefault();
      if (button.disabled) return;
      button.disabled = true;
      void track(
        reloadFromCard(item).then((result) => {
          if (result.ok) button.closest('.card-buttons')?.remove();
          else button.disabled = false;
          return result;
        }),
      );
    });
  }
}

async function reloadFromCard(item: Item): Promise<CardActionResult> {
  const added = await reloadWeapon(item);
  if (added === null) return { ok: false, error: 'GNG.Ammunition.NotYours' };
  const rounds = roundsOf(item);
  ui.notifications.info(f('GNG.Ammunition.Reloaded', { weapon: item.name, capacity: rounds?.capacity ?? 0 }));
  return { ok: true };
}

/** The take-back's label: the rounds return (firearms), the tokens (EG model), the action (Saga-style). */
function undoKey(state: AttackCardState): string {
  if (state.fire) return 'GNG.Fire.Action.undoAttack';
  if (state.tc) return 'GNG.Model.TC.Card.Undo';
  return state.eg ? 'GNG.Model.EG.Card.Undo' : 'GNG.Model.Saga.Card.Turn.undo';
}

/** The attacker's "Take back the attack" button (one, on the card's first target), while it may. */
export function undoAttackContext(state: AttackCardState) {
  return attackTakeBackAvailable(state)
    ? {
        target: state.targets[0]?.id ?? '',
        label: f(undoKey(state), {
          name: state.attacker.name,
        }),
      }
    : null;
}

/** The card's firearm parts: how it fired, and the attacker's "Take back the attack". */
export function cardFire(state: AttackCardState) {
  return {
    fire: fireContext(state),
    undoAttack: undoAttackContext(state),
    scattershot: scattershotContext(state.scattershot),
  };
}

/**
 * A target's context with the firearm's parts: the shots that hit, the damage instances; an attack
 * taken back has no later steps, so its targets show what happened without buttons.
 */
export function firearmsTarget<
  C extends {
    calledShot: object | null;
    strike: object | null;
    damage: object | null;
    result?: { text: string } | null;
  },
>(state: AttackCardState, target: CardTarget, context: C): C {
  const withFire = {
    ...context,
    shots: shotsContext(state, target),
    damage: context.damage &&
      target.damage && { ...context.damage, instances: instancesContext(target.damage) },
  };
  if (!attackWithdrawn(state)) return withFire;
  // Taken back: what it rolled stays for the record, struck through and said to be void.
  return {
    ...withFire,
    withdrawn: true,
    result: context.result && { ...context.result, text: game.i18n.localize('GNG.Fire.Card.TakenBack') },
    buttons: {},
    woundTrauma: null,
    calledShot: context.calledShot && { ...context.calledShot, buttons: {} },
    strike: context.strike && { ...context.strike, button: null },
  };
}
