/**
 * Combat Sense in the attack dialog: "You can designate a single opponent during your action and
 * receive a +1 competence bonus on attacks against that opponent. You can select a new opponent on
 * any action." With one targeted token, the dialog of a holder shows a checkbox naming that target
 * as its opponent (ticked when it already is); ticking it designates it at once (the owner's own
 * flag, src/combat/opponent-feats.ts), unticking clears it, and the live bonus shows the +1.
 * Added from the `renderAttackDialog` hook, outside the dialog's module; the checkbox has no form
 * name, so the attack's options are unchanged.
 */
import { COMBAT_SENSE, designatedBy } from '../../combat/opponent-feats.js';
import { singleTargetActor } from '../kernel/index.js';
import { designate } from './designate.js';
import { hasFeat } from '../../documents/actor-feats.js';

interface DialogLike {
  id: string;
  actor: Actor;
  refresh(): void;
}

/** `renderAttackDialog`: the Combat Sense checkbox for an owner with the feat and one target. */
export function addCombatSenseToDialog(app: DialogLike, element: HTMLElement): void {
  const actor = app.actor;
  const target = singleTargetActor();
  if (!actor?.isOwner || !hasFeat(actor, COMBAT_SENSE) || !target || target === actor) return;
  if (element.querySelector('.gng-combat-sense')) return;
  const doc = element.ownerDocument;
  const id = `${app.id}-combat-sense`;
  const label = doc.createElement('label');
  label.className = 'check gng-combat-sense';
  label.htmlFor = id;
  const input = doc.createElement('input');
  input.type = 'checkbox';
  input.id = id;
  input.checked = designatedBy(actor, COMBAT_SENSE) === target.uuid;
  label.append(input, ' ', game.i18n.format('GNG.OpponentFeats.DialogCombatSense', { name: target.name }));
  input.addEventListener('change', () => {
    input.disabled = true;
    void designate(actor, COMBAT_SENSE, input.checked ? target : null).finally(() => {
      input.disabled = false;
      input.checked = designatedBy(actor, COMBAT_SENSE) === target.uuid;
      app.refresh();
    });
  });
  const fieldset =
    element.querySelector('.attack-combat-options') ?? element.querySelector('form') ?? element;
  fieldset.append(label);
}
