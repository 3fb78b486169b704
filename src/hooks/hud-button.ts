/**
 * A labelled button in the token HUD's left column (Grapple, Quick Stand): a real `<button>` with its
 * label as title and accessible name, an inert Font Awesome icon, and a click that runs `action` once
 * at a time (the button is disabled until the action settles).
 */
export function addHudButton(
  html: HTMLElement,
  options: { className: string; label: string; icon: string; action: () => Promise<unknown> },
): void {
  const column = html.querySelector('.col.left') ?? html;
  const button = html.ownerDocument.createElement('button');
  button.type = 'button';
  button.className = `control-icon ${options.className}`;
  button.title = options.label;
  button.setAttribute('aria-label', options.label);
  button.innerHTML = `<i class="${options.icon}" inert></i>`;
  button.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    button.disabled = true;
    void options.action().finally(() => {
      button.disabled = false;
    });
  });
  column.append(button);
}
