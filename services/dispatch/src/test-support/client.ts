import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AnyEventDef, EventPayload } from '@tiredash/contracts';
import { EventPublisher, MessagingClient, MessagingConnection, MessagingModule } from '@tiredash/messaging';

@Module({})
class TestClientModule {}

/** The callers' side of the wire on a namespace: request-reply, JetStream publishing (as requests' relay) and core NATS. */
export interface DispatchTestClient {
  client: MessagingClient;
  connection: MessagingConnection;
  publish<E extends AnyEventDef>(def: E, payload: EventPayload<E>): Promise<string>;
  close(): Promise<void>;
}

export async function createDispatchTestClient(env: { natsUrl: string; namespace: string }): Promise<DispatchTestClient> {
  const context: INestApplicationContext = await NestFactory.createApplicationContext(
    {
      module: TestClientModule,
      imports: [MessagingModule.forRoot({ serviceName: 'dispatch-test-client', natsUrl: env.natsUrl, namespace: env.namespace, streams: ['REQUESTS'] })],
    },
    { logger: false },
  );
  return {
    client: context.get(MessagingClient),
    connection: context.get(MessagingConnection),
    publish: async (def, payload) => {
      const id = randomUUID();
      await context.get(EventPublisher).publishRaw(def.subject, { id, subject: def.subject, occurredAt: new Date().toISOString(), payload });
      return id;
    },
    close: () => context.close(),
  };
}
