/**
 * The self-test's two queries. `gng.selfTestProbe` runs on a player's client when the GM's self-test
 * asks it: the player's client asks the active GM `gng.selfTestEcho` through the card kernel (so the
 * GM proves the sender exactly as for a card button) and answers with what came back, its system
 * version and the names of the options Foundry passed the handler. The echo only repeats a nonce:
 * neither query changes anything, so anyone may send them.
 */
import { askGM, registerGMQuery } from '../cards/kernel/index.js';

export const PROBE_QUERY = 'gng.selfTestProbe';
export const ECHO_QUERY = 'gng.selfTestEcho';

/** What a player's client answers the probe. */
export interface ProbeAnswer {
  user: string;
  system: string;
  options: string[];
  echo: { ok: boolean; error?: string; data?: Record<string, unknown> };
}

export function registerSelfTestQueries(): void {
  registerGMQuery(ECHO_QUERY, async (data, sender) => ({
    ok: true,
    data: { nonce: typeof data.nonce === 'string' ? data.nonce : '', sender: sender.id },
  }));
  CONFIG.queries[PROBE_QUERY] = async (data, options): Promise<ProbeAnswer> => {
    const nonce = typeof data?.nonce === 'string' ? data.nonce : '';
    const echo = await askGM(ECHO_QUERY, { nonce });
    return {
      user: game.user.id as string,
      system: game.system.version,
      options: Object.keys(options ?? {}).sort(),
      echo: echo.ok ? { ok: true, data: echo.data } : { ok: false, error: echo.error },
    };
  };
}
