/**
 * The `conditions` pack: one journal with a page per status of `GNG_STATUSES` (the token HUD's
 * conditions; each status's `reference` opens its page) and one journal with a page per called-shot
 * effect of `CALLED_SHOT_EFFECTS`. Our own words; the numbers are GnG's ("CONDITIONS", "CALLED
 * SHOTS", GRAPPLING › Locked; core rules for the conditions GnG does not redefine).
 */
import { CALLED_SHOT_EFFECTS } from '../../src/rules/called-shots.js';
import { GNG_STATUSES } from '../../src/config/status-effects.js';
import { type Doc, journalDoc, p, pageLink, source, stableId, textPage, uuidLink } from './common.js';
import { featId } from './feats.js';

export const CONDITIONS_ENTRY_ID = stableId('conditions:entry');
export const CALLED_SHOTS_ENTRY_ID = stableId('conditions:called-shots');
export const conditionPageId = (status: string): string => stableId(`conditions:page:${status}`);
export const calledShotPageId = (effect: string): string => stableId(`conditions:called-shot:${effect}`);

/** Link to a condition page (for other journals). */
export const conditionLink = (status: string, label: string): string =>
  pageLink('conditions', CONDITIONS_ENTRY_ID, conditionPageId(status), label);
export const calledShotLink = (effect: string, label: string): string =>
  pageLink('conditions', CALLED_SHOTS_ENTRY_ID, calledShotPageId(effect), label);

const AUTO = (text: string) => `<p><strong>Automated:</strong> ${text}</p>`;
const BY_HAND = (text: string) => `<p><strong>By hand:</strong> ${text}</p>`;
const DEX_LOSS = 'loses the Dexterity, class and dodge bonuses to Defense (a Dexterity penalty still counts)';

interface ConditionSpec {
  name: string;
  text: string;
  auto: string;
  hand?: string;
  where: string;
}

