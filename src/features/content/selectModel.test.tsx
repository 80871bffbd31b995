import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { apiError } from '../../../test/fakeApi';
import { createContentApi, lessonsFor } from '../../../test/fixtures/content';

const cardTitles = (list: HTMLElement) => within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('select model', () => {
  it('splits models into Main and Experimental tabs, each sorted by order, with arrow-key tabs', async () => {
    const view = renderApp({ route: '/select-model/PlayMachines1/130', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    const tablist = await screen.findByRole('tablist', { name: 'Model groups' });
    const [main, experimental] = within(tablist).getAllByRole('tab');
    expect(main).toHaveTextContent('Main Models');
    expect(main).toHaveAttribute('aria-selected', 'true');
    expect(experimental).toHaveTextContent('Experimental Models');
    expect(experimental).toHaveAttribute('tabindex', '-1');

    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', main!.id);
    expect(cardTitles(panel)).toEqual(['Kit Contents', 'Catapult', 'Flying Chairs', 'Turning Basket']);

    main!.focus();
    await view.user.keyboard('{ArrowRight}');
    expect(experimental).toHaveFocus();
    expect(experimental).toHaveAttribute('aria-selected', 'true');
    expect(cardTitles(screen.getByRole('tabpanel'))).toEqual(['Centrifugal Force', 'Perimeter']);
    await view.user.keyboard('{ArrowLeft}');
    expect(main).toHaveFocus();
    expect(main).toHaveAttribute('aria-selected', 'true');
    view.unmount();
  });

  it('starts downloading the first model’s picture as soon as the lessons are known, once', async () => {
    const preloaded: string[] = [];
    renderApp({
      route: '/select-model/PlayMachines1/130',
      session: signedInAs('dana'),
      api: createContentApi({ viewer: 'owner' }),
      preloadImage: (url) => preloaded.push(url),
    });
    const list = await screen.findByRole('tabpanel');
    // Kit Contents is the first main model (metadata.order); its card's picture is the page's largest.
    expect(within(list).getAllByRole('img', { name: /model$/ })[0]).toHaveAttribute('src', 'https://portal.test/content/models/793/small.svg');
    expect(preloaded).toEqual(['https://portal.test/content/models/793/small.svg']);
  });

  it('shows one list without tabs when no experimental models exist', async () => {
    renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    const list = await screen.findByRole('list', { name: 'Models' });
    expect(cardTitles(list)).toEqual(['Lawn Mower', 'Fortune Wheel']);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows each card’s title, title colour image, picture and link; owners open without a code', async () => {
    renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    const card = await screen.findByTestId('model-card-2001');
    expect(within(card).getByRole('heading', { name: 'Lawn Mower' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Lawn Mower model' })).toHaveAttribute('src', 'https://portal.test/content/models/2001/small.svg');
    // The name is shown once: as the title colour image (docs/spec/portal-spec.md section 2), its text only for screen readers.
    const titleImage = card.querySelector('h2 img');
    expect(titleImage).toHaveAttribute('src', 'https://portal.test/content/models/2001/title.svg');
    expect(titleImage).toHaveAttribute('alt', '');
    expect(within(card).getAllByText('Lawn Mower')).toHaveLength(1);
    for (const image of card.querySelectorAll('img')) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
      // The first row is above the fold (its picture is the LCP): eager; later cards load lazily.
      expect(image).toHaveAttribute('loading', 'eager');
    }
    expect(within(card).getByRole('img', { name: 'Lawn Mower model' })).toHaveAttribute('fetchpriority', 'high');
    const second = screen.getByTestId('model-card-2002');
    expect(within(second).getByRole('img', { name: 'Fortune Wheel model' })).not.toHaveAttribute('fetchpriority', 'high');
    expect(within(card).getByRole('link', { name: /Building instructions/ })).toHaveAttribute(
      'href',
      '/model_building_instructions/PlayMachines2/167/2001',
    );
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('prints the name as text, once, where the CMS has no title colour image', async () => {
    const withoutTitleImages = createContentApi({
      viewer: 'owner',
      overrides: { getLessons: async (programId) => lessonsFor(programId, 'owner', []).map((lesson) => ({ ...lesson, colorTitleImage: null })) },
    });
    renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('dana'), api: withoutTitleImages });
    const card = await screen.findByTestId('model-card-2001');
    expect(within(card).getByRole('heading', { name: 'Lawn Mower' })).toHaveTextContent(/^Lawn Mower$/);
    expect(card.querySelector('h2 img')).toBeNull();
    expect(within(card).getAllByText('Lawn Mower')).toHaveLength(1);
  });

  it('shows franchise owners every model’s code, to hand to their students, and never a student', async () => {
    renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    expect(within(await screen.findByTestId('model-card-2001')).getByText('Code: 1357')).toBeInTheDocument();
  });

  it('never shows a student a code', async () => {
    renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('mia'), api: createContentApi() });
    const card = await screen.findByTestId('model-card-2001');
    expect(within(card).queryByText(/Code:/)).toBeNull();
  });

  it('shows administrators every model’s code', async () => {
    renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('admin'), api: createContentApi({ viewer: 'admin' }) });
    const card = await screen.findByTestId('model-card-2001');
    expect(within(card).getByText('Code: 1357')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Building instructions/ })).toBeInTheDocument();
  });

  it('shows placeholder cards while loading, a calm failure with Try again, then the models', async () => {
    let calls = 0;
    const api = createContentApi({
      overrides: {
        getLessons: (programId) =>
          new Promise((resolve, reject) =>
            setTimeout(() => {
              calls += 1;
              if (calls === 1) reject(apiError(0, 'network_error', 'Failed to fetch'));
              else resolve(lessonsFor(programId, 'student'));
              // Long enough for the page to mount while the first (early, on start) request still runs.
            }, 300),
          ),
      },
    });
    const view = renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('mia'), api });
    expect(await screen.findByText('Loading models…')).toBeInTheDocument();
    expect(screen.getByTestId('skeleton-cards').querySelectorAll('li')).toHaveLength(6);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the models');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('model-card-2001')).toBeInTheDocument();
  });

  it('says so when a program has no models yet', async () => {
    renderApp({ route: '/select-model/TeacherTraining/7767', session: signedInAs('mia'), api: createContentApi() });
    expect(await screen.findByText('No models here yet.')).toBeInTheDocument();
  });

  it('lesson-plan variant: cards open the lesson plan in a new tab and show its title', async () => {
    renderApp({ route: '/select-model-lesson-plans/PlayMachines2/167', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    const card = await screen.findByRole('article', { name: 'Lawn Mower' });
    expect(within(card).getByText('Lawn Mower lesson plan')).toBeInTheDocument();
    expect(within(card).getByText('Code: 1357')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: /Open lesson plan ?: Lawn Mower lesson plan \(opens in a new tab\)/ });
    expect(link).toHaveAttribute('href', 'https://portal.test/content/lesson-plans/2001.html');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Play Machines 2: Lesson Plans'));
  });

  it('lesson-plan variant: a model without a lesson-plan title shows Lesson N', async () => {
    const api = createContentApi({
      viewer: 'owner',
      overrides: { getLessons: async (programId) => lessonsFor(programId, 'owner').map((l) => ({ ...l, lessonPlansTitle: '' })) },
    });
    renderApp({ route: '/select-model-lesson-plans/PlayMachines2/167', session: signedInAs('dana'), api });
    const list = await screen.findByRole('list', { name: 'Models' });
    expect(within(list).getByText('Lesson 1')).toBeInTheDocument();
    expect(within(list).getByText('Lesson 2')).toBeInTheDocument();
  });
});

