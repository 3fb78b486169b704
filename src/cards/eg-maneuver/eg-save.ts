/**
 * The Enlightened Grognard saving throw at the table (seed 003:340–364; issue #31 R6):
 * `game.gng.egSave(actor, save, options)` asks the active GM to roll `actor`'s save — d20 +
 * ⌊defense / 10⌋ (the sheet's defense, without a token bonus: A5) + a granting ally's ⌊passive
 * Heal / 10⌋ + 2 per insight token spent (003:417), 10 or more succeeds, a natural 1 fails and a 20
 * succeeds — and post the result (the GM's message, subtype `egSave`: the record in `system`,
 * eg-save-data.ts, drawn on each client in its language; an older one, `flags.gng.egSave`, has no
 * buttons and shows its stored content). Who may ask: the saver's
 * owner, or the owner of an adjacent ally granting it (003:354, 868). Insight tokens are spent from
 * the saver's pool through the token store (only its own owner or the GM may spend them), before
 * the die is rolled; a short pool refuses and nothing is rolled. Ending the effect is the GM's.
 */
import {
  EG_SAVES,
  grantedSaveBonus,
  resolveSave,
  saveBonus,
  type EgSave,
} from '../../rules/models/eg/saves.js';
import { tokenBonus } from '../../rules/models/eg/token-uses.js';
import { assertMaySpend, changeTokens, type TokenChangeRecord } from '../../combat/eg-token-store.js';
import { adjacent } from '../../combat/scene-grid.js';
import { combatOf, tokenOf } from '../../combat/scene-lookup.js';
import { escapeHtml } from '../../chat/escape-html.js';
import {
  actorOf,
  askGM,
  owns,
  Refusal,
  withRollMode,
  type CardActionResult,
  type RollMode,
  payload,
} from '../kernel/index.js';
import { postCard, registerTyped } from '../kernel/typed-card.js';
import { combatModel } from '../../settings/combat-model.js';
import { EG_SAVE_QUERY } from './eg-maneuver-state.js';
import { t, f } from '../../format.js';

/** What a save's message stores (its `system`). */
export interface EgSaveRecord {
  actorUuid: string;
  /** The saver's and the granting ally's names when it was rolled (the card is drawn from these). */
  name: string;
  granterName: string | null;
  save: EgSave;
  natural: number;
  bonus: number;
  granted: number;
  insight: number;
  total: number;
  success: boolean;
  automatic: 'success' | 'failure' | null;
  grantedBy: string | null;
  tokens: TokenChangeRecord | null;
}

/** `game.gng.egSave`'s options. */
export interface EgSaveOptions {
  /** An adjacent ally granting the save (a swift action of its own): its ⌊passive Heal / 10⌋ is added. */
  grantedBy?: Actor;
  /** Insight tokens the saver spends before the roll: +2 each (003:417). */
  insight?: number;
}

/** Insight tokens' bonus on a save, from the uses table (+2 each, 003:417). */
const insightBonus = (n: number) => tokenBonus('save', n, 'proactive') ?? 0;
interface SaveRequest {
  actorUuid: string;
  save: EgSave;
  grantedBy: string | null;
  insight: number;
}

/** The request: the saver, the save, an ally granting it (or none), insight tokens (0 to 99; none). */
const parse = payload(
  {
    actorUuid: 'str',
    save: EG_SAVES,
    grantedBy: { kind: 'str', optional: true, nullable: true },
    insight: { kind: 'int', optional: true, nullable: true, min: 0, max: 99 },
  },
  'GNG.Error.Attack.BadRequest',
);

/** The checked request's fields. */
function parsed(d: Record<string, unknown>): SaveRequest {
  return {
    actorUuid: d.actorUuid as string,
    save: d.save as EgSave,
    grantedBy: (d.grantedBy as string | null | undefined) ?? null,
    insight: (d.insight as number | null | undefined) ?? 0,
  };
}

