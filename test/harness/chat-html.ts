/**
 * A chat message as the chat log renders it for the current client (v13 `ChatMessage#renderHTML`):
 * an `li.chat-message` with a header holding a core control, the message's content in
 * `.message-content`, then the `renderChatMessageHTML` hook (message, html, context).
 *
 * The header's control (`data-action="deleteMessage"`, for the message's owners) stands in for
 * core's controls: the glue never relies on their names, only on leaving everything outside
 * `.message-content` alone (README.md).
 */
import { runtime } from './applications.js';

export function renderMessageHTML(message: ChatMessage): HTMLElement {
  const document = runtime.window.document;
  const li = document.createElement('li');
  li.className = 'chat-message message';
  li.dataset.messageId = message.id as string;
  const header = document.createElement('header');
  header.className = 'message-header';
  // Core shows its delete control to those who may delete the message (its author, GMs). An `<a>`
  // control, keyboard-reachable and named as a button (an `<a>` without href and without a role may
  // not carry a label for assistive technology).
  const control = document.createElement('a');
  control.setAttribute('role', 'button');
  control.setAttribute('tabindex', '0');
  control.className = 'message-delete';
  control.dataset.action = 'deleteMessage';
  control.setAttribute('aria-label', 'Delete');
  control.textContent = '×';
  if (message.isOwner) header.append(control);
  const content = document.createElement('div');
  content.className = 'message-content';
  content.innerHTML = message.content;
  li.append(header, content);
  const html = li as unknown as HTMLElement;
  Hooks.callAll('renderChatMessageHTML', message, html, {
    message: message.toObject(),
    user: game.user,
    author: message.author,
    isAuthor: message.isAuthor,
  });
  return html;
}
