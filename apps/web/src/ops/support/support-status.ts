/** The pill's tone for a ticket or feedback state: who has to act next. */
export function supportStateTone(state: string): 'ok' | 'warn' | 'bad' | 'muted' {
  if (state === 'waiting_agent' || state === 'new' || state === 'open') return 'warn';
  if (state === 'waiting_subscriber') return 'ok';
  return 'muted';
}
