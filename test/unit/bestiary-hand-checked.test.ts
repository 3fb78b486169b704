/**
 * Issue #19 "Done when": 20+ monsters across every size and type, their GnG HP, Protection and
 * Defense bonus worked out BY HAND from the text (GnG v4.0, seed 000_…), each in the comment above it.
 *
 * The text's tables used below (copied from the text, not from the code):
 * - Defense/HP Bonus Progression (same numbers): Good = level; Average 1..20 = 0 1 2 3 3 4 5 6 6 7 8
 *   9 9 10 11 12 12 13 14 15; Poor 1..20 = 0 1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 10 10.
 * - Epic: "a cumulative +1 epic Defense bonus at every odd-numbered level beyond 20th" and "+1 epic
 *   base HP bonus at every even-numbered level beyond 20th"; the class bonus stops at 20th.
 * - By creature type: Defense good Dragon, Fey, Magical Beast, Monstrous Humanoid, Outsider; average
 *   Aberration, Animal, Elemental, Giant, Humanoid, Vermin; poor Construct, Ooze, Plant, Undead. HP
 *   good Construct, Dragon, Magical Beast, Ooze, Undead; average Aberration, Animal, Elemental, Giant,
 *   Humanoid, Monstrous Humanoid, Outsider, Plant, Vermin; poor Fey.
 * - Size modifier: Fine +8, Diminutive +4, Tiny +2, Small +1, Medium 0, Large −1, Huge −2,
 *   Gargantuan −4, Colossal −8. Size multiplier: 1/16, 1/8, 1/4, 1/2, 1, 2, 4, 8, 16.
 * - HP = (Con, or 20 with no Con, + class bonus + 3 per Toughness) × multiplier, rounded down, ≥ 1.
 * - Protection = armor bonus (+ enhancement) + natural armor.
 * - Defense = Dex mod + class bonus + equipment penalty (armor check penalty, halved rounding up when
 *   proficient) + size modifier + shield (+ enhancement) + deflection/dodge/insight… bonuses, and +1
 *   dodge per Dodge feat (GnG DODGE: "You gain a +1 dodge bonus to Defense"; issue #28).
 * - SRD armor check penalties: leather 0, studded leather −1, chain shirt −2, hide −3, scale mail −4,
 *   half-plate −7; magic armor is masterwork (−1 less), mithral 3 less.
 * Decisions of docs/rules.md "Bestiary conversion (issue #19)" that matter: NPC class levels and
 * unnamed "plus" HD count as creature-type HD; fractional HD count 0; a swarm's HP use the size of
 * its space; Colossal+ is Colossal; Epic Toughness is not counted; monsters are proficient with
 * the armor their block gives them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SrdMonsterRecord } from '../../src/rules/index.js';
import { convertMonster } from '../../src/rules/on-demand.js';

const data = JSON.parse(readFileSync(new URL('../../data/srd35/monsters.json', import.meta.url), 'utf8')) as {
  monsters: SrdMonsterRecord[];
};
const byName = new Map(data.monsters.map((m) => [m.name, m]));

interface Expected {
  name: string;
  size: string;
  type: string;
  hp: number;
  protection: number;
  defense: number;
}

const CASES: Expected[] = [
  // Goblin, Small Humanoid, 1 HD (1st-level warrior: NPC class → Humanoid HD). Con 12; HP average 1 = +0
  // → 12 × 1/2 = 6. Protection: leather armor 2. Defense: Dex 13 +1, average 1 +0, leather ACP 0,
  // size +1, light shield +1 = 3.
  { name: 'Goblin, 1st-Level Warrior', size: 'small', type: 'Humanoid', hp: 6, protection: 2, defense: 3 },
  // Ogre, Large Giant 4 HD. Con 15 + average 4 (+3) + Toughness 3 = 21 × 2 = 42. Protection: natural 5
  // + hide 3 = 8. Defense: Dex 8 −1, average 4 +3, hide ACP −3 halved (round up) −2, size −1 = −1.
  { name: 'Ogre', size: 'large', type: 'Giant', hp: 42, protection: 8, defense: -1 },
  // Red dragon, adult: Huge Dragon 22 HD. HP good: 20 + epic HP at level 22 (+1) = 21; Con 21 → 42 × 4
  // = 168. Protection: natural 21. Defense: Dex 10 +0, good 20 + epic Defense at level 21 (+1) = 21,
  // size −2 = 19.
  { name: 'Red Dragon, Adult', size: 'huge', type: 'Dragon', hp: 168, protection: 21, defense: 19 },
  // Bat swarm: Diminutive Animal 3 HD, space 10 ft. (Large: swarm decision). Con 10 + average 3 (+2) =
  // 12 × 2 = 24. Protection 0. Defense: Dex 15 +2, average 3 +2, size +4 (Diminutive bats) = 8.
  { name: 'Bat Swarm', size: 'diminutive', type: 'Animal', hp: 24, protection: 0, defense: 8 },
  // Black pudding: Huge Ooze 10 HD. Con 22 + good 10 = 32 × 4 = 128. Protection 0. Defense: Dex 1 −5,
  // poor 10 +5, size −2 = −2.
  { name: 'Black Pudding', size: 'huge', type: 'Ooze', hp: 128, protection: 0, defense: -2 },
  // Iron golem: Large Construct 18 HD, no Con. 20 + good 18 = 38 × 2 = 76. Protection: natural 22.
  // Defense: Dex 9 −1, poor 18 +9, size −1 = 7.
  { name: 'Iron Golem', size: 'large', type: 'Construct', hp: 76, protection: 22, defense: 7 },
  // Tarrasque: Colossal Magical Beast 48 HD. HP good 20 + epic (+1 at 22, 24 … 48: 14) = 34; Con 35;
  // Toughness (6) = 18 → 87 × 16 = 1392. Protection: natural 30. Defense: Dex 16 +3, good 20 + epic (+1
  // at 21, 23 … 47: 14) = 34, size −8, Dodge +1 = 30.
  { name: 'Tarrasque', size: 'colossal', type: 'Magical Beast', hp: 1392, protection: 30, defense: 30 },
  // Mummy lord, 10th-level cleric: Medium Undead 8 HD + Cleric 10, no Con. HP: 20 + good 8 (+8) +
  // Cleric average 10 (+7) = 35 × 1 = 35. Protection: natural 10 + +2 half-plate (7 + 2) = 19.
  // Defense: Dex 12 +1, Undead poor 8 (+4) + Cleric average 10 (+7), half-plate ACP −7, magic −6,
  // halved −3, size 0 = 9.
  {
    name: 'Mummy Lord, 10th-Level Cleric',
    size: 'medium',
    type: 'Undead',
    hp: 35,
    protection: 19,
    defense: 9,
  },
  // Puppeteer (psionic): Fine Magical Beast ¼ HD (counts 0). Con 11 × 1/16 = 0.69 → at least 1.
  // Protection 0. Defense: Dex 15 +2, class 0, size +8 = 10.
  { name: 'Puppeteer', size: 'fine', type: 'Magical Beast', hp: 1, protection: 0, defense: 10 },
  // Toad: Diminutive Animal ¼ HD. Con 11 × 1/8 = 1.375 → 1. Protection 0. Defense: Dex 12 +1, size +4 = 5.
  { name: 'Toad', size: 'diminutive', type: 'Animal', hp: 1, protection: 0, defense: 5 },
  // Azer: Medium Outsider 2 HD. Con 13 + average 2 (+1) = 14. Protection: natural 6 + scale mail 4 = 10.
  // Defense: Dex 13 +1, good 2 +2, scale mail ACP −4 halved −2, heavy shield +2 = 3.
  { name: 'Azer', size: 'medium', type: 'Outsider', hp: 14, protection: 10, defense: 3 },
  // Phane (epic): Large Outsider 36 HD. HP average 20 (+15) + epic (+1 at 22 … 36: 8) = 23; Con 28;
  // Epic Toughness not counted → 51 × 2 = 102. Protection 0. Defense: Dex 25 +7, good 20 + epic (+1 at
  // 21 … 35: 8) = 28, size −1, deflection +11, insight +23, Dodge +1 = 69.
  { name: 'Phane', size: 'large', type: 'Outsider', hp: 102, protection: 0, defense: 69 },
  // Blue, 1st-level psion (psionic): Small Humanoid, its 1 HD is the Psion level. Con 14 + Psion poor
  // 1 (+0) = 14 × 1/2 = 7. Protection: inertial armor 4 (force, no check penalty). Defense: Dex 13 +1,
  // poor 1 +0, size +1 = 2.
  {
    name: 'Blue, 1st-Level Psion (Telepath)',
    size: 'small',
    type: 'Humanoid',
    hp: 7,
    protection: 4,
    defense: 2,
  },
  // Grig: Tiny Fey ½ HD (counts 0). Con 13 × 1/4 = 3.25 → 3. Protection: natural 2. Defense: Dex 18 +4,
  // size +2, Dodge +1 = 7.
  { name: 'Grig', size: 'tiny', type: 'Fey', hp: 3, protection: 2, defense: 7 },
  // Harpy archer, 7th-level fighter: Medium Monstrous Humanoid 7 HD + Fighter 7. Con 14 + average 7
  // (+5) + Fighter good 7 (+7) = 26. Protection: natural 1 + +3 studded leather (3 + 3) = 7. Defense:
  // Dex 20 +5, good 7 (+7) + good 7 (+7), studded ACP −1 +1 (magic) = 0, ring of protection +1
  // (deflection) = 20.
  {
    name: 'Harpy Archer, 7th-Level Fighter',
    size: 'medium',
    type: 'Monstrous Humanoid',
    hp: 26,
    protection: 7,
    defense: 20,
  },
  // Purple worm: Gargantuan Magical Beast 16 HD. Con 25 + good 16 = 41 × 8 = 328. Protection: natural
  // 15. Defense: Dex 6 −2, good 16, size −4 = 10.
  { name: 'Purple Worm', size: 'gargantuan', type: 'Magical Beast', hp: 328, protection: 15, defense: 10 },
  // Force dragon, great wyrm (epic, Colossal+ → Colossal): Dragon 75 HD. HP good 20 + epic (+1 at 22 …
  // 74: 27) = 47; Con 61 → 108 × 16 = 1728. Protection: natural 74. Defense: Dex 10 +0, good 20 + epic
  // (+1 at 21 … 75: 28) = 48, size −8, deflection +26 = 66.
  {
    name: 'Force Dragon, Great wyrm',
    size: 'colossal',
    type: 'Dragon',
    hp: 1728,
    protection: 74,
    defense: 66,
  },
  // Werewolf lord, human form: Medium Humanoid, "10d10+20 plus 6d8+30" names no class → 16 Humanoid
  // HD. Con 14 + average 16 (+12) = 26. Protection: natural 3 + +2 mithral chain shirt (4 + 2) = 9.
  // Defense: Dex 14 +2, average 16 +12, chain shirt ACP −2 + 3 (mithral) → 0, +3 heavy shield (2 + 3)
  // = 19.
  { name: 'Werewolf Lord, Human Form', size: 'medium', type: 'Humanoid', hp: 26, protection: 9, defense: 19 },
  // Shambling mound: Large Plant 8 HD. Con 17 + average 8 (+6) = 23 × 2 = 46. Protection: natural 11.
  // Defense: Dex 10 +0, poor 8 +4, size −1 = 3.
  { name: 'Shambling Mound', size: 'large', type: 'Plant', hp: 46, protection: 11, defense: 3 },
  // Hecatoncheires (epic): Huge Outsider 52 HD. HP average 20 (+15) + epic (+1 at 22 … 52: 16) = 31;
  // Con 32 → 63 × 4 = 252. Protection: natural 30 + +5 half plate (7 + 5) = 42. Defense: Dex 15 +2, good
  // 20 + epic (+1 at 21 … 51: 16) = 36, half plate ACP −7 +1 (magic) = −6 halved −3, size −2, insight
  // +20 = 53.
  { name: 'Hecatoncheires', size: 'huge', type: 'Outsider', hp: 252, protection: 42, defense: 53 },
  // Fire elemental, Small: Elemental 2 HD. Con 10 + average 2 (+1) = 11 × 1/2 = 5.5 → 5. Protection:
  // natural 3. Defense: Dex 13 +1, average 2 +1, size +1, Dodge +1 = 4.
  { name: 'Fire Elemental, Small', size: 'small', type: 'Elemental', hp: 5, protection: 3, defense: 4 },
  // Allip (incorporeal): Medium Undead 4 HD, no Con. 20 + good 4 = 24. Protection 0. Defense: Dex 12
  // +1, poor 4 +2, deflection +4 = 7.
  { name: 'Allip', size: 'medium', type: 'Undead', hp: 24, protection: 0, defense: 7 },
  // Aboleth mage, 10th-level wizard: Huge Aberration 8 HD + Wizard 10. Con 24 + average 8 (+6) + Wizard
  // poor 10 (+5) = 35 × 4 = 140. Protection: natural 7. Defense: Dex 16 +3, average 8 (+6) + poor 10
  // (+5), size −2 = 12.
  {
    name: 'Aboleth Mage, 10th-Level Wizard',
    size: 'huge',
    type: 'Aberration',
    hp: 140,
    protection: 7,
    defense: 12,
  },
  // Monstrous spider, Tiny: Vermin ½ HD, no Int. Con 10 × 1/4 = 2.5 → 2. Protection 0. Defense: Dex 17
  // +3, size +2 = 5.
  { name: 'Monstrous Spider, Tiny', size: 'tiny', type: 'Vermin', hp: 2, protection: 0, defense: 5 },
];

describe('bestiary: hand-checked monsters (issue #19)', () => {
  it('covers every size and every creature type of the data file', () => {
    const sizes = new Set(CASES.map((c) => c.size));
    expect([...sizes].sort()).toEqual(
      ['colossal', 'diminutive', 'fine', 'gargantuan', 'huge', 'large', 'medium', 'small', 'tiny'].sort(),
    );
    const types = new Set(CASES.map((c) => c.type));
    const dataTypes = new Set(data.monsters.map((m) => m.type));
    expect([...types].sort()).toEqual([...dataTypes].sort());
    expect(CASES.length).toBeGreaterThanOrEqual(20);
  });

  for (const c of CASES) {
    it(`${c.name}: HP ${c.hp}, Protection ${c.protection}, Defense ${c.defense >= 0 ? '+' : ''}${c.defense}`, () => {
      const record = byName.get(c.name);
      expect(record, c.name).toBeDefined();
      const creature = convertMonster(record as SrdMonsterRecord);
      expect(creature.size).toBe(c.size);
      expect(creature.type).toBe(c.type);
      expect({
        hp: creature.hp.max,
        protection: creature.protection.total,
        defense: creature.defense.total,
      }).toEqual({
        hp: c.hp,
        protection: c.protection,
        defense: c.defense,
      });
    });
  }

  it('explains the ogre step by step with lang keys and lists what it did not convert', () => {
    const ogre = convertMonster(byName.get('Ogre') as SrdMonsterRecord);
    const hpStep = ogre.steps.find((s) => s.field === 'hp.max');
    expect(hpStep?.explanation).toEqual({
      key: 'GNG.Bestiary.Step.Hp',
      data: { base: 21, multiplier: '2', size: 'large', exact: 42, max: 42 },
    });
    expect(ogre.unconverted).toContain('special-quality: low-light vision');
    // Greatclub +8 melee (2d8+7) or javelin +1 ranged (1d8+5): two options, reach 10 ft. for the club.
    expect(ogre.attacks).toHaveLength(2);
    expect(ogre.attacks[0]?.[0]).toMatchObject({
      name: 'Greatclub',
      bonuses: [8],
      mode: 'melee',
      kind: 'weapon',
      damage: { count: 2, faces: 8, bonus: 7 },
      damageTypes: ['bludgeoning'],
      reach: 10,
    });
    expect(ogre.attacks[1]?.[0]).toMatchObject({ name: 'javelin', mode: 'ranged', reach: null });
  });

  it('reads the adult red dragon’s damage reduction, immunity, spell resistance and CR', () => {
    const dragon = convertMonster(byName.get('Red Dragon, Adult') as SrdMonsterRecord);
    expect(dragon.resistances.damageReductionText).toBe('5/magic');
    expect(dragon.resistances.immunities).toContain('fire');
    expect(dragon.resistances.spellResistance).toBe(21);
    // CR 15, Huge: "+2" (Table: CR Adjustments based on Size) → 17.
    expect(dragon.cr).toMatchObject({ value: 15, sizeAdjustment: 2, suggested: 17 });
    // Bite +31 melee (2d8+11) and 2 claws +26 … : bite is a natural weapon dealing B, P and S.
    expect(dragon.attacks[0]?.[0]).toMatchObject({ name: 'Bite', kind: 'natural', bonuses: [31] });
    expect(dragon.attacks[0]?.[0]?.damageTypes.sort()).toEqual(['bludgeoning', 'piercing', 'slashing']);
  });
});
