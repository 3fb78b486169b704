/**
 * The character, creature and item sheets on the harness: they render every section with localized
 * strings, show the engine's numbers with their breakdowns, save edits on change (refusing invalid
 * ones with the localized message), toggle gear and conditions, roll attacks and take dropped items.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter, FIGHTER_CLASS } from '../fixtures/appendix3.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { ITEM_TYPES } from '../../src/config/document-types.js';
import { createOgre } from '../fixtures/ogre.js';
import { openTab } from '../fixtures/sheet-tabs.js';
import { cardStateOf } from '../fixtures/cards.js';

const h = await getHarness();
beforeEach(() => h.reset(11));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const text = (app: HarnessApplicationV2, selector: string) =>
  app.element.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
const breakdownLines = (app: HarnessApplicationV2, stat: string) =>
  [...app.element.querySelectorAll(`.stat-${stat} .breakdown-line`)].map((li) =>
    (li.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );

describe('character sheet', () => {
  it('renders the header, the combat panel, the tab bar and one part per tab, every string localized', async () => {
    const sheet = await h.openSheet(await appendix3Fighter(h));
    const parts = [...sheet.element.querySelectorAll<HTMLElement>('[data-application-part]')].map(
      (el) => el.dataset.applicationPart,
    );
    expect(parts).toEqual([
      'header',
      'combat',
      'tabs',
      'tab-combat',
      'tab-skills',
      'tab-inventory',
      'tab-feats',
      'tab-magic',
      'tab-effects',
      'tab-biography',
    ]);
    // Each tab panel holds its sections.
    const sections = (tab: string) =>
      [...sheet.element.querySelectorAll(`[role="tabpanel"][data-tab="${tab}"] > section`)].map(
        (el) => el.className,
      );
    expect(sections('combat')).toEqual(['attacks', 'abilities-section', 'saves', 'resistances']);
    await openTab(h, sheet, 'feats');
    expect(sections('feats')).toEqual(['feats', 'classes']);
    await openTab(h, sheet, 'biography');
    expect(sections('biography')).toEqual(['biography']);
    expect(sheet.element.tagName).toBe('FORM');
    expect(h.i18n.missing).toEqual(new Set());
  });

  it('the combat panel shows the Appendix 3 fighter: Defense +4, Protection 8, HP 23', async () => {
    const sheet = await h.openSheet(await appendix3Fighter(h));
    expect(text(sheet, '.combat-panel .stat-defense-melee .stat-value')).toBe('+4');
    expect(text(sheet, '.combat-panel .stat-defense-ranged .stat-value')).toBe('+4');
    expect(text(sheet, '.combat-panel .stat-protection .stat-value')).toBe('8');
    expect(text(sheet, '.combat-panel .stat-hp .stat-value')).toBe('23 / 23');
    expect(text(sheet, '.sheet-header .hp-bar-text')).toBe('23 / 23');
    expect(text(sheet, '.sheet-header .injury-grade')).toBe('Unhurt');
  });

  it('each breakdown lists every contribution with its source, tied to a focusable button', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    expect(breakdownLines(sheet, 'defense-melee')).toEqual([
      'Class bonus (Fighter 5) +5',
      'Armor check penalty (Full plate) -3',
      'Shield bonus (Large steel shield) +2',
    ]);
    expect(breakdownLines(sheet, 'protection')).toEqual(['Armor (Full plate) +8']);
    expect(breakdownLines(sheet, 'hp')).toEqual([
      'Constitution 18',
      'Class bonus +5',
      'Base hit points = 23',
      'Size multiplier × 1',
      'Before rounding = 23',
      'Maximum hit points = 23',
    ]);
    const button = sheet.element.querySelector<HTMLButtonElement>('.stat-defense-melee button.stat-button');
    const id = button?.getAttribute('aria-describedby') as string;
    const tooltip = sheet.element.querySelector(`[id="${id}"]`);
    expect(tooltip?.getAttribute('role')).toBe('tooltip');
    expect(tooltip?.closest('.stat-defense-melee')).toBeTruthy();
    expect(button?.type).toBe('button');
    // The attack bonus has its breakdown too.
    expect(text(sheet, '.attack .stat-value')).toBe('+9');
    // Itemized as Defense is: base attack bonus +5 (fighter 5, good progression), Strength 18 +4,
    // a Medium creature's size modifier 0 left out.
    expect(breakdownLines(sheet, `attack-${sys(actor).derived.attacks[0]?.itemId}`)).toEqual([
      'Base attack bonus (Fighter 5) +5',
      'Strength +4',
    ]);
  });

  it('a condition that removes Defense parts shows what was lost and why', async () => {
    const actor = await appendix3Fighter(h);
    await actor.toggleStatusEffect('helpless');
    const sheet = await h.openSheet(actor);
    const lines = breakdownLines(sheet, 'defense-melee');
    expect(lines).toContain('Class bonus (lost: Helpless) +5');
    expect(sheet.element.querySelector('.stat-defense-melee .breakdown-line.removed')).toBeTruthy();
    expect(text(sheet, '.stat-defense-melee .breakdown-note')).toBe('The Defense roll is automatically a 1.');
    expect(h.i18n.missing).toEqual(new Set());
  });

  it('editing an ability saves on change and re-derives what depends on it', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    await h.change(sheet, 'input[name="system.abilities.str.value"]', 20);
    expect(sys(actor).abilities.str.value).toBe(20);
    expect(sys(actor).abilities.str.mod).toBe(5);
    expect(text(sheet, '.attack .stat-value')).toBe('+10');
    expect(text(sheet, 'button.ability-roll[data-ability="str"]')).toBe('+5');
    expect(h.notices).toEqual([]);
  });

  it('a negative ability typed in the form is refused with the localized message; nothing changes', async () => {
    const actor = await appendix3Fighter(h);
    const before = actor.toObject();
    const sheet = await h.openSheet(actor);
    await h.change(sheet, 'input[name="system.abilities.con.value"]', -3);
    expect(h.notices).toEqual([
      {
        level: 'error',
        message: 'An ability score cannot be negative (con: -3). Use 0 for a score of nothing.',
      },
    ]);
    expect(actor.toObject()).toEqual(before);
    expect(sys(actor).hp.max).toBe(23);
  });

  it('skill ranks save on change; a trained-only skill without ranks cannot be rolled', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'skills');
    const tumble = () => sheet.element.querySelector<HTMLButtonElement>('button[data-skill="tumble"]');
    expect(tumble()?.disabled).toBe(true);
    expect(tumble()?.getAttribute('aria-label')).toBe('Tumble: trained only, needs ranks');
    await h.change(sheet, 'input[name="system.skills.tumble.ranks"]', 2);
    expect(sys(actor).skills.tumble.ranks).toBe(2);
    expect(tumble()?.disabled).toBe(false);
    // −6 of armor check penalty (plate −6, shield −2: −8 in full, as the core rules apply it) + 2 ranks.
    expect(tumble()?.textContent?.trim()).toBe(`+${2 - 8}`.replace('+-', '-'));
    h.dice.queue(15);
    await h.click(sheet, 'button[data-skill="tumble"]');
    expect(game.messages.contents[0]?.rolls[0]?.total).toBe(15 - 6);
  });

  it('equip and carry toggles change Defense and encumbrance', async () => {
    const actor = await appendix3Fighter(h);
    await actor.createEmbeddedDocuments('Item', [
      { name: 'Anvil', type: 'equipment', system: { weight: 60, carried: false } },
    ]);
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'inventory');
    const shieldId = actor.items.find((i) => i.type === 'shield')?.id;
    const anvilId = actor.items.find((i) => i.name === 'Anvil')?.id;
    const equip = `tr[data-item-id="${shieldId}"] button[data-action="toggleEquipped"]`;
    const row = (id: string | null | undefined) => sheet.element.querySelector(`tr[data-item-id="${id}"]`);
    expect(sheet.element.querySelector(equip)?.getAttribute('aria-pressed')).toBe('true');
    // A toggle keeps its name; aria-pressed says the state, the tooltip what a press does.
    expect(sheet.element.querySelector(equip)?.getAttribute('aria-label')).toBe('Equip Large steel shield');
    expect(sheet.element.querySelector(equip)?.getAttribute('title')).toBe('Unequip Large steel shield');
    // The state in words: equipped, carried, left behind.
    expect(text(sheet, `tr[data-item-id="${shieldId}"] .state-chip`)).toBe('Equipped');
    expect(text(sheet, `tr[data-item-id="${anvilId}"] .state-chip`)).toBe('Left behind');
    expect(row(anvilId)?.classList.contains('state-stowed')).toBe(true);

    await h.click(sheet, equip);
    expect(text(sheet, '.stat-defense-melee .stat-value')).toBe('+2');
    expect(sheet.element.querySelector(equip)?.getAttribute('aria-pressed')).toBe('false');
    expect(text(sheet, `tr[data-item-id="${shieldId}"] .state-chip`)).toBe('Carried');
    await h.click(sheet, equip);
    expect(text(sheet, '.stat-defense-melee .stat-value')).toBe('+4');

    expect(text(sheet, '.total-weight')).toBe('71');
    await h.click(sheet, `tr[data-item-id="${anvilId}"] button[data-action="toggleCarried"]`);
    expect(text(sheet, '.total-weight')).toBe('131');
    expect(text(sheet, '.encumbrance .load')).toBe('Light load');
    expect(text(sheet, '.encumbrance .load-penalty')).toBe('-1');
    expect(text(sheet, '.stat-defense-melee .stat-value')).toBe('+3');
    expect(breakdownLines(sheet, 'defense-melee')).toContain('Encumbrance (Light load) -1');
  });

  it('condition buttons toggle actor.statuses for every CONFIG.statusEffects entry but the automatic injury markers', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'effects');
    const ids = [...sheet.element.querySelectorAll<HTMLElement>('button[data-action="toggleStatus"]')].map(
      (b) => b.dataset.status,
    );
    expect(ids).toEqual(CONFIG.statusEffects.map((s) => s.id).filter((id) => !id.startsWith('injury-')));
    expect(ids).toHaveLength(CONFIG.statusEffects.length - 3);
    const prone = 'button[data-action="toggleStatus"][data-status="prone"]';
    expect(sheet.element.querySelector(prone)?.getAttribute('aria-label')).toBe('Add the condition Prone');
    await h.click(sheet, prone);
    expect(actor.statuses.has('prone')).toBe(true);
    expect(sheet.element.querySelector(prone)?.getAttribute('aria-pressed')).toBe('true');
    expect(text(sheet, '.stat-defense-melee .stat-value')).toBe('+0');
    expect(text(sheet, '.stat-defense-ranged .stat-value')).toBe('+8');
    expect(text(sheet, '.effect-list .effect-name')).toBe('Prone');
    await h.click(sheet, prone);
    expect(actor.statuses.has('prone')).toBe(false);
    expect(sheet.element.querySelector(prone)?.getAttribute('aria-pressed')).toBe('false');
  });

  it('active effects are listed and can be turned off and deleted', async () => {
    const actor = await appendix3Fighter(h);
    const [effect] = await actor.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Shield of faith',
        changes: [
          { key: 'system.defense.bonuses.deflection', mode: CONST.ACTIVE_EFFECT_MODES.UPGRADE, value: '2' },
        ],
      },
    ]);
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'effects');
    expect(text(sheet, '.stat-defense-melee .stat-value')).toBe('+6');
    expect(breakdownLines(sheet, 'defense-melee')).toContain('Deflection bonus (effects) +2');
    await h.click(sheet, `[data-effect-id="${effect?.id}"] button[data-action="toggleEffect"]`);
    expect(actor.effects.get(effect?.id as string)?.disabled).toBe(true);
    expect(text(sheet, '.stat-defense-melee .stat-value')).toBe('+4');
    await h.click(sheet, `[data-effect-id="${effect?.id}"] button[data-action="deleteEffect"]`);
    expect(actor.effects.size).toBe(0);
  });

  /** The GM targets a defender's token: an opposed attack needs one. */
  async function targetDefender(): Promise<void> {
    const defender = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
    h.target(game.user, h.placeToken(defender));
  }

  it('the attack button (Shift-click: no dialog) starts the attack: 1d20 + bonus on the attack card', async () => {
    const actor = await appendix3Fighter(h);
    await targetDefender();
    const sheet = await h.openSheet(actor);
    const button = sheet.element.querySelector('.attack button[data-action="rollAttack"]');
    expect(button?.getAttribute('aria-label')).toBe('Roll an attack with Bastard sword');
    h.dice.queue(12);
    await h.click(sheet, '.attack button[data-action="rollAttack"]', { shiftKey: true });
    const [message] = game.messages.contents;
    expect(message?.rolls[0]?.formula).toBe('1d20 + 9');
    expect(message?.rolls[0]?.total).toBe(21);
    expect(message?.getFlag('gng', 'type')).toBe('attackCard');
    expect(message?.content).toContain('Bastard sword');
  });

  it('a natural 20 adds the d10 chain (9 rolls again), a natural 1 subtracts it', async () => {
    const actor = await appendix3Fighter(h);
    await targetDefender();
    const sheet = await h.openSheet(actor);
    const attackOf = (message: ChatMessage | undefined) =>
      cardStateOf<{ attack: { chainDice: number[]; total: number } }>(message)!;
    h.dice.queue(20, 9, 3);
    await h.click(sheet, '.attack button[data-action="rollAttack"]', { shiftKey: true });
    let message = game.messages.contents.at(-1);
    expect(attackOf(message).attack.chainDice).toEqual([9, 3]);
    expect(attackOf(message).attack.total).toBe(29 + 12);
    expect(message?.rolls.map((r) => r.total)).toEqual([29, 9, 3]);
    h.dice.queue(1, 4);
    await h.click(sheet, '.attack button[data-action="rollAttack"]', { shiftKey: true });
    message = game.messages.contents.at(-1);
    expect(attackOf(message).attack.total).toBe(10 - 4);
  });

  it('gng.preAttack can cancel the attack started from the sheet', async () => {
    const actor = await appendix3Fighter(h);
    await targetDefender();
    const sheet = await h.openSheet(actor);
    const id = Hooks.on('gng.preAttack', () => false);
    try {
      await h.click(sheet, '.attack button[data-action="rollAttack"]', { shiftKey: true });
      expect(game.messages.size).toBe(0);
    } finally {
      Hooks.off('gng.preAttack', id);
    }
  });

  it('save buttons roll the derived save', async () => {
    const sheet = await h.openSheet(await appendix3Fighter(h));
    h.dice.queue(10);
    await h.click(sheet, 'button[data-action="rollSave"][data-save="fort"]');
    const [message] = game.messages.contents;
    expect(message?.rolls[0]?.total).toBe(18);
    expect(message?.content).toContain('Saving throw: Fortitude');
  });

  it('item rows open the item sheet and delete the item (named in the button label)', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'inventory');
    const sword = actor.items.find((i) => i.name === 'Bastard sword') as Item;
    const row = `tr[data-item-id="${sword.id}"]`;
    await h.click(sheet, `${row} button[data-action="openItem"]`);
    expect(sword.sheet?.rendered).toBe(true);
    const del = sheet.element.querySelector(`${row} button[data-action="deleteItem"]`);
    expect(del?.getAttribute('aria-label')).toBe('Delete Bastard sword');
    await h.click(sheet, `${row} button[data-action="deleteItem"]`);
    expect(actor.items.get(sword.id as string)).toBeUndefined();
    await openTab(h, sheet, 'combat');
    expect(sheet.element.querySelector('.attack')).toBeNull();
    expect(text(sheet, '.attacks .empty')).toBe('No weapon is equipped.');
  });
});

