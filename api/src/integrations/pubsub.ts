import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { createPubSub } from "graphql-yoga";
import { Redis } from "ioredis";
import type { DataChange } from "../db/change-feed.ts";

// Subscriptions' events. In process by default; with REDIS_URL every API container shares them.
export type PubSubChannels = {
  serverVersion: [version: string];
  /** A write that cached reads depend on (db/read-cache.ts). */
  dataChanged: [change: DataChange];
};

export function makePubSub(redisUrl?: string) {
  if (!redisUrl) return { pubsub: createPubSub<PubSubChannels>(), close: async () => {} };
  // disableClientInfo avoids a known ioredis race that silently drops subscriptions (STACK-FACTS).
  const publishClient = new Redis(redisUrl, { disableClientInfo: true, lazyConnect: false });
  const subscribeClient = new Redis(redisUrl, { disableClientInfo: true, lazyConnect: false });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  return {
    pubsub: createPubSub<PubSubChannels>({ eventTarget }),
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}

export type PubSub = ReturnType<typeof makePubSub>["pubsub"];
