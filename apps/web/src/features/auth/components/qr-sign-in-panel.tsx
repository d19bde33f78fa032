import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { QrCode } from '@/components/ui/qr-code';
import { QR_LOGIN_POLL_MS } from '@/config/constants';
import type { SessionResult } from '../sign-in';
import { pollQrLogin, startQrLogin, type QrLoginTicket } from '../sign-in-steps';
import { useRecoveryTranslation } from '../use-recovery-translation';
import stepStyles from './sign-in-steps.module.css';

export interface QrSignInPanelProps {
  rememberMe: boolean;
  onSignedIn: (session: SessionResult) => void;
}

type PanelState =
  | { kind: 'starting' }
  | { kind: 'waiting'; ticket: QrLoginTicket }
  | { kind: 'expired' }
  | { kind: 'failed'; message: string };

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * "Sign in with QR": a code for a phone or computer that is already signed in. It opens the approve page there; this
 * page asks every few seconds whether it was approved, and signs in when it was. A code lives 2 minutes, then a new
 * one can be asked for.
 */
export function QrSignInPanel({ rememberMe, onSignedIn }: QrSignInPanelProps) {
  const { t } = useRecoveryTranslation();
  const [state, setState] = useState<PanelState>({ kind: 'starting' });
  const [round, setRound] = useState(0);
  // Read when the approval arrives, so ticking "remember me" while the code shows still counts.
  const latest = useRef({ rememberMe, onSignedIn });
  useEffect(() => {
    latest.current = { rememberMe, onSignedIn };
  }, [rememberMe, onSignedIn]);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const run = async () => {
      setState({ kind: 'starting' });
      let ticket: QrLoginTicket;
      try {
        ticket = await startQrLogin(signal);
      } catch {
        if (!signal.aborted) setState({ kind: 'failed', message: t('common:generic_error') });
        return;
      }
      if (signal.aborted) return;
      setState({ kind: 'waiting', ticket });
      const deadline = Date.now() + ticket.expiresInSeconds * 1000;
      while (!signal.aborted) {
        await wait(QR_LOGIN_POLL_MS, signal);
        if (signal.aborted) return;
        if (Date.now() > deadline) {
          setState({ kind: 'expired' });
          return;
        }
        try {
          const result = await pollQrLogin(ticket.token, latest.current.rememberMe, signal);
          if (signal.aborted) return;
          if (result.state === 'approved') {
            latest.current.onSignedIn(result.session);
            return;
          }
          if (result.state === 'gone') {
            setState({ kind: 'expired' });
            return;
          }
        } catch {
          // A network blip: keep asking until the code expires.
        }
      }
    };
    void run();
    return () => controller.abort();
    // A new round (a new code) restarts the whole cycle.
  }, [round, t]);

  return (
    <div className={stepStyles.qrBox} data-testid="qr-sign-in">
      {state.kind === 'starting' ? <Spinner /> : null}
      {state.kind === 'waiting' ? (
        <>
          <div className={stepStyles.qrFrame}>
            <QrCode value={state.ticket.approveUrl} label={t('recovery:qr_image_label')} size={200} testId="qr-sign-in-code" />
          </div>
          <ol className={stepStyles.steps}>
            <li>{t('recovery:qr_step_open')}</li>
            <li>{t('recovery:qr_step_scan')}</li>
            <li>{t('recovery:qr_step_approve')}</li>
          </ol>
          <p className={stepStyles.deviceMeta} role="status">
            {t('recovery:qr_waiting')}
          </p>
        </>
      ) : null}
      {state.kind === 'expired' || state.kind === 'failed' ? (
        <>
          <Alert tone={state.kind === 'expired' ? 'info' : 'error'}>
            {state.kind === 'expired' ? t('recovery:qr_expired') : state.message}
          </Alert>
          <Button variant="secondary" onClick={() => setRound((n) => n + 1)}>
            {t('recovery:qr_new_code')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
