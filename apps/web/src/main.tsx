import { createRoot } from 'react-dom/client';
import { setNavigator } from '@/api/session';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { createAppStore } from '@/app/store';
import { applyDocumentLanguage, initI18n } from '@/i18n/i18n';
import '@/styles/global.css';

async function start() {
  try {
    const i18n = await initI18n();
    applyDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);
  } catch (error) {
    // Texts fall back to their keys; the app still works.
    console.error('[i18n] initialisation failed', error);
  }
  const store = createAppStore();
  const router = createAppRouter(store);
  setNavigator((to) => router.navigate(to, { replace: true }));
  createRoot(document.getElementById('root')!).render(<AppProviders store={store} router={router} />);
}

void start();
