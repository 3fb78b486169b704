/**
 * Where players see the odds (issue #20) on the harness: the attack dialog's odds per target equal the
 * engine's `odds.attackOdds` for numbers set by hand, change with a called shot and with concealment;
 * the card shows them before Defense to the users the world setting `showOdds` allows, and they vanish
 * once Defense is rolled; the defender's owners get a "What if?" while Block is open.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import type { AttackDialog as AttackDialogClass } from '../../src/applications/attack-dialog.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { calledShotPenalty } from '../../src/rules/index.js';
import { odds } from '../../src/rules/on-demand.js';

const h = await getHarness();
// Loaded once the harness installed Foundry's globals (the modules read them).
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const { percent } = await import('../../src/cards/attack/attack-odds-view.js');
const { cardOdds } = await import('../../src/cards/attack/attack-odds-card.js');
const { cardOddsAttack } = await import('../../src/cards/attack/attack-odds.js');
// The dialog's and the card's odds are loaded on first use (issue #29; that first use:
// on-demand.test.ts): loaded now, they are drawn at once.
await (await import('../../src/applications/attack-dialog.js')).dialogOdds();
await (await import('../../src/cards/attack/attack-odds-register.js')).cardOddsModule();

const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(20));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

type Dialog = AttackDialogClass & HarnessApplicationV2;
const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;

/** An NPC: HP 10 (Con 10, Medium, no Hit Dice), Protection 0, Defense bonus = its Dex modifier. */
async function dummy(name: string, system: Record<string, unknown> = {}, owner?: User): Promise<Actor> {
  return h.createActor({ name, type: 'npc', system: { hp: { value: 10 }, ...system } }, owner);
}

async function openDialog(): Promise<Dialog> {
  return vi.waitFor(() => {
    const dialog = h.openApplications().find((app) => app instanceof AttackDialog);
    if (!dialog) throw new Error('no attack dialog is open');
    return dialog as Dialog;
  });
}

/** The dialog's odds cells of the rows of `tokenId` (both tables): outcome → text. */
function dialogRow(dialog: Dialog, tokenId: string): Record<string, string> {
  const rows = [...dialog.element.querySelectorAll(`.attack-odds tr[data-target-id="${tokenId}"]`)];
  if (!rows.length) throw new Error(`no odds row for ${tokenId}`);
  return Object.fromEntries(
    rows.flatMap((row) =>
      [...row.querySelectorAll<HTMLElement>('td[data-outcome]')].map((td) => [
        td.dataset.outcome,
        td.textContent,
      ]),
    ),
  );
}

/** The disjoint outcomes of a lethal attack, in the order the dialog shows them. */
const EXCLUSIVE = ['miss', 'absorbed', 'hurt', 'disabled', 'dying', 'dead'];

/** A shown percentage as a number ("< 0.1%" counts as 0, "> 99.9%" as 100). */
function pct(text: string | null | undefined): number {
  if (!text) throw new Error('no percentage');
  if (text.startsWith('<')) return 0;
  if (text.startsWith('>')) return 100;
  return Number.parseFloat(text.replace(/[^0-9.]/g, ''));
}

/** The disjoint cells of a row add up to 100 % within the rounding of each (0.05 points a cell). */
function expectSumsTo100(row: Record<string, string>): void {
  const cells = EXCLUSIVE.map((k) => row[k]);
  expect(cells.every((c) => c !== undefined)).toBe(true);
  const sum = cells.reduce((a, c) => a + pct(c), 0);
  expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.05 * cells.length + 1e-9);
}

/**
 * The cells a summary of `o` (no concealment, a healthy target: HP full, no injury, up) must show,
 * from the engine's records by hand: the records give the state AFTER the attack, and a miss or a hit
 * for 0 leaves a healthy target "normal", uninjured — so the disjoint outcomes are miss = 1 − P(hit);
 * hit, no harm = P(no effect) − miss; disabled / dying / dead = those records as they are; hurt (HP
 * lost, still up) = whatever is left. The overlapping chances of any hit: trauma and the injury grade.
 */
function expectedCells(o: ReturnType<typeof odds.attackOdds>, effect = false): Record<string, string> {
  const miss = 1 - o.hit.hit;
  const c = o.outcome.condition;
  const cells: Record<string, string> = {
    miss: percent(miss),
    absorbed: percent(o.outcome.noEffect - miss),
    hurt: percent(1 - o.outcome.noEffect - c.disabled - c.dying - c.dead),
    disabled: percent(c.disabled),
    dying: percent(c.dying),
    dead: percent(c.dead),
    trauma: percent(o.outcome.trauma),
    light: percent(o.outcome.injury.light),
    moderate: percent(o.outcome.injury.moderate),
    severe: percent(o.outcome.injury.severe),
  };
  if (effect) cells.effect = percent(o.calledShot?.condition?.failed ?? 0);
  return cells;
}

