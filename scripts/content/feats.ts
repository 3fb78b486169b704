/**
 * The `feats` pack: the 62 feats of GnG "APPENDIX 4: NEW AND REVISED FEATS" (category `gng`) and the
 * core feats they name as prerequisites (category `core`). Descriptions are our own summaries; the
 * numbers are the text's. Identifiers are kebab-case names, which are exactly the ids the rules engine
 * reads (`ACTION_FEAT_IDS`, `SPECIAL_STRIKES[*].feat`, `toughness`, `improved-grapple`).
 */
import { readFileSync } from 'node:fs';
import { type ChangeSpec, type Doc, MODE, itemDoc, itemEffect, p, slug, source, stableId } from './common.js';
import { KIND_ICONS } from '../packs/icons.js';

export type FeatKind = 'general' | 'epic' | 'metamagic' | 'metapsionic' | 'psionic';

/** The recorded reasons a feat is not (wholly) automated: keys under `GNG.FeatManual` in lang/en.json. */
export const MANUAL_REASONS = [
  'AttacksOfOpportunity',
  'DailyUses',
  'DeclineOpportunity',
  'DynamicGrip',
  'Feint',
  'FlurryAnyWeapon',
  'FullAttack',
  'Initiative',
  'ManeuverFeat',
  'Movement',
  'PlayerChoice',
  'Proficiency',
  'PsionicFocus',
  'SituationalModifier',
  'WeaponRange',
] as const;
export type ManualReason = (typeof MANUAL_REASONS)[number];

/** The English sentence of a recorded reason (lang/en.json `GNG.FeatManual.<reason>`). */
function manualSentence(reason: ManualReason): string {
  const lang = JSON.parse(readFileSync(new URL('../../lang/en.json', import.meta.url), 'utf8')) as {
    GNG: { FeatManual?: Record<string, string> };
  };
  const sentence = lang.GNG.FeatManual?.[reason];
  if (!sentence) throw new Error(`lang/en.json has no GNG.FeatManual.${reason}`);
  return sentence;
}

export interface FeatSpec {
  name: string;
  kind: FeatKind;
  /** Prerequisites, in our words ("—" for none). */
  prereq: string;
  /** What the feat does, in our words (one or more paragraphs). */
  benefit: string[];
  /** What the system does with it (automation), or what the GM applies by hand. */
  automation: string;
  /**
   * Why (the rest of) the feat is not automated: a key under `GNG.FeatManual` (lang/en.json), stored as
   * `flags.gng.manualReason`; its English sentence ends the "In this system:" paragraph.
   */
  manual?: ManualReason;
  /** Active Effects the engine reads (transferred to the owner). */
  effects?: { name: string; changes: ChangeSpec[]; disabled?: boolean; description?: string }[];
  /** Identifier, when not the kebab-case name. */
  identifier?: string;
  /** Where the feat comes from, when not the default of its category. */
  source?: string;
}

const FREE_ABORTS =
  'The attack card counts its free abort actions each round and uses them before any action of your next turn.';
const STRIKE_NOTE =
  'You need a weapon you are proficient with, or Improved Unarmed Strike to strike unarmed.';
const NERVE_NOTE =
  'Nerve strikes need a weapon you are proficient with (or Improved Unarmed Strike), cannot be made at the end of a charge, and do not work on creatures with no discernible anatomy or two or more sizes larger than you. A helper can undo a nerve strike with a Heal check against its save DC (full-round action, provokes attacks of opportunity).';
const STRIKE_DC = 'DC 10 + half your base attack bonus + your Strength modifier';
const STRIKE_AUTOMATION =
  'Choose the strike under <em>Special attack</em> in the attack dialog: it adds the penalty, or says why the strike cannot be made. Once the damage is applied, the attack card rolls the target’s save (or the opposed check) when its owner asks, and puts the conditions, for their rolled duration, and any ability damage on the target; Undo takes them back.';

