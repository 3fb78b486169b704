/**
 * The fight simulator's glue (issue #20): `game.gng.simulate` from harness actors (the Appendix 3
 * fighter and rogue), snapshots taken from their prepared data, the run in-process in chunks (Node
 * has no Web Worker), cancelling, variants changing the result, the window's plots and exports, and
 * the buttons in the combat tracker and the actor directory.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import type { HarnessTokenDocument } from '../harness/tokens.js';

const h = await getHarness();
const { actorSnapshot } = await import('../../src/simulator/snapshot.js');
const { addSimulatorButton } = await import('../../src/simulator/register.js');
const { resultsCsv } = await import('../../src/simulator/export.js');
const { gm } = h.users;
beforeEach(() => h.reset(20));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

async function sides() {
  h.as(gm);
  return { fighter: await appendix3Fighter(h), rogue: await appendix3Rogue(h) };
}

describe('game.gng.simulate', () => {
  it("snapshots the actors' prepared numbers without the injury penalty of the moment", async () => {
    const { fighter } = await sides();
    const d = (fighter.system as unknown as CreatureData).derived;
    if (!d) throw new Error('no derived data');
    const healthy = actorSnapshot(fighter, 'f', 'Fighter');
    expect(healthy.attacks.map((a) => a.name)).toEqual(d.attacks.map((a) => a.name));
    expect(healthy.attacks[0]?.bonus).toBe(d.attacks[0]?.bonus);
    expect(healthy.defense.melee).toBe(d.defense.melee.total);
    expect(healthy.hp).toMatchObject({ value: d.hp.max, max: d.hp.max });
    // Hurt to ≤ ½ max HP (moderate injury, −4): the sheet's numbers drop by 4, the snapshot's stay.
    await fighter.update({ 'system.hp.value': Math.floor(d.hp.max / 2) });
    const d2 = (fighter.system as unknown as CreatureData).derived;
    expect(d2?.attacks[0]?.bonus).toBe((d.attacks[0]?.bonus ?? 0) - 4);
    const hurt = actorSnapshot(fighter, 'f', 'Fighter');
    expect(hurt.attacks[0]?.bonus).toBe(healthy.attacks[0]?.bonus);
    expect(hurt.defense.melee).toBe(healthy.defense.melee);
    expect(hurt.saves).toEqual(healthy.saves);
    expect(hurt.hp.value).toBe(Math.floor(d.hp.max / 2));
  });

  it('runs N fights from actors and uuids and reports progress; the aggregate adds up', async () => {
    const { fighter, rogue } = await sides();
    const progress: number[] = [];
    const r = await game.gng.simulate({
      sideA: [fighter],
      sideB: [rogue.uuid],
      n: 1000,
      seed: 3,
      onProgress: (done) => progress.push(done),
    });
    expect(r.fights).toBe(1000);
    expect(r.wins.a + r.wins.b + r.wins.draw).toBe(1000);
    expect(progress.at(-1)).toBe(1000);
    expect(progress.length).toBeGreaterThan(1);
    expect(r.combatants.map((c) => [c.name, c.side])).toEqual([
      [fighter.name, 'a'],
      [rogue.name, 'b'],
    ]);
    for (const c of r.combatants)
      expect(Object.values(c.states).reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
    // The same seed gives the same fights.
    const again = await game.gng.simulate({ sideA: [fighter], sideB: [rogue], n: 1000, seed: 3 });
    expect(again.wins).toEqual(r.wins);
    const csv = resultsCsv([{ label: 'World', result: r }]);
    expect(csv.split('\n')[0]).toBe('run,metric,combatant,key,value');
    expect(csv).toContain(`World,wins,,a,${r.wins.a}`);
  });

  it('a repeated actor fights as two combatants, numbered', async () => {
    const { fighter, rogue } = await sides();
    const r = await game.gng.simulate({ sideA: [fighter], sideB: [rogue, rogue], n: 50, seed: 1 });
    expect(r.combatants.map((c) => c.name)).toEqual([fighter.name, rogue.name, `${rogue.name} (2)`]);
  });

  it('cancelling stops the run: the promise rejects with an AbortError before all fights are done', async () => {
    const { fighter, rogue } = await sides();
    const controller = new AbortController();
    let last = 0;
    const run = game.gng.simulate({
      sideA: [fighter],
      sideB: [rogue],
      n: 100_000,
      signal: controller.signal,
      onProgress: (done) => {
        last = done;
        if (done >= 500) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(last).toBeLessThan(100_000);
  });

  it('refuses an empty side and a number of fights out of range', async () => {
    const { fighter } = await sides();
    await expect(game.gng.simulate({ sideA: [fighter], sideB: [] })).rejects.toThrow(
      /at least one combatant/,
    );
    await expect(game.gng.simulate({ sideA: [fighter], sideB: [fighter], n: 0 })).rejects.toThrow(/1 to/);
  });

  it('variants side by side change the result: Strength Bonus Limitation takes the fighter’s Str +4 off his damage', async () => {
    const { fighter, rogue } = await sides();
    const n = 6000;
    const plain = await game.gng.simulate({ sideA: [fighter], sideB: [rogue], n, seed: 9, variants: {} });
    const limited = await game.gng.simulate({
      sideA: [fighter],
      sideB: [rogue],
      n,
      seed: 9,
      variants: { strengthBonusLimitation: true },
    });
    // Less damage per hit: the rogue dies less often and the fights last longer. The shift must be
    // beyond sampling error (4 standard errors of the difference of two shares from n fights each).
    const pDead = (r: typeof plain) => r.combatants[1]?.states.dead ?? 0;
    const share = (p: number) => (p * (1 - p)) / n;
    const se = Math.sqrt(share(pDead(plain)) + share(pDead(limited)));
    expect(pDead(plain) - pDead(limited)).toBeGreaterThan(4 * se);
    expect(limited.meanRounds).toBeGreaterThan(plain.meanRounds);
  });
});

describe('where the simulator opens', () => {
  it('the combat tracker gets one "Fight simulator" button, also after a second render', async () => {
    const { fighter, rogue } = await sides();
    h.startCombat([fighter, rogue]);
    const html = h.renderCombatTracker();
    expect(html.querySelectorAll('button.gng-open-simulator')).toHaveLength(1);
    expect(html.querySelector('button.gng-open-simulator')?.textContent?.trim()).toBe('Fight simulator');
    addSimulatorButton(html, ['header']);
    expect(html.querySelectorAll('button.gng-open-simulator')).toHaveLength(1);
  });

  it("the actor directory's header actions get the button (renderActorDirectory, as dnd5e.mjs hooks it); it opens the window", async () => {
    await sides();
    const directory = h.renderActorDirectory();
    const button = directory.querySelector<HTMLButtonElement>('.header-actions button.gng-open-simulator');
    expect(button?.textContent?.trim()).toBe('Fight simulator');
    expect(button?.getAttribute('type')).toBe('button');
    button?.click();
    await expect.poll(() => foundry.applications.instances.get('gng-simulator')?.rendered).toBe(true);
    await foundry.applications.instances.get('gng-simulator')?.close();
  });

  it('openSimulator shows the window: two sides listing the actors, the number of fights, Run', async () => {
    const { fighter, rogue } = await sides();
    const app = await game.gng.openSimulator();
    const el = app.element;
    const options = [...el.querySelectorAll<HTMLOptionElement>('select[name="a.pick"] option')].map(
      (o) => o.textContent,
    );
    expect(options).toEqual(expect.arrayContaining([fighter.name, rogue.name]));
    expect(el.querySelector<HTMLInputElement>('input[name="n"]')?.value).toBe('10000');
    expect(el.querySelector('button[type="submit"]')?.textContent?.trim()).toBe('Run');
    await app.close();
  });

  it('lists the world’s actors and every Actor pack’s (grouped by pack and folder, labels capitalized, sorted by name)', async () => {
    await sides();
    // Two packs as Foundry has them: the samples, and the bestiary with its creature-type folders
    // (Foundry's `pack.folders`; the harness's packs have none, so this test lends the bestiary some).
    const monster = (id: string, name: string, folder: string) =>
      h.registerCompendiumDocument('bestiary', { _id: id, name, type: 'npc', folder }, 'Actor');
    monster('zebraAAAAAAAAAAA', 'Zombie, Human', 'fUndead000000000');
    monster('ghoulAAAAAAAAAAA', 'Ghoul', 'fUndead000000000');
    monster('dragonAAAAAAAAAA', 'Dragon, Red', 'fDragon000000000');
    h.registerCompendiumDocument(
      'samples',
      { _id: 'sampleAAAAAAAAAA', name: 'Sample hero', type: 'character' },
      'Actor',
    );
    const names: Record<string, string> = { fUndead000000000: 'Undead', fDragon000000000: 'Dragon' };
    const folderOf: Record<string, string> = {
      'Zombie, Human': 'fUndead000000000',
      Ghoul: 'fUndead000000000',
      'Dragon, Red': 'fDragon000000000',
    };
    const { HarnessCompendium } = await import('../harness/compendium.js');
    const proto = HarnessCompendium.prototype as unknown as Record<string, unknown>;
    const plainIndex = proto.getIndex as () => Promise<unknown>;
    // Foundry's index of the bestiary: uuid, name and folder id of each entry, no document loaded.
    proto.getIndex = async function (this: InstanceType<typeof HarnessCompendium>) {
      if (this.metadata.name !== 'bestiary') return plainIndex.call(this);
      return (await this.getDocuments()).map((d) => ({
        uuid: d.uuid,
        name: (d as unknown as Actor).name,
        folder: folderOf[(d as unknown as Actor).name],
      }));
    };
    Object.defineProperty(proto, 'folders', {
      configurable: true,
      get(this: { metadata: { name: string } }) {
        return this.metadata.name === 'bestiary' ? { get: (id: string) => ({ name: names[id] }) } : undefined;
      },
    });
    let app: Awaited<ReturnType<typeof game.gng.openSimulator>>;
    try {
      app = await game.gng.openSimulator();
    } finally {
      delete proto.folders;
      proto.getIndex = plainIndex;
    }
    const groups = [...app.element.querySelectorAll<HTMLOptGroupElement>('select[name="a.pick"] optgroup')];
    const labels = groups.map((g) => g.label);
    const options = (label: string) =>
      [...(groups.find((g) => g.label === label)?.querySelectorAll('option') ?? [])].map(
        (o) => o.textContent,
      );
    // The world first, then the packs by their labels (system.json's lang keys, capitalized: never the
    // bare pack name), the bestiary by creature type.
    expect(labels[0]).toBe('World actors');
    expect(labels).toEqual(
      expect.arrayContaining([
        'GnG Sample Characters',
        'GnG Bestiary (SRD 3.5 monsters): Dragon',
        'GnG Bestiary (SRD 3.5 monsters): Undead',
      ]),
    );
    expect(options('GnG Bestiary (SRD 3.5 monsters): Undead')).toEqual(['Ghoul', 'Zombie, Human']);
    expect(options('GnG Sample Characters')).toEqual(['Sample hero']);
    expect(labels.every((l) => /^[A-Z]/.test(l))).toBe(true);
    for (const group of groups) {
      const names = [...group.querySelectorAll('option')].map((o) => o.textContent ?? '');
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    }
    await app.close();
  });

  it('opens with the current combat: friendly tokens on side A, hostile on side B; Add and Remove without modifier keys', async () => {
    const { fighter, rogue } = await sides();
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
    const bystander = await h.createActor({ name: 'Bystander', type: 'npc', system: { hp: { value: 4 } } });
    const spy = await h.createActor({ name: 'Spy', type: 'npc', system: { hp: { value: 6 } } });
    const { TOKEN_DISPOSITIONS: D } = await import('../harness/tokens.js');
    const place = async (actor: Actor, disposition: number) =>
      (h.placeToken(actor).document as unknown as HarnessTokenDocument).update({ disposition });
    await place(fighter, D.FRIENDLY);
    await place(rogue, D.HOSTILE);
    await place(orc, D.HOSTILE);
    await place(bystander, D.NEUTRAL);
    await place(spy, D.SECRET);
    h.startCombat([orc, fighter, bystander, rogue, spy]);
    const { SimulatorApp } = await import('../../src/simulator/simulator-app.js');
    const app = (await game.gng.openSimulator()) as InstanceType<typeof SimulatorApp>;
    const names = (key: 'a' | 'b') =>
      [...app.element.querySelectorAll(`.gng-sim-side[data-side="${key}"] .gng-sim-name`)].map(
        (n) => n.textContent,
      );
    // Neutral and secret tokens take no side (a secret disposition is not revealed).
    expect(app.readDraft()).toMatchObject({ sideA: [fighter.uuid], sideB: [orc.uuid, rogue.uuid] });
    expect(names('a')).toEqual([fighter.name]);
    expect(names('b')).toEqual(['Orc', rogue.name]);
    // The combat's combatants head the pickers.
    const first = app.element.querySelector<HTMLOptGroupElement>('select[name="b.pick"] optgroup');
    expect(first?.label).toBe('Current combat');
    expect([...(first?.querySelectorAll('option') ?? [])].map((o) => o.textContent)).toEqual([
      'Orc',
      fighter.name,
      'Bystander',
      rogue.name,
      'Spy',
    ]);
    // Remove the orc (its own labelled button), add the bystander twice to side A.
    const remove = app.element.querySelector<HTMLElement>(
      'button[data-action="remove"][data-side="b"][data-index="0"]',
    );
    expect(remove?.getAttribute('aria-label')).toBe('Remove Orc from Side B');
    await SimulatorApp.onRemove.call(app, new Event('click'), remove as HTMLElement);
    expect(names('b')).toEqual([rogue.name]);
    for (let i = 0; i < 2; i++) {
      (app.element.querySelector('select[name="a.pick"]') as HTMLSelectElement).value = bystander.uuid;
      await SimulatorApp.onAdd.call(
        app,
        new Event('click'),
        app.element.querySelector('button[data-action="add"][data-side="a"]') as HTMLElement,
      );
    }
    expect(app.readDraft()).toMatchObject({
      sideA: [fighter.uuid, bystander.uuid, bystander.uuid],
      sideB: [rogue.uuid],
    });
    // A defeated combatant takes no side either; with no combat the window opens empty.
    await app.close();
    const combat = game.combat as Combat;
    const fallen = combat.combatants.find((c) => c.actor === rogue);
    await combat.updateEmbeddedDocuments('Combatant', [{ _id: fallen?.id, defeated: true }]);
    const again = (await game.gng.openSimulator()) as InstanceType<typeof SimulatorApp>;
    expect(again.readDraft()).toMatchObject({ sideA: [fighter.uuid], sideB: [orc.uuid] });
    await again.close();
    h.viewCombat(null);
    const none = (await game.gng.openSimulator()) as InstanceType<typeof SimulatorApp>;
    expect(none.readDraft()).toMatchObject({ sideA: [], sideB: [] });
    expect(none.element.querySelectorAll('.gng-sim-none')).toHaveLength(2);
    await none.close();
  });

  it('Run in the window draws four plots per run, the world’s rules and the chosen variants side by side', async () => {
    const { fighter, rogue } = await sides();
    const { SimulatorApp } = await import('../../src/simulator/simulator-app.js');
    const app = (await game.gng.openSimulator()) as InstanceType<typeof SimulatorApp>;
    // Each side: pick the actor, press Add (the window is drawn again: read the new element).
    for (const [key, actor] of [
      ['a', fighter],
      ['b', rogue],
    ] as const) {
      const pick = app.element.querySelector<HTMLSelectElement>(
        `select[name="${key}.pick"]`,
      ) as HTMLSelectElement;
      pick.value = actor.uuid;
      await SimulatorApp.onAdd.call(
        app,
        new Event('click'),
        app.element.querySelector(`button[data-action="add"][data-side="${key}"]`) as HTMLElement,
      );
    }
    expect(app.readDraft()).toMatchObject({ sideA: [fighter.uuid], sideB: [rogue.uuid] });
    (app.element.querySelector('input[name="n"]') as HTMLInputElement).value = '300';
    (app.element.querySelector('input[name="compare"]') as HTMLInputElement).checked = true;
    (app.element.querySelector('input[name="variant.strengthBonusLimitation"]') as HTMLInputElement).checked =
      true;
    await SimulatorApp.onRun.call(app);
    expect(app.runs.map((r) => [r.label, r.result.fights])).toEqual([
      ["World's rules", 300],
      ['With the chosen variants', 300],
    ]);
    const runs = [...app.element.querySelectorAll('.gng-sim-run')];
    expect(runs).toHaveLength(2);
    for (const run of runs) {
      expect(
        [...run.querySelectorAll('figure.gng-sim-plot')].map((f) => f.getAttribute('data-plot')),
      ).toEqual(['wins', 'rounds', 'hp', 'death']);
      expect(run.querySelectorAll('svg[role="img"] title')).toHaveLength(4);
    }
    // Values are printed in the plots (readable without colour): the win shares as percentages.
    const wins = runs[0]?.querySelector('figure[data-plot="wins"] svg')?.textContent ?? '';
    const a = app.runs[0]?.result.wins.a ?? 0;
    expect(wins).toContain(`${((100 * a) / 300).toFixed(1)}%`);
    expect(app.element.querySelector('button[data-action="csv"]')).not.toBeNull();
    await app.close();
  });
});
