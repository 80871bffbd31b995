import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterPageLoad, StillLoading } from './pageLoad';

/** A page whose spinner hands over to a wait for its first picture, as the gallery's does. */
function Page({ phase }: { phase: 'spinner' | 'picture' | 'shown' }) {
  return phase === 'spinner' ? <StillLoading key="spinner" /> : phase === 'picture' ? <StillLoading key="picture" /> : null;
}

function Harness({ onReady }: { onReady: (set: (phase: 'spinner' | 'picture' | 'shown') => void) => void }) {
  const [phase, setPhase] = useState<'spinner' | 'picture' | 'shown'>('spinner');
  onReady(setPhase);
  return <Page phase={phase} />;
}

describe('afterPageLoad: what can wait starts once the page is usable', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    // The load event has passed; no idle callback in jsdom (the 100 ms fallback runs).
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
  });
  afterEach(() => jest.useRealTimers());

  it('waits through a loading state that hands over to another, and runs once the last one ends', () => {
    let setPhase!: (phase: 'spinner' | 'picture' | 'shown') => void;
    render(<Harness onReady={(set) => (setPhase = set)} />);
    const ran = jest.fn();
    afterPageLoad(ran);

    // The spinner ends in the same commit as the picture's wait begins: no moment with none.
    act(() => setPhase('picture'));
    act(() => jest.advanceTimersByTime(1000));
    expect(ran).not.toHaveBeenCalled();

    act(() => setPhase('shown'));
    act(() => jest.advanceTimersByTime(200));
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest 5 s after the load event, whatever is still loading', () => {
    render(<StillLoading />);
    const ran = jest.fn();
    afterPageLoad(ran);
    act(() => jest.advanceTimersByTime(4000));
    expect(ran).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1200));
    expect(ran).toHaveBeenCalledTimes(1);
  });
});
