/**
 * The `spells-powers` pack (GnG Appendix 5) and the `magic-items` pack (GnG Appendix 6).
 *
 * What the data model can hold is set on the items: a weapon's `bypass` (armor piercing / armor
 * ignoring) and `enhancement`, an armor's `fortification` and `enhancement`, a shield's `enhancement`.
 * Special abilities that are not items of their own are `equipment` items that describe the ability
 * and how to apply it (`flags.gng.ability`); the sample and specific items carry the ids of their
 * abilities in `flags.gng.abilities` for the attack and abort flows. Spells and powers carry the
 * effect they put on a weapon (`flags.gng.target: "weapon"`, src/data/item/item-effects.ts); casting
 * from the sheet puts it there for its duration (src/magic/weapon-spells.ts).
 */
import { type Doc, itemDoc, itemEffect, p, slug, source, stableId, uuidLink } from './common.js';
import { featId } from './feats.js';
import { KIND_ICONS, gearIcon } from '../packs/icons.js';

const APP5 = 'GnG v4.0, Appendix 5: Spells and Powers';
const APP6 = 'GnG v4.0, Appendix 6: Magical and Psionic Items';

export const spellId = (key: string): string => stableId(`spells-powers:${key}`);
export const magicItemId = (key: string): string => stableId(`magic-items:${key}`);

interface SpellSpec {
  type: 'spell' | 'power';
  name: string;
  level: number;
  school: string;
  lists: string;
  stats: string;
  effect: string;
  apply: string;
  powerPoints?: number;
}

const WEAPON_TARGET =
  'Range close (25 ft. + 5 ft. per 2 levels); one weapon, or up to fifty projectiles touching each other; 10 minutes per level; Will negates (harmless, object); resistance applies (harmless, object).';
const FANG_TARGET =
  'Touch; one living creature; 10 minutes per level; Will negates (harmless); spell resistance applies (harmless).';
/**
 * What the system does with a weapon spell or power (issue #18): cast from the sheet, a timed effect
 * on the chosen weapon (src/magic/weapon-spells.ts).
 */
const castOn = (bypass: 'armor piercing' | 'armor ignoring', what: string, verb = 'Cast') =>
  `${verb} it from the caster’s sheet (Magic tab, <em>${verb}</em>) and choose the ${what}: it becomes ${bypass} (${
    bypass === 'armor piercing' ? 'half' : 'none'
  } of the target’s Protection on the attack card) for 10 minutes per caster level of the world clock (1 level less per negative level), and the effect on the weapon ends by itself. A weapon the caster’s player does not own is changed by the GM’s client.`;
const SET_PIERCING = castOn('armor piercing', 'weapon (not a natural weapon)');
const SET_IGNORING = castOn('armor ignoring', 'weapon (not a natural weapon)');
const FANG = (bypass: 'armor piercing' | 'armor ignoring') =>
  castOn(
    bypass,
    'natural weapon (a weapon item used unarmed: bite, claw, slam, fist) of the caster or of the one targeted creature',
  );

const SPELLS: SpellSpec[] = [
  {
    type: 'spell',
    name: 'Armor Ignoring Fang',
    level: 6,
    school: 'Transmutation',
    lists: 'Druid 6',
    stats: `Verbal, somatic, divine focus; 1 standard action. ${FANG_TARGET}`,
    effect:
      'One natural weapon of the subject (bite, claw, slam, fist…) becomes armor ignoring: none of the target’s Protection counts against it. An unarmed strike stays nonlethal.',
    apply: FANG('armor ignoring'),
  },
  {
    type: 'spell',
    name: 'Armor Ignoring Weapon',
    level: 6,
    school: 'Transmutation',
    lists: 'Sorcerer/Wizard 6',
    stats: `Verbal, somatic; 1 standard action. ${WEAPON_TARGET}`,
    effect:
      'The weapon becomes armor ignoring: none of the target’s Protection counts against it. Each enchanted projectile (arrow, bolt, sling stone; shuriken count as arrows) loses the effect after one shot, hit or miss. Natural weapons cannot be targeted.',
    apply: SET_IGNORING,
  },
  {
    type: 'spell',
    name: 'Armor Piercing Fang',
    level: 3,
    school: 'Transmutation',
    lists: 'Druid 3, Ranger 3',
    stats: `Verbal, somatic, divine focus; 1 standard action. ${FANG_TARGET}`,
    effect:
      'One natural weapon of the subject becomes armor piercing: only half of the target’s Protection counts against it. An unarmed strike stays nonlethal.',
    apply: FANG('armor piercing'),
  },
  {
    type: 'spell',
    name: 'Armor Piercing Weapon',
    level: 3,
    school: 'Transmutation',
    lists: 'Sorcerer/Wizard 3',
    stats: `Verbal, somatic; 1 standard action. ${WEAPON_TARGET}`,
    effect:
      'The weapon becomes armor piercing: only half of the target’s Protection counts against it. Projectiles lose the effect after one shot (shuriken count as arrows); natural weapons cannot be targeted. It replaces <em>keen edge</em>, which has no use without critical hits.',
    apply: SET_PIERCING,
  },
  {
    type: 'power',
    name: 'Armor Ignoring Weapon',
    level: 6,
    school: 'Metacreativity',
    lists: 'Psion/wilder 6',
    stats: `Display visual; 1 standard action. ${WEAPON_TARGET.replace('resistance applies', 'power resistance applies')}`,
    effect: 'As the spell of the same name: the weapon ignores all of the target’s Protection.',
    apply: castOn('armor ignoring', 'weapon (not a natural weapon)', 'Manifest'),
    powerPoints: 11,
  },
  {
    type: 'power',
    name: 'Armor Piercing Weapon',
    level: 3,
    school: 'Metacreativity',
    lists: 'Psion/wilder 3, psychic warrior 3',
    stats: `Display visual; 1 standard action. ${WEAPON_TARGET.replace('resistance applies', 'power resistance applies')}`,
    effect:
      'As the spell of the same name: only half of the target’s Protection counts. It replaces the power <em>keen edge</em>.',
    apply: castOn('armor piercing', 'weapon (not a natural weapon)', 'Manifest'),
    powerPoints: 5,
  },
  {
    type: 'power',
    name: 'Iron Claw',
    level: 3,
    school: 'Psychometabolism',
    lists: 'Psychic warrior 3',
    stats: 'Display auditory; 1 standard action; personal; 10 minutes per level.',
    effect:
      'One of your claw or bite attacks (natural, or gained from a power such as <em>claws of the beast</em> or <em>bite of the wolf</em>) becomes armor piercing. <strong>Augment:</strong> each 4 more power points affect one more natural weapon.',
    apply: `${castOn('armor piercing', 'natural weapons (weapon items used unarmed) of your own', 'Manifest')} Choosing more than one costs 4 more power points each (5, 9, 13 …).`,
    powerPoints: 5,
  },
];

