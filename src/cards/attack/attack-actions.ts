/**
 * The opposed attack flow (GnG ATTACK ROLL, DEFENSE, RELATIVE DEGREE, DAMAGE, PROTECTION, EFFECTS OF
 * DAMAGE) as a card of the card kernel: `startAttack` (attack-start.ts) asks the active GM to roll
 * the attack and post one card whose state lives in `flags.gng.attack`; every later step is an
 * action of the table below, run on the active GM through the `gng.attackAction` query. The GM's
 * client re-derives every number from the card and the documents (a request carries only the
 * message, the action, the target and the action's own choices), checks that the proven sender may
 * act, rolls the dice itself and updates the card. The card is the GM's own message: only a GM can
 * write its state.
 *
 * Hooks (cancel the `pre` ones by returning false), all on the active GM's client:
 * `gng.preAttack(actor, weapon, config)` / `gng.attack(message)`, `gng.preDefense(message, target,
 * config)` / `gng.defense(message, target)`, `gng.preApplyDamage(message, target, actor, changes)` /
 * `gng.applyDamage(message, target, actor)`. See docs/api.md "Hooks and the attack flow".
 */
import { automation } from '../../settings/variant-rules.js';
import { blockWeapons, cardAbortRefusal, riposteTargets, riposteWeapon } from './attack-aborts.js';
import { onDemand } from '../../on-demand.js';
import { payload, type PayloadParse } from '../kernel/payload.js';
import { MAX_EG_SPEND } from './eg-options.js';
import { parseAttackStart, type AttackStartRequest } from './attack-start-schema.js';

/** The abort actions' steps (attack-abort-steps.ts), loaded by the first abort taken or undone. */
const abortSteps = onDemand(() => import('./attack-abort-steps.js'));
/** The GM's writing of a card, its making and its other steps (attack-gm.ts), loaded by the first. */
const gm = onDemand(() => import('./attack-gm.js'));
/** The Enlightened Grognard model's token steps (eg-steps.ts), loaded by the first. */
const egSteps = onDemand(() => import('./eg-steps.js'));
/** The card's view (attack-render.ts), loaded by the first card drawn or written. */
const view = onDemand(() => import('./attack-render.js'));
import {
  actorOf,
  defineCard,
  registerCard,
  Refusal,
  track,
  attackActionsSettled,
  type CardActionResult,
  type CardActionSpec,
  noteUndo,
  owns,
} from '../kernel/index.js';
import { ATTACK_QUERY, startAttack } from './attack-ask.js';
import { attackGuard } from './attack-model.js';
import { registerCombatOptions, withdrawCombatOptions } from './combat-options-card.js';
import { returnRounds } from '../../combat/ammunition.js';
import { decorateReload } from './firearms-card.js';
import { attackTakeBackAvailable, attackWithdrawn } from './firearms.js';
import {
  ATTACK_CARD_TEMPLATE,
  ATTACK_TYPE,
  actionAvailable,
  cardState,
  legacyAttackState,
  defenderRolledAfterApply,
  userMayAct,
  type AttackCardState,
  type CardAction,
  type CardTarget,
} from './attack-state.js';
import { f } from '../../format.js';

// The card mechanism lives in the card kernel; the attack card's modules and macros import it from here.
export { Refusal, track, attackActionsSettled, ATTACK_QUERY, startAttack, actorOf };
export type { CardActionResult };
export type { AttackConfig } from './attack-start.js';
export type { DefenseConfig } from './attack-steps.js';

/**
 * The largest Defense total a GM may enter for an unnamed defender, either sign (decision
 * `number bounds`, docs/rules.md): far above any d20 + Defense of the SRD's epic monsters, it keeps an
 * absurd number out of the Relative Degree and the damage it adds.
 */
export const MAX_ENTERED_DEFENSE = 1000;

type Spec = CardActionSpec<AttackCardState, CardTarget>;

/**
 * An action whose permission and availability are the card's rules (attack-state.ts). Whatever
 * action rolls a target's damage (the button, or an automatic roll after Defense, a save or an
 * attack of opportunity), the `apply-npc` automation then applies it in the same step.
 */
