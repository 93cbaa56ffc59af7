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
  DIRECT_MODE: z.enum(['smime', 'hisp']).optional(),
  DIRECT_KEY_PASSPHRASE: z.string().min(1).optional(),
  DIRECT_TRUST_BUNDLE: z.string().min(1).optional(),
  DIRECT_DISCOVERY: z
    .string()
    .regex(/^(dns|ldap)(\s*,\s*(dns|ldap))?$/, 'dns, ldap or dns,ldap')
    .optional(),
  DIRECT_DNS_SERVERS: z
    .string()
    .regex(
      /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?)(\s*,\s*(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?))*$/,
      'IP addresses, each with an optional :port (IPv6 in brackets)',
    )
    .optional(),
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
  'DIRECT_MODE',
  'DIRECT_KEY_PASSPHRASE',
  'DIRECT_TRUST_BUNDLE',
  'DIRECT_DISCOVERY',
  'DIRECT_DNS_SERVERS',
] as const;
// What only the portal's own S/MIME uses: with DIRECT_MODE=hisp the HISP signs, encrypts and finds certificates.
const DIRECT_SMIME_ONLY = [
  'DIRECT_CERT_FILE',
  'DIRECT_KEY_FILE',
  'DIRECT_KEY_PASSPHRASE',
  'DIRECT_TRUST_DIR',
  'DIRECT_TRUST_BUNDLE',
  'DIRECT_DISCOVERY',
  'DIRECT_DNS_SERVERS',
] as const;

/**
 * Sending documents to Direct addresses (ADR 0013, 0016). Two modes: 'hisp', the message handed unencrypted over
 * authenticated TLS SMTP to the facility's HISP, which signs it, finds the recipient's certificate and encrypts;
 * 'smime', the portal signs and encrypts itself, with the recipients' certificates from a folder and, given trust
 * anchors, found by DNS and LDAP as Direct's certificate discovery describes.
 */
export interface DirectConfig {
  /**
   * 'hisp' or 'smime'; loadConfig always sets it (left out, as in settings written before ADR 0016: 'smime' when a
   * certificate is given, else 'hisp'; see directConfigMode).
   */
  mode?: 'smime' | 'hisp';
  /** The facility's HISP: smtp://user:pass@host:port, or smtps:// for implicit TLS. */
  smtpUrl: string;
  /** The facility's Direct address: the envelope sender and the From of what it sends. */
  from: string;
  /** smime: the facility's Direct certificate (PEM, its chain may follow) and its key (PEM or PKCS#12). */
  certFile?: string;
  keyFile?: string;
  /** smime: the passphrase of an encrypted key (PKCS#8 ENCRYPTED PRIVATE KEY, or a PKCS#12 file). */
  keyPassphrase?: string;
  /** smime: the folder of the recipients' certificates the facility was given (PEM or DER), looked up first. */
  trustDir?: string;
  /** smime: the trust anchors (PEM bundle) a discovered certificate must chain to; no discovery without it. */
  trustBundle?: string;
  /** smime: how certificates are discovered when the folder has none (empty without a trust bundle). */
  discovery?: ('dns' | 'ldap')[];
  /** smime: the DNS servers asked for CERT and SRV records ('address' or 'address:port'); empty: the system's. */
  dnsServers?: string[];
}