/** The save's HTML from its record, in this client's language. */
function render(r: EgSaveRecord): Promise<string> {
  const { name, granterName: granter } = r;
  const lines = [
    f('GNG.Model.EG.Save.Bonus', { save: t(`GNG.Model.EG.Save.Kind.${r.save}`), bonus: r.bonus }),
    ...(granter ? [f('GNG.Model.EG.Save.Granted', { name: granter, bonus: r.granted })] : []),
    ...(r.insight
      ? [f('GNG.Model.EG.Save.Insight', { count: r.insight, bonus: insightBonus(r.insight) })]
      : []),
  ];
  const result = r.automatic
    ? t(`GNG.Model.EG.Save.Automatic.${r.automatic}`)
    : t(r.success ? 'GNG.Model.EG.Save.Success' : 'GNG.Model.EG.Save.Failure');
  return Promise.resolve(
    [
      '<div class="gng chat-card eg-save-card">',
      `<header class="card-header"><h3>${escapeHtml(f('GNG.Model.EG.Save.Heading', { name, save: t(`GNG.Model.EG.Save.Kind.${r.save}`) }))}</h3></header>`,
      `<p class="eg-save-roll">${escapeHtml(f('GNG.Model.EG.Save.Roll', { natural: r.natural, total: r.total }))}</p>`,
      `<ul class="step-lines">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      `<p class="eg-save-result ${r.success ? 'is-hit' : 'is-miss'}">${escapeHtml(result)}</p>`,
      '</div>',
    ].join(''),
  );
}

// The subtype's renderer (the kernel redraws a save on each client; posting renders the fallback).
registerTyped({ type: 'egSave', render });

/** The GM's handler of `gng.egSave`: checks the sender, spends the tokens, rolls and posts. */
export async function handleEgSave(
  data: Record<string, unknown>,
  sender: User,
  context: { rollMode: RollMode },
): Promise<CardActionResult> {
  // The request's shape first (a schema), then the world's model.
  const request = parsed(parse(data));
  if (combatModel().id !== 'eg') throw new Refusal('GNG.Model.EG.Maneuver.Error.NotEg');
  const actor = await actorOf(request.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name: request.actorUuid });
  const granter = request.grantedBy ? await actorOf(request.grantedBy) : null;
  if (request.grantedBy && (!granter || granter === actor))
    throw new Refusal('GNG.Model.EG.Save.Error.Granter');
  // The saver's owner rolls its own save; an ally's owner grants it one. Insight: the saver's own.
  if (!(granter ? owns(sender, granter.uuid) : owns(sender, actor.uuid)) && !sender.isGM)
    throw new Refusal('GNG.Error.Attack.NotAttackerOwner', { name: (granter ?? actor).name });
  if (request.insight > 0 && !owns(sender, actor.uuid) && !sender.isGM)
    throw new Refusal('GNG.Model.EG.Save.Error.NotYourTokens', { name: actor.name });
  assertMaySpend(sender, actor, request.insight > 0);
  if (granter) {
    const a = tokenOf(actor);
    const b = tokenOf(granter);
    if (!a || !b || !adjacent(a, b))
      throw new Refusal('GNG.Model.EG.Save.Error.NotAdjacent', { name: granter.name, ally: actor.name });
  }
  const defense = actor.system.derived.modelDefenses?.[request.save];
  if (!defense || defense.kind !== 'static')
    throw new Refusal('GNG.Model.EG.Maneuver.Error.NoDefense', { name: actor.name });
  const bonus = saveBonus(defense.value);
  const heal = granter ? granter.system.derived.skills.heal.total : 0;
  const granted = granter ? grantedSaveBonus(heal) : 0;
  // Spent before the die is rolled (proactive, 003:384); refused when short: nothing rolled.
  const tokens = request.insight
    ? await changeTokens(
        combatOf(actor),
        actor,
        { insight: -request.insight },
        'GNG.Model.EG.Save.Kind.' + request.save,
      )
    : null;
  const roll = await new Roll('1d20').evaluate();
  const natural = roll.total as number;
  const r = resolveSave({ natural, bonus, other: granted + insightBonus(request.insight) });
  const record: EgSaveRecord = {
    actorUuid: actor.uuid,
    name: actor.name,
    granterName: granter?.name ?? null,
    save: request.save,
    natural,
    bonus,
    granted,
    insight: request.insight,
    total: r.total,
    success: r.success,
    automatic: r.automatic,
    grantedBy: granter?.uuid ?? null,
    tokens,
  };
  const speaker = ChatMessage.getSpeaker({ actor });
  const message = await postCard(
    'egSave',
    record,
    withRollMode({ rolls: [roll], speaker }, context.rollMode, sender),
  );
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  Hooks.callAll('gng.egSave', message);
  return { ok: true, messageId: message.id as string };
}

/**
 * `game.gng.egSave(actor, save, options)`: `actor` makes a Fortitude, Reflex or Will save (or an
 * adjacent ally the user owns grants it one). Resolves with the message, or null (a warning says why).
 */
export async function startEgSave(
  actor: Actor,
  save: EgSave,
  options: EgSaveOptions = {},
): Promise<ChatMessage | null> {
  const result = (await askGM(EG_SAVE_QUERY, {
    actorUuid: actor.uuid,
    save,
    ...(options.grantedBy ? { grantedBy: options.grantedBy.uuid } : {}),
    ...(options.insight ? { insight: options.insight } : {}),
  })) as CardActionResult & { messageId?: string };
  return result.ok && result.messageId ? (game.messages.get(result.messageId) ?? null) : null;
}
