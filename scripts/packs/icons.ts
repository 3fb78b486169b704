/**
 * Item images for the packs: paths in Foundry's core icon library (`icons/…`), which every v13
 * install serves. We ship no images of our own; a pack document names a core path and Foundry shows
 * it. Each path below is one that an MIT-licensed v13 system's pack data uses for the same kind of
 * thing (dnd5e 5.x `packs/_source/items`, `equipment24`, `feats24`, `spells`), which is our evidence
 * that the file exists in core; `icons/svg/…` are core's generic SVGs. The playground, which has no
 * Foundry to serve them, maps each path to a stand-in of its own by folder (scripts/playground.ts).
 */

/** SRD weapons (weapons.json ids, and the d20 Modern items' ids without their `d20m-` prefix). */
const WEAPONS: Record<string, string> = {
  'axe-orc-double': 'icons/weapons/axes/axe-double-jagged-black.webp',
  'axe-throwing': 'icons/weapons/axes/axe-broad-engraved.webp',
  battleaxe: 'icons/weapons/axes/axe-battle-black.webp',
  bolas: 'icons/sundries/survival/rope-wrapped-brown.webp',
  'chain-spiked': 'icons/tools/fasteners/chain-steel-grey.webp',
  club: 'icons/weapons/clubs/club-banded-brown.webp',
  'crossbow-hand': 'icons/weapons/crossbows/handcrossbow-black.webp',
  'crossbow-heavy': 'icons/weapons/crossbows/crossbow-heavy-black.webp',
  'crossbow-light': 'icons/weapons/crossbows/crossbow-simple-brown.webp',
  'crossbow-repeating-heavy': 'icons/weapons/crossbows/crossbow-slotted.webp',
  'crossbow-repeating-light': 'icons/weapons/crossbows/crossbow-loaded-black.webp',
  'dagger-punching': 'icons/weapons/daggers/dagger-double-engraved-black.webp',
  dagger: 'icons/weapons/daggers/dagger-straight-blue.webp',
  dart: 'icons/weapons/thrown/dart-feathered.webp',
  falchion: 'icons/weapons/swords/sword-broad-worn.webp',
  'flail-dire': 'icons/weapons/maces/flail-triple-grey.webp',
  'flail-heavy': 'icons/weapons/maces/flail-spiked-grey.webp',
  flail: 'icons/weapons/maces/flail-ball-grey.webp',
  'gauntlet-spiked': 'icons/weapons/fist/claw-gauntlet-gray.webp',
  gauntlet: 'icons/equipment/hand/gauntlet-armored-steel-grey.webp',
  glaive: 'icons/weapons/polearms/glaive-simple.webp',
  greataxe: 'icons/weapons/axes/axe-double-black.webp',
  greatclub: 'icons/weapons/clubs/club-heavy-barbed-grey.webp',
  greatsword: 'icons/weapons/swords/greatsword-crossguard-steel.webp',
  guisarme: 'icons/weapons/polearms/glaive-hooked-steel.webp',
  halberd: 'icons/weapons/polearms/halberd-engraved-black.webp',
  'hammer-gnome-hooked': 'icons/weapons/hammers/hammer-war-spiked.webp',
  'hammer-light': 'icons/weapons/hammers/shorthammer-double-stone-engraved.webp',
  handaxe: 'icons/weapons/axes/axe-broad-black.webp',
  javelin: 'icons/weapons/polearms/javelin-flared.webp',
  kama: 'icons/weapons/sickles/sickle-hooked-silver.webp',
  kukri: 'icons/weapons/daggers/dagger-curved-blue.webp',
  lance: 'icons/weapons/polearms/spear-simple-engraved.webp',
  'longbow-composite': 'icons/weapons/bows/longbow-recurve-leather-brown.webp',
  longbow: 'icons/weapons/bows/longbow-recurve-leather-brown.webp',
  longspear: 'icons/weapons/polearms/pike-flared-brown.webp',
  longsword: 'icons/weapons/swords/greatsword-guard.webp',
  'mace-heavy': 'icons/weapons/maces/mace-flanged-steel.webp',
  'mace-light': 'icons/weapons/maces/mace-flanged-steel.webp',
  morningstar: 'icons/weapons/maces/mace-cube-spiked-steel.webp',
  net: 'icons/tools/fishing/net-simple-brown.webp',
  nunchaku: 'icons/weapons/clubs/club-baton-studded.webp',
  'pick-heavy': 'icons/weapons/axes/pickaxe-iron-green.webp',
  'pick-light': 'icons/weapons/axes/pickaxe-double-brown.webp',
  quarterstaff: 'icons/weapons/staves/staff-simple.webp',
  ranseur: 'icons/weapons/polearms/trident-curved-steel.webp',
  rapier: 'icons/weapons/swords/sword-guard-bronze.webp',
  sai: 'icons/weapons/daggers/dagger-serrated-purple.webp',
  sap: 'icons/weapons/clubs/club-baton-barbed.webp',
  scimitar: 'icons/weapons/swords/scimitar-worn-blue.webp',
  scythe: 'icons/weapons/sickles/scythe-wrapped-red.webp',
  'shield-heavy': 'icons/equipment/shield/heater-steel-spiral.webp',
  'shield-light': 'icons/equipment/shield/round-wooden-boss-steel-brown.webp',
  'shortbow-composite': 'icons/weapons/bows/shortbow-leather.webp',
  shortbow: 'icons/weapons/bows/shortbow-leather.webp',
  shortspear: 'icons/weapons/polearms/spear-flared-green.webp',
  'shuriken-5': 'icons/weapons/thrown/dart-feathered.webp',
  siangham: 'icons/weapons/polearms/javelin-simple.webp',
  sickle: 'icons/weapons/sickles/sickle-curved.webp',
  sling: 'icons/weapons/slings/slingshot-wood.webp',
  spear: 'icons/weapons/polearms/spear-flared-green.webp',
  'spiked-armor': 'icons/equipment/chest/breastplate-layered-steel.webp',
  'spiked-shield-heavy': 'icons/equipment/shield/kite-decorative-steel-claws.webp',
  'spiked-shield-light': 'icons/equipment/shield/targe-copper-eye.webp',
  'sword-bastard': 'icons/weapons/swords/greatsword-crossguard-silver.webp',
  'sword-short': 'icons/weapons/swords/sword-guard-worn-purple.webp',
  'sword-two-bladed': 'icons/weapons/swords/sword-hooked-engraved.webp',
  trident: 'icons/weapons/polearms/trident-silver-blue.webp',
  'unarmed-strike': 'icons/skills/melee/unarmed-punch-fist.webp',
  'urgrosh-dwarven': 'icons/weapons/axes/axe-hammer-blackened.webp',
  'waraxe-dwarven': 'icons/weapons/axes/axe-battle-heavy-black.webp',
  warhammer: 'icons/weapons/hammers/hammer-drilling-spiked.webp',
  whip: 'icons/sundries/survival/leather-strap-brown.webp',
  // Ammunition (equipment items).
  'arrows-20': 'icons/weapons/ammunition/arrows-broadhead-white.webp',
  'bolts-10': 'icons/weapons/ammunition/arrow-broadhead-white.webp',
  'bolts-5': 'icons/weapons/ammunition/arrow-broadhead-white.webp',
  'bolts-crossbow-10': 'icons/weapons/ammunition/arrow-broadhead-white.webp',
  'bullets-sling-10': 'icons/weapons/ammunition/shot-round-blue.webp',
  // d20 Modern firearms and the energy weapon.
  'autoloader-pistol': 'icons/weapons/guns/gun-purple.webp',
  'double-barrelled-shotgun': 'icons/weapons/guns/gun-blunderbuss-gold.webp',
  'hunting-rifle': 'icons/weapons/guns/gun-blunderbuss-gold.webp',
  'laser-rifle': 'icons/weapons/guns/gun-purple.webp',
  'pump-shotgun': 'icons/weapons/guns/gun-blunderbuss-gold.webp',
  'submachine-gun': 'icons/weapons/guns/gun-purple.webp',
};

