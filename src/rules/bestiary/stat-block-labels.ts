/**
 * The labels of a d20 stat block and the fields they name: the d20srd.org table rows ("Hit Dice:"),
 * the short labels of the sentence form ("HD", "Spd", "Grp") and the d20 Modern ones ("Defense",
 * "Mas", "FS", "AP", "Rep"). Data only; the stat-block parser reads with it.
 */

/** Field names of the segments (the record's names where the record has the field). */
export type SegmentField =
  | 'name'
  | 'cr'
  | 'size_type'
  | 'hit_dice'
  | 'hp'
  | 'initiative'
  | 'speed'
  | 'ac'
  | 'bab_grapple'
  | 'bab'
  | 'grapple'
  | 'attack'
  | 'full_attack'
  | 'attack_and_full_attack'
  | 'space_reach'
  | 'space'
  | 'face'
  | 'reach'
  | 'special_attacks'
  | 'special_qualities'
  | 'saves'
  | 'abilities'
  | 'skills'
  | 'feats'
  | 'skills_and_feats'
  | 'epic_feats'
  | 'environment'
  | 'organization'
  | 'treasure'
  | 'alignment'
  | 'advancement'
  | 'level_adjustment'
  // Read, but the record has no field for them (GM notes):
  | 'massive_damage_threshold'
  | 'action_points'
  | 'reputation'
  | 'psionics'
  | 'spells'
  | 'possessions'
  | 'languages'
  | 'occupation'
  | 'allegiances'
  | 'talents';

/** The fields the record cannot hold whose value is free text (in both sets below). */
const FREE_TEXT_NOTES: readonly SegmentField[] = [
  'psionics',
  'spells',
  'possessions',
  'languages',
  'occupation',
  'allegiances',
  'talents',
];

/** Fields that the record cannot hold: the parser reports them and keeps their text in notes. */
export const NOT_KEPT: ReadonlySet<SegmentField> = new Set<SegmentField>([
  'massive_damage_threshold',
  'action_points',
  'reputation',
  ...FREE_TEXT_NOTES,
]);

/** Fields whose value is free text, which may hold a semicolon of its own. */
export const TEXT_FIELDS: ReadonlySet<SegmentField> = new Set<SegmentField>([
  'cr',
  'speed',
  'attack',
  'full_attack',
  'attack_and_full_attack',
  'space',
  'reach',
  'face',
  'special_attacks',
  'special_qualities',
  'skills',
  'feats',
  'epic_feats',
  'environment',
  'organization',
  'treasure',
  'alignment',
  'advancement',
  'level_adjustment',
  ...FREE_TEXT_NOTES,
]);

/** Labels that are followed by a colon or a tab (table rows, and the sentences after a block). */
export const LONG_LABELS: Record<string, SegmentField> = {
  'size/type': 'size_type',
  'hit dice': 'hit_dice',
  'hit points': 'hp',
  initiative: 'initiative',
  speed: 'speed',
  'armor class': 'ac',
  'armour class': 'ac',
  defense: 'ac',
  'base attack/grapple': 'bab_grapple',
  'base attack': 'bab',
  grapple: 'grapple',
  attack: 'attack',
  attacks: 'attack',
  face: 'face',
  'full attack': 'full_attack',
  'space/reach': 'space_reach',
  'face/reach': 'space_reach',
  space: 'space',
  reach: 'reach',
  'special attacks': 'special_attacks',
  'special qualities': 'special_qualities',
  saves: 'saves',
  abilities: 'abilities',
  skills: 'skills',
  feats: 'feats',
  'epic feats': 'epic_feats',
  'skills and feats': 'skills_and_feats',
  environment: 'environment',
  climate: 'environment',
  'climate/terrain': 'environment',
  organization: 'organization',
  'challenge rating': 'cr',
  treasure: 'treasure',
  alignment: 'alignment',
  advancement: 'advancement',
  'level adjustment': 'level_adjustment',
  'massive damage threshold': 'massive_damage_threshold',
  'action points': 'action_points',
  reputation: 'reputation',
  'power points': 'psionics',
  'power points/day': 'psionics',
  'powers known': 'psionics',
  'psi-like abilities': 'psionics',
  'psionic powers': 'psionics',
  'manifester level': 'psionics',
  'spell-like abilities': 'spells',
  'spells known': 'spells',
  'spells prepared': 'spells',
  'spells per day': 'spells',
  spells: 'spells',
  possessions: 'possessions',
  'combat gear': 'possessions',
  gear: 'possessions',
  languages: 'languages',
  occupation: 'occupation',
  allegiances: 'allegiances',
  talents: 'talents',
};

/** Short labels of the sentence form, read without a colon ("HD 1d8+1", "Spd 30 ft."). */
export const SHORT_LABELS: [RegExp, SegmentField][] = [
  [/^atk\s*\/\s*full\s+atk\b/i, 'attack_and_full_attack'],
  [/^full\s+atk\b/i, 'full_attack'],
  [/^base\s+atk\b/i, 'bab'],
  [/^(?:space|face)\s*\/\s*reach\b/i, 'space_reach'],
  [/^cr\b/i, 'cr'],
  [/^power\s+points\b/i, 'psionics'],
  [/^manifester\s+level\b/i, 'psionics'],
  [/^hd\b/i, 'hit_dice'],
  [/^hp\b/i, 'hp'],
  [/^mas\b/i, 'massive_damage_threshold'],
  [/^init\b/i, 'initiative'],
  [/^(?:spd|speed)\b/i, 'speed'],
  [/^(?:ac|defense)\b/i, 'ac'],
  [/^bab\b/i, 'bab'],
  [/^(?:grp|grap|grapple)\b/i, 'grapple'],
  [/^atk\b/i, 'attack'],
  [/^fs\b/i, 'face'],
  [/^face\b/i, 'face'],
  [/^space\b/i, 'space'],
  [/^reach\b/i, 'reach'],
  [/^sa\b/i, 'special_attacks'],
  [/^sq\b/i, 'special_qualities'],
  [/^al\b/i, 'alignment'],
  [/^sv\b/i, 'saves'],
  [/^ap\b/i, 'action_points'],
  [/^rep\b/i, 'reputation'],
  [/^la\b/i, 'level_adjustment'],
  [/^str\s*:?\s*(?:\d|[—-])/i, 'abilities'],
];