/** One entry per status id of `GNG_STATUSES`. */
const CONDITIONS: Record<string, ConditionSpec> = {
  blinded: {
    name: 'Blinded',
    text: p(
      `The character cannot see: −2 to Defense, ${DEX_LOSS}, half speed, −4 on Search and on most Strength- and Dexterity-based skills. Anything that needs sight fails, and every opponent has total concealment against him.`,
    ),
    auto: 'Defense −2 and the lost bonuses; −4 on Search and every Strength- or Dexterity-based skill.',
    hand: 'speed, sight-based checks, concealment.',
    where: 'GnG Conditions',
  },
  cowering: {
    name: 'Cowering',
    text: p(`Frozen by fear: −2 to Defense and ${DEX_LOSS}.`),
    auto: 'Defense −2 and the lost bonuses; no abort actions.',
    where: 'GnG Conditions',
  },
  dazed: {
    name: 'Dazed',
    text: p('The creature can take no actions, but its Defense is not reduced. It usually lasts 1 round.'),
    auto: 'No abort actions while dazed.',
    hand: 'skipping the creature’s actions and ending the condition.',
    where: 'GnG Conditions',
  },
  dazzled: {
    name: 'Dazzled',
    text: p('−1 on attack rolls, Defense rolls, Search and Spot checks.'),
    auto: 'all four penalties.',
    where: 'GnG Conditions',
  },
  'energy-drained': {
    name: 'Energy drained',
    text: p(
      'Each negative level gives −1 on attack rolls, Defense rolls, saving throws, skill checks and ability checks, and −1 effective level for spells and abilities. Negative levels never lower Protection.',
    ),
    auto: 'the penalties, once per negative level of the actor (at least one while the status is on).',
    hand: 'the effective level of spells and abilities.',
    where: 'GnG Conditions',
  },
  entangled: {
    name: 'Entangled',
    text: p(
      'Caught in a net, web or similar (core rules): −2 on attack rolls and −4 to Dexterity; the character moves at half speed, cannot run or charge, and may need a Concentration check to cast. GnG adds that an entangled character cannot take abort actions.',
    ),
    auto: '−4 Dexterity (and so Defense and Reflex), −2 on attacks; no abort actions; a Bull Rush with the charge bonus is refused.',
    hand: 'movement and spellcasting.',
    where: 'core rules; GnG Abort Actions, Table: Attack Roll Modifiers',
  },
  exhausted: {
    name: 'Exhausted',
    text: p(
      'Worn down far past tiredness (core rules): Strength and Dexterity count as 6 points lower for as long as the condition lasts, the character moves at half speed and can neither run nor charge. An hour of complete rest turns exhaustion into fatigue. GnG’s Severe Bleeding makes a fatigued victim exhausted on the next failed save; the one after that is death.',
    ),
    auto: 'the effective −6 to Strength and Dexterity, and so everything they feed (attacks, damage, Defense, Reflex, initiative, skills, grapple, carrying capacity); it replaces fatigued (the two never add up); Severe Bleeding sets it; a Bull Rush with the charge bonus is refused.',
    hand: 'half speed, running, and the hour of rest.',
    where: 'core rules (condition summary); GnG Called Shots › Severe Bleeding',
  },
  fatigued: {
    name: 'Fatigued',
    text: p(
      'Tired out (core rules): Strength and Dexterity count as 2 points lower for as long as the condition lasts, and the character can neither run nor charge. Anything more that would tire him makes him exhausted; eight hours of complete rest end it. GnG’s Severe Bleeding makes its victim fatigued on the first failed save.',
    ),
    auto: 'the effective −2 to Strength and Dexterity, and so everything they feed (attacks, damage, Defense, Reflex, initiative, skills, grapple, carrying capacity); Severe Bleeding sets it; a Bull Rush with the charge bonus is refused.',
    hand: 'running, what else tires the character, and the rest.',
    where: 'core rules (condition summary); GnG Called Shots › Severe Bleeding',
  },
  'flat-footed': {
    name: 'Flat-footed',
    text: p(
      `A character who has not acted yet in a fight ${DEX_LOSS} and cannot make attacks of opportunity.`,
    ),
    auto: 'the lost bonuses; no abort actions, except for a character with Uncanny Dodge.',
    hand: 'attacks of opportunity; the Defense bonuses that Uncanny Dodge keeps.',
    where: 'GnG Conditions',
  },
  frightened: {
    name: 'Frightened',
    text: p(
      'The creature flees from what frightens it as well as it can, fighting only when cornered, and may use special abilities to flee. −2 on attack rolls, Defense rolls, saves, skill and ability checks.',
    ),
    auto: 'the −2 penalties (not added to those of shaken or panicked: only the worst fear counts).',
    hand: 'fleeing.',
    where: 'GnG Conditions',
  },
  grappling: {
    name: 'Grappling',
    text: p(
      `Locked in a hand-to-hand struggle: only a few actions are possible, the character threatens no squares, and against opponents outside the grapple he ${DEX_LOSS}.`,
    ),
    auto: 'the lost bonuses (the grapple rules also give the grapple check bonus; abort actions only against the opponent grappled).',
    hand: 'which opponents are in the grapple.',
    where: 'GnG Conditions, Grappling',
  },
  helpless: {
    name: 'Helpless',
    text: p(
      'Paralyzed, held, bound, asleep, unconscious or otherwise at a foe’s mercy. The character counts as Dexterity 0 (−5), always rolls a 1 for Defense and loses every Dexterity, dodge, class and similar bonus. Melee attacks against him get +4 (as against a prone target), ranged attacks nothing special; he can be sneak attacked and, as a full-round action, killed with a coup de grace (with a ranged weapon only from an adjacent square).',
    ),
    auto: 'automatic 1 on the Defense roll, the lost bonuses, +4 for melee attackers.',
    hand: 'coup de grace.',
    where: 'GnG Conditions, Helpless Defenders',
  },
  invisible: {
    name: 'Invisible',
    text: p(
      'An invisible creature gets +2 on attacks against foes who can see, and ignores their Dexterity, class and dodge bonuses to Defense.',
    ),
    auto: '+2 on the invisible creature’s attacks.',
    hand: 'the Dexterity, class and dodge bonuses the target loses against the invisible attacker.',
    where: 'GnG Conditions',
  },
  locked: {
    name: 'Locked',
    text: p(
      'Held in a lock (Advanced Grapple) for 1 round: immobile but not helpless, −4 to Defense against everyone (the one locking you too), an automatic 1 on the Defense roll and no Dexterity, dodge, class or similar bonuses. You can still speak. To break free, win an opposed grapple check in place of an attack (or an Escape Artist check as a standard action); you are then still grappling.',
    ),
    auto: 'automatic 1, the lost bonuses, −4 against melee attacks (+0 against ranged attacks, as the Defense Roll Modifiers table gives); no abort actions.',
    where: 'GnG Grappling › Locked',
  },
  panicked: {
    name: 'Panicked',
    text: p(
      'The creature drops what it holds and flees at top speed along a random path, away from the source of its fear and any other danger, and can do nothing else (special abilities to flee excepted). −2 on Defense rolls, saves, skill and ability checks. Cornered, it cowers and does not attack, usually taking total defense.',
    ),
    auto: 'the −2 penalties (the worst fear only); no abort actions.',
    hand: 'fleeing and dropping items.',
    where: 'GnG Conditions',
  },
  pinned: {
    name: 'Pinned',
    text: p(
      'Held immobile in a grapple (core rules): the only action left is trying to escape. Like a locked character, a pinned one rolls an automatic 1 for Defense and loses the Dexterity, class and dodge bonuses, with −4 against melee attacks.',
    ),
    auto: 'automatic 1, the lost bonuses, −4 against melee attacks; no abort actions.',
    where: 'core rules; GnG Table: Defense Roll Modifiers',
  },
  prone: {
    name: 'Prone',
    text: p(
      'Lying on the ground. A prone attacker takes −4 on melee attacks and cannot use some ranged weapons (bows, thrown spears and the like). A prone defender gets +4 to Defense against ranged attacks and −4 against melee attacks.',
    ),
    auto: 'the attack and Defense modifiers (suppressed characters are prone too).',
    hand: 'which weapons cannot be used.',
    where: 'GnG Conditions',
  },
  shaken: {
    name: 'Shaken',
    text: p('−2 on attack rolls, Defense rolls, saving throws, skill checks and ability checks.'),
    auto: 'the −2 penalties (the worst fear only).',
    where: 'GnG Conditions',
  },
  sickened: {
    name: 'Sickened',
    text: p(
      '−2 on attack rolls, Defense rolls, weapon damage rolls, saving throws, skill checks and ability checks.',
    ),
    auto: 'all the −2 penalties, weapon damage included.',
    where: 'GnG Conditions',
  },
  stunned: {
    name: 'Stunned',
    text: p(`The creature drops everything it holds, cannot act, takes −2 to Defense and ${DEX_LOSS}.`),
    auto: 'Defense −2 and the lost bonuses; no abort actions.',
    hand: 'dropping items, skipping actions.',
    where: 'GnG Conditions',
  },
  suppressed: {
    name: 'Suppressed',
    text: p(
      'Pinned down by suppressing fire: the character drops prone (unless behind improved cover) and cannot act for 1 round.',
    ),
    auto: 'counts as prone; no abort actions.',
    hand: 'improved cover and the end of the round.',
    where: 'GnG Conditions, Suppressing Fire',
  },
  'disabled-arm': {
    name: 'Disabled arm',
    text: p(
      'From a called shot: −2 on attack rolls, Strength checks and skills that need the arm (Climb, Craft, Disable Device, Escape Artist, Forgery, Alchemy, Heal, Open Lock, Pick Pocket, Swim, Use Rope). The arm drops what it holds; with every arm disabled nothing can be handled. Several disabled arms do not add up, but they do add to other disabled body parts.',
    ),
    auto: 'the −2 on attacks and on the listed skills; in combat, the weapons the character holds are unequipped when the arm is disabled.',
    hand: 'Strength checks; dropping items out of combat.',
    where: 'GnG Called Shots › Disabled Arm',
  },
  'disabled-ear': {
    name: 'Disabled ear',
    text: p(
      'From a called shot that hurts hearing and balance: −2 on initiative, Defense rolls, Reflex saves and skills that rely on hearing or balance (Balance, Bluff, Climb, Diplomacy, Intimidate, Listen, Perform, Tumble). With every ear disabled the victim is deafened. Several disabled ears do not add up.',
    ),
    auto: 'all the −2 penalties, initiative included.',
    hand: 'deafness.',
    where: 'GnG Called Shots › Disabled Ear',
  },
  'disabled-eye': {
    name: 'Disabled eye',
    text: p(
      'From a called shot: −2 on Dexterity checks, attack rolls, Defense rolls, Reflex saves and sight-based skills (Appraise, Craft, Decipher Script, Disable Device, Forgery, Search, Sense Motive, Spot, Survival for tracking). With every eye disabled the victim is blinded. Several disabled eyes do not add up.',
    ),
    auto: 'the −2 on attacks, Defense, Reflex and the listed skills.',
    hand: 'blindness; Dexterity checks.',
    where: 'GnG Called Shots › Disabled Eye',
  },
  'disabled-head': {
    name: 'Disabled head',
    text: p(
      'A concussion or worse from a called shot: −2 on every roll except damage. Several disabled heads do not add up.',
    ),
    auto: '−2 on attacks, Defense, saves, skills and initiative.',
    where: 'GnG Called Shots › Disabled Head',
  },
  'disabled-leg': {
    name: 'Disabled leg',
    text: p(
      'From a called shot: −2 on Defense rolls, Reflex saves, Dexterity checks and leg-based skills (Climb, Swim, Jump, Ride, Tumble, Balance, Move Silently); no running or charging. With every leg disabled the victim can only crawl and loses his Dexterity bonus to Defense. Several disabled legs do not add up.',
    ),
    auto: 'the −2 on Defense, Reflex and the listed skills; a Bull Rush with the charge bonus is refused.',
    hand: 'movement and running; with every leg disabled, the lost Dexterity bonus to Defense.',
    where: 'GnG Called Shots › Disabled Leg',
  },
  'severe-bleeding': {
    name: 'Severe bleeding',
    text: p(
      'A major artery is open. One round after the wound, and every round after it, the victim makes a Fortitude save: DC 12, +2 each round he succeeds. A failure makes him fatigued and the DC starts again at 20; the next failure makes him exhausted and the DC starts again at 20; the one after that kills him. Binding the wound stops the saves (fatigue and exhaustion heal normally). Creatures without a circulatory system are immune.',
    ),
    auto: 'in combat a card asks for the save at the victim’s turn each round with the right DC; a failure sets fatigued, then exhausted, then dead; the GM can undo a save; “Bind wounds” on the sheet stops it.',
    hand: 'out of combat, when to save.',
    where: 'GnG Called Shots › Severe Bleeding',
  },
  'injury-light': {
    name: 'Light injury',
    text: p(
      'Current HP at 75% of maximum or less: −2 on attack rolls, Defense rolls, ability checks, skill checks and saving throws. Injury grades do not add up: only the worst counts. Creatures immune to critical hits or without discernible anatomy are never injured.',
    ),
    auto: 'the grade and its penalty are derived from HP; the marker is set on the token by the system and is only a display (the penalty never counts twice).',
    where: 'GnG Effects of Damage › Injury',
  },
  'injury-moderate': {
    name: 'Moderate injury',
    text: p(
      'Current HP at 50% of maximum or less: −4 on attack rolls, Defense rolls, ability checks, skill checks and saving throws (instead of the −2 of a light injury).',
    ),
    auto: 'derived from HP, as for light injury; the marker is only a display.',
    where: 'GnG Effects of Damage › Injury',
  },
  'injury-severe': {
    name: 'Severe injury',
    text: p(
      'Current HP at 25% of maximum or less: −6 on attack rolls, Defense rolls, ability checks, skill checks and saving throws (instead of the lighter grades).',
    ),
    auto: 'derived from HP, as for light injury; the marker is only a display.',
    where: 'GnG Effects of Damage › Injury',
  },
  unconscious: {
    name: 'Unconscious',
    text: p(
      'Knocked out or asleep: helpless in every respect (automatic 1 on the Defense roll, no Dexterity, class or dodge bonus, +4 for melee attackers).',
    ),
    auto: 'everything helpless does.',
    where: 'GnG Conditions › Helpless; core rules',
  },
  dying: {
    name: 'Dying',
    text: p(
      'Below 0 HP but above the death threshold of the creature’s size (−10 for Small and larger, −8 Tiny, −4 Diminutive, −2 Fine). The character is unconscious and loses HP as in the core rules; each round the chance to stabilize is his Constitution score in percent (not a flat 10%). There is no instant death from massive damage.',
    ),
    auto: 'counts as unconscious (and so helpless); applied damage makes the creature dying or dead by the thresholds of its size; in combat a card rolls the stabilization d% at each of its turn starts and takes the HP a failed roll costs.',
    hand: 'the rounds out of combat: a GM plays each with game.gng.dyingRound(actor).',
    where: 'GnG Disabled, Dying, and Dead',
  },
  stable: {
    name: 'Stable',
    text: p(
      'Below 0 HP but no longer losing hit points: the character stabilized on his own (d% equal to or less than his Constitution score) or someone stabilized him with a DC 15 Heal check. He regains no hit points by it and stays unconscious. Damage that leaves him below 0 HP makes him dying again.',
    ),
    auto: 'counts as unconscious (and so helpless); the dying round at the creature’s turn start sets it in place of dying, as does a successful Heal check from the stabilize card.',
    hand: 'waking up and the slow recovery of a stable character.',
    where: 'GnG Disabled, Dying, and Dead; core rules (Stable Characters and Recovery)',
  },
  'fighting-defensively': {
    name: 'Fighting Defensively',
    text: p(
      'The character fights defensively this round: a −4 penalty on all attacks in the round and a +2 dodge bonus to Defense (core rules, Fighting Defensively).',
    ),
    auto: 'chosen in the attack dialog; −4 on every attack while it lasts, +2 dodge bonus in every Defense roll (lost with the Dexterity bonus) until the start of the character’s next turn in combat, when it expires.',
    hand: 'out of combat it stays until removed.',
    where: 'Defense Roll Modifiers (“See Concealment”, dodge bonuses); core rules (Fighting Defensively)',
  },
  'total-defense': {
    name: 'Total Defense',
    text: p(
      'The character defends himself as a standard action: he does not attack this round but gets a +4 dodge bonus to Defense for 1 round (core rules, Total Defense).',
    ),
    auto: 'taken from the sheet; attacks are refused while it lasts, +4 dodge bonus in every Defense roll until the start of the character’s next turn in combat, when it expires; with Defensive Strike, an opponent whose melee attack misses gives +4 on the next attack against him.',
    hand: 'out of combat it stays until removed.',
    where: 'Appendix 4 (Defensive Strike); core rules (Total Defense)',
  },
  dead: {
    name: 'Dead',
    text: p(
      'At or below the death threshold of the creature’s size (−10 for Small and larger, −8 Tiny, −4 Diminutive, −2 Fine).',
    ),
    auto: 'counts as unconscious for any roll still made against the body.',
    where: 'GnG Disabled, Dying, and Dead',
  },
};

