import { screen, within } from '@testing-library/react';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { monthlyReport, renderRenewals, renewalDue, renewalsApi, reportRow } from '../../../test/fixtures/renewals';

jest.setTimeout(20_000);

describe('Renewals and the monthly report in other languages', () => {
  it('take every text from a catalogue (the QA language)', async () => {
    const list = renderRenewals('/renewals', 'admin', renewalsApi({ due: [renewalDue(11, { reasons: ['lessons', 'endDate'] })] }).api);
    await screen.findByRole('table');
    await screen.findByRole('form');
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Renewals due⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
    list.unmount();
    await showQaLanguage('en');
    renderRenewals('/admin/monthly_report?month=2026-10', 'admin', renewalsApi({ report: (month) => monthlyReport(month, [reportRow(2), reportRow(3, { attendanceRate: null })]) }).api);
    await screen.findByRole('table');
    await showQaLanguage();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
    await showQaLanguage('en');
  });

  it('in Hebrew: the reasons and counts in Hebrew', async () => {
    renderRenewals('/renewals', 'dana', renewalsApi({ due: [renewalDue(11)] }).api);
    await screen.findByRole('table');
    await showQaLanguage('he');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('חידושים ממתינים');
    const row = within(screen.getByRole('table')).getByRole('row', { name: /noa Levi/ });
    expect(within(row).getByText('נותרו מעט שיעורים')).toBeInTheDocument();
    expect(within(row).getByText('2 מתוך 12')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'חידוש: noa Levi' })).toBeInTheDocument();
    await showQaLanguage('en');
  });

  it('in Spanish: the report’s headers and month', async () => {
    renderRenewals('/admin/monthly_report?month=2026-10', 'admin', renewalsApi({ report: (month) => monthlyReport(month, [reportRow(2)]) }).api);
    await screen.findByRole('table');
    await showQaLanguage('es');
    expect(screen.getByRole('columnheader', { name: /^Alumnos activos/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /octubre de 2026/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar a Excel' })).toBeInTheDocument();
    await showQaLanguage('en');
  });
});
