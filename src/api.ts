/**
 * The system's public API, exposed as `game.gng` for macros and modules. What a world uses only now
 * and then (the simulator, the importer, the rules engine's API) is loaded on first use (issue
 * #29): the asynchronous functions load it themselves; `loadRules()` loads `game.gng.rules`.
 */
import type * as coreRules from './rules/index.js';
import type * as onDemandRules from './rules/on-demand.js';
import { callModule, onDemand } from './on-demand.js';
import type { GnGItem } from './documents/item.js';
import type { AttackChoices } from './cards/attack/attack-options.js';
import { startAttack } from './cards/attack/attack-actions.js';
import { rollItemMacro } from './hooks/hotbar-macro.js';
import { rollAttack } from './applications/roll-attack.js';
import type { RollAttackOptions } from './documents/actor.js';
import type { AreaDamageOptions } from './cards/area/area-actions.js';
import { areaModule } from './cards/area/area-register.js';
import type { ManeuverOptions } from './cards/maneuver/maneuver-actions.js';
import { maneuverModule } from './cards/maneuver/maneuver-register.js';
import { egManeuverModule } from './cards/eg-maneuver/eg-maneuver-register.js';
import type { EgManeuverOptions } from './cards/eg-maneuver/eg-maneuver-state.js';
import type { EgManeuver } from './rules/models/eg/maneuvers.js';
import type { EgSave } from './rules/models/eg/saves.js';
import type { EgSaveOptions } from './cards/eg-maneuver/eg-save.js';
import { quickStand } from './cards/quick-stand/quick-stand-state.js';
import { moveConditionTrack, type TrackMove } from './cards/saga-track/track-state.js';
import type { RestOptions } from './cards/rest/rest-actions.js';
import { restModule, restPartyModule } from './cards/rest/rest-register.js';
import type { HealOptions } from './cards/heal/heal-actions.js';
import { healModule } from './cards/heal/heal-register.js';
import { featActionModule } from './cards/feat-actions/feat-action-register.js';
import { designate } from './cards/opponent-feats/designate.js';
import { endFlow, flowWithEnemy } from './cards/opponent-feats/flow-with-enemy.js';
import { hailOfBullets } from './cards/opponent-feats/hail-of-bullets.js';
import type { DesignatingFeat } from './combat/opponent-feats.js';
import type { TacticalAidChoice } from './rules/index.js';
import type { SuppressOptions } from './cards/suppress/suppress-actions.js';
import { suppressModule } from './cards/suppress/suppress-register.js';
import { burstModule } from './cards/burst/burst-register.js';
import type { BurstStartOptions } from './cards/burst/burst-state.js';
import type { PartyRestOptions, PartyRestResult } from './cards/rest/rest-party.js';
import { dyingModule } from './cards/dying/dying-register.js';
import { sagaTurnModule } from './models/saga-turn-start.js';
import type { TokenType as TokenKind } from './rules/models/eg/tokens.js';
import type { TemporaryHpOptions } from './cards/dying/temporary-hp.js';
import type { GrappleOptions } from './cards/grapple/grapple-ask.js';
import { grappleModule } from './cards/grapple/grapple-register.js';
import type { CardActionResult } from './cards/attack/attack-actions.js';
import type { Maneuver } from './rules/index.js';
import type { SelfTestReport } from './self-test/index.js';
import { checkWorld } from './self-test/register.js';
import type { SimulateOptions } from './simulator/run.js';
import type { SimulatorApp } from './simulator/simulator-app.js';
import { openSimulator, simulatorModule } from './simulator/register.js';
import type { SimulationAggregate } from './rules/simulate/index.js';
import type { ImportStatBlockOptions, StatBlockImport } from './bestiary/import.js';
import type { StatBlockImporterApp } from './bestiary/importer-app.js';
import { importStatBlock, openImporter } from './bestiary/register.js';
import type { AreaCastOptions, WeaponCast, WeaponCastOptions } from './magic/index.js';
import { magicModule } from './magic/magic-register.js';

