/**
 * Issue #34, request payloads validated by schema: a hand-written bad request to each action and
 * query whose parser became a `payload(…)` schema, sent from a player's console (so its sender is
 * proven). Each is refused with its localized message (the same key the hand-written parser gave)
 * before any card or actor is read, and nothing in the world changes.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { forged } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import type { CardActionResult } from '../../src/cards/kernel/index.js';
import { EG_LOADER, SAGA_LOADER, TC_LOADER } from '../../src/settings/combat-model.js';

const h = await getHarness();
await Promise.all([SAGA_LOADER, EG_LOADER, TC_LOADER].map((loader) => loader.load()));
const { player } = h.users;

let consoleErrors: MockInstance;
beforeEach(() => {
  h.reset(3434);
  consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  const errors = consoleErrors.mock.calls.map((call) => String(call[0]));
  consoleErrors.mockRestore();
  expect([...h.i18n.missing]).toEqual([]);
  expect(errors).toEqual([]);
});

const world = () =>
  JSON.stringify({
    messages: game.messages.contents.map((m) => m.toObject()),
    actors: game.actors.contents.map((a) => a.toObject()),
    combats: game.combats.contents.map((c) => c.toObject()),
  });

/** An action on a card: the card's id need not exist, the schema refuses first. */
const on = (action: string, extra: Record<string, unknown>) => ({
  messageId: 'aCardId000000000',
  action,
  target: 'attacker',
  ...extra,
});
const start = (extra: Record<string, unknown>) => ({ action: 'start', ...extra });
const entry = { actorUuid: 'Actor.x', tokenId: null };
const BAD = 'GNG.Error.Card.BadRequest';
const ATTACK_BAD = 'GNG.Error.Attack.BadRequest';

/** Bad attack start requests (attack-start-schema.ts `parseAttackStart`, attack-options-parse.ts `parseModelChoices`). */
const ATTACK_CASES = (
  [
    ['an unknown option', { options: { reach: 10 } }, ATTACK_BAD],
    ['options as null', { options: null }, ATTACK_BAD],
    ['sneak attack dice claimed', { options: { sneakAttackDice: 2 } }, 'GNG.Error.Attack.SneakAttackClaimed'],
    ['a controlled single shot', { options: { fire: { mode: 'single', controlled: 3 } } }, ATTACK_BAD],
    ['a controlled burst of 4', { options: { fire: { mode: 'burst', controlled: 4 } } }, ATTACK_BAD],
    ['concealment keyed by a path', { options: { concealment: { '../t': 'total' } } }, ATTACK_BAD],
    ['an off-hand weapon id with a dot', { options: { offHand: 'w.1' } }, ATTACK_BAD],
    ['a strike with an unknown key', { options: { strike: { id: 'break-grip', damage: 9 } } }, ATTACK_BAD],
    ['a sunder without an item', { options: { sunder: {} } }, ATTACK_BAD],
    ['a strike whose sense is null', { options: { strike: { id: 'rip-senses', sense: null } } }, ATTACK_BAD],
    ['a Saga cover not in the table', { options: { saga: { cover: { t: 'wall' } } } }, ATTACK_BAD],
    ['a Saga wall 101 squares away', { options: { saga: { wallAfter: 101 } } }, ATTACK_BAD],
    ['an EG area primary as a number', { options: { eg: { area: { primary: 5 } } } }, ATTACK_BAD],
    ['a TC modifier twice', { options: { tc: { modifiers: ['flanked', 'flanked'] } } }, ATTACK_BAD],
    [
      'a target token twice',
      {
        targets: [
          { tokenId: 't', actorUuid: 'x' },
          { tokenId: 't', actorUuid: 'y' },
        ],
      },
      ATTACK_BAD,
    ],
    [
      'one actor under two tokens',
      {
        targets: [
          { tokenId: 't', actorUuid: 'x' },
          { tokenId: 'u', actorUuid: 'x' },
        ],
      },
      'GNG.Error.Attack.DuplicateTarget',
    ],
    [
      '51 targets',
      { targets: Array.from({ length: 51 }, (_, i) => ({ tokenId: `t${i}`, actorUuid: `a${i}` })) },
      ATTACK_BAD,
    ],
  ] as const
).map(([what, extra, key]): [string, string, Record<string, unknown>, string] => [
  `attack start: ${what}`,
  'gng.attackAction',
  start({ actorUuid: 'a', weaponId: 'w', ...extra }),
  key,
]);

