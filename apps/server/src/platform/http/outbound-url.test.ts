import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers';
import {
  classifyAddress,
  outboundUrlPolicy,
  outboundUrlRefusal,
  staticUrlRefusal,
  type HostLookup,
} from './outbound-url';

const PRODUCTION = { requireHttps: true, allowLoopback: false };
const DEVELOPMENT = { requireHttps: false, allowLoopback: true };
const resolvesTo =
  (...addresses: string[]): HostLookup =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address })));

describe('classifyAddress', () => {
  it.each([
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.1.2.3', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['fd00::1', 'private'],
    ['fc00::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['not-an-ip', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });
});

describe('staticUrlRefusal', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:6379/',
    'http://0.0.0.0:5432/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::ffff:127.0.0.1]/',
    'https://127.0.0.1/',
    'https://2130706433/',
    'https://10.0.0.5/hook',
    'https://[fd00::1]/hook',
    'http://example.com/hook',
    'ftp://example.com/hook',
    'https://user:pass@example.com/hook',
    'not a url',
  ])('production refuses %s', (url) => {
    expect(staticUrlRefusal(url, PRODUCTION)).toEqual(expect.any(String));
  });

  it('development allows plain http and loopback, but not the metadata address or private ranges', () => {
    expect(staticUrlRefusal('http://127.0.0.1:4000/hook', DEVELOPMENT)).toBeNull();
    expect(staticUrlRefusal('http://[::1]:4000/hook', DEVELOPMENT)).toBeNull();
    expect(staticUrlRefusal('http://169.254.169.254/', DEVELOPMENT)).toMatch(/link-local/);
    expect(staticUrlRefusal('http://192.168.0.2/', DEVELOPMENT)).toMatch(/private/);
    expect(staticUrlRefusal('http://0.0.0.0:5432/', DEVELOPMENT)).toMatch(/unspecified/);
  });

  it('says why', () => {
    expect(staticUrlRefusal('http://example.com/', PRODUCTION)).toBe('The URL must use https.');
    expect(staticUrlRefusal('https://169.254.169.254/', PRODUCTION)).toMatch(/169\.254\.169\.254 is a link-local/);
  });
});

describe('outboundUrlRefusal', () => {
  it('allows a name whose every address is public', async () => {
    expect(
      await outboundUrlRefusal('https://hooks.example.com/x', PRODUCTION, resolvesTo('93.184.216.34', '2606:4700::1')),
    ).toBeNull();
  });

  it('refuses a name when any one of its addresses is refused, IPv4-mapped forms included', async () => {
    for (const bad of ['10.0.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1', '0.0.0.0', '100.64.1.1']) {
      expect(
        await outboundUrlRefusal('https://hooks.example.com/x', PRODUCTION, resolvesTo('93.184.216.34', bad)),
        bad,
      ).toMatch(new RegExp(`hooks\\.example\\.com resolves to ${bad.replace(/[.:]/g, '\\$&')}`));
    }
  });

  it('refuses a name that does not resolve', async () => {
    const fails: HostLookup = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await outboundUrlRefusal('https://nowhere.example/x', PRODUCTION, fails)).toMatch(/could not be resolved/);
    expect(await outboundUrlRefusal('https://nowhere.example/x', PRODUCTION, resolvesTo())).toMatch(
      /could not be resolved/,
    );
  });

  it('allows a loopback name only when the policy does', async () => {
    const local = resolvesTo('127.0.0.1', '::1');
    expect(await outboundUrlRefusal('http://localhost:4000/', DEVELOPMENT, local)).toBeNull();
    expect(await outboundUrlRefusal('https://localhost:4000/', PRODUCTION, local)).toMatch(/loopback/);
  });
});

describe('outboundUrlPolicy', () => {
  it('production requires https and refuses loopback unless WEBHOOK_ALLOW_LOOPBACK says otherwise', () => {
    expect(outboundUrlPolicy(testConfig({ NODE_ENV: 'production' }))).toEqual(PRODUCTION);
    expect(outboundUrlPolicy(testConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_LOOPBACK: '1' }))).toEqual({
      requireHttps: true,
      allowLoopback: true,
    });
    expect(outboundUrlPolicy(testConfig())).toEqual(DEVELOPMENT);
    expect(outboundUrlPolicy(testConfig({ WEBHOOK_ALLOW_LOOPBACK: 'false' }))).toEqual({
      requireHttps: false,
      allowLoopback: false,
    });
  });
});
