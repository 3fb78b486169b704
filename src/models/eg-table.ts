/**
 * The Enlightened Grognard at the table (issue #31; docs/rules.md "Sheet, tracker and turns"), loaded
 * with the model by its loader (EG_LOADER, src/settings/combat-model.ts) — nothing of it is in the
 * code a world loads at start. {@link registerEgTable} (once) sets:
 * - the sheet's EG block (eg-sheet.ts) and its buttons' request `gng.egAction` (the action card);
 * - the tracker: each PC's tokens (persistent ones marked) and a bloodied marker on every row, the
 *   NPCs' communal pool above the list for GMs only; redrawn when an actor's HP or tokens change;
 * - the turn start: the active GM plays a dying creature's Fortitude save (the turn card);
 * - the open sheets of a combat's creatures redrawn when its pools change;
 * - `unconscious` following the health when HP are typed by hand; the chapter's statuses in
 *   `CONFIG.statusEffects` (the maneuver card's `ensureEgStatuses`).
 * Every hook does nothing while the world plays another model.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { isEgTurnCard } from '../cards/eg-turn/eg-turn-state.js';
import { isEgActionCard } from '../cards/eg-action/eg-action-state.js';
import { isActiveGM } from '../documents/active-gm.js';
import { combatModel } from '../settings/combat-model.js';
import { registerLazyCard } from '../cards/kernel/lazy-card.js';
import { isGMMessage } from '../cards/kernel/gm-message.js';
import { track } from '../cards/kernel/index.js';
import { onDemand } from '../on-demand.js';
import { combatantOf } from '../combat/scene-lookup.js';
import { setModelHeaderLabel, setModelSheetBlock } from '../applications/sheets/model-sheet-blocks.js';
import { egHeaderLabel } from '../applications/sheets/eg-header.js';
import { egSheetBlock } from '../applications/sheets/eg-sheet.js';
import { tokenPool } from '../combat/eg-token-store.js';
import { TOKEN_TYPES, type TokenCounts } from '../rules/models/eg/tokens.js';
import { bloodiedNow } from '../combat/eg-creature.js';
import { healthStatusesOf } from '../combat/model-health.js';
import { ensureEgStatuses } from '../cards/shared/maneuver-statuses.js';
import { modelHooks } from '../hooks/lazy-hooks.js';
import { t, f } from '../format.js';

const EG = 'eg';
const playing = () => combatModel().id === EG;

const actionModule = onDemand(() => import('../cards/eg-action/eg-action-actions.js'));
const turnModule = onDemand(() => import('../cards/eg-turn/eg-turn-actions.js'));

/** "P 2 · S 1 · I 0" of a pool (the letters from the lang file). */
export function tokensShort(counts: TokenCounts): string {
  return TOKEN_TYPES.map((type) => `${t(`GNG.Model.EG.Tracker.Abbr.${type}`)} ${counts[type]}`).join(' · ');
}

/** "2 power, 1 speed, 0 insight" of a pool. */
export function tokensLong(counts: TokenCounts): string {
  return TOKEN_TYPES.map((type) => `${counts[type]} ${t(`GNG.Model.EG.Token.Type.${type}`)}`).join(', ');
}

function badge(doc: Document, className: string, text: string, label: string): HTMLElement {
  const span = doc.createElement('span');
  span.className = className;
  span.setAttribute('role', 'note');
  span.setAttribute('aria-label', label);
  span.textContent = text;
  return span;
}

/** `renderCombatTracker`: tokens per PC, the bloodied marker, the NPCs' pool (GMs only). */
export function decorateEgTracker(app: CombatTrackerApp, html: HTMLElement): void {
  for (const old of html.querySelectorAll('.gng-eg-tokens, .gng-eg-bloodied, .gng-eg-npc-pool')) old.remove();
  const combat = app?.viewed;
  if (!combat || !playing()) return;
  const doc = html.ownerDocument;
  for (const row of html.querySelectorAll<HTMLElement>('.combatant[data-combatant-id]')) {
    const actor = combat.combatants.get(row.dataset.combatantId ?? '')?.actor;
    if (!actor) continue;
    const place = row.querySelector('.token-name') ?? row;
    if (actor.type === 'character') {
      const pool = tokenPool(combat, actor);
      const persistent = TOKEN_TYPES.some((type) => pool.persistent[type] > 0);
      const text = persistent
        ? f('GNG.Model.EG.Tracker.WithPersistent', {
            tokens: tokensShort(pool.encounter),
            persistent: tokensShort(pool.persistent),
          })
        : tokensShort(pool.encounter);
      const label = f(persistent ? 'GNG.Model.EG.Tracker.LabelPersistent' : 'GNG.Model.EG.Tracker.Label', {
        name: actor.name,
        tokens: tokensLong(pool.encounter),
        persistent: tokensLong(pool.persistent),
      });
      place.append(badge(doc, 'gng-eg-tokens', text, label));
    }
    if (bloodiedNow(actor))
      place.append(
        badge(
          doc,
          'gng-eg-bloodied',
          t('GNG.Model.EG.Tracker.Bloodied'),
          f('GNG.Model.EG.Tracker.BloodiedLabel', { name: actor.name }),
        ),
      );
  }
  if (!game.user.isGM) return;
  const npc = combat.combatants.find((c) => c.actor !== null && c.actor?.type !== 'character')?.actor;
  if (!npc) return;
  const pool = tokenPool(combat, npc).encounter;
  const p = doc.createElement('p');
  p.className = 'gng-eg-npc-pool';
  p.textContent = f('GNG.Model.EG.Tracker.NpcPool', { tokens: tokensLong(pool) });
  const list = html.querySelector('ol.combat-tracker');
  if (list) list.before(p);
  else html.prepend(p);
}

