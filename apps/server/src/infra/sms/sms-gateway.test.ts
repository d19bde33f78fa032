import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSmsGateway } from './sms-gateway.js';

describe('HTTP SMS gateway', () => {
  const seen: Array<{ method: string; url: string; body: string }> = [];
  let server: http.Server;
  let base: string;
  let failNext = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, body });
        res.statusCode = failNext ? 503 : 200;
        failNext = false;
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('fills the URL template with encoded values and posts the message as JSON', async () => {
    await new HttpSmsGateway(`${base}/send?to={to}&msg={text}`, 'POST').send({ to: '+905321234567', text: 'Kod: 123 456 & ğ' });
    const last = seen.at(-1)!;
    expect(last.method).toBe('POST');
    const url = new URL(last.url, base);
    expect(url.searchParams.get('to')).toBe('+905321234567');
    expect(url.searchParams.get('msg')).toBe('Kod: 123 456 & ğ');
    expect(JSON.parse(last.body)).toEqual({ to: '+905321234567', text: 'Kod: 123 456 & ğ' });
  });

  it('uses GET without a body when configured so', async () => {
    await new HttpSmsGateway(`${base}/get?to={to}&text={text}`, 'GET').send({ to: '+90532', text: 'hi' });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', body: '' });
  });

  it('fails (so the job is retried) when the gateway answers an error', async () => {
    failNext = true;
    await expect(new HttpSmsGateway(`${base}/x?to={to}`, 'POST').send({ to: '1', text: 't' })).rejects.toThrow(/503/);
  });
});
