/** The service name: NATS queue group of every subscription, durable name prefix. */
export const SERVICE_NAME = 'dispatch';
export const SERVICE_QUEUE = SERVICE_NAME;
