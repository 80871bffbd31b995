import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/** A nanostores atom's value in a component (what @nanostores/react's useStore does, in the entry's few bytes). */
export function useAtom<Value>(store: ReadableAtom<Value>): Value {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => store.get(),
  );
}