/** The Protection bypass a weapon spell or power grants (Iron Claw: armor piercing). */
function bypassOf(s: SpellSpec): 'piercing' | 'ignoring' {
  return /ignoring/i.test(s.name) ? 'ignoring' : 'piercing';
}

/** The spells-powers pack. */
export function spellDocs(): { file: string; doc: Doc }[] {
  return SPELLS.map((s) => {
    const key = `${s.type}-${slug(s.name)}`;
    const id = spellId(key);
    const description =
      p(
        `<strong>${s.school}</strong> — ${s.lists}.${s.powerPoints ? ` <strong>Power points:</strong> ${s.powerPoints}.` : ''}`,
        s.stats,
        s.effect,
        `<strong>In this system:</strong> ${s.apply}`,
      ) + source(APP5);
    const system =
      s.type === 'spell'
        ? { description, level: s.level, school: s.school }
        : { description, level: s.level, discipline: s.school, powerPoints: s.powerPoints ?? 1 };
    const img = s.type === 'spell' ? KIND_ICONS.spell : KIND_ICONS.power;
    return {
      file: key,
      doc: itemDoc(
        id,
        s.name,
        s.type,
        img,
        system,
        [
          itemEffect(id, s.name, [{ key: 'system.bypass', mode: 5, value: bypassOf(s) }], {
            transfer: false,
            flags: { gng: { target: 'weapon' } },
            description: `<p>${bypassOf(s) === 'ignoring' ? 'Armor ignoring' : 'Armor piercing'} (GnG Appendix 5).</p>`,
          }),
        ],
        { gng: { identifier: slug(s.name) } },
      ),
    };
  });
}

/* ---------------------------------------------------------------- magic items */

interface AbilitySpec {
  /** Ability id (kebab-case). */
  id: string;
  name: string;
  appliesTo: 'armor' | 'shield' | 'weapon';
  /** Price as printed: "+1 bonus", "+6 bonus". */
  price: string;
  aura: string;
  text: string;
  apply: string;
}

/** The names of the Appendix 6 properties the attack card applies, as the pack's texts say them. */
const PROPERTY_NAMES: Record<string, string> = {
  'brilliant-energy': 'Brilliant Energy',
  vicious: 'Vicious',
  'sun-blade': 'Sun Blade double damage against undead',
  wounding: 'Wounding',
  'mace-of-ruin': 'Mace of Ruin (no damage reduction or hardness)',
  dissipater: 'Dissipater',
};

/** What an Appendix 6 ability item says when the attack card applies it from the weapon's property. */
const PROPERTY_APPLY = (name: string, what: string): string =>
  `Tick <em>${name}</em> among the weapon’s properties: the attack card applies it (${what}).`;

const NO_FIELD = 'Apply by hand: the sheet and the chat cards do not apply this ability.';
const EPIC_BLAST = (energy: string) =>
  `On command the weapon is wreathed in ${energy} that does not hurt the wielder. Every hit deals +3d6 ${energy} damage; on a 1 on 1d10 it deals +6d6 instead. Bows, crossbows and slings give it to their ammunition.`;
const EPIC_POWER = (align: string, foe: string) =>
  `The weapon is ${align}-aligned and overcomes that damage reduction. Against ${foe} targets it deals +3d6 ${align} damage and one negative level (Fortitude DC 23 a day later to remove it); on a 1 on 1d10, +6d6 and two negative levels. A ${foe} creature holding it gets three negative levels while it holds it, which nothing removes meanwhile but which never cost a level. Launchers give it to their ammunition; it does not stack with the ordinary version of the ability.`;