/** GnG Appendix 4, in the order of the text. */
export const GNG_FEATS: FeatSpec[] = [
  {
    name: 'Advanced Block',
    kind: 'general',
    prereq: 'Base attack bonus +4, Dex 13, Combat Reflexes, Improved Block.',
    benefit: [
      'Each round you may Block for free as many times as your Dexterity modifier (Dex +3: three free Blocks).',
    ],
    automation: FREE_ABORTS,
  },
  {
    name: 'Advanced Called Shot',
    kind: 'general',
    prereq: 'Base attack bonus +4, Improved Called Shot.',
    benefit: [
      'Your called shots do not provoke an attack of opportunity, as long as you wield a weapon you are proficient with.',
    ],
    automation:
      'The attack card provokes no attack of opportunity for your called shots with a weapon you are proficient with.',
  },
  {
    name: 'Advanced Breaking Strikes',
    kind: 'general',
    prereq:
      'Base attack bonus +8, Str 13, Power Attack, Basic Breaking Strikes, Improved Breaking Strikes, Improved Bull Rush, Improved Sunder.',
    benefit: [
      `Two more breaking strikes. <strong>Break Weapon</strong> (−4 to attack): pick a weapon or shield your foe holds before you roll; the damage hits both the foe and that item (Improved Sunder does not help). <strong>Break Body</strong> (−8 to attack): if it deals at least 1 HP, the target saves (Fortitude, ${STRIKE_DC}) or takes 1 point of temporary Strength and Constitution damage.`,
      STRIKE_NOTE,
    ],
    automation: STRIKE_AUTOMATION,
  },
  {
    name: 'Advanced Dive for Cover',
    kind: 'general',
    prereq: 'Base attack bonus +4, Dex 13, Combat Reflexes, Improved Dive for Cover.',
    benefit: ['Each round you may Dive for Cover for free as many times as your Dexterity modifier.'],
    automation: FREE_ABORTS,
  },
  {
    name: 'Advanced Feint',
    kind: 'general',
    prereq: 'Int 13, Combat Expertise, Improved Feint.',
    benefit: ['Once per round you may feint (a Bluff check) as a free action instead of a standard action.'],
    automation: 'Not automated.',
    manual: 'Feint',
  },
  {
    name: 'Advanced Grapple',
    kind: 'general',
    prereq: 'Dex 13, Int 13, Combat Expertise, Improved Unarmed Strike, Improved Grapple, Improved Trip.',
    benefit: [
      'While grappling you may Choke, Lock or Throw in place of an attack (one per attack of a full attack, at your lower bonuses). Each is an opposed grapple check at −4.',
      `<strong>Choke:</strong> win and deal at least 1 HP, and the foe saves (Fortitude, ${STRIKE_DC}) or is stunned for 1 round, then dazed for 1d4 rounds. Creatures without Constitution or blood flow are immune. <strong>Lock:</strong> win and the foe is locked (held immobile) for 1 round; you act as if grappling, not pinning. <strong>Throw:</strong> win and the foe falls prone and takes your unarmed damage; per 5 points you win by you may throw him 5 ft. away, which ends the grapple (otherwise you choose to keep or end it).`,
    ],
    automation:
      'The grapple card offers Choke, Lock and Throw, with their −4, to a grappler who has this feat; the Locked condition has its own page.',
  },
  {
    name: 'Advanced Maintain Footing',
    kind: 'general',
    prereq: 'Base attack bonus +4, Dex 13, Combat Reflexes, Improved Maintain Footing.',
    benefit: ['Each round you may Maintain Footing for free as many times as your Dexterity modifier.'],
    automation: FREE_ABORTS,
  },
  {
    name: 'Advanced Nerve Strikes',
    kind: 'general',
    prereq: 'Base attack bonus +8, Improved Unarmed Strike, Basic Nerve Strikes, Improved Nerve Strikes.',
    benefit: [
      `Two more nerve strikes, each at −8 to attack; each needs at least 1 HP of damage and a failed Fortitude save (${STRIKE_DC}). <strong>Rip Innards:</strong> 2 points of temporary Constitution damage, and internal bleeding costs 1d4 HP per round for 1d4 rounds. <strong>Rip Body:</strong> nauseated and sickened for 1d4+1 rounds.`,
      NERVE_NOTE,
    ],
    automation: STRIKE_AUTOMATION,
  },
  {
    name: 'Advanced Roll with Blow',
    kind: 'general',
    prereq: 'Base attack bonus +4, Dex 13, Combat Reflexes, Improved Roll with Blow.',
    benefit: ['Each round you may Roll with the Blow for free as many times as your Dexterity modifier.'],
    automation: FREE_ABORTS,
  },
  {
    name: 'Advanced Unarmed Strike',
    kind: 'general',
    prereq: 'Improved Unarmed Strike.',
    benefit: ['Your unarmed strike deals damage one die size larger (1d4 becomes 1d6, and so on).'],
    automation:
      'Your unarmed strikes (weapons whose use is <em>unarmed</em>, and your unarmed damage in a grapple) roll one die size larger on the sheet and the cards: 1d3 becomes 1d4, 1d4 becomes 1d6, 1d6 becomes 1d8, 1d8 becomes 2d6 (the d20 damage-by-size steps).',
  },
  {
    name: 'Armor Ignoring Power',
    kind: 'metapsionic',
    prereq: '—',
    benefit: [
      'The damage of the power ignores all of the target’s Protection. Costs 8 more power points; the total may not exceed your manifester level.',
    ],
    automation:
      'The cast dialog (Magic tab) offers it to a caster with the feat: the card shows the cost (8 more power points), casting spends them (the GM refuses when too few are left; a rest restores them), and the area card’s damage ignores all of the target’s Protection.',
  },
  {
    name: 'Armor Piercing Power',
    kind: 'metapsionic',
    prereq: '—',
    benefit: [
      'Only half of the target’s Protection counts against the damage of the power. Costs 4 more power points; the total may not exceed your manifester level.',
    ],
    automation:
      'The cast dialog (Magic tab) offers it to a caster with the feat: the card shows the cost (4 more power points), casting spends them (the GM refuses when too few are left; a rest restores them), and the area card’s damage meets half of the target’s Protection.',
  },
  {
    name: 'Armor Ignoring Spell',
    kind: 'metamagic',
    prereq: '—',
    benefit: [
      'The damage of the spell ignores all of the target’s Protection. The spell takes a slot four levels higher.',
    ],
    automation:
      'The cast dialog (Magic tab) offers it to a caster with the feat: the card shows the cost (a slot four levels higher), casting spends that slot (the GM refuses when none is left; a rest restores it), and the area card’s damage ignores all of the target’s Protection.',
  },
  {
    name: 'Armor Piercing Spell',
    kind: 'metamagic',
    prereq: '—',
    benefit: [
      'Only half of the target’s Protection counts against the damage of the spell. The spell takes a slot two levels higher.',
    ],
    automation:
      'The cast dialog (Magic tab) offers it to a caster with the feat: the card shows the cost (a slot two levels higher), casting spends that slot (the GM refuses when none is left; a rest restores it), and the area card’s damage meets half of the target’s Protection.',
  },
  {
    name: 'Basic Breaking Strikes',
    kind: 'general',
    prereq: 'Base attack bonus +1, Str 13, Power Attack, Improved Bull Rush.',
    benefit: [
      `Two breaking strikes, each at −4 to attack. <strong>Break Spirit:</strong> if it deals at least 1 HP, the target saves (Will, ${STRIKE_DC}) or is shaken for 1d4 rounds; creatures immune to fear are unaffected. <strong>Break Stance:</strong> on a hit, make an opposed Strength check (+4 per size category for the larger, +2 if you charged, +4 for a target with more than two legs or very stable); win and push the target 5 ft., plus 5 ft. per 5 points you win by, moving with it within your normal movement. It works even without damage, provokes no attack of opportunity, and Improved Bull Rush gives no bonus to it.`,
      STRIKE_NOTE,
    ],
    automation: STRIKE_AUTOMATION,
  },
  {
    name: 'Basic Nerve Strikes',
    kind: 'general',
    prereq: 'Base attack bonus +1, Improved Unarmed Strike.',
    benefit: [
      `Three nerve strikes, each at −4 to attack; each needs at least 1 HP of damage and a failed Fortitude save (${STRIKE_DC}). <strong>Rip Nerves:</strong> sickened for 1d4+1 rounds. <strong>Rip Mind:</strong> stunned for 1 round. <strong>Rip Senses:</strong> blinded or deafened (chosen before the strike) for 1d4+1 rounds.`,
      NERVE_NOTE,
    ],
    automation: STRIKE_AUTOMATION,
  },
  {
    name: 'Block Projectile',
    kind: 'general',
    prereq: 'Base attack bonus +4, Dex 15, Improved Block.',
    benefit: [
      'You may Block thrown weapons (no penalty) and missiles of slings, bows, crossbows and similar devices (−4 to your roll), but not fast projectiles such as bullets, nor energy beams.',
    ],
    automation: 'A Block on the attack card applies these penalties against ranged attacks.',
  },
  {
    name: 'Breaking Block',
    kind: 'general',
    prereq: 'Base attack bonus +1, Int 13, Combat Expertise, Basic Breaking Strikes, Improved Bull Rush.',
    benefit: [
      'A Block against a melee attack, with all the Block rules, at −4 on the opposed roll. If you win, you also damage the attacker with your weapon or unarmed strike, without Relative Degree. You may follow it with a Riposte.',
      STRIKE_NOTE,
    ],
    automation:
      'The attack card offers it as a Block against melee attacks, at −4; when it wins, the card says so and you roll its damage by hand.',
  },
  {
    name: 'Catch Projectile',
    kind: 'general',
    prereq: 'Base attack bonus +4, Dex 15, Improved Block, Block Projectile, Improved Unarmed Strike.',
    benefit: [
      'When you block a projectile with one hand free, you may catch it instead, and throw a thrown weapon straight back at its attacker (even out of turn) or keep it.',
    ],
    automation:
      'When you block a thrown weapon through Block Projectile, the GM offers on a card to catch it and throw it straight back at the attacker: the caught weapon is put on your sheet. A free hand is read from your equipped items (a two-handed weapon takes both hands, any other weapon or a shield other than a buckler one).',
  },
  {
    name: 'Clean-Up Blow',
    kind: 'general',
    prereq: 'Base attack bonus +4, Str 13, Power Attack, Basic Breaking Strikes, Improved Bull Rush.',
    benefit: [
      'Whenever you stun an opponent, knock him unconscious or knock him prone, you get an immediate attack of opportunity against him.',
    ],
    automation:
      'When you stun an opponent or knock him unconscious or prone on a card, the GM offers your immediate attack of opportunity against him (your best melee weapon) on a card of its own.',
  },
  {
    name: 'Close Combat Shot',
    kind: 'general',
    prereq: 'Point Blank Shot.',
    benefit: ['Shooting a light ranged weapon while threatened does not provoke attacks of opportunity.'],
    automation: 'Not automated.',
    manual: 'DeclineOpportunity',
  },
  {
    name: 'Combat Sense',
    kind: 'general',
    prereq: 'Base attack bonus +4, Int 13, Knowledge (strategy and tactics) 7 ranks, Combat Expertise.',
    benefit: [
      'On your action, name one opponent: you get a +1 competence bonus on attacks against him. You may name another on any action.',
    ],
    automation:
      'Designate the targeted token on your token’s HUD, in the attack dialog (“… is my opponent”) or with <code>game.gng.designateOpponent</code>: your attacks against that opponent get +1 (competence) on the attack dialog and card. Designate another on any action.',
  },
  {
    name: 'Dead Aim',
    kind: 'general',
    prereq: 'Wis 13, Point Blank Shot, Far Shot.',
    benefit: [
      'Spend a full-round action aiming for +2 (circumstance) on your next ranged attack; each further full round of aiming adds +2, up to +6. Moving (even a 5-ft. step), being attacked or being distracted before the shot loses the bonus.',
    ],
    automation:
      'The effect “Dead Aim (aiming)” is off by default: turn it on while you aim (+2 on ranged attacks; edit it to +4 or +6 for longer aims) and off after the shot.',
    effects: [
      {
        name: 'Dead Aim (aiming)',
        disabled: true,
        changes: [{ key: 'system.attack.bonuses.ranged', mode: MODE.ADD, value: 2 }],
        description: '<p>Turn on while aiming; +2 per full round spent aiming, at most +6.</p>',
      },
    ],
  },
  {
    name: 'Defensive Position',
    kind: 'general',
    prereq: 'Int 13, Combat Expertise.',
    benefit: [
      'Whenever you have cover or improved cover, it gives you 2 more to Defense and to Reflex saves.',
    ],
    automation:
      'The effect “Defensive Position (in cover)” is off by default: turn it on while you have cover (+2 Defense as a stacking circumstance modifier, +2 Reflex).',
    effects: [
      {
        name: 'Defensive Position (in cover)',
        disabled: true,
        changes: [
          { key: 'system.defense.bonuses.circumstance', mode: MODE.ADD, value: 2 },
          { key: 'system.saves.ref.bonus', mode: MODE.ADD, value: 2 },
        ],
        description: '<p>Turn on while you have cover or improved cover.</p>',
      },
    ],
  },
  {
    name: 'Defensive Strike',
    kind: 'general',
    prereq: 'Base attack bonus +4, Int 13, Combat Expertise.',
    benefit: [
      'If an opponent attacks you in melee and misses while you take the total defense option, you get +4 on an attack against him on your next turn. No bonus against foes who hit you or did not attack.',
    ],
    automation:
      'After you take total defense, each opponent whose melee attack missed you is remembered: on your next turn your attack against him gets +4 (once).',
  },
  {
    name: 'Dodge',
    kind: 'general',
    prereq: 'Dex 13.',
    benefit: [
      'A +1 dodge bonus to Defense against everyone (unlike the core feat, which names one opponent). Dodge bonuses stack, and you may take this feat several times. You lose them whenever you lose your Dexterity bonus to Defense.',
    ],
    automation:
      'Its effect adds a +1 dodge bonus to Defense, which the sheet drops whenever the Dexterity bonus is lost.',
    effects: [
      { name: 'Dodge', changes: [{ key: 'system.defense.bonuses.dodge', mode: MODE.ADD, value: 1 }] },
    ],
  },
  {
    name: 'Dynamic Grip',
    kind: 'general',
    prereq: 'Base attack bonus +1, Martial Weapon Proficiency.',
    benefit: [
      'By shifting your grip you may: attack adjacent foes with a reach weapon; use a staff or other pole about six feet long as a reach weapon (10 ft.); and use a weapon with a handle at least forearm-long as a double weapon whose blunt end deals 1d6 bludgeoning.',
    ],
    automation:
      'The Feats tab adds the blunt end of a one-handed or two-handed melee weapon (not a light one) as a weapon item of its own: a simple weapon dealing 1d6 bludgeoning, attacked with from the sheet like any other.',
    manual: 'DynamicGrip',
  },
  {
    name: 'Elusive Target',
    kind: 'general',
    prereq: 'Dex 13, Int 13, Combat Expertise, Dodge.',
    benefit: [
      'While you are in melee, others shooting at you take a further −4 on top of the −4 for firing into melee (−8 in all); Precise Shot brings the total back to −4.',
    ],
    automation:
      'When someone shoots or throws at you while you are in melee (the attack dialog’s <em>Shooting or throwing into a melee</em> option), the dialog adds your further −4 to the attack; Precise Shot takes away the −4 for shooting into melee.',
  },
  {
    name: 'Epic Block Projectile',
    kind: 'epic',
    prereq: 'Base attack bonus +15, Dex 25, Block Projectile, Improved Block.',
    benefit: [
      'You may Block any ranged attack: thrown weapons without penalty, sling/bow/crossbow missiles at −4, bullets and other fast projectiles at −8, energy attacks at −12.',
    ],
    automation: 'A Block on the attack card applies these penalties against ranged attacks.',
  },
  {
    name: 'Epic Defense',
    kind: 'epic',
    prereq: '—',
    benefit: [
      'A +1 bonus to Defense that you keep even when flat-footed or otherwise denied your Dexterity bonus. It stacks when taken again.',
    ],
    automation:
      'Its effect adds +1 to Defense as a circumstance modifier, the one kind of modifier that both stacks and survives the loss of the Dexterity bonus (flat-footed, stunned…); two copies of the feat give +2.',
    effects: [
      {
        name: 'Epic Defense',
        changes: [{ key: 'system.defense.bonuses.circumstance', mode: MODE.ADD, value: 1 }],
      },
    ],
  },
  {
    name: 'Epic Flow with Enemy',
    kind: 'epic',
    prereq: 'Dex 25, Int 13, Wis 13, Dodge, Combat Expertise, Tumble 30 ranks, improved evasion.',
    benefit: ['Once per round, you avoid all damage of one attack by the opponent you are flowing with.'],
    automation:
      'When the opponent you flow with hits you, the GM offers on a card to avoid all of that attack’s damage, once per combat round: once the damage is rolled and before it is applied, it becomes 0.',
  },
  {
    name: 'Feather Touch',
    kind: 'general',
    prereq:
      'Base attack bonus +1, Dex 13, Wis 13, Weapon Finesse, Improved Unarmed Strike, Basic Nerve Strikes.',
    benefit: [
      'Your nerve strikes may use your Dexterity modifier instead of Strength for their save DC. You may also make a nerve strike so light that it deals no damage but still forces the save (only against foes in light or no armor); a hidden one is resolved like a Pick Pocket attempt.',
    ],
    automation:
      'The attack card uses your Dexterity for the save DC of your nerve strikes when it is better; the rest is by hand.',
  },
  {
    name: 'Flow with Enemy',
    kind: 'general',
    prereq: 'Dex 13, Int 13, Wis 13, Dodge, Combat Expertise.',
    benefit: [
      'As a full-round action, oppose an adjacent foe (d20 + base attack bonus + Wis modifier each; you win ties). If you win, you move into his space without provoking and take his initiative count. For 2d4 + your Wis modifier rounds you have +1 dodge to Defense against him, he cannot make attacks of opportunity against you, you move with him (up to your speed), each of his attacks provokes one from you, and you may act just before him. You act only when he does; you may end the flow at any time as a free action, and it ends if he gets out of your reach.',
    ],
    automation:
      'From your token’s HUD with the opponent targeted (or <code>game.gng.flowWithEnemy</code>): on your turn, as a full-round action, the GM rolls the opposed d20 + base attack bonus + Wisdom; if you win, for 2d4 + Wisdom rounds you have +1 dodge to Defense against him and he makes no attacks of opportunity against you. End the flow from the HUD.',
    manual: 'Movement',
  },
  {
    name: 'Flurry of Blows',
    kind: 'general',
    prereq: 'Combat Reflexes.',
    benefit: [
      'In light or no armor, with a light melee weapon or unarmed, a full attack may include one extra attack at your best bonus; every attack that round (attacks of opportunity too) takes −2.',
    ],
    automation:
      'The effect “Flurry of Blows (this round)” is off by default: turn it on for the round in which you flurry, and every attack of that round (attacks of opportunity too) takes −2, melee and ranged. Take the extra attack from the sheet at your best bonus.',
    effects: [
      {
        name: 'Flurry of Blows (this round)',
        disabled: true,
        changes: [
          { key: 'system.attack.bonuses.melee', mode: MODE.ADD, value: -2 },
          { key: 'system.attack.bonuses.ranged', mode: MODE.ADD, value: -2 },
        ],
        description: '<p>Turn on for the round in which you flurry.</p>',
      },
    ],
  },
  {
    name: 'Hail of Bullets',
    kind: 'general',
    prereq: 'Dex 13, Point Blank Shot, Rapid Shot.',
    benefit: [
      'As a full-round action, fire one shot (not a burst) with a firearm or energy weapon at every opponent within 30 ft., each at your full base attack bonus.',
    ],
    automation:
      'From your token’s HUD (or <code>game.gng.hailOfBullets</code>): as a full-round action, one single shot (no burst) at each opponent within 30 ft., each on its own attack card at your full bonus, spending one round each.',
  },
  {
    name: 'Improved Accelerated Pair',
    kind: 'general',
    prereq: 'Point Blank Shot.',
    benefit: ['Your accelerated pairs (double taps) take no attack penalty instead of −4.'],
    automation: 'The attack dialog leaves out the −4 of your accelerated pairs.',
  },
  {
    name: 'Improved Block',
    kind: 'general',
    prereq: 'Base attack bonus +1, Dex 13.',
    benefit: ['Once per round you may Block as a free action, besides your other actions.'],
    automation: FREE_ABORTS,
  },
  {
    name: 'Improved Breaking Strikes',
    kind: 'general',
    prereq: 'Base attack bonus +4, Str 13, Power Attack, Basic Breaking Strikes, Improved Bull Rush.',
    benefit: [
      'Two more breaking strikes, each at −6 to attack. <strong>Break Grip:</strong> if it deals at least 1 HP, make opposed attack rolls (two-handed weapon +4, light weapon or unarmed −4, +4 per size category for the larger, −4 to the defender if the item is not a melee weapon); win and the foe drops the item you chose, which falls to the ground. A failed attempt gives no counter-disarm; Improved Disarm does not help. <strong>Break Balance:</strong> on a hit, your Strength check against his Strength or Dexterity check (whichever is better; ±4 per size category from Medium, +4 to a defender with more than two legs or very stable); win and he falls prone, even without damage. No counter-trip; Improved Trip does not help.',
      STRIKE_NOTE,
    ],
    automation: STRIKE_AUTOMATION,
  },
  {
    name: 'Improved Called Shot',
    kind: 'general',
    prereq: 'Base attack bonus +1.',
    benefit: [
      'Each effect of your called shots costs 1 less attack penalty, with a weapon you are proficient with (Stun −4 and Vital Strike −8 become −3 and −7: −10 in all).',
    ],
    automation: 'The attack dialog takes 1 off the penalty of each effect of your called shots.',
  },
  {
    name: 'Improved Charge',
    kind: 'general',
    prereq: 'Int 13, Combat Expertise.',
    benefit: ['Your charge need not follow a straight line: you may turn to go around obstacles.'],
    automation: 'Not automated.',
    manual: 'Movement',
  },
  {
    name: 'Improved Deep Impact',
    kind: 'psionic',
    prereq: 'Base attack bonus +5, Str 13, Psionic Weapon, Deep Impact.',
    benefit: [
      'Expend your psionic focus (decided before the attack; spent even on a miss) to make a melee weapon attack an armor piercing touch attack.',
    ],
    automation: 'Not automated.',
    manual: 'PsionicFocus',
  },
  {
    name: 'Improved Dive for Cover',
    kind: 'general',
    prereq: 'Dex 13.',
    benefit: ['Once per round you may Dive for Cover as a free action, besides your other actions.'],
    automation: FREE_ABORTS,
  },
  {
    name: 'Improved Fell Shot',
    kind: 'psionic',
    prereq: 'Base attack bonus +5, Dex 13, Point Blank Shot, Psionic Shot, Fell Shot.',
    benefit: [
      'Expend your psionic focus (decided before the attack; spent even on a miss) to make a ranged attack an armor piercing ranged touch attack.',
    ],
    automation: 'Not automated.',
    manual: 'PsionicFocus',
  },
  {
    name: 'Improved Flurry of Blows',
    kind: 'general',
    prereq: 'Combat Reflexes, Flurry of Blows.',
    benefit: ['You may flurry with a melee weapon of any size (still in light or no armor).'],
    automation: 'Use the Flurry of Blows effect with any melee weapon.',
    manual: 'FlurryAnyWeapon',
  },
  {
    name: 'Improved Grapple',
    kind: 'general',
    prereq: 'Dex 13, Improved Unarmed Strike.',
    benefit: [
      'Your touch attack to start a grapple provokes no attack of opportunity, you get +4 on every grapple check, and you may grapple with weapons.',
    ],
    automation:
      'Having the feat is enough: the grapple bonus on the sheet includes the +4. It also opens the Stab and Grab called shot.',
  },
  {
    name: 'Improved Maintain Footing',
    kind: 'general',
    prereq: 'Dex 13.',
    benefit: ['Once per round you may Maintain Footing as a free action, besides your other actions.'],
    automation: FREE_ABORTS,
  },
  {
    name: 'Improved Nerve Strikes',
    kind: 'general',
    prereq: 'Base attack bonus +4, Improved Unarmed Strike, Basic Nerve Strikes.',
    benefit: [
      `Two more nerve strikes, each at −8 to attack; each needs at least 1 HP of damage and a failed Fortitude save (${STRIKE_DC}). <strong>Rip Strength:</strong> 2 points of temporary Strength damage. <strong>Rip Dexterity:</strong> 2 points of temporary Dexterity damage.`,
      NERVE_NOTE,
    ],
    automation: STRIKE_AUTOMATION,
  },
  {
    name: 'Improved Roll with Blow',
    kind: 'general',
    prereq: 'Dex 13.',
    benefit: ['Once per round you may Roll with the Blow as a free action, besides your other actions.'],
    automation: FREE_ABORTS,
  },
  {
    name: 'Improved Unavoidable Strike',
    kind: 'psionic',
    prereq: 'Base attack bonus +5, Str 13, Psionic Fist, Unavoidable Strike.',
    benefit: [
      'Expend your psionic focus (decided before the attack; spent even on a miss) to make an unarmed strike or natural weapon attack an armor piercing touch attack.',
    ],
    automation: 'Not automated.',
    manual: 'PsionicFocus',
  },
  {
    name: 'Improvised Weapon Mastery',
    kind: 'general',
    prereq: 'Int 13, Simple Weapon Proficiency, Combat Expertise, Improvised Weapon Proficiency.',
    benefit: ['An improvised weapon deals damage as if it were one size category larger.'],
    automation:
      'A weapon marked <em>Improvised weapon</em> on its item sheet rolls its damage as one size category larger on the sheet and the attack card (1d6 becomes 1d8, 1d8 becomes 2d6).',
  },
  {
    name: 'Improvised Weapon Proficiency',
    kind: 'general',
    prereq: 'Int 13, Simple Weapon Proficiency, Combat Expertise.',
    benefit: ['You take no penalty with improvised weapons (normally −4 as a nonproficient weapon).'],
    automation:
      'A weapon marked <em>Improvised weapon</em> on its item sheet takes the −4 nonproficiency penalty, whatever its category, unless you have this feat: then it takes none.',
  },
  {
    name: 'Infinite Block',
    kind: 'epic',
    prereq: 'Base attack bonus +4, Dex 25, Combat Reflexes, Improved Block, Advanced Block.',
    benefit: ['You may Block any number of times each round, all as free actions.'],
    automation: FREE_ABORTS,
  },
  {
    name: 'Nonlethal Force',
    kind: 'general',
    prereq: 'Base attack bonus +1.',
    benefit: ['You may deal nonlethal damage with a lethal weapon without the usual −4 on the attack.'],
    automation:
      'When you choose nonlethal damage with a lethal weapon in the attack dialog, the −4 is left out.',
  },
  {
    name: 'Power Attack',
    kind: 'general',
    prereq: 'Str 13.',
    benefit: [
      'Replaces the core feat. With a two-handed weapon, or a one-handed weapon in both hands, you add twice your Strength bonus to damage instead of one and a half times. Not with light weapons, nor when another ability than Strength gives your attack bonus.',
    ],
    automation:
      'Tick <em>Power Attack</em> in the attack dialog: with a two-handed grip the damage adds twice your Strength bonus.',
  },
  {
    name: 'Quick Reload',
    kind: 'general',
    prereq: 'Base attack bonus +1.',
    benefit: [
      'With a weapon you are proficient with: reloading a single-shot weapon such as a crossbow is a free action (so you may fire it with every attack of a full attack), a heavy one such as a heavy crossbow a move action; swapping an ammunition pod, power cell, box magazine or speed loader is a free action; loading a revolver by hand or an internal magazine is a move action.',
    ],
    automation:
      'Reloading from the sheet or the attack card takes an action one step lighter (full-round or standard → move, move → free). The text asks for a weapon you are proficient with: the GM checks that.',
  },
  {
    name: 'Redirect Force',
    kind: 'general',
    prereq:
      'Dex 13, Int 13, Combat Expertise, Dodge, Improved Unarmed Strike, Improved Grapple, Improved Trip.',
    benefit: [
      'When a foe misses you in melee, you may trip, throw or bull rush him as an immediate attack of opportunity.',
    ],
    automation:
      'When a foe misses you in melee, the GM offers a trip, throw or bull rush against him on a card of its own.',
  },
  {
    name: 'Reflect Projectiles',
    kind: 'epic',
    prereq: 'Base attack bonus +15, Dex 25, Block Projectile, Improved Block.',
    benefit: [
      'When you block a ranged attack, you may send it back at the attacker with your base ranged attack bonus.',
    ],
    automation:
      'When you block a ranged attack, the GM offers on a card to send it back at the attacker with your ranged attack bonus.',
  },
  {
    name: 'Riposte',
    kind: 'general',
    prereq: 'Base attack bonus +1, Dex 13, Int 13, Combat Expertise, Dodge.',
    benefit: ['When you block a melee attack, you may make an attack of opportunity against the attacker.'],
    automation: 'The Block result says when a riposte is allowed.',
  },
  {
    name: 'Sniper',
    kind: 'general',
    prereq: 'Wis 13, Point Blank Shot, Far Shot, Dead Aim, sneak attack.',
    benefit: ['Your sneak attack bonus applies at any range.'],
    automation:
      'The attack card counts your sneak attack bonus for a ranged attack at any distance (without the feat: within 30 ft).',
  },
  {
    name: 'Sudden Action',
    kind: 'general',
    prereq: 'Int 13, Combat Expertise, Improved Initiative.',
    benefit: [
      'Once per cycle, at the start of a round before anyone acts, you may move yourself up the initiative order by up to your character level.',
    ],
    automation:
      'The Feats tab offers <em>Sudden Action</em> (or <code>game.gng.suddenAction(actor, steps)</code>): on the first turn of a round, the GM raises your initiative count by the steps you choose, at most your character level, once per round, and posts a card with Undo.',
  },
  {
    name: 'Tactical Aid',
    kind: 'general',
    prereq:
      'Base attack bonus +4, Int 13, Cha 13, Combat Expertise, Knowledge (strategy and tactics) 7 ranks.',
    benefit: [
      'As a full-round action, make a DC 20 Knowledge (strategy and tactics) check. On a success, all allies who can see and hear you (you too) gain a +1 competence bonus on initiative, attack or defense rolls (chosen when you first use it) for 2d4+1 rounds; +2 if you beat the DC by 10, +3 by 20.',
    ],
    automation:
      'The Feats tab offers <em>Tactical Aid</em> (or <code>game.gng.tacticalAid(actor, { bonusTo })</code>): in combat it takes your whole turn; the GM rolls your Knowledge check against DC 20 and, on a success, gives you and every token of your side on the scene a +1 (+2 by 10, +3 by 20) competence bonus on attack or Defense rolls for 2d4+1 rounds, as timed effects the GM can Undo. An ally who already has the aid keeps it (competence bonuses do not stack). The initiative choice is not offered.',
    manual: 'Initiative',
  },
  {
    name: 'Unbalance Opponent',
    kind: 'general',
    prereq:
      'Dex 13, Int 13, Wis 13, Dodge, Combat Expertise, Improved Grapple, Improved Unarmed Strike, Flow with Enemy.',
    benefit: [
      'Choose one opponent no more than one size larger than you: against you he adds no Strength bonus to attack rolls or grapple checks (a Strength penalty still counts; his damage keeps his Strength). If you flow with an enemy, it must be that one.',
    ],
    automation:
      'Designate the targeted token on your token’s HUD (or <code>game.gng.designateOpponent</code>): his melee attack rolls and grapple checks against you leave out his Strength bonus (a penalty still counts), unless he is two or more sizes larger than you. While you flow with an enemy, the feat counts against him.',
  },
];

