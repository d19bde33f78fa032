import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Loader } from '@/components/ui/loader';
import { formatMoney } from '../money';
import { FINAL_STATUSES, useGetCheckoutPackagesQuery, useGetPaymentQuery, useGetSavedCardsQuery, useQuoteCheckoutQuery, type Payment } from '../api';
import { checkCard, hasCardErrors, NO_CARD_ERRORS, toCardInput, type CardDraft } from '../card';
import { clearCardErrors, resetPayment, selectCard, setCardErrors, setUnlinkedBox, showPaymentMessage, startCheckout } from '../payment-slice';
import { PaymentStateProvider, usePaymentDispatch, usePaymentSelector } from '../payment-state';
import { RETURN_KEY, useCheckout } from '../use-checkout';
import { usePaymentTranslation } from '../use-payment-translation';
import { CardForm, EMPTY_DRAFT } from './card-form';
import { ConfirmCheckbox } from './confirm-checkbox';
import { OrderSummary } from './order-summary';
import { PaymentMessage } from './payment-message';
import { SavedCards } from './saved-cards';
import { WalletCode } from './wallet-code';
import styles from './payment.module.css';

/** How often a payment on its way (3-D Secure return, provider pending) is asked again. */
const POLL_MS = 1500;

type Method = 'CARD' | 'WALLET';

/**
 * /main/packages/payment?packageId= (and /view/payment, /view/pack-payment without the shell): the order summary,
 * the payment method and its steps; `?paymentId=` is the return from the provider's 3-D Secure page.
 */
export function PaymentScreen({ view = false }: { view?: boolean }) {
  const { t } = usePaymentTranslation();
  const [params] = useSearchParams();
  const packagesPath = view ? '/view/packages' : '/main/packages';
  const returnedPaymentId = params.get('paymentId');
  const { pathname } = useLocation();
  return (
    <PaymentStateProvider>
      <div className={view ? styles.viewPage : styles.page}>
        {/* In the shell the header shows the page title; the web view has no header. */}
        {view ? <h1 className={styles.title}>{t('payment:title')}</h1> : null}
        <PaymentMessage />
        {returnedPaymentId ? (
          <PaymentReturn paymentId={returnedPaymentId} packageId={params.get('packageId')} screenPath={pathname} packagesPath={packagesPath} />
        ) : (
          <Checkout packageId={params.get('packageId')} packagesPath={packagesPath} />
        )}
      </div>
    </PaymentStateProvider>
  );
}

