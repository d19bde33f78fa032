import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { useGetInvoicePdfMutation, useGetInvoicesQuery, type Invoice } from '../api';
import { formatDay, formatMinor } from './format';
import styles from './invoices-panel.module.css';

export const INVOICE_PAGE_SIZE = 20;

/** Where the browser goes with the signed PDF link; a seam for tests (jsdom cannot navigate). */
export type Navigate = (url: string) => void;
const goTo: Navigate = (url) => window.location.assign(url);

/** The account's invoices, newest first, with a PDF download each (contract: rendered inside /main/packages). */
export function InvoicesPanel({ navigate = goTo }: { navigate?: Navigate }) {
  // The namespace loads on demand, with the first screen that shows the panel.
  const { ready } = useTranslation('invoices');
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [page, setPage] = useState(0);
  const query = useGetInvoicesQuery({ page, size: INVOICE_PAGE_SIZE });
  const [getPdf, pdfState] = useGetInvoicePdfMutation();
  const [downloadError, setDownloadError] = useState(false);
  const locale = i18n.language;

  if (!ready) return <Spinner size={32} />;

  const download = async (invoice: Invoice) => {
    setDownloadError(false);
    try {
      const { url } = await getPdf(invoice.id).unwrap();
      navigate(url);
    } catch {
      setDownloadError(true);
    }
  };

  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const from = page * INVOICE_PAGE_SIZE + 1;
  const to = page * INVOICE_PAGE_SIZE + items.length;

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="invoices-panel">
      <h2 className={styles.heading} id={headingId}>
        {t('invoices:title')}
      </h2>
      {downloadError ? (
        <Alert tone="error" onClose={() => setDownloadError(false)}>
          {t('invoices:download_error')}
        </Alert>
      ) : null}
      {query.isLoading ? (
        <div className={styles.center}>
          <Spinner size={32} />
        </div>
      ) : query.isError ? (
        <Alert tone="error">
          {t('invoices:load_error')}{' '}
          <Button variant="link" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState title={t('invoices:empty_title')} description={t('invoices:empty_text')} data-testid="invoices-empty" />
      ) : (
        <>
          <div className={styles.scroller}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('invoices:caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('invoices:column_number')}</th>
                  <th scope="col">{t('invoices:column_date')}</th>
                  <th scope="col">{t('invoices:column_description')}</th>
                  <th scope="col" className={styles.amount}>
                    {t('invoices:column_amount')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('invoices:download')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((invoice) => (
                  <tr key={invoice.id} data-testid="invoice-row">
                    <th scope="row" className={styles.number}>
                      {invoice.number}
                    </th>
                    <td>{formatDay(invoice.issuedAt, locale)}</td>
                    <td>
                      {invoice.description}
                      {invoice.kind === 'REFUND' ? <span className={styles.refund}>{t('invoices:kind_refund')}</span> : null}
                    </td>
                    <td className={styles.amount}>{formatMinor(invoice.totalMinor, invoice.currency, locale)}</td>
                    <td className={styles.action}>
                      <Button
                        variant="ghost"
                        size="sm"
                        startIcon={<DownloadIcon size={16} />}
                        aria-label={t('invoices:download_label', { number: invoice.number })}
                        loading={pdfState.isLoading && pdfState.originalArgs === invoice.id}
                        onClick={() => void download(invoice)}
                      >
                        {t('invoices:download')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {total > INVOICE_PAGE_SIZE ? (
            <nav className={styles.pager} aria-label={t('invoices:pagination')}>
              <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                {t('invoices:previous')}
              </Button>
              <span>{t('invoices:page_info', { from, to, total })}</span>
              <Button variant="secondary" size="sm" disabled={to >= total} onClick={() => setPage((p) => p + 1)}>
                {t('invoices:next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
