import { screen, waitFor, within } from '@testing-library/react';
import { apiError, createFakeApi, networkError } from '../../../test/fakeApi';
import { fakeStudio, fileOf, model, program, renderStudio, studioConfig, studioRoutes } from '../../../test/fixtures/studio';
import { signedInAs } from '../../../test/renderApp';

describe('content studio: who reaches it', () => {
  it.each([
    ['a student', 'mia'],
    ['a franchise owner', 'dana'],
  ] as const)('sends %s away from every studio route', async (_who, login) => {
    for (const route of ['/studio', '/studio/programs/130', '/studio/models/500', '/studio/preview/500', '/studio/import']) {
      const { router, studio, unmount } = renderStudio({ route, session: signedInAs(login) });
      await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/studio/));
      expect(studio.calls).toEqual([]);
      unmount();
    }
  });

  it("puts Content studio in the administrator's menu and opens the programs", async () => {
    const { user, router } = renderStudio({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin') });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Content studio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio'));
    expect(await screen.findByRole('link', { name: 'Play Machines 1' })).toBeInTheDocument();
  });

  it('says plainly that a plain WordPress site has no studio', async () => {
    renderStudio({ route: '/studio', session: signedInAs('admin'), config: { ...studioConfig, capabilities: { ...studioConfig.capabilities, contentStudio: false } } });
    expect(await screen.findByText(/part of the portal's own backend/)).toBeInTheDocument();
  });
});

describe('content studio: programs', () => {
  it('reorders with the keyboard: the new order is shown at once and sent', async () => {
    const { user, studio } = renderStudio({ route: '/studio', session: signedInAs('admin') });
    const up = await screen.findByRole('button', { name: 'Move Play Machines 2 up' });
    up.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(studio.calls.find((c) => c.method === 'orderPrograms')?.args).toEqual([[167, 130]]));
    const names = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/studio/programs/'));
    expect(names.map((a) => a.textContent)).toEqual(['Play Machines 2', 'Play Machines 1']);
  });

  it('puts the old order back with a calm message when the new one cannot be saved', async () => {
    const studio = fakeStudio({ orderPrograms: async () => Promise.reject(networkError()) });
    const { user } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    await user.click(await screen.findByRole('button', { name: 'Move Play Machines 1 down' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('previous order is back');
    const names = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/studio/programs/'));
    expect(names.map((a) => a.textContent)).toEqual(['Play Machines 1', 'Play Machines 2']);
  });

  it("asks before deleting, and shows the server's reason when it refuses", async () => {
    const studio = fakeStudio({ deleteProgram: async () => Promise.reject(apiError(409, 'studio_busy', 'Another administrator is publishing this program.')) }, [
      program(130, 'Play Machines 1', 1, { models: [{ id: 131, title: 'Catapult', code: '2468', experimental: false, order: 1, status: 'publish', hasDraft: false, stepCount: 3, smallImage: null }] }),
    ]);
    const { user } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    await user.click(await screen.findByRole('button', { name: 'Delete Play Machines 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Play Machines 1?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete program' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Another administrator is publishing this program.');
    expect(studio.programs.has(130)).toBe(true);
  });

  it('shows loading, then a calm failure with Try again', async () => {
    let fail = true;
    const studio = fakeStudio({ getCatalogue: async () => (fail ? Promise.reject(networkError()) : { programs: [] }) });
    const { user } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the programs');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No programs yet/)).toBeInTheDocument();
  });
});

/** Whether closing or reloading the tab now would ask first (a beforeunload listener cancels it). */
function leavingIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('content studio: editing', () => {
  it('keeps what was typed when saving fails, and saves it on Try again', async () => {
    let down = true;
    const studio = fakeStudio();
    const save = studio.saveProgram;
    studio.saveProgram = async (...args) => (down ? Promise.reject(networkError()) : save(...args));
    const { user } = renderStudio({ route: '/studio/programs/130', session: signedInAs('admin'), studio });
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Play Machines One');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: Check the Wi-Fi connection');
    expect(screen.getByLabelText('Title')).toHaveValue('Play Machines One');
    expect(leavingIsQuestioned()).toBe(true);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Draft saved/)).toBeInTheDocument();
    expect(studio.programs.get(130)?.title).toBe('Play Machines One');
    expect(screen.getByText('Unpublished changes')).toBeInTheDocument();
    expect(leavingIsQuestioned()).toBe(false);
  });

  it("publishing a model changes its status and refreshes the students' lists", async () => {
    const studio = fakeStudio();
    studio.models.set(500, model(500, 130, 'Catapult'));
    const api = createFakeApi(studioRoutes(studio));
    const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio, api });
    await screen.findByRole('heading', { name: 'Catapult' });
    expect(screen.getByText('Draft')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: everyone sees it now.')).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.map((c) => c.method)).toEqual(expect.arrayContaining(['getPrograms', 'getLessons', 'getLesson'])));
  });

  it('Generate fills in a code from the server', async () => {
    const studio = fakeStudio();
    studio.models.set(500, model(500, 130, 'Catapult', { code: '' }));
    const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getByLabelText(/^Code/)).toHaveValue('4821'));
  });

  it("uploads a batch: a refused file shows the server's message, the others become steps in name order", async () => {
    const studio = fakeStudio({
      upload: async (kind, file, onProgress) => {
        const name = (file as File).name;
        onProgress(0.4);
        if (name === 'step-2.jpg') throw apiError(415, 'not_an_image', 'step-2.jpg is not a JPEG, PNG or WebP image.');
        return { kind: 'image', images: [{ original: { path: `/s/${name}`, url: `/s/${name}` }, thumbnail: { path: `/t/${name}`, url: `/t/${name}` }, sizes: [], width: 10, height: 10, name }] };
      },
    });
    studio.models.set(500, model(500, 130, 'Catapult', { tabs: [{ title: '', steps: [], video: null }] }));
    const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    const picker = await screen.findByLabelText('Choose step images for tab 1');
    await user.upload(picker, [fileOf('step-10.jpg'), fileOf('step-2.jpg'), fileOf('step-1.jpg'), fileOf('big.jpg', 21 * 1024 * 1024)]);
    expect(await screen.findByText('step-2.jpg is not a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(screen.getByText('big.jpg is larger than 20 MB.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Step \d+$/ })).toHaveLength(2));
    expect(screen.getByText('2 of 4 uploaded, 2 not uploaded.')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Step \d+$/ }).map((img) => img.getAttribute('src'))).toEqual(['/t/step-1.jpg', '/t/step-10.jpg']);
    // The too-large file never went to the server.
    expect(studio.calls.filter((c) => c.method === 'upload')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Retry step-2.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry big.jpg' })).toBeNull();
  });
});

