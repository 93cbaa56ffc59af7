import type { FastifyServerOptions } from 'fastify';

// Query parameters that carry credentials or identity (download tokens, link ids, PINs).
const SECRET_QUERY_PARAMS = /([?&](?:token|access_token|refresh_token|data|pin|u|id|ptId|password)=)[^&]*/gi;

// Path segments that carry secrets: an invitation's PIN and token, an email confirmation token.
const SECRET_PATH_SEGMENTS: [RegExp, string][] = [
  [/(\/verifyInvitationToken\/)[^/?]+\/[^/?]+/i, '$1[REDACTED]/[REDACTED]'],
  [/(\/validateuser\/)[^/?]+/i, '$1[REDACTED]'],
];

export function redactUrl(url: string): string {
  let redacted = url.replace(SECRET_QUERY_PARAMS, '$1[REDACTED]');
  for (const [pattern, replacement] of SECRET_PATH_SEGMENTS) redacted = redacted.replace(pattern, replacement);
  return redacted;
}

/** pino options: JSON lines with request ids; secrets and health data never reach the log. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["link-data"]',
        'req.headers["last-name"]',
        'req.headers["birth-date"]',
        'req.headers["sso-id"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.oldPassword',
        '*.newPassword',
        '*.confirmPassword',
        '*.ssn',
        '*.pin',
        '*.access_token',
        '*.refresh_token',
        '*.token',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; headers: Record<string, unknown> }) => ({
        method: req.method,
        url: redactUrl(req.url),
        id: req.id,
        portalType: req.headers['portal-type'],
        userAgent: req.headers['user-agent'],
      }),
    },
  };
}
