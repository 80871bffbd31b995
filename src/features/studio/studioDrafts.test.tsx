/**
 * The studio's review of an import (nothing published until chosen), bulk actions on its lists,
 * and its smaller promises: a step keeps its name after saving, a hidden program's publish says
 * students do not see it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { StudioImportReview } from '../../../contract/studio';
import { emptyReview, fakeStudio, fileOf, image, model, program, renderStudio } from '../../../test/fixtures/studio';
import { signedInAs } from '../../../test/renderApp';

const finishedJob = {
  id: 9,
  url: 'https://wp.example',
  status: 'finished' as const,
  progress: 1,
  step: '',
  summary: { created: 5, updated: 2, skipped: 0, failed: [] },
  startedAt: '2026-11-01T10:00:00Z',
  finishedAt: '2026-11-01T10:01:00Z',
};

const waiting: StudioImportReview = {
  jobId: 9,
  site: 'https://wp.example',
  programs: [
    { id: 700, title: 'Gears Program', change: 'new', pending: true, models: [{ id: 701, title: 'Crank', change: 'new' }, { id: 702, title: 'Winch', change: 'new' }] },
    { id: 5000, title: 'Levers Program', change: 'new', pending: true, models: [{ id: 5002, title: 'Seesaw', change: 'new' }] },
  ],
  others: [
    { id: 127, title: 'Programs', change: 'update' },
    { id: 51, title: 'Terms &#038; Conditions', change: 'update' },
  ],
  counts: { pages: 7, programs: 2, models: 3, others: 2 },
};

describe('content studio: what an import brought waits for review', () => {
  it('shows the summary of what waits unpublished, and publishes only the chosen program with its models', async () => {
    const studio = fakeStudio({
      getImports: async () => [finishedJob],
      getImportReview: async () => waiting,
      publishImport: async (jobId) => ({ done: 2, failed: [], review: { ...waiting, jobId, programs: [waiting.programs[0]!], counts: { pages: 5, programs: 1, models: 2, others: 2 } } }),
    });
    const { user } = renderStudio({ route: '/studio/import', session: signedInAs('admin'), studio });
    const review = await screen.findByRole('region', { name: 'Waiting for review' });
    expect(review).toHaveTextContent('7 pages: 2 programs, 3 models, 2 other pages');
    expect(review).toHaveTextContent('Nothing from this import is visible to students until you publish it.');
    expect(within(review).getByRole('checkbox', { name: /Terms page/ })).not.toBeChecked();
    const chosen = within(review).getByRole('button', { name: 'Publish chosen' });
    expect(chosen).toBeDisabled();
    await user.click(within(review).getByRole('checkbox', { name: /Levers Program/ }));
    await user.click(chosen);
    await waitFor(() => expect(studio.calls.find((c) => c.method === 'publishImport')?.args).toEqual([9, [5000]]));
    expect(await within(review).findByText('Published 2 pages.')).toBeInTheDocument();
    expect(review).toHaveTextContent('5 pages: 1 program, 2 models, 2 other pages');
    expect(within(review).queryByRole('checkbox', { name: /Levers Program/ })).toBeNull();
  });

  it('Publish all sends no choice; a program held back is named with its reason', async () => {
    const studio = fakeStudio({
      getImports: async () => [finishedJob],
      getImportReview: async () => waiting,
      publishImport: async (jobId) => ({ done: 6, failed: [{ id: 5000, title: 'Levers Program', reason: 'This program has no logo and no models.' }], review: emptyReview(jobId) }),
    });
    const { user } = renderStudio({ route: '/studio/import', session: signedInAs('admin'), studio });
    const review = await screen.findByRole('region', { name: 'Waiting for review' });
    await user.click(within(review).getByRole('button', { name: 'Publish all' }));
    await waitFor(() => expect(studio.calls.find((c) => c.method === 'publishImport')?.args).toEqual([9, undefined]));
    expect(await within(review).findByRole('alert')).toHaveTextContent('Levers Program: This program has no logo and no models.');
    expect(review).toHaveTextContent('Nothing from this import is waiting for review.');
  });

  it('Discard asks first, and Cancel sends nothing', async () => {
    const studio = fakeStudio({ getImports: async () => [finishedJob], getImportReview: async () => waiting, discardImport: async (jobId) => ({ done: 7, failed: [], review: emptyReview(jobId) }) });
    const { user } = renderStudio({ route: '/studio/import', session: signedInAs('admin'), studio });
    const review = await screen.findByRole('region', { name: 'Waiting for review' });
    await user.click(within(review).getByRole('button', { name: 'Discard' }));
    let question = screen.getByRole('alertdialog', { name: 'Discard what this import brought?' });
    expect(question).toHaveTextContent('what is published stays as it is');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(studio.calls.some((c) => c.method === 'discardImport')).toBe(false);
    await user.click(within(review).getByRole('button', { name: 'Discard' }));
    question = screen.getByRole('alertdialog', { name: 'Discard what this import brought?' });
    await user.click(within(question).getByRole('button', { name: 'Discard' }));
    expect(await within(review).findByText('Discarded 7 pages.')).toBeInTheDocument();
    expect(studio.calls.find((c) => c.method === 'discardImport')?.args).toEqual([9]);
  });

  it('a published program whose new models wait says so, and counts only its models', async () => {
    const modelsOnly: StudioImportReview = { ...waiting, programs: [{ id: 5000, title: 'Levers Program', change: 'update', pending: false, models: [{ id: 5003, title: 'Lever Arm', change: 'new' }] }], others: [], counts: { pages: 1, programs: 0, models: 1, others: 0 } };
    renderStudio({ route: '/studio/import', session: signedInAs('admin'), studio: fakeStudio({ getImports: async () => [finishedJob], getImportReview: async () => modelsOnly }) });
    const review = await screen.findByRole('region', { name: 'Waiting for review' });
    expect(review).toHaveTextContent('1 page: 0 programs, 1 model');
    expect(within(review).getByRole('checkbox', { name: 'Levers Program (published already; its new models wait)' })).toBeInTheDocument();
  });

  it('the review of an import followed to its end shows without a reload', async () => {
    const studio = fakeStudio({ getImportReview: async (jobId) => ({ ...waiting, jobId }) });
    const { user } = renderStudio({ route: '/studio/import', session: signedInAs('admin'), studio });
    await user.type(await screen.findByLabelText('WordPress site address'), 'https://wp.test');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('region', { name: 'Waiting for review' }, { timeout: 4000 })).toHaveTextContent('7 pages: 2 programs, 3 models');
  });
});

describe('content studio: several programs or models at once', () => {
  const three = () => [program(130, 'Play Machines 1', 1, { status: 'draft' }), program(167, 'Play Machines 2', 2, { status: 'draft' }), program(200, 'Robotics', 3)];

  it('publishes the chosen programs with one action', async () => {
    const studio = fakeStudio({}, three());
    const { user } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Play Machines 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Play Machines 2' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected' });
    expect(bar).toHaveTextContent('2 programs selected');
    await user.click(within(bar).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(studio.calls.find((c) => c.method === 'bulk')?.args).toEqual(['publish', [130, 167]]));
    expect(await screen.findByText('Done: 2 pages.')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Actions on the selected' })).toBeNull();
  });

  it('hides several at once, and Select all chooses every program', async () => {
    const studio = fakeStudio({}, three());
    const { user } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected' });
    expect(bar).toHaveTextContent('3 programs selected');
    await user.click(within(bar).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(studio.calls.find((c) => c.method === 'bulk')?.args).toEqual(['hide', [130, 167, 200]]));
  });

  it('asks before deleting several, naming them, and shows what the server refused and why', async () => {
    const studio = fakeStudio({ bulk: async (_action, ids) => ({ done: [ids[1]!], failed: [{ id: ids[0]!, title: 'Play Machines 1', code: 'studio_program_not_empty', reason: 'This program still has models: delete or move them first.' }], catalogue: { programs: [program(130, 'Play Machines 1', 1), program(200, 'Robotics', 3)] } }) }, three());
    const { user } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Play Machines 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Play Machines 2' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Actions on the selected' })).getByRole('button', { name: 'Delete' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete 2 programs?' });
    expect(within(question).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Play Machines 1', 'Play Machines 2']);
    expect(studio.calls.some((c) => c.method === 'bulk')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(studio.calls.find((c) => c.method === 'bulk')?.args).toEqual(['delete', [130, 167]]));
    expect(await screen.findByRole('alert')).toHaveTextContent('Play Machines 1: This program still has models: delete or move them first.');
    expect(screen.queryByRole('link', { name: 'Play Machines 2' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Play Machines 1' })).toBeChecked();
  });

  it("a program's models: choose two and hide them from students (unpublish)", async () => {
    const summary = (id: number, title: string) => ({ id, title, code: '1234', experimental: false, order: id, status: 'publish' as const, hasDraft: false, stepCount: 3, smallImage: null });
    const studio = fakeStudio({}, [program(130, 'Play Machines 1', 1, { models: [summary(131, 'Catapult'), summary(132, 'Crane'), summary(133, 'Car')] })]);
    const { user } = renderStudio({ route: '/studio/programs/130', session: signedInAs('admin'), studio });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Catapult' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Car' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected' });
    expect(bar).toHaveTextContent('2 models selected');
    await user.click(within(bar).getByRole('button', { name: 'Hide (unpublish)' }));
    await waitFor(() => expect(studio.calls.find((c) => c.method === 'bulk')?.args).toEqual(['unpublish', [131, 133]]));
  });
});

describe('content studio: small promises', () => {
  it('a step keeps the name it was uploaded with after the model is saved', async () => {
    // The server stores an upload in a folder with a made-up name, and answers the file's own name.
    const studio = fakeStudio({ upload: async (_kind, file) => ({ kind: 'image', images: [{ ...image('6MXQuTTJ0o7auHt8'), name: (file as File).name }] }) });
    studio.models.set(500, model(500, 130, 'Catapult', { tabs: [{ title: '', steps: [], video: null }] }));
    const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    await user.upload(await screen.findByLabelText('Choose step images for tab 1'), [fileOf('Build-step-1.jpg')]);
    // The step's handle is named by the step's name: "Move step 1 (Build-step-1.jpg) (drag, …)".
    const stepNamed = (name: string) => screen.queryByRole('button', { name: new RegExp(`^Move step 1 \\(${name.replace('.', '\\.')}\\) \\(drag`) });
    await waitFor(() => expect(stepNamed('Build-step-1.jpg')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Draft saved/)).toBeInTheDocument();
    expect(stepNamed('Build-step-1.jpg')).toBeInTheDocument();
    expect(stepNamed('6MXQuTTJ0o7auHt8')).toBeNull();
  });

  it('publishing a hidden program says students do not see it, never "everyone sees it now"', async () => {
    const studio = fakeStudio({}, [program(130, 'Play Machines 1', 1, { hidden: true, audience: 'hidden', status: 'draft' })]);
    const { user } = renderStudio({ route: '/studio/programs/130', session: signedInAs('admin'), studio });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published, but the program is hidden: only administrators see it until you choose who sees it.')).toBeInTheDocument();
    expect(screen.queryByText('Published: everyone sees it now.')).toBeNull();
  });

  it('publishing a model of a hidden program says so too', async () => {
    const studio = fakeStudio({}, [program(130, 'Play Machines 1', 1, { hidden: true, audience: 'hidden' })]);
    studio.models.set(500, model(500, 130, 'Catapult'));
    const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    await screen.findByRole('heading', { name: 'Catapult' });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published, but its program is hidden: only administrators see it until the program is shown.')).toBeInTheDocument();
  });
});
