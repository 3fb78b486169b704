/**
 * The numbers of the actor sheets with their breakdowns (the combat panel's Defense, Protection and
 * HP; an attack row's bonus) and the header's HP bar: labels, signs and sources for what the data
 * model derived. Formatting only — every number comes from `system` / `system.derived`.
 */
import {
  PROTECTION_PARTS,
  type DefenseBreakdown,
  type DefensePart,
  type DefenseSpec,
} from '../../rules/index.js';
import type { CreatureData } from '../../data/actor/creature-data.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import { itemizedAttackParts } from '../../cards/attack/attack-preview.js';
import { roundsOf } from '../../combat/ammunition.js';
import { defaultItemImage } from '../../config/item-images.js';
import { t, f, word, signed } from '../../format.js';

/** One line of a breakdown: what contributes, from where, and how much. */
export interface BreakdownLine {
  label: string;
  source?: string;
  value: string;
  /** A part that a condition took away (shown struck through, not counted). */
  removed?: boolean;
}

/** A number of the combat panel with its breakdown (shown on hover and keyboard focus). */
export interface StatView {
  /** DOM id of the breakdown (unique per actor), for `aria-describedby`. */
  id: string;
  key: string;
  label: string;
  value: string;
  /** A smaller line under the value (the HP's temporary HP). */
  sub?: string;
  lines: BreakdownLine[];
  notes: string[];
}

/**
 * A combat model's defense as its block of the combat panel shows it (the Saga-style, the Enlightened
 * Grognard, the Time Count): its value, the parts that count (not the zeros) and the total; `model`
 * names the block in the breakdown's DOM id.
 */
export function modelDefenseStat(actor: Actor, spec: DefenseSpec, model: string, label: string): StatView {
  const value = spec.kind === 'static' ? spec.value : spec.bonus;
  return {
    id: `gng-${actor.id}-${model}-${spec.id}`,
    key: `defense-${spec.id}`,
    label,
    value: String(value),
    lines: [
      ...spec.parts
        .filter((part) => part.value !== 0)
        .map((part) => ({ label: word(part.label), value: signed(part.value) })),
      { label, value: `= ${value}` },
    ],
    notes: [],
  };
}

/** A condition or defender state (e.g. `flat-footed`, `behind-cover`, `touch attack`), localized. */
export function stateLabel(id: string): string {
  for (const prefix of ['GNG.Status', 'GNG.DefenseState']) {
    const key = `${prefix}.${id}`;
    if (game.i18n.has(key)) return t(key);
  }
  return id;
}

/** Engine notes are English reminders; the ones we know are shown localized. */
function defenseNote(note: string): string {
  return note.startsWith('Roll randomly') ? t('GNG.Defense.Note.GrappleRandomTarget') : note;
}

export function defenseView(actor: Actor, system: CreatureData, attack: 'melee' | 'ranged'): StatView {
  const breakdown = system.defense[attack] as DefenseBreakdown;
  const derived = system.derived;
  const itemName = (id: string | null) => (id ? (actor.items.get(id)?.name ?? '') : '');
  const classes = derived.classes.map((c) => `${c.name} ${c.levels}`).join(', ');
  const sources: Partial<Record<DefensePart, string>> = {
    dexterity: t('GNG.Ability.dex.long'),
    class: classes,
    armorCheck: itemName(derived.equippedArmorId),
    encumbrance: t(`GNG.Load.${derived.encumbrance.load}`),
    size: t(`GNG.Size.${system.size}`),
    shield: itemName(derived.equippedShieldId),
    shieldEnhancement: itemName(derived.equippedShieldId),
    injury: t(`GNG.Injury.${derived.hp.injury.level}`),
  };
  const lines: BreakdownLine[] = [];
  for (const [part, value] of Object.entries(breakdown.parts) as [DefensePart, number][]) {
    if (value === 0 || part === 'situation' || part === 'conditions') continue;
    const source =
      sources[part] ?? (game.i18n.has(`GNG.Defense.Source.${part}`) ? t(`GNG.Defense.Source.${part}`) : '');
    lines.push({ label: t(`GNG.Defense.Part.${part}`), value: signed(value), ...(source ? { source } : {}) });
  }
  for (const modifier of breakdown.modifiers) {
    lines.push({
      label: stateLabel(modifier.source),
      source: t('GNG.Defense.Source.condition'),
      value: signed(modifier.value),
    });
  }
  for (const removed of breakdown.removed) {
    lines.push({
      label: t(`GNG.Defense.Part.${removed.part}`),
      source: f('GNG.Defense.LostTo', { reasons: removed.reasons.map(stateLabel).join(', ') }),
      value: signed(removed.value),
      removed: true,
    });
  }
  const notes = breakdown.notes.map(defenseNote);
  if (breakdown.autoRollOne) notes.unshift(t('GNG.Defense.AutoRollOne'));
  return {
    id: `gng-${actor.id}-defense-${attack}`,
    key: `defense-${attack}`,
    label: t(`GNG.Sheet.Combat.Defense.${attack}`),
    value: signed(breakdown.total),
    lines,
    notes,
  };
}

