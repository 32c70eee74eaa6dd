import { describe, expect, it } from 'vitest';
import { USER_AGENTS as SENT } from '../../../test/user-agents.js';
import { deviceOf } from './devices.js';

describe('the device a sign-in came from', () => {
  it('names the browser and system, not the browsers each one also claims to be', () => {
    expect(deviceOf(SENT.chromeAndroid)).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(deviceOf(SENT.samsungAndroid)).toEqual({ browser: 'Samsung Internet', system: 'Android' });
    expect(deviceOf(SENT.safariIphone)).toEqual({ browser: 'Safari', system: 'iPhone' });
    expect(deviceOf(SENT.chromeIphone)).toEqual({ browser: 'Chrome', system: 'iPhone' });
    expect(deviceOf(SENT.safariIpad)).toEqual({ browser: 'Safari', system: 'iPad' });
    expect(deviceOf(SENT.edgeWindows)).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(deviceOf(SENT.operaWindows)).toEqual({ browser: 'Opera', system: 'Windows' });
    expect(deviceOf(SENT.safariMac)).toEqual({ browser: 'Safari', system: 'macOS' });
    expect(deviceOf(SENT.firefoxWindows)).toEqual({ browser: 'Firefox', system: 'Windows' });
    expect(deviceOf(SENT.firefoxLinux)).toEqual({ browser: 'Firefox', system: 'Linux' });
    expect(deviceOf(SENT.chromeChromebook)).toEqual({ browser: 'Chrome', system: 'ChromeOS' });
  });

  it('names nothing it does not recognise', () => {
    expect(deviceOf('')).toEqual({ browser: null, system: null });
    expect(deviceOf('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(deviceOf('okhttp/4.12.0 (Linux; Android 13)')).toEqual({ browser: null, system: 'Android' });
  });
});
