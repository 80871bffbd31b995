/**
 * A shared tablet's session (signed in with a card) ends after the server's idle time without any
 * touch, click, key or scroll: the same sign-out as the menu's, marked idle so that the login page
 * says why. The touches are told to the server too (sharedDeviceSaga), which ends such a session
 * after the same time without a request. Its own small chunk, loaded only for such a session.
 */
import { useEffect } from 'react';
import { DEFAULT_SHARED_DEVICE_IDLE_MINUTES } from '../../../../contract/signInCards';
import { selectConfig } from '../../../entities/config/configSlice';
import { sessionActions } from '../../../entities/session/sessionSlice';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { sharedDeviceActive } from './sharedDeviceActions';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

export default function IdleSignOut() {
  const dispatch = useAppDispatch();
  const minutes = useAppSelector(selectConfig).sharedDeviceIdleMinutes ?? DEFAULT_SHARED_DEVICE_IDLE_MINUTES;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let told = 0;
    const restart = () => {
      // Scrolling fires many events: the saga hears of them a few times a minute at most.
      if (Date.now() - told > 10_000) {
        told = Date.now();
        dispatch(sharedDeviceActive());
      }
      clearTimeout(timer);
      timer = setTimeout(() => dispatch(sessionActions.loggedOut({ idle: true })), minutes * 60_000);
    };
    restart();
    for (const event of ACTIVITY) window.addEventListener(event, restart, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, restart, { capture: true });
    };
  }, [dispatch, minutes]);
  return null;
}
