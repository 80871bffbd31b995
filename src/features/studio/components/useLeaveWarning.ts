import { useEffect } from 'react';

/**
 * While an edit is not saved, closing or reloading the tab asks first. Moving inside the app needs
 * no question: the studio keeps unsaved forms in the store until they are saved.
 */
export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