interface CalledShotSpec {
  name: string;
  penalty: string;
  text: string;
  immune?: string;
  status?: string;
}

/** One entry per effect of `CALLED_SHOT_EFFECTS`. */
const CALLED_SHOTS: Record<string, CalledShotSpec> = {
  penetration: {
    name: 'Penetration',
    penalty:
      '−4 against light armor, −6 medium, −8 heavy or natural armor (mixed: the highest); impossible against force armor or fortified armor.',
    text: 'On a hit the target makes a Reflex save against 10 + the Relative Degree; if it fails, only half of its Protection (rounded down) counts against this attack. It does not reduce damage reduction or energy resistance.',
  },
  blindness: {
    name: 'Blindness',
    penalty: '−4',
    text: 'Blinded for 1d4+1 rounds.',
    immune: 'no nervous system',
    status: 'blinded',
  },
  daze: {
    name: 'Daze',
    penalty: '−2',
    text: 'Dazed for 1 round.',
    immune: 'no nervous system',
    status: 'dazed',
  },
  deafness: {
    name: 'Deafness',
    penalty: '−4',
    text: 'Deafened for 1d4+1 rounds.',
    immune: 'no nervous system',
  },
  'disabled-arm': {
    name: 'Disabled Arm',
    penalty: '−4',
    text: 'One arm is disabled until it recovers.',
    status: 'disabled-arm',
  },
  'disabled-ear': {
    name: 'Disabled Ear',
    penalty: '−6',
    text: 'One ear is disabled until it recovers.',
    status: 'disabled-ear',
  },
  'disabled-eye': {
    name: 'Disabled Eye',
    penalty: '−6',
    text: 'One eye is disabled until it recovers.',
    status: 'disabled-eye',
  },
  'disabled-head': {
    name: 'Disabled Head',
    penalty: '−8',
    text: 'The head is disabled until it recovers.',
    immune: 'no nervous system, no brain or similar organ of thought',
    status: 'disabled-head',
  },
  'disabled-leg': {
    name: 'Disabled Leg',
    penalty: '−4',
    text: 'One leg is disabled until it recovers.',
    status: 'disabled-leg',
  },
  'severe-bleeding': {
    name: 'Severe Bleeding',
    penalty: '−8',
    text: 'An artery is opened: the victim starts the severe-bleeding saves.',
    immune: 'no circulatory system',
    status: 'severe-bleeding',
  },
  'silent-kill': {
    name: 'Silent Kill',
    penalty: '−4',
    text: 'If the attack leaves the target disabled, unconscious or dead, it cannot make a sound louder than a faint gasp.',
    immune: 'no nervous system or no sense of pain',
  },
  'stab-and-grab': {
    name: 'Stab and Grab',
    penalty: '−4',
    text: 'Needs Improved Grapple, a one-handed slashing or piercing melee weapon (single-edged if it slashes) and a free hand. The blade goes through the target and you seize it: make a grapple check at +4 to start a grapple and deal damage. While the weapon stays lodged you get +4 on grapple checks against that foe. Pulling it out takes an opposed grapple check (either side may try) and deals the weapon’s dice only, ignoring Protection; barbed weapons roll double dice.',
  },
  stun: {
    name: 'Stun',
    penalty: '−4',
    text: 'Stunned for 1 round.',
    immune: 'no nervous system or no sense of pain',
    status: 'stunned',
  },
  'vital-strike': {
    name: 'Vital Strike',
    penalty: '−8',
    text: 'All the damage of the attack is doubled after Protection, damage reduction, energy resistance and the like.',
    immune: 'no discernible anatomy (oozes, undead and the like)',
  },
};

