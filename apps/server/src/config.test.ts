import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, isDirectConfigured, loadConfig, resolveAppSecret } from './config';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: undefined,
      logLevel: 'info',
      defaultFacilityAlias: 'localhost',
      appSecret: undefined,
      webDistDir: undefined,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir.endsWith(`${path.sep}data`)).toBe(true);
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://portal@db.internal:5432/portal',
      APP_SECRET: 's'.repeat(32),
      LOG_LEVEL: 'warn',
      DEFAULT_FACILITY_ALIAS: 'Portal.Example.ORG',
      INIT_CWD: '/srv/portal',
      DATA_DIR: 'state',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://portal@db.internal:5432/portal',
      logLevel: 'warn',
      defaultFacilityAlias: 'portal.example.org',
      dataDir: path.resolve('/srv/portal', 'state'),
    });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://portal.example.org' }],
    ['APP_SECRET', { APP_SECRET: 'short' }],
  ])('names %s when it is invalid', (name, env) => {
    expect(configError(env).message).toContain(name);
  });

  it('names every invalid variable at once', () => {
    const { message } = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
  });

  it('requires APP_SECRET in production with an external database', () => {
    expect(configError({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/portal' }).message).toContain(
      'APP_SECRET',
    );
    // The embedded database keeps a generated secret in its data folder instead.
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
  });
});

