/**
 * The Enlightened Grognard's token store (issue #31; docs/rules.md "Tokens"; docs/api.md "Tokens"):
 * the ONLY code that writes tokens. Encounter pools live in the Combat's flags, which only a GM
 * writes — `flags.gng.eg.pools.<actor id>` for a PC, `flags.gng.eg.npc` the communal pool every NPC
 * and monster shares (003:476–478) — and persistent tokens on the actor, `system.model.eg.persistent`
 * (written only by a GM's client: the `model.eg` guard). The numbers are the engine's
 * (src/rules/models/eg/tokens.ts); this file reads and writes them.
 *
 * Any client may read a pool ({@link tokenPool}). The writers — {@link changeTokens},
 * {@link revertTokenChange}, {@link grantPersistentTokens} — run on a GM's client only, one after the
 * other on that client (a queue), and each refuses with a {@link Refusal} (a lang key) and changes
 * nothing when a pool is short, the request malformed or the caller not a GM. A change returns its
 * record; a card keeps the records it made in its own GM-written flags and reverts them on Undo.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { actorOf, Refusal, serialized } from '../cards/kernel/index.js';
import { planTokenLoss } from '../rules/models/eg/token-loss.js';
import {
  addTokens,
  MAX_TOKENS,
  isNoChange,
  negateTokens,
  normalizeTokenCounts,
  noTokens,
  overType,
  parseTokenDelta,
  shortType,
  splitTokenChange,
  TOKEN_TYPES,
  type TokenCounts,
  type TokenType,
} from '../rules/models/eg/tokens.js';
import { t } from '../format.js';

/** Where the persistent tokens are stored on the actor. */
export const PERSISTENT_TOKENS_KEY = 'system.model.eg.persistent';
/** The queue every token write waits in (on the writing GM's client). */
const QUEUE = 'gng.eg.tokens';

/** What a creature may spend now. */
export interface TokenPool {
  /** The encounter pool: its own (a PC) or the communal one (an NPC); none out of combat. */
  encounter: TokenCounts;
  /** Its persistent tokens (003:464–467). */
  persistent: TokenCounts;
  /** Whether `encounter` is the NPCs' communal pool. */
  communal: boolean;
}

/** One write of the store, enough to undo it exactly. */
export interface TokenChangeRecord {
  /** The combat whose pool changed (null: none, only persistent tokens changed). */
  combatId: string | null;
  actorUuid: string;
  /** The pool's key in the combat's flags (the actor's id). */
  actorId: string;
  communal: boolean;
  /** The signed change of the encounter pool, and of the persistent tokens. */
  encounter: TokenCounts;
  persistent: TokenCounts;
  /** What caused it (a lang key or a short id), for the reader. */
  reason: string;
}

const typeName = (type: TokenType) => t(`GNG.Model.EG.Token.Type.${type}`);

/** Whether the actor's tokens are the GM's communal pool: every creature that is not a PC (003:476–478). */
export const isCommunal = (actor: Actor): boolean => actor.type !== 'character';

/**
 * A player's request may not spend the NPCs' communal pool: it is the GM's, "shared by all the
 * creatures under his control" (003:478), so a player who owns an NPC (an ally, a mount) spends
 * nothing of it; a GM spends for that NPC. Refuses (a lang key) when `user` is no GM, `actor` reads
 * the communal pool and `spends` (the request spends tokens); checked before anything changes.
 */
export function assertMaySpend(user: User, actor: Actor, spends = true): void {
  if (spends && !user.isGM && isCommunal(actor))
    throw new Refusal('GNG.Model.EG.Token.Error.Communal', { name: actor.name });
}

/** The actor's combatant in `combat`, or undefined. */
const combatantIn = (combat: Combat, actor: Actor) =>
  combat.combatants.find((c) => c.actorId === actor.id || c.actor?.uuid === actor.uuid);

/** The encounter pools of a combat as stored (whatever is malformed reads as empty). */
function storedPools(combat: Combat): { pools: Record<string, unknown>; npc: unknown } {
  const eg = combat.getFlag(SYSTEM_ID, 'eg') as Record<string, unknown> | undefined;
  const pools = eg && typeof eg.pools === 'object' && eg.pools !== null ? eg.pools : {};
  return { pools: pools as Record<string, unknown>, npc: eg?.npc };
}

function encounterOf(combat: Combat | null, actorId: string, communal: boolean): TokenCounts {
  if (!combat) return noTokens();
  const { pools, npc } = storedPools(combat);
  return normalizeTokenCounts(communal ? npc : pools[actorId]);
}

/** The actor's persistent tokens (none when the field is absent or malformed). */
export function persistentTokensOf(actor: Actor): TokenCounts {
  const system = actor.system as { model?: { eg?: { persistent?: unknown } } } | undefined;
  return normalizeTokenCounts(system?.model?.eg?.persistent);
}

