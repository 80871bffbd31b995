import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { Tabs } from './Tabs';

function Lesson({ dir }: { dir: 'ltr' | 'rtl' }) {
  const [selected, setSelected] = useState('build');
  const tabs = [
    { id: 'build', label: 'Build' },
    { id: 'play', label: 'Play' },
    { id: 'share', label: 'Share' },
  ];
  return (
    <ThemeProvider theme={theme}>
      <div dir={dir}>
        <Tabs idPrefix="lesson" label="Parts" tabs={tabs} selectedId={selected} onSelect={setSelected}>
          {selected}
        </Tabs>
      </div>
    </ThemeProvider>
  );
}

it.each([
  ['left to right', 'ltr', '{ArrowRight}'],
  ['right to left', 'rtl', '{ArrowLeft}'],
] as const)('moves to the next tab with the arrow that points the reading way (%s)', async (_, dir, next) => {
  const user = userEvent.setup();
  render(<Lesson dir={dir} />);
  await user.click(screen.getByRole('tab', { name: 'Build' }));
  await user.keyboard(next);
  expect(screen.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Play' })).toHaveFocus();
});
