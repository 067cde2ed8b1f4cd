import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { MessagingConnection } from '@tiredash/messaging';
import { RedisClients } from '../common/redis-clients';
import { JetStreamFanout } from '../fanout/jetstream-fanout.service';
import { LocationStream, type LocationStats } from '../sockets/location-stream.service';
import { SocketServer } from '../sockets/socket-server.service';

export interface RealtimeHealth {
  status: 'ok';
  service: 'realtime';
  sockets: number;
  consumers: string[];
  /** Live location points forwarded and dropped (by reason) on this node since start. */
  locations: LocationStats;
}

/** GET /health (the gateway's /ready asks it through REALTIME_URL): 200 when NATS and Redis are usable, else 503. */
@Controller()
export class HealthController {
  constructor(
    private readonly sockets: SocketServer,
    private readonly redis: RedisClients,
    private readonly messaging: MessagingConnection,
    private readonly fanout: JetStreamFanout,
    private readonly locations: LocationStream,
  ) {}

  @Get('health')
  health(): RealtimeHealth {
    const problems: string[] = [];
    if (this.sockets.isClosing) problems.push('shutting down');
    if (!this.redis.ready) problems.push('redis not connected');
    if (this.messaging.connection.isClosed()) problems.push('nats closed');
    if (problems.length > 0) {
      throw new HttpException({ status: 'unavailable', service: 'realtime', problems }, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return { status: 'ok', service: 'realtime', sockets: this.sockets.io.engine.clientsCount, consumers: this.fanout.consumers, locations: this.locations.stats };
  }
}
