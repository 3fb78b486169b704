/**
 * The rules summary journal added to the `rules` pack (next to `gng-overview.json`, which is
 * hand-written and kept). Our own words, as the system implements GnG v4.0, with `@UUID` links to
 * the feats, classes, items and condition pages.
 */
import { type Doc, journalDoc, p, source, stableId, textPage, ul, uuidLink } from './common.js';
import { calledShotLink, conditionLink, CALLED_SHOTS_ENTRY_ID, CONDITIONS_ENTRY_ID } from './conditions.js';
import { featId } from './feats.js';
import { classId } from './classes.js';
import { abilityItemId, magicItemId, spellId } from './magic.js';

export const RULES_ENTRY_ID = stableId('rules:summary');
const pageId = (key: string) => stableId(`rules:summary:${key}`);

const feat = (id: string, label: string) => uuidLink('feats', 'Item', featId(id), label);
const ability = (id: string, label: string) => uuidLink('magic-items', 'Item', abilityItemId(id), label);

interface PageSpec {
  key: string;
  name: string;
  html: string;
}

const PAGES: PageSpec[] = [
  {
    key: 'defense',
    name: 'The Defense roll',
    html:
      p(
        'There is no Armor Class. Each attack is an opposed roll: the attacker rolls d20 + attack bonus, the defender d20 + Defense bonus, and the attack hits when it <strong>equals or beats</strong> the Defense roll. There are no automatic hits or misses.',
        '<strong>Defense bonus</strong> = Dexterity modifier + class bonus + equipment penalty + size modifier + shield bonus (and its enhancement), plus typed modifiers: dodge and circumstance add up, deflection, enhancement, insight, luck, sacred and profane take the best. The equipment penalty is the worn armor’s check penalty (halved, rounding up, when proficient) plus the encumbrance penalty (None 0, Light −1, Medium −3, Heavy −5).',
        'Losing the Dexterity bonus (flat-footed, stunned, blinded…) also loses the class and dodge bonuses. An immobilized, helpless or unconscious defender automatically rolls a 1 and ignores Dexterity, class, equipment and shield. Injury penalties apply to the Defense roll.',
        `The class bonus comes from the class items’ Defense progression (good, average or poor), e.g. ${uuidLink('classes', 'Item', classId('fighter'), 'Fighter')} good or ${uuidLink('classes', 'Item', classId('wizard'), 'Wizard')} poor; creatures use their type’s racial Hit Dice, e.g. ${uuidLink('classes', 'Item', classId('dragon'), 'Dragon Hit Dice')}. Beyond 20th level the bonus stops growing except +1 at each odd level.`,
        `Feats such as ${feat('dodge', 'Dodge')} and ${feat('epic-defense', 'Epic Defense')} add to Defense through Active Effects.`,
      ) + source('GnG v4.0, Attack Roll; Defense'),
  },
  {
    key: 'relative-degree',
    name: 'Relative Degree and critical rolls',
    html:
      p(
        '<strong>Relative Degree (RD)</strong> = attack total − Defense total. On a hit it is added to the damage: <em>weapon damage + RD − Protection</em>. A tie hits with RD 0.',
        'There are no critical hits. A natural 20 on an attack roll adds 1d10 (1–8: add it; 9: add 9 and roll again; 10: add nothing); a natural 1 subtracts the same way. The chain belongs to attack rolls (Block is one), not to Defense rolls.',
        'Melee attack bonus = base attack + Strength + size; ranged = base attack + Dexterity + size + range penalty. Damage adds Strength as in the core rules (½ off hand, 1½ two-handed, bow rules); a hit that deals less than 1 does nothing, and special effects (stun, poison…) need at least 1 HP of damage.',
      ) + source('GnG v4.0, Attack Roll; Damage; Relative Degree'),
  },
  {
    key: 'protection',
    name: 'Protection',
    html:
      p(
        '<strong>Protection</strong> = armor bonus + natural armor bonus (+ their enhancement, sacred/profane modifiers, circumstance ±2, and the monk’s AC bonus). It is subtracted from the damage of every hit and every damaging effect, area attacks included, never below 0. Damage reduction and energy resistance apply after it; poison, disease, falling and environmental damage ignore it.',
        'Armor does not make you harder to hit: it only absorbs damage. Deflection, dodge, haste, insight and luck help Defense, not Protection.',
        `<strong>Armor piercing</strong> attacks halve the armor and natural armor parts; <strong>armor ignoring</strong> attacks skip them. Weapon items hold this as their <em>Protection bypass</em> (see ${ability('armor-piercing', 'Armor Piercing')}, ${ability('armor-ignoring', 'Armor Ignoring')}, ${uuidLink('spells-powers', 'Item', spellId('spell-armor-piercing-weapon'), 'armor piercing weapon')}). Armor ${ability('fortification-light', 'fortification')} (light, moderate, heavy) blunts both and stops penetration called shots.`,
      ) + source('GnG v4.0, Protection; Appendix 6'),
  },
  {
    key: 'hit-points',
    name: 'Hit points and size',
    html:
      p(
        '<strong>Maximum HP</strong> = (current Constitution + class HP bonus + 3 per Toughness feat + other modifiers) × size multiplier. Multipliers: Fine ×1/16, Diminutive ×1/8, Tiny ×1/4, Small ×1/2, Medium ×1, Large ×2, Huge ×4, Gargantuan ×8, Colossal ×16 (below Medium the result rounds down, never under 1). A creature without Constitution uses 20. Temporary HP are a separate pool, never multiplied.',
        `The class HP bonus follows the class item’s HP progression (good, average, poor; beyond 20th level +1 at each even level). ${feat('toughness', 'Toughness')} needs no effect: the sheet counts it.`,
        'HP change with Constitution. Natural healing returns (1 + Con modifier) × size multiplier HP a week (at least 1; double with full bed rest) and 1 point of each damaged ability a day (2 with bed rest).',
      ) + source('GnG v4.0, Hit Points; Healing; Temporary Hit Points'),
  },
  {
    key: 'injury',
    name: 'Injury, trauma, dying',
    html:
      p(
        '<strong>Trauma:</strong> losing half or more of your current HP to one attack leaves you only a partial action on your next turn (nonlethal damage never causes trauma).',
        '<strong>Injury:</strong> at 75% of maximum HP or less, Light injury (−2); at 50%, Moderate (−4); at 25%, Severe (−6) on attack and Defense rolls, saves, skill and ability checks. Only the worst grade counts. Creatures immune to critical hits or without discernible anatomy (constructs, oozes, undead…) suffer no injury.',
        `<strong>Disabled, dying, dead:</strong> as the core rules, except that there is no death from massive damage, the death threshold is −10 for Small and larger, −8 Tiny, −4 Diminutive, −2 Fine, and a dying creature stabilizes with a chance equal to its Constitution in percent. See ${conditionLink('dying', 'Dying')} and ${conditionLink('dead', 'Dead')}.`,
      ) + source('GnG v4.0, Effects of Damage'),
  },
  {
    key: 'aborts',
    name: 'Abort actions',
    html:
      p(
        'Abort actions are taken out of turn to defend. The first one in a round costs the move action of your next turn, the second its attack action; feats give free ones. None is possible while flat-footed, stunned, held, entangled or otherwise without your Dexterity bonus (unless an ability such as Uncanny Dodge keeps it), nor against an attack you cannot perceive. Each may be tried once per attack.',
      ) +
      ul(
        `<strong>Block</strong> (melee, not touch attacks or flankers): opposed attack rolls, +4 per size step for the bigger weapon and for the bigger combatant; a shield adds its bonus and enhancement, a small or larger shield may block thrown weapons, bolts and arrows, a tower shield any ranged attack. A tie blocks. Feats: ${feat('improved-block', 'Improved Block')}, ${feat('advanced-block', 'Advanced Block')}, ${feat('infinite-block', 'Infinite Block')}, ${feat('block-projectile', 'Block Projectile')}, ${feat('epic-block-projectile', 'Epic Block Projectile')}, ${feat('breaking-block', 'Breaking Block')}, ${feat('riposte', 'Riposte')}.`,
        `<strong>Roll with the Blow</strong> (melee hits, not touch or flankers; also after a failed Block): Tumble against the attack roll; each point you win by turns 1 point of lethal damage (after RD and Protection) into nonlethal. Feats: ${feat('improved-roll-with-blow', 'Improved')}, ${feat('advanced-roll-with-blow', 'Advanced Roll with Blow')}.`,
        `<strong>Dive for Cover</strong> (area attacks that allow a Reflex save, even after a failed save): Jump against the save DC (−10 without cover); each point you beat it by turns 1 point of lethal damage into nonlethal. Feats: ${feat('improved-dive-for-cover', 'Improved')}, ${feat('advanced-dive-for-cover', 'Advanced Dive for Cover')}.`,
        `<strong>Maintain Footing</strong> (bull rush, trip, throw and similar; not flankers): Balance against the attack roll, +4 per size step for the bigger; you must roll higher to stay standing and in place. Feats: ${feat('improved-maintain-footing', 'Improved')}, ${feat('advanced-maintain-footing', 'Advanced Maintain Footing')}.`,
      ) +
      source('GnG v4.0, Actions in Combat; Abort Actions; Appendix 4'),
  },
  {
    key: 'called-shots',
    name: 'Called shots',
    html:
      p(
        `Called shots pick effects, not body parts: declare them before rolling, add up their penalties, and provoke an attack of opportunity (none as an attack of opportunity, none against a concealed target). ${calledShotLink('penetration', 'Penetration')} halves Protection on a failed Reflex save (10 + RD); every other effect needs at least 1 HP of damage and a failed Fortitude save (10 + damage). The effects and their pages: ${[
          ['blindness', 'Blindness'],
          ['daze', 'Daze'],
          ['deafness', 'Deafness'],
          ['disabled-arm', 'Disabled Arm'],
          ['disabled-ear', 'Ear'],
          ['disabled-eye', 'Eye'],
          ['disabled-head', 'Head'],
          ['disabled-leg', 'Leg'],
          ['severe-bleeding', 'Severe Bleeding'],
          ['silent-kill', 'Silent Kill'],
          ['stab-and-grab', 'Stab and Grab'],
          ['stun', 'Stun'],
          ['vital-strike', 'Vital Strike'],
        ]
          .map(([id, label]) => calledShotLink(id as string, label as string))
          .join(', ')}.`,
        `${feat('improved-called-shot', 'Improved Called Shot')} reduces each penalty by 1, the ${ability('precise', 'Precise')} weapon ability halves the total (the better applies), ${feat('advanced-called-shot', 'Advanced Called Shot')} and sneak attacks avoid the attack of opportunity. Disabled body parts heal as the called-shot journal explains.`,
      ) + source('GnG v4.0, Called Shots'),
  },
  {
    key: 'grappling',
    name: 'Grappling',
    html:
      p(
        'Grapple checks are the core rules’ (base attack + Strength + grapple size modifier), but the RD of the opposed grapple check is added to grappling damage, and ties go to the one acting.',
        `With ${feat('improved-grapple', 'Improved Grapple')} (+4 on grapple checks, no attack of opportunity to start) you may grapple with any weapon you are proficient with: +2 one-handed, +4 two-handed, +2 more if edged or piercing, nothing for tiny weapons; damage is the weapon’s or your unarmed damage, whichever is higher.`,
        `${feat('advanced-grapple', 'Advanced Grapple')} adds Choke, Lock and Throw (each −4 on the check, in place of an attack). A lock leaves the foe ${conditionLink('locked', 'Locked')}. ${feat('unbalance-opponent', 'Unbalance Opponent')} denies a foe his Strength bonus on grapple checks against you.`,
      ) + source('GnG v4.0, Grappling; Relative Degree'),
  },
  {
    key: 'special-attacks',
    name: 'Special attacks',
    html:
      ul(
        `<strong>Accelerated pair</strong> (double tap): two shots, one attack roll at −4 (${feat('improved-accelerated-pair', 'Improved Accelerated Pair')} removes it); the second shot also hits with RD 5 or more (less against bigger targets), and only the first gets RD and other damage bonuses. Within point-blank range both hit.`,
        '<strong>Automatic fire</strong>: single-target bursts of 2d6 shots whose hits grow with RD, controlled bursts, and bursts spread over several targets, each target making its own Defense roll.',
        '<strong>Continuous beam</strong>: +4 to attack (instead of the energy weapon +2); the damage of every shot that hits a target is added up before Protection is subtracted once.',
        '<strong>Multiple barrels</strong>: one attack roll for every barrel; Protection applies to each barrel separately.',
        '<strong>Scattershot</strong>: shotgun blasts whose damage and area change with the range increment (five at most).',
        `<strong>Suppressing fire</strong>: a full-round action spraying 1d10 + 10 shots into an aisle or a 20-ft. square; whoever acts in it saves or is shot at (free attack at −8) or ${conditionLink('suppressed', 'suppressed')}.`,
        'Sneak attack dice become an attack bonus (5d6 → +6) and work against creatures immune to critical hits; a touch attack ignores the defender’s shield bonus to Defense.',
      ) +
      p(
        'The attack card counts the sneak attack dice (class levels and the sheet) when its one target is denied its Dexterity bonus or flanked, the attack dialog applies touch attacks; the GM resolves the other special attacks with these rules.',
      ) +
      source('GnG v4.0, Special Attacks; Additional Combat Rules'),
  },
  {
    key: 'variants',
    name: 'Variant rules',
    html:
      ul(
        '<strong>Advanced Wound Trauma</strong> (Appendix 1): every HP loss calls for a Fortitude save against 10 + damage (damage scaled down for creatures larger than Medium); fail: dazed 1 round, by 5: stunned 1 round, by 10: stunned 2d6 rounds.',
        '<strong>Strength Bonus Limitation</strong>: Strength adds to the melee attack roll only, not to damage.',
        `<strong>Wounds Normally Cause Bleeding</strong>: a hit dealing enough damage for the target’s size (Medium: 4 slashing, 6 other) starts ${conditionLink('severe-bleeding', 'severe bleeding')}.`,
        '<strong>High magic</strong> (Appendix 2): the Really Grim option (spells unchanged), Limited Scaling (at most spell level + 1 dice), Slow Scaling (dice per two levels), Reduce Damage Dice (one die size lower), and Odds = 1 (odd dice count as 1). Spells without an attack roll cannot make called shots.',
      ) +
      p(
        `Appendix 5 and 6 content is in the ${uuidLink('spells-powers', 'Item', spellId('spell-armor-ignoring-weapon'), 'spells and powers')} and ${uuidLink('magic-items', 'Item', magicItemId('weapon-gripsoul'), 'magic items')} compendiums; the conditions are in the ${conditionLink('blinded', 'conditions journal')}.`,
      ) +
      source('GnG v4.0, Appendix 1: Variant Rules; Appendix 2: High Magic'),
  },
  {
    key: 'playing',
    name: 'Playing an exchange, and the settings',
    html:
      p(
        'Attack from a weapon on the sheet (Shift-click skips the attack dialog), from a weapon macro dragged to the hotbar, or from a script macro with <code>game.gng.attack(actor, weapon)</code>. Target the defenders first; with no target, the card asks the GM for a Defense. Each defender’s owner rolls Defense on the card; on a hit the attacker rolls damage, and the card shows every step (Relative Degree, Protection, damage reduction, energy resistance). <strong>Apply</strong> changes the target’s hit points through the GM, once; <strong>Undo</strong> restores them exactly.',
        'The GM finds the system’s settings under <em>Game Settings → Configure Settings → Grim-n-Gritty</em>:',
      ) +
      ul(
        '<strong>Roll NPC Defense automatically</strong>: the GM’s client rolls the Defense of targeted creatures no player owns as soon as an attack card appears.',
        '<strong>Roll damage automatically</strong>: damage is rolled as soon as a Defense roll shows a hit.',
      ) +
      source('This system'),
  },
];

/** The rules summary journal (one file in the rules pack). */
export function rulesDocs(): { file: string; doc: Doc }[] {
  const pages = PAGES.map((page, i) =>
    textPage(RULES_ENTRY_ID, pageId(page.key), page.name, page.html, (i + 1) * 1000),
  );
  return [{ file: 'gng-rules-summary', doc: journalDoc(RULES_ENTRY_ID, 'GnG Rules Summary', pages) }];
}

/** Exposed for tests and other generators. */
export const JOURNAL_IDS = { RULES_ENTRY_ID, CONDITIONS_ENTRY_ID, CALLED_SHOTS_ENTRY_ID };
