import type { AddressInfo } from 'node:net';

/** The address to open once the server listens: the public URL when set, else this machine on the port it got. */
export function readyUrl(publicUrl: string | null, host: string, address: AddressInfo | string | null): string {
  if (publicUrl) return `${publicUrl}/`;
  const port = address && typeof address === 'object' ? address.port : 0;
  // A wildcard host listens everywhere; the browser on this machine reaches it on the loopback address.
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}/`;
}