/** Who signs and encrypts: the portal ('smime') or the facility's HISP ('hisp'). */
export function directConfigMode(direct: DirectConfig): 'smime' | 'hisp' {
  return direct.mode ?? (direct.certFile || direct.keyFile ? 'smime' : 'hisp');
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
  const direct = readDirect(e, env);
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
    direct,
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

type ParsedEnv = z.output<typeof EnvSchema>;

/**
 * The DIRECT_* settings, or undefined when none is set. The mode is DIRECT_MODE, else 'smime' when a certificate
 * or key is given (the settings of ADR 0013, unchanged), else 'hisp'. Each mode names what it lacks, and what it
 * does not use, so that a deployment does not start believing it encrypts when it does not.
 */
function readDirect(e: ParsedEnv, env: NodeJS.ProcessEnv): DirectConfig | undefined {
  const set = DIRECT_VARIABLES.filter((name) => e[name] !== undefined);
  if (set.length === 0) return undefined;
  const mode = e.DIRECT_MODE ?? (e.DIRECT_CERT_FILE || e.DIRECT_KEY_FILE ? 'smime' : 'hisp');
  const required =
    mode === 'smime'
      ? (['DIRECT_SMTP_URL', 'DIRECT_FROM', 'DIRECT_CERT_FILE', 'DIRECT_KEY_FILE'] as const)
      : (['DIRECT_SMTP_URL', 'DIRECT_FROM'] as const);
  const missing = required.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid environment variable ${missing.join(', ')}: required with ${set.join(', ')} ` +
        `(Direct in mode ${mode} needs ${required.join(', ')})`,
    );
  }
  if (mode === 'hisp') {
    const unused = DIRECT_SMIME_ONLY.filter((name) => e[name] !== undefined);
    if (unused.length > 0) {
      throw new ConfigError(
        `Invalid environment variable ${unused.join(', ')}: not used with DIRECT_MODE=hisp (the HISP signs, ` +
          "finds the recipients' certificates and encrypts); leave them out, or set DIRECT_MODE=smime",
      );
    }
    // The HISP signs as the facility for whoever is logged in to its account: never for an anonymous sender.
    if (e.NODE_ENV === 'production' && new URL(e.DIRECT_SMTP_URL!).username === '') {
      throw new ConfigError(
        "Invalid environment variable DIRECT_SMTP_URL: with DIRECT_MODE=hisp it must carry the HISP account's " +
          'user and password (smtps://user:password@host)',
      );
    }
  } else {
    if (!e.DIRECT_TRUST_DIR && !e.DIRECT_TRUST_BUNDLE) {
      throw new ConfigError(
        'Invalid environment variable DIRECT_TRUST_DIR, DIRECT_TRUST_BUNDLE: DIRECT_MODE=smime needs one of them ' +
          "(the recipients' certificates, or the trust anchors to discover them with)",
      );
    }
    const needsBundle = (['DIRECT_DISCOVERY', 'DIRECT_DNS_SERVERS'] as const).filter((name) => e[name] !== undefined);
    if (needsBundle.length > 0 && !e.DIRECT_TRUST_BUNDLE) {
      throw new ConfigError(
        `Invalid environment variable ${needsBundle.join(', ')}: requires DIRECT_TRUST_BUNDLE (a discovered ` +
          'certificate is used only if it chains to one of its anchors)',
      );
    }
  }
  const baseDir = env.INIT_CWD ?? process.cwd();
  const resolve = (file: string | undefined) => (file === undefined ? undefined : path.resolve(baseDir, file));
  const list = (value: string | undefined) =>
    value === undefined
      ? []
      : value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
  const common = { mode, smtpUrl: e.DIRECT_SMTP_URL!, from: e.DIRECT_FROM!.toLowerCase() };
  if (mode === 'hisp') return common;
  return {
    ...common,
    certFile: resolve(e.DIRECT_CERT_FILE)!,
    keyFile: resolve(e.DIRECT_KEY_FILE)!,
    keyPassphrase: e.DIRECT_KEY_PASSPHRASE,
    trustDir: resolve(e.DIRECT_TRUST_DIR),
    trustBundle: resolve(e.DIRECT_TRUST_BUNDLE),
    discovery: e.DIRECT_TRUST_BUNDLE
      ? ([...new Set(list(e.DIRECT_DISCOVERY ?? 'dns,ldap'))] as ('dns' | 'ldap')[])
      : [],
    dnsServers: list(e.DIRECT_DNS_SERVERS),
  };
}

/** Whether the portal can send Direct messages (the DIRECT_* settings of a mode are given). */
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
