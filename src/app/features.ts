/**
 * The portal's features: the one list. The store (its state's type and the slices that are there
 * from the start), the route table and the QA replay are all made from it. A new feature is its
 * folder (src/features/<name>/feature.ts) and one line here.
 */
import type { AnyFeature } from '../shared/feature';
import type { SliceLike } from '../shared/sliceState';
import { accountFeature } from '../features/account/feature';
import { authFeature } from '../features/auth/feature';
import { cardSignInFeature } from '../features/cardSignIn/feature';
import { classesFeature } from '../features/classes/feature';
import { classNowFeature } from '../features/classNow/feature';
import { contentFeature } from '../features/content/feature';
import { familyFeature } from '../features/family/feature';
import { familyOwnerFeature } from '../features/familyOwner/feature';
import { layoutFeature } from '../features/layout/feature';
import { offlineFeature } from '../features/offline/feature';
import { ownerAdminFeature } from '../features/ownerAdmin/feature';
import { qaInboxFeature } from '../features/qaInbox/feature';
import { renewalsFeature } from '../features/renewals/feature';
import { reportFeature } from '../features/report/feature';
import { rosterFeature } from '../features/roster/feature';
import { signInCardsFeature } from '../features/signInCards/feature';
import { studentPrivacyFeature } from '../features/studentPrivacy/feature';
import { studentSignInFeature } from '../features/studentSignIn/feature';
import { studentEditFeature } from '../features/studentEdit/feature';
import { studentImportFeature } from '../features/studentImport/feature';
import { studentProgressFeature } from '../features/studentProgress/feature';
import { stuckStepsFeature } from '../features/stuckSteps/feature';
import { studioFeature } from '../features/studio/feature';
import { termsFeature } from '../features/terms/feature';
import { timetableFeature } from '../features/timetable/feature';

export const features = [
  authFeature,
  cardSignInFeature,
  termsFeature,
  layoutFeature,
  contentFeature,
  rosterFeature,
  studentEditFeature,
  studentImportFeature,
  studentProgressFeature,
  studentPrivacyFeature,
  studentSignInFeature,
  signInCardsFeature,
  classNowFeature,
  classesFeature,
  timetableFeature,
  accountFeature,
  studioFeature,
  qaInboxFeature,
  renewalsFeature,
  reportFeature,
  familyFeature,
  familyOwnerFeature,
  ownerAdminFeature,
  stuckStepsFeature,
  offlineFeature,
] as const satisfies readonly AnyFeature[];

type Feature = (typeof features)[number];
/** A feature's flows, whether they are in the entry or loaded with its screens. */
type FlowsOf<F> = F extends { readonly flows?: infer Flows } ? (Flows extends () => Promise<infer Loaded> ? Loaded : Flows) : never;
type SlicesOf<F> = FlowsOf<F> extends { readonly slices: readonly (infer Slice)[] } ? Slice : never;
type StateOfSlice<S> = S extends SliceLike<infer Path, infer State> ? { [K in Path]: State } : never;
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void ? I : never;

/**
 * Every feature's slices (and the entities they read) by their names, typed from the list: each is
 * there once its feature joins (the features in the entry join before the store's first action).
 */
export type LazyLoadedSlices = Intersection<StateOfSlice<SlicesOf<Feature>>>;

type JoinsOf<F> = F extends { readonly screens?: readonly (infer S)[] } ? (S extends { readonly joins?: readonly (infer Name)[] } ? Name : never) : never;
type Assert<Check extends true> = Check;
/** The features a screen joins besides its own (Screen.joins) are features of this list: any other name fails tsc here. */
export type ScreenJoinsAreFeatures = Assert<[JoinsOf<Feature>] extends [Feature['name']] ? true : false>;

type TitlesOf<F> = F extends { readonly titles?: infer Titles } ? (unknown extends Titles ? never : Exclude<Titles, undefined>) : never;
/** Every feature's screen titles (one message group: app.messages.ts); a key two features share fails tsc there. */
export type FeatureTitles = Intersection<TitlesOf<Feature>>;