const BURST = (energy: string, base: string) =>
  `Works as a ${base} weapon; in addition, on a hit and a 1 on 1d10, it deals an extra 1d10 ${energy} damage. Launchers give the energy to their ammunition.`;

const ABILITIES: AbilitySpec[] = [
  {
    id: 'fortification-light',
    name: 'Fortification, Light',
    appliesTo: 'armor',
    price: '+1 bonus',
    aura: 'strong abjuration; CL 13th',
    text: 'Armor piercing attacks lose their effect against the wearer; no penetration called shot can be made against him.',
    apply:
      'Set the armor’s <em>Fortification</em> to <em>light</em>: the Protection and called-shot rules apply it.',
  },
  {
    id: 'fortification-moderate',
    name: 'Fortification, Moderate',
    appliesTo: 'armor',
    price: '+3 bonus',
    aura: 'strong abjuration; CL 13th',
    text: 'Armor piercing attacks lose their effect and armor ignoring attacks count only as armor piercing; no penetration called shots.',
    apply: 'Set the armor’s <em>Fortification</em> to <em>moderate</em>.',
  },
  {
    id: 'fortification-heavy',
    name: 'Fortification, Heavy',
    appliesTo: 'armor',
    price: '+5 bonus',
    aura: 'strong abjuration; CL 13th',
    text: 'Neither armor piercing nor armor ignoring attacks work against the wearer; no penetration called shots.',
    apply: 'Set the armor’s <em>Fortification</em> to <em>heavy</em>.',
  },
  {
    id: 'improved-block',
    name: 'Improved Block',
    appliesTo: 'shield',
    price: '+2 bonus',
    aura: 'faint abjuration; CL 5th',
    text: 'The bearer blocks as if he had the Improved Block feat (one free Block each round).',
    apply: `While the shield is used, give the bearer the ${uuidLink('feats', 'Item', featId('improved-block'), 'Improved Block')} feat.`,
  },
  {
    id: 'projectile-deflection',
    name: 'Projectile Deflection',
    appliesTo: 'shield',
    price: '+2 bonus',
    aura: 'faint abjuration; CL 5th',
    text: 'The bearer blocks as if he had the Block Projectile feat, without its −4 against sling, bow and crossbow missiles. Replaces arrow deflection.',
    apply: `Apply by hand: the bearer blocks as with ${uuidLink('feats', 'Item', featId('block-projectile'), 'Block Projectile')}, without its −4.`,
  },
  {
    id: 'infinite-projectile-deflection',
    name: 'Infinite Projectile Deflection',
    appliesTo: 'shield',
    price: '+6 bonus (epic)',
    aura: 'CL 21st',
    text: 'As projectile deflection, but the bearer may deflect any number of projectiles and thrown weapons each round as free actions.',
    apply: 'Block projectiles with no cost in actions; ' + NO_FIELD,
  },
  {
    id: 'acidic-blast',
    name: 'Acidic Blast',
    appliesTo: 'weapon',
    price: '+6 bonus (epic)',
    aura: 'CL 21st',
    text: EPIC_BLAST('acid'),
    apply: NO_FIELD,
  },
  {
    id: 'anarchic-power',
    name: 'Anarchic Power',
    appliesTo: 'weapon',
    price: '+8 bonus (epic)',
    aura: 'CL 21st',
    text: EPIC_POWER('chaotic', 'lawful'),
    apply: NO_FIELD,
  },
  {
    id: 'armor-ignoring',
    name: 'Armor Ignoring',
    appliesTo: 'weapon',
    price: '+5 bonus',
    aura: 'strong transmutation; CL 16th',
    text: 'None of the target’s Protection counts against the weapon’s damage. Launchers give it to their ammunition.',
    apply: 'Set the weapon’s <em>Against Protection</em> to <em>Armor-ignoring</em>.',
  },
  {
    id: 'armor-piercing',
    name: 'Armor Piercing',
    appliesTo: 'weapon',
    price: '+1 bonus',
    aura: 'moderate transmutation; CL 10th',
    text: 'Only half of the target’s Protection counts against the weapon’s damage; it does not stack with other effects that reduce Protection. Launchers give it to their ammunition. It replaces keen.',
    apply: 'Set the weapon’s <em>Against Protection</em> to <em>Armor-piercing</em>.',
  },
  {
    id: 'axiomatic-power',
    name: 'Axiomatic Power',
    appliesTo: 'weapon',
    price: '+8 bonus (epic)',
    aura: 'CL 23rd',
    text: EPIC_POWER('lawful', 'chaotic'),
    apply: NO_FIELD,
  },
  {
    id: 'bodyfeeder',
    name: 'Bodyfeeder',
    appliesTo: 'weapon',
    price: '+3 bonus',
    aura: 'strong psychometabolism; ML 12th',
    text: 'When a hit deals at least 1 HP, on a 1 on 1d10 the wielder gains temporary HP equal to the damage dealt, for 10 minutes. They do not stack: keep the higher of the old and new amounts.',
    apply: 'Set the wielder’s temporary HP by hand.',
  },
  {
    id: 'brilliant-energy',
    name: 'Brilliant Energy',
    appliesTo: 'weapon',
    price: '+4 bonus',
    aura: 'strong transmutation; CL 16th',
    text: 'Most of the weapon is light (same weight; it sheds torchlight, 20 ft.). It passes through nonliving matter: armor bonuses to Protection and shield bonuses to Defense, with their enhancements, do not count against it (natural armor and other bonuses do). It cannot harm undead, constructs or objects. Melee and thrown weapons and ammunition only.',
    apply: PROPERTY_APPLY(
      'Brilliant Energy',
      'armor and shield left out, natural armor kept; no harm to undead, constructs or objects',
    ),
  },
  {
    id: 'coup-de-grace',
    name: 'Coup de Grace',
    appliesTo: 'weapon',
    price: '+5 bonus',
    aura: 'strong telepathy; ML 19th',
    text: 'When a hit deals at least 1 HP, on a 1 on 1d10 the target must make a DC 27 Will save or be paralyzed for 1 round. No effect on creatures without Intelligence. Launchers give it to their ammunition.',
    apply: NO_FIELD,
  },
  {
    id: 'dissipater',
    name: 'Dissipater',
    appliesTo: 'weapon',
    price: '+1 bonus',
    aura: 'strong metacreativity; ML 12th',
    text: 'Against things made of ectoplasm (astral constructs, ectoplasmic walls and forms, metacreativity items) the weapon ignores Protection, damage reduction and hardness.',
    apply: PROPERTY_APPLY(
      'Dissipater',
      'Protection, damage reduction and hardness ignored against a creature of the ectoplasm subtype',
    ),
  },
  {
    id: 'dread',
    name: 'Dread',
    appliesTo: 'weapon',
    price: '+7 bonus (epic)',
    aura: 'CL 22nd',
    text: 'Against one chosen kind of creature the enhancement bonus is 4 higher and hits deal +4d6 damage; on a 1 on 1d10 the foe must make a DC 27 Fortitude save or be turned to dust (even if immune to death effects).',
    apply: NO_FIELD,
  },
  {
    id: 'fiery-blast',
    name: 'Fiery Blast',
    appliesTo: 'weapon',
    price: '+6 bonus (epic)',
    aura: 'CL 21st',
    text: EPIC_BLAST('fire'),
    apply: NO_FIELD,
  },
  {
    id: 'flaming-burst',
    name: 'Flaming Burst',
    appliesTo: 'weapon',
    price: '+2 bonus',
    aura: 'strong evocation; CL 12th',
    text: BURST('fire', 'flaming'),
    apply: NO_FIELD,
  },
  {
    id: 'holy-power',
    name: 'Holy Power',
    appliesTo: 'weapon',
    price: '+8 bonus (epic)',
    aura: 'CL 23rd',
    text: EPIC_POWER('good', 'evil'),
    apply: NO_FIELD,
  },
  {
    id: 'icy-blast',
    name: 'Icy Blast',
    appliesTo: 'weapon',
    price: '+6 bonus (epic)',
    aura: 'CL 21st',
    text: EPIC_BLAST('cold'),
    apply: NO_FIELD,
  },
  {
    id: 'icy-burst',
    name: 'Icy Burst',
    appliesTo: 'weapon',
    price: '+2 bonus',
    aura: 'moderate evocation; CL 10th',
    text: BURST('cold', 'frost'),
    apply: NO_FIELD,
  },
  {
    id: 'keen',
    name: 'Keen (not used)',
    appliesTo: 'weapon',
    price: '—',
    aura: '—',
    text: 'GnG has no critical hits, so keen has no use: use armor piercing instead.',
    apply: 'Use the Armor Piercing ability.',
  },
  {
    id: 'lightning-blast',
    name: 'Lightning Blast',
    appliesTo: 'weapon',
    price: '+6 bonus (epic)',
    aura: 'CL 21st',
    text: EPIC_BLAST('electricity'),
    apply: NO_FIELD,
  },
  {
    id: 'mindfeeder',
    name: 'Mindfeeder',
    appliesTo: 'weapon',
    price: '+3 bonus',
    aura: 'strong psychometabolism; ML 15th',
    text: 'When a hit deals at least 1 HP, on a 1 on 1d10 the wielder gains temporary power points equal to the damage, for 10 minutes, even from a target without any. They overlap rather than stack (keep the higher). Constructs and undead are not affected.',
    apply: NO_FIELD,
  },
  {
    id: 'precise',
    name: 'Precise',
    appliesTo: 'weapon',
    price: '+3 bonus',
    aura: 'strong divination; CL 14th',
    text: 'Halves the attack penalty of called shots made with the weapon; it does not stack with other reductions (the better one applies).',
    apply:
      'Apply by hand: give back the part of the called shot penalty it saves as an <em>Other modifier</em> in the attack dialog.',
  },
  {
    id: 'psychokinetic-burst',
    name: 'Psychokinetic Burst',
    appliesTo: 'weapon',
    price: '+2 bonus',
    aura: 'strong psychokinesis; ML 12th',
    text: 'Works as a psychokinetic weapon; in addition, on a hit and a 1 on 1d10, it deals an extra 1d6 ectoplasmic damage that damage reduction does not stop. Launchers give it to their ammunition.',
    apply: NO_FIELD,
  },
  {
    id: 'shocking-burst',
    name: 'Shocking Burst',
    appliesTo: 'weapon',
    price: '+2 bonus',
    aura: 'moderate evocation; CL 10th',
    text: BURST('electricity', 'shock'),
    apply: NO_FIELD,
  },
  {
    id: 'sonic-blast',
    name: 'Sonic Blast',
    appliesTo: 'weapon',
    price: '+6 bonus (epic)',
    aura: 'CL 21st',
    text: EPIC_BLAST('sonic energy'),
    apply: NO_FIELD,
  },
  {
    id: 'soulbreaker',
    name: 'Soulbreaker',
    appliesTo: 'weapon',
    price: '+3 bonus',
    aura: 'strong telepathy; ML 12th',
    text: 'When a hit deals at least 1 HP, on a 1 on 1d10 the foe gains a negative level; a day later, each negative level not removed needs a DC 18 Fortitude save or costs a level.',
    apply: 'Raise the target’s negative levels (or set the Energy drained status).',
  },
  {
    id: 'thundering',
    name: 'Thundering',
    appliesTo: 'weapon',
    price: '+1 bonus',
    aura: 'faint necromancy; CL 5th',
    text: 'On a hit and a 1 on 1d10, a thunderclap deals an extra 1d8 sonic damage; a creature so damaged must make a DC 14 Fortitude save or be deafened for good. Launchers give it to their ammunition.',
    apply: NO_FIELD,
  },
  {
    id: 'unholy-power',
    name: 'Unholy Power',
    appliesTo: 'weapon',
    price: '+8 bonus (epic)',
    aura: 'CL 23rd',
    text: EPIC_POWER('evil', 'good'),
    apply: NO_FIELD,
  },
  {
    id: 'vicious',
    name: 'Vicious',
    appliesTo: 'weapon',
    price: '+1 bonus',
    aura: 'moderate necromancy; CL 9th',
    text: 'When a hit deals at least 1 HP, a burst of energy deals an extra 2d6 to the target and 1d6 to the wielder, both ignoring Protection. Melee weapons only.',
    apply: PROPERTY_APPLY('Vicious', '+2d6 to the target, 1d6 to the wielder at Apply, both undone by Undo'),
  },
  {
    id: 'vorpal',
    name: 'Vorpal',
    appliesTo: 'weapon',
    price: '+5 bonus',
    aura: 'strong necromancy and transmutation; CL 18th',
    text: 'On a natural 20 that deals at least 1 HP, the weapon cuts off the target’s head, if it has one; most creatures die of it, but headless ones (many aberrations, all oozes) and those that do not need a head (golems, undead other than vampires) do not. Slashing weapons only.',
    apply: NO_FIELD,
  },
  {
    id: 'wounding',
    name: 'Wounding',
    appliesTo: 'weapon',
    price: '+2 bonus',
    aura: 'moderate evocation; CL 10th',
    text: 'When a hit deals at least 1 HP, the victim makes a Fortitude save against 10 + the damage or starts severe bleeding, as the called-shot effect. Creatures without a circulatory system (undead, plants, constructs…) are immune.',
    apply: PROPERTY_APPLY(
      'Wounding',
      'the Fortitude save against 10 + the damage at Apply, Severe Bleeding on a failure',
    ),
  },
];

