/**
 * How the attack card shows what damage reduction, energy resistance and the weapon's Appendix 6
 * properties did to one target's damage (item-properties-damage.ts): one line each, in the order
 * the damage step took them ("Brilliant Energy …", "Sun Blade ×2", "DR 5/silver −5", "Fire
 * resistance −10", "Vicious +2d6 (4, 3) +7", the wielder's 1d6), then, after Apply, the Wounding save.
 */
import type { AttackCardState, CardTarget } from './attack-state.js';
import { immunityWords } from '../kernel/index.js';
import { resolveWounding } from '../../rules/index.js';
import { t, f } from '../../format.js';

const minus = (n: number) => `−${n}`;

/** The damage lines of DR, energy resistance and the weapon's properties (empty: none acted). */
export function damageExtras(
  state: AttackCardState,
  target: CardTarget,
): { label: string; value: string; kind: string }[] {
  const dmg = target.damage;
  const p = dmg?.properties;
  const lines: { label: string; value: string; kind: string }[] = [];
  if (!dmg) return lines;
  const object = target.applied?.properties?.object;
  // A sunder's own section says what the item took (sunder.ts).
  if (object && !target.sunder)
    lines.push({
      label: f('GNG.Attack.Property.Object', {
        item: object.name,
        before: object.before.max > 0 ? object.before.value : object.after.max,
        after: object.after.value,
      }),
      value: t(`GNG.Attack.Property.ObjectState.${object.state}`),
      kind: 'object',
    });
  if (!p) {
    // Cards rolled before issue #18: the pipeline's own DR and energy resistance, if any.
    if (dmg.steps.damageReduction)
      lines.push({
        label: t('GNG.Attack.Step.damageReduction'),
        value: minus(dmg.steps.damageReduction),
        kind: 'dr',
      });
    if (dmg.steps.energyResistance)
      lines.push({
        label: t('GNG.Attack.Step.energyResistance'),
        value: minus(dmg.steps.energyResistance),
        kind: 'er',
      });
    return lines;
  }
  if (p.immune?.length) {
    lines.push({
      label: f('GNG.Attack.Property.Immune', { name: target.name, what: immunityWords(p.immune) }),
      value: '0',
      kind: 'immune',
    });
    return lines;
  }
  if (p.cannotHarm) {
    lines.push({
      label: f('GNG.Attack.Property.CannotHarm', { name: target.name }),
      value: '0',
      kind: 'cannot-harm',
    });
    return lines;
  }
  if (p.brilliantEnergy)
    lines.push({ label: t('GNG.Attack.Property.BrilliantEnergy'), value: '', kind: 'brilliant-energy' });
  if (p.multiplier !== 1)
    lines.push({ label: t('GNG.Attack.Property.SunBlade'), value: `×${p.multiplier}`, kind: 'sun-blade' });
  if (p.damageReduction)
    lines.push({
      label: f('GNG.Attack.Property.DamageReduction', { dr: p.damageReduction.text }),
      value: minus(dmg.steps.damageReduction),
      kind: 'dr',
    });
  for (const dr of p.bypassed)
    lines.push({ label: f('GNG.Attack.Property.Bypassed', { dr }), value: '0', kind: 'dr-bypassed' });
  if (p.energy)
    lines.push({
      label: f('GNG.Attack.Property.EnergyResistance', {
        types: p.energy.types.map((type) => t(`GNG.DamageType.${type}`)).join(', '),
      }),
      value: minus(dmg.steps.energyResistance),
      kind: 'er',
    });
  if (p.vicious) {
    lines.push({
      label: f('GNG.Attack.Property.Vicious', { dice: p.vicious.target.join(', ') }),
      value: `+${p.vicious.targetDamage}`,
      kind: 'vicious',
    });
    // Before Apply: what the wielder will lose; after it, what it lost.
    const wielder = target.applied?.properties?.viciousWielder;
    lines.push({
      label: wielder
        ? f('GNG.Attack.Property.WielderApplied', {
            name: state.attacker.name,
            dice: p.vicious.wielder.join(', '),
            before: wielder.record.snapshot.value,
            after: wielder.record.after?.value ?? '',
          })
        : f('GNG.Attack.Property.ViciousWielder', {
            name: state.attacker.name,
            dice: p.vicious.wielder.join(', '),
          }),
      value: String(p.vicious.wielderDamage),
      kind: wielder ? 'vicious-applied' : 'vicious-wielder',
    });
  }
  const applied = target.applied?.properties;
  const wound = applied?.wounding;
  if (wound) {
    lines.push({
      label: f('GNG.Attack.Property.Wounding', {
        natural: wound.save.natural,
        bonus: wound.save.bonus >= 0 ? `+${wound.save.bonus}` : String(wound.save.bonus),
        total: wound.save.total,
        dc: wound.save.dc,
        result: t(wound.save.success ? 'GNG.CalledShot.Card.Saved' : 'GNG.CalledShot.Card.Failed'),
      }),
      value: wound.save.success ? '' : t('GNG.Attack.Property.Bleeds'),
      kind: 'wounding',
    });
  } else if (p.wounding && !target.applied && dmg.final >= 1)
    lines.push({
      label: f('GNG.Attack.Property.WoundingPending', {
        dc: resolveWounding(dmg.final).dc ?? '',
      }),
      value: '',
      kind: 'wounding-pending',
    });
  return lines;
}