const CASES: [string, string, Record<string, unknown>, string][] = [
  [
    'setDefense: not a whole number',
    'gng.attackAction',
    on('setDefense', { defense: 'ten' }),
    'GNG.Error.Attack.DefenseNumber',
  ],
  [
    'setDefense: out of range',
    'gng.attackAction',
    on('setDefense', { defense: 1001 }),
    'GNG.Error.Attack.DefenseRange',
  ],
  ['setDefense: an unknown field', 'gng.attackAction', on('setDefense', { defense: 5, x: 1 }), ATTACK_BAD],
  ['EG defend: negative tokens', 'gng.attackAction', on('egDefend', { tokens: -1 }), ATTACK_BAD],
  [
    'EG damage: a side of another step',
    'gng.attackAction',
    on('egDamage', { tokens: 1, side: 'attack' }),
    ATTACK_BAD,
  ],
  [
    'EG miss token: a type as a number',
    'gng.attackAction',
    on('egMissToken', { ally: 't', type: 5 }),
    ATTACK_BAD,
  ],
  ['grapple weapon: a number', 'gng.grappleAction', on('weapon', { itemId: 5 }), ATTACK_BAD],
  [
    'grapple throw: kept after a throw',
    'gng.grappleAction',
    on('throwChoice', { feet: 5, keep: true }),
    ATTACK_BAD,
  ],
  [
    'grapple break pin: a huge ally',
    'gng.grappleAction',
    on('breakPin', { allyUuid: 'x'.repeat(301) }),
    ATTACK_BAD,
  ],
  [
    'grapple start: no token field',
    'gng.grappleAction',
    start({ actorUuid: 'a', targetUuid: 'b' }),
    ATTACK_BAD,
  ],
  ['area dive: cover as text', 'gng.areaAction', on('diveForCover', { cover: 'yes' }), ATTACK_BAD],
  ['burst dive: no cover', 'gng.burstAction', on('diveForCover', {}), BAD],
  [
    'burst start: a direction as text',
    'gng.burstAction',
    start({ actorUuid: 'a', weaponId: 'w', kind: 'linear', direction: 'north' }),
    BAD,
  ],
  ['dying stabilize: a healer as a number', 'gng.dyingCard', on('dyingStabilize', { healerUuid: 7 }), BAD],
  ['dying start: an unknown field', 'gng.dyingCard', start({ actorUuid: 'a', extra: 1 }), BAD],
  [
    'stabilize start: a patient as a number',
    'gng.stabilize',
    start({ patientUuid: 1, healerUuid: 'b' }),
    BAD,
  ],
  [
    'heal start: tending one part',
    'gng.healCard',
    start({ patientUuid: 'a', kind: 'tend', healerUuid: 'b', part: 'p' }),
    BAD,
  ],
  [
    'heal start: an unknown field sent as null',
    'gng.healCard',
    start({ patientUuid: 'a', kind: 'tend', healerUuid: 'b', x: null }),
    BAD,
  ],
  ['rest start: no such rest', 'gng.restCard', start({ actorUuid: 'a', kind: 'nap' }), BAD],
  [
    'feat action start: no steps',
    'gng.featAction',
    start({ kind: 'sudden-action', actorUuid: 'a', steps: 0 }),
    'GNG.FeatAction.Error.Steps',
  ],
  [
    'feat action start: steps on a tactical aid',
    'gng.featAction',
    start({ kind: 'tactical-aid', actorUuid: 'a', bonusTo: 'attack', steps: 1 }),
    BAD,
  ],
  [
    'suppress start: a circle',
    'gng.suppressAction',
    start({ actorUuid: 'a', weaponId: 'w', area: { shape: 'circle' } }),
    'GNG.Suppress.Error.BadArea',
  ],
  [
    'suppress start: an aisle with a corner',
    'gng.suppressAction',
    start({ actorUuid: 'a', weaponId: 'w', area: { shape: 'aisle', direction: 0, corner: { x: 0, y: 0 } } }),
    'GNG.Suppress.Error.BadArea',
  ],
  [
    'maneuver start: no target',
    'gng.maneuverAction',
    start({ actorUuid: 'a', maneuver: 'trip', targets: [] }),
    ATTACK_BAD,
  ],
  [
    'maneuver start: a target with an unknown key',
    'gng.maneuverAction',
    start({ actorUuid: 'a', maneuver: 'trip', targets: [{ ...entry, x: 1 }] }),
    ATTACK_BAD,
  ],
  [
    'EG maneuver start: an escape from nothing',
    'gng.egManeuverAction',
    start({ actorUuid: 'a', maneuver: 'escape', targets: [entry] }),
    'GNG.Model.EG.Maneuver.Error.From',
  ],
  [
    'EG maneuver start: 11 tokens',
    'gng.egManeuverAction',
    start({ actorUuid: 'a', maneuver: 'trip', tokens: 11, targets: [entry] }),
    ATTACK_BAD,
  ],
  ['EG save: 100 insight', 'gng.egSave', { actorUuid: 'a', save: 'fortitude', insight: 100 }, ATTACK_BAD],
  [
    'TC maneuver start: 11 targets',
    'gng.tcManeuverAction',
    start({ actorUuid: 'a', maneuver: 'trip', targets: Array(11).fill(entry) }),
    ATTACK_BAD,
  ],
  ...ATTACK_CASES,
  ['temporary HP: 0', 'gng.temporaryHp', { actorUuid: 'a', amount: 0 }, 'GNG.TempHp.Error.Amount'],
  [
    'TC act: a combat as a number',
    'gng.tcAct',
    { combatId: 1, combatantId: 'c', action: 'hold', counts: 1 },
    'GNG.Model.TC.Act.Error.NoCombat',
  ],
  [
    'TC act: a hold without counts',
    'gng.tcAct',
    { combatId: 'c', combatantId: 'c', action: 'hold' },
    'GNG.Model.TC.Act.Error.BadHold',
  ],
  ['TC initiative: no combatant', 'gng.tcInitiative', { combatId: 'c', combatantIds: [] }, BAD],
  [
    'EG gift: no such token type',
    'gng.egGift',
    { actorUuid: 'a', recipientUuid: 'b', type: 'gold', amount: 1 },
    'GNG.Model.EG.Gift.Error.Amount',
  ],
  ['Quick Stand: an actor as a number', 'gng.quickStand', { actorUuid: 5 }, ATTACK_BAD],
  ['TC stance: a stance as a number', 'gng.tcStance', { actorUuid: 'a', stance: 1 }, ATTACK_BAD],
  ['weapon spell: one weapon twice', 'gng.castWeaponSpell', { spellUuid: 's', weaponUuids: ['w', 'w'] }, BAD],
  [
    'area spell: an empty target uuid',
    'gng.castAreaSpell',
    { spellUuid: 's', damage: '1d6', saveDc: 12, metamagic: 'none', targetUuids: [''] },
    BAD,
  ],
  ['self-test echo: a nonce as a number', 'gng.selfTestEcho', { nonce: 5 }, BAD],
];

describe('hand-written bad requests to each schema-checked action and query', () => {
  it.each(CASES)('%s: refused, nothing changed', async (_what, query, data, key) => {
    const before = world();
    const warn = vi.spyOn(ui.notifications, 'warn');
    const result = (await forged(player, data, query)) as CardActionResult;
    expect(result).toMatchObject({ ok: false, error: key });
    expect(game.i18n.has(key)).toBe(true);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    expect(world()).toBe(before);
  });
});

describe('the attack start: its schema refuses first', () => {
  it.each(ATTACK_CASES)('%s: refused before any document is read', async (_what, query, data, key) => {
    const read = vi.spyOn(globalThis, 'fromUuid');
    expect(await forged(player, data, query)).toMatchObject({ ok: false, error: key });
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();
  });

  it('(control) a well-formed request reaches the documents', async () => {
    const read = vi.spyOn(globalThis, 'fromUuid');
    const data = start({ actorUuid: 'Actor.none', weaponId: 'w', options: { bonus: 2, offHand: 'w1' } });
    expect(await forged(player, data, 'gng.attackAction')).toMatchObject({ ok: false, error: ATTACK_BAD });
    expect(read).toHaveBeenCalledWith('Actor.none');
    read.mockRestore();
  });
});