function conditionPage(status: string, sort: number): Doc {
  const spec = CONDITIONS[status];
  if (!spec) throw new Error(`no conditions page text for status ${status}`);
  const html =
    spec.text + AUTO(spec.auto) + (spec.hand ? BY_HAND(spec.hand) : '') + source(`GnG v4.0, ${spec.where}`);
  return textPage(CONDITIONS_ENTRY_ID, conditionPageId(status), spec.name, html, sort, { gng: { status } });
}

const PROCEDURE = p(
  'Declare the called shot and choose its effects before rolling; each effect adds its attack penalty. Starting a called shot provokes an attack of opportunity from the target; it cannot be made as an attack of opportunity, nor against a target with any concealment. A spell without an attack roll cannot make called shots.',
  'A <strong>Penetration</strong> effect works on any hit (Reflex save against 10 + Relative Degree). A <strong>condition</strong> effect (every other one) needs a hit that deals at least 1 HP after Protection, damage reduction and energy resistance; the target then makes one Fortitude save against 10 + the damage dealt, and on a failure suffers every condition effect of the shot.',
);

function calledShotPage(effect: string, sort: number): Doc {
  const spec = CALLED_SHOTS[effect];
  if (!spec) throw new Error(`no called-shot page text for ${effect}`);
  const feats = `${uuidLink('feats', 'Item', featId('improved-called-shot'), 'Improved Called Shot')} (−1 per effect) and the Precise weapon ability (half the penalty; the better of the two applies) reduce the penalty; ${uuidLink('feats', 'Item', featId('advanced-called-shot'), 'Advanced Called Shot')} removes the attack of opportunity.`;
  const html =
    `<p><strong>Attack penalty:</strong> ${spec.penalty}</p>` +
    p(spec.text) +
    (spec.immune ? `<p><strong>Immune:</strong> creatures with ${spec.immune}.</p>` : '') +
    (spec.status
      ? `<p><strong>Condition:</strong> ${conditionLink(spec.status, CONDITIONS[spec.status]?.name ?? spec.status)}.</p>`
      : '') +
    AUTO(
      'the attack dialog adds the penalty; the attack card offers the attack of opportunity it provokes and the save to the target’s owner, names the effects the target is immune to, and on a failed save applies the others for their duration (Undo takes them back).',
    ) +
    p(feats) +
    source(`GnG v4.0, Called Shots › ${spec.name === 'Penetration' ? 'Penetration Effects' : spec.name}`);
  return textPage(CALLED_SHOTS_ENTRY_ID, calledShotPageId(effect), spec.name, html, sort, {
    gng: { calledShot: effect },
  });
}

