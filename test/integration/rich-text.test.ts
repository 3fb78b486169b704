/**
 * Rich text on the sheets (issue 14): an actor's biography and an item's description are stored as
 * HTML and shown enriched — paragraphs as paragraphs, `@UUID[…]{…}` as content links, secrets only
 * to owners, never raw `<p>` tags — and an owner edits them in the `<prose-mirror>` editor (edit
 * button, type, Save), which stores HTML. A user who may not edit sees the text and no editor.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import type { HarnessProseMirror } from '../harness/rich-text.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';

const h = await getHarness();
beforeEach(() => h.reset(5));

const OBSERVER = 2;
const OWNER = 3;

/** A world actor Bob (the link target) and Alda, owned by Player and observed by everyone else. */
async function alda(biography: string): Promise<{ alda: Actor; bob: Actor }> {
  const bob = await h.createActor({ name: 'Bob', type: 'character' });
  const actor = await h.createActor({
    name: 'Alda',
    type: 'character',
    ownership: { default: OBSERVER, [h.users.player.id as string]: OWNER },
    system: { biography: biography.replace('BOB', bob.id as string) },
  });
  return { alda: actor, bob };
}

const section = (app: HarnessApplicationV2, selector: string) =>
  app.element.querySelector<HTMLElement>(selector) as HTMLElement;

/** What a user reads in the element: no tag may show as text. */
function expectNoRawTags(element: HTMLElement): void {
  expect(element.textContent).not.toMatch(/<\/?(p|strong|em|section|a)\b/);
  expect(element.innerHTML).not.toContain('&lt;p&gt;');
  expect(element.textContent).not.toContain('@UUID');
}

/** Types `html` into the open editor of `app` and presses its Save. */
async function typeAndSave(app: HarnessApplicationV2, html: string): Promise<void> {
  const editor = app.element.querySelector('prose-mirror') as HarnessProseMirror | null;
  if (!editor?.content) throw new Error('No open editor');
  editor.content.innerHTML = html;
  await h.click(app, 'prose-mirror .editor-save');
  await editorClosed(app);
}

/** The editor's Save makes the sheet render again without it. */
async function editorClosed(app: HarnessApplicationV2): Promise<void> {
  await vi.waitFor(() => expect(app.element.querySelector('prose-mirror')).toBeNull());
}