const ABILITY_IMG = {
  armor: KIND_ICONS.armorAbility,
  shield: KIND_ICONS.armorAbility,
  weapon: KIND_ICONS.weaponAbility,
};
const ABILITY_LABEL = { armor: 'Armor', shield: 'Shield', weapon: 'Weapon' };

function abilityDoc(a: AbilitySpec): { file: string; doc: Doc } {
  const id = magicItemId(`ability-${a.id}`);
  const description =
    p(
      `<strong>${ABILITY_LABEL[a.appliesTo]} special ability.</strong> Price ${a.price}; ${a.aura}.`,
      a.text,
      `<strong>In this system:</strong> ${a.apply}`,
      'This item only describes the ability: put the ability on a real armor, shield or weapon item.',
    ) + source(`${APP6} › ${ABILITY_LABEL[a.appliesTo]}s, Special Ability Descriptions`);
  return {
    file: `ability-${a.appliesTo}-${a.id}`,
    doc: itemDoc(
      id,
      `${ABILITY_LABEL[a.appliesTo]} Ability: ${a.name}`,
      'equipment',
      ABILITY_IMG[a.appliesTo],
      { description, weight: 0, quantity: 1, carried: false, equipped: false },
      [],
      { gng: { ability: a.id, appliesTo: a.appliesTo } },
    ),
  };
}