/**
 * A defense of the world's combat model that no one rolls (issue #26): a static value to beat (or a
 * rolled model's bonus) with the model's breakdown (`derived.modelDefenses`). The combat panel shows
 * these instead of GnG's Defense under a model without rolled Defense.
 */
export function modelDefenseView(actor: Actor, spec: DefenseSpec): StatView {
  const key = `GNG.Sheet.Combat.Defense.${spec.id}`;
  const label = game.i18n.has(key) ? t(key) : f('GNG.Sheet.Combat.ModelDefense', { name: spec.id });
  const id = spec.id.replace(/[^\w-]/g, '-');
  return {
    id: `gng-${actor.id}-defense-${id}`,
    key: `defense-${id}`,
    label,
    value: spec.kind === 'static' ? String(spec.value) : signed(spec.bonus),
    lines: spec.parts.map((part) => ({ label: word(part.label), value: signed(part.value) })),
    notes: [],
  };
}

export function protectionView(actor: Actor, system: CreatureData): StatView {
  const p = system.derived.protection;
  const armorName = system.derived.equippedArmorId
    ? (actor.items.get(system.derived.equippedArmorId)?.name ?? '')
    : '';
  const lines: BreakdownLine[] = PROTECTION_PARTS.filter((part) => p[part] !== 0).map((part) => ({
    label: t(`GNG.Protection.Part.${part}`),
    value: signed(p[part]),
    ...(part === 'armor' && armorName ? { source: armorName } : {}),
  }));
  const notes =
    p.fortification !== 'none'
      ? [f('GNG.Protection.Fortification', { value: t(`GNG.Fortification.${p.fortification}`) })]
      : [];
  return {
    id: `gng-${actor.id}-protection`,
    key: 'protection',
    label: t('GNG.Sheet.Combat.Protection'),
    value: String(p.total),
    lines,
    notes,
  };
}

export function hpView(actor: Actor, system: CreatureData): StatView {
  const derived = system.derived.hp;
  const optional = ['toughness', 'other'];
  const lines: BreakdownLine[] = derived.breakdown
    .filter((part) => !(part.value === 0 && optional.some((key) => part.label.endsWith(`.${key}`))))
    .map((part) => {
      const key = part.label.split('.').pop() as string;
      const value =
        key === 'multiplier'
          ? `× ${part.value}`
          : key === 'base' || key === 'exact'
            ? `= ${part.value}`
            : key === 'constitution'
              ? String(part.value)
              : signed(part.value);
      return { label: word(part.label), value };
    });
  lines.push({ label: t('GNG.Sheet.Combat.MaxHp'), value: `= ${derived.max}` });
  const notes = [injuryText(system)];
  if (system.hp.nonlethal) notes.push(f('GNG.Sheet.Combat.Nonlethal', { value: system.hp.nonlethal }));
  if (system.hp.temp) notes.push(f('GNG.Sheet.Combat.TempHp', { value: system.hp.temp }));
  return {
    id: `gng-${actor.id}-hp`,
    key: 'hp',
    label: t('GNG.Sheet.Combat.HitPoints'),
    value: `${system.hp.value} / ${derived.max}`,
    // Temporary HP beside the HP (they soak damage first): "23 / 23", under it "(+5 temporary)".
    sub: system.hp.temp ? f('GNG.Sheet.Combat.TempHpBeside', { temp: system.hp.temp }) : undefined,
    lines,
    notes,
  };
}

/** The initiative modifier (engine `initiativeModifier`): Dex, Improved Initiative, conditions, injury, effects. */
export function initiativeView(actor: Actor, system: CreatureData): StatView {
  const b = system.derived.initiativeBreakdown;
  const feat = actor.items.find(
    (i) => i.type === 'feat' && (i.system as { identifier?: string }).identifier === 'improved-initiative',
  );
  const line = (label: string, value: number, source?: string): BreakdownLine => ({
    label,
    value: signed(value),
    ...(source ? { source } : {}),
  });
  const lines: BreakdownLine[] = [line(t('GNG.Ability.dex.long'), b.dexterity)];
  if (b.improvedInitiative) {
    // The feat's item is named only when its name says more than the line's label.
    const label = t('GNG.Initiative.ImprovedInitiative');
    lines.push(line(label, b.improvedInitiative, feat?.name === label ? undefined : feat?.name));
  }
  for (const c of b.conditions)
    lines.push(line(stateLabel(c.condition), c.value, t('GNG.Defense.Source.condition')));
  if (b.injury)
    lines.push(line(t('GNG.Breakdown.Injury'), b.injury, t(`GNG.Injury.${system.derived.hp.injury.level}`)));
  if (b.effects) lines.push(line(t('GNG.Breakdown.Effects'), b.effects));
  return {
    id: `gng-${actor.id}-initiative`,
    key: 'initiative',
    label: t('GNG.Sheet.Initiative'),
    value: signed(b.total),
    lines,
    notes: [t('GNG.Initiative.Note')],
  };
}