describe('the biography', () => {
  it('shows paragraphs and a content link, never raw <p> tags or the @UUID source', async () => {
    const { alda: actor, bob } = await alda('<p>Hello</p><p>Sworn to @UUID[Actor.BOB]{Bob}.</p>');
    h.as(h.users.player);
    const sheet = await openSheetOn(h, actor, 'biography');
    const bio = section(sheet, '.biography');
    expect([...bio.querySelectorAll('.editor-content > p')].map((p) => p.textContent)).toEqual([
      'Hello',
      'Sworn to Bob.',
    ]);
    const link = bio.querySelector<HTMLAnchorElement>('a.content-link');
    expect(link?.dataset.uuid).toBe(bob.uuid);
    expect(link?.dataset.type).toBe('Actor');
    expect(link?.textContent).toBe('Bob');
    expect(link?.classList.contains('broken')).toBe(false);
    expectNoRawTags(bio);
    // No plain text area, and no editor until asked for.
    expect(bio.querySelector('textarea')).toBeNull();
    expect(bio.querySelector('prose-mirror')).toBeNull();
    expect(h.i18n.missing).toEqual(new Set());
  });

  it('a link to a document that does not exist shows as a broken link with its label', async () => {
    const { alda: actor } = await alda('<p>Owes @UUID[Actor.xyz0000000000000]{Bob} money.</p>');
    const sheet = await openSheetOn(h, actor, 'biography');
    const link = section(sheet, '.biography').querySelector<HTMLAnchorElement>('a.content-link');
    expect(link?.classList.contains('broken')).toBe(true);
    expect(link?.textContent).toBe('Bob');
    expect(section(sheet, '.biography .editor-content').textContent).toBe('Owes Bob money.');
  });

  it('the owner opens the editor, types and saves: the actor stores HTML, the sheet shows it enriched', async () => {
    const { alda: actor, bob } = await alda('<p>Hello</p>');
    h.as(h.users.player);
    const sheet = await openSheetOn(h, actor, 'biography');
    const edit = section(sheet, '.biography .rich-text-edit');
    expect(edit.getAttribute('aria-label')).toBe('Edit Biography');
    await h.click(sheet, '.biography .rich-text-edit');

    // The editor opens on the stored HTML, as a field of the sheet's form.
    const editor = section(sheet, '.biography prose-mirror') as HarnessProseMirror;
    expect(editor.name).toBe('system.biography');
    expect(editor.value).toBe('<p>Hello</p>');
    expect(editor.getAttribute('document-uuid')).toBe(actor.uuid);
    expect(editor.content?.innerHTML).toBe('<p>Hello</p>');
    expect(sheet.element.querySelector('.biography .rich-text-edit')).toBeNull();

    const typed = `<p>Hello</p><p>Now with <strong>Bob</strong>: @UUID[${bob.uuid}]{Bob}</p>`;
    await typeAndSave(sheet, typed);
    expect((actor.system as unknown as { biography: string }).biography).toBe(typed);
    const bio = section(sheet, '.biography');
    expect(bio.querySelector('prose-mirror')).toBeNull();
    expect(bio.querySelector('.editor-content strong')?.textContent).toBe('Bob');
    expect(bio.querySelector('a.content-link')?.getAttribute('data-uuid')).toBe(bob.uuid);
    expectNoRawTags(bio);
    // The edit button is back.
    expect(bio.querySelector('.rich-text-edit')).not.toBeNull();
  });

  it('saving an unchanged text closes the editor and changes nothing', async () => {
    const { alda: actor } = await alda('<p>Hello</p>');
    const sheet = await openSheetOn(h, actor, 'biography');
    await h.click(sheet, '.biography .rich-text-edit');
    await h.click(sheet, 'prose-mirror .editor-save');
    await editorClosed(sheet);
    expect((actor.system as unknown as { biography: string }).biography).toBe('<p>Hello</p>');
  });

  it('a user who only observes the actor sees the enriched text, no edit button and no editor', async () => {
    const { alda: actor, bob } = await alda('<p>Hello @UUID[Actor.BOB]{Bob}</p>');
    h.as(h.users.otherPlayer);
    const sheet = await openSheetOn(h, actor, 'biography');
    const bio = section(sheet, '.biography');
    expect(bio.querySelector('.editor-content p')?.textContent).toBe('Hello Bob');
    expect(bio.querySelector('a.content-link')?.getAttribute('data-uuid')).toBe(bob.uuid);
    expect(bio.querySelector('.rich-text-edit')).toBeNull();
    expect(bio.querySelector('prose-mirror')).toBeNull();
    expectNoRawTags(bio);
  });

  it('secret blocks are shown to owners only', async () => {
    const { alda: actor } = await alda(
      '<p>Known to all.</p><section class="secret" id="secret-1"><p>Only the owner knows.</p></section>',
    );
    h.as(h.users.player);
    const owned = await openSheetOn(h, actor, 'biography');
    expect(section(owned, '.biography').textContent).toContain('Only the owner knows.');
    await owned.close();
    h.as(h.users.otherPlayer);
    const observed = await openSheetOn(h, actor, 'biography');
    expect(section(observed, '.biography').textContent).toContain('Known to all.');
    expect(section(observed, '.biography').textContent).not.toContain('Only the owner knows.');
  });

  it('the creature sheet shows and edits its biography the same way', async () => {
    const npc = await h.createActor({
      name: 'Goblin',
      type: 'npc',
      system: { biography: '<p>Small and <em>mean</em>.</p>' },
    });
    const sheet = await openSheetOn(h, npc, 'biography');
    expect(section(sheet, '.biography .editor-content em')?.textContent).toBe('mean');
    await h.click(sheet, '.biography .rich-text-edit');
    await typeAndSave(sheet, '<p>Smaller.</p>');
    expect((npc.system as unknown as { biography: string }).biography).toBe('<p>Smaller.</p>');
    expect(section(sheet, '.biography .editor-content').innerHTML).toBe('<p>Smaller.</p>');
  });
});