function action(name: CardAction, rest: Omit<Spec, 'may' | 'available'>): Spec {
  return {
    may: (user, state, target) => userMayAct(user, name, state, target),
    // An attack taken back (its rounds returned) has no later steps.
    available: (state, target) => !attackWithdrawn(state) && actionAvailable(name, target),
    ...rest,
    async run(ctx) {
      const rolledBefore = ctx.target.damage !== null;
      await rest.run(ctx);
      if (!rolledBefore) await autoApplyNpcDamage(ctx.message, ctx.state, ctx.target);
    },
  };
}

/**
 * With `applyDamage: 'apply-npc'`, damage just rolled for a creature no player owns is applied at
 * once by the GM's client (in the step that rolled it, so in the card's and the actors' queues). It
 * is recorded as the GM's Apply, so Undo works as after a click. Only the attack card does this.
 * A `gng.preApplyDamage` handler that cancels it leaves the Apply button for a click.
 */
async function autoApplyNpcDamage(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
): Promise<void> {
  if (automation().applyDamage !== 'apply-npc' || !noPlayerOwns(target)) return;
  if (!actionAvailable('applyDamage', target)) return;
  try {
    await (await gm()).applyDamage(message, state, target, game.user);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    ui.notifications.warn(f(error.key, error.data));
  }
}

/** An abort's button shows only while the defender may take it (flat-footed, out of actions …). */
function abortShownTo(name: 'block' | 'rollWithBlow') {
  return (user: User, state: AttackCardState, target: CardTarget, el: HTMLElement) =>
    userMayAct(user, name, state, target) &&
    cardAbortRefusal(
      state,
      target,
      name === 'block' ? 'block' : 'roll-with-blow',
      el.dataset.breaking === 'true',
    ) === null;
}

/** After the GM recorded a Riposte / an attack of opportunity: this client starts that attack. */
async function counterAttack(
  messageId: string,
  target: CardTarget,
  result: CardActionResult,
  weaponOf: (stored: CardTarget) => { defender: Actor; weapon: Item } | null,
): Promise<CardActionResult> {
  const state = cardState(game.messages.get(messageId));
  const stored = state?.targets.find((candidate) => candidate.id === target.id) ?? target;
  const found = state ? weaponOf(stored) : null;
  if (!state || !found) {
    ui.notifications.warn(f('GNG.Abort.Refusal.noWeapon', { name: target.name }));
    return { ok: false, error: 'GNG.Abort.Refusal.noWeapon', data: { name: target.name } };
  }
  await startAttack(found.defender, found.weapon, {}, riposteTargets(state));
  return result;
}

/** The target's best melee weapon for the attack of opportunity a called shot provoked. */
function aooWeapon(target: CardTarget): { defender: Actor; weapon: Item } | null {
  const doc = target.actorUuid ? fromUuidSync(target.actorUuid) : null;
  if (!doc || doc.documentName !== 'Actor') return null;
  const defender = doc as Actor;
  const best = blockWeapons(defender)[0];
  const weapon = best ? defender.items.get(best.itemId) : undefined;
  return weapon ? { defender, weapon } : null;
}

/** With `autoRollDamage`, the damage the card waited for (a save, an attack of opportunity) is rolled now. */
async function autoRollAfterWait(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
): Promise<void> {
  if (actionAvailable('rollDamage', target) && automation().autoRollDamage)
    await (await gm()).rollDamage(message, state, target, true);
}

type EgAction = 'egDefend' | 'egClose' | 'egRetro' | 'egDamage' | 'egMissToken';
const egSpend = (sides?: readonly string[]) =>
  payload(
    { tokens: { kind: 'int', min: 0, max: MAX_EG_SPEND }, ...(sides ? { side: sides } : {}) },
    'GNG.Error.Attack.BadRequest',
  );
/** Each EG step's fields: the tokens spent and the side (eg-steps.ts), the miss's ally and token type. */
const EG_FIELDS: Record<EgAction, PayloadParse> = {
  egDefend: egSpend(),
  egRetro: egSpend(['attack', 'defense']),
  egDamage: egSpend(['dealt', 'taken']),
  egClose: payload({ tokens: 'num?' }, 'GNG.Error.Attack.BadRequest'),
  egMissToken: payload(
    // Its type is checked against the engine's list with the card (eg-miss-token.ts: the EG engine loads later).
    { tokens: 'num?', side: 'str?', ally: 'str?', type: 'str' },
    'GNG.Error.Attack.BadRequest',
  ),
};

/**
 * An EG token step (its fields checked by {@link EG_FIELDS}): the count in the number field beside the button
 * (else its `data-tokens`) and its side; shown to that side's owners (the attacker's for `attack` and
 * `dealt`, else the defender's; a GM sees all).
 */
