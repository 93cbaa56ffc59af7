import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A tiny HTTP SMS gateway on 127.0.0.1 for tests: it keeps each form POST it receives and answers 201, or the
// status a test asks for.

export interface ReceivedSms {
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface TestSmsGateway {
  url: string;
  received: ReceivedSms[];
  /** The status the next requests get (201 by default). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

export async function startTestSmsGateway(): Promise<TestSmsGateway> {
  const received: ReceivedSms[] = [];
  let status = 201;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/2010-04-01/Accounts/AC1/Messages.json`,
    received,
    answerWith: (next) => (status = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
