import { useEffect } from 'react';
import { AlertIcon, CheckIcon, InfoIcon } from '@/components/ui/icons';
import { hidePaymentMessage } from '../payment-slice';
import { usePaymentDispatch, usePaymentSelector } from '../payment-state';
import styles from './payment.module.css';

const ICONS = { success: CheckIcon, error: AlertIcon, info: InfoIcon };

/** The payment message (spec §3: show, icon, text), hidden after its duration (4000 ms). */
export function PaymentMessage() {
  const dispatch = usePaymentDispatch();
  const message = usePaymentSelector((state) => state.message);
  useEffect(() => {
    if (!message.show) return;
    const timer = setTimeout(() => dispatch(hidePaymentMessage()), message.duration);
    return () => clearTimeout(timer);
  }, [dispatch, message]);
  const Icon = ICONS[message.icon];
  return (
    <div className={styles.messageSlot} role={message.icon === 'error' ? 'alert' : 'status'} data-testid="payment-message">
      {message.show ? (
        <div className={`${styles.message} ${styles[`message_${message.icon}`]}`}>
          <Icon aria-hidden="true" />
          <span>{message.text}</span>
        </div>
      ) : null}
    </div>
  );
}