function egAction(name: EgAction): Spec {
  return action(name, {
    parse: EG_FIELDS[name],
    fields(button) {
      const { tokens, side } = button.dataset;
      const out: Record<string, unknown> = { tokens: Number(tokens ?? 0), ...(side ? { side } : {}) };
      // The form's own fields beside the button: `eg-tokens`, `eg-ally`, `eg-type`.
      for (const el of button.parentElement?.querySelectorAll<HTMLInputElement>('[name^="eg-"]') ?? [])
        out[el.name.slice(3)] = el.type === 'number' ? Number(el.value) : el.value;
      return out;
    },
    // Who may press it (a GM owns every actor; only a GM closes the defenders' step), for its side.
    shown: (user, state, target, el) =>
      userMayAct(user, name, state, target) &&
      owns(user, (/^(attack|dealt)$/.test(el.dataset.side as string) ? state.attacker : target).actorUuid),
    run: async (ctx) => (await egSteps()).egStep(name, ctx),
  });
}

/** An entered Defense: a whole number (else its own refusal), within the range a sheet could hold. */
const defenseFields = payload(
  { defense: { kind: 'int', error: 'GNG.Error.Attack.DefenseNumber' } },
  'GNG.Error.Attack.BadRequest',
  ({ defense }) => {
    if (Math.abs(defense as number) > MAX_ENTERED_DEFENSE)
      throw new Refusal('GNG.Error.Attack.DefenseRange', { max: MAX_ENTERED_DEFENSE });
  },
);

/**
 * The attack card's table: for each button, who may press it when (attack-state.ts), the request's
 * own fields, and what it does on the GM's client. Undo: `undoDamage` is the inverse of
 * `applyDamage` (and of the called shot's and strike's consequences); `undoAborts` (GM) of the
 * defender's Block and Roll with Blow.
 */
