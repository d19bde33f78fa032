/** The origin links in e-mails and answers point at: PUBLIC_URL when configured, else the one the request came to. */
export const publicOrigin = (publicUrl: string | null, req: { protocol: string; host: string }): string =>
  publicUrl ?? `${req.protocol}://${req.host}`;
