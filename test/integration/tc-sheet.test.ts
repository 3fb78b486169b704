/**
 * The Time Count and Threshold of Pain block of the sheet (issue #32, lane world; docs/rules.md
 * "Sheet and world"), the world playing 'tc' as a world does (TC_LOADER). The fixture's fighter,
 * worked by hand:
 * - Primary 10 + max(Fortitude 2, Agility 1, Willpower 0) = 12 (002:116); Passive 10 (002:122);
 *   Vigor 10 + Con 2 + Fortitude 2 = 14 (002:126); Celerity 10 + Dex 1 + Agility 1 = 12 (002:130);
 *   Spirit 10 + Wis 0 + Willpower 0 = 10 (002:134);
 * - ToP 3 + Persona 1 = 4 (002:74); 28 HP (10 + 6 + 6 + 3 × Con 2, lane core's maximum);
 * - the long sword Standard: static SF 9, random 1d6+6; the dagger Fast: 6, 1d6+3 (A1);
 * - hurt: fatigue 30, 4 hits this combat, 1 slashing impairment: ToP max(0, 4 − 4) = 0, wounded
 *   (002:78); fatigue 30 ≥ 28 current HP: a Constitution check DC 30 − 28 = 2, −2 for the impairment
 *   (002:162); Agility 1 − 1 = 0, so Primary max(2, 0, 0) = 12 still and Celerity 10 + 1 + 0 = 11;
 *   each weapon +1 SF (002:90): 10 and 7; paralysis immobilizes at 3 × Vigor 14 = 42 (002:714).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { tcCreature } from '../fixtures/tc-world.js';
import { tcFighter, tcGoblin, tcOf, useTcWorld } from '../fixtures/tc-world.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;

useTcWorld(h, 32, { loaded: true, endCombats: true });

const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
const rows = (app: HarnessApplicationV2, table: string) =>
  [...app.element.querySelectorAll(`.${table} tbody tr`)].map((tr) => texts(tr, 'th, td').join(' | '));
const HURT = { fatigue: 30, topLost: 4, impairments: { slashing: 1 }, paralysis: 3, petrification: 2 };

describe('the initiative under the Time Count (R33, 002:246–248)', () => {
  it('shows 1d6 + 4 − Wisdom in the header and on the combat panel, not GnG’s d20 modifier', async () => {
    // Wisdom 14 (+2) lowers the count: 1d6 + 4 − 2 = 1d6+2; Wisdom 6 (−2) raises it: 1d6+6.
    const wise = await tcCreature(h, { name: 'Sage', owner: player, abilities: { wis: 14, dex: 16 } });
    h.as(player);
    const sheet = await h.openSheet(wise);
    expect(texts(sheet.element, '.header-stat strong')).toContain('1d6+2');
    expect(texts(sheet.element, '.stat-initiative .stat-value')).toEqual(['1d6+2']);
    expect(texts(sheet.element, '.stat-initiative .breakdown-line')).toEqual([
      'The Time Count roll 1d6 + 4',
      'Wisdom -2',
    ]);
    await sheet.close();
    const rash = await tcCreature(h, { name: 'Rash', owner: player, abilities: { wis: 6 } });
    h.as(player);
    const other = await h.openSheet(rash);
    expect(texts(other.element, '.stat-initiative .stat-value')).toEqual(['1d6+6']);
    await other.close();
  });
});

describe('the sheet block', () => {
  it('shows the five defenses, the Threshold of Pain and HP with their parts, the weapons’ speed', async () => {
    const actor = await tcFighter(h);
    h.as(player);
    const sheet = await h.openSheet(actor);
    expect(texts(sheet.element, '.combat-stats .stat-value').slice(0, 7)).toEqual([
      '12',
      '10',
      '14',
      '12',
      '10',
      '4',
      '28 / 28',
    ]);
    expect(texts(sheet.element, '.stat-top .stat-sub')).toEqual(["4 before this combat's hits, 0 lost"]);
    expect(texts(sheet.element, '.stat-hp .stat-sub')).toEqual(['fatigue 0 · Invigoration 0 · bonus 0']);
    expect(texts(sheet.element, '.stat-top .breakdown-line .part-value')).toEqual(['+3', '+1', '= 4']);
    expect(texts(sheet.element, '.tc-health-line')).toEqual([
      'Fatigue 0 against 28 current HP (at risk of unconsciousness from 28, dying from 56).',
    ]);
    expect(rows(sheet, 'tc-weapons')).toEqual([
      'Long sword | Standard | 9 | 1d6+6',
      'Dagger | Fast | 6 | 1d6+3',
    ]);
    expect(rows(sheet, 'tc-impairments')).toEqual([
      'Bludgeoning | 0 | −1 Fortitude, −1 Accuracy',
      'Piercing | 0 | −1 Willpower, −1 Power',
      'Slashing | 0 | −1 Agility, +1 weapon speed factor',
    ]);
    expect(texts(sheet.element, '.tc-stance')).toEqual(['Stance: Basic (no special stance)']);
    // The weapon's class changed on its sheet: the row follows (Rapid: 2, 1d4, A1).
    const dagger = actor.items.find((item) => item.name === 'Dagger') as Item;
    await dagger.update({ 'system.speedClass': 'rapid' });
    expect(rows(sheet, 'tc-weapons')[1]).toBe('Dagger | Rapid | 2 | 1d4');
    // GnG's Protection is no part of the model; the Heal is the GM's.
    expect(sheet.element.querySelector('.stat-protection')).toBeNull();
    expect(sheet.element.querySelector('.tc-heal')).toBeNull();
  });

  it('shows a hurt creature: fatigue over HP, the check it calls for, wounded, impairments, meters', async () => {
    const actor = await tcFighter(h, { tc: HURT });
    h.as(player);
    const sheet = await h.openSheet(actor);
    // Petrification 2 (002:719): Vigor 10 + Con 2 + Fortitude 2 + 2 = 16; Celerity 10 + Dex 1 +
    // Agility (1 − 1 slashing) − 2 = 9; paralysis 3 is under half of Vigor 16 (no step, 002:710).
    expect(texts(sheet.element, '.combat-stats .stat-value').slice(0, 7)).toEqual([
      '12',
      '10',
      '16',
      '9',
      '10',
      '0',
      '28 / 28',
    ]);
    expect(texts(sheet.element, '.stat-top .stat-sub')).toEqual(["4 before this combat's hits, 4 lost"]);
    expect(texts(sheet.element, '.stat-top .breakdown-line .part-value')).toEqual(['+3', '+1', '-4', '= 0']);
    expect(texts(sheet.element, '.tc-health-line')).toEqual([
      'Fatigue 30 against 28 current HP (at risk of unconsciousness from 28, dying from 56).',
      'Fatigue at or above the current HP: each rise of fatigue or fall of HP calls for a Constitution check, DC 2 now (−2 for impairments).',
      'Wounded: the Threshold of Pain is 0, so every hit passes it.',
    ]);
    expect(rows(sheet, 'tc-weapons')).toEqual([
      'Long sword | Standard | 10 | 1d6+6+1',
      'Dagger | Fast | 7 | 1d6+3+1',
    ]);
    expect(texts(sheet.element, '.tc-note')[0]).toBe('Slashing impairments: +1 to every speed factor.');
    expect(texts(sheet.element, '.tc-meter')).toEqual([
      // Three times Vigor 16 (petrification's +2 in it: docs/rules.md "Stances and conditions in play").
      'Paralysis 3 3 (immobile at 48: three times Vigor)',
      'Petrification 2 2 of 10 (fully petrified at 10)',
    ]);
    const header = sheet.element.querySelector('.sheet-header .injury-grade')?.textContent?.trim();
    expect(header).toBe('Fatigue over HP');
    // Without the impairment the check has no penalty to name (DC 30 − 28 = 2 still).
    h.as(gm);
    await actor.update({ 'system.model.tc.impairments.slashing': 0 });
    expect(texts(sheet.element, '.tc-health-line')[1]).toBe(
      'Fatigue at or above the current HP: each rise of fatigue or fall of HP calls for a Constitution check, DC 2 now.',
    );
  });

  it('lets the owner edit the attributes (A6) and shows them to others as text', async () => {
    const actor = await tcFighter(h);
    h.as(player);
    const sheet = await h.openSheet(actor);
    const input = sheet.element.querySelector<HTMLInputElement>(
      'input[name="system.model.tc.attributes.persona"]',
    );
    expect(input?.value).toBe('1');
    await h.change(sheet, 'input[name="system.model.tc.attributes.persona"]', '3');
    expect(tcOf(actor).attributes).toMatchObject({ persona: 3 });
    // ToP 3 + 3 = 6.
    expect(texts(sheet.element, '.stat-top .stat-value')).toEqual(['6']);
    await sheet.close();
    h.as(otherPlayer);
    const theirs = await h.openSheet(actor);
    expect(theirs.element.querySelector('input[name^="system.model.tc"]')).toBeNull();
    expect(texts(theirs.element, '.tc-attribute[data-attribute="persona"] .field-value')).toEqual(['3']);
  });

  it('gives the owner a stance change and the maneuvers, each posted as its card', async () => {
    const actor = await tcFighter(h);
    const goblin = await tcGoblin(h);
    h.as(otherPlayer);
    const theirs = await h.openSheet(actor);
    expect(theirs.element.querySelector('.tc-play')).toBeNull();
    await theirs.close();
    h.as(player);
    const sheet = await h.openSheet(actor);
    const click = (selector: string) =>
      sheet.element
        .querySelector(selector)
        ?.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as unknown as Event);
    // The stances but the one it is in (basic), by the stance card's names.
    expect(texts(sheet.element, '.tc-stance-choice option')).toEqual([
      'Defensive',
      'Crouch',
      'Parry',
      'Poised',
      'Prone',
      'Casting',
    ]);
    expect(texts(sheet.element, '.tc-maneuver-choice option')).toContain('Trip');
    const messages = game.messages.contents.length;
    await h.change(sheet, '.tc-stance-choice', 'crouch');
    click('.tc-stance-button');
    await attackActionsSettled();
    // Out of a Time Count the shift is free: the stance changes at once, on the GM's card.
    expect(tcOf(actor).stance).toBe('crouch');
    expect(game.messages.contents.length).toBe(messages + 1);
    // A maneuver with nobody targeted: a warning, no card.
    click('.tc-maneuver-button');
    await attackActionsSettled();
    expect(game.messages.contents.length).toBe(messages + 1);
    expect(h.notices.at(-1)?.level).toBe('warn');
    // With the goblin targeted: the maneuver card (out of a Time Count: no SF posted).
    h.target(player, h.placeToken(goblin));
    click('.tc-maneuver-button');
    await attackActionsSettled();
    expect(game.messages.contents.length).toBe(messages + 2);
    expect(game.messages.contents.at(-1)?.type).toBe('tcManeuver');
    await sheet.close();
  });

  it('names the model’s state in the header', async () => {
    const actor = await tcFighter(h);
    h.as(gm);
    const sheet = await h.openSheet(actor);
    const label = () => sheet.element.querySelector('.sheet-header .injury-grade')?.textContent?.trim();
    expect(label()).toBe('Fresh');
    await actor.update({ 'system.model.tc.fatigue': 3 });
    expect(label()).toBe('Fatigued');
    await actor.update({ 'system.model.tc.topLost': 4 });
    expect(label()).toBe('Wounded');
    // Dying at fatigue ≥ 2 × 28 (002:160).
    await actor.update({ 'system.model.tc.fatigue': 56 });
    expect(label()).toBe('Dying');
    await actor.update({ 'system.hp.value': 0 });
    expect(label()).toBe('Dead');
  });
});