interface WeaponBase {
  /** The SRD weapon it is made from (for its image). */
  srd: string;
  category: 'simple' | 'martial' | 'exotic';
  use: 'light' | 'one-handed' | 'ranged';
  small: string;
  medium: string;
  types: string[];
  range: number;
  weight: number;
  strength?: 'normal' | 'composite-bow';
}

/** SRD 3.5 weapons (Table: Weapons), as in /work/shared/data/srd35/weapons.json. */
const LONGSWORD: WeaponBase = {
  srd: 'longsword',
  category: 'martial',
  use: 'one-handed',
  small: '1d6',
  medium: '1d8',
  types: ['slashing'],
  range: 0,
  weight: 4,
};
const HEAVY_MACE: WeaponBase = {
  srd: 'mace-heavy',
  category: 'simple',
  use: 'one-handed',
  small: '1d6',
  medium: '1d8',
  types: ['bludgeoning'],
  range: 0,
  weight: 8,
};
const RAPIER: WeaponBase = {
  srd: 'rapier',
  category: 'martial',
  use: 'one-handed',
  small: '1d4',
  medium: '1d6',
  types: ['piercing'],
  range: 0,
  weight: 2,
};
const COMPOSITE_LONGBOW: WeaponBase = {
  srd: 'longbow-composite',
  category: 'martial',
  use: 'ranged',
  small: '1d6',
  medium: '1d8',
  types: ['piercing'],
  range: 110,
  weight: 3,
  strength: 'composite-bow',
};
const BASTARD_SWORD: WeaponBase = {
  srd: 'sword-bastard',
  category: 'exotic',
  use: 'one-handed',
  small: '1d8',
  medium: '1d10',
  types: ['slashing'],
  range: 0,
  weight: 6,
};