/** The actor's tokens in `combat` (null: out of combat, persistent only). Any client may read it. */
export function tokenPool(combat: Combat | null, actor: Actor): TokenPool {
  const communal = isCommunal(actor);
  const inCombat = combat && combatantIn(combat, actor) ? combat : null;
  return {
    encounter: encounterOf(inCombat, actor.id as string, communal),
    persistent: persistentTokensOf(actor),
    communal,
  };
}

/** Runs a write in the store's queue; a refusal is thrown on to the caller. */
async function queued<T>(write: () => Promise<T>): Promise<T> {
  let value: T | undefined;
  const result = await serialized(QUEUE, async () => {
    value = await write();
  });
  if (!result.ok) throw new Refusal(result.error, result.data);
  return value as T;
}

function assertGM(): void {
  if (!game.user.isGM) throw new Refusal('GNG.Model.EG.Token.Error.GMOnly');
}

/**
 * Applies a split to the stored pools (the persistent tokens first, then the combat's flags; if the
 * second write fails the first is put back). Checks nothing: the callers did.
 */
async function write(
  combat: Combat | null,
  actor: Actor | null,
  record: TokenChangeRecord,
  encounterNow: TokenCounts,
  persistentNow: TokenCounts,
): Promise<void> {
  const persistentNext = addTokens(persistentNow, record.persistent);
  if (actor && !isNoChange(record.persistent))
    await actor.update({ [PERSISTENT_TOKENS_KEY]: persistentNext });
  if (!combat || isNoChange(record.encounter)) return;
  const key = record.communal ? 'npc' : `pools.${record.actorId}`;
  try {
    await combat.update({ [`flags.${SYSTEM_ID}.eg.${key}`]: addTokens(encounterNow, record.encounter) });
  } catch (error) {
    if (actor && !isNoChange(record.persistent))
      await actor.update({ [PERSISTENT_TOKENS_KEY]: persistentNow });
    throw error;
  }
}

/** Refuses a change that leaves a pool short (below 0) or over the store's limit. */
function assertFits(actor: Actor, after: TokenCounts[]): void {
  for (const pool of after) {
    const short = shortType(pool);
    if (short)
      throw new Refusal('GNG.Model.EG.Token.Error.Short', { name: actor.name, type: typeName(short) });
    const over = overType(pool);
    if (over)
      throw new Refusal('GNG.Model.EG.Token.Error.TooMany', { name: actor.name, type: typeName(over) });
  }
}

/**
 * GM's client: changes the actor's tokens by `delta` (positive: gained into its encounter pool in
 * `combat`; negative: spent, from the encounter pool first, then from its persistent tokens). With
 * `combat` null (or a combat the actor is not in) only persistent tokens may be spent and nothing
 * gained. Refuses (nothing changes) when a pool is short, the delta is malformed, or not a GM.
 */
export function changeTokens(
  combat: Combat | null,
  actor: Actor,
  delta: Partial<TokenCounts>,
  reason: string,
): Promise<TokenChangeRecord> {
  return queued(() => changeNow(combat, actor, delta, reason));
}

/** {@link changeTokens} inside the queue. */
async function changeNow(
  combat: Combat | null,
  actor: Actor,
  delta: Partial<TokenCounts>,
  reason: string,
): Promise<TokenChangeRecord> {
  assertGM();
  const change = parseTokenDelta(delta);
  if (!change) throw new Refusal('GNG.Model.EG.Token.Error.BadChange');
  const inCombat = combat && combatantIn(combat, actor) ? combat : null;
  const gains = TOKEN_TYPES.some((type) => change[type] > 0);
  if (gains && !inCombat) throw new Refusal('GNG.Model.EG.Token.Error.NoEncounter', { name: actor.name });
  const pool = tokenPool(inCombat, actor);
  const split = splitTokenChange(pool.encounter, pool.persistent, change);
  if (!split.ok)
    throw new Refusal('GNG.Model.EG.Token.Error.Short', { name: actor.name, type: typeName(split.short) });
  const record: TokenChangeRecord = {
    combatId: inCombat ? (inCombat.id as string) : null,
    actorUuid: actor.uuid,
    actorId: actor.id as string,
    communal: pool.communal,
    encounter: split.split.encounter,
    persistent: split.split.persistent,
    reason: String(reason),
  };
  assertFits(actor, [addTokens(pool.encounter, record.encounter)]);
  await write(inCombat, actor, record, pool.encounter, pool.persistent);
  return record;
}

/**
 * GM's client: persistent tokens granted (positive) or taken back (negative) outside the encounter
 * pools ("your DM can grant you tokens with a persistent duration", 003:464). Refuses as changeTokens.
 */