describe('content studio: preview', () => {
  it("shows a model's draft in the student's gallery under a Preview banner", async () => {
    const studio = fakeStudio({
      // As the server sends it: a wp/v2 page, with its first tab's two steps.
      getPreview: async (id) => ({
        id,
        parent: 130,
        title: { rendered: 'Catapult' },
        lesson_0_gallery: [
          { original: '/s/1.jpg', thumbnail: '/t/1.jpg' },
          { original: '/s/2.jpg', thumbnail: '/t/2.jpg' },
        ],
      }),
    });
    studio.models.set(500, model(500, 130, 'Catapult'));
    renderStudio({ route: '/studio/preview/500', session: signedInAs('admin'), studio });
    expect(await screen.findByRole('note')).toHaveTextContent('Preview — not published');
    expect(await screen.findByRole('img', { name: 'Catapult, step 1 of 2' })).toBeInTheDocument();
  });
});

describe('content studio: import', () => {
  const job = (id: number, url: string, created: number) => ({
    id,
    url,
    status: 'finished' as const,
    progress: 1,
    step: '',
    summary: { created, updated: 0, skipped: 0, failed: [] },
    startedAt: '2026-11-01T10:00:00Z',
    finishedAt: '2026-11-01T10:01:00Z',
  });

  it('shows the last import with its summary after a reload, and the earlier ones below it', async () => {
    const studio = fakeStudio({ getImports: async () => [job(2, 'https://new.example', 7), job(1, 'https://old.example', 3)] });
    renderStudio({ route: '/studio/import', session: signedInAs('admin'), studio });
    expect(await screen.findByRole('heading', { name: 'Finished: https://new.example' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Summary')).getByText('7')).toBeInTheDocument();
    const earlier = screen.getByRole('region', { name: 'Earlier imports' });
    expect(earlier).toHaveTextContent('https://old.example — Finished (3 created');
  });

  it("lists the site's programs, all ticked, and imports only the ones left ticked", async () => {
    const { studio, user } = renderStudio({ route: '/studio/import', session: signedInAs('admin') });
    await user.type(await screen.findByLabelText('WordPress site address'), 'https://wp.test');
    await user.click(screen.getByRole('button', { name: 'Show the site’s programs' }));
    const choice = await screen.findByRole('group', { name: 'Programs to import (their models come with them)' });
    const gears = within(choice).getByRole('checkbox', { name: 'Gears Program (2 models)' });
    expect(within(choice).getByRole('checkbox', { name: 'Levers Program (1 model)' })).toBeChecked();
    expect(gears).toBeChecked();
    expect(studio.calls.find((c) => c.method === 'getSitePrograms')?.args).toEqual(['https://wp.test']);
    await user.click(within(choice).getByRole('button', { name: 'Untick all' }));
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    await user.click(gears);
    expect(within(choice).getByText('1 of 2 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(studio.calls.find((c) => c.method === 'startImport')?.args).toEqual(['https://wp.test', [130]]));
  });

  it('says when no import has run yet', async () => {
    renderStudio({ route: '/studio/import', session: signedInAs('admin') });
    expect(await screen.findByText('No import has run yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Earlier imports' })).not.toBeInTheDocument();
  });
});
