import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { CATAPULT, FLYING_CHAIRS, createContentApi } from '../../../test/fixtures/content';
import { firstSlideArrives } from '../../../test/galleryDom';
import { danaStudents } from '../../../test/fixtures/roster';
import { apiError } from '../../../test/fakeApi';
import { studioConfig } from '../../../test/fixtures/studio';
import { CLASS_NOW_PATHS } from '../../../contract/classNow';
import { PROGRESS_PATHS } from '../../../contract/progress';

/** The page's own part (the header and its menu are the layout's). */
const main = () => document.getElementById('main')!;
const galleryRoute = (lessonId: number) => `/model_building_instructions/PlayMachines1/130/${lessonId}`;

describe('content screens take every text from the catalogues (QA language)', () => {
  it('select program, for a student', async () => {
    const view = renderApp({ route: '/', session: signedInAs('mia'), api: createContentApi({ viewer: 'student' }) });
    await screen.findByRole('list', { name: 'Programs' });
    await showQaLanguage();
    expect(await screen.findByRole('heading', { level: 1, name: '⟦Select Your Program⟧' })).toBeInTheDocument();
    // The programs' names are the CMS's, shown as authored.
    expect(within(screen.getByRole('list', { name: '⟦Programs⟧' })).getByText('Play Machines 1')).toHaveAttribute('translate', 'no');
    expect(textsNotFromCatalogue(main())).toEqual([]);
    view.unmount();
  });

  it('select model, for a student with one model open and the others locked', async () => {
    const view = renderApp({
      route: '/select-model/PlayMachines1/130',
      session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }),
      api: createContentApi({ viewer: 'student', unlocked: [CATAPULT] }),
    });
    await screen.findByTestId(`model-card-${FLYING_CHAIRS}`);
    await showQaLanguage();
    const locked = screen.getByTestId(`model-card-${FLYING_CHAIRS}`);
    expect(within(locked).getByLabelText('⟦Enter the 4-digit code⟧ ⟦for Flying Chairs⟧')).toBeInTheDocument();
    expect(within(screen.getByTestId(`model-card-${CATAPULT}`)).getByRole('link', { name: '⟦Building instructions: Catapult⟧' })).toBeInTheDocument();
    expect(textsNotFromCatalogue(main())).toEqual([]);
    view.unmount();
  });

  it('select model, for a franchise owner (codes, unlock for students, print QR, prepare for class)', async () => {
    const view = renderApp({ route: '/select-model/PlayMachines1/130', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    await screen.findByRole('tablist', { name: 'Model groups' });
    await screen.findByRole('button', { name: 'Prepare for class' });
    await showQaLanguage();
    expect(screen.getByRole('tab', { name: '⟦Experimental Models⟧' })).toBeInTheDocument();
    expect(screen.getAllByText(/^⟦Code: \d{4}⟧$/).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '⟦Prepare for class⟧' })).toBeInTheDocument();
    expect(textsNotFromCatalogue(main())).toEqual([]);
    view.unmount();
  });

  it('the class unlock dialog, with the students to choose from', async () => {
    const api = createContentApi({
      viewer: 'owner',
      overrides: {
        getAllStudents: async () => danaStudents,
        request: async () => Promise.reject(apiError(404, 'rest_no_route', 'No route')),
      },
    });
    const view = renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('dana'), api });
    await view.user.click(await screen.findByRole('button', { name: 'Unlock for students: Lawn Mower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Lawn Mower for your students' });
    await view.user.click(await within(dialog).findByRole('radio', { name: 'Only the students I choose' }));
    await showQaLanguage();
    expect(within(dialog).getByRole('checkbox', { name: 'Amir Katz' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '⟦Unlock for 0 chosen⟧' })).toBeDisabled();
    // The dialog's own frame (its close button) is the shared Modal's; the form inside is this feature's.
    expect(textsNotFromCatalogue(dialog.querySelector('form')!)).toEqual([]);
    view.unmount();
  });

  it('lesson plans: the program list and a program’s plans', async () => {
    const list = renderApp({ route: '/lesson_plans/Dana%20Cohen', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    await screen.findByRole('list', { name: 'Programs' });
    await showQaLanguage();
    expect(await screen.findByRole('heading', { level: 1, name: '⟦Lesson Plans⟧' })).toBeInTheDocument();
    expect(textsNotFromCatalogue(main())).toEqual([]);
    list.unmount();

    const plans = renderApp({ route: '/select-model-lesson-plans/PlayMachines1/130', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    await screen.findAllByRole('article');
    expect(screen.getByRole('heading', { level: 1, name: '⟦Play Machines 1: Lesson Plans⟧' })).toBeInTheDocument();
    expect(textsNotFromCatalogue(main())).toEqual([]);
    plans.unmount();
  });

  it('the gallery of a model without tabs', async () => {
    const view = renderApp({
      route: galleryRoute(FLYING_CHAIRS),
      session: signedInAs('mia', { unlockedLessonIds: [FLYING_CHAIRS] }),
      api: createContentApi({ unlocked: [FLYING_CHAIRS] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Flying Chairs' });
    firstSlideArrives();
    await showQaLanguage();
    expect(screen.getByTestId('gallery-step-counter')).toHaveTextContent('⟦Step 1 of 6⟧');
    expect(screen.getByRole('button', { name: '⟦Next Slide⟧' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '⟦Zoom⟧' })).toBeInTheDocument();
    expect(textsNotFromCatalogue(main())).toEqual([]);
    view.unmount();
  });

  it("a model's QR page to print", async () => {
    const view = renderApp({ route: '/model_qr/PlayMachines2/167/2001?title=Lawn%20Mower', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    await screen.findByRole('img', { name: 'QR code that opens Lawn Mower' });
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1, name: '⟦Print QR: Lawn Mower⟧' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Lawn Mower' })).toHaveAttribute('translate', 'no');
    expect(textsNotFromCatalogue(main())).toEqual([]);
    view.unmount();
  });

  it("I'm stuck under a student's gallery", async () => {
    const api = createContentApi({
      unlocked: [CATAPULT],
      // The class view's and the progress routes answer; nothing else is this test's.
      overrides: {
        request: async (request) =>
          request.path === CLASS_NOW_PATHS.myStuck || request.path === PROGRESS_PATHS.myProgress ? {} : Promise.reject(apiError(404, 'rest_no_route', 'No route')),
      },
    });
    const view = renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api, config: studioConfig });
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    await view.user.click(screen.getByRole('button', { name: 'Next Slide' }));
    const stuck = await screen.findByRole('button', { name: "I'm stuck" });
    await showQaLanguage();
    expect(stuck).toHaveTextContent("⟦I'm stuck⟧");
    // The row under the gallery (the tabs above carry the CMS's names of the parts).
    expect(textsNotFromCatalogue(stuck.parentElement!)).toEqual([]);
    view.unmount();
  });
});

describe('the gallery in Hebrew', () => {
  it('counts the steps in Hebrew, runs from right to left, and the left arrow key goes to the next step', async () => {
    const view = renderApp({
      route: galleryRoute(FLYING_CHAIRS),
      session: signedInAs('mia', { unlockedLessonIds: [FLYING_CHAIRS] }),
      api: createContentApi({ unlocked: [FLYING_CHAIRS] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Flying Chairs' });
    await showQaLanguage('he');
    const counter = screen.getByTestId('gallery-step-counter');
    await waitFor(() => expect(counter).toHaveTextContent('שלב 1 מתוך 6'));
    expect(screen.getByRole('link', { name: /חזרה/ })).toHaveAttribute('href', '/select-model/PlayMachines1/130');
    // react-image-gallery's isRTL: the steps run from right to left.
    expect(document.querySelector('.image-gallery-slide-wrapper')).toHaveClass('image-gallery-rtl');
    expect(document.querySelector('.image-gallery-thumbnails-wrapper')).toHaveClass('thumbnails-wrapper-rtl');
    // The next step comes in from the left: the left arrow button is "next", the right one "previous" (disabled at step 1).
    expect(screen.getByRole('button', { name: 'השלב הבא' })).toHaveClass('image-gallery-left-nav');
    expect(screen.getByRole('button', { name: 'השלב הקודם' })).toHaveClass('image-gallery-right-nav');
    expect(screen.getByRole('button', { name: 'השלב הקודם' })).toBeDisabled();

    const steps = screen.getByRole('group', { name: 'Flying Chairs: שלבים' });
    steps.focus();
    await view.user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(counter).toHaveTextContent('שלב 2 מתוך 6'));
    await waitFor(() => expect(view.router.state.location.search).toBe('?step=2'));
    await new Promise((resolve) => setTimeout(resolve, 450));
    await view.user.keyboard('{ArrowRight}');
    await waitFor(() => expect(counter).toHaveTextContent('שלב 1 מתוך 6'));
    view.unmount();
  });
});
