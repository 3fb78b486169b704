/**
 * The attack card's `system` (subtype `attack`; its state, attack-state.ts `AttackCardState`). The
 * card's own fields are typed; the deep parts the steps write whole (a Defense, a damage, an Apply
 * with its Undo record, the aborts, a called shot, the models' parts) are objects. A part a card
 * does not use is absent (not required, no initial value), as in the state's type.
 */
import { CardData } from '../kernel/card-data.js';
import { arr, bool, id, num, obj, rec, str } from '../kernel/card-fields.js';
import {
  b,
  budgetSpent,
  effectIds,
  hpRecord,
  list as many,
  map,
  n,
  opaque,
  pair,
  part,
  record,
  s,
  snapshot,
  statuses,
} from '../kernel/undo-fields.js';
import { migrateAbortUndo, OPTIONAL, OPTIONAL_TARGET } from './attack-read.js';

const F = () => foundry.data.fields;
const absent = { required: false, nullable: true, initial: undefined };
/** Optional parts: the card's strings (`model`, `fightingDefensivelyEffect`) and lists; else objects. */
const parts = (keys: string[]) =>
  Object.fromEntries(
    keys.map((key) => [
      key,
      /^(model|fighting)/.test(key) ? new (F().StringField)(absent) : new (F().ObjectField)(absent),
    ]),
  );
const list = (field: DataField) => new (F().ArrayField)(field, absent);

/** An abort's own fields (attack-state.ts `CardBlock`, `CardRollWithBlow`) and its Undo record. */
const abort = (fields: DataSchema, undo: DataSchema = {}) =>
  part({
    ...fields,
    by: s(),
    natural: n(),
    bonus: n(),
    margin: n(),
    paidWith: s(),
    undo: part({ ...budgetSpent(), ...undo }),
  });

export class AttackData extends CardData {
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateAbortUndo(source.targets);
    return super.migrateData(source);
  }

  static override defineSchema(): DataSchema {
    return {
      version: num({ initial: 1 }),
      attacker: rec({ actorUuid: id(), name: str() }),
      weapon: rec({
        itemUuid: id(),
        itemId: id(),
        name: str(),
        mode: str(),
        grip: str(),
        touch: bool(),
        bypass: str(),
        damage: str(),
      }),
      // The attacker's choices (attack-options.ts: many optional, some nested).
      options: obj({ nullable: false }),
      attack: rec({
        formula: str(),
        natural: num(),
        critical: str({ nullable: true }),
        chainDice: arr(num()),
        chainAdjustment: num(),
        bonus: num(),
        parts: arr(obj()),
        total: num(),
        attackerConditions: arr(str()),
      }),
      targets: arr(
        rec({
          id: str(),
          kind: str(),
          name: str(),
          actorUuid: id(),
          tokenId: id(),
          object: obj(),
          coupDeGrace: obj(),
          defense: obj(),
          result: obj(),
          damage: obj(),
          // Apply's record (attack-state.ts `CardApplied`): what Undo takes back, as deltas.
          applied: record({
            by: s(),
            hpLost: n(),
            hp: pair(),
            temp: pair(),
            nonlethal: pair(),
            trauma: b(),
            condition: s(),
            nonlethalCondition: s(),
            injury: s(),
            statusesAdded: statuses(),
            effectIds: effectIds(),
            hold: s(),
            traumaFlagBefore: b(),
            snapshot: snapshot(),
            healthAfter: map(n()),
            woundTrauma: part({ dc: n(), save: opaque() }),
            properties: part({
              viciousWielder: part({ hpLost: n(), record: hpRecord() }),
              wounding: part({ save: opaque(), effectId: s(), hold: s() }),
              object: opaque(),
            }),
          }),
          // What the last Undo could not take back: lang keys and data (UndoNote).
          undoNotes: list(obj()),
          undoneAborts: list(str()),
          ...parts(OPTIONAL_TARGET),
          // Block and Roll with Blow, each with its Undo record (`undo`).
          aborts: part({
            block: abort({
              breaking: b(),
              weapon: s(),
              weaponId: s(),
              chainDice: many(n()),
              chainAdjustment: n(),
              via: s(),
              blockerTotal: n(),
              attackerTotal: n(),
              blocked: b(),
              riposte: b(),
              riposteBy: s(),
              breakingBlockDamage: b(),
            }),
            rollWithBlow: abort(
              { tumbleTotal: n(), attackTotal: n(), converted: n() },
              { damageBefore: part({ lethal: n(), nonlethal: n() }) },
            ),
          }),
          // A called shot (attack-state.ts `CardCalledShot`) and its Undo record: the condition
          // effects its failed save created (`applied`) and Vital Strike's HP loss (`record`).
          calledShot: part({
            effects: statuses(),
            immune: statuses(),
            provokes: b(),
            aooBy: s(),
            aooDeclinedBy: s(),
            ranged: b(),
            penetration: part({ save: opaque() }),
            condition: part({
              save: opaque(),
              applied: many(
                part({
                  effect: s(),
                  statuses: statuses(),
                  formula: s(),
                  dice: many(n()),
                  rounds: n(),
                  effectId: s(),
                }),
              ),
              vitalStrike: part({ hpLost: n(), statusesAdded: statuses(), record: hpRecord() }),
              stabAndGrab: part({ grappleMessageId: s(), lodgedWeaponId: s() }),
            }),
          }),
        }),
      ),
      sceneId: new (F().StringField)(absent),
      ...parts(OPTIONAL),
    };
  }
}