describe('the item description', () => {
  async function sword(): Promise<{ item: Item; bob: Actor }> {
    const bob = await h.createActor({ name: 'Bob', type: 'character' });
    const actor = await h.createActor({
      name: 'Alda',
      type: 'character',
      ownership: { default: OBSERVER, [h.users.player.id as string]: OWNER },
    });
    const [item] = await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Longsword',
        type: 'weapon',
        system: { description: `<p>Forged for @UUID[${bob.uuid}]{Bob}.</p><p>Balanced.</p>` },
      },
    ]);
    return { item: item as Item, bob };
  }

  it('shows enriched to the owner, who edits it in the editor; the item stores HTML', async () => {
    const { item, bob } = await sword();
    h.as(h.users.player);
    const sheet = await h.openItemSheet(item);
    const description = section(sheet, '.item-description');
    expect([...description.querySelectorAll('.editor-content > p')].map((p) => p.textContent)).toEqual([
      'Forged for Bob.',
      'Balanced.',
    ]);
    expect(description.querySelector('a.content-link')?.getAttribute('data-uuid')).toBe(bob.uuid);
    expect(description.querySelector('textarea')).toBeNull();
    expectNoRawTags(description);

    await h.click(sheet, '.item-description .rich-text-edit');
    const editor = section(sheet, '.item-description prose-mirror') as HarnessProseMirror;
    expect(editor.name).toBe('system.description');
    expect(editor.value).toBe(`<p>Forged for @UUID[${bob.uuid}]{Bob}.</p><p>Balanced.</p>`);
    await typeAndSave(sheet, '<p>Notched.</p>');
    expect((item.system as unknown as { description: string }).description).toBe('<p>Notched.</p>');
    expect(section(sheet, '.item-description .editor-content').innerHTML).toBe('<p>Notched.</p>');
    expect(h.i18n.missing).toEqual(new Set());
  });

  it('a user who only observes the item sees the enriched text and no editor', async () => {
    const { item } = await sword();
    h.as(h.users.otherPlayer);
    const sheet = await h.openItemSheet(item);
    const description = section(sheet, '.item-description');
    expect(description.querySelector('.editor-content p')?.textContent).toBe('Forged for Bob.');
    expect(description.querySelector('.rich-text-edit')).toBeNull();
    expect(description.querySelector('prose-mirror')).toBeNull();
    expectNoRawTags(description);
  });
});

describe('the harness stand-ins', () => {
  const enrich = (html: string, options?: EnrichmentOptions) =>
    foundry.applications.ux.TextEditor.implementation.enrichHTML(html, options);

  it('enrichHTML resolves @UUID links (with or without a label) and leaves other HTML alone', async () => {
    const bob = await h.createActor({ name: 'Bob', type: 'character' });
    expect(await enrich('<h2>Title</h2><ul><li><em>a</em></li></ul>')).toBe(
      '<h2>Title</h2><ul><li><em>a</em></li></ul>',
    );
    const holder = h.window.document.createElement('div');
    holder.innerHTML = await enrich(`<p>@UUID[${bob.uuid}] and @UUID[${bob.uuid}]{him}</p>`);
    expect([...holder.querySelectorAll('a.content-link')].map((a) => a.textContent)).toEqual(['Bob', 'him']);
    expect(await enrich('')).toBe('');
  });

  it('a <prose-mirror> is a form field: its value is submitted under its name', async () => {
    const { alda: actor } = await alda('<p>Hello</p>');
    const sheet = await openSheetOn(h, actor, 'biography');
    await h.click(sheet, '.biography .rich-text-edit');
    const form = sheet.element as HTMLFormElement;
    const data = new foundry.applications.ux.FormDataExtended(form).object;
    expect(data['system.biography']).toBe('<p>Hello</p>');
  });
});
