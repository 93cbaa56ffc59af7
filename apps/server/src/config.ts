import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Patient Portal <no-reply@portal.localhost>'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DEFAULT_FACILITY_ALIAS: z.string().min(1).default('localhost'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10000),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|false)$/,
      'a hop count, or proxy addresses or CIDR ranges',
    )
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  DEMO_DATA: z.enum(['0', '1', 'true', 'false']).optional(),
  DIRECT_SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  DIRECT_CERT_FILE: z.string().min(1).optional(),
  DIRECT_KEY_FILE: z.string().min(1).optional(),
  DIRECT_FROM: z.email().optional(),
  DIRECT_TRUST_DIR: z.string().min(1).optional(),
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_FROM: z.string().trim().min(1).max(32).optional(),
  SMS_TOKEN: z.string().min(1).optional(),
  SMS_COUNTRY_CODE: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, 'a country calling code such as 1')
    .default('1'),
  WEBHOOK_ALLOW_LOOPBACK: z.enum(['0', '1', 'true', 'false']).optional(),
  API_DOCS: z.enum(['on', 'off']).optional(),
});

const DIRECT_VARIABLES = [
  'DIRECT_SMTP_URL',
  'DIRECT_CERT_FILE',
  'DIRECT_KEY_FILE',
  'DIRECT_FROM',
  'DIRECT_TRUST_DIR',
] as const;

/** Sending documents to Direct addresses (ADR 0013): all five DIRECT_* variables, or none. */
export interface DirectConfig {
  /** The facility's HISP: smtp://user:pass@host:port, or smtps:// for implicit TLS. */
  smtpUrl: string;
  /** The facility's Direct certificate (PEM, its chain may follow) and its private key (PEM, unencrypted). */
  certFile: string;
  keyFile: string;
  /** The facility's Direct address: the envelope sender and the From of what it sends. */
  from: string;
  /** The folder of the recipients' certificates (PEM or DER). */
  trustDir: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  /** Where the command was typed (npm's INIT_CWD): relative paths a user gives a command are read from here. */
  workingDir: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  db: { poolMax: number; connectTimeoutMs: number; statementTimeoutMs: number };
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof LOG_LEVELS)[number];
  defaultFacilityAlias: string;
  appSecret: string | undefined;
  webDistDir: string | undefined;
  shutdownGraceMs: number;
  session: { accessTokenMinutes: number; idleMinutes: number; absoluteHours: number };
  /**
   * Which proxies' X-Forwarded-For to believe: false (the default: none, the socket's peer is the client), a hop
   * count, or the proxies' addresses. Independent of PUBLIC_URL.
   */
  trustProxy: boolean | number | string[];
  /** Rate-limit counters shared by every instance; without it, each process counts in its own memory. */
  redisUrl: string | undefined;
  /** Seed the demo facility on an empty database: outside production by default, in production only if asked. */
  demoData: boolean;
  /** Undefined when the portal sends no Direct messages. */
  direct: DirectConfig | undefined;
  /** The HTTP SMS gateway (platform/sms); undefined when no SMS_URL is set. */
  sms: SmsConfig | undefined;
  /**
   * Webhooks may go to loopback addresses (127.0.0.0/8, ::1): on outside production so tests and local receivers
   * work, off in production unless WEBHOOK_ALLOW_LOOPBACK asks (platform/http/outbound-url.ts).
   */
  webhookAllowLoopback: boolean;
  /** The OpenAPI documents and their pages: off in production unless API_DOCS=on, since they map the attack surface. */
  apiDocs: boolean;
}

/** Sending texts through an HTTP SMS gateway (SMS_URL with SMS_FROM; SMS_TOKEN when it takes a bearer token). */
export interface SmsConfig {
  /** The send endpoint; user:password in it are sent as HTTP Basic credentials. */
  url: string;
  /** The number or sender id texts come from. */
  from: string;
  token: string | undefined;
  /** The country code of the ten-digit numbers patients enter. */
  countryCode: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The only reader of the environment. Fails with a message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as most deployment tools write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment variable ${lines.join('; ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.APP_SECRET && e.DATABASE_URL) {
    throw new ConfigError('Invalid environment variable APP_SECRET: required in production with DATABASE_URL');
  }
  const directSet = DIRECT_VARIABLES.filter((name) => e[name] !== undefined);
  if (directSet.length > 0 && directSet.length < DIRECT_VARIABLES.length) {
    const missing = DIRECT_VARIABLES.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid environment variable ${missing.join(', ')}: required with ${directSet.join(', ')} (Direct needs all five)`,
    );
  }
  if (e.SMS_URL && !e.SMS_FROM) {
    throw new ConfigError('Invalid environment variable SMS_FROM: required with SMS_URL');
  }
  // npm sets INIT_CWD to where the command was typed, so `npm start` from the root keeps ./data at the root.
  const baseDir = env.INIT_CWD ?? process.cwd();
  return {
    env: e.NODE_ENV,
    workingDir: baseDir,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(baseDir, e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    db: {
      poolMax: e.DB_POOL_MAX,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    },
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    defaultFacilityAlias: e.DEFAULT_FACILITY_ALIAS.toLowerCase(),
    appSecret: e.APP_SECRET,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(baseDir, e.WEB_DIST_DIR) : undefined,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    session: {
      accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    demoData: e.DEMO_DATA === undefined ? e.NODE_ENV !== 'production' : e.DEMO_DATA === '1' || e.DEMO_DATA === 'true',
    direct:
      e.DIRECT_SMTP_URL && e.DIRECT_CERT_FILE && e.DIRECT_KEY_FILE && e.DIRECT_FROM && e.DIRECT_TRUST_DIR
        ? {
            smtpUrl: e.DIRECT_SMTP_URL,
            certFile: path.resolve(baseDir, e.DIRECT_CERT_FILE),
            keyFile: path.resolve(baseDir, e.DIRECT_KEY_FILE),
            from: e.DIRECT_FROM.toLowerCase(),
            trustDir: path.resolve(baseDir, e.DIRECT_TRUST_DIR),
          }
        : undefined,
    sms: e.SMS_URL
      ? { url: e.SMS_URL, from: e.SMS_FROM ?? '', token: e.SMS_TOKEN, countryCode: e.SMS_COUNTRY_CODE }
      : undefined,
    webhookAllowLoopback:
      e.WEBHOOK_ALLOW_LOOPBACK === undefined
        ? e.NODE_ENV !== 'production'
        : e.WEBHOOK_ALLOW_LOOPBACK === '1' || e.WEBHOOK_ALLOW_LOOPBACK === 'true',
    apiDocs: e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS === 'on',
  };
}

/** Whether the portal can send Direct messages (every DIRECT_* variable is set). */
export function isDirectConfigured(config: Pick<Config, 'direct'>): config is { direct: DirectConfig } {
  return config.direct !== undefined;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/**
 * The secret that keys signed download tokens and encrypted link ids. In embedded mode a missing
 * secret is generated once and kept in the data folder so links survive restarts.
 */
export function resolveAppSecret(config: Config): string {
  if (config.appSecret) return config.appSecret;
  if (config.env === 'production' && config.databaseUrl) {
    throw new ConfigError('Invalid environment variable APP_SECRET: required in production');
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { appSecret?: string };
    if (stored.appSecret && stored.appSecret.length >= 32) return stored.appSecret;
  }
  const appSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ appSecret }, null, 2), { mode: 0o600 });
  return appSecret;
}
