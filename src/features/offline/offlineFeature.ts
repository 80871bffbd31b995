import type { LazyFeature } from '../../shared/lazyFeature';
import { offlineSaga } from './offlineSaga';
import { offlineReducer } from './offlineSlice';

/** The offline chunk's slice and saga: joins the store after the first render (startOffline.ts). */
export const offlineFeature: LazyFeature = { name: 'offline', reducer: offlineReducer, saga: offlineSaga };
