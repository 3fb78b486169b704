/**
 * The harness on a host of its own (as the playground runs it in a browser): files come only through
 * the host's `readText`, rendered applications go where the host's `mount` puts them and leave
 * through `unmount`, and every notification reaches `onNotice`.
 */
import { expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHarness, ROOT, type Notice } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';

it('runs the system on any host: files, window frames and notifications through the host', async () => {
  const read: string[] = [];
  const mounted: string[] = [];
  const unmounted: string[] = [];
  const notices: Notice[] = [];
  const window = new Window({ url: 'http://localhost:30100/' });
  const desk = window.document.createElement('section');
  window.document.body.append(desk);
  const h = await createHarness({
    root: 'http://localhost:30100/',
    window,
    readText: (path) => {
      read.push(path);
      const file = join(ROOT, path);
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    },
    mount: (app: HarnessApplicationV2) => {
      mounted.push(app.id);
      desk.append(app.element as never);
    },
    unmount: (app: HarnessApplicationV2) => unmounted.push(app.id),
    onNotice: (notice) => notices.push(notice),
  });
  expect(h.root).toBe('http://localhost:30100/');
  expect(read).toEqual(expect.arrayContaining(['package.json', 'lang/en.json', 'system.json']));

  const actor = await h.createActor({ name: 'Hosted', type: 'character' });
  const sheet = await h.openSheet(actor);
  expect(read.some((path) => path.startsWith('templates/actor/'))).toBe(true);
  expect(mounted).toEqual([sheet.id]);
  expect(sheet.element.parentElement).toBe(desk as unknown as HTMLElement);
  await sheet.render(false); // a second render keeps the application where it is
  expect(mounted).toEqual([sheet.id]);
  await sheet.close();
  expect(unmounted).toEqual([sheet.id]);

  ui.notifications.warn('Careful');
  expect(notices).toEqual([{ level: 'warn', message: 'Careful' }]);
  expect(h.notices.at(-1)).toEqual({ level: 'warn', message: 'Careful' });
});
