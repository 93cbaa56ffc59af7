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

  it('are read, paths resolved from where the command was typed, when all five are set', () => {
    const config = loadConfig({ ...direct, INIT_CWD: '/srv/portal' });
    expect(isDirectConfigured(config)).toBe(true);
    expect(config.direct).toEqual({
      smtpUrl: 'smtps://portal:secret@hisp.example.org:465',
      certFile: path.resolve('/srv/portal', 'direct/facility.cert.pem'),
      keyFile: path.resolve('/etc/portal/direct/facility.key.pem'),
      from: 'riverside@direct.riverside-cancer.example',
      trustDir: path.resolve('/srv/portal', 'direct/trust'),
    });
  });

  it('name the missing variables when only some are set', () => {
    const { message } = configError({ DIRECT_SMTP_URL: direct.DIRECT_SMTP_URL, DIRECT_FROM: direct.DIRECT_FROM });
    expect(message).toContain('DIRECT_CERT_FILE, DIRECT_KEY_FILE, DIRECT_TRUST_DIR');
    expect(message).toContain('required with DIRECT_SMTP_URL, DIRECT_FROM');
  });

  it.each([
    ['DIRECT_SMTP_URL', { DIRECT_SMTP_URL: 'https://hisp.example.org' }],
    ['DIRECT_FROM', { DIRECT_FROM: 'Riverside <riverside@direct.example>' }],
    ['DIRECT_FROM', { DIRECT_FROM: 'not-an-address' }],
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
