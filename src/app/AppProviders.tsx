import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { ThemeProvider } from 'styled-components';
import { theme } from '../shared/theme';
import { GlobalStyle } from '../shared/ui/GlobalStyle';
import { PageLoading } from '../shared/ui/PageLoading';
import { PersistedGate } from './PersistedGate';
import type { AppStore } from './store';

/** Store, persisted session, theme and global styles: everything a screen needs around it. */
export function AppProviders({ store, persistor, children }: { store: AppStore; persistor: Persistor; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <PersistedGate persistor={persistor} loading={<PageLoading />}>
          {children}
        </PersistedGate>
      </ThemeProvider>
    </Provider>
  );
}
