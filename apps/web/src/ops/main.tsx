import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { Loader } from '@/components/ui/loader';
import { applyDocumentLanguage, i18n } from '@/i18n/i18n';
import { setOpsNavigator } from './api/session';
import { initConsoleI18n } from './i18n';
import { createOpsRouter } from './router';
import { createOpsStore } from './store';
import '@/styles/global.css';

async function start() {
  try {
    await initConsoleI18n();
    applyDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);
  } catch (error) {
    // Texts fall back to their keys; the console still works.
    console.error('[i18n] initialisation failed', error);
  }
  const store = createOpsStore();
  const router = createOpsRouter();
  setOpsNavigator((to) => router.navigate(to, { replace: true }));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <Suspense fallback={<Loader />}>
          <RouterProvider router={router} />
        </Suspense>
      </Provider>
    </StrictMode>,
  );
}

void start();
