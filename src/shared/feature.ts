/**
 * A feature declares itself once, in its folder's feature.ts: its state (slices and the saga that
 * drives them), its screens (route, who may open it, its title, its early data, the other features
 * it joins) and its screen titles. src/app/features.ts lists the features; the store, the route
 * table and the QA replay are built from that list, so a feature is its folder plus one line there.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';
import type { ApiClient } from '../api/types';
import type { SliceLike } from './sliceState';


/**
 * A feature's state: its slices (each under its own name in the store) and the sagas that drive
 * them, by name (a saga that throws is restarted alone, and its name is in the QA log).
 */
export interface FeatureFlows {
  readonly slices: readonly SliceLike[];
  readonly sagas?: FeatureSagas;
}

/**
 * A feature's sagas by name. Its flows module declares `export const sagas: FeatureSagas = {…}`:
 * the store's type is made from the flows' slices, and the sagas read the store, so their own
 * types must not be part of it.
 */
export type FeatureSagas = Readonly<Record<string, () => Generator>>;

/** Who may open a screen: the route table puts each screen behind its guard. */
export type ScreenAccess =
  /** Signed in or not. */
  | 'anyone'
  | 'signedIn'
  /** Franchise owners and administrators; anyone else goes to /. */
  | 'owners'
  | 'administrators'
  /** Franchise owners and administrators; a student goes to their building instructions instead. */
  | 'ownersElseInstructions';

export type ScreenParams = Readonly<Record<string, string | undefined>>;

/** A title that is a text, or a text filled in with the route's params. */
type TitleKey<Titles> = { [K in keyof Titles]: Titles[K] extends string | ((params: never) => string) ? K : never }[keyof Titles];

/** The document title a screen's `title` gives, in the language of `t`. */
export function screenTitle<Titles>(title: Screen<never, Titles>['title'], t: Titles, params: ScreenParams, session: { signedIn: boolean }): string {
  if (typeof title === 'function') return title(t, params, session);
  const text = t[title] as string | ((params: ScreenParams) => string);
  return typeof text === 'function' ? text(params) : text;
}

/** A screen's page module: its chunk, loaded when the route first opens. */
export type PageModule = { default: ComponentType };

export interface Screen<Flows = FeatureFlows, Titles = unknown, Joins extends string = string> {
  /** The route's pattern, from shared/paths.ts. */
  readonly path: string;
  readonly access: ScreenAccess;
  /** `() => import(/* webpackChunkName: "page-…" *\/ './ThePage')`. */
  readonly page: () => Promise<PageModule>;
  /**
   * Where the user is, for the document title ("{where} · Youngengineer Online"): the key of one of
   * its feature's titles, filled in with the route's own params ({programName}), or a function.
   */
  readonly title: TitleKey<Titles> | ((t: Titles, params: ScreenParams, session: { signedIn: boolean }) => string);
  /**
   * The page's own "opened" event, sent at start-up with a stored sign-in, before React and the
   * page's chunk are there (null for these params). It may start reads at once (`api.askEarly`).
   * The page sends the event again when it mounts; the saga then finds the data loading or fresh.
   */
  readonly earlyData?: (params: ScreenParams, api: ApiClient) => ((flows: Flows) => UnknownAction) | null;
  /**
   * The features the page needs in the store besides its own, joined with it before the page
   * renders: named, never imported (src/app/features.ts checks the names). A page that asks for the
   * roster's lists (entities/roster: `listsNeeded`) joins 'roster', whose saga loads them. An app
   * screen (app/routes.tsx), which has no feature of its own, joins only these.
   */
  readonly joins?: readonly Joins[];
}

export interface Feature<Name extends string = string, Flows extends FeatureFlows = FeatureFlows, Titles = unknown, Joins extends string = string> {
  readonly name: Name;
  /**
   * Its state: present from the start (the login's own flows), or loaded with its screens:
   * `() => import(/* webpackChunkName: "x-flows" *\/ './flows')`, so the entry carries none of it.
   */
  readonly flows?: Flows | (() => Promise<Flows>);
  /**
   * The titles of its screens, in English (`params('Models of {programName}')` for a route's
   * params): the app makes one message group of every feature's titles (app/app.messages.ts).
   */
  readonly titles?: Titles;
  readonly screens?: readonly Screen<Flows, NoInfer<Titles>, Joins>[];
}

/** Declares a feature; its screens' titles and early data are checked against its own titles and flows. */
export const defineFeature = <const Name extends string, Flows extends FeatureFlows, Titles = unknown, const Joins extends string = never>(feature: Feature<Name, Flows, Titles, Joins>) => feature;

/** A feature as the store and the route table handle it, whatever its flows and titles. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFeature = Feature<string, any, any>;

/**
 * The features' names: src/app/storeState.d.ts fills this in from the feature list, so a name
 * that is not a feature's fails tsc.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FeatureNames {}
export type FeatureName = keyof FeatureNames;

/** What the app's store adds to the Redux store (src/app/store.ts). */
export interface FeatureHost {
  /**
   * Adds the feature's slices and starts its sagas, once per store; resolves with its flows once
   * they are in. A feature whose flows load later joins when they arrive.
   */
  joinFeature(name: FeatureName): Promise<FeatureFlows>;
  /** Whether the feature's state is in this store. */
  hasJoined(name: FeatureName): boolean;
}

/** The plain action with which a feature's slices join the store: `{name}/joined`. */
export const featureJoined = (name: string) => ({ type: `${name}/joined` });
