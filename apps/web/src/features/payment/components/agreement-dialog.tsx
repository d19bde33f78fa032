import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { Modal } from '@/components/ui/modal';
import { resolveLanguage } from '@/i18n/languages';
import { useGetPackageAgreementsQuery, type AgreementKind } from '../api';
import { usePaymentTranslation } from '../use-payment-translation';
import styles from './payment.module.css';

/**
 * The preliminary information form or the distance sales agreement of this checkout, read before paying: the server
 * fills them with the plan, the price, the operator and the account (full texts in Turkish and English).
 */
export function AgreementDialog({ packageId, kind, onClose }: { packageId: string; kind: AgreementKind | null; onClose: () => void }) {
  const { t } = usePaymentTranslation();
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const query = useGetPackageAgreementsQuery({ packageId, language }, { skip: kind === null });
  const doc = query.data?.documents.find((d) => d.kind === kind);
  const fallbackTitle = kind === 'DISTANCE_SALES' ? t('payment:agreement_distance_sales') : t('payment:agreement_pre_information');
  return (
    <Modal
      open={kind !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={doc?.title ?? fallbackTitle}
      data-testid="agreement-dialog"
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
    >
      {doc ? (
        <>
          {query.data!.language !== language ? <p className={styles.note}>{t('payment:agreement_in_english')}</p> : null}
          {/* The text's own language, so a screen reader reads it with the right voice. */}
          <div className={styles.agreementText} lang={query.data!.language} tabIndex={0} data-testid="agreement-text">
            {doc.text.split('\n\n').map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </>
      ) : query.isError ? (
        <Alert tone="error">
          {t('payment:agreement_error')}{' '}
          <Button variant="link" onClick={() => query.refetch()}>
            {t('common:retry')}
          </Button>
        </Alert>
      ) : (
        <Spinner label={t('payment:agreement_loading')} />
      )}
    </Modal>
  );
}
