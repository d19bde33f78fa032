/** How a status word is coloured. */
export function subscriberStatusTone(status: string): 'ok' | 'warn' | 'bad' | 'muted' {
  if (status === 'ACTIVE') return 'ok';
  if (status === 'SUSPENDED' || status === 'DISABLED' || status === 'FAILED') return 'bad';
  if (status === 'PENDING' || status === 'GRACE' || status === 'LOCKED' || status === 'REFUNDED' || status === 'PARTIALLY_REFUNDED') return 'warn';
  return 'muted';
}
