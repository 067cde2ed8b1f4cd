import { connect } from 'nats';
import { uniqueToken } from './names';

/**
 * A unique namespace token (letters, digits, underscore) for `MessagingModule.forRoot({ namespace })`:
 * subjects become `<ns>.<subject>` and streams `<ns>_<NAME>`, so test files never see each other's
 * messages or streams.
 */
export function testNamespace(label?: string): string {
  return uniqueToken('t', label, 40);
}

/** Deletes every JetStream stream created under the namespace (`<ns>_*`). Returns the deleted names. */
export async function cleanupNamespace(natsUrl: string, namespace: string): Promise<string[]> {
  if (!/^[A-Za-z0-9_]+$/.test(namespace)) throw new Error(`Not a test namespace: "${namespace}"`);
  const nc = await connect({ servers: natsUrl, name: `cleanup-${namespace}` });
  try {
    const jsm = await nc.jetstreamManager();
    const deleted: string[] = [];
    for await (const info of jsm.streams.list()) {
      if (info.config.name.startsWith(`${namespace}_`)) {
        await jsm.streams.delete(info.config.name);
        deleted.push(info.config.name);
      }
    }
    return deleted;
  } finally {
    await nc.close();
  }
}
