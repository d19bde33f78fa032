import { createRoot } from 'react-dom/client';
import { setNavigator } from '@/api/session';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
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
  // The store (Redux, RTK Query, the generated API) loads with the first screen that needs it, not with sign-in.
  const router = createAppRouter(() => import('@/app/app-store').then((m) => m.appStore()));
  setNavigator((to) => router.navigate(to, { replace: true }));
  createRoot(document.getElementById('root')!).render(<AppProviders router={router} />);
}

void start();
