/**
 * A child who follows a link before the part that opens pages at their top has arrived (a slow
 * tablet): the first page that part sees is not the one the document was loaded at, so it opens at
 * its top too. Its own file: that part remembers the last page it saw for as long as it is loaded.
 */
import { screen, waitFor } from '@testing-library/react';
import { renderRoster, rosterApi } from '../../test/fixtures/roster';
import { signedInAs } from '../../test/renderApp';

it('the first page shown after a link followed early opens at its top', async () => {
  const loadedAt = { name: 'http://localhost/students_list/Dana%20Cohen', entryType: 'navigation' } as unknown as PerformanceEntry;
  // jsdom keeps no navigation timing: the browser's entry, as it names the document's address.
  Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: (type: string) => (type === 'navigation' ? [loadedAt] : []) });
  const scrolled = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  try {
    renderRoster({ route: '/students/11', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith(0, 0));
  } finally {
    scrolled.mockRestore();
    delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
  }
});

it('a page shown at the address it was loaded at keeps its scroll (a reload)', async () => {
  // This file's first test left "the last page seen" at the student's page: a reload of it.
  const scrolled = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  try {
    renderRoster({ route: '/students/11', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(scrolled).not.toHaveBeenCalled();
  } finally {
    scrolled.mockRestore();
  }
});