describe('a hidden program opened by a non-administrator', () => {
  it.each([
    ['a student', '/select-model/Robotics1/9001', 'mia', 'student', '/building_instructions/Mia%20Levi'],
    ['a franchise owner', '/select-model/Robotics1/9001', 'dana', 'owner', '/building_instructions/Dana%20Cohen'],
    ['a franchise owner, lesson plans', '/select-model-lesson-plans/Robotics1/9001', 'dana', 'owner', '/lesson_plans/Dana%20Cohen'],
  ] as const)('%s sees a calm "not available" state with a way back, never the raw name', async (_who, route, login, viewer, back) => {
    const view = renderApp({ route, session: signedInAs(login), api: createContentApi({ viewer }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'This program is not available' })).toBeInTheDocument();
    expect(screen.queryByText(/Robotics1/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Models' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to all programs' })).toHaveAttribute('href', back);
    view.unmount();
  });

  it('an administrator sees the hidden program under its own name', async () => {
    const view = renderApp({ route: '/select-model/Robotics1/9001', session: signedInAs('admin'), api: createContentApi({ viewer: 'admin' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Robotics 1: Select Model' })).toBeInTheDocument();
    view.unmount();
  });

  it('a program that does not exist gets the same calm state', async () => {
    const view = renderApp({ route: '/select-model/Nothing/4242', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'This program is not available' })).toBeInTheDocument();
    view.unmount();
  });
});
