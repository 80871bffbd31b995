import { createAction } from '@reduxjs/toolkit';

/** A touch, click, key or scroll on a shared tablet (a card's session): sharedDeviceSaga tells the server. */
export const sharedDeviceActive = createAction('sharedDevice/active');