describe('sheet tabs', () => {
  const TABS = ['combat', 'skills', 'inventory', 'feats', 'magic', 'effects', 'biography'];
  const shown = (app: HarnessApplicationV2) =>
    [...app.element.querySelectorAll<HTMLElement>('[role="tabpanel"]')]
      .filter((panel) => !panel.hidden)
      .map((panel) => panel.dataset.tab);
  const selected = (app: HarnessApplicationV2) =>
    [...app.element.querySelectorAll<HTMLElement>('[role="tab"][aria-selected="true"]')].map(
      (tab) => tab.dataset.tab,
    );

  it('a tablist of real buttons, each tied to its panel; Combat first; the header and combat panel outside the tabs', async () => {
    const sheet = await h.openSheet(await appendix3Fighter(h));
    const tablist = sheet.element.querySelector('[role="tablist"]');
    expect(tablist?.getAttribute('aria-label')).toBe('Sheet sections');
    const tabs = [...sheet.element.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs.map((tab) => tab.tagName)).toEqual(TABS.map(() => 'BUTTON'));
    expect(tabs.map((tab) => tab.textContent?.trim())).toEqual([
      'Combat',
      'Skills',
      'Inventory',
      'Feats',
      'Magic',
      'Effects',
      'Biography',
    ]);
    for (const tab of tabs) {
      const panel = sheet.element.querySelector(`[id="${tab.getAttribute('aria-controls')}"]`);
      expect(panel?.getAttribute('role')).toBe('tabpanel');
      expect(panel?.getAttribute('aria-labelledby')).toBe(tab.id);
    }
    expect(shown(sheet)).toEqual(['combat']);
    expect(selected(sheet)).toEqual(['combat']);
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual([
      '0',
      '-1',
      '-1',
      '-1',
      '-1',
      '-1',
      '-1',
    ]);
    expect(sheet.element.querySelector('.sheet-header')?.closest('[role="tabpanel"]')).toBeNull();
    expect(sheet.element.querySelector('.combat-panel')?.closest('[role="tabpanel"]')).toBeNull();
  });

  it('clicking a tab shows its panel only; a re-render (an update of the actor) keeps it', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    for (const tab of TABS) {
      await h.click(sheet, `[role="tab"][data-tab="${tab}"]`);
      expect(shown(sheet)).toEqual([tab]);
      expect(selected(sheet)).toEqual([tab]);
    }
    await h.click(sheet, '[role="tab"][data-tab="inventory"]');
    await actor.update({ 'system.hp.value': 20 });
    await sheet.render();
    expect(text(sheet, '.combat-panel .stat-hp .stat-value')).toBe('20 / 23');
    expect(shown(sheet)).toEqual(['inventory']);
    expect(selected(sheet)).toEqual(['inventory']);
    // An edit made in the tab re-renders the sheet: still on that tab.
    await h.click(sheet, '[role="tab"][data-tab="skills"]');
    await h.change(sheet, 'input[name="system.skills.climb.ranks"]', 3);
    expect(sys(actor).skills.climb.ranks).toBe(3);
    expect(shown(sheet)).toEqual(['skills']);
  });

  it('arrow keys, Home and End move the focus along the tabs and show each one', async () => {
    const sheet = await h.openSheet(await appendix3Fighter(h));
    // A tab opened for the first time renders its panel first: wait for it.
    const key = async (k: string) => {
      const active = h.window.document.activeElement as unknown as HTMLElement;
      active.dispatchEvent(
        new h.window.KeyboardEvent('keydown', {
          key: k,
          bubbles: true,
          cancelable: true,
        }) as unknown as Event,
      );
      await sheet.settle();
    };
    const focused = () => (h.window.document.activeElement as unknown as HTMLElement | null)?.dataset.tab;
    sheet.element.querySelector<HTMLElement>('[role="tab"][data-tab="combat"]')?.focus();
    await key('ArrowRight');
    expect(focused()).toBe('skills');
    expect(shown(sheet)).toEqual(['skills']);
    await key('ArrowRight');
    expect(shown(sheet)).toEqual(['inventory']);
    await key('ArrowLeft');
    await key('ArrowLeft');
    await key('ArrowLeft');
    // From the first, Left wraps to the last.
    expect(focused()).toBe('biography');
    expect(shown(sheet)).toEqual(['biography']);
    await key('Home');
    expect(focused()).toBe('combat');
    await key('End');
    expect(selected(sheet)).toEqual(['biography']);
    expect(sheet.element.querySelector('[role="tab"][data-tab="biography"]')?.getAttribute('tabindex')).toBe(
      '0',
    );
    // Other keys do nothing.
    await key('a');
    expect(shown(sheet)).toEqual(['biography']);
  });

  it('the creature sheet has the same tabs; its Combat tab holds the stat block', async () => {
    const ogre = await h.createActor({ name: 'Ogre', type: 'npc', system: { size: 'large' } });
    const sheet = await h.openSheet(ogre);
    expect(
      [...sheet.element.querySelectorAll<HTMLElement>('[role="tab"]')].map((tab) => tab.dataset.tab),
    ).toEqual(TABS);
    expect(
      sheet.element.querySelector('.statblock')?.closest('[role="tabpanel"]')?.getAttribute('data-tab'),
    ).toBe('combat');
    await h.click(sheet, '[role="tab"][data-tab="effects"]');
    expect(shown(sheet)).toEqual(['effects']);
  });
});