function change(dialog: Dialog, selector: string, apply: (el: HTMLInputElement) => void): void {
  const el = dialog.element.querySelector<HTMLInputElement>(selector);
  if (!el) throw new Error(`no ${selector}`);
  apply(el);
  el.dispatchEvent(new h.window.Event('change', { bubbles: true }) as unknown as Event);
}

/** The target dummy's hand-set numbers: HP 10 of 10, Medium, Protection 0, saves as derived. */
function dummyTarget(actor: Actor) {
  const s = sys(actor);
  return {
    hp: { value: 10, max: 10, temp: 0, nonlethal: 0 },
    size: 'medium' as const,
    saves: { fortitude: s.derived.saves.fort.total, reflex: s.derived.saves.ref.total },
  };
}

describe('the attack dialog shows each target’s odds', () => {
  it('equal to the engine’s odds for hand-set numbers, for every target, and a called shot changes them', async () => {
    const fighter = await appendix3Fighter(h, player);
    const a = await dummy('Goblin A');
    const b = await dummy('Goblin B', { abilities: { dex: { value: 16 } } });
    // Preconditions, the hand-set numbers: max HP 10; Defense +0 and +3 (Dex 10 and 16) vs melee.
    expect(sys(a).hp.max).toBe(10);
    expect(sys(a).derived.defense.melee.total).toBe(0);
    expect(sys(b).derived.defense.melee.total).toBe(3);
    const tokens = [h.placeToken(a), h.placeToken(b)];
    h.as(player);
    h.target(player, ...tokens);
    void AttackDialog.prompt(fighter, sword(fighter));
    const dialog = await openDialog();
    expect(dialog.element.querySelector('.attack-odds h4')?.textContent).toBe('Odds');
    const headers = [...dialog.element.querySelectorAll('.attack-odds thead th')].map((th) => th.textContent);
    expect(headers).toEqual([
      'Target',
      'Miss',
      'Hit, no harm',
      'Hurt, still up',
      'Disabled',
      'Dying',
      'Dead',
      'Target',
      'Trauma',
      'Light injury',
      'Moderate injury',
      'Severe injury',
    ]);
    expect(dialog.element.querySelector('.attack-odds .odds-any-hit caption')?.textContent).toBe(
      'Chance of each (any hit)',
    );
    expect(dialog.element.querySelector('.attack-odds .odds-legend')?.textContent).toContain('100');
    // The hint names no called shot while none is chosen.
    expect(dialog.element.querySelector('.attack-odds .hint')?.textContent).not.toMatch(/called shot/i);

    // The fighter's bastard sword: +9 to hit, 1d10 + 4 (the sheet's numbers, attack-flow.test.ts).
    const hand = (defense: number, bonus = 9) =>
      odds.attackOdds({
        attack: { bonus },
        defense: { bonus: defense },
        damage: {
          weaponDice: { count: 1, faces: 10 },
          weaponBonus: 0,
          strengthBonus: 4,
          protection: { armor: 0, naturalArmor: 0 },
          bypass: 'none',
          nonlethal: false,
        },
        target: dummyTarget(a),
      });
    expect(dialogRow(dialog, tokens[0]!.id)).toEqual(expectedCells(hand(0)));
    expect(dialogRow(dialog, tokens[1]!.id)).toEqual(expectedCells(hand(3)));
    expectSumsTo100(dialogRow(dialog, tokens[0]!.id));
    expectSumsTo100(dialogRow(dialog, tokens[1]!.id));

    // Behind cover: +4 to each target's Defense (GnG Table: Defense Roll Modifiers).
    change(dialog, 'input[name="defender.behind-cover"]', (el) => (el.checked = true));
    expect(dialogRow(dialog, tokens[0]!.id)).toEqual(expectedCells(hand(4)));
    expect(dialogRow(dialog, tokens[1]!.id)).toEqual(expectedCells(hand(7)));
    change(dialog, 'input[name="defender.behind-cover"]', (el) => (el.checked = false));

    // A called shot (stun, −4 … the engine's penalty): a lower bonus, and its effect column.
    change(dialog, 'input[name="calledShots.stun"]', (el) => (el.checked = true));
    const penalty = calledShotPenalty(['stun'], {});
    expect(penalty).toBeLessThan(0);
    const called = odds.attackOdds({
      attack: { bonus: 9 + penalty },
      defense: { bonus: 0 },
      damage: {
        weaponDice: { count: 1, faces: 10 },
        strengthBonus: 4,
        protection: { armor: 0, naturalArmor: 0 },
      },
      target: dummyTarget(a),
      calledShot: { effects: ['stun'] },
    });
    const row = dialogRow(dialog, tokens[0]!.id);
    expect(row).toEqual(expectedCells(called, true));
    expectSumsTo100(row);
    expect(row.miss).not.toBe(expectedCells(hand(0)).miss);
    expect(Number.parseFloat(row.effect ?? '')).toBeGreaterThan(0);
  });

  it('d20 + 5 against d20 + 3 hits 61.15 % of the time (worked by hand), and concealment multiplies it', async () => {
    const fighter = await appendix3Fighter(h, player);
    const b = await dummy('Goblin', { abilities: { dex: { value: 16 } } });
    const token = h.placeToken(b);
    h.as(player);
    h.target(player, token);
    void AttackDialog.prompt(fighter, sword(fighter));
    const dialog = await openDialog();
    // +9 with a −4 flat modifier: d20 + 5 against the goblin's d20 + 3.
    change(dialog, 'input[name="bonus"]', (el) => (el.value = '-4'));
    expect(dialog.element.querySelector('.attack-total')?.textContent).toBe('+5');
    /*
     * By hand. Without the chains: hit ⇔ A + 5 ≥ D + 3 ⇔ D − A ≤ 2. Pairs with D − A = k ≥ 0 number
     * 20 − k, so D − A ≥ 3 has 17 + 16 + … + 1 = 153 of the 400 pairs: P = 247/400 = 0.6175.
     * A natural 20 hits every Defense already (25 ≥ 23), so its chain changes nothing here.
     * A natural 1 rolls its d10 chain and loses k: k = 0 (a 10), 1, 2 … each with 1/10. Without the
     * chain it hits when D ≤ 3 (3/20); with it, when D ≤ 3 − k: (3 + 2 + 1)/20 × 1/10 = 0.03.
     * So P(hit) = 0.6175 − (1/20)(0.15 − 0.03) = 0.6175 − 0.006 = 0.6115.
     */
    expect(odds.hitOdds(5, 3).hit).toBeCloseTo(0.6115, 12);
    // Miss = 1 − 0.6115 = 38.85 % (shown rounded to one decimal either way).
    expect(Math.abs(pct(dialogRow(dialog, token.id).miss) - 38.85)).toBeLessThanOrEqual(0.05 + 1e-9);
    expectSumsTo100(dialogRow(dialog, token.id));
    // Half concealment (20 % miss chance) before Defense: hit 0.6115 × 0.8 = 0.4892, miss 51.08 %.
    change(dialog, `select[name="concealment.${token.id}"]`, (el) => (el.value = 'one-half'));
    expect(dialogRow(dialog, token.id).miss).toBe(percent(1 - 0.6115 * 0.8));
    expectSumsTo100(dialogRow(dialog, token.id));
    expect(dialog.element.querySelector('.attack-odds .odds-note')?.textContent).toContain('20%');
  });

  it('names what the odds do not cover (two barrels, a burst) instead of showing numbers', async () => {
    const fighter = await appendix3Fighter(h, player);
    const [gun] = (await fighter.createEmbeddedDocuments('Item', [
      {
        name: 'Twin gun',
        type: 'weapon',
        system: {
          use: 'ranged',
          damage: { medium: '1d8' },
          rangeIncrement: 50,
          strength: 'none',
          equipped: true,
          firearm: { fireModes: ['single', 'auto'], capacity: 6, ammunition: 6, barrels: 2 },
        },
      },
    ])) as Item[];
    const token = h.placeToken(await dummy('Goblin'));
    h.as(player);
    h.target(player, token);
    void AttackDialog.prompt(fighter, gun as Item);
    const dialog = await openDialog();
    const cell = () => dialog.element.querySelector('.attack-odds .odds-unavailable')?.textContent;
    expect(cell()).toBe('Odds not available for several barrels firing at once.');
    expect(dialog.element.querySelector('.attack-odds td[data-outcome]')).toBeNull();
    change(dialog, 'select[name="fireMode"]', (el) => (el.value = 'burst'));
    expect(cell()).toBe('Odds not available for a burst (several shots); several barrels firing at once.');
  });
});

