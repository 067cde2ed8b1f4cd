import { createContext } from 'react';
import { createSocketIoConnection, type RealtimeSocketFactory } from './realtime-socket';

/**
 * Which socket factory the realtime hooks use: socket.io-client by default; tests provide a factory that
 * hands out a fake socket object.
 */
export const RealtimeSocketFactoryContext = createContext<RealtimeSocketFactory>(createSocketIoConnection);
