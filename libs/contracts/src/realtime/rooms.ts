/**
 * Socket.IO room names. A socket joins `user:<userId>` from its verified token, a provider also
 * `provider:<businessId>` (its business looked up from identity), and `request:<requestId>` only
 * after the requests service confirmed it is a party to the request. Never from a payload alone.
 */
export const socketRooms = {
  user: (userId: string): string => `user:${userId}`,
  provider: (businessId: string): string => `provider:${businessId}`,
  request: (requestId: string): string => `request:${requestId}`,
  /** Every admin's sockets (admin notifications: reported problems). */
  admins: (): string => 'admins',
} as const;

/** The Socket.IO path, on the realtime service and proxied by the gateway (one origin for the SPA). */
export const SOCKET_IO_PATH = '/socket.io';