/** The whole rules engine, `game.gng.rules` once `loadRules()` has loaded it. */
export type Rules = typeof coreRules & typeof onDemandRules;

/** The rules engine as `game.gng.rules` exposes it (src/rules/on-demand.ts), loaded on first use. */
export const rulesModule = onDemand(() => import('./rules/on-demand.js'));

/** What reading an absent name of `game.gng.rules` never throws for (promises, JSON, printing). */
const INTROSPECTED = new Set(['then', 'toJSON', 'constructor', 'asymmetricMatch', 'nodeType']);

/**
 * `game.gng.rules` (issue #29): empty at start; `loadRules()` fills it with the whole engine. Until
 * then reading one of its names throws a clear error saying how to load it.
 */
function rulesApi(): Rules {
  return new Proxy({} as Rules, {
    get(target, name, receiver) {
      if (rulesModule.loaded || typeof name !== 'string' || name in target || INTROSPECTED.has(name))
        return Reflect.get(target, name, receiver) as unknown;
      throw new Error(game.i18n.format('GNG.Error.RulesNotLoaded', { name }));
    },
  });
}

export interface GnGApi {
  /**
   * The pure rules engine (see docs/api.md), loaded on first use: `await game.gng.loadRules()` first
   * (until then reading a name throws).
   */
  rules: Rules;
  /** Loads the rules engine into `rules` (once); resolves with `rules`. */
  loadRules(): Promise<Rules>;
  /** The system's version, from system.json. */
  version: string;
  /** Puts `source`'s item-targeted effects (a weapon spell) on `target` (a weapon); see GnGItem#applyEffectsTo. */
  applyItemEffects(source: Item, target: Item): Promise<ActiveEffect[]>;
  /**
   * What a weapon's hotbar macro runs: attacks with the weapon of this uuid for its actor (which the
   * user must own) — the attack dialog, or the default options with Shift held.
   */
  rollItemMacro(uuid: string): Promise<ChatMessage | null>;
  /**
   * Starts the opposed attack flow: `actor` attacks the user's targets with `weapon` (an equipped
   * weapon); resolves with the attack card, or null (refused or cancelled). See src/cards/attack/attack-actions.ts.
   */
  attack(actor: Actor, weapon: Item, options?: AttackChoices): Promise<ChatMessage | null>;
  /** What `Actor#rollAttack` runs: the attack dialog (unless `skipDialog`), then {@link GnGApi.attack}. */
  rollAttack(actor: Actor, weapon: Item | string, options?: RollAttackOptions): Promise<ChatMessage | null>;
  /**
   * GM only: rolls an area's damage once and posts the area damage card (Reflex for half, Dive for
   * Cover, Apply/Undo) for `options.targets` or the GM's targets. See src/cards/area/area-actions.ts.
   */
  areaDamage(options: AreaDamageOptions): Promise<ChatMessage | null>;
  /**
   * `actor` (owned by the user) fires a linear or strafing burst with `weapon` (fire mode 'auto')
   * from its token along `direction` (degrees) or `toward` a token or point: the GM rolls the shots,
   * spends the rounds, draws the area and posts the burst card. See src/cards/burst/burst-actions.ts.
   */
  burst(actor: Actor, weapon: Item, options: BurstStartOptions): Promise<CardActionResult>;
  /**
   * `actor` (owned by the user) attempts a Bull Rush, Trip or Throw against `options.targets` or the
   * user's targets: the GM rolls the check and posts the maneuver card (Maintain Footing, Apply/Undo).
   */
  maneuver(actor: Actor, kind: Maneuver, options?: ManeuverOptions): Promise<ChatMessage | null>;
  /**
   * Under the Enlightened Grognard model: `actor` (owned by the user) attempts a bull rush, overrun,
   * grab, escape, grapple, pin … against `options.targets` or the user's targets (an escape: the
   * creatures holding it); the GM makes the check against each target's defense and posts the EG
   * maneuver card (Apply/Undo). See src/cards/eg-maneuver/eg-maneuver-actions.ts.
   */
  egManeuver(actor: Actor, maneuver: EgManeuver, options?: EgManeuverOptions): Promise<ChatMessage | null>;
  /**
   * Under the Enlightened Grognard model: `actor` makes a Fortitude, Reflex or Will saving throw
   * (d20 + ⌊defense / 10⌋ ≥ 10), or an adjacent ally the user owns grants it one (`grantedBy`), with
   * insight tokens spent first (+2 each); the GM rolls and posts the result. See eg-save.ts.
   */
  egSave(actor: Actor, save: EgSave, options?: EgSaveOptions): Promise<ChatMessage | null>;
  /**
   * `actor` (owned by the user) starts a grapple against `options.target` or the user's single
   * targeted token: the GM posts the grapple card (the defender's attack of opportunity unless
   * Improved Grapple, the melee touch attack, then the hold check; see src/cards/grapple/grapple-ask.ts).
   */
  grapple(actor: Actor, options?: GrappleOptions): Promise<ChatMessage | null>;
  /** A prone `actor` (owned by the user) tries a Quick Stand (Tumble DC 20, once per round, provokes). */
  quickStand(actor: Actor): Promise<CardActionResult>;
  /**
   * The Saga-style condition track (issue #30): a GM moves `actor` one step `'up'` or `'down'`; a
   * player who owns it asks the GM (a request card the GM approves or declines).
   */
  conditionTrack(actor: Actor, move: TrackMove): Promise<CardActionResult>;
  /** `actor` (owned by the user) rests (a night, a bed-rest day, a week, a bed-rest week): the GM posts the rest card. */
  rest(actor: Actor, options: RestOptions): Promise<CardActionResult>;
  /** A GM rests the party (the actors given, the selected tokens, or the combat's characters): one rest card each. */
  restParty(options: PartyRestOptions): Promise<PartyRestResult[] | null>;
  /**
   * GM only: plays `actor`'s dying round now (in combat it plays itself at each of its turn starts):
   * d% against Con — stable, or 1 HP lost (dead at the size's threshold) — on a dying card with Undo.
   */
  dyingRound(actor: Actor): Promise<CardActionResult>;
  /**
   * `healer` (owned by the user) tries to stabilize the dying `patient`: the GM rolls d20 + Heal
   * against DC 15; in combat it takes the healer's attack action on its turn and provokes.
   */
  stabilize(patient: Actor, healer: Actor): Promise<CardActionResult>;
  /**
   * GM only: `actor` gains `amount` temporary HP (a whole number ≥ 1; no size multiplier); they do
   * not stack (the higher is kept) unless `options.stacks`.
   */
  grantTemporaryHp(actor: Actor, amount: number, options?: TemporaryHpOptions): Promise<CardActionResult>;
  /**
   * GM only, Saga-style model: the bane of `actor`'s regeneration struck it (001:145): its next
   * `turns` (default 2) turn starts in its combat heal nothing; 0 lifts it.
   */
  suppressRegeneration(actor: Actor, turns?: number): Promise<CardActionResult>;
  /**
   * GM only, Enlightened Grognard: grants `actor` persistent tokens (`{ power?, speed?, insight? }`;
   * negative takes back). Answers `data.record`, the token store's record.
   */
  grantPersistentTokens(actor: Actor, delta: Partial<Record<TokenKind, number>>): Promise<CardActionResult>;
  /** Enlightened Grognard: `actor` gives `amount` tokens of `type` to `recipient` (PCs of one combat; the GM's client checks). */
  giveTokens(actor: Actor, recipient: Actor, type: TokenKind, amount: number): Promise<CardActionResult>;
  /**
   * Heals a disabled body part's way (src/cards/heal/): `tend` (the healer's Heal check, DC 15: the
   * patient's next rest counts as with a healer), `surgery` (Heal DC 20 restores `part`), or a GM's
   * `extraordinary` healing (`formula` rolled, then d20 ≤ it restores `part`, no HP). The GM posts the heal card.
   */
  heal(patient: Actor, options: HealOptions): Promise<CardActionResult>;
  /**
   * Sudden Action (Appendix 4, src/cards/feat-actions/): `actor` (owned by the user, with the feat)
   * moves `steps` (1 to its character level) up the initiative count, once per round, on the round's
   * first turn; the GM checks it, changes the count and posts a card with Undo.
   */
  suddenAction(actor: Actor, steps: number): Promise<CardActionResult>;
  /**
   * Tactical Aid (Appendix 4): `actor`'s full-round Knowledge check against DC 20; on a success every
   * token of its side on the scene gets +1/+2/+3 competence to `bonusTo` ('attack' or 'defense') for
   * 2d4+1 rounds, as timed effects the GM's Undo takes back.
   */
  tacticalAid(actor: Actor, options: { bonusTo: TacticalAidChoice }): Promise<CardActionResult>;
  /**
   * Combat Sense / Unbalance Opponent (Appendix 4): the owner of `holder` names its one opponent
   * (default: the one targeted token's actor; null clears it). Stored on the holder's own actor.
   */
  designateOpponent(holder: Actor, feat: DesignatingFeat, opponent?: Actor | null): Promise<CardActionResult>;
  /** Flow with Enemy: the full-round opposed roll against the adjacent `opponent` token (GM-rolled). */
  flowWithEnemy(holder: Actor, opponent: Token): Promise<CardActionResult>;
  /** Flow with Enemy: the holder ends its flow (a free action). */
  endFlow(holder: Actor): Promise<CardActionResult>;
  /** Hail of Bullets: a full round, one shot with `weapon` at each opponent within 30 ft (one card each). */
  hailOfBullets(actor: Actor, weapon: Item): Promise<CardActionResult>;
  /**
   * `actor` (owned by the user) lays down suppressing fire with `weapon` over `options.area` (an aisle
   * along `direction` in degrees, or a 20-ft square from `corner` in scene pixels); the GM checks the
   * prerequisites, spends the full-round action and the wasted shots, and posts the card.
   */
  suppress(actor: Actor, weapon: Item, options: SuppressOptions): Promise<CardActionResult>;
  /**
   * `caster` (owned by the user) casts an Appendix 5 weapon spell or power (`spell`, its item) on
   * `options.weapons` for 10 minutes per (effective) caster level of the world clock; a weapon the
   * user does not own goes through the GM. See src/magic/weapon-spells.ts.
   */
  castWeaponSpell(caster: Actor, spell: Item, options: WeaponCastOptions): Promise<WeaponCast | null>;
  /**
   * `caster` (owned by the user) casts a damaging spell or power on the area card for the user's
   * targets, optionally with Armor Piercing / Ignoring Spell or Power (`options.metamagic`; the caster
   * needs the feat). See src/magic/area-spells.ts.
   */
  castAreaSpell(caster: Actor, spell: Item, options: AreaCastOptions): Promise<ChatMessage | null>;
  /**
   * Active GM only: runs the self-test ("Check this world") on scratch documents it deletes
   * afterwards; resolves with each check's result (src/self-test/self-test.ts).
   */
  checkWorld(): Promise<SelfTestReport>;
  /**
   * Runs `n` (default 10,000) simulated fights between two sides of actors (documents or uuids) in a
   * Web Worker; resolves with the aggregate (win rates, rounds, HP left, P(death) per combatant).
   * See src/simulator/run.ts and docs/api.md "Fight simulator".
   */
  simulate(options: SimulateOptions): Promise<SimulationAggregate>;
  /** Opens the fight simulator window. */
  openSimulator(): Promise<SimulatorApp>;
  /**
   * GM only: parses a pasted d20 3.5 / d20 Modern stat block, converts it to GnG and (unless
   * `create: false`) creates the world actor; null when refused. See src/bestiary/import.ts and
   * docs/api.md "Importing a stat block".
   */
  importStatBlock(text: string, options?: ImportStatBlockOptions): Promise<StatBlockImport | null>;
  /** GM only: opens the stat-block importer window (null when refused). */
  openImporter(): Promise<StatBlockImporterApp | null>;
}