/** Redraws the open tracker when a combatant's HP, Con damage or persistent tokens changed. */
function redrawOnActor(actor: Actor, changes: object): void {
  if (!playing() || !ui.combat?.rendered) return;
  const system = (changes as { system?: Record<string, unknown> }).system;
  if (!system || !('hp' in system || 'model' in system || 'abilities' in system)) return;
  // In a combat (any tracker may show it), as the Saga-style step's redraw (saga-turns.ts).
  if (!combatantOf(actor)) return;
  void ui.combat.render();
}

/**
 * Active GM, under EG: HP, nonlethal or ability damage typed by hand (not a card's update, which
 * sets its own statuses): `unconscious` as the model's health calls for now — below 0 HP (dying, "A
 * dying character immediately falls unconscious", 003:1019), or knocked out by nonlethal or ability
 * damage — and off once it no longer does, as `dying` follows the HP (src/hooks/hp-statuses.ts).
 */
export function syncEgUnconscious(
  actor: Actor,
  changes: object,
  options: Record<string, unknown> | undefined,
): Promise<unknown> | null {
  if (!isActiveGM() || !playing() || !(actor.type === 'character' || actor.type === 'npc')) return null;
  if ((options?.[SYSTEM_ID] as { hpByCard?: unknown } | undefined)?.hpByCard === true) return null;
  const system = (changes as { system?: { hp?: unknown; abilities?: unknown } }).system;
  if (!system?.hp && !system?.abilities) return null;
  const wanted = healthStatusesOf(actor).includes('unconscious');
  if (actor.statuses.has('unconscious') === wanted) return null;
  return track(actor.toggleStatusEffect('unconscious', { active: wanted }));
}

/** Redraws the open sheets of a combat's creatures when its pools changed (their token block). */
function redrawSheetsOnPools(combat: Combat, changes: object): void {
  if (!playing() || foundry.utils.getProperty(changes, `flags.${SYSTEM_ID}.eg`) === undefined) return;
  for (const combatant of combat.combatants) {
    const sheet = combatant.actor?.sheet;
    if (sheet?.rendered) void sheet.render();
  }
}

/** Active GM, on a turn change: the new combatant's dying save. */
function turnStart(combat: Combat, changes: Record<string, unknown>): void {
  if (!isActiveGM() || !playing() || !('turn' in changes || 'round' in changes)) return;
  const combatant = combat.combatant;
  if (!combatant || combat.round < 1 || !combat.started) return;
  void track(turnModule().then((m) => m.playEgTurnStart(combat, combatant))).catch((error: unknown) =>
    console.error(error),
  );
}

let registered = false;

/** Registers the EG glue (once; called as the model loads). */
export function registerEgTable(): void {
  if (registered) return;
  registered = true;
  setModelSheetBlock(EG, egSheetBlock);
  setModelHeaderLabel(EG, egHeaderLabel);
  registerLazyCard({
    module: actionModule,
    queries: {
      'gng.egAction': (m, data, sender, context) => m.handleEgAction(data, sender, context),
      'gng.egActionCard': (m, ...request) => m.egActionCard.handle(...request),
    },
    renders: (message) => isEgActionCard(message) && isGMMessage(message),
    decorate: (m, message, html) => m.egActionCard.decorate(message, html),
    templates: [],
    types: ['egAction'],
  });
  registerLazyCard({
    module: turnModule,
    queries: { 'gng.egTurnCard': (m, ...request) => m.egTurnCard.handle(...request) },
    renders: (message) => isEgTurnCard(message) && isGMMessage(message),
    decorate: (m, message, html) => m.egTurnCard.decorate(message, html),
    templates: [],
    types: ['egTurn'],
  });
  modelHooks.egTable(egTableHooks);
  // The chapter's conditions (unbalanced, slowed, immobilized, distracted, grabbed) as statuses.
  ensureEgStatuses();
}

/** The hooks' handlers (src/hooks/register-hooks.ts `modelHooks.egTable`). */
export const egTableHooks = {
  renderCombatTracker: (app: CombatTrackerApp, html: HTMLElement) => decorateEgTracker(app, html),
  redrawOnActor,
  syncUnconscious(actor: Actor, changes: object, options: Record<string, unknown> | undefined): void {
    void syncEgUnconscious(actor, changes, options)?.catch((error: unknown) => console.error(error));
  },
  updateCombat(combat: Combat, changes: Record<string, unknown>): void {
    redrawSheetsOnPools(combat, changes);
    turnStart(combat, changes);
  },
};
