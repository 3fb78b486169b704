/**
 * Casting an Appendix 5 weapon spell or power (armor piercing / ignoring weapon, the fangs, Iron
 * Claw) from the sheet: the spell's item-targeted effect (`system.bypass`, src/data/item/
 * item-effects.ts) is put on the chosen weapon for "10 minutes/level" of the world clock (the clock's
 * expiry ends it: src/combat/world-time.ts), so the attack card reads the weapon as armor piercing
 * or ignoring while it lasts. The caster level counts energy drain's negative levels (engine
 * `effectiveLevel`).
 *
 * Every cast goes to the active GM through the `gng.castWeaponSpell` query, which checks the sender
 * owns the caster, re-derives everything from the documents, spends the slot or power points and
 * posts the cast card (src/cards/cast/: what it did and spent, and its Undo).
 * Decisions: docs/rules.md "Spells, powers and the smaller rules of issue #18".
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { effectItemTarget } from '../data/item/item-effects.js';
import { castModule } from '../cards/cast/cast-register.js';
import { castingLevel } from './casting-level.js';
import { CAST_WEAPON_SPELL_QUERY } from './magic-register.js';
import {
  ironClawCost,
  weaponEnchantmentSeconds,
  WEAPON_ENCHANTMENTS,
  type WeaponEnchantment,
} from '../rules/index.js';
import {
  askGM,
  refusal,
  Refusal,
  serialized,
  type CardActionResult,
  type GMQueryContext,
  type RollMode,
  payload,
} from '../cards/kernel/index.js';
import { f } from '../format.js';

export { CAST_WEAPON_SPELL_QUERY };

/** The Appendix 5 enchantment a spell or power item casts, or null. */
export function enchantmentOf(
  item: Item | null | undefined,
): { id: WeaponEnchantment; bypass: 'piercing' | 'ignoring'; natural: boolean } | null {
  if (!item || (item.type !== 'spell' && item.type !== 'power')) return null;
  const id = item.flags?.[SYSTEM_ID]?.identifier;
  if (typeof id !== 'string' || !Object.hasOwn(WEAPON_ENCHANTMENTS, id)) return null;
  // A spell and a power share the identifier "armor-piercing-weapon": the item's type says which.
  return { id: id as WeaponEnchantment, ...WEAPON_ENCHANTMENTS[id as WeaponEnchantment] };
}

/**
 * A natural weapon (decision): a weapon item used `unarmed` — claws, bites, slams and the fist of an
 * unarmed strike ("a slam attack, fist, bite, or other natural weapon").
 */
export function isNaturalWeapon(item: Item): boolean {
  return item.type === 'weapon' && (item.system as { use?: string }).use === 'unarmed';
}

/** Whether the enchantment of `spell` (cast by `caster`) may go on `weapon`, or the lang key of why not. */
export function weaponRefusal(spell: Item, caster: Actor, weapon: Item): string | null {
  const e = enchantmentOf(spell);
  if (!e) return 'GNG.Cast.Error.NotWeaponSpell';
  if (weapon.type !== 'weapon' || !weapon.parent) return 'GNG.Cast.Error.NotWeapon';
  // "You cannot cast this spell on a natural weapon"; the fangs and Iron Claw take only natural ones.
  if (isNaturalWeapon(weapon) !== e.natural)
    return e.natural ? 'GNG.Cast.Error.NotNatural' : 'GNG.Cast.Error.Natural';
  // Iron Claw: "Range: Personal … Target: You".
  if (e.id === 'iron-claw' && weapon.parent !== caster) return 'GNG.Cast.Error.Personal';
  return null;
}

/**
 * The weapons `spell` may go on for `caster` as the user sees it: the caster's own, and (spells with
 * a range: the weapon spells, the fangs) the user's targeted creatures'.
 */
export function weaponChoices(spell: Item, caster: Actor, user: User = game.user): Item[] {
  const e = enchantmentOf(spell);
  if (!e) return [];
  const actors = [caster];
  if (e.id !== 'iron-claw')
    for (const token of user.targets ?? [])
      if (token.actor && !actors.includes(token.actor)) actors.push(token.actor);
  return actors.flatMap((actor) =>
    [...actor.items].filter((item) => weaponRefusal(spell, caster, item) === null),
  );
}

