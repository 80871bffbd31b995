import type { LazyFeature } from '../../../shared/lazyFeature';
import { studentImportReducer } from './studentImportSlice';
import { studentImportSaga } from './studentImportSaga';

/** The import page's state and flows, added to the store when the page first opens. */
export const studentImportFeature: LazyFeature = { name: 'studentImport', reducer: studentImportReducer, saga: studentImportSaga };
