import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

/** A nanostores atom's value in a component (what @nanostores/react's useStore does, in the entry's few bytes). */
export function useAtom<Value>(store: ReadableAtom<Value>): Value {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  const read = useCallback(() => store.get(), [store]);
  return useSyncExternalStore(subscribe, read, read);
}