interface WeaponSpec {
  key: string;
  name: string;
  base: WeaponBase;
  enhancement: number;
  bypass: 'none' | 'piercing' | 'ignoring';
  abilities: string[];
  /** Appendix 6 properties the attack card applies (engine WEAPON_ITEM_PROPERTIES, issue #18). */
  properties?: string[];
  text: string;
  price: string;
  specific: boolean;
  use?: WeaponBase['use'];
  weight?: number;
  category?: WeaponBase['category'];
}

const WEAPONS: WeaponSpec[] = [
  {
    key: 'armor-piercing-longsword',
    name: '+1 Armor Piercing Longsword',
    base: LONGSWORD,
    enhancement: 1,
    bypass: 'piercing',
    abilities: ['armor-piercing'],
    text: 'A sample weapon with the armor piercing ability: only half of the target’s Protection counts against it.',
    price: '+2 bonus (+1 enhancement, +1 armor piercing)',
    specific: false,
  },
  {
    key: 'armor-ignoring-heavy-mace',
    name: '+1 Armor Ignoring Heavy Mace',
    base: HEAVY_MACE,
    enhancement: 1,
    bypass: 'ignoring',
    abilities: ['armor-ignoring'],
    text: 'A sample weapon with the armor ignoring ability: none of the target’s Protection counts against it.',
    price: '+6 bonus (+1 enhancement, +5 armor ignoring)',
    specific: false,
  },
  {
    key: 'vicious-wounding-rapier',
    name: '+1 Vicious Wounding Rapier',
    base: RAPIER,
    enhancement: 1,
    bypass: 'none',
    abilities: ['vicious', 'wounding'],
    properties: ['vicious', 'wounding'],
    text: 'A sample weapon with two abilities: vicious (+2d6 to the target and 1d6 to the wielder, both through Protection, when a hit deals at least 1 HP) and wounding (severe bleeding unless the target saves against 10 + the damage).',
    price: '+4 bonus (+1 enhancement, +1 vicious, +2 wounding)',
    specific: false,
  },
  {
    key: 'precise-composite-longbow',
    name: '+1 Precise Composite Longbow',
    base: COMPOSITE_LONGBOW,
    enhancement: 1,
    bypass: 'none',
    abilities: ['precise'],
    text: 'A sample weapon with the precise ability: called shots with it take half the attack penalty.',
    price: '+4 bonus (+1 enhancement, +3 precise)',
    specific: false,
  },
  {
    key: 'gripsoul',
    name: 'Gripsoul',
    base: LONGSWORD,
    enhancement: 6,
    bypass: 'piercing',
    abilities: ['armor-piercing'],
    text: 'A +6 armor piercing longsword with a gem in the pommel. When a hit deals at least 1 HP, on a 1 on 1d10 (and always when the blow would kill or knock out the foe) the victim’s soul is bound in the gem, as a <em>binding</em> heightened to 16th level (DC 30). The gem holds one creature; a command word frees it.',
    price: '1,856,500 gp (CL 27th; epic)',
    specific: true,
  },
  {
    key: 'mace-of-ruin',
    name: 'Mace of Ruin',
    base: HEAVY_MACE,
    enhancement: 7,
    bypass: 'ignoring',
    abilities: ['armor-ignoring'],
    properties: ['mace-of-ruin'],
    text: 'A +7 armor ignoring heavy mace that also ignores the hardness and damage reduction of whatever it strikes.',
    price: '1,000,312 gp (CL 21st; epic)',
    specific: true,
  },
  {
    key: 'mace-of-smiting',
    name: 'Mace of Smiting',
    base: HEAVY_MACE,
    enhancement: 3,
    bypass: 'none',
    abilities: [],
    text: 'A +3 adamantine heavy mace; its enhancement is +5 against constructs, and a hit that deals at least 1 HP to a construct destroys it on a 1 on 1d10 (no save). Against outsiders it deals +2d6 on a 1 on 1d10.',
    price: '75,312 gp (CL 11th)',
    specific: true,
  },
  {
    key: 'nine-lives-stealer',
    name: 'Nine Lives Stealer',
    base: LONGSWORD,
    enhancement: 2,
    bypass: 'none',
    abilities: [],
    text: 'A +2 longsword that can take nine lives. When a hit deals at least 1 HP, on a 1 on 1d10 the victim must make a DC 20 Fortitude save or die (constructs, undead and the like are immune); a save uses up nothing. After nine deaths it is a plain +2 longsword. It is evil: a good wielder has two negative levels while holding it, which nothing removes meanwhile but which never cost a level.',
    price: '23,057 gp (CL 13th)',
    specific: true,
  },
  {
    key: 'oathbow',
    name: 'Oathbow',
    base: COMPOSITE_LONGBOW,
    enhancement: 2,
    bypass: 'none',
    abilities: [],
    text: 'An elven +2 composite longbow (+2 Strength). Once a day the archer may swear (free action) to slay a target: against that sworn enemy the bow is +5, armor piercing, and its arrows deal +2d6; against everyone else it is only masterwork, and the archer takes −1 on attacks with other weapons. This lasts until the enemy dies or seven days pass; one sworn enemy at a time, and a new oath only after 24 hours.',
    price: '25,600 gp (CL 15th)',
    specific: true,
  },
  {
    key: 'rapier-of-puncturing',
    name: 'Rapier of Puncturing',
    base: RAPIER,
    enhancement: 2,
    bypass: 'none',
    abilities: ['wounding'],
    properties: ['wounding'],
    text: 'A +2 wounding rapier. Three times a day its wielder may make an armor ignoring attack that also drains 1d6 Constitution (blood); creatures without a circulatory system (undead, plants, constructs…) ignore the drain.',
    price: '50,320 gp (CL 13th)',
    specific: true,
  },
  {
    key: 'sun-blade',
    name: 'Sun Blade',
    base: BASTARD_SWORD,
    enhancement: 2,
    bypass: 'none',
    abilities: [],
    properties: ['sun-blade'],
    text: 'Looks like and deals damage as a bastard sword, but is wielded as a short sword (light, 2 lb.); proficiency with either weapon is enough, and Weapon Focus or Specialization in either applies (not both). +2, or +4 against evil creatures; against undead and creatures of the Negative Energy Plane it deals double damage after Protection. Once a day, swung overhead with a command word, it sheds daylight growing from 10 ft. to a 60-ft. radius over 10 rounds, then glows dimly for a minute. An evil wielder has one negative level while holding it.',
    price: '50,335 gp (CL 10th)',
    specific: true,
    use: 'light',
    weight: 2,
    category: 'martial',
  },
  {
    key: 'sword-of-life-stealing',
    name: 'Sword of Life Stealing',
    base: LONGSWORD,
    enhancement: 2,
    bypass: 'none',
    abilities: [],
    text: 'A black iron +2 longsword. When a hit deals at least 1 HP, on a 1 on 1d10 the victim gains a negative level and the wielder 1d6 temporary HP for 24 hours; a day later each negative level needs a DC 16 Fortitude save or costs a level.',
    price: '25,715 gp (CL 17th)',
    specific: true,
  },
];

