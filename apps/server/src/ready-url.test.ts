import { describe, expect, it } from 'vitest';
import { readyUrl } from './ready-url.js';

describe('readyUrl', () => {
  it('names the loopback address when the server listens on every interface', () => {
    expect(readyUrl(null, '0.0.0.0', { address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe('http://127.0.0.1:8080/');
  });
  it('keeps a specific host, bracketing IPv6', () => {
    expect(readyUrl(null, '192.168.1.5', { address: '192.168.1.5', family: 'IPv4', port: 3000 })).toBe('http://192.168.1.5:3000/');
    expect(readyUrl(null, '::1', { address: '::1', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000/');
  });
  it('prefers the configured public URL', () => {
    expect(readyUrl('https://bulut.example.com', '0.0.0.0', { address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe('https://bulut.example.com/');
  });
});
