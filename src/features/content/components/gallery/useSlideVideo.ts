import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Which slide's video plays (its index, or null): one plays only while asked for, and any change of
 * slide stops it (the player unmounts, so it starts again from the beginning).
 * @param step the step chosen from outside (the URL)
 * @param current the slide the gallery shows now
 */
export function useSlideVideo(step: number, current: RefObject<number>) {
  const [playing, setPlaying] = useState<number | null>(null);
  // A video's thumbnail pressed while another slide was shown: it plays once the gallery gets there.
  const playOnArrival = useRef<number | null>(null);

  // A step chosen from outside (the URL) stops a video playing elsewhere.
  useEffect(() => {
    setPlaying((now) => (now === step ? now : null));
  }, [step]);

  const play = useCallback((index: number) => setPlaying(index), []);
  const close = useCallback(() => setPlaying(null), []);
  return {
    playing,
    play,
    close,
    /** The gallery starts moving to slide `next`. */
    leaving: (next: number) => {
      if (next !== playing) setPlaying(null);
    },
    /** The gallery arrived at slide `index`. */
    arrived: (index: number) => {
      if (playOnArrival.current === index) setPlaying(index);
      else setPlaying((now) => (now === index ? now : null));
      playOnArrival.current = null;
    },
    /** A video's thumbnail opens its player (autoplaying). */
    thumbnailPressed: (index: number) => {
      if (current.current === index) setPlaying(index);
      else playOnArrival.current = index;
    },
  };
}