/** SRD armor, shields and armor extras (armor.json ids). */
const ARMOR: Record<string, string> = {
  'armor-spikes': 'icons/equipment/chest/breastplate-layered-steel.webp',
  'banded-mail': 'icons/equipment/chest/breastplate-banded-steel.webp',
  breastplate: 'icons/equipment/chest/breastplate-collared-steel-grey.webp',
  buckler: 'icons/equipment/shield/buckler-wooden-boss-glowing-blue.webp',
  'chain-shirt': 'icons/equipment/chest/breastplate-scale-grey.webp',
  chainmail: 'icons/equipment/chest/breastplate-metal-scaled-grey.webp',
  'full-plate': 'icons/equipment/chest/breastplate-collared-steel.webp',
  'gauntlet-locked': 'icons/equipment/hand/gauntlet-armored-steel-grey.webp',
  'half-plate': 'icons/equipment/chest/breastplate-cuirass-steel-grey.webp',
  hide: 'icons/equipment/chest/vest-cloth-tattered-tan.webp',
  leather: 'icons/equipment/chest/breastplate-scale-leather.webp',
  padded: 'icons/equipment/chest/breastplate-quilted-brown.webp',
  'scale-mail': 'icons/equipment/chest/breastplate-banded-steel.webp',
  'shield-heavy-steel': 'icons/equipment/shield/heater-steel-spiral.webp',
  'shield-heavy-wooden': 'icons/equipment/shield/round-wooden-boss-gold-brown.webp',
  'shield-light-steel': 'icons/equipment/shield/heater-embossed-gold.webp',
  'shield-light-wooden': 'icons/equipment/shield/round-wooden-boss-steel-brown.webp',
  'shield-spikes': 'icons/equipment/shield/kite-decorative-steel-claws.webp',
  'shield-tower': 'icons/equipment/shield/wardoor-wooden-boss-brown.webp',
  'splint-mail': 'icons/equipment/chest/breastplate-layered-steel.webp',
  'studded-leather': 'icons/equipment/chest/breastplate-rivited-red.webp',
};