export function grantPersistentTokens(
  actor: Actor,
  delta: Partial<TokenCounts>,
  reason = 'persistent',
): Promise<TokenChangeRecord> {
  return queued(async () => {
    assertGM();
    const change = parseTokenDelta(delta);
    if (!change || isNoChange(change)) throw new Refusal('GNG.Model.EG.Token.Error.BadChange');
    const persistent = persistentTokensOf(actor);
    assertFits(actor, [addTokens(persistent, change)]);
    const record: TokenChangeRecord = {
      combatId: null,
      actorUuid: actor.uuid,
      actorId: actor.id as string,
      communal: isCommunal(actor),
      encounter: noTokens(),
      persistent: change,
      reason: String(reason),
    };
    await write(null, actor, record, noTokens(), persistent);
    return record;
  });
}

/** A stored record read back (a card's flags), or null when it is not one. */
export function parseTokenRecord(raw: unknown): TokenChangeRecord | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const encounter = parseTokenDelta(r.encounter);
  const persistent = parseTokenDelta(r.persistent);
  if (!encounter || !persistent || typeof r.actorUuid !== 'string' || typeof r.actorId !== 'string')
    return null;
  if (r.combatId !== null && typeof r.combatId !== 'string') return null;
  return {
    combatId: r.combatId,
    actorUuid: r.actorUuid,
    actorId: r.actorId,
    communal: r.communal === true,
    encounter,
    persistent,
    reason: typeof r.reason === 'string' ? r.reason : '',
  };
}

/**
 * GM's client: the exact inverse of a change (Undo); returns the inverse's record. A change to a
 * combat that no longer exists reverts its persistent part only (its encounter pool was cleared at
 * the end of the encounter, 003:461). Refuses (nothing changes) when the tokens it gave were spent
 * since, or the actor is gone.
 */
export function revertTokenChange(record: TokenChangeRecord): Promise<TokenChangeRecord> {
  return queued(() => revertNow(record));
}

/** {@link revertTokenChange} inside the queue. */
async function revertNow(record: TokenChangeRecord): Promise<TokenChangeRecord> {
  assertGM();
  const parsed = parseTokenRecord(record);
  if (!parsed) throw new Refusal('GNG.Model.EG.Token.Error.BadChange');
  const actor = await actorOf(parsed.actorUuid);
  if (!actor) throw new Refusal('GNG.Model.EG.Token.Error.NoActor');
  const combat = parsed.combatId ? (game.combats.get(parsed.combatId) ?? null) : null;
  const inverse: TokenChangeRecord = {
    ...parsed,
    combatId: combat ? parsed.combatId : null,
    encounter: combat ? negateTokens(parsed.encounter) : noTokens(),
    persistent: negateTokens(parsed.persistent),
    reason: `undo:${parsed.reason}`,
  };
  const encounter = encounterOf(combat, parsed.actorId, parsed.communal);
  const persistent = persistentTokensOf(actor);
  assertFits(actor, [addTokens(encounter, inverse.encounter), addTokens(persistent, inverse.persistent)]);
  await write(combat, actor, inverse, encounter, persistent);
  return inverse;
}

/** What a loss took: a record per payer (the loser first), and the tokens nobody had (ignored). */
export interface TokenLoss {
  records: TokenChangeRecord[];
  ignored: number;
}

/**
 * GM's client: `actor` must give up `amount` tokens of `type` (003:453–457): a token of another type
 * for each it lacks (the types in `substitutes` first — its choice — then what it holds most), then
 * its allies supply the rest — the other PCs of the combat, in turn order, the asked type first (an
 * NPC's pool is the communal one, its allies' already) — and what nobody has is ignored. One step:
 * all the payers' changes, or (a write failing) none. Undo: revert the records, the last first.
 */
export function loseTokens(
  combat: Combat | null,
  actor: Actor,
  type: TokenType,
  amount: number,
  options: { substitutes?: TokenType[]; reason?: string } = {},
): Promise<TokenLoss> {
  return queued(async () => {
    assertGM();
    if (!TOKEN_TYPES.includes(type) || !Number.isInteger(amount) || amount < 1 || amount > MAX_TOKENS)
      throw new Refusal('GNG.Model.EG.Token.Error.BadChange');
    const inCombat = combat && combatantIn(combat, actor) ? combat : null;
    const held = (a: Actor) => {
      const pool = tokenPool(inCombat, a);
      return { id: a.uuid, pool: addTokens(pool.encounter, pool.persistent) };
    };
    const allies =
      inCombat && !isCommunal(actor)
        ? [...new Set(inCombat.combatants.map((c) => c.actor))].filter(
            (a): a is Actor => !!a && a.uuid !== actor.uuid && !isCommunal(a),
          )
        : [];
    const plan = planTokenLoss(held(actor), type, amount, allies.map(held), options.substitutes ?? []);
    const records: TokenChangeRecord[] = [];
    try {
      for (const { id, tokens } of plan.paid) {
        const payer = id === actor.uuid ? actor : (allies.find((a) => a.uuid === id) as Actor);
        records.push(await changeNow(inCombat, payer, negateTokens(tokens), options.reason ?? 'loss'));
      }
    } catch (error) {
      for (const record of [...records].reverse()) await revertNow(record);
      throw error;
    }
    return { records, ignored: plan.ignored };
  });
}