/** Core feats the Appendix 4 feats name as prerequisites (and Toughness, which GnG revises). */
export const CORE_FEATS: FeatSpec[] = [
  {
    name: 'Combat Expertise',
    kind: 'general',
    prereq: 'Int 13.',
    benefit: [
      'When you attack in melee, trade up to 5 points of attack bonus (no more than your base attack bonus) for the same dodge bonus to Defense until your next turn.',
    ],
    automation: 'Not automated.',
    manual: 'PlayerChoice',
  },
  {
    name: 'Combat Reflexes',
    kind: 'general',
    prereq: '—',
    benefit: [
      'You may make extra attacks of opportunity each round equal to your Dexterity modifier, and make them while flat-footed.',
    ],
    automation: 'Not automated.',
    manual: 'AttacksOfOpportunity',
  },
  {
    name: 'Far Shot',
    kind: 'general',
    prereq: 'Point Blank Shot.',
    benefit: ['Projectile weapons get half again their range increment; thrown weapons double it.'],
    automation: 'Not automated.',
    manual: 'WeaponRange',
  },
  {
    name: 'Improved Bull Rush',
    kind: 'general',
    prereq: 'Str 13, Power Attack.',
    benefit: ['Your bull rushes provoke no attack of opportunity and get +4 on the Strength check.'],
    automation: 'Not automated.',
    manual: 'ManeuverFeat',
  },
  {
    name: 'Improved Disarm',
    kind: 'general',
    prereq: 'Int 13, Combat Expertise.',
    benefit: [
      'Your disarm attempts provoke no attack of opportunity, get +4, and a failure gives no counter-disarm.',
    ],
    automation: 'Not automated.',
    manual: 'ManeuverFeat',
  },
  {
    name: 'Improved Feint',
    kind: 'general',
    prereq: 'Int 13, Combat Expertise.',
    benefit: ['Feinting in combat is a move action for you.'],
    automation: 'Not automated.',
    manual: 'Feint',
  },
  {
    name: 'Improved Initiative',
    kind: 'general',
    prereq: '—',
    benefit: ['+4 on initiative checks.'],
    automation:
      'The sheet’s initiative counts the +4 (shown in its breakdown), and the combat tracker rolls initiative with it.',
  },
  {
    name: 'Improved Sunder',
    kind: 'general',
    prereq: 'Str 13, Power Attack.',
    benefit: ['Your sunder attempts provoke no attack of opportunity and get +4.'],
    automation:
      'The attack dialog’s “Sunder” choice (a weapon or shield your single target holds) gets +4, and the attack card offers the holder no attack of opportunity.',
  },
  {
    name: 'Improved Trip',
    kind: 'general',
    prereq: 'Int 13, Combat Expertise.',
    benefit: [
      'Your trips provoke no attack of opportunity, get +4 on the check, and a successful trip gives you an immediate melee attack.',
    ],
    automation: 'Not automated.',
    manual: 'ManeuverFeat',
  },
  {
    name: 'Improved Unarmed Strike',
    kind: 'general',
    prereq: '—',
    benefit: [
      'You count as armed when unarmed: no attack of opportunity for attacking armed foes unarmed, and you choose lethal or nonlethal damage.',
    ],
    automation: 'Needed by breaking strikes, nerve strikes and grapple feats.',
  },
  {
    name: 'Exotic Weapon Proficiency',
    kind: 'general',
    prereq: 'Base attack bonus +1, Str 13 (bastard sword and dwarven waraxe only).',
    benefit: [
      'Choose one exotic weapon: you attack with it without the nonproficiency penalty. A bastard sword or dwarven waraxe can then be used one-handed. You may take the feat again for another weapon.',
    ],
    automation: 'Add the weapon’s name to the sheet’s exotic weapon proficiencies.',
    manual: 'Proficiency',
    source: 'core d20 rules (summary); taken by the GnG Appendix 3 fighter for his bastard sword',
  },
  {
    name: 'Martial Weapon Proficiency',
    kind: 'general',
    prereq: '—',
    benefit: ['You attack without the nonproficiency penalty with martial weapons.'],
    automation: 'Tick martial weapons in the sheet’s proficiencies.',
    manual: 'Proficiency',
  },
  {
    name: 'Martial Weapons Proficiency (firearms)',
    identifier: 'martial-weapon-proficiency-firearms',
    kind: 'general',
    prereq: 'Simple Weapon Proficiency.',
    benefit: [
      'Military or paramilitary training with firearms (GnG SPECIAL ATTACKS: firearms are simple weapons; this feat is the training beyond them). You may control the shots of your bursts (single target: 5 or 10 with base attack bonus +5 or less, 3, 5 or 10 with +6 or more; linear 10 or 20; strafing 20 or 40) and lay down suppressing fire.',
    ],
    automation:
      'Read by the attack dialog (controlled single-target bursts), the burst card and the suppressing fire card.',
    source: 'GnG v4.0 SPECIAL ATTACKS (named there); d20 Modern',
  },
  {
    name: 'Point Blank Shot',
    kind: 'general',
    prereq: '—',
    benefit: ['+1 on ranged attack and damage rolls against targets within 30 ft.'],
    automation: 'Not automated.',
    manual: 'SituationalModifier',
  },
  {
    name: 'Precise Shot',
    kind: 'general',
    prereq: 'Point Blank Shot.',
    benefit: ['You take no −4 for shooting or throwing into melee.'],
    automation:
      'The attack dialog’s <em>Shooting or throwing into a melee</em> option leaves out the −4 for you.',
  },
  {
    name: 'Rapid Shot',
    kind: 'general',
    prereq: 'Dex 13, Point Blank Shot.',
    benefit: [
      'With a full attack you get one extra ranged attack at your best bonus; every ranged attack that round takes −2.',
    ],
    automation: 'Not automated.',
    manual: 'FullAttack',
  },
  {
    name: 'Simple Weapon Proficiency',
    kind: 'general',
    prereq: '—',
    benefit: ['You attack without the nonproficiency penalty with simple weapons.'],
    automation: 'Tick simple weapons in the sheet’s proficiencies.',
    manual: 'Proficiency',
  },
  {
    name: 'Stunning Fist',
    kind: 'general',
    prereq: 'Dex 13, Wis 13, Improved Unarmed Strike, base attack bonus +8.',
    benefit: [
      'Declare it before an unarmed attack roll; if the attack deals damage, the target also makes a Fortitude save (DC 10 + half your character level + your Wisdom modifier) or is stunned for 1 round. A miss still uses the attempt. Once per day per four character levels; a monk gets the feat at 1st level even without the prerequisites and may try once per day per monk level.',
    ],
    automation:
      'Not automated: roll the target’s Fortitude save and set the Stunned status (1 round). GnG’s nerve strikes are separate (see the called shots).',
    manual: 'DailyUses',
    source: 'core d20 rules (summary); printed for the GnG Appendix 3 monk',
  },
  {
    name: 'Toughness',
    kind: 'general',
    prereq: '—',
    benefit: [
      'Revised by GnG (HIT POINTS, Other Modifiers): each time you take it, your base HP rise by 3 (before the size multiplier).',
    ],
    automation: 'Having the feat is enough: each Toughness feat adds 3 to base HP on the sheet.',
  },
  {
    name: 'Weapon Finesse',
    kind: 'general',
    prereq: 'Base attack bonus +1.',
    benefit: [
      'With light weapons (and rapier, whip, spiked chain) you may use your Dexterity modifier on attack rolls instead of Strength.',
    ],
    automation: 'Not automated.',
    manual: 'SituationalModifier',
  },
  {
    name: 'Psionic Weapon',
    kind: 'psionic',
    prereq: 'Str 13.',
    benefit: ['Expend your psionic focus for +2d6 damage on a melee weapon attack.'],
    automation: 'Not automated.',
    manual: 'PsionicFocus',
  },
  {
    name: 'Deep Impact',
    kind: 'psionic',
    prereq: 'Str 13, Psionic Weapon, base attack bonus +5.',
    benefit: ['Expend your psionic focus to make a melee weapon attack a touch attack.'],
    automation: 'Not automated.',
    manual: 'PsionicFocus',
  },
  {
    name: 'Psionic Shot',
    kind: 'psionic',
    prereq: 'Point Blank Shot.',
    benefit: ['Expend your psionic focus for +2d6 damage on a ranged attack.'],
    automation: 'Not automated.',
    manual: 'PsionicFocus',
  },
  {
    name: 'Fell Shot',
    kind: 'psionic',
    prereq: 'Dex 13, Point Blank Shot, Psionic Shot, base attack bonus +5.',
    benefit: ['Expend your psionic focus to make a ranged attack a ranged touch attack.'],
    automation: 'Not automated.',
    manual: 'PsionicFocus',
  },
  {
    name: 'Psionic Fist',
    kind: 'psionic',
    prereq: 'Str 13.',
    benefit: ['Expend your psionic focus for +2d6 damage on an unarmed strike or natural weapon attack.'],
    automation: 'Not automated. (Not the prestige class of the same name.)',
    manual: 'PsionicFocus',
  },
  {
    name: 'Unavoidable Strike',
    kind: 'psionic',
    prereq: 'Str 13, Psionic Fist, base attack bonus +5.',
    benefit: ['Expend your psionic focus to make an unarmed strike or natural weapon attack a touch attack.'],
    automation: 'Not automated.',
    manual: 'PsionicFocus',
  },
];

