import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('PUBLIC_URL', () => {
  it('is, unset, the address the server listens on: links in e-mails and exports reach this very server', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3900' }).PUBLIC_URL).toBe('http://localhost:3900');
    expect(loadConfig({ PORT: '3900', HOST: '127.0.0.1' }).PUBLIC_URL).toBe('http://127.0.0.1:3900');
    expect(loadConfig({ PORT: '3900', HOST: '::1' }).PUBLIC_URL).toBe('http://[::1]:3900');
    expect(loadConfig({ PORT: '3900', HOST: '::', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:3900');
  });

  it('is what it is set to', () => {
    expect(loadConfig({ PORT: '3900', PUBLIC_URL: 'https://shop.example.eg' }).PUBLIC_URL).toBe(
      'https://shop.example.eg',
    );
  });
});