/** What a cast did: the effects it made, the caster level it counted, the duration and the cost. */
export interface WeaponCast {
  effects: ActiveEffect[];
  casterLevel: number;
  seconds: number;
  /** Slot level (a spell) or power points (a power; Iron Claw: 5 + 4 per extra weapon). */
  cost: number;
}

/** Puts the enchantment on the weapons (the caller checked who may): one timed effect each, a chat line. */
async function enchant(
  spell: Item,
  caster: Actor,
  weapons: Item[],
  given: number | undefined,
  mode: { rollMode: RollMode; roller: User },
): Promise<WeaponCast> {
  const e = enchantmentOf(spell);
  if (!e) throw new Refusal('GNG.Cast.Error.NotWeaponSpell');
  if (!weapons.length || (weapons.length > 1 && e.id !== 'iron-claw'))
    throw new Refusal('GNG.Cast.Error.WeaponCount');
  for (const weapon of weapons) {
    const why = weaponRefusal(spell, caster, weapon);
    if (why) throw new Refusal(why, { weapon: weapon.name });
  }
  const casterLevel = castingLevel(caster, given, mode.roller);
  const seconds = weaponEnchantmentSeconds(casterLevel);
  if (seconds <= 0) throw new Refusal('GNG.Cast.Error.NoLevel', { name: caster.name });
  const sys = spell.system as { level?: number; powerPoints?: number };
  const cost =
    spell.type === 'spell'
      ? (sys.level ?? 0)
      : e.id === 'iron-claw'
        ? ironClawCost(weapons.length)
        : (sys.powerPoints ?? 0);
  const template = [...spell.effects].find((effect) => effectItemTarget(effect) === 'weapon');
  if (!template) throw new Refusal('GNG.Cast.Error.NotWeaponSpell');
  const cards = await castModule();
  // Refused before anything changes: no slot of the level (or too few power points) left.
  const spend = cards.checkSpend(caster, spell, cards.castCostOf(spell, cost));
  const start = game.time.worldTime;
  const effects: ActiveEffect[] = [];
  for (const weapon of weapons) {
    const { _id: _unused, ...source } = template.toObject() as Record<string, unknown> & {
      flags?: Record<string, Record<string, unknown>>;
    };
    const data = {
      ...source,
      transfer: false,
      disabled: false,
      origin: spell.uuid,
      duration: { seconds, startTime: start },
      flags: {
        ...(source.flags ?? {}),
        [SYSTEM_ID]: { ...(source.flags?.[SYSTEM_ID] ?? {}), source: spell.uuid, startTime: start },
      },
    };
    effects.push(...((await weapon.createEmbeddedDocuments('ActiveEffect', [data])) as ActiveEffect[]));
  }
  // The cast card: what it did, what it spent, and an Undo that takes both back.
  await cards.recordCast({
    caster,
    spell,
    sender: mode.roller,
    spend,
    effects,
    rollMode: mode.rollMode,
    // A lang key and its data: each client words the card's line in its language (issue #34).
    line: {
      key: spell.type === 'spell' ? 'GNG.Cast.WeaponSpellCast' : 'GNG.Cast.WeaponPowerCast',
      data: {
        caster: caster.name,
        spell: spell.name,
        weapons: weapons.map((w) => `${w.name} (${w.parent?.name ?? ''})`).join(', '),
        bypass: { key: `GNG.Bypass.${e.bypass}` },
        minutes: seconds / 60,
        level: casterLevel,
        cost,
      },
    },
  });
  return { effects, casterLevel, seconds, cost };
}

export interface WeaponCastOptions {
  /** The weapons (one; Iron Claw augmented: several natural weapons of the caster). */
  weapons: Item[];
  /** Caster or manifester level (default: the caster's level); negative levels are taken off. */
  casterLevel?: number;
}

