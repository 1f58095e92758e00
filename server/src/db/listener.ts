import pg from 'pg';

/** Waits between attempts to listen again: doubles from the first to the last, then stays. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;
/** TCP keep-alive on database connections, so a peer that vanished silently is noticed too. */
export const KEEP_ALIVE_DELAY_MS = 10_000;

export type PostgresListenerOptions = {
  url: string;
  channel: string;
  /** Names the connection in pg_stat_activity (operators and tests find it by this). */
  applicationName: string;
  connectionTimeoutMillis: number;
  onMessage: (payload: string) => void;
  /**
   * Called each time the subscription is made again after its connection was lost: whatever was
   * notified meanwhile was missed.
   */
  onReconnect: () => void;
};

export type PostgresListener = {
  /** Stops listening and reconnecting; closes the connection. */
  stop(): Promise<void>;
};

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries) that comes
 * back by itself: when the connection ends for any reason (the server restarted, an admin or a
 * proxy cut it, the network failed), it connects and listens again with back-off until stopped.
 * Resolves once the first subscription is made; rejects if that first attempt fails.
 */
export async function listenWithReconnect(
  options: PostgresListenerOptions,
): Promise<PostgresListener> {
  let current: pg.Client | undefined;
  let stopped = false;
  let attempts = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  async function subscribe(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.url,
      application_name: options.applicationName,
      connectionTimeoutMillis: options.connectionTimeoutMillis,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    });
    // pg emits 'error' and then 'end' for a lost connection; either one starts the way back
    // (once the client is `current`: a failed attempt is retried by whoever made it).
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === options.channel) options.onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(options.channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    current = client;
  }

  function lost(client: pg.Client): void {
    if (current !== client) return;
    current = undefined;
    void client.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (stopped || retryTimer) return;
    const delay = Math.min(RECONNECT_FIRST_MS * 2 ** attempts, RECONNECT_MAX_MS);
    attempts += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connecting = reconnect().finally(() => {
        connecting = undefined;
      });
    }, delay);
    // The server's sockets keep the process alive; a retry alone must not.
    retryTimer.unref();
  }

  async function reconnect(): Promise<void> {
    if (stopped) return;
    try {
      await subscribe();
    } catch {
      scheduleReconnect();
      return;
    }
    // stop() waits for this attempt, then closes what it opened.
    if (stopped) return;
    attempts = 0;
    options.onReconnect();
  }

  await subscribe();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await connecting;
      const client = current;
      current = undefined;
      // A connection that broke as it was being closed is closed all the same.
      await client?.end().catch(() => {});
    },
  };
}
