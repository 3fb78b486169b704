/**
 * Casting a damaging spell or power from the sheet onto the area damage card, with the armor
 * metamagic (metapsionic) feats of GnG Appendix 4: "Armor piercing" (+2 slot levels / +4 power
 * points, half Protection) and "Armor ignoring" (+4 / +8, no Protection), offered only to a caster
 * with the feat. The caster's owner asks the active GM (`gng.castAreaSpell`); the GM checks that the
 * sender owns the caster, that the caster has the feat, that the raised slot exists (at most 9th) or
 * the raised cost is within the manifester level, and posts the area card (src/cards/area/) for the
 * sender's targets with the option on it, and spends the slot (the raised one) or the power points on the
 * cast card (src/cards/cast/), refusing when none are left. Decisions: docs/rules.md "Spells, powers and the smaller
 * rules of issue #18".
 */
import { DAMAGE_TYPES, damageTypeData } from '../config/damage-types.js';
import {
  ARMOR_METAMAGIC,
  ARMOR_METAMAGIC_FEATS,
  armorPowerCost,
  armorSpellSlot,
  type ArmorMetamagic,
} from '../rules/index.js';
import {
  askGM,
  refusal,
  Refusal,
  serialized,
  type CardActionResult,
  type GMQueryContext,
  payload,
} from '../cards/kernel/index.js';
import type { AreaMetamagic } from '../cards/area/area-state.js';
import { areaModule } from '../cards/area/area-register.js';
import { castModule } from '../cards/cast/cast-register.js';
import { castingLevel } from './casting-level.js';
import { CAST_AREA_SPELL_QUERY } from './magic-register.js';

export { CAST_AREA_SPELL_QUERY };

/** The armor metamagic options `caster` has the feat for, for a spell or a power. */
export function metamagicChoices(caster: Actor, kind: 'spell' | 'power'): ArmorMetamagic[] {
  const feats = caster.system.derived?.feats ?? [];
  return ARMOR_METAMAGIC.filter((option) => feats.includes(ARMOR_METAMAGIC_FEATS[kind][option]));
}

/**
 * The slot level or power point cost of `spell` with `option` (none: its own level / points), and
 * whether it may be cast so; `level` is the caster (manifester) level after negative levels.
 */
export function metamagicCost(
  spell: Item,
  option: ArmorMetamagic | 'none',
  level: number,
): { base: number; cost: number; possible: boolean } {
  const sys = spell.system as { level?: number; powerPoints?: number };
  if (spell.type === 'spell') {
    const base = sys.level ?? 0;
    if (option === 'none') return { base, cost: base, possible: true };
    const slot = armorSpellSlot(base, option);
    return { base, cost: slot.slotLevel, possible: slot.possible };
  }
  const base = sys.powerPoints ?? 0;
  if (option === 'none') return { base, cost: base, possible: true };
  const power = armorPowerCost(base, option, level);
  return { base, cost: power.cost, possible: power.possible };
}

export interface AreaCastOptions {
  /** The damage formula, rolled once (e.g. `6d6`). */
  damage: string;
  /** Reflex DC for half. */
  saveDc: number;
  damageType?: string;
  /** Armor Piercing / Ignoring Spell or Power (the caster must have the feat). */
  metamagic?: ArmorMetamagic | 'none';
  /** Caster (manifester) level; default the caster's level. Negative levels are taken off. */
  casterLevel?: number;
  /** Default: the user's targeted tokens. */
  targets?: Actor[];
}

/**
 * `caster` (owned by the user) casts `spell` (a spell or power it has) as area damage on the user's
 * targets: the active GM posts the area card. Resolves with the card, or null (refused: a warning).
 */
export async function castAreaSpell(
  caster: Actor,
  spell: Item,
  options: AreaCastOptions,
): Promise<ChatMessage | null> {
  const targets = options.targets ?? [...game.user.targets].map((token) => token.actor).filter((a) => !!a);
  const result = await askGM(CAST_AREA_SPELL_QUERY, {
    spellUuid: spell.uuid,
    damage: options.damage,
    saveDc: options.saveDc,
    metamagic: options.metamagic ?? 'none',
    targetUuids: (targets as Actor[]).map((actor) => actor.uuid),
    ...(options.damageType ? { damageType: options.damageType } : {}),
    ...(options.casterLevel === undefined ? {} : { casterLevel: options.casterLevel }),
  });
  return result.ok && result.messageId ? (game.messages.get(result.messageId) ?? null) : null;
}

