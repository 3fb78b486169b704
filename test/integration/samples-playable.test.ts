/**
 * The three sample characters of the samples pack (GnG Appendix 3) can play the README's exchange:
 * the fighter attacks the rogue with his bastard sword (proficient: no −4), the rogue answers with
 * Roll with the Blow (Tumble ranks, Improved Roll with Blow) and it can succeed; every number the
 * appendix prints still derives exactly; the skills and feats filled in are a standard d20 3.5 build
 * (human; class skills, skill points and feats by class, level and Int), every feat a pack feat whose
 * prerequisites are met; and each biography names only feats its actor has.
 * Dice are queued in the order they are rolled: attack d20, Defense d20, damage, Tumble d20.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatePackSources, type SystemManifest } from '../../scripts/packs.js';
import { getHarness, ROOT, type HarnessCombat } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { APPENDIX3_PRINTED, type Appendix3Lines } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { budgetOf } from '../../src/combat/action-budget.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import type { SkillId } from '../../src/rules/index.js';
import { openSheetOn, openTab } from '../fixtures/sheet-tabs.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pack sources read as JSON fixtures
type AnySource = Record<string, any>;

const h = await getHarness();
const { player, otherPlayer } = h.users;
beforeEach(() => h.reset(41));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const manifest = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as SystemManifest;
const packs = new Map(
  validatePackSources(join(ROOT, 'packs/_source'), manifest).map(({ pack, documents }) => [
    pack.name,
    documents.map((d) => d.data as AnySource),
  ]),
);
const pack = (name: string): AnySource[] => packs.get(name) ?? [];
const sampleSource = (id: string): AnySource => {
  const source = pack('samples').find((d) => d._id === id);
  if (!source) throw new Error(`${id} is not in the samples pack`);
  return structuredClone(source);
};

/** A sample as the playground and a GM's import make it: a world actor from the pack document. */
async function fromPack(id: string, owner?: User): Promise<Actor> {
  const data = sampleSource(id);
  for (const key of ['_id', '_key', '_stats', 'folder', 'ownership', 'sort']) delete data[key];
  return h.createActor(data, owner);
}

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const state = (message: ChatMessage) => cardState(game.messages.get(message.id as string)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const itemNamed = (actor: Actor, name: string) => actor.items.find((i) => i.name === name) as Item;
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Buttons the current user sees enabled on the card. */
function visibleButtons(message: ChatMessage): string[] {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return [...html.querySelectorAll<HTMLButtonElement>('button[data-action]:not([disabled])')].map(
    (b) => b.dataset.action as string,
  );
}

const { clickTarget } = cardHelpers(h);
/** The current user clicks the card's `action` button of its target (it must see it, enabled). */
const click = (message: ChatMessage, action: string) => clickTarget(message, action, target(message).id);

// ---------------------------------------------------------------------------------------------
// The standard d20 3.5 builds (SRD): class skills, skill points, feats by level.

const ROGUE_SKILLS: SkillId[] = [
  'appraise',
  'balance',
  'bluff',
  'climb',
  'craft',
  'decipherScript',
  'diplomacy',
  'disableDevice',
  'disguise',
  'escapeArtist',
  'forgery',
  'gatherInformation',
  'hide',
  'intimidate',
  'jump',
  'knowledge',
  'listen',
  'moveSilently',
  'openLock',
  'perform',
  'profession',
  'search',
  'senseMotive',
  'sleightOfHand',
  'spot',
  'swim',
  'tumble',
  'useMagicDevice',
  'useRope',
];
const FIGHTER_SKILLS: SkillId[] = ['climb', 'craft', 'handleAnimal', 'intimidate', 'jump', 'ride', 'swim'];
const MONK_SKILLS: SkillId[] = [
  'balance',
  'climb',
  'concentration',
  'craft',
  'diplomacy',
  'escapeArtist',
  'hide',
  'jump',
  'knowledge',
  'listen',
  'moveSilently',
  'perform',
  'profession',
  'senseMotive',
  'spot',
  'swim',
  'tumble',
];

interface Build {
  id: keyof typeof APPENDIX3_PRINTED;
  level: number;
  /** Skill points per level before Int (SRD class table). */
  skillPoints: number;
  classSkills: SkillId[];
  /** Every feat of a human of this class and level: 1st level, every 3rd, the human feat, class bonus feats. */
  feats: number;
  /** Feats the character has that are not feat items, and where the sheet records them instead. */
  notItems: string[];
  /** Class bonus feats taken without their prerequisites, as the class allows. */
  prereqWaived?: string[];
}

const BUILDS: Build[] = [
  // Rogue 1: feats at 1st level + human bonus feat.
  { id: 'gngSampleRogue01', level: 1, skillPoints: 8, classSkills: ROGUE_SKILLS, feats: 2, notItems: [] },
  // Fighter 5: 1st, 3rd, human, fighter bonus feats at 1st, 2nd and 4th.
  {
    id: 'gngSampleFightr5',
    level: 5,
    skillPoints: 2,
    classSkills: FIGHTER_SKILLS,
    feats: 6,
    notItems: [],
  },
  // Monk 9: 1st, 3rd, 6th, 9th, human; monk bonus feats Improved Unarmed Strike and those of 1st,
  // 2nd and 6th level (Stunning Fist, printed as "Special Attacks: Stunning Fist", is the 1st).
  {
    id: 'gngSampleMonk009',
    level: 9,
    skillPoints: 4,
    classSkills: MONK_SKILLS,
    feats: 9,
    notItems: [],
    // SRD 3.5 monk: Stunning Fist at 1st level "even if she does not meet the prerequisites".
    prereqWaived: ['Stunning Fist'],
  },
];

/**
 * SRD 3.5 skill synergies that always apply (5 or more ranks in the first give +2 on the second),
 * and the Jump bonus for a base land speed above 30 ft. (+4 per 10 ft.).
 */
const SYNERGIES: [SkillId, SkillId][] = [
  ['bluff', 'diplomacy'],
  ['bluff', 'intimidate'],
  ['bluff', 'sleightOfHand'],
  ['handleAnimal', 'ride'],
  ['jump', 'tumble'],
  ['senseMotive', 'diplomacy'],
  ['tumble', 'balance'],
  ['tumble', 'jump'],
];

function expectedMisc(
  skills: Record<SkillId, { ranks: number }>,
  speed: number,
): Partial<Record<SkillId, number>> {
  const misc: Partial<Record<SkillId, number>> = {};
  for (const [from, to] of SYNERGIES) if (skills[from].ranks >= 5) misc[to] = (misc[to] ?? 0) + 2;
  if (speed > 30) misc.jump = (misc.jump ?? 0) + 4 * Math.floor((speed - 30) / 10);
  return misc;
}

/** Every feat name a biography might mention: the feats pack's, and core feats the pack lacks. */
const CORE_FEATS_NOT_IN_PACK = [
  'Weapon Focus',
  'Weapon Specialization',
  'Greater Weapon Focus',
  'Cleave',
  'Great Cleave',
  'Iron Will',
  'Lightning Reflexes',
  'Great Fortitude',
  'Deflect Arrows',
  'Mobility',
  'Spring Attack',
  'Blind-Fight',
  'Two-Weapon Fighting',
  'Mounted Combat',
  'Skill Focus',
  'Alertness',
  'Endurance',
  'Diehard',
  'Quick Draw',
];

/** Feats taken for one weapon or skill, named with it: "Exotic Weapon Proficiency (bastard sword)". */
const FEATS_WITH_A_CHOICE = [
  'Exotic Weapon Proficiency',
  'Weapon Focus',
  'Weapon Specialization',
  'Skill Focus',
];

/** The feat names a text mentions (longest first, so "Epic Block Projectile" is not "Block Projectile"). */
function featNamesIn(text: string): string[] {
  const names = [...new Set([...pack('feats').map((f) => f.name as string), ...CORE_FEATS_NOT_IN_PACK])].sort(
    (a, b) => b.length - a.length,
  );
  let rest = text;
  const found: string[] = [];
  for (const name of names) {
    const choice = FEATS_WITH_A_CHOICE.includes(name) ? '(\\s*\\([^)]*\\))?' : '';
    const pattern = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b${choice}`, 'g');
    for (const match of rest.matchAll(pattern)) found.push(match[0].trim());
    rest = rest.replace(pattern, ' ');
  }
  return found;
}

describe('Appendix 3 samples: the printed numbers', () => {
  it.each(Object.entries(APPENDIX3_PRINTED))(
    '%s derives every number the appendix prints',
    async (id, printed: Appendix3Lines) => {
      const actor = await fromPack(id);
      const s = sys(actor);
      expect(Object.fromEntries(Object.entries(s.abilities).map(([k, a]) => [k, a.value]))).toEqual(
        printed.abilities,
      );
      expect({
        hp: s.hp.max,
        hpValue: s.hp.value,
        initiative: s.derived.initiative,
        speed: s.speed,
        defense: s.defense.total,
        protection: s.protection.total,
        attacks: s.derived.attacks.map((a) => ({ bonus: a.bonus, damage: a.damage })),
        saves: { fort: s.saves.fort.total, ref: s.saves.ref.total, will: s.saves.will.total },
      }).toEqual({
        hp: printed.hp,
        hpValue: printed.hp,
        initiative: printed.initiative,
        speed: printed.speed,
        defense: printed.defense,
        protection: printed.protection,
        attacks: [printed.attack],
        saves: printed.saves,
      });
    },
  );
});

describe('Appendix 3 samples: a standard build of skills and feats', () => {
  it.each(BUILDS)(
    '$id: skill ranks are class skills within the maximum, spending every point',
    async (build) => {
      const actor = await fromPack(build.id);
      const s = sys(actor);
      const ranked = Object.entries(s.skills).filter(([, skill]) => skill.ranks > 0);
      expect(ranked.length).toBeGreaterThan(0);
      for (const [skill, { ranks }] of ranked) {
        expect(build.classSkills, skill).toContain(skill);
        expect(ranks, skill).toBeLessThanOrEqual(build.level + 3);
      }
      // (class points + Int modifier + 1 for a human) per level, four times at 1st level.
      const budget = (build.skillPoints + s.abilities.int.mod + 1) * (build.level + 3);
      expect(ranked.reduce((sum, [, skill]) => sum + skill.ranks, 0)).toBe(budget);
      const misc = Object.fromEntries(
        Object.entries(s.skills)
          .filter(([, skill]) => skill.misc !== 0)
          .map(([id, skill]) => [id, skill.misc]),
      );
      expect(misc).toEqual(expectedMisc(s.skills, s.speed));
    },
  );

  it.each(BUILDS)(
    '$id: feats are pack feats, as many as the level gives, prerequisites met',
    async (build) => {
      const actor = await fromPack(build.id);
      const s = sys(actor);
      const source = sampleSource(build.id);
      const feats = source.items.filter((i: AnySource) => i.type === 'feat');
      expect(feats.length + build.notItems.length).toBe(build.feats);
      const ids = source.items.map((i: AnySource) => i._id as string);
      expect(new Set(ids).size).toBe(ids.length);
      for (const feat of feats) {
        expect(feat._id).toMatch(/^[a-zA-Z0-9]{16}$/);
        // A copy of the pack feat it names.
        const packId = (feat._stats.compendiumSource as string).replace('Compendium.gng.feats.Item.', '');
        const packFeat = pack('feats').find((f) => f._id === packId);
        expect(packFeat, feat.name).toBeDefined();
        // A feat taken for one weapon or skill is named with it: "Exotic Weapon Proficiency (bastard sword)".
        const choice = /^(.+) \((.+)\)$/.exec(feat.name as string);
        const packName = choice && FEATS_WITH_A_CHOICE.includes(choice[1] as string) ? choice[1] : feat.name;
        expect({ name: packName, type: feat.type, system: feat.system, effects: feat.effects }).toEqual({
          name: packFeat?.name,
          type: packFeat?.type,
          system: packFeat?.system,
          effects: packFeat?.effects,
        });
        // Prerequisites (the pack's description): ability scores, base attack bonus, other feats.
        const prereq =
          /<strong>Prerequisites:<\/strong>\s*([^<]*)<\/p>/.exec(feat.system.description)?.[1] ?? '';
        if (build.prereqWaived?.includes(feat.name as string)) continue;
        for (const part of prereq
          .replace(/\.$/, '')
          .split(',')
          // "Str 13 (bastard sword and dwarven waraxe only)": the condition applies to the fighter's sword.
          .map((p) => p.replace(/\s*\([^)]*\)$/, '').trim())
          .filter((p) => p && p !== '—')) {
          const ability = /^(Str|Dex|Con|Int|Wis|Cha) (\d+)$/.exec(part);
          const bab = /^Base attack bonus \+(\d+)$/i.exec(part);
          if (ability)
            expect(
              s.abilities[ability[1]?.toLowerCase() as 'str'].value,
              `${feat.name}: ${part}`,
            ).toBeGreaterThanOrEqual(Number(ability[2]));
          else if (bab) expect(s.derived.bab, `${feat.name}: ${part}`).toBeGreaterThanOrEqual(Number(bab[1]));
          else
            expect(
              feats.map((f: AnySource) => f.name),
              `${feat.name}: ${part}`,
            ).toContain(part);
        }
      }
    },
  );

  it.each(BUILDS)(
    '$id: the biography names only feats the character has, and every feat it has',
    async (build) => {
      const actor = await fromPack(build.id);
      const named = featNamesIn(textOf(sys(actor).biography));
      const items = actor.items.filter((i) => i.type === 'feat').map((i) => i.name);
      for (const name of named) {
        const exotic = /^Exotic Weapon Proficiency \((.+)\)$/.exec(name);
        if (exotic) {
          // The feat item, and the weapon in the exotic proficiencies (which the sheet reads).
          expect(items).toContain(name);
          expect(sys(actor).proficiencies.exotic.map((w) => w.toLowerCase())).toContain(
            exotic[1]?.toLowerCase(),
          );
        } else if (!items.includes(name))
          expect(build.notItems, `${name} is named but not a feat item`).toContain(name);
      }
      expect([...new Set(named)].sort()).toEqual([...items, ...build.notItems].sort());
    },
  );

  it('the fighter wields the bastard sword with no nonproficiency penalty', async () => {
    const fighter = await fromPack('gngSampleFightr5');
    const [attack] = sys(fighter).derived.attacks;
    expect(attack).toMatchObject({ name: 'Bastard sword', proficient: true, bonus: 9 });
    expect(attack?.parts.map((p) => p.label)).not.toContain('GNG.Breakdown.Nonproficient');
  });

  it('the rogue has Tumble +7 (4 ranks, Dex +3, padded armor has no check penalty), usable trained', async () => {
    const rogue = await fromPack('gngSampleRogue01');
    expect(sys(rogue).derived.skills.tumble).toMatchObject({ total: 4 + 3, usable: true });
  });

  it("the rogue's sheet offers his Tumble roll (+7) and lists his feats", async () => {
    const rogue = await fromPack('gngSampleRogue01', otherPlayer);
    h.as(otherPlayer);
    const sheet = await openSheetOn(h, rogue, 'skills');
    const tumble = sheet.element.querySelector<HTMLButtonElement>('.skill[data-skill="tumble"] .skill-roll');
    expect(tumble?.disabled).toBe(false);
    expect(tumble?.textContent?.trim()).toBe('+7');
    await openTab(h, sheet, 'feats');
    const feats = sheet.element.querySelector('.feats')?.textContent ?? '';
    for (const name of ['Improved Roll with Blow', 'Improved Dive for Cover']) expect(feats).toContain(name);
    await sheet.close();
  });
});

describe("the README's exchange with the packaged samples", () => {
  /**
   * The player's fighter attacks the other player's rogue (attack d20 10: 19), the rogue's Defense d20
   * is 12 (16: RD 3), the damage die 6: 6 + 4 Str + 3 RD − 1 Protection = 12 lethal.
   */
  async function exchange() {
    const fighter = await fromPack('gngSampleFightr5', player);
    const rogue = await fromPack('gngSampleRogue01', otherPlayer);
    const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
    await combat.begin();
    h.as(player);
    h.target(player, h.placeToken(rogue));
    h.dice.queue(10);
    const message = (await game.gng.attack(fighter, itemNamed(fighter, 'Bastard sword'), {})) as ChatMessage;
    await attackActionsSettled();
    expect(state(message).attack.total).toBe(10 + 9); // no −4 for an exotic weapon without proficiency
    h.as(otherPlayer);
    h.dice.queue(12);
    await click(message, 'rollDefense');
    expect(target(message).result).toMatchObject({ hit: true, relativeDegree: 19 - 16 });
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    expect(target(message).damage).toMatchObject({ lethal: 6 + 4 + 3 - 1, nonlethal: 0 });
    return { fighter, rogue, message };
  }

  // "For each point you beat your opponent's attack roll, you convert one point of lethal damage into
  // one point of nonlethal damage." Tumble d20 + 7 against the attack total 19.
  it.each([
    [16, 23, 4],
    [13, 20, 1],
    [12, 19, 0], // a tie beats nothing
    [2, 9, 0],
  ])(
    'Roll with the Blow, Tumble d20 %i (total %i vs 19): %i lethal becomes nonlethal',
    async (die, total, converted) => {
      const { rogue, message } = await exchange();
      h.as(otherPlayer);
      expect(visibleButtons(message)).toContain('rollWithBlow');
      const notices = h.notices.length;
      h.dice.queue(die);
      await click(message, 'rollWithBlow');
      expect(h.notices.slice(notices).map((n) => n.message)).toEqual([]); // not refused
      expect(target(message).aborts?.rollWithBlow).toMatchObject({
        natural: die,
        bonus: 7,
        tumbleTotal: total,
        attackTotal: 19,
        converted,
      });
      expect(target(message).damage).toMatchObject({ lethal: 12 - converted, nonlethal: converted });

      h.as(player);
      await click(message, 'applyDamage');
      expect(sys(rogue).hp.value).toBe(13 - (12 - converted));
      expect(sys(rogue).hp.nonlethal).toBe(converted);
    },
  );

  it("Improved Roll with Blow pays the rogue's Roll with the Blow: his next turn keeps its actions", async () => {
    const { rogue, message } = await exchange();
    h.as(otherPlayer);
    h.dice.queue(16);
    await click(message, 'rollWithBlow');
    expect(target(message).aborts?.rollWithBlow?.paidWith).toBe('free');
    expect(budgetOf(rogue)).toMatchObject({ move: true, attack: true });
  });
});
