import { screen, within } from '@testing-library/react';
import { fakeStudio, model, renderStudio, step } from '../../../test/fixtures/studio';
import { signedInAs } from '../../../test/renderApp';

jest.setTimeout(20_000);

/** Catapult: a Base tab of two steps, a Wheels tab of three. */
function catapult() {
  const studio = fakeStudio();
  studio.models.set(
    500,
    model(500, 130, 'Catapult', {
      showInDifferentTabs: true,
      tabs: [
        { title: 'Base', titleTranslations: {}, steps: [step('base-1.jpg'), step('base-2.jpg')], video: null },
        { title: 'Wheels', titleTranslations: {}, steps: [step('wheels-1.jpg'), step('wheels-2.jpg'), step('wheels-3.jpg')], video: null },
      ],
    }),
  );
  return studio;
}

describe("the model editor opened at a step (?tab=&step=, as where children get stuck links to it)", () => {
  it("opens that step's tab and puts the focus on the step's text", async () => {
    renderStudio({ route: '/studio/models/500?tab=1&step=2', session: signedInAs('admin'), studio: catapult() });
    const wheels = await screen.findByRole('tab', { name: 'Wheels' });
    expect(wheels).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Base' })).toHaveAttribute('aria-selected', 'false');
    const field = within(screen.getByRole('tabpanel')).getByLabelText('Step 2 text');
    expect(field).toHaveFocus();
  });

  it('opens at the first tab with nothing focused without them, and goes there only once', async () => {
    const { unmount } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio: catapult() });
    expect(await screen.findByRole('tab', { name: 'Base' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Step 2 text')).not.toHaveFocus();
    unmount();

    const { user } = renderStudio({ route: '/studio/models/500?tab=1&step=3', session: signedInAs('admin'), studio: catapult() });
    expect(await within(await screen.findByRole('tabpanel')).findByLabelText('Step 3 text')).toHaveFocus();
    // Back on the Wheels tab after the Base tab, the user is not taken to the step again.
    await user.click(screen.getByRole('tab', { name: 'Base' }));
    await user.click(screen.getByRole('tab', { name: 'Wheels' }));
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Step 3 text')).not.toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Wheels' })).toHaveFocus();
  });

  it('opens the tab even when the step is no longer there (the model changed since)', async () => {
    renderStudio({ route: '/studio/models/500?tab=1&step=9', session: signedInAs('admin'), studio: catapult() });
    expect(await screen.findByRole('tab', { name: 'Wheels' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('textbox').some((box) => box === document.activeElement)).toBe(false);
  });
});
