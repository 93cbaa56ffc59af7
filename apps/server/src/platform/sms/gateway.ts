// The HTTP SMS gateway (SMS_URL): one form POST per text, in the shape of Twilio's Messages API, which most
// providers and self-hosted gateways accept or mirror: To, From and Body as application/x-www-form-urlencoded,
// the account's credentials as HTTP Basic (user:password in SMS_URL) or a bearer token (SMS_TOKEN). Any 2xx is
// delivered to the gateway; anything else is an SmsGatewayError the sender retries.

export interface SmsGatewayMessage {
  /** E.164 (+15555550123). */
  to: string;
  body: string;
}

/** The part of a gateway the sender uses (tests may pass a fake). */
export interface SmsGateway {
  send(message: SmsGatewayMessage): Promise<void>;
}

export interface HttpSmsGatewayOptions {
  /** The send endpoint; user:password in it become a Basic credential and are not sent in the URL. */
  url: string;
  /** The From number or sender id the account may use. */
  from: string;
  /** A bearer token, for gateways that take one instead of Basic credentials. */
  token?: string;
  timeoutMs?: number;
}

export class SmsGatewayError extends Error {
  override name = 'SmsGatewayError';
  /** The HTTP status, or undefined when the gateway could not be reached. */
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code?: string,
  ) {
    super(message);
  }

  /** The gateway is down, refuses the account or asks us to slow down: the other texts would fail the same way. */
  get serverProblem(): boolean {
    return this.status === undefined || this.status >= 500 || this.status === 429 || this.status === 401;
  }
}

export function createHttpSmsGateway(options: HttpSmsGatewayOptions): SmsGateway {
  const url = new URL(options.url);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    // fetch refuses a URL with credentials in it; they travel in the header only.
    url.username = '';
    url.password = '';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const endpoint = url.toString();
  const timeoutMs = options.timeoutMs ?? 15_000;

  return {
    async send(message) {
      const body = new URLSearchParams({ To: message.to, From: options.from, Body: message.body });
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers,
          body: body.toString(),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const cause = (err as { cause?: { code?: unknown } }).cause;
        const code = typeof cause?.code === 'string' ? cause.code : (err as Error).name;
        throw new SmsGatewayError(`the SMS gateway could not be reached (${code})`, undefined, code);
      }
      // The body may echo the number and text: it is read (to free the socket) but never kept.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SmsGatewayError(`the SMS gateway answered ${response.status}`, response.status);
    },
  };
}

/**
 * The number as the gateway takes it (E.164): a stored number with a leading + is sent as it is; ten digits (the
 * settings page's form) get the country code SMS_COUNTRY_CODE; other digits get a + only.
 */
export function toE164(number: string, countryCode: string): string {
  if (number.startsWith('+')) return number;
  if (number.length === 10) return `+${countryCode}${number}`;
  return `+${number}`;
}
