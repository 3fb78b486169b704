/**
 * `npm run bench` (third part): "long sessions stay fast". A card's render, a new card's creation
 * and an action on a card must cost the same with 2,000 cards in the chat log as with none (goal:
 * ratio ≤ 1.1), and nothing may read the whole log on a sheet render or a token selection.
 *
 * On the test harness (as bench/sheet.ts), one world whose log holds either nothing but the measured
 * cards or 2,000 more messages of a realistic session (attack cards at each of their steps, maneuver,
 * area damage and grapple cards, chat and roll messages: clones of real cards the system posted,
 * posted through the real hooks). The samples alternate between the two logs (empty, full, full,
 * empty …: the 2,000 messages are taken out of `game.messages` and put back between samples), so
 * warm-up, the machine's load and the heap fall on both sides alike and only the log differs:
 *
 * - a new attack card: the attacker's player asks (`game.gng.attack`), the GM's client rolls and posts it;
 * - rendering an attack card for the GM and for the attacker's player (`renderChatMessageHTML`:
 *   the per-user buttons);
 * - Roll Defense clicked by the GM, and Roll Damage clicked by the attacker's player (a query to the
 *   GM, the sender proven by the round trip);
 * - re-rendering the fighter's sheet and the sheet of an actor held in an open grapple (the only
 *   sheet that asks which grapple cards hold its actor);
 * - setting a token target and rendering the token HUD (a token selection).
 *
 * Besides the times, every read of the whole log (`game.messages` `contents`, iteration, and so
 * `find`/`filter`/`map`) during a timed run is counted and its caller named: a scan is a cost that
 * grows with the session even when the clock hides it.
 *
 * Medians of repeated runs after a warm-up. Nothing gates CI: the script exits 0 whatever the numbers
 * and prints OK or OVER against the 1.1 goal for each ratio.
 */
import { getHarness } from '../test/harness/index.js';
import { HarnessCollection } from '../test/harness/documents.js';
import { appendix3Fighter } from '../test/fixtures/appendix3.js';
import { attackActionsSettled } from '../src/cards/kernel/index.js';
import { grappleState } from '../src/cards/grapple/grapple-ask.js';
import { cardState as attackCardState } from '../src/cards/attack/attack-read.js';
import { figure } from './figures.js';

/** Messages in the full log (`BENCH_LOG=20000 npx tsx bench/cards.ts` magnifies any cost that grows with it). */
const LOG = Number(process.env.BENCH_LOG) || 2000;
const GOAL = 1.1;
const WARMUP = 10;
/** Samples of each operation with each log, taken in pairs (empty, full / full, empty …). */
const RUNS = 80;
/** Synchronous operations repeat this many times per sample (the figure is per operation). */
const INNER = 5;
const SEED = 23;

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/* -------------------------------------------------------------------------- */
/*  Counting reads of the whole log                                            */
/* -------------------------------------------------------------------------- */

/** Reads of the whole log while `scans.on` (not in warm-up runs), and who made them. */
const scans = { on: false, warm: false, count: 0, callers: new Map<string, number>() };

/** The first stack frame outside the harness and this file: who read the log. */
function caller(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const own = (line: string) => /test\/harness\/|bench\/cards\.ts|node:internal|\(native\)/.test(line);
  return (frames.find((line) => !own(line)) ?? 'unknown').trim().replace(/^at /, '');
}

function countScan(): void {
  if (!scans.on || scans.warm) return;
  scans.count++;
  const who = caller();
  scans.callers.set(who, (scans.callers.get(who) ?? 0) + 1);
}

/**
 * Counts `contents` and iteration of `game.messages` (the harness's `find`, `filter` and `map` go
 * through `contents`). `get` is a Map lookup and is not counted.
 */
