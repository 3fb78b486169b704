/**
 * The attack dialog's odds (issue #20; by the world's combat model's analysis, issue #26): for each
 * targeted token, the exact odds of the attack the form describes now (hit, no effect, injury,
 * trauma, disabled, dying, dead, a called shot's effect), redrawn with the preview each time a
 * choice changes. The numbers: src/cards/attack/attack-odds.ts
 * from the dialog's own `previewAttack`; the table: attack-odds-view.ts.
 */
import type { AttackOptions } from '../cards/attack/attack-options.js';
import type { AttackPreview } from '../cards/attack/attack-preview.js';
import type { ScattershotPlan } from '../cards/attack/scattershot.js';
import { targetOdds, type OddsAttack, type TargetOdds } from '../cards/attack/attack-odds.js';
import { attackerConditionsOf } from '../cards/attack/attacker-conditions.js';
import { oddsTable } from '../cards/attack/attack-odds-view.js';
import type { ModelAnalysis } from '../rules/index.js';
import { currentAnalysis, withAnalysis } from '../settings/model-analysis.js';

/** The attack as the card would make it from these choices (attack-start.ts `createAttackCard`). */
export function dialogOddsAttack(
  actor: Actor,
  weapon: Item,
  options: AttackOptions,
  preview: AttackPreview,
  scattershot: ScattershotPlan | null,
): OddsAttack {
  const summary = preview.attack;
  return {
    attacker: actor,
    weapon,
    summary,
    options,
    mode: summary.mode,
    touch: summary.touch || options.touch === true,
    grip: preview.grip ?? summary.grip,
    attackerConditions: attackerConditionsOf(actor),
    attack: { bonus: preview.total },
    scattershot: scattershot?.record ?? null,
    concealment: true,
  };
}

/** Each targeted token's odds for these choices. */
export function dialogOdds(
  actor: Actor,
  weapon: Item,
  options: AttackOptions,
  preview: AttackPreview,
  tokens: readonly Token[],
  scattershot: ScattershotPlan | null,
  analysis: ModelAnalysis = currentAnalysis(),
): TargetOdds[] {
  const attack = dialogOddsAttack(actor, weapon, options, preview, scattershot);
  return tokens.map((token) =>
    targetOdds(
      attack,
      token.actor ?? null,
      token.id,
      token.document.name || token.actor?.name || '',
      undefined,
      analysis,
    ),
  );
}

/**
 * Redraws the dialog's odds section (`.attack-odds`) for these choices; nothing when the dialog has
 * no such section. An attack the rules refuse has no odds: the section says so.
 */
export function renderDialogOdds(
  root: HTMLElement,
  actor: Actor,
  weapon: Item,
  options: AttackOptions,
  preview: AttackPreview | null,
  tokens: readonly Token[],
  scattershot: ScattershotPlan | null,
): void {
  const section = root.querySelector<HTMLElement>('.attack-odds');
  if (!section) return;
  // A checkbox fires both input and change: the same choices are not worked out twice (a new render
  // draws a new section, which computes again).
  const key = JSON.stringify([options, preview?.total ?? null, preview?.allowed ?? null]);
  if (section.dataset.oddsKey === key) return;
  section.dataset.oddsKey = key;
  const allowed = preview?.allowed ? preview : null;
  withAnalysis((analysis) =>
    drawOdds(
      section,
      allowed && (() => dialogOdds(actor, weapon, options, allowed, tokens, scattershot, analysis)),
      (options.calledShots ?? []).length > 0,
    ),
  );
}

/** Draws the odds `rows` work out (null: a refused attack, which has none) into `section`, timed. */
function drawOdds(section: HTMLElement, rows: (() => TargetOdds[]) | null, calledShots: boolean): void {
  const doc = section.ownerDocument;
  const started = performance.now();
  let body: HTMLElement;
  if (!rows) {
    body = doc.createElement('p');
    body.className = 'note odds-body';
    body.textContent = game.i18n.localize('GNG.Odds.Refused');
  } else body = oddsTable(doc, rows(), calledShots);
  const old = section.querySelector('.odds-body');
  if (old) old.replaceWith(body);
  else section.append(body);
  // How long the odds took (read by the browser test's timing report).
  section.dataset.oddsMs = (performance.now() - started).toFixed(2);
}
