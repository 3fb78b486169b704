/**
 * What every card shares (the attack card's design, used by the area, maneuver, grapple, bleeding
 * and quick-stand cards too): a request to the active GM (`User#query`, the GM's own client calls the
 * handler directly), one action at a time per card on the GM's client, refusals as lang keys the
 * asking client shows, actions in flight that macros and tests can wait for, and the per-user
 * decoration of a rendered card (buttons the user may not use are removed).
 */

/** What the GM's handler answers: done, or refused with a lang key (the asking client localizes it). */
export type CardActionResult = { ok: true } | { ok: false; error: string; data?: Record<string, unknown> };

/** A refusal of the GM's handler: a lang key (and its data) the asking client shows. */
export class Refusal extends Error {
  constructor(
    readonly key: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/* -------------------------------------------------------------------------- */
/*  Actions in flight (so macros and tests can wait for a click to finish)     */
/* -------------------------------------------------------------------------- */

const inFlight = new Set<Promise<unknown>>();

export function track<T>(promise: Promise<T>): Promise<T> {
  inFlight.add(promise);
  void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
  return promise;
}

/** Resolves when every card action started on this client (clicks, automatic rolls) has finished. */
export async function attackActionsSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** One card's actions run one after another on the GM's client, so an action never races itself. */
const cardQueues = new Map<string, Promise<unknown>>();

const t = (key: string) => game.i18n.localize(key);
const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);

/** The user who sent a query, if it is a user of this world (fail closed otherwise). */
export function senderOf(context: { user: User } | undefined): User | undefined {
  const id = context?.user?.id;
  return id ? game.users.get(id) : undefined;
}

/**
 * Runs `fn` after the card's earlier actions (one queue per message id), turning a thrown
 * {@link Refusal} into `{ ok: false, error }`; `fn`'s own answer, or `{ ok: true }`.
 */
export function serialized(
  messageId: string,
  fn: () => Promise<CardActionResult | void>,
): Promise<CardActionResult> {
  const previous = cardQueues.get(messageId) ?? Promise.resolve();
  const run: Promise<CardActionResult> = previous
    .then(async (): Promise<CardActionResult> => (await fn()) ?? { ok: true })
    .catch(refusal);
  cardQueues.set(messageId, run);
  void run.finally(() => {
    if (cardQueues.get(messageId) === run) cardQueues.delete(messageId);
  });
  return run;
}

/** A refusal (or an unexpected error, logged) of the GM's handler, as an answer. */
export function refusal(error: unknown): CardActionResult {
  if (error instanceof Refusal) return { ok: false, error: error.key, data: error.data };
  console.error(error);
  return {
    ok: false,
    error: 'GNG.Error.Attack.Failed',
    data: { error: String((error as Error)?.message ?? error) },
  };
}

/**
 * Asks the active GM to run `query` with `data` (the GM calls `handler` directly); a refusal is shown
 * as a warning on this client. Tracked, so `attackActionsSettled()` waits for it.
 */
export function askGM(
  query: string,
  handler: (data: Record<string, unknown>, context: { user: User }) => Promise<CardActionResult>,
  data: Record<string, unknown>,
): Promise<CardActionResult> {
  return track(
    (async (): Promise<CardActionResult> => {
      const gm = game.users.activeGM;
      if (!gm) {
        ui.notifications.warn(t('GNG.Error.Attack.NoGM'));
        return { ok: false, error: 'GNG.Error.Attack.NoGM' };
      }
      const result =
        gm.id === game.user.id
          ? await handler(data, { user: game.user })
          : ((await gm.query(query, data)) as CardActionResult);
      if (!result.ok) ui.notifications.warn(f(result.error, result.data ?? {}));
      return result;
    })(),
  );
}

/** Whether `user` owns the document of `uuid` (a GM owns everything). */
export function owns(user: User, uuid: string | null): boolean {
  if (!uuid) return false;
  const doc = fromUuidSync(uuid);
  return Boolean(doc && doc.testUserPermission(user, 'OWNER'));
}

/**
 * On a rendered card: removes every `[data-action]` / `[data-for-action]` element `keep` refuses
 * (given the element too, for its other data) and wires the remaining buttons to `onClick` (disabled
 * while the action runs; enabled again on refusal).
 */
export function decorateButtons(
  html: HTMLElement,
  keep: (action: string, targetId: string, el: HTMLElement) => boolean,
  onClick: (action: string, targetId: string, button: HTMLButtonElement) => Promise<CardActionResult>,
): void {
  for (const el of html.querySelectorAll<HTMLElement>('[data-action], [data-for-action]')) {
    const action = el.dataset.action ?? el.dataset.forAction ?? '';
    const targetId = el.dataset.targetId ?? '';
    if (!keep(action, targetId, el)) {
      el.remove();
      continue;
    }
    if (el.tagName !== 'BUTTON') continue;
    const button = el as HTMLButtonElement;
    button.addEventListener('click', (event) => {
      event.preventDefault();
      button.disabled = true;
      void track(
        onClick(action, targetId, button).then(
          (result) => {
            if (!result.ok) button.disabled = false;
            return result;
          },
          (error: unknown) => {
            button.disabled = false;
            throw error;
          },
        ),
      );
    });
  }
}
