import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Loader } from '@/components/ui/loader';
import { UsageBar } from '@/components/ui/usage-bar';
import { paths } from '@/config/paths';
import { useAcceptFamilyInvitationByTokenMutation, useGetFamilyQuery, useLeaveFamilyMutation, useRefreshFamilyFlags, type FamilyView } from '../api';
import { useFamilyTranslation } from '../use-family-translation';
import { FamilyError } from './error-alert';
import { InviteForm } from './invite-form';
import { ReceivedInvitations, SentInvitations } from './invitation-lists';
import { MembersList } from './members-list';
import styles from './family.module.css';

/** The message link (?token=): accept in one click, signed in with any of the account's contacts. */
function TokenInvitation({ token }: { token: string }) {
  const { t } = useFamilyTranslation();
  const navigate = useNavigate();
  const [accept, state] = useAcceptFamilyInvitationByTokenMutation();
  const refreshFlags = useRefreshFamilyFlags();
  return (
    <section className={styles.section} aria-labelledby="family-token-heading" data-testid="family-token-invitation">
      <h2 id="family-token-heading" className={styles.heading}>
        {t('family:token_heading')}
      </h2>
      <p className={styles.text}>{t('family:token_text')}</p>
      <div className={styles.actions}>
        <Button
          loading={state.isLoading}
          onClick={async () => {
            try {
              await accept({ token }).unwrap();
              await refreshFlags();
              void navigate(paths.familyShareDetails, { replace: true });
            } catch {
              // Shown below.
            }
          }}
        >
          {t('family:accept')}
        </Button>
        <Button variant="secondary" onClick={() => void navigate(paths.familyInvitation, { replace: true })}>
          {t('family:not_now')}
        </Button>
      </div>
      <FamilyError error={state.error} onClose={state.reset} />
    </section>
  );
}

/** /main/packages/familyInvitation: the message link, invitations for me, and for an admin the invite form. */
export function FamilyInvitationScreen() {
  const { t } = useFamilyTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const family = useGetFamilyQuery();
  const view = family.data;
  const isAdmin = view?.role === 'ADMIN';
  const pending = view?.invitations.filter((i) => i.status === 'PENDING').length ?? 0;
  const members = view?.members.filter((m) => m.role === 'MEMBER').length ?? 0;
  return (
    <div className={styles.page}>
      {token ? <TokenInvitation token={token} /> : null}
      {family.isLoading ? <Loader /> : null}
      {isAdmin && view ? (
        <>
          <InviteForm seatsTaken={members + pending} maxMembers={view.maxMembers} />
          <SentInvitations invitations={view.invitations} />
        </>
      ) : null}
      {view && !isAdmin && !token ? <p className={styles.text}>{t('family:not_admin_text')}</p> : null}
      {view?.role !== 'MEMBER' ? <ReceivedInvitations /> : null}
    </div>
  );
}

function PoolSection({ view }: { view: FamilyView }) {
  const { t } = useFamilyTranslation();
  return (
    <section className={styles.section} aria-labelledby="family-pool-heading" data-testid="family-pool">
      <h2 id="family-pool-heading" className={styles.heading}>
        {t('family:pool_heading')}
      </h2>
      <UsageBar used={view.pool.usedBytes} quota={view.pool.quotaBytes} />
    </section>
  );
}

function MyShareSection({ view }: { view: FamilyView }) {
  const { t } = useFamilyTranslation();
  const admin = view.members.find((m) => m.role === 'ADMIN');
  return (
    <section className={styles.section} aria-labelledby="family-share-heading" data-testid="family-my-share">
      <h2 id="family-share-heading" className={styles.heading}>
        {t('family:my_share_heading')}
      </h2>
      {admin ? <p className={styles.text}>{t('family:admin_label', { name: [admin.name, admin.surname].filter(Boolean).join(' ') })}</p> : null}
      <UsageBar used={view.me.usedBytes} quota={view.me.limitBytes ?? view.pool.quotaBytes} />
    </section>
  );
}

function LeaveSection() {
  const { t } = useFamilyTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [leave, state] = useLeaveFamilyMutation();
  const refreshFlags = useRefreshFamilyFlags();
  return (
    <section className={styles.section} aria-labelledby="family-leave-heading">
      <h2 id="family-leave-heading" className={styles.heading}>
        {t('family:leave')}
      </h2>
      <p className={styles.text}>{t('family:leave_confirm_text')}</p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('family:leave')}
        </Button>
      </div>
      <FamilyError error={state.error} onClose={state.reset} />
      <ConfirmModal
        open={open}
        onOpenChange={setOpen}
        title={t('family:leave_confirm_title')}
        description={t('family:leave_confirm_text')}
        confirmLabel={t('family:leave')}
        danger
        loading={state.isLoading}
        onConfirm={async () => {
          try {
            await leave().unwrap();
            await refreshFlags();
            void navigate(paths.packages, { replace: true });
          } finally {
            setOpen(false);
          }
        }}
      />
    </section>
  );
}

/** The server's word on the caller's family; the route's stored flags only let the page open. */
function useFamilyOrLeave(allowed: (view: FamilyView) => boolean) {
  const family = useGetFamilyQuery();
  const [sendAway, setSendAway] = useState(false);
  useEffect(() => {
    // Only a settled answer decides: right after joining, the cached one (no family yet) is being fetched again.
    if (family.data && !family.isFetching && !allowed(family.data)) setSendAway(true);
  }, [family.data, family.isFetching, allowed]);
  // A cached answer that would not let the page open is not shown while the fresh one is on its way.
  const view = family.data && allowed(family.data) ? family.data : undefined;
  return { family, sendAway, view };
}

const isInFamily = (v: FamilyView) => v.role !== null;
const isMember = (v: FamilyView) => v.role === 'MEMBER';

/** /main/usages/manage-family-share: the pool and its members; the admin manages, a member can leave. */
export function ManageFamilyScreen() {
  const { t } = useFamilyTranslation();
  const { family, sendAway, view } = useFamilyOrLeave(isInFamily);
  if (sendAway) return <Navigate to={paths.packages} replace />;
  if (!view) return family.isError ? <FamilyError error={family.error} /> : <Loader />;
  const isAdmin = view.role === 'ADMIN';
  return (
    <div className={styles.page}>
      <PoolSection view={view} />
      {isAdmin ? null : <MyShareSection view={view} />}
      <MembersList members={view.members} isAdmin={isAdmin} poolQuota={view.pool.quotaBytes} />
      {isAdmin ? (
        <p className={styles.links}>
          <Link to={paths.familyInvitation}>{t('family:entry_invite')}</Link>
        </p>
      ) : (
        <LeaveSection />
      )}
    </div>
  );
}

/** /main/usages/family-share-details: a member's own share and the pool it draws on. */
export function FamilyDetailsScreen() {
  const { family, sendAway, view } = useFamilyOrLeave(isMember);
  if (sendAway) return <Navigate to={paths.packages} replace />;
  if (!view) return family.isError ? <FamilyError error={family.error} /> : <Loader />;
  return (
    <div className={styles.page}>
      <MyShareSection view={view} />
      <PoolSection view={view} />
      <LeaveSection />
    </div>
  );
}

