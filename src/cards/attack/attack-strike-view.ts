/** The attack card's view of a breaking strike or nerve strike against a target (attack-render.ts). */
import { specialStrike, strikeFamily, strikeResolves } from '../../rules/index.js';
import {
  actionAvailable,
  type AttackCardState,
  type CardStrikeRoll,
  type CardTarget,
} from './attack-state.js';
import { t, f, signed } from '../../format.js';

/** A lang key when it exists, otherwise the text itself (engine labels we have no key for). */
const label = (key: string) => (game.i18n.has(key) ? t(key) : key);

const strikeStatus = (status: string) => t(`GNG.Strike.Status.${status}`);

function checkText(roll: CardStrikeRoll): string {
  return f('GNG.Strike.Card.Roll', {
    natural: roll.natural,
    parts: roll.parts.map((p) => `${label(p.label)} ${signed(p.value)}`).join(', '),
    total: roll.total,
  });
}

/** The breaking strike or nerve strike against this target, as the card shows it. */
export function strikeContext(state: AttackCardState, target: CardTarget) {
  const strike = target.strike;
  if (!strike) return null;
  const data = specialStrike(strike.id);
  const name = t(`GNG.Strike.Name.${strike.id}`);
  const r = strike.result;
  const dealt = target.damage?.final ?? 0;
  const resolves = target.applied !== null && strikeResolves(strike.id, dealt);
  const saveKey = data.resolution === 'will' ? 'GNG.Strike.Card.Will' : 'GNG.Strike.Card.Fortitude';
  const notes: string[] = [];
  if (strike.item) notes.push(f('GNG.Strike.Card.Item', { item: strike.item.name }));
  if (strike.sense) notes.push(f('GNG.Strike.Card.Sense', { sense: strikeStatus(strike.sense) }));
  // Break Weapon: the item has no hit points in our data; the GM applies the damage to it.
  if (strike.id === 'break-weapon' && target.damage && target.applied && !target.applied.properties?.object)
    notes.push(
      f('GNG.Strike.Card.BreakWeapon', { item: strike.item?.name ?? '', damage: target.damage.final }),
    );
  if (data.needsDamage && target.applied && dealt < 1) notes.push(t('GNG.Strike.Card.NoDamage'));
  const pending =
    !r && resolves
      ? data.resolution === 'fortitude' || data.resolution === 'will'
        ? f(`${saveKey}Pending`, { dc: strike.dc ?? '' })
        : t(`GNG.Strike.Card.CheckPending.${strike.id}`)
      : null;
  const outcome: string[] = [];
  if (r) {
    if (r.save) {
      outcome.push(
        f(saveKey, {
          natural: r.save.natural,
          bonus: signed(r.save.bonus),
          total: r.save.total,
          dc: r.save.dc,
          result: t(r.save.success ? 'GNG.CalledShot.Card.Saved' : 'GNG.CalledShot.Card.Failed'),
        }),
      );
    }
    if (r.check) {
      outcome.push(
        f('GNG.Strike.Card.Check', {
          attacker: state.attacker.name,
          name: target.name,
          ours: checkText(r.check.attacker),
          theirs: checkText(r.check.defender),
        }),
      );
    }
    if (!r.success) outcome.push(t('GNG.Strike.Card.NoEffect'));
    else {
      if (r.statuses.length)
        outcome.push(
          r.rounds === null
            ? f('GNG.Strike.Card.Statuses', { statuses: r.statuses.map(strikeStatus).join(', ') })
            : f(r.dice.length ? 'GNG.Strike.Card.StatusesRolled' : 'GNG.Strike.Card.StatusesFixed', {
                statuses: r.statuses.map(strikeStatus).join(', '),
                rounds: r.rounds,
                formula: r.formula ?? '',
                dice: r.dice.join(', '),
              }),
        );
      for (const [ability, amount] of Object.entries(r.abilityDamage))
        outcome.push(
          f('GNG.Strike.Card.AbilityDamage', { amount, ability: t(`GNG.Ability.${ability}.abbr`) }),
        );
      if (r.hemorrhage)
        outcome.push(
          f('GNG.Strike.Card.Hemorrhage', {
            rounds: r.hemorrhage.rounds,
            dice: r.hemorrhage.dice.join(', '),
          }),
        );
      if (strike.id === 'break-stance') outcome.push(f('GNG.Strike.Card.Push', { feet: r.pushFeet }));
      if (strike.id === 'break-balance' && r.statuses.length === 0)
        outcome.push(f('GNG.Strike.Card.AlreadyProne', { name: target.name }));
      if (r.dropped) outcome.push(f('GNG.Strike.Card.Dropped', { name: target.name, item: r.dropped.name }));
    }
  }
  return {
    title: f(`GNG.Strike.Card.Title.${strikeFamily(strike.id)}`, { strike: name }),
    description: t(data.descriptionKey),
    notes,
    pending,
    outcome,
    button: actionAvailable('strike', target)
      ? f(
          data.resolution === 'fortitude'
            ? 'GNG.Strike.Card.Action.fortitude'
            : data.resolution === 'will'
              ? 'GNG.Strike.Card.Action.will'
              : 'GNG.Strike.Card.Action.check',
          { name: target.name },
        )
      : null,
  };
}