/** The two journals of the conditions pack. */
export function conditionDocs(): { file: string; doc: Doc }[] {
  const statusPages = GNG_STATUSES.map((s, i) => conditionPage(s.id, (i + 1) * 1000));
  const intro = textPage(
    CALLED_SHOTS_ENTRY_ID,
    stableId('conditions:called-shots:procedure'),
    'How a called shot works',
    PROCEDURE +
      p(
        'Disabled body parts heal as GnG “Recovery of Disabled Body Parts” says: 2d4 minutes after a nonlethal hit; after a lethal one, a daily d% roll against Constitution (×2 with bed rest or a healer, ×3 with both), a DC 20 Heal surgery, regeneration, or magical healing (d20 ≤ HP it would heal).',
      ) +
      source('GnG v4.0, Called Shots › Procedure, Effects; Recovery of Disabled Body Parts'),
    0,
  );
  const calledPages = [intro, ...CALLED_SHOT_EFFECTS.map((e, i) => calledShotPage(e, (i + 1) * 1000))];
  return [
    {
      file: 'conditions',
      doc: journalDoc(CONDITIONS_ENTRY_ID, 'GnG Conditions', statusPages),
    },
    {
      file: 'called-shot-effects',
      doc: journalDoc(CALLED_SHOTS_ENTRY_ID, 'GnG Called Shot Effects', calledPages),
    },
  ];
}
