import { useLayoutEffect, useState } from 'react';
import { useStore } from 'react-redux';
import type { FeatureHost, FeatureName } from './feature';

const isFeatureHost = (store: object): store is FeatureHost => typeof (store as Partial<FeatureHost>).joinFeature === 'function';

/**
 * For a part of a feature that shows outside its screens (a panel in the header, a dialog the app
 * opens): joins its feature and tells whether it has joined. Until then the part shows nothing
 * that sends the feature's events (its saga would not hear them).
 */
export function useFeature(name: FeatureName): boolean {
  const store = useStore();
  const host = isFeatureHost(store) ? store : null;
  const [joined, setJoined] = useState(() => host === null || host.hasJoined(name));
  useLayoutEffect(() => {
    if (joined || host === null) return;
    let current = true;
    void host.joinFeature(name).then(() => current && setJoined(true), () => undefined);
    return () => {
      current = false;
    };
  }, [host, name, joined]);
  return joined;
}