function injuryText(system: CreatureData): string {
  const injury = system.derived.hp.injury;
  if (injury.immune) return t('GNG.Injury.Immune');
  const grade = t(`GNG.Injury.${injury.level}`);
  return injury.penalty ? `${grade} (${signed(injury.penalty)})` : grade;
}

/** The HP bar of the header: current / max, share filled, and the injury grade. */
export function hpBar(system: CreatureData) {
  const max = system.derived.hp.max;
  const percent = max > 0 ? Math.max(0, Math.min(100, Math.round((system.hp.value / max) * 100))) : 0;
  return {
    value: system.hp.value,
    max,
    percent,
    level: system.derived.hp.injury.level,
    injury: injuryText(system),
  };
}

/**
 * The lines of an attack bonus: the engine's parts with its "base attack, ability and size" part
 * itemized as the dialog and the card show it (`itemizedAttackParts`: the derived base attack bonus,
 * ability and size modifiers), each with its source; parts of 0 after the first are left out.
 */
function attackLines(
  actor: Actor,
  system: CreatureData,
  attack: AttackSummary,
  parts: readonly { label: string; value: number }[] = itemizedAttackParts(actor, attack),
): BreakdownLine[] {
  const sources: Record<string, string> = {
    'GNG.AttackDialog.Part.bab': system.derived.classes.map((c) => `${c.name} ${c.levels}`).join(', '),
    'GNG.AttackDialog.Part.size': t(`GNG.Size.${system.size}`),
  };
  return parts
    .filter((part, index) => index === 0 || part.value !== 0)
    .map((part) => {
      const source = sources[part.label];
      return { label: t(part.label), value: signed(part.value), ...(source ? { source } : {}) };
    });
}

/** A firearm's rounds loaded / magazine on its attack row, and its Reload button's label (null: counts none). */
function roundsView(item: Item | undefined) {
  const rounds = item ? roundsOf(item) : null;
  if (!item || !rounds) return null;
  return {
    text: f('GNG.Ammunition.Loaded', { loaded: rounds.loaded, capacity: rounds.capacity }),
    label: f('GNG.Ammunition.LoadedLabel', {
      weapon: item.name,
      loaded: rounds.loaded,
      capacity: rounds.capacity,
    }),
    empty: rounds.loaded === 0,
    full: rounds.loaded >= rounds.capacity,
    reload: f('GNG.Ammunition.Reload', { weapon: item.name }),
  };
}

/**
 * An attack row of the sheet. `parts`: the bonus's parts under a model that counts them otherwise
 * (Saga: saga-attack-parts.ts, as its card does), the row's bonus then their sum; absent: GnG's.
 */
export function attackView(
  actor: Actor,
  system: CreatureData,
  attack: AttackSummary,
  parts?: readonly { label: string; value: number }[],
) {
  const bonus = parts ? parts.reduce((sum, part) => sum + part.value, 0) : attack.bonus;
  return {
    itemId: attack.itemId,
    img: actor.items.get(attack.itemId)?.img || defaultItemImage('weapon'),
    name: attack.name,
    bonus: signed(bonus),
    damage: attack.damage,
    damageTypes: attack.damageTypes.map((type) => t(`GNG.DamageType.${type}`)).join(', '),
    grip: t(`GNG.Grip.${attack.grip}`),
    mode: t(`GNG.AttackMode.${attack.mode}`),
    proficient: attack.proficient,
    rollLabel: f('GNG.Sheet.Attack.Roll', { name: attack.name }),
    rounds: roundsView(actor.items.get(attack.itemId)),
    breakdown: {
      id: `gng-${actor.id}-attack-${attack.itemId}`,
      key: `attack-${attack.itemId}`,
      label: f('GNG.Sheet.Attack.BonusOf', { name: attack.name }),
      value: signed(bonus),
      lines: attackLines(actor, system, attack, parts),
      notes: attack.proficient ? [] : [t('GNG.Sheet.Attack.NotProficient')],
    } satisfies StatView,
  };
}