const KIND_LABEL: Record<FeatKind, string> = {
  general: 'General',
  epic: 'Epic',
  metamagic: 'Metamagic',
  metapsionic: 'Metapsionic',
  psionic: 'Psionic',
};

const KIND_IMG: Record<FeatKind, string> = {
  general: KIND_ICONS.featGeneral,
  epic: KIND_ICONS.featEpic,
  metamagic: KIND_ICONS.featMetamagic,
  metapsionic: KIND_ICONS.featPsionic,
  psionic: KIND_ICONS.featPsionic,
};

/** Id of the pack document of a feat (by identifier). */
export const featId = (identifier: string): string => stableId(`feats:${identifier}`);
export const featIdentifier = (spec: FeatSpec): string => spec.identifier ?? slug(spec.name);

function featDoc(spec: FeatSpec, category: 'gng' | 'core'): Doc {
  const identifier = featIdentifier(spec);
  const id = featId(identifier);
  const where =
    spec.source ??
    (category === 'gng'
      ? 'GnG v4.0, Appendix 4: New and Revised Feats'
      : identifier === 'toughness'
        ? 'GnG v4.0, Hit Points › Other Modifiers (feat from the core rules)'
        : 'core d20 rules (summary); named as a prerequisite in GnG Appendix 4');
  const description =
    `<p><strong>${KIND_LABEL[spec.kind]} feat.</strong> <strong>Prerequisites:</strong> ${spec.prereq}</p>` +
    p(...spec.benefit.map((b, i) => (i === 0 ? `<strong>Benefit:</strong> ${b}` : b))) +
    `<p><strong>In this system:</strong> ${spec.automation}${spec.manual ? ` ${manualSentence(spec.manual)}` : ''}</p>` +
    source(where);
  const effects = (spec.effects ?? []).map((e) =>
    itemEffect(id, e.name, e.changes, {
      ...(e.disabled === undefined ? {} : { disabled: e.disabled }),
      ...(e.description === undefined ? {} : { description: e.description }),
    }),
  );
  return itemDoc(id, spec.name, 'feat', KIND_IMG[spec.kind], { description, identifier, category }, effects, {
    gng: { featType: spec.kind, ...(spec.manual ? { manualReason: `GNG.FeatManual.${spec.manual}` } : {}) },
  });
}

/** Every document of the feats pack, with its file name. */
export function featDocs(): { file: string; doc: Doc }[] {
  return [
    ...GNG_FEATS.map((s) => ({ file: `gng-${featIdentifier(s)}`, doc: featDoc(s, 'gng') })),
    ...CORE_FEATS.map((s) => ({ file: `core-${featIdentifier(s)}`, doc: featDoc(s, 'core') })),
  ];
}
