/**
 * The self-test's two queries. `gng.selfTestProbe` runs on a player's client when the GM's self-test
 * asks it: the player's client asks the active GM `gng.selfTestEcho` through the card kernel (so the
 * GM proves the sender exactly as for a card button) and answers with what came back, its system
 * version and the names of the options Foundry passed the handler. The echo only repeats a nonce:
 * neither query changes anything, so anyone may send them.
 *
 * One probe asks more (the "cardAuthor" check): the player's client tries to create a message naming
 * the GM as its author, to show what Foundry makes of it. It does so only when the answer to its own
 * echo — which only the active GM's client can give — says the GM's self-test asked for it
 * (`forge: true` for that nonce, once), so no one else can make a player's client post anything.
 */
import { askGM, payload, registerGMQuery } from '../cards/kernel/index.js';
import { SYSTEM_ID } from '../config/document-types.js';

export const PROBE_QUERY = 'gng.selfTestProbe';
export const ECHO_QUERY = 'gng.selfTestEcho';

/** What a player's client answers the probe. */
export interface ProbeAnswer {
  user: string;
  system: string;
  options: string[];
  echo: { ok: boolean; error?: string; data?: Record<string, unknown> };
  /** The message in the GM's name it tried to create: its id, or the error Foundry gave. */
  forged?: { id: string | null; error?: string };
}

/** On the GM's client: the nonces of probes the self-test sent asking for a message in its name. */
const forgeAsked = new Set<string>();

/** The GM's self-test asks the probe with `nonce` to try a message in the GM's name (once). */
export function askToForge(nonce: string): void {
  forgeAsked.add(nonce);
}

/** The flag that marks the probe's message (with the probe's nonce). */
export const FORGED_FLAG = 'forgeProbe';

async function tryToForge(nonce: string): Promise<ProbeAnswer['forged']> {
  const gm = game.users.activeGM;
  try {
    const created = await ChatMessage.create({
      content: `<p>${game.i18n.localize('GNG.SelfTest.PlainMessage')}</p>`,
      author: gm?.id as string,
      _stats: { lastModifiedBy: gm?.id },
      whisper: game.users.filter((user) => user.isGM).map((user) => user.id as string),
      flags: { [SYSTEM_ID]: { selfTest: true, [FORGED_FLAG]: nonce } },
    });
    return { id: created?.id ?? null };
  } catch (error) {
    return { id: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The echo's request: a nonce (or none). */
const echoFields = payload({ nonce: 'str?' });

export function registerSelfTestQueries(): void {
  registerGMQuery(ECHO_QUERY, async (data, sender) => {
    const nonce = (echoFields(data).nonce as string | undefined) ?? '';
    return { ok: true, data: { nonce, sender: sender.id, forge: forgeAsked.delete(nonce) } };
  });
  CONFIG.queries[PROBE_QUERY] = async (data, options): Promise<ProbeAnswer> => {
    const nonce = typeof data?.nonce === 'string' ? data.nonce : '';
    const echo = await askGM(ECHO_QUERY, { nonce });
    const confirmed = echo.ok && echo.data?.nonce === nonce && echo.data?.forge === true;
    return {
      user: game.user.id as string,
      system: game.system.version,
      options: Object.keys(options ?? {}).sort(),
      echo: echo.ok ? { ok: true, data: echo.data } : { ok: false, error: echo.error },
      ...(confirmed && !game.user.isGM ? { forged: await tryToForge(nonce) } : {}),
    };
  };
}
