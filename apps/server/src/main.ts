import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, resolveAppSecret } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { createSmtpTransport, MailSender } from './platform/mail/sender';
import { WebhookDeliverer } from './modules/integration/webhooks.service';
import { outboundUrlPolicy } from './platform/http/outbound-url';
import { noticesJob } from './modules/notifications/notices.job';
import { remindersJob } from './modules/notifications/reminders.job';
import { Scheduler } from './platform/scheduler/scheduler';
import { createHttpSmsGateway } from './platform/sms/gateway';
import { SmsSender } from './platform/sms/sender';
import { prepareDatabase } from './startup';

// Reads config, opens the database, migrates, listens, and shuts down gracefully; nothing else.
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  resolveAppSecret(config);
  const database = await openDatabase(config, (err) => log.warn({ err: err.message }, 'database connection lost'));
  // The demo facility is seeded on an empty database when DEMO_DATA allows it (outside production by default).
  await prepareDatabase(database, config, log, { seed: true });
  const app = await buildApp({ config, database });

  const sender = config.smtpUrl
    ? new MailSender({
        db: database.db,
        transport: createSmtpTransport(config.smtpUrl, {
          allowPlaintextAuthOnLoopback: config.env === 'development',
        }),
        from: config.mailFrom,
        log: app.log,
      })
    : undefined;
  sender?.start();
  // Mail a request queued goes out as soon as its transaction commits, not at the next poll.
  app.deps.outbox.onQueued(() => sender?.kick());
  const webhooks = new WebhookDeliverer({
    db: database.db,
    openSecret: (sealed) => app.deps.sealedTokens.openSecret(sealed),
    log: app.log,
    outboundUrls: outboundUrlPolicy(config),
  });
  webhooks.start();

  // Texts go to the SMS gateway when SMS_URL is set; outside production without it they wait in /dev/sms.
  const smsSender = config.sms
    ? new SmsSender({
        db: database.db,
        gateway: createHttpSmsGateway({ url: config.sms.url, from: config.sms.from, token: config.sms.token }),
        countryCode: config.sms.countryCode,
        log: app.log,
      })
    : undefined;
  smsSender?.start();
  app.deps.smsOutbox.onQueued(() => smsSender?.kick());
  // Reminders, digests and the immediate notices the intakes record, each job on one instance at a time.
  const senders = {
    outbox: app.deps.outbox,
    smsOutbox: app.deps.smsOutbox,
    links: config,
    canSendMail: !(config.env === 'production' && !config.smtpUrl),
    canSendSms: !(config.env === 'production' && !config.sms),
  };
  const tellSenders = () => {
    app.deps.outbox.notifyQueued();
    app.deps.smsOutbox.notifyQueued();
  };
  const jobOptions = { db: database.db, senders, log: app.log, onQueued: tellSenders };
  const scheduler = new Scheduler({
    db: database.db,
    jobs: [noticesJob(jobOptions), remindersJob(jobOptions)],
    log: app.log,
    tickMs: 5_000,
  });
  scheduler.start();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs);
    force.unref();
    await app.close();
    await scheduler.stop();
    await sender?.stop();
    await smsSender?.stop();
    await webhooks.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  app.log.info(`Patient portal ready at http://${shown}:${config.port}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
