import { screen, waitFor, within } from '@testing-library/react';
import { CLASS_NOW_PATHS, type ClassNowEvent, type ClassNowStudent } from '../../../contract/classNow';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import { studioConfig } from '../../../test/fixtures/studio';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { formattersFor } from '../../shared/i18n/formatting';

jest.setTimeout(20_000);

/** The class's event stream, written by the test as the server would. */
function openClass() {
  const sent: string[] = [];
  let wake: (() => void) | null = null;
  let opened = 0;
  const api = createFakeApi({
    request: async (request) => {
      if (request.path !== CLASS_NOW_PATHS.classNowEvents) return Promise.reject(apiError(404, 'rest_no_route', 'No route'));
      opened += 1;
      return {
        getReader: () => ({
          read: async () => {
            while (sent.length === 0) await new Promise<void>((resolve) => (wake = resolve));
            return { done: false, value: sent.shift()! };
          },
        }),
      };
    },
  });
  renderApp({ route: '/class-now', session: signedInAs('dana'), api, config: studioConfig });
  const send = (event: ClassNowEvent) => {
    sent.push(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    wake?.();
  };
  return { send, opened: () => opened };
}

const student = (studentId: number, firstName: string, extra: Partial<ClassNowStudent> = {}): ClassNowStudent => ({
  studentId,
  firstName,
  tabTitle: '',
  lessonId: 2001,
  lessonTitle: 'Catapult',
  programId: 130,
  programTitle: 'Play Machines',
  tabId: 'tab-1',
  tabIndex: 1,
  tabs: 2,
  step: 3,
  steps: 12,
  updatedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
  stuckSince: null,
  ...extra,
});

const UNTIL = new Date(Date.now() + 40 * 60_000).toISOString();

async function showClass() {
  const { send, opened } = openClass();
  await waitFor(() => expect(opened()).toBe(1));
  send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at: new Date().toISOString(), students: [student(11, 'Amir'), student(12, 'Mia', { stuckSince: new Date().toISOString(), step: 5 })], lockedOut: [] });
  send({ type: 'lockouts', at: new Date().toISOString(), lockedOut: [{ studentId: 12, firstName: 'Mia', lessonId: 2002, lessonTitle: 'Flying Chairs', until: UNTIL }] });
  await screen.findByTestId('class-now-lockouts');
  return screen.findByRole('list', { name: 'Students in a lesson' });
}

describe('Class now in other languages', () => {
  it('takes every text from a catalogue (the QA language); the children’s names and the lessons stay as they are', async () => {
    await showClass();
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Class now⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it('in Hebrew: the cards say where each child is in Hebrew, the child’s name as written', async () => {
    await showClass();
    await showQaLanguage('he');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('הכיתה עכשיו');
    const list = screen.getByRole('list', { name: 'תלמידים בשיעור' });
    const [mia, amir] = within(list).getAllByRole('article');
    expect(mia).toHaveTextContent('תקוע/ה');
    expect(mia).toHaveTextContent('חלק 2 מתוך 2, שלב 5 מתוך 12');
    expect(within(mia!).getByRole('button', { name: 'קיבל/ה עזרה: Mia' })).toBeEnabled();
    expect(amir).toHaveTextContent(/התקדם לפני \d דק׳/);
    expect(within(amir!).getByRole('heading', { name: 'Amir' })).toHaveAttribute('translate', 'no');
  });

  it('in Hebrew: the child held back from a model’s code, until when, and what the teacher can do', async () => {
    await showClass();
    await showQaLanguage('he');
    const notice = screen.getByTestId('class-now-lockouts');
    expect(within(notice).getByText('יותר מדי קודים שגויים')).toBeInTheDocument();
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`Mia: Flying Chairs, אפשר לנסות שוב ב-${formattersFor('he').dateTime(new Date(UNTIL))}`]);
    expect(notice).toHaveTextContent('השתמשו ב"פתיחה לתלמידים" בכרטיס של הדגם');
  });

  it('in Spanish: the same notice', async () => {
    await showClass();
    await showQaLanguage('es');
    const notice = screen.getByTestId('class-now-lockouts');
    expect(within(notice).getByText('Demasiados códigos incorrectos')).toBeInTheDocument();
    expect(notice).toHaveTextContent('Mia: Flying Chairs, puede volver a intentarlo a las');
    expect(notice).toHaveTextContent('«Desbloquear para estudiantes»');
  });

  it("names the tab a child is in in the teacher's language where the model gives it, else in English", async () => {
    const { send, opened } = openClass();
    await waitFor(() => expect(opened()).toBe(1));
    const students = [
      student(11, 'Amir', { tabTitle: 'Build', tabTitleTranslations: { he: 'בנייה', es: 'Construir' } }),
      student(12, 'Mia', { tabTitle: 'Experiment', tabTitleTranslations: { es: 'Experimenta' } }),
    ];
    send({ type: 'snapshot', ownerId: 2, classId: null, classes: [], at: new Date().toISOString(), students, lockedOut: [] });
    const list = await screen.findByRole('list', { name: 'Students in a lesson' });
    const card = (name: string) => within(list).getAllByRole('article').find((article) => within(article).queryByRole('heading', { name }))!;
    expect(card('Amir')).toHaveTextContent('Build, Step 3 of 12');
    await showQaLanguage('he');
    expect(card('Amir')).toHaveTextContent('בנייה, שלב 3 מתוך 12');
    expect(card('Mia')).toHaveTextContent('Experiment, שלב 3 מתוך 12');
    await showQaLanguage('es');
    expect(card('Amir')).toHaveTextContent('Construir, paso 3 de 12');
    expect(card('Mia')).toHaveTextContent('Experimenta, paso 3 de 12');
  });
});