/** Feats by category, spells, powers and creature types. */
export const KIND_ICONS = {
  featGeneral: 'icons/skills/melee/strike-sword-steel-yellow.webp',
  featEpic: 'icons/magic/symbols/star-rising-purple.webp',
  featMetamagic: 'icons/magic/light/orbs-hand-gray.webp',
  featPsionic: 'icons/magic/control/hypnosis-mesmerism-eye.webp',
  spell: 'icons/magic/light/explosion-star-blue.webp',
  power: 'icons/magic/control/energy-stream-link-blue.webp',
  classHeroic: 'icons/environment/people/infantry-armored.webp',
  creatureType: 'icons/creatures/abilities/paw-print-yellow.webp',
  gear: 'icons/containers/bags/pack-simple-leather.webp',
  armorAbility: 'icons/magic/defensive/armor-shield-barrier-steel.webp',
  weaponAbility: 'icons/magic/fire/dagger-rune-enchant-flame-blue.webp',
} as const;

/** The core icon for an SRD weapon, armor or shield id (`longsword`, `d20m-hunting-rifle`…). */
export function gearIcon(id: string): string | undefined {
  const key = id.replace(/^(srd|d20m)-/, '');
  return WEAPONS[key] ?? ARMOR[key];
}

/** Every core icon path the pack generators may write (for the build's check). */
export const CORE_ICONS: ReadonlySet<string> = new Set([
  ...Object.values(WEAPONS),
  ...Object.values(ARMOR),
  ...Object.values(KIND_ICONS),
]);
