// Health probe for services that only speak NATS (no HTTP port): sends the service's ping command the
// way @nestjs/microservices' NATS client does and exits 0 when it answers without an error.
// Usage: node /app/nats-ping.cjs <subject>   (NATS_URL, NATS_NAMESPACE, NATS_USER and NATS_PASSWORD from the environment:
// the service's own credentials; its user may send its own ping and reads replies on its own inbox prefix)
'use strict';
const { randomUUID } = require('node:crypto');
const { connect, JSONCodec } = require('nats');

async function main() {
  const subject = process.argv[2] || process.env.PING_SUBJECT;
  if (!subject) throw new Error('usage: nats-ping.cjs <subject>');
  const namespace = process.env.NATS_NAMESPACE || '';
  const codec = JSONCodec();
  const service = subject.split('.')[0];
  const pass = process.env.NATS_PASSWORD || '';
  const user = process.env.NATS_USER || service;
  const auth = pass ? { user, pass, inboxPrefix: `_INBOX_${user}` } : {};
  const nc = await connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222', timeout: 2000, ...auth });
  try {
    const msg = await nc.request(
      namespace ? `${namespace}.${subject}` : subject,
      codec.encode({ pattern: subject, data: {}, id: randomUUID() }),
      { timeout: 2000 },
    );
    const reply = codec.decode(msg.data);
    if (reply && reply.err) throw new Error(`${subject} answered with an error: ${JSON.stringify(reply.err)}`);
  } finally {
    await nc.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err && err.message ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
