import './styles/theme.css';
import { i18nReady } from './i18n';
import './lib/zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { createAppStore } from './app/init';
import { createAppRouter } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// English is ready at once; Arabic waits for its texts, so no English or raw key flashes first.
void i18nReady.then(() => {
  const store = createAppStore();
  // The router runs the first screen's loaders as it is made, so its requests leave before the first render.
  const router = createAppRouter(store.dispatch);
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
});