/**
 * `caster` (owned by the user) casts `spell` (one of its items) on `options.weapons`. The owner's
 * client does it for weapons the user owns; otherwise the active GM does it (`gng.castWeaponSpell`).
 * Resolves with what it did, or null (refused: a warning says why).
 */
export async function castWeaponSpell(
  caster: Actor,
  spell: Item,
  options: WeaponCastOptions,
): Promise<WeaponCast | null> {
  if (!caster.isOwner || spell.parent !== caster) {
    ui.notifications.warn(f('GNG.Error.Attack.NotAttackerOwner', { name: caster.name }));
    return null;
  }
  // Always the active GM's: the cast spends the caster's slot or power points (issue #33).
  const result = await askGM(CAST_WEAPON_SPELL_QUERY, {
    spellUuid: spell.uuid,
    weaponUuids: options.weapons.map((weapon) => weapon.uuid),
    ...(options.casterLevel === undefined ? {} : { casterLevel: options.casterLevel }),
  });
  if (!result.ok) return null;
  const data = result.data as { effects: string[]; casterLevel: number; seconds: number; cost: number };
  const effects = options.weapons.flatMap((weapon) =>
    data.effects.map((id) => weapon.effects.get(id)).filter((e): e is ActiveEffect => !!e),
  );
  return { effects, casterLevel: data.casterLevel, seconds: data.seconds, cost: data.cost };
}

/** A caster level that is a number but no finite one is the level's refusal (casting-level.ts); any other value a bad request. */
const levelRefusal = (level: unknown) =>
  new Refusal(typeof level === 'number' ? 'GNG.Cast.Error.Level' : 'GNG.Error.Card.BadRequest');

/** The request: the spell, the weapons (1 to 20, each once: one named twice would be paid for and enchanted twice), a caster level. */
const parseWeaponSpell = payload(
  {
    spellUuid: 'str',
    weaponUuids: { kind: 'str', list: true, min: 1, max: 20 },
    casterLevel: { kind: 'num', optional: true, error: levelRefusal },
  },
  'GNG.Error.Card.BadRequest',
  ({ weaponUuids }) => {
    if (new Set(weaponUuids as string[]).size !== (weaponUuids as string[]).length)
      throw new Refusal('GNG.Error.Card.BadRequest');
  },
);

/** `gng.castWeaponSpell` on the active GM: the sender must own the caster; the rest is re-derived. */
export async function handleCastWeaponSpell(
  data: Record<string, unknown>,
  sender: User,
  { rollMode }: GMQueryContext,
): Promise<CardActionResult> {
  try {
    parseWeaponSpell(data);
  } catch (error) {
    return refusal(error);
  }
  const { spellUuid, weaponUuids, casterLevel } = data as {
    spellUuid: string;
    weaponUuids: string[];
    casterLevel?: number;
  };
  const spell = (await fromUuid(spellUuid)) as Item | null;
  const caster = (spell?.parent ?? null) as Actor | null;
  if (!spell || !caster || caster.documentName !== 'Actor' || !enchantmentOf(spell))
    return refusal(new Refusal('GNG.Error.Card.BadRequest'));
  if (!caster.testUserPermission(sender, 'OWNER'))
    return refusal(new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: caster.name }));
  const weapons: Item[] = [];
  for (const uuid of weaponUuids as string[]) {
    const weapon = (await fromUuid(uuid)) as Item | null;
    if (!weapon || weapon.documentName !== 'Item') return refusal(new Refusal('GNG.Error.Card.BadRequest'));
    weapons.push(weapon);
  }
  // In the caster's queue: the slot or points are read, checked and spent by one cast at a time.
  return serialized([caster.uuid], async () => {
    const cast = await enchant(spell, caster, weapons, casterLevel as number | undefined, {
      rollMode,
      roller: sender,
    });
    return {
      ok: true,
      data: {
        effects: cast.effects.map((effect) => effect.id as string),
        casterLevel: cast.casterLevel,
        seconds: cast.seconds,
        cost: cast.cost,
      },
    };
  });
}