function weaponDoc(w: WeaponSpec): { file: string; doc: Doc } {
  const id = magicItemId(`weapon-${w.key}`);
  const automated = [
    `enhancement +${w.enhancement} (attack and damage)`,
    w.bypass === 'none'
      ? null
      : `${w.bypass === 'piercing' ? 'armor piercing' : 'armor ignoring'} against Protection`,
    w.properties?.length
      ? `its ${w.properties.map((id) => PROPERTY_NAMES[id] ?? id).join(' and ')} on the attack card`
      : null,
  ]
    .filter(Boolean)
    .join('; ');
  const description =
    p(
      w.text,
      `<strong>Price:</strong> ${w.price}.`,
      `<strong>In this system:</strong> the item sets ${automated}; the rest is applied by hand.`,
    ) + source(`${APP6} › Weapons${w.specific ? ', Specific Weapons' : ''}`);
  const system = {
    description,
    weight: w.weight ?? w.base.weight,
    quantity: 1,
    carried: true,
    equipped: false,
    category: w.category ?? w.base.category,
    use: w.use ?? w.base.use,
    size: 'medium',
    damage: { small: w.base.small, medium: w.base.medium },
    damageTypes: w.base.types,
    rangeIncrement: w.base.range,
    bypass: w.bypass,
    touch: false,
    energy: false,
    enhancement: w.enhancement,
    strength: w.base.strength ?? 'normal',
    properties: w.properties ?? [],
  };
  return {
    file: `weapon-${w.key}`,
    doc: itemDoc(id, w.name, 'weapon', gearIcon(w.base.srd) ?? 'icons/svg/sword.svg', system, [], {
      gng: { abilities: w.abilities, specific: w.specific },
    }),
  };
}