export const attackCard = defineCard<AttackCardState, CardTarget, CardAction>({
  query: ATTACK_QUERY,
  // A typed card (issue #34): its state is `system` (attack-data.ts), drawn on every client.
  type: ATTACK_TYPE,
  render: async (state) => (await view()).renderAttackCard(state),
  legacy: legacyAttackState,
  legacyFlag: 'attack',
  // Its own reader (attack-state.ts): the start code and other cards read a card through it too.
  state: cardState,
  targets: (state) => state.targets,
  actors: (state) => [state.attacker.actorUuid, ...state.targets.map((target) => target.actorUuid)],
  // Its own save: the kernel's, loaded with the GM's steps (attack-save.ts).
  save: async (message, state) => (await gm()).saveCard(message, state),
  // The card's model against the world's, and the capabilities of GnG's own steps (attack-model.ts).
  guard: attackGuard,
  refusals: {
    badRequest: 'GNG.Error.Attack.BadRequest',
    noCard: 'GNG.Error.Attack.NoCard',
    unknownTarget: 'GNG.Error.Attack.UnknownTarget',
    notAllowed: (name, user, state, target) =>
      name === 'undoDamage' && owns(user, state.attacker.actorUuid) && defenderRolledAfterApply(target)
        ? new Refusal('GNG.Error.Attack.UndoAfterDefenderRoll', { name: target.name })
        : new Refusal('GNG.Error.Attack.NotAllowed', { name: user.name }),
    unavailable: (name, state) =>
      attackWithdrawn(state) ? 'GNG.Fire.Withdrawn' : `GNG.Error.Attack.Unavailable.${name}`,
  },
  // The request's fields by schema (attack-start-schema.ts); the documents' checks follow on the GM.
  parseStart: parseAttackStart,
  async start(fields, sender, rollMode) {
    const data = fields as unknown as AttackStartRequest;
    const { createAttackCard, createOffHandCard } = await gm();
    const message = await createAttackCard(data, sender, rollMode);
    if (automation().autoRollNpcDefense) await autoRollNpcDefenses(message);
    // A static defense resolved the card at once: the damage it waits for, as after a Defense roll.
    if (automation().autoRollDamage) await autoRollResolved(message);
    // Two-weapon fighting: the off-hand attack, its own exchange right after (combat-options-lines.ts).
    // Its refusal (a hook, its weapon's own limits) leaves the primary card standing.
    try {
      const offHand = await createOffHandCard(data, sender, message);
      if (offHand && automation().autoRollNpcDefense) await autoRollNpcDefenses(offHand);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      ui.notifications.warn(f(error.key, error.data));
    }
    return message;
  },
  actions: {
    rollDefense: action('rollDefense', {
      run: async ({ message, state, target }) => (await gm()).rollDefense(message, state, target),
    }),
    setDefense: action('setDefense', {
      parse: defenseFields,
      fields(button) {
        const input = button.parentElement?.querySelector<HTMLInputElement>('input[name="defense"]');
        const value = input ? Number.parseInt(input.value, 10) : Number.NaN;
        if (Number.isInteger(value)) return { defense: value };
        ui.notifications.warn(game.i18n.localize('GNG.Error.Attack.DefenseNumber'));
        return { ok: false, error: 'GNG.Error.Attack.DefenseNumber' };
      },
      run: async ({ message, state, target, extra }) =>
        (await gm()).setDefense(message, state, target, extra.defense as number),
    }),
    rollDamage: action('rollDamage', {
      run: async ({ message, state, target }) => (await gm()).rollDamage(message, state, target),
    }),
    applyDamage: action('applyDamage', {
      undoneBy: 'undoDamage',
      run: async ({ message, state, target, user }) => (await gm()).applyDamage(message, state, target, user),
    }),
    undoDamage: action('undoDamage', {
      run: async ({ message, state, target }) => (await gm()).undoDamage(message, state, target),
    }),
    block: action('block', {
      shown: abortShownTo('block'),
      undoneBy: 'undoAborts',
      parse: payload({ weapon: 'str?', breaking: 'bool?' }, 'GNG.Error.Attack.BadRequest'),
      fields: (button) => ({
        ...(button.dataset.weapon ? { weapon: button.dataset.weapon } : {}),
        ...(button.dataset.breaking === 'true' ? { breaking: true } : {}),
      }),
      run: async ({ message, state, target, user, extra }) =>
        (await abortSteps()).blockAction(message, state, target, user, {
          ...(typeof extra.weapon === 'string' ? { weapon: extra.weapon } : {}),
          ...(extra.breaking === true ? { breaking: true } : {}),
        }),
    }),
    rollWithBlow: action('rollWithBlow', {
      shown: abortShownTo('rollWithBlow'),
      undoneBy: 'undoAborts',
      run: async ({ message, state, target, user }) =>
        (await abortSteps()).rollWithBlowAction(message, state, target, user),
    }),
    // The GM records the Riposte (once); then the asking client, an owner of the defender, starts
    // the defender's attack against the attacker with the weapon it blocked with.
    riposte: action('riposte', {
      run: async ({ message, state, target, user }) =>
        (await abortSteps()).riposteAction(message, state, target, user),
      after: (messageId, target, result) => counterAttack(messageId, target, result, riposteWeapon),
    }),
    penetrationSave: action('penetrationSave', {
      async run({ message, state, target }) {
        await (await gm()).penetrationSaveAction(message, state, target);
        await autoRollAfterWait(message, state, target);
      },
    }),
    conditionSave: action('conditionSave', {
      run: async ({ message, state, target, user }) =>
        (await gm()).conditionSaveAction(message, state, target, user),
    }),
    // The GM records it (once); then the asking client, an owner of the target, starts the target's
    // attack against the attacker with its best melee weapon (as the Riposte does).
    attackOfOpportunity: action('attackOfOpportunity', {
      async run({ message, state, target, user }) {
        await (await gm()).attackOfOpportunityAction(message, state, target, user);
        await autoRollAfterWait(message, state, target);
      },
      after: (messageId, target, result) => counterAttack(messageId, target, result, aooWeapon),
    }),
    declineAttackOfOpportunity: action('declineAttackOfOpportunity', {
      async run({ message, state, target, user }) {
        (target.calledShot as NonNullable<CardTarget['calledShot']>).aooDeclinedBy = user.id as string;
        await (await gm()).saveCard(message, state);
        await autoRollAfterWait(message, state, target);
      },
    }),
    strike: action('strike', {
      run: async ({ message, state, target, user }) =>
        (await gm()).strikeAction(message, state, target, user),
    }),
    // Advanced Wound Trauma (Appendix 1): the target's Fortitude save after Apply (wound-trauma.ts).
    woundTraumaSave: action('woundTraumaSave', {
      run: async ({ message, state, target }) => (await gm()).woundTraumaSave(message, state, target),
    }),
    // The Time Count model's Constitution check after Apply (tc-steps.ts).
    tcConsciousness: action('tcConsciousness', {
      run: async ({ message, state, target }) =>
        (await import('./tc-steps.js')).tcConsciousnessCheck(message, state, target),
    }),
    // The EG model's token steps (eg-steps.ts).
    egDefend: egAction('egDefend'),
    egClose: egAction('egClose'),
    egRetro: egAction('egRetro'),
    egDamage: egAction('egDamage'),
    egMissToken: egAction('egMissToken'),
    undoAborts: action('undoAborts', {
      async run({ target }) {
        const notes = await (await abortSteps()).undoAborts(target);
        noteUndo(target, notes);
      },
    }),
    // Firearms: the attacker takes the whole attack back and its rounds return (`returnRounds`),
    // while no target's damage is applied and no defender has paid for an abort. One button, on the
    // card's first target.
    undoAttack: {
      targets: (state) => state.targets.slice(0, 1),
      may: (user, state, target) => userMayAct(user, 'undoAttack', state, target),
      available: (state) => attackTakeBackAvailable(state),
      async run({ state, user }) {
        // The EG card's tokens first (eg-steps.ts): all of them back, or a refusal before anything else.
        await (await egSteps()).takeBackEgAttack(state, user);
        const fire = state.fire;
        if (fire?.spent) {
          const notes = (await returnRounds(fire.spent)).map((key) => ({ key }));
          fire.withdrawn = { by: user.id as string, notes };
        }
        // The Saga-style attacker's action back (saga-turn-spend.ts).
        await (await import('./saga-turn-spend.js')).takeBackSagaAttack(state, user);
        // The TC attacker's next count back (tc-attack.ts).
        if (state.tc) await (await import('./tc-attack.js')).takeBackTcAttack(state, user);
        await withdrawCombatOptions(state);
      },
    },
  },
});