describe('what another user sees', () => {
  it('a player who does not own the actor sees its hit points, nonlethal, temporary HP, natural armor and negative levels as numbers', async () => {
    const actor = await appendix3Fighter(h, h.users.player);
    await actor.update({
      'system.hp.value': 17,
      'system.hp.nonlethal': 3,
      'system.hp.temp': 2,
      'system.naturalArmor': 1,
      'system.negativeLevels': 1,
    });
    h.as(h.users.otherPlayer);
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'inventory');
    const fields = [...sheet.element.querySelectorAll('.combat-fields .combat-field')].map((el) =>
      (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
    );
    expect(fields).toEqual([
      'Hit points 17',
      'Nonlethal damage 3',
      'Temporary hit points 2',
      'Natural armor 1',
      'Negative levels 1',
    ]);
    expect(sheet.element.querySelector('.combat-fields input')).toBeNull();
    // No equip or carry toggles they could not press; the state chips still say where things are.
    expect(sheet.element.querySelector('button[data-action="toggleEquipped"]')).toBeNull();
    expect(sheet.element.querySelectorAll('.state-chip.state-equipped')).toHaveLength(3);
    // The owner edits them.
    h.as(h.users.player);
    await sheet.render();
    expect(sheet.element.querySelector<HTMLInputElement>('input[name="system.hp.nonlethal"]')?.value).toBe(
      '3',
    );
  });
});

