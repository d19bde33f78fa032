import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/i18n/format';
import { useQrLoginApproveMutation, useQrLoginRejectMutation, useQrLoginRequestQuery } from '../sign-in-api';
import { useRecoveryTranslation } from '../use-recovery-translation';
import styles from './auth-card.module.css';
import stepStyles from './sign-in-steps.module.css';
import pageStyles from './qr-approve-screen.module.css';

type Outcome = 'approved' | 'rejected' | null;

/**
 * /main/qr-approve?code=…: a signed-in device has scanned another screen's QR sign-in code. It shows which device and
 * address are asking, and signs that screen in only when approved here.
 */
export function QrApproveScreen() {
  const { t, i18n } = useRecoveryTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const request = useQrLoginRequestQuery(code, { skip: !code, refetchOnMountOrArgChange: true });
  const [approve, approveState] = useQrLoginApproveMutation();
  const [reject, rejectState] = useQrLoginRejectMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [error, setError] = useState<string | null>(null);

  const decide = async (choice: 'approve' | 'reject') => {
    setError(null);
    try {
      await (choice === 'approve' ? approve({ code }) : reject({ code })).unwrap();
      setOutcome(choice === 'approve' ? 'approved' : 'rejected');
    } catch (failure) {
      const status = apiErrorCode(failure);
      setError(status === 'NOT_FOUND' || status === '404' ? t('recovery:qr_approve_gone') : t('common:generic_error'));
    }
  };

  const gone = !code || (request.isError && ['NOT_FOUND', '404'].includes(apiErrorCode(request.error) ?? ''));

  let body: React.ReactNode;
  if (outcome) {
    body = (
      <Alert tone={outcome === 'approved' ? 'success' : 'info'}>
        {outcome === 'approved' ? t('recovery:qr_approved') : t('recovery:qr_rejected')}
      </Alert>
    );
  } else if (gone) {
    body = <Alert tone="error">{t('recovery:qr_approve_gone')}</Alert>;
  } else if (request.isError) {
    body = <Alert tone="error">{t('common:generic_error')}</Alert>;
  } else if (!request.data) {
    body = <Spinner />;
  } else {
    body = (
      <>
        <div className={stepStyles.device} data-testid="qr-approve-device">
          <span className={stepStyles.deviceName}>{request.data.deviceName}</span>
          <span className={stepStyles.deviceMeta} dir="ltr">
            {request.data.ip}
          </span>
          <span className={stepStyles.deviceMeta}>{formatDateTime(request.data.createdAt, i18n.language)}</span>
        </div>
        <Alert tone="info">{t('recovery:qr_approve_warning')}</Alert>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className={stepStyles.actions}>
          <Button variant="secondary" onClick={() => void decide('reject')} loading={rejectState.isLoading} disabled={approveState.isLoading} data-testid="qr-reject">
            {t('recovery:qr_reject')}
          </Button>
          <Button onClick={() => void decide('approve')} loading={approveState.isLoading} disabled={rejectState.isLoading} data-testid="qr-approve">
            {t('recovery:qr_approve')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className={pageStyles.page}>
      <section className={styles.card} aria-labelledby="qr-approve-title" data-testid="qr-approve-screen">
        <header className={styles.header}>
          <h1 id="qr-approve-title" className={styles.title}>
            {t('recovery:qr_approve_title')}
          </h1>
          <p className={styles.subtitle}>{t('recovery:qr_approve_subtitle')}</p>
        </header>
        <div className={styles.form}>{body}</div>
        <p className={styles.footer}>
          <Link to={paths.main}>{t('recovery:qr_back_to_app')}</Link>
        </p>
      </section>
    </div>
  );
}