/** `CONFIG.queries['gng.attackAction']`'s handler (runs on the active GM; `action: 'start'` posts a card). */
export const handleAttackAction = attackCard.handle;

/**
 * Asks the active GM to run `action` on `target` of the card (the GM's own client runs the handler
 * directly). A refusal is shown as a warning. Resolves with the handler's answer.
 */
export function requestCardAction(
  messageId: string,
  name: CardAction,
  target: string,
  extra: Record<string, unknown> = {},
): Promise<CardActionResult> {
  return attackCard.request(messageId, name, target, extra);
}

/**
 * With `autoRollNpcDefense`, a defender no player owns rolls its Defense as soon as the card exists
 * (on the GM's client, right after posting it).
 */
function rollsItself(target: CardTarget): boolean {
  return automation().autoRollNpcDefense && noPlayerOwns(target);
}

/** A creature target whose actor no player owns (an NPC: the GM plays it). */
function noPlayerOwns(target: CardTarget): boolean {
  if (target.kind !== 'creature') return false;
  const actor = target.actorUuid ? (fromUuidSync(target.actorUuid) as Actor | null) : null;
  return Boolean(actor && !actor.hasPlayerOwner);
}

async function autoRollNpcDefenses(message: ChatMessage): Promise<void> {
  const state = cardState(message);
  if (!state) return;
  for (const target of state.targets) {
    if (!rollsItself(target) || !actionAvailable('rollDefense', target)) continue;
    const result = await attackCard.runAs(game.user, message.id as string, 'rollDefense', target.id);
    if (!result.ok) ui.notifications.warn(f(result.error, result.data ?? {}));
  }
}

/** With `autoRollDamage`, each hit a static defense resolved on the card's creation rolls its damage. */
async function autoRollResolved(message: ChatMessage): Promise<void> {
  for (const target of cardState(message)?.targets ?? []) {
    if (target.defense?.source !== 'static' || !actionAvailable('rollDamage', target)) continue;
    const result = await attackCard.runAs(game.user, message.id as string, 'rollDamage', target.id);
    if (!result.ok) ui.notifications.warn(f(result.error, result.data ?? {}));
  }
}

/**
 * Registers the combat options, then the card through the kernel: its GM query, its buttons and a
 * firing card's reload button, its template (called on `init`).
 */
export function registerAttackFlow(): void {
  registerCombatOptions();
  registerCard(attackCard, [ATTACK_CARD_TEMPLATE], (message, html) => {
    if (cardState(message)?.fire) decorateReload(html);
  });
}