describe('sheet rows', () => {
  it("item rows show the item's own image; trained-only skills without ranks say so in words", async () => {
    const actor = await appendix3Fighter(h);
    const [feat] = await actor.createEmbeddedDocuments('Item', [
      { name: 'Power Attack', type: 'feat', img: 'icons/skills/melee/strike-sword-steel-yellow.webp' },
    ]);
    const sword = actor.items.find((i) => i.name === 'Bastard sword') as Item;
    await sword.update({ img: 'icons/weapons/swords/sword-guard-steel.webp' });
    const sheet = await h.openSheet(actor);
    const img = (selector: string) =>
      sheet.element.querySelector(`${selector} img.item-img`)?.getAttribute('src');
    expect(img(`.attack[data-item-id="${sword.id}"]`)).toBe('icons/weapons/swords/sword-guard-steel.webp');
    await openTab(h, sheet, 'inventory');
    expect(img(`tr[data-item-id="${sword.id}"]`)).toBe('icons/weapons/swords/sword-guard-steel.webp');
    await openTab(h, sheet, 'feats');
    expect(img(`.feats [data-item-id="${feat?.id}"]`)).toBe(
      'icons/skills/melee/strike-sword-steel-yellow.webp',
    );
    const fighterClass = actor.items.find((i) => i.type === 'class') as Item;
    // Created without an image (this test's class has none): the default of its kind (issue #33).
    expect(fighterClass.img).toBe('icons/svg/mystery-man.svg');
    expect(img(`.classes [data-item-id="${fighterClass.id}"]`)).toBe('icons/svg/mystery-man.svg');
    await openTab(h, sheet, 'skills');

    expect(text(sheet, '.skill[data-skill="tumble"] .skill-note')).toBe('trained only: needs ranks');
    expect(sheet.element.querySelector('.skill[data-skill="climb"] .skill-note')).toBeNull();
    await h.change(sheet, 'input[name="system.skills.tumble.ranks"]', 1);
    expect(sheet.element.querySelector('.skill[data-skill="tumble"] .skill-note')).toBeNull();
  });
});

