/**
 * The attacks of a bestiary actor (`actor-source.ts`) as weapon items the attack card uses: one per
 * distinct attack of the stat block, with the printed damage dice and bonus (Strength in it:
 * `strength: "none"`; the enhancement apart, since the card adds it), the damage types, touch, and
 * for a wielded weapon the weapons pack's category, use and range increment. Natural weapons and
 * other attacks are simple light weapons (every creature is proficient with them). The printed attack
 * bonus of the first attack is the item's fixed `attackBonus` (the attack card and the odds roll it);
 * all of them, the count, reach and threat range are kept in `flags.gng.srdAttack`; extra energy damage and
 * effects are named in the description (the card does not roll them).
 *
 * Pure (no Foundry): the pack script and the importer in Foundry build the same items.
 */
import { DAMAGE_TYPES } from '../config/damage-types.js';
import type { ConvertedCreature } from '../rules/bestiary/convert.js';
import type { ConvertedAttack } from '../rules/bestiary/attacks.js';
import type { BestiaryReferences, BestiaryWeapon } from './references.js';

type Doc = Record<string, unknown>;

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The weapon an attack's name names (the longest name found in it; the first by name on a tie), or null. */
function namedWeapon(name: string, weapons: readonly BestiaryWeapon[]): BestiaryWeapon | null {
  const n = ` ${name.toLowerCase().replace(/s\b/g, '')} `;
  let best: BestiaryWeapon | null = null;
  let bestKey = '';
  for (const w of weapons) {
    if (!w.damages) continue;
    const key = w.name.toLowerCase().replace(/s\b/g, '');
    if (!n.includes(` ${key} `)) continue;
    if (key.length > bestKey.length || (key.length === bestKey.length && key < bestKey)) {
      best = w;
      bestKey = key;
    }
  }
  return best;
}

/** The dice the card rolls: the printed dice and bonus without the enhancement (the card adds it). */
export function damageDice(a: ConvertedAttack): string {
  const d = a.damage;
  if (!d) return '';
  const bonus = d.bonus - a.enhancement;
  if (d.count === 0) return String(Math.max(0, bonus));
  return `${d.count}d${d.faces}${bonus === 0 ? '' : bonus > 0 ? `+${bonus}` : `-${-bonus}`}`;
}

const WEAPON_DAMAGE_TYPES: ReadonlySet<string> = new Set(DAMAGE_TYPES);

function attackDescription(a: ConvertedAttack): string {
  const lines = [
    `<p>As printed: <em>${escapeHtml(a.text.trim())}</em>.</p>`,
    `<p>${a.kind === 'natural' ? 'Natural weapon' : a.kind === 'weapon' ? 'Weapon' : 'Special attack'}${a.count > 1 ? `, ${a.count} attacks` : ''}${a.reach !== null ? `, reach ${a.reach} feet` : ''}. The damage is the printed damage (its Strength included); ${a.bonuses.length ? `the attack rolls the printed bonus ${a.bonuses.map((b) => (b < 0 ? `${b}` : `+${b}`)).join('/')} (its fixed attack bonus), with injury, conditions and effects` : 'the attack card rolls the bonus the sheet derives'}.</p>`,
  ];
  const more = [...a.extraDamage.map((x) => `plus ${x.text}${x.type ? ` ${x.type}` : ''}`), ...a.effects];
  if (more.length) lines.push(`<p>Not rolled by the card: ${more.map((m) => escapeHtml(m)).join('; ')}.</p>`);
  return lines.join('');
}

/** The weapon use of an attack: the named weapon's (a melee attack with a ranged one is one-handed). */
function weaponUse(weapon: BestiaryWeapon | null, ranged: boolean): string {
  if (!weapon) return ranged ? 'ranged' : 'light';
  if (ranged) return weapon.use === 'ranged' ? 'ranged' : 'thrown';
  return weapon.use === 'ranged' || weapon.use === 'thrown' || weapon.use === 'unarmed'
    ? 'one-handed'
    : weapon.use;
}

/** The weapon items of the attacks (one per distinct attack; attacks that deal no HP damage are left out). */
export function weaponItems(actorId: string, c: ConvertedCreature, refs: BestiaryReferences): Doc[] {
  const seen = new Set<string>();
  const items: Doc[] = [];
  for (const routine of c.attacks) {
    for (const a of routine) {
      if (!a.damage) continue;
      const key = `${a.name.toLowerCase()}|${a.mode}|${a.damage.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const weapon = a.kind === 'weapon' ? namedWeapon(a.name, refs.weapons) : null;
      const ranged = a.mode === 'ranged';
      const id = refs.id(`srd35/monsters/${c.id}/attack/${key}`);
      items.push({
        _id: id,
        _key: `!actors.items!${actorId}.${id}`,
        name: capitalize(a.name.trim()),
        type: 'weapon',
        img: ranged ? 'icons/svg/target.svg' : 'icons/svg/sword.svg',
        system: {
          description: attackDescription(a),
          category: weapon ? weapon.category : 'simple',
          use: weaponUse(weapon, ranged),
          size: c.size,
          damage: { [c.size]: damageDice(a) },
          damageTypes: a.damageTypes.filter((t) => WEAPON_DAMAGE_TYPES.has(t)),
          rangeIncrement: ranged ? (weapon?.rangeIncrement ?? 0) : 0,
          touch: a.touch,
          enhancement: a.enhancement,
          // The printed bonus of its first attack (Weapon Focus, secondary attacks, all in it).
          attackBonus: a.bonuses[0] ?? null,
          strength: 'none',
          equipped: true,
          weight: 0,
        },
        effects: [],
        flags: {
          gng: {
            srdAttack: {
              text: a.text.trim(),
              kind: a.kind,
              mode: a.mode,
              count: a.count,
              bonuses: a.bonuses,
              reach: a.reach,
              critical: { range: a.critRange, multiplier: a.critMultiplier },
            },
          },
        },
      });
    }
  }
  return items;
}