/** The Enlightened Grognard's token calls, loaded on first use. */
const egTokenModule = onDemand(() => import('./cards/eg-tokens/token-api.js'));

export function createApi(version: string): GnGApi {
  const rules = rulesApi();
  return {
    rules,
    loadRules: async () => {
      Object.assign(rules, await rulesModule());
      return rules;
    },
    version,
    applyItemEffects: (source, target) => (source as GnGItem).applyEffectsTo(target),
    rollItemMacro,
    attack: (actor, weapon, options) => startAttack(actor, weapon, options),
    rollAttack,
    areaDamage: (options) => callModule(areaModule, (m) => m.startAreaDamage(options)),
    burst: (actor, weapon, options) => callModule(burstModule, (m) => m.burst(actor, weapon, options)),
    maneuver: (actor, kind, options) =>
      callModule(maneuverModule, (m) => m.startManeuver(actor, kind, options)),
    egManeuver: (actor, maneuver, options) =>
      callModule(egManeuverModule, (m) => m.startEgManeuver(actor, maneuver, options)),
    egSave: (actor, save, options) =>
      callModule(egManeuverModule, (m) => m.startEgSave(actor, save, options)),
    grapple: (actor, options) => callModule(grappleModule, (m) => m.startGrapple(actor, options)),
    quickStand: (actor) => quickStand(actor),
    conditionTrack: (actor, move) => moveConditionTrack(actor, move),
    rest: (actor, options) => callModule(restModule, (m) => m.rest(actor, options)),
    restParty: (options) => callModule(restPartyModule, (m) => m.restParty(options)),
    dyingRound: (actor) => callModule(dyingModule, (m) => m.requestDyingRound(actor)),
    stabilize: (patient, healer) => callModule(dyingModule, (m) => m.stabilize(patient, healer)),
    grantTemporaryHp: (actor, amount, options) =>
      callModule(dyingModule, (m) => m.grantTemporaryHp(actor, amount, options)),
    suppressRegeneration: (actor, turns) =>
      callModule(sagaTurnModule, (m) => m.suppressRegenerationOf(actor, turns)),
    grantPersistentTokens: (actor, delta) =>
      callModule(egTokenModule, (m) => m.grantPersistent(actor, delta)),
    giveTokens: (actor, recipient, type, amount) =>
      callModule(egTokenModule, (m) => m.give(actor, recipient, type, amount)),
    heal: (patient, options) => callModule(healModule, (m) => m.heal(patient, options)),
    suddenAction: (actor, steps) => callModule(featActionModule, (m) => m.suddenAction(actor, steps)),
    tacticalAid: (actor, options) => callModule(featActionModule, (m) => m.tacticalAid(actor, options)),
    designateOpponent: (holder, feat, opponent) => designate(holder, feat, opponent),
    flowWithEnemy: (holder, opponent) => flowWithEnemy(holder, opponent),
    endFlow: (holder) => endFlow(holder),
    hailOfBullets: (actor, weapon) => hailOfBullets(actor, weapon),
    suppress: (actor, weapon, options) =>
      callModule(suppressModule, (m) => m.suppress(actor, weapon, options)),
    castWeaponSpell: (caster, spell, options) =>
      callModule(magicModule, (m) => m.castWeaponSpell(caster, spell, options)),
    castAreaSpell: (caster, spell, options) =>
      callModule(magicModule, (m) => m.castAreaSpell(caster, spell, options)),
    checkWorld: () => checkWorld(),
    simulate: async (options) => (await simulatorModule()).simulate(options),
    openSimulator: () => openSimulator(),
    importStatBlock: (text, options) => importStatBlock(text, options),
    openImporter: () => openImporter(),
  };
}