describe('drag and drop onto an actor sheet', () => {
  const longsword = {
    name: 'Longsword',
    type: 'weapon',
    system: { category: 'martial', damage: { medium: '1d8' }, damageTypes: ['slashing'], weight: 4 },
  };

  it('a weapon dropped from a compendium is created on the actor', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'inventory');
    const packed = h.registerCompendiumDocument('items', longsword);
    const created = (await h.drop(sheet, { type: 'Item', uuid: packed.uuid })) as Item;
    expect(created.parent).toBe(actor);
    expect(created.name).toBe('Longsword');
    expect(actor.items.filter((i) => i.name === 'Longsword')).toHaveLength(1);
    expect(created.id).not.toBe(packed.id);
    expect(sheet.element.querySelector(`tr[data-item-id="${created.id}"]`)).toBeTruthy();
  });

  it('an item of the world or of another actor is copied; the source stays where it was', async () => {
    const actor = await appendix3Fighter(h);
    const other = await h.createActor({ name: 'Other', type: 'character' });
    const [theirs] = await other.createEmbeddedDocuments('Item', [longsword]);
    const worldItem = await Item.create({ name: 'Rope', type: 'equipment', system: { weight: 10 } });
    const sheet = await h.openSheet(actor);
    await h.drop(sheet, { type: 'Item', uuid: theirs?.uuid });
    await h.drop(sheet, { type: 'Item', uuid: worldItem?.uuid });
    expect(actor.items.map((i) => i.name)).toEqual(expect.arrayContaining(['Longsword', 'Rope']));
    expect(other.items.size).toBe(1);
    expect(game.items.size).toBe(1);
  });

  it('dropping a class the actor has adds its levels instead of a second class item', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'feats');
    const packed = h.registerCompendiumDocument('classes', {
      ...FIGHTER_CLASS,
      system: { ...FIGHTER_CLASS.system, levels: 1 },
    });
    await h.drop(sheet, { type: 'Item', uuid: packed.uuid });
    const classes = actor.items.filter((i) => i.type === 'class');
    expect(classes).toHaveLength(1);
    expect((classes[0]?.system as unknown as { levels: number }).levels).toBe(6);
    expect(sys(actor).derived.level).toBe(6);
    expect(text(sheet, '.class-levels strong')).toBe('6');

    // Without identifiers, the same name is the same class; another class is a new item.
    const noId = h.registerCompendiumDocument('classes', {
      name: 'Rogue',
      type: 'class',
      system: { levels: 2 },
    });
    await h.drop(sheet, { type: 'Item', uuid: noId.uuid });
    await h.drop(sheet, { type: 'Item', uuid: noId.uuid });
    const rogue = actor.items.filter((i) => i.name === 'Rogue');
    expect(rogue).toHaveLength(1);
    expect((rogue[0]?.system as unknown as { levels: number }).levels).toBe(4);
  });

  it("a player's drop on an actor they do not own changes nothing and warns", async () => {
    const actor = await appendix3Fighter(h, h.users.player);
    const before = actor.toObject();
    const packed = h.registerCompendiumDocument('items', longsword);
    h.as(h.users.otherPlayer);
    const sheet = await h.openSheet(actor);
    expect(await h.drop(sheet, { type: 'Item', uuid: packed.uuid })).toBeNull();
    expect(actor.toObject()).toEqual(before);
    expect(h.notices).toEqual([
      { level: 'warn', message: 'You do not own 5th-level fighter, so you cannot change it.' },
    ]);
    // The owner may.
    h.as(h.users.player);
    await h.drop(sheet, { type: 'Item', uuid: packed.uuid });
    expect(actor.items.filter((i) => i.name === 'Longsword')).toHaveLength(1);
  });

  it('drops of something other than an Item do nothing', async () => {
    const actor = await appendix3Fighter(h);
    const sheet = await h.openSheet(actor);
    expect(await h.drop(sheet, { type: 'Actor', uuid: actor.uuid })).toBeNull();
    expect(await h.drop(sheet, {})).toBeNull();
    expect(actor.items.size).toBe(4);
  });
});