/** A text of 1 to `max` characters. */
const text = (max: number) => ({ kind: 'str', min: 1, max }) as const;

/** The request: the spell, its damage and DC, a metamagic option, its targets (up to 50), a damage type, a caster level. */
const parseAreaSpell = payload({
  spellUuid: text(300),
  damage: text(100),
  saveDc: 'int',
  metamagic: ['none', ...ARMOR_METAMAGIC],
  targetUuids: { kind: text(300), list: true, max: 50 },
  damageType: { ...text(30), optional: true },
  casterLevel: 'int?',
});

/** `gng.castAreaSpell` on the active GM: every check from the documents, then the area card. */
export async function handleCastAreaSpell(
  data: Record<string, unknown>,
  sender: User,
  { rollMode }: GMQueryContext,
): Promise<CardActionResult> {
  const bad = () => refusal(new Refusal('GNG.Error.Card.BadRequest'));
  try {
    parseAreaSpell(data);
  } catch (error) {
    return refusal(error);
  }
  const { spellUuid, damage, saveDc, metamagic, targetUuids, damageType, casterLevel } = data as {
    spellUuid: string;
    damage: string;
    saveDc: number;
    metamagic: string;
    targetUuids: string[];
    damageType?: string;
    casterLevel?: number;
  };
  const spell = (await fromUuid(spellUuid)) as Item | null;
  const caster = (spell?.parent ?? null) as Actor | null;
  if (
    !spell ||
    !caster ||
    caster.documentName !== 'Actor' ||
    (spell.type !== 'spell' && spell.type !== 'power')
  )
    return bad();
  if (!caster.testUserPermission(sender, 'OWNER'))
    return refusal(new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: caster.name }));
  const kind = spell.type as 'spell' | 'power';
  const option = metamagic as ArmorMetamagic | 'none';
  if (option !== 'none' && !metamagicChoices(caster, kind).includes(option))
    return refusal(
      new Refusal('GNG.Cast.Error.NoFeat', {
        name: caster.name,
        feat: game.i18n.localize(`GNG.Cast.Feat.${kind}-${option}`),
      }),
    );
  const effective = castingLevel(caster, casterLevel, sender);
  const cost = metamagicCost(spell, option, effective);
  if (!cost.possible)
    return refusal(
      new Refusal(kind === 'spell' ? 'GNG.Cast.Error.SlotTooHigh' : 'GNG.Cast.Error.CostTooHigh', {
        name: spell.name,
        cost: cost.cost,
        level: effective,
      }),
    );
  const targets: Actor[] = [];
  for (const uuid of targetUuids as string[]) {
    const actor = (await fromUuid(uuid)) as Actor | null;
    if (!actor || actor.documentName !== 'Actor') return bad();
    targets.push(actor);
  }
  if (!targets.length) return refusal(new Refusal('GNG.Area.Error.NoTargets'));
  // One of the damage types (the dialog's list): "Fire" would miss the target's fire resistance.
  if (typeof damageType === 'string' && !(DAMAGE_TYPES as readonly string[]).includes(damageType))
    return refusal(new Refusal('GNG.Area.Error.DamageType', damageTypeData(damageType)));
  const applied: AreaMetamagic | undefined =
    option === 'none'
      ? undefined
      : { option, kind, caster: caster.name, name: spell.name, base: cost.base, cost: cost.cost };
  const cards = await castModule();
  // In the caster's queue: the slot or points are read, checked and spent by one cast at a time.
  return serialized([caster.uuid], async () => {
    // Refused before anything changes: no slot of the level (or too few power points) left.
    const spend = cards.checkSpend(caster, spell, cards.castCostOf(spell, cost.cost));
    const message = await (
      await areaModule()
    ).startAreaDamage({
      damage,
      saveDc,
      targets,
      ...(typeof damageType === 'string' ? { damageType } : {}),
      // A spell's damage follows the world's high magic option (Appendix 2); a power's does not.
      ...(kind === 'spell' ? { spell: { level: cost.base, casterLevel: effective } } : {}),
      ...(applied ? { metamagic: applied } : {}),
      source: { caster: caster.name, spell: spell.name },
      rollMode,
      roller: sender,
    });
    if (!message) throw new Refusal('GNG.Area.Error.BadOptions');
    // The spend and its card (with the Undo); a caster that keeps no pool spends nothing, no card.
    if (spend.kind !== 'untracked') await cards.recordCast({ caster, spell, sender, spend, rollMode });
    return { ok: true, messageId: message.id as string };
  });
}
