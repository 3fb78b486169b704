/** Polls `ready` until it is true or `ms` pass (work another client or a hook does after an update). */
export async function waitFor(ready: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}