describe('Direct settings', () => {
  const direct = {
    DIRECT_SMTP_URL: 'smtps://portal:secret@hisp.example.org:465',
    DIRECT_CERT_FILE: 'direct/facility.cert.pem',
    DIRECT_KEY_FILE: '/etc/portal/direct/facility.key.pem',
    DIRECT_FROM: 'Riverside@Direct.Riverside-Cancer.example',
    DIRECT_TRUST_DIR: 'direct/trust',
  };

  it('are off without any DIRECT_* variable, so the portal starts without Direct', () => {
    const config = loadConfig({});
    expect(config.direct).toBeUndefined();
    expect(isDirectConfigured(config)).toBe(false);
  });

  it('are read, paths resolved from where the command was typed, when all five are set (mode smime)', () => {
    const config = loadConfig({ ...direct, INIT_CWD: '/srv/portal' });
    expect(isDirectConfigured(config)).toBe(true);
    expect(config.direct).toEqual({
      mode: 'smime',
      smtpUrl: 'smtps://portal:secret@hisp.example.org:465',
      certFile: path.resolve('/srv/portal', 'direct/facility.cert.pem'),
      keyFile: path.resolve('/etc/portal/direct/facility.key.pem'),
      from: 'riverside@direct.riverside-cancer.example',
      trustDir: path.resolve('/srv/portal', 'direct/trust'),
      discovery: [],
      dnsServers: [],
    });
  });

  it('turn discovery on (DNS and LDAP) with a trust bundle, with the passphrase and DNS servers given', () => {
    const config = loadConfig({
      ...direct,
      DIRECT_TRUST_DIR: undefined,
      DIRECT_TRUST_BUNDLE: 'direct/anchors.pem',
      DIRECT_KEY_PASSPHRASE: 'secret words',
      DIRECT_DNS_SERVERS: '192.0.2.53, [2001:db8::53]:5353',
      INIT_CWD: '/srv/portal',
    });
    expect(config.direct).toMatchObject({
      mode: 'smime',
      trustBundle: path.resolve('/srv/portal', 'direct/anchors.pem'),
      keyPassphrase: 'secret words',
      discovery: ['dns', 'ldap'],
      dnsServers: ['192.0.2.53', '[2001:db8::53]:5353'],
    });
    expect(loadConfig({ ...direct, DIRECT_TRUST_BUNDLE: 'a.pem', DIRECT_DISCOVERY: 'ldap' }).direct?.discovery).toEqual(
      ['ldap'],
    );
  });

  it('are mode hisp with only the HISP and the address: nothing of the portal’s own S/MIME is read', () => {
    const config = loadConfig({ DIRECT_SMTP_URL: direct.DIRECT_SMTP_URL, DIRECT_FROM: direct.DIRECT_FROM });
    expect(config.direct).toEqual({
      mode: 'hisp',
      smtpUrl: direct.DIRECT_SMTP_URL,
      from: 'riverside@direct.riverside-cancer.example',
    });
    const { message } = configError({ ...direct, DIRECT_MODE: 'hisp' });
    expect(message).toContain('DIRECT_CERT_FILE, DIRECT_KEY_FILE, DIRECT_TRUST_DIR: not used with DIRECT_MODE=hisp');
  });

  it('refuse mode hisp in production without the HISP account in the URL', () => {
    const env = { NODE_ENV: 'production', DIRECT_MODE: 'hisp', DIRECT_FROM: direct.DIRECT_FROM };
    expect(configError({ ...env, DIRECT_SMTP_URL: 'smtps://hisp.example.org' }).message).toContain(
      "DIRECT_SMTP_URL: with DIRECT_MODE=hisp it must carry the HISP account's user and password",
    );
  });

  it('name the missing variables when only some are set', () => {
    const { message } = configError({
      DIRECT_SMTP_URL: direct.DIRECT_SMTP_URL,
      DIRECT_FROM: direct.DIRECT_FROM,
      DIRECT_MODE: 'smime',
    });
    expect(message).toContain('DIRECT_CERT_FILE, DIRECT_KEY_FILE: required with DIRECT_SMTP_URL, DIRECT_FROM');
    expect(configError({ DIRECT_CERT_FILE: 'c.pem' }).message).toContain(
      'DIRECT_SMTP_URL, DIRECT_FROM, DIRECT_KEY_FILE',
    );
    const { message: trust } = configError({ ...direct, DIRECT_TRUST_DIR: undefined });
    expect(trust).toContain('DIRECT_TRUST_DIR, DIRECT_TRUST_BUNDLE: DIRECT_MODE=smime needs one of them');
    expect(configError({ ...direct, DIRECT_DNS_SERVERS: '192.0.2.53' }).message).toContain(
      'DIRECT_DNS_SERVERS: requires DIRECT_TRUST_BUNDLE',
    );
  });

  it.each([
    ['DIRECT_SMTP_URL', { DIRECT_SMTP_URL: 'https://hisp.example.org' }],
    ['DIRECT_FROM', { DIRECT_FROM: 'Riverside <riverside@direct.example>' }],
    ['DIRECT_FROM', { DIRECT_FROM: 'not-an-address' }],
    ['DIRECT_MODE', { DIRECT_MODE: 'opportunistic' }],
    ['DIRECT_DNS_SERVERS', { DIRECT_TRUST_BUNDLE: 'a.pem', DIRECT_DNS_SERVERS: 'dns.example.org' }],
    ['DIRECT_DISCOVERY', { DIRECT_TRUST_BUNDLE: 'a.pem', DIRECT_DISCOVERY: 'dns,http' }],
  ])('name %s when it is invalid', (name, env) => {
    expect(configError({ ...direct, ...env }).message).toContain(name);
  });
});

describe('resolveAppSecret', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempDataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };

  it('generates a secret once in the data folder and returns it again', () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secrets.json');
    expect(existsSync(file)).toBe(false);

    const first = resolveAppSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ appSecret: first });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = statSync(file).mtimeMs;

    expect(resolveAppSecret(loadConfig({ DATA_DIR: dataDir }))).toBe(first);
    expect(statSync(file).mtimeMs).toBe(written);
  });

  it('uses APP_SECRET from the environment as is, writing nothing', () => {
    const dataDir = tempDataDir();
    const secret = 'a-secret-from-the-environment-0123456789';
    expect(resolveAppSecret(loadConfig({ DATA_DIR: dataDir, APP_SECRET: secret }))).toBe(secret);
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('refuses to generate a secret in production with an external database', () => {
    const config = {
      ...loadConfig({ DATA_DIR: tempDataDir() }),
      env: 'production' as const,
      databaseUrl: 'postgres://db/portal',
    };
    expect(() => resolveAppSecret(config)).toThrow(ConfigError);
  });
});