function instrumentLog(): void {
  const messages = game.messages as unknown as HarnessCollection<ChatMessage>;
  const contents = Object.getOwnPropertyDescriptor(HarnessCollection.prototype, 'contents')?.get as (
    this: HarnessCollection<ChatMessage>,
  ) => ChatMessage[];
  Object.defineProperty(messages, 'contents', {
    configurable: true,
    get() {
      countScan();
      return contents.call(messages);
    },
  });
  // Iteration counts one read whatever the harness iterates through: its iterator walks a copy of
  // `contents`, which would otherwise count a second read.
  Object.defineProperty(messages, Symbol.iterator, {
    configurable: true,
    value() {
      countScan();
      return contents.call(messages)[Symbol.iterator]();
    },
  });
}

/* -------------------------------------------------------------------------- */
/*  The cards of a session                                                     */
/* -------------------------------------------------------------------------- */

async function click(message: ChatMessage, action: string, targetId?: string): Promise<void> {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  const selector = `button[data-action="${action}"]${targetId ? `[data-target-id="${targetId}"]` : ''}`;
  const button = html.querySelector<HTMLButtonElement>(selector);
  if (!button || button.disabled) throw new Error(`${game.user.name} cannot press ${action}`);
  button.dispatchEvent(
    new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
  );
  await attackActionsSettled();
}

async function withWeapon(
  name: string,
  system: Record<string, unknown>,
  owner?: User,
): Promise<{ actor: Actor; weapon: Item }> {
  const actor = await h.createActor({ name, type: 'npc', system }, owner);
  const [weapon] = (await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Longsword',
      type: 'weapon',
      system: {
        category: 'martial',
        use: 'one-handed',
        damage: { medium: '1d8' },
        damageTypes: ['slashing'],
        weight: 4,
        equipped: true,
      },
    },
  ])) as Item[];
  return { actor, weapon: weapon as Item };
}

/** `user` attacks `targets` with `weapon` of `actor`; `dice` are queued first (attack d20 …). */
async function attack(
  user: User,
  actor: Actor,
  weapon: Item,
  targets: Token[],
  dice: number[] = [],
): Promise<ChatMessage> {
  h.as(user);
  h.target(user, ...targets);
  h.dice.queue(...dice);
  const message = await game.gng.attack(actor, weapon);
  await attackActionsSettled();
  if (!message) throw new Error(`${actor.name}'s attack was refused: ${h.notices.at(-1)?.message}`);
  return message;
}

/** What a clone of a message is made of. */
type MessageData = ChatMessageData & { rolls: Roll[] };

function dataOf(message: ChatMessage): MessageData {
  const current = game.messages.get(message.id as string) as ChatMessage;
  // A typed card (issue #34) is its subtype and `system`; a plain message has neither.
  const typed = current.type && current.type !== 'base';
  return {
    content: current.content,
    speaker: structuredClone(current.speaker),
    flags: structuredClone(current.flags),
    rolls: current.rolls,
    ...(typed ? { type: current.type, system: current.system.toObject() } : {}),
  };
}

/**
 * The cards of a session, made by the system itself among a background cast (none of the measured
 * actors), then deleted: each a template the log is filled with. Returns the templates in the order
 * of a session (an attack card at each of its steps most often).
 */
