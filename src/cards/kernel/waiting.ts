/**
 * Whose move it is, in words (issue #33). Every card's buttons are decorated by the kernel
 * (decorate.ts): a button of an action the card's state does not allow now is removed for everyone
 * (card.ts), so a card shows what may be pressed now, not finished steps greyed. What it waits for
 * is the card's own line, rendered from its state by its template:
 * `<p class="gng-card-waiting">Waiting for Goblin's Defense roll</p>` (styles/_chat.scss). A button a
 * template still renders disabled says why: its `data-reason` becomes a visible text beside it and
 * the button's accessible description ({@link describeDisabled}).
 */

let reasons = 0;

/**
 * Every disabled `button[data-reason]` of `root` gets its reason as a visible text right after it
 * (`.gng-card-reason`) and as its `aria-describedby`, unless it has one already.
 */
export function describeDisabled(root: HTMLElement): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-reason]:disabled')) {
    if (button.hasAttribute('aria-describedby')) continue;
    const reason = root.ownerDocument.createElement('span');
    reason.className = 'gng-card-reason';
    reason.id = `gng-card-reason-${++reasons}`;
    reason.textContent = button.dataset.reason ?? '';
    button.after(reason);
    button.setAttribute('aria-describedby', reason.id);
  }
}