function armorDocs(): { file: string; doc: Doc }[] {
  const chain = magicItemId('armor-chain-shirt-light-fortification');
  const plate = magicItemId('armor-full-plate-heavy-fortification');
  const heavyShield = magicItemId('shield-projectile-deflection');
  const blockShield = magicItemId('shield-improved-block');
  const armor = (
    id: string,
    name: string,
    base: { armorBonus: number; acp: number; type: string; weight: number },
    enhancement: number,
    fortification: string,
    price: string,
  ) =>
    itemDoc(
      id,
      name,
      'armor',
      gearIcon(base.type === 'heavy' ? 'full-plate' : 'chain-shirt') ?? 'icons/svg/shield.svg',
      {
        description:
          p(
            `A sample armor with ${fortification} fortification (${base.type} armor, Protection ${base.armorBonus} + ${enhancement} enhancement).`,
            `<strong>Price:</strong> ${price}.`,
            '<strong>In this system:</strong> the item’s Protection, enhancement and fortification apply by themselves to every hit and called shot against the wearer.',
          ) + source(`${APP6} › Armor, Fortification`),
        weight: base.weight,
        quantity: 1,
        carried: true,
        equipped: false,
        armorBonus: base.armorBonus,
        armorCheckPenalty: base.acp,
        type: base.type,
        enhancement,
        fortification,
      },
      [],
      { gng: { abilities: [`fortification-${fortification}`] } },
    );
  const shield = (id: string, name: string, ability: string, text: string, price: string) =>
    itemDoc(
      id,
      name,
      'shield',
      gearIcon('shield-heavy-steel') ?? 'icons/svg/shield.svg',
      {
        description:
          p(
            text,
            `<strong>Price:</strong> ${price}.`,
            '<strong>In this system:</strong> shield bonus and enhancement count for Defense and for Block; the ability is applied as its description says.',
          ) + source(`${APP6} › Armor`),
        weight: 15,
        quantity: 1,
        carried: true,
        equipped: false,
        shieldBonus: 2,
        enhancement: 1,
        shieldSize: 'large',
        armorCheckPenalty: -2,
      },
      [],
      { gng: { abilities: [ability] } },
    );
  return [
    {
      file: 'armor-chain-shirt-light-fortification',
      doc: armor(
        chain,
        '+1 Chain Shirt of Light Fortification',
        { armorBonus: 4, acp: -2, type: 'light', weight: 25 },
        1,
        'light',
        '+2 bonus (+1 enhancement, +1 light fortification)',
      ),
    },
    {
      file: 'armor-full-plate-heavy-fortification',
      doc: armor(
        plate,
        '+1 Full Plate of Heavy Fortification',
        { armorBonus: 8, acp: -6, type: 'heavy', weight: 50 },
        1,
        'heavy',
        '+6 bonus (+1 enhancement, +5 heavy fortification)',
      ),
    },
    {
      file: 'shield-projectile-deflection',
      doc: shield(
        heavyShield,
        '+1 Heavy Steel Shield of Projectile Deflection',
        'projectile-deflection',
        'A sample shield (heavy steel: shield bonus 2, large) with projectile deflection: its bearer blocks missiles as with Block Projectile, without the −4 against slings, bows and crossbows.',
        '+3 bonus (+1 enhancement, +2 projectile deflection)',
      ),
    },
    {
      file: 'shield-improved-block',
      doc: shield(
        blockShield,
        '+1 Heavy Steel Shield of Improved Block',
        'improved-block',
        'A sample shield (heavy steel: shield bonus 2, large) whose bearer blocks as if he had the Improved Block feat.',
        '+3 bonus (+1 enhancement, +2 improved block)',
      ),
    },
  ];
}

const WONDROUS = [
  {
    key: 'amulet-of-the-irresistible-fist',
    name: 'Amulet of the Irresistible Fist',
    bypass: 'armor ignoring',
    text: 'Unarmed strikes and natural weapons of the wearer are armor ignoring: none of the target’s Protection counts.',
    price: '150,000 gp; strong transmutation, CL 16th',
  },
  {
    key: 'amulet-of-the-piercing-fist',
    name: 'Amulet of the Piercing Fist',
    bypass: 'armor piercing',
    text: 'Unarmed strikes and natural weapons of the wearer are armor piercing: only half of the target’s Protection counts.',
    price: '24,000 gp; moderate transmutation, CL 10th',
  },
];

/** The magic-items pack. */
export function magicItemDocs(): { file: string; doc: Doc }[] {
  const wondrous = WONDROUS.map((w) => ({
    file: `wondrous-${w.key}`,
    doc: itemDoc(
      magicItemId(`wondrous-${w.key}`),
      w.name,
      'equipment',
      KIND_ICONS.gear,
      {
        description:
          p(
            w.text,
            `<strong>Price:</strong> ${w.price}.`,
            `<strong>In this system:</strong> while worn, set <em>Against Protection</em> of your unarmed-strike and natural weapon items to <em>${w.bypass === 'armor ignoring' ? 'Armor-ignoring' : 'Armor-piercing'}</em>.`,
          ) + source(`${APP6} › Miscellaneous Magical Items`),
        weight: 0,
        quantity: 1,
        carried: true,
        equipped: false,
      },
      [],
      { gng: { abilities: [w.bypass === 'armor ignoring' ? 'armor-ignoring' : 'armor-piercing'] } },
    ),
  }));
  return [...ABILITIES.map(abilityDoc), ...armorDocs(), ...WEAPONS.map(weaponDoc), ...wondrous];
}

/** Ability ids, for links from the rules journal. */
export const abilityItemId = (abilityId: string): string => magicItemId(`ability-${abilityId}`);
