import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { Button } from '@/components/ui/button';
import { Loader } from '@/components/ui/loader';
import { Logo } from '@/components/ui/logo';
import { changeLanguage, currentLanguage } from '@/i18n/i18n';
import { useOpsLogoutMutation, useOpsMeQuery } from '../api/endpoints';
import { opsApi } from '../api/ops-api';
import { opsPaths, setOpsToken } from '../api/session';
import { QueryState } from '../components/query-state';
import { visibleMenu } from './menu';
import styles from './shell.module.css';

/** The signed-in console: the menu the operator's role allows, who is signed in, the language and sign-out. */
export function Shell() {
  const { t } = useTranslation();
  const me = useOpsMeQuery();
  const [logout, { isLoading: signingOut }] = useOpsLogoutMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  if (me.isLoading) return <Loader />;
  const signOut = async () => {
    await logout().unwrap().catch(() => undefined);
    setOpsToken(null);
    await navigate(opsPaths.signIn, { replace: true });
    dispatch(opsApi.util.resetApiState());
  };
  const items = visibleMenu(me.data?.permissions ?? []);
  return (
    <div className={styles.shell}>
      <a href="#ops-main" className={styles.skip}>
        {t('ops:skip_to_content')}
      </a>
      <header className={styles.header}>
        <div className={styles.brand}>
          <Logo />
          <span className={styles.product}>{t('ops:console_title')}</span>
        </div>
        <div className={styles.who}>
          {me.data ? (
            <span className={styles.operator} data-testid="ops-operator">
              <span className={styles.operatorName}>{me.data.name || me.data.email}</span>
              <span className={styles.role}>{t(`ops:role_${me.data.role}`)}</span>
            </span>
          ) : null}
          <LanguageSelect value={currentLanguage()} onChange={(language) => void changeLanguage(language)} hideLabel className={styles.language} />
          <Button variant="secondary" size="sm" onClick={() => void signOut()} loading={signingOut}>
            {t('ops:sign_out')}
          </Button>
        </div>
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label={t('ops:menu_label')}>
          <ul className={styles.menu}>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}>
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="ops-main" className={styles.main} tabIndex={-1}>
          <QueryState isLoading={false} error={me.error} onRetry={() => void me.refetch()}>
            <Outlet />
          </QueryState>
        </main>
      </div>
    </div>
  );
}