function Checkout({ packageId, packagesPath }: { packageId: string | null; packagesPath: string }) {
  const { t, i18n } = usePaymentTranslation();
  const dispatch = usePaymentDispatch();
  const cardErrors = usePaymentSelector((state) => state.cardErrors);
  const selectedCard = usePaymentSelector((state) => state.selectedCard);
  const paycellTrxnId = usePaymentSelector((state) => state.PaycellTrxnId);
  const unlinkedBox = usePaymentSelector((state) => state.unlinkedBox);
  const packages = useGetCheckoutPackagesQuery(undefined, { skip: !packageId });
  const pack = packages.data?.packages.find((candidate) => candidate.id === packageId);
  const quote = useQuoteCheckoutQuery({ packageId: packageId ?? '' }, { skip: !pack });
  const cards = useGetSavedCardsQuery(undefined, { skip: !pack });
  const { pay, pending, outcome, settle, pollPaymentId } = useCheckout(packageId);
  const [method, setMethod] = useState<Method>('CARD');
  const [draft, setDraft] = useState<CardDraft>(EMPTY_DRAFT);
  const [saveCard, setSaveCard] = useState(true);
  const [confirmed, setConfirmed] = useState(false);
  const usableCards = useMemo(() => (cards.data?.userKind === 1 ? cards.data.cards : []), [cards.data]);
  const returnPath = `${window.location.pathname}${window.location.search}`;

  useEffect(() => {
    if (pack) dispatch(startCheckout({ type: pack.type, pack: pack.id }));
  }, [dispatch, pack]);

  // The default (or first usable) saved card is chosen once the list arrives.
  useEffect(() => {
    const first = usableCards.find((card) => card.isDefault && !card.expired) ?? usableCards.find((card) => !card.expired);
    if (first) dispatch(selectCard(first.id));
    if (cards.data?.userKind === 2) dispatch(setUnlinkedBox({ show: true }));
  }, [cards.data, dispatch, usableCards]);

  if (!packageId) return <NoPackage packagesPath={packagesPath} />;
  if (packages.isLoading) return <Loader />;
  if (!pack) return <NoPackage packagesPath={packagesPath} />;
  if (outcome === 'success') return <PaymentDone packagesPath={packagesPath} />;

  const submit = () => {
    const useSaved = method === 'CARD' && selectedCard !== null;
    const flags = method === 'CARD' && !useSaved ? checkCard({ ...draft, confirmed }) : { ...NO_CARD_ERRORS, confirmCheckbox: !confirmed };
    dispatch(clearCardErrors());
    dispatch(setCardErrors(flags));
    if (hasCardErrors(flags)) return;
    if (method === 'WALLET') void pay({ type: 'WALLET' }, returnPath);
    else if (useSaved) void pay({ type: 'SAVED_CARD', cardId: selectedCard }, returnPath);
    else void pay({ type: 'NEW_CARD', card: toCardInput(draft), saveCard }, returnPath);
  };

  const busy = pending || outcome === 'redirecting';
  const total = quote.data ? formatMoney(quote.data.amountMinor, quote.data.currency, i18n.language) : null;

  return (
    <div className={styles.layout}>
      <OrderSummary pack={pack} quote={quote.data} />
      <section className={styles.methods} aria-labelledby="payment-method-title">
        <h2 id="payment-method-title" className={styles.sectionTitle}>
          {t('payment:method_title')}
        </h2>
        {quote.data?.action === 'DOWNGRADE' ? <Alert tone="warning">{t('payment:error_USE_DOWNGRADE')}</Alert> : null}
        {paycellTrxnId && outcome === 'wallet' ? (
          <WalletCode paycellTrxnId={paycellTrxnId} paymentId={pollPaymentId} onSettled={settle} />
        ) : outcome === 'pending' && pollPaymentId ? (
          <PaymentProgress paymentId={pollPaymentId} onSettled={settle} />
        ) : (
          <>
            <div role="radiogroup" aria-label={t('payment:method_title')} className={styles.methodChoice}>
              {(['CARD', 'WALLET'] as const).map((choice) => (
                <label key={choice} className={styles.methodOption}>
                  <input type="radio" name="payment-method" checked={method === choice} disabled={busy} onChange={() => setMethod(choice)} />
                  <span>{t(choice === 'CARD' ? 'payment:method_CARD' : 'payment:method_WALLET')}</span>
                </label>
              ))}
            </div>
            {method === 'CARD' ? (
              <>
                {cards.data?.userKind === 0 ? <Alert tone="warning">{t('payment:masterpass_error')}</Alert> : null}
                {unlinkedBox.show && !unlinkedBox.dismissed ? (
                  <div className={styles.unlinked} data-testid="unlinked-box">
                    <p>{t('payment:masterpass_unlinked')}</p>
                    <Button variant="link" size="sm" onClick={() => dispatch(setUnlinkedBox({ dismissed: true }))}>
                      {t('payment:masterpass_unlinked_dismiss')}
                    </Button>
                  </div>
                ) : null}
                {usableCards.length > 0 ? (
                  <SavedCards
                    cards={usableCards}
                    selected={selectedCard}
                    onSelect={(id) => dispatch(selectCard(id))}
                    onMessage={(icon, text) => dispatch(showPaymentMessage({ icon, text }))}
                    disabled={busy}
                  />
                ) : null}
                {selectedCard === null || usableCards.length === 0 ? (
                  <CardForm draft={draft} onChange={setDraft} errors={cardErrors} saveCard={{ value: saveCard, onChange: setSaveCard }} disabled={busy} />
                ) : null}
              </>
            ) : (
              <p className={styles.note}>{t('payment:wallet_text')}</p>
            )}
            <ConfirmCheckbox packageId={pack.id} checked={confirmed} onChange={setConfirmed} error={cardErrors.confirmCheckbox} />
            <div className={styles.actions}>
              <Button size="lg" fullWidth loading={busy} disabled={!quote.data || quote.data.action === 'DOWNGRADE'} onClick={submit}>
                {total ? t('payment:pay_amount', { amount: total }) : t('payment:pay')}
              </Button>
              <Link to={packagesPath} className={styles.backLink}>
                {t('payment:back_to_packages')}
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** Polls a payment still on its way until the provider's answer (the callback) settled it. */
function PaymentProgress({ paymentId, onSettled }: { paymentId: string; onSettled: (payment: Payment) => void }) {
  const { t } = usePaymentTranslation();
  const [done, setDone] = useState(false);
  const payment = useGetPaymentQuery(paymentId, { pollingInterval: done ? 0 : POLL_MS, skipPollingIfUnfocused: false });
  const data = payment.data;
  useEffect(() => {
    if (data && FINAL_STATUSES.has(data.status) && !done) {
      setDone(true);
      onSettled(data);
    }
  }, [data, done, onSettled]);
  if (payment.isError && !data) return <Alert tone="error">{t('payment:error_NOT_FOUND')}</Alert>;
  return (
    <div className={styles.progress} role="status">
      <Loader />
      <p>{t('payment:processing')}</p>
    </div>
  );
}

/** The return from the provider's 3-D Secure page: wait for the payment's final state. */
function PaymentReturn({ paymentId, packageId, screenPath, packagesPath }: { paymentId: string; packageId: string | null; screenPath: string; packagesPath: string }) {
  const { t } = usePaymentTranslation();
  const { settle, outcome } = useCheckout(null);
  const stored = useMemo(() => {
    try {
      return JSON.parse(sessionStorage.getItem(RETURN_KEY) ?? 'null') as { packageId?: string } | null;
    } catch {
      return null;
    }
  }, []);
  if (outcome === 'success') return <PaymentDone packagesPath={packagesPath} />;
  if (outcome === 'declined') {
    // The same screen for the same package, as a new checkout.
    const retryPackage = packageId ?? stored?.packageId;
    const retry = retryPackage ? `${screenPath}?packageId=${encodeURIComponent(retryPackage)}` : packagesPath;
    return (
      <div className={styles.actions}>
        <Link to={retry} className={styles.primaryLink} onClick={() => sessionStorage.removeItem(RETURN_KEY)}>
          {t('payment:try_again')}
        </Link>
        <Link to={packagesPath} className={styles.backLink}>
          {t('payment:back_to_packages')}
        </Link>
      </div>
    );
  }
  return <PaymentProgress paymentId={paymentId} onSettled={settle} />;
}

/**
 * Paid: success at once and the way on, with no wait; the payment message still hides after its 4000 ms (spec), but
 * nothing holds the subscriber on this screen until then.
 */
function PaymentDone({ packagesPath }: { packagesPath: string }) {
  const { t } = usePaymentTranslation();
  const dispatch = usePaymentDispatch();
  useEffect(() => {
    sessionStorage.removeItem(RETURN_KEY);
  }, []);
  return (
    <div className={styles.done} role="status" data-testid="payment-done">
      <p>{t('payment:success_text')}</p>
      <Link to={packagesPath} className={styles.primaryLink} onClick={() => dispatch(resetPayment())}>
        {t('payment:continue')}
      </Link>
    </div>
  );
}

function NoPackage({ packagesPath }: { packagesPath: string }) {
  const { t } = usePaymentTranslation();
  return (
    <div className={styles.done}>
      <p>{t('payment:no_package')}</p>
      <Link to={packagesPath} className={styles.primaryLink}>
        {t('payment:back_to_packages')}
      </Link>
    </div>
  );
}

/** /view/payment and /view/pack-payment: the screen for the mobile app's web view. */
export function PaymentViewScreen() {
  return <PaymentScreen view />;
}