async function sessionTemplates(): Promise<{ kinds: string[]; templates: MessageData[] }> {
  const hero = await withWeapon('Sellsword', { abilities: { str: { value: 14 } } }, otherPlayer);
  const goblins = await Promise.all(
    ['Goblin', 'Goblin archer', 'Hobgoblin'].map((name) =>
      h.createActor({ name, type: 'npc', system: { hp: { value: 40 }, abilities: { con: { value: 30 } } } }),
    ),
  );
  const tokens = goblins.map((goblin) => h.placeToken(goblin));
  const [t1, t2, t3] = tokens as [Token, Token, Token];
  const made: { kind: string; message: ChatMessage }[] = [];
  const add = (kind: string, message: ChatMessage | null | undefined) => {
    if (message) made.push({ kind, message });
  };
  const targetOf = (message: ChatMessage, i = 0) =>
    (attackCardState(game.messages.get(message.id as string))?.targets[i] as { id: string }).id;

  // Attack cards: posted; Defense rolled (a miss); damage rolled; damage applied; two defenders.
  add('attack, posted', await attack(otherPlayer, hero.actor, hero.weapon, [t1]));
  const missed = await attack(otherPlayer, hero.actor, hero.weapon, [t2], [4]);
  h.as(gm);
  h.dice.queue(18);
  await click(missed, 'rollDefense', targetOf(missed));
  add('attack, Defense rolled (miss)', missed);
  const hits: ChatMessage[] = [];
  for (const token of [t1, t3]) {
    const hit = await attack(otherPlayer, hero.actor, hero.weapon, [token], [16]);
    h.as(gm);
    h.dice.queue(3);
    await click(hit, 'rollDefense', targetOf(hit));
    h.as(otherPlayer);
    h.dice.queue(5);
    await click(hit, 'rollDamage', targetOf(hit));
    hits.push(hit);
  }
  add('attack, damage rolled', hits[0]);
  h.as(otherPlayer);
  await click(hits[1] as ChatMessage, 'applyDamage', targetOf(hits[1] as ChatMessage));
  add('attack, damage applied', hits[1]);
  const two = await attack(otherPlayer, hero.actor, hero.weapon, [t1, t2], [12]);
  h.as(gm);
  h.dice.queue(8, 15);
  await click(two, 'rollDefense', targetOf(two, 0));
  await click(two, 'rollDefense', targetOf(two, 1));
  add('attack, two defenders', two);

  // A Trip, an area of fire, a grapple waiting for the defender's attack of opportunity.
  try {
    h.as(otherPlayer);
    h.target(otherPlayer, t3);
    h.dice.queue(11);
    add('maneuver (Trip)', await game.gng.maneuver(hero.actor, 'trip'));
    await attackActionsSettled();
  } catch (error) {
    console.warn(`  (no maneuver card in the log: ${String(error)})`);
  }
  try {
    h.as(gm);
    h.dice.queue(3, 5, 2);
    add(
      'area damage',
      await game.gng.areaDamage({ damage: '3d6', saveDc: 15, save: 'ref', targets: [goblins[0] as Actor] }),
    );
    await attackActionsSettled();
  } catch (error) {
    console.warn(`  (no area card in the log: ${String(error)})`);
  }
  try {
    h.as(otherPlayer);
    h.target(otherPlayer, t2);
    add('grapple, started', await game.gng.grapple(hero.actor));
    await attackActionsSettled();
  } catch (error) {
    console.warn(`  (no grapple card in the log: ${String(error)})`);
  }

  // Table talk and a plain roll.
  h.as(player);
  add(
    'chat message',
    await ChatMessage.create({
      content: '<p>I check the door for traps before anyone opens it.</p>',
      speaker: ChatMessage.getSpeaker(),
    }),
  );
  const roll = await new Roll('1d20 + @bonus', { bonus: 6 }).evaluate();
  add(
    'roll message',
    await ChatMessage.create({ content: '', rolls: [roll], speaker: ChatMessage.getSpeaker() }),
  );
  await attackActionsSettled();

  // A session: mostly attack cards at their various steps, then the rest.
  const weights: Record<string, number> = {
    'attack, posted': 2,
    'attack, Defense rolled (miss)': 3,
    'attack, damage rolled': 2,
    'attack, damage applied': 4,
    'attack, two defenders': 1,
    'maneuver (Trip)': 1,
    'area damage': 1,
    'grapple, started': 1,
    'chat message': 4,
    'roll message': 1,
  };
  const kinds: string[] = [];
  const templates: MessageData[] = [];
  for (const { kind, message } of made)
    for (let i = 0; i < (weights[kind] ?? 1); i++) {
      kinds.push(kind);
      templates.push(dataOf(message));
    }
  h.as(gm);
  for (const { message } of made) await game.messages.get(message.id as string)?.delete();
  return { kinds, templates };
}

