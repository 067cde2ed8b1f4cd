import type { INestApplicationContext } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { MessagingConnection } from '../messaging-connection';

type Check = () => void | Promise<void>;

/** The checks of a NATS service's pod (the shape of @tiredash/runtime's ServiceHealth, served by runService). */
export interface PodHealth {
  live: Record<string, Check>;
  ready: Record<string, Check>;
}

/**
 * A NATS service's own health, never the other services':
 * - live: its NATS connections are not closed for good (they reconnect forever, so only a shutdown closes them);
 * - ready: its database pool answers SELECT 1, its JetStream connection and (for a microservice) its RPC
 *   connection are connected.
 */
export function natsServiceHealth(app: INestApplicationContext & { status?: Observable<string> }): PodHealth {
  const messaging = app.get(MessagingConnection, { strict: false });
  let dataSource: DataSource | undefined;
  try {
    dataSource = app.get(DataSource, { strict: false });
  } catch {
    dataSource = undefined;
  }
  // Nest's NATS transport reports connected / disconnected / reconnecting for the connection that serves commands.
  let rpc = 'connected';
  app.status?.subscribe((s) => (rpc = s));

  const natsLive: Check = () => {
    if (messaging.natsState === 'closed') throw new Error('NATS connection closed');
  };
  const ready: Record<string, Check> = {
    nats: () => {
      if (messaging.natsState !== 'connected') throw new Error(`NATS ${messaging.natsState}`);
    },
  };
  if (app.status) {
    ready['nats-rpc'] = () => {
      if (rpc !== 'connected') throw new Error(`NATS (commands) ${rpc}`);
    };
  }
  if (dataSource) {
    const ds = dataSource;
    ready.database = async () => {
      await ds.query('SELECT 1');
    };
  }
  return { live: { nats: natsLive }, ready };
}