/** The player's fighter attacks `targets` with the attack d20 `natural` (bonus +9). */
async function fighterAttacks(targets: Actor[], natural: number) {
  const fighter = await appendix3Fighter(h, player);
  h.as(player);
  h.target(player, ...targets.map((t) => h.placeToken(t)));
  h.dice.queue(natural);
  const message = (await game.gng.attack(fighter, sword(fighter), {})) as ChatMessage;
  await attackActionsSettled();
  return { fighter, message };
}

const stateOf = (message: ChatMessage) =>
  cardState(game.messages.get(message.id as string)) as AttackCardState;
const rendered = (message: ChatMessage) =>
  h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
const oddsOn = (message: ChatMessage) => rendered(message).querySelectorAll('.attack-odds').length;

describe('the card shows the odds before Defense', () => {
  it('to the attacker’s owners by default, equal to the engine’s odds of the rolled total', async () => {
    const orc = await dummy('Orc', {}, otherPlayer);
    const { fighter, message } = await fighterAttacks([orc], 10);
    expect(stateOf(message).attack.total).toBe(19);
    h.as(player);
    const html = rendered(message);
    const box = html.querySelector('section.target .attack-odds');
    expect(box?.querySelector('.odds-heading')?.textContent).toBe('Odds before Defense');
    // Attack total 19 against d20 + 0: a hit unless the Defense d20 shows 20 — 19/20 = 95 %.
    const miss = box?.querySelector('.odds-list dd[data-outcome="miss"]')?.textContent;
    expect(miss).toBe(percent(0.05));
    const [row] = cardOdds(stateOf(message), cardOddsAttack(stateOf(message), fighter)!);
    expect(row?.available && row.summary.hit).toBeCloseTo(0.95, 12);
    // Not in the card's stored HTML: each client draws its own.
    expect(game.messages.get(message.id as string)?.content).not.toContain('attack-odds');

    h.as(otherPlayer);
    expect(oddsOn(message)).toBe(0);
    h.as(gm);
    expect(oddsOn(message)).toBe(1);
  });

  it('with several targets, each has its odds and the card has one legend', async () => {
    const orcs = [await dummy('Orc', {}, otherPlayer), await dummy('Orc 2', {}, otherPlayer)];
    const { message } = await fighterAttacks(orcs, 10);
    h.as(player);
    const html = rendered(message);
    expect(html.querySelectorAll('section.target .attack-odds')).toHaveLength(2);
    expect(html.querySelectorAll('.attack-odds .odds-legend')).toHaveLength(1);
  });

  it.each([
    ['everyone', [1, 1, 1]],
    ['gm', [0, 0, 1]],
    ['attacker', [1, 0, 1]],
    ['off', [0, 0, 0]],
  ] as const)('the setting “%s” shows them to player, other player, GM: %j', async (mode, seen) => {
    h.as(gm);
    await game.settings.set('gng', 'showOdds', mode);
    const orc = await dummy('Orc', {}, otherPlayer);
    const { message } = await fighterAttacks([orc], 10);
    const counts = [player, otherPlayer, gm].map((user) => {
      h.as(user);
      return oddsOn(message);
    });
    expect(counts).toEqual(seen);
  });

  it('vanish once Defense is rolled; the defender’s owners then see a “What if?” while Block is open', async () => {
    const orc = await dummy('Orc', {}, otherPlayer);
    await orc.createEmbeddedDocuments('Item', [
      {
        name: 'Club',
        type: 'weapon',
        system: { equipped: true, use: 'one-handed', damage: { medium: '1d6' } },
      },
    ]);
    const { message } = await fighterAttacks([orc], 10);
    const id = stateOf(message).targets[0]!.id;
    h.as(otherPlayer);
    h.dice.queue(5);
    const button = rendered(message).querySelector<HTMLButtonElement>(
      `button[data-action="rollDefense"][data-target-id="${id}"]`,
    );
    button?.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as unknown as Event);
    await attackActionsSettled();
    expect(stateOf(message).targets[0]?.result).toMatchObject({ hit: true, relativeDegree: 14 });
    h.as(player);
    expect(oddsOn(message)).toBe(0);
    expect(rendered(message).querySelector('.attack-what-if')).toBeNull();
    h.as(otherPlayer);
    expect(oddsOn(message)).toBe(0);
    const whatIf = rendered(message).querySelector('.attack-what-if');
    expect(whatIf?.querySelector('summary')?.textContent).toBe(
      'What if? Odds for Orc with and without an abort',
    );
    const lines = [...(whatIf?.querySelectorAll('.what-if-line') ?? [])].map((p) => p.textContent);
    expect(lines[0]).toBe('Without an abort');
    // Block: the club's d20 + 0 (with its chain) against the attack total 19, both Medium, no shield,
    // ties to the blocker: a natural 19 or 20 blocks — 2/20 = 10 %.
    expect(lines[1]).toBe(`Block with Club (blocks ${percent(0.1)})`);
    // Without: RD 14 is known, 1d10 + 4 + 14 = 19…28 against 10 HP leaves −9…−18: dying (−1…−9,
    // a Medium creature dies at −10) only on a d10 of 1 — dying 10 %, dead 90 %, never "no effect".
    const cell = (i: number, outcome: string) =>
      whatIf?.querySelectorAll('dl.odds-list')[i]?.querySelector(`dd[data-outcome="${outcome}"]`)
        ?.textContent;
    expect([cell(0, 'miss'), cell(0, 'absorbed'), cell(0, 'dying'), cell(0, 'dead')]).toEqual([
      percent(0),
      percent(0),
      percent(0.1),
      percent(0.9),
    ]);
    // With the Block: blocked (10 %) does nothing — shown with the misses — else as without: dying
    // 9 %, dead 81 %. The same disjoint presentation as the dialog: 10 + 9 + 81 = 100.
    expect([cell(1, 'miss'), cell(1, 'absorbed'), cell(1, 'dying'), cell(1, 'dead')]).toEqual([
      percent(0.1),
      percent(0),
      percent(0.09),
      percent(0.81),
    ]);
    expect(whatIf?.querySelector('.odds-legend')).not.toBeNull();
  });

  it('with the damage known, the rogue’s player sees the odds with and without Roll with the Blow', async () => {
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    await rogue.update({ 'system.skills.tumble.ranks': 4 });
    const combat = h.startCombat([fighter, rogue]);
    await (combat as unknown as { begin(): Promise<void> }).begin();
    h.as(player);
    h.target(player, h.placeToken(rogue));
    // A low attack (d20 2, total 11) against a Defense d20 of 1, and a damage d10 of 1: a small hit.
    h.dice.queue(2);
    const message = (await game.gng.attack(fighter, sword(fighter), {})) as ChatMessage;
    await attackActionsSettled();
    const id = stateOf(message).targets[0]!.id;
    const press = async (action: string) => {
      const button = rendered(message).querySelector<HTMLButtonElement>(
        `button[data-action="${action}"][data-target-id="${id}"]`,
      );
      if (!button) throw new Error(`${game.user.name} sees no ${action}`);
      button.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as unknown as Event);
      await attackActionsSettled();
    };
    h.as(otherPlayer);
    h.dice.queue(1);
    await press('rollDefense');
    h.as(player);
    h.dice.queue(1);
    await press('rollDamage');
    const lethal = stateOf(message).targets[0]!.damage!.lethal;
    expect(lethal).toBeGreaterThan(0);
    h.as(otherPlayer);
    const whatIf = rendered(message).querySelector('.attack-what-if');
    const lines = [...(whatIf?.querySelectorAll('.what-if-line') ?? [])].map((p) => p.textContent);
    const tumble = sys(rogue).derived.skills.tumble.total;
    const signed = tumble >= 0 ? `+${tumble}` : `${tumble}`;
    expect(lines).toEqual([
      'Without an abort',
      `Roll with the Blow (Tumble ${signed}; points it turns nonlethal not counted)`,
    ]);
    // With it: d20 + Tumble against the attack total 11 (both Medium); each point beaten turns one
    // lethal point nonlethal, so no lethal damage at all when d20 + Tumble − 19 ≥ the lethal damage.
    const total = stateOf(message).attack.total;
    let naturals = 0;
    for (let n = 1; n <= 20; n++) if (n + tumble - total >= lethal) naturals++;
    expect(total).toBe(11);
    expect(naturals).toBeGreaterThan(0);
    expect(naturals).toBeLessThan(20);
    // The damage is known (a hit): turned wholly nonlethal, it is a hit for no (lethal) harm.
    const absorbed = whatIf
      ?.querySelectorAll('dl.odds-list')[1]
      ?.querySelector('dd[data-outcome="absorbed"]');
    expect(absorbed?.textContent).toBe(percent(naturals / 20));
    // Without it, the known damage lands for sure.
    const before = whatIf?.querySelectorAll('dl.odds-list')[0]?.querySelector('dd[data-outcome="absorbed"]');
    expect(before?.textContent).toBe(percent(0));
    // The attacker's player sees no "What if?".
    h.as(player);
    expect(rendered(message).querySelector('.attack-what-if')).toBeNull();
  });
});
