import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { createPubSub, type PubSub as YogaPubSub } from "graphql-yoga";
import { Redis } from "ioredis";
import type { DataChange } from "../db/change-feed.ts";

// Subscriptions' events. In process by default; with REDIS_URL every API process of the deployment
// (the workers of a cluster, other containers) shares them. On Redis the channels are named under the
// deployment's REDIS_KEY_PREFIX, so deployments (or test runs) sharing one Redis never hear each other.
export type PubSubChannels = {
  serverVersion: [version: string];
  /** A write that cached reads depend on (db/read-cache.ts). */
  dataChanged: [change: DataChange];
};
export type PubSub = YogaPubSub<PubSubChannels>;

export function makePubSub(redisUrl?: string, channelPrefix = "") {
  if (!redisUrl) return { pubsub: createPubSub<PubSubChannels>(), close: async () => {} };
  // disableClientInfo avoids a known ioredis race that silently drops subscriptions (STACK-FACTS).
  const publishClient = new Redis(redisUrl, { disableClientInfo: true, lazyConnect: false });
  const subscribeClient = new Redis(redisUrl, { disableClientInfo: true, lazyConnect: false });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  const shared = createPubSub<Record<string, [unknown]>>({ eventTarget });
  const pubsub = {
    publish: (channel: string, value: unknown) => shared.publish(`${channelPrefix}${channel}`, value),
    subscribe: (channel: string) => shared.subscribe(`${channelPrefix}${channel}`),
  } as unknown as PubSub;
  return {
    pubsub,
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}