describe('creature (npc) sheet', () => {
  const ogre = () => createOgre(h, { hp: 36 });

  it('renders a stat block around the same combat panel, with type, subtypes and anatomy', async () => {
    const actor = await ogre();
    const sheet = await h.openSheet(actor);
    expect(sheet.constructor.name).toBe('NpcSheet');
    // Its Combat tab holds the stat block and the attacks.
    expect(
      [...sheet.element.querySelectorAll('[data-application-part="tab-combat"] > section')].map(
        (el) => el.className,
      ),
    ).toEqual(['statblock', 'attacks', 'resistances']);
    expect(text(sheet, '.stat-protection .stat-value')).toBe(String(sys(actor).protection.total));
    expect(text(sheet, '.stat-hp .stat-value')).toBe('36 / 36');
    expect(text(sheet, '.stat-defense-melee .stat-value')).toBe('+1');
    expect(sheet.element.querySelector<HTMLInputElement>('input[name="system.creatureType"]')?.value).toBe(
      'Giant',
    );
    expect(h.i18n.missing).toEqual(new Set());

    await h.change(sheet, 'input[name="system.subtypes"]', 'Giant, Evil ');
    expect((actor.system as unknown as { subtypes: string[] }).subtypes).toEqual(['Giant', 'Evil']);
    await h.click(sheet, 'button[data-action="toggleAnatomy"][data-flag="no-pain"]');
    expect((actor.system as unknown as { anatomy: string[] }).anatomy).toEqual(['no-pain']);
    expect(sheet.element.querySelector('button[data-flag="no-pain"]')?.getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});

describe('item sheets', () => {
  /** Leaf paths of a data model schema (arrays are leaves). */
  function leafPaths(schema: DataSchema, prefix = ''): string[] {
    return Object.entries(schema).flatMap(([key, field]) => {
      const nested = (field as DataField & { fields?: DataSchema }).fields;
      return nested ? leafPaths(nested, `${prefix}${key}.`) : [`${prefix}${key}`];
    });
  }

  it.each(ITEM_TYPES)('the %s sheet renders a field for every field of its data model', async (type) => {
    const actor = await appendix3Fighter(h);
    const [item] = await actor.createEmbeddedDocuments('Item', [{ name: `A ${type}`, type }]);
    const sheet = await h.openItemSheet(item as Item);
    // Form fields by name; a rich text field (the description) by its edit button's data-field.
    const names = [
      ...[...sheet.element.querySelectorAll<HTMLInputElement>('[name]')].map((el) => el.name),
      ...[...sheet.element.querySelectorAll<HTMLElement>('.rich-text-edit[data-field]')].map(
        (el) => el.dataset.field as string,
      ),
    ];
    for (const path of leafPaths(CONFIG.Item.dataModels[type]?.defineSchema() ?? {})) {
      expect(
        names.some((name) => name === `system.${path}` || name.startsWith(`system.${path}.`)),
        `${type}: system.${path}`,
      ).toBe(true);
    }
    expect(names).toContain('name');
    expect(h.i18n.missing).toEqual(new Set());
  });

  it('edits save on change: enhancement raises the attack, checkboxes store damage types', async () => {
    const actor = await appendix3Fighter(h);
    const sword = actor.items.find((i) => i.name === 'Bastard sword') as Item;
    const sheet = await h.openItemSheet(sword);
    const actorSheet = await h.openSheet(actor);
    await h.change(sheet, 'input[name="system.enhancement"]', 2);
    expect(sys(actor).derived.attacks[0]?.bonus).toBe(11);
    expect(text(actorSheet, '.attack .stat-value')).toBe('+11');
    await h.change(sheet, 'input[name="system.damageTypes.piercing"]', true);
    expect((sword.system as unknown as { damageTypes: string[] }).damageTypes).toEqual([
      'piercing',
      'slashing',
    ]);
    await h.change(sheet, 'select[name="system.use"]', 'two-handed');
    expect(sys(actor).derived.attacks[0]?.grip).toBe('two-handed');
  });

  it('an invalid edit is refused with the localized message and nothing changes', async () => {
    const actor = await appendix3Fighter(h);
    const plate = actor.items.find((i) => i.name === 'Full plate') as Item;
    const before = plate.toObject();
    const sheet = await h.openItemSheet(plate);
    await h.change(sheet, 'input[name="system.weight"]', -5);
    expect(h.notices).toEqual([{ level: 'error', message: 'Weight cannot be negative (got -5).' }]);
    expect(plate.toObject()).toEqual(before);
  });

  it('a player cannot edit an item they do not own: its fields are disabled', async () => {
    const item = await Item.create({ name: 'Rope', type: 'equipment' });
    h.as(h.users.player);
    const sheet = await h.openItemSheet(item as Item);
    expect(sheet.element.querySelector<HTMLInputElement>('input[name="system.weight"]')?.disabled).toBe(true);
  });
});