/** Fills the log with `count` cards cloned from the templates (posted by the GM, as cards are). */
async function fill(templates: MessageData[], count: number): Promise<string[]> {
  h.as(gm);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const data = templates[i % templates.length] as MessageData;
    const message = await ChatMessage.create({
      content: data.content,
      speaker: structuredClone(data.speaker),
      flags: structuredClone(data.flags),
      rolls: data.rolls,
      ...(data.type ? { type: data.type, system: structuredClone(data.system) } : {}),
    });
    ids.push(message?.id as string);
  }
  return ids;
}

async function empty(ids: string[]): Promise<void> {
  h.as(gm);
  for (const id of ids) await game.messages.get(id)?.delete();
}

/* -------------------------------------------------------------------------- */
/*  The measured operations                                                    */
/* -------------------------------------------------------------------------- */

interface Operation {
  label: string;
  /** One sample in ms (per operation); only its `timed` part counts, not its own setup and clean-up. */
  sample(): Promise<number>;
}

const timed = async (fn: () => Promise<unknown> | unknown): Promise<number> => {
  scans.on = true;
  const t0 = performance.now();
  try {
    await fn();
  } finally {
    scans.on = false;
  }
  return performance.now() - t0;
};

async function main(): Promise<void> {
  h.reset(SEED);
  instrumentLog();
  // The counter counts: a `find` and a `for … of` over the log are two reads.
  scans.on = true;
  game.messages.find(() => false);
  for (const _message of game.messages as unknown as Iterable<ChatMessage>) break;
  scans.on = false;
  if (scans.count !== 2) throw new Error(`the log-read counter is broken (${scans.count} of 2 reads seen)`);
  scans.count = 0;
  scans.callers.clear();
  const started = performance.now();

  // The measured cast: the player's fighter, an unowned orc, and a grapple that holds on.
  const fighter = await appendix3Fighter(h, player);
  const sword = fighter.items.find((item) => item.name === 'Bastard sword') as Item;
  const orc = await h.createActor({
    name: 'Orc',
    type: 'npc',
    system: { hp: { value: 30 }, abilities: { con: { value: 30 } } },
  });
  const fighterToken = h.placeToken(fighter);
  const orcToken = h.placeToken(orc);

  const { kinds, templates } = await sessionTemplates();

  let held: Actor | null = null;
  try {
    const grappler = await h.createActor(
      { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
      otherPlayer,
    );
    await grappler.createEmbeddedDocuments('Item', [
      { name: 'Improved Grapple', type: 'feat', system: { identifier: 'improved-grapple' } },
    ]);
    const victim = await h.createActor(
      {
        name: 'Victim',
        type: 'npc',
        system: { abilities: { con: { value: 30 } }, hp: { value: 30 } },
      },
      player,
    );
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(victim));
    h.dice.queue(15); // the touch attack (Improved Grapple: no attack of opportunity)
    const card = await game.gng.grapple(grappler);
    await attackActionsSettled();
    if (!card) throw new Error('the grapple was refused');
    h.as(player);
    h.dice.queue(2, 10); // touch Defense 2: hit; the hold check's d20
    await click(card, 'oppose');
    h.dice.queue(5, 1); // the victim's check; the hold's damage
    await click(card, 'oppose');
    if (grappleState(game.messages.get(card.id as string))?.phase !== 'grappling')
      throw new Error('the grapple did not take hold');
    held = victim;
  } catch (error) {
    console.warn(`  (no open grapple: its sheet is not measured: ${String(error)})`);
  }
  h.notices.length = 0;

  h.as(player);
  const fighterSheet = await h.openSheet(fighter);
  const heldSheet = held ? await h.openSheet(held) : null;
  if (heldSheet && !heldSheet.element.querySelector('.grapple-moves'))
    console.warn("  (the grappled actor's sheet shows no grapple: its figure does not use the index)");

  /** A fresh attack card of the fighter on the orc (`dice`: the attack d20 …). */
  const newCard = (dice: number[] = []) => attack(player, fighter, sword, [orcToken], dice);
  const orcTarget = (message: ChatMessage) =>
    (attackCardState(game.messages.get(message.id as string))?.targets[0] as { id: string }).id;
  const drop = async (message: ChatMessage) => {
    h.as(gm);
    await game.messages.get(message.id as string)?.delete();
  };
  /** The card the renders show: the fighter's attack on the orc, Defense not rolled yet. */
  let shown: ChatMessage | null = null;

  /** Presses `action` as `user` on a rendered card (the render is not timed; the GM's work is). */
  const press = async (message: ChatMessage, user: User, action: string) => {
    h.as(user);
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    const button = html.querySelector<HTMLButtonElement>(
      `button[data-action="${action}"][data-target-id="${orcTarget(message)}"]`,
    );
    if (!button) throw new Error(`${user.name} sees no ${action} button`);
    return timed(async () => {
      button.dispatchEvent(
        new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
      );
      await attackActionsSettled();
    });
  };

  const renderAs = (user: User) => async () => {
    h.as(user);
    const message = game.messages.get(shown?.id as string) as ChatMessage;
    return (
      (await timed(() => {
        for (let i = 0; i < INNER; i++) h.renderMessage(message);
      })) / INNER
    );
  };

  const operations: Operation[] = [
    {
      label: 'new attack card (player asks, GM posts)',
      async sample() {
        h.as(player);
        h.target(player, orcToken);
        let message: ChatMessage | null = null;
        const ms = await timed(async () => {
          message = await game.gng.attack(fighter, sword);
          await attackActionsSettled();
        });
        if (!message) throw new Error('the attack was refused');
        await drop(message);
        return ms;
      },
    },
    { label: 'render an attack card, as the GM', sample: renderAs(gm) },
    { label: "render an attack card, as the attacker's player", sample: renderAs(player) },
    {
      label: 'Roll Defense, clicked by the GM',
      async sample() {
        const message = await newCard();
        const ms = await press(message, gm, 'rollDefense');
        await drop(message);
        return ms;
      },
    },
    {
      label: "Roll Damage, clicked by the attacker's player",
      async sample() {
        const message = await newCard([17]);
        h.as(gm);
        h.dice.queue(2);
        await click(message, 'rollDefense', orcTarget(message));
        const ms = await press(message, player, 'rollDamage');
        await drop(message);
        return ms;
      },
    },
    {
      label: "re-render the fighter's sheet",
      async sample() {
        h.as(player);
        return timed(() => fighterSheet.render(false));
      },
    },
    ...(heldSheet
      ? [
          {
            label: 're-render the sheet of a grappled actor',
            async sample() {
              h.as(player);
              return timed(() => heldSheet.render(false));
            },
          },
        ]
      : []),
    {
      label: 'target a token + token HUD',
      async sample() {
        h.as(player);
        return (
          (await timed(() => {
            for (let i = 0; i < INNER; i++) {
              h.target(player, orcToken);
              h.renderTokenHUD(fighterToken);
            }
          })) / INNER
        );
      },
    },
  ];

  /** Per operation and log (0: empty, 1: full): the samples and the reads of the whole log. */
  const results = operations.map(() => ({
    ms: [[], []] as [number[], number[]],
    reads: [0, 0] as [number, number],
  }));
  const logSizes: [number, number] = [0, 0];

  // The session's history, posted once through the real hooks; the samples then alternate the log
  // between empty and full by taking those messages out of `game.messages` and putting them back
  // (what a flushed and reloaded log looks like to the code), so both sides share the machine's
  // load, the warm-up and the heap.
  const history = (await fill(templates, LOG)).map((id) => game.messages.get(id) as ChatMessage);
  shown = await newCard([9]);
  const log = game.messages as unknown as HarnessCollection<ChatMessage>;
  const setLog = (full: 0 | 1) => {
    if (full) for (const message of history) log.set(message);
    else for (const message of history) log.delete(message.id as string);
    logSizes[full] = log.size;
  };

  for (const [index, op] of operations.entries()) {
    for (let run = 0; run < WARMUP + RUNS; run++) {
      scans.warm = run < WARMUP;
      for (const full of run % 2 ? ([1, 0] as const) : ([0, 1] as const)) {
        setLog(full);
        // What happy-dom queued (and the log's swap) runs before the sample, as between two tasks in a browser.
        await new Promise((resolve) => setTimeout(resolve, 0));
        const before = scans.count;
        const ms = await op.sample();
        if (scans.warm) continue;
        const result = results[index] as (typeof results)[number];
        result.ms[full].push(ms);
        result.reads[full] += scans.count - before;
      }
    }
  }
  setLog(1);
  await drop(shown);
  await empty(history.map((message) => message.id as string));

  const warnings = h.notices.filter((notice) => notice.level !== 'info');
  const mix = [...new Set(kinds)].map((kind) => `${kinds.filter((k) => k === kind).length} ${kind}`);
  console.log(
    `Cards in a long session: log of ${logSizes[0]} vs ${logSizes[1].toLocaleString('en')} messages ` +
      `(per ${kinds.length} cloned: ${mix.join('; ')}); medians of ${RUNS} runs each, ` +
      `empty and full alternating, after ${WARMUP} warm-up pairs`,
  );
  const head = `  ${'operation'.padEnd(48)} ${'empty log'.padStart(10)} ${`${LOG.toLocaleString('en')} cards`.padStart(12)} ${'ratio'.padStart(6)}  goal ≤ ${GOAL}  ${'paired'.padStart(6)}  log reads`;
  console.log(head);
  console.log(`  ${'-'.repeat(head.length - 2)}`);
  let over = 0;
  for (const [index, op] of operations.entries()) {
    const result = results[index] as (typeof results)[number];
    const emptyMs = median(result.ms[0]);
    const fullMs = median(result.ms[1]);
    const ratio = fullMs / emptyMs;
    const verdict = ratio <= GOAL ? 'OK' : 'OVER';
    if (verdict === 'OVER') over++;
    // The median of each pair's own ratio (its two samples ran back to back): less moved by the load.
    const paired = median(result.ms[1].map((ms, k) => ms / (result.ms[0][k] as number)));
    const reads = `${result.reads[0]} / ${result.reads[1]}`;
    figure({ bench: 'cards', name: `${op.label}: full log ÷ empty`, value: ratio, unit: '×', goal: GOAL });
    console.log(
      `  ${op.label.padEnd(48)} ${`${emptyMs.toFixed(3)} ms`.padStart(10)} ${`${fullMs.toFixed(3)} ms`.padStart(12)} ${ratio.toFixed(2).padStart(6)}  ${verdict.padEnd(10)} ${paired.toFixed(2).padStart(6)}  ${reads}`,
    );
  }
  console.log(
    `  ${over ? `${over} ratio(s) OVER the ${GOAL} goal` : `every ratio within the ${GOAL} goal`}; ` +
      `ratio = median with ${LOG.toLocaleString('en')} cards ÷ median with the empty log; paired = median of the ratios of ` +
      `back-to-back pairs; log reads (empty / full) = reads of the whole log in the timed runs.`,
  );
  if (over)
    console.log(
      `  An OVER with no log reads and a paired ratio near 1 is the machine's load; ` +
        `BENCH_LOG=20000 magnifies a cost that really grows with the log.`,
    );
  const reads = results.reduce((sum, result) => sum + result.reads[0] + result.reads[1], 0);
  figure({
    bench: 'cards',
    name: 'reads of the whole log in the timed runs',
    value: reads,
    unit: 'reads',
    goal: 0,
  });
  if (scans.callers.size) {
    console.log('  The whole log was read by:');
    for (const [who, count] of scans.callers) console.log(`    ${count} × ${who}`);
  }
  if (warnings.length)
    console.log(`  (${warnings.length} warnings shown during the runs, e.g. "${warnings[0]?.message}")`);
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s in all)`);
}

await main();
