/**
 * The feats the system READS, by identifier (`system.identifier` of a feat item), and where: the
 * record behind the "In this system:" paragraph of each pack feat (scripts/content/feats.ts). A pack
 * feat whose Benefit has numbers carries Active Effects, is listed here, or carries a recorded reason
 * why it is not automated (`flags.gng.manualReason`, a `GNG.FeatManual.*` key):
 * test/integration/pack-feats-automation.test.ts checks each, and that every identifier listed here
 * really appears as a string in src/ outside this file.
 */
export const FEAT_AUTOMATION: Readonly<Record<string, string>> = {
  // Free abort actions (engine ACTION_FEAT_IDS, src/rules/appendix-feats.ts; the action budget).
  'improved-block': 'src/rules/appendix-feats.ts: one free Block a round',
  'advanced-block': 'src/rules/appendix-feats.ts: free Blocks up to the Dexterity modifier',
  'infinite-block': 'src/rules/appendix-feats.ts: every Block free',
  'improved-dive-for-cover': 'src/rules/appendix-feats.ts: one free Dive for Cover a round',
  'advanced-dive-for-cover': 'src/rules/appendix-feats.ts: free Dives for Cover up to the Dexterity modifier',
  'improved-roll-with-blow': 'src/rules/appendix-feats.ts: one free Roll with the Blow a round',
  'advanced-roll-with-blow':
    'src/rules/appendix-feats.ts: free Rolls with the Blow up to the Dexterity modifier',
  'improved-maintain-footing': 'src/rules/appendix-feats.ts: one free Maintain Footing a round',
  'advanced-maintain-footing':
    'src/rules/appendix-feats.ts: free Maintain Footing up to the Dexterity modifier',
  // Blocks (engine aborts.ts).
  'block-projectile': 'src/rules/aborts.ts: Block against thrown (0) and launched (−4) missiles',
  'epic-block-projectile': 'src/rules/aborts.ts: Block against bullets (−8) and energy (−12) too',
  'breaking-block': 'src/rules/aborts.ts: a Block at −4 that damages the attacker',
  riposte: 'src/cards/attack/attack-aborts.ts: the riposte after a won Block',
  // Called shots, strikes and grapple moves (engine appendix-feats.ts SPECIAL_STRIKES, the cards).
  'improved-called-shot': 'src/cards/attack/attack-preview.ts: 1 less penalty per called-shot effect',
  'advanced-called-shot': 'src/cards/attack/called-shots.ts: no attack of opportunity for a called shot',
  'basic-breaking-strikes':
    'src/rules/appendix-feats.ts SPECIAL_STRIKES: Break Spirit and Break Stance at −4',
  'improved-breaking-strikes':
    'src/rules/appendix-feats.ts SPECIAL_STRIKES: Break Grip and Break Balance at −6',
  'advanced-breaking-strikes': 'src/rules/appendix-feats.ts SPECIAL_STRIKES: Break Weapon −4, Break Body −8',
  'improved-sunder': 'src/cards/attack/sunder.ts: +4 on a sunder, no attack of opportunity from the holder',
  'basic-nerve-strikes': 'src/rules/appendix-feats.ts SPECIAL_STRIKES: Rip Nerves, Mind, Senses at −4',
  'improved-nerve-strikes': 'src/rules/appendix-feats.ts SPECIAL_STRIKES: Rip Strength, Rip Dexterity at −8',
  'advanced-nerve-strikes': 'src/rules/appendix-feats.ts SPECIAL_STRIKES: Rip Innards, Rip Body at −8',
  'feather-touch': 'src/rules/appendix-feats.ts: Dexterity for the nerve strikes’ save DC',
  'improved-grapple': 'src/data/actor/derive-creature.ts: +4 on grapple checks',
  'improved-initiative': 'src/data/actor/derive-creature.ts (engine initiative.ts): +4 on initiative checks',
  'advanced-grapple': 'src/cards/grapple/grapple-rules.ts: Choke, Lock and Throw at −4',
  'nonlethal-force': 'src/cards/attack/attack-preview.ts: no −4 for nonlethal damage with a lethal weapon',
  sniper: 'src/cards/attack/sneak-attack.ts: the sneak attack bonus beyond 30 ft',
  'power-attack': 'src/applications/attack-dialog.ts: twice the Strength bonus with a two-handed grip',
  // Combat options and firearms.
  'improved-accelerated-pair': 'src/cards/attack/firearms.ts: no −4 on an accelerated pair',
  'precise-shot': 'src/cards/attack/combat-options-lines.ts: no −4 for shooting into melee',
  'elusive-target':
    'src/cards/attack/combat-options-lines.ts: a further −4 to those shooting at you in melee',
  'defensive-strike': 'src/cards/attack/combat-options-lines.ts: +4 after total defense',
  'sudden-action':
    'src/cards/feat-actions/sudden-action.ts: up the initiative count by ≤ level, once a round',
  'tactical-aid': 'src/cards/feat-actions/tactical-aid.ts: DC 20, +1/+2/+3 competence for 2d4+1 rounds',
  'quick-reload': 'src/combat/ammunition.ts (engine reloadAction): a reload one action lighter',
  'martial-weapon-proficiency-firearms':
    'src/combat/firearms-proficiency.ts: controlled bursts, suppressing fire',
  // Appendix 5 metamagic and metapsionics (engine spells-powers.ts: the cost and the Protection met).
  'armor-piercing-spell':
    'src/rules/spells-powers.ts ARMOR_METAMAGIC_FEATS, src/magic/area-spells.ts: +2 slot levels, half Protection',
  'armor-ignoring-spell':
    'src/rules/spells-powers.ts ARMOR_METAMAGIC_FEATS, src/magic/area-spells.ts: +4 slot levels, no Protection',
  'armor-piercing-power':
    'src/rules/spells-powers.ts ARMOR_METAMAGIC_FEATS, src/magic/area-spells.ts: +4 power points, half Protection',
  'armor-ignoring-power':
    'src/rules/spells-powers.ts ARMOR_METAMAGIC_FEATS, src/magic/area-spells.ts: +8 power points, no Protection',
  // Feats on one chosen opponent, and the free attacks offered on a card (src/combat/opponent-feats.ts, src/cards/feat-offer/).
  'combat-sense': 'src/combat/opponent-feats.ts: +1 on attacks against the designated opponent',
  'unbalance-opponent': 'src/combat/opponent-feats.ts: no Strength bonus on the designated foe’s attacks',
  'flow-with-enemy':
    'src/combat/opponent-feats.ts, src/cards/opponent-feats/flow-with-enemy.ts: +1 dodge, 2d4 + Wis rounds',
  'epic-flow-with-enemy': 'src/cards/feat-offer/feat-offer-state.ts: avoid one attack’s damage a round',
  'hail-of-bullets': 'src/cards/opponent-feats/hail-of-bullets.ts: one shot at each opponent within 30 ft.',
  'clean-up-blow': 'src/cards/feat-offer/feat-offer-state.ts: the attack of opportunity offered',
  'redirect-force': 'src/cards/feat-offer/feat-offer-state.ts: trip, throw or bull rush offered',
  'catch-projectile': 'src/cards/feat-offer/feat-offer-state.ts: catch and throw back',
  'reflect-projectiles': 'src/cards/feat-offer/feat-offer-state.ts: the attack sent back',
  // Hit points and weapons (derive-creature and its helpers).
  'dynamic-grip': 'src/data/actor/feat-weapons.ts: the blunt end (1d6 bludgeoning) as a weapon item',
  toughness: 'src/data/actor/derive-creature.ts: +3 base HP each',
  'advanced-unarmed-strike': 'src/data/actor/feat-weapons.ts: unarmed damage one die size up',
  'improvised-weapon-proficiency': 'src/data/actor/feat-weapons.ts: no −4 with an improvised weapon',
  'improvised-weapon-mastery': 'src/data/actor/feat-weapons.ts: improvised weapon damage one size up',
};
