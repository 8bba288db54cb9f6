import type { TadaDocumentNode } from "gql.tada";
import { useEffect } from "react";
import { toast } from "sonner";
import { documentInfo, graphql } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { wsClient } from "@/lib/subscriptions";

/** The version of this client build; the server announces its own over `onVersion`. */
export const APP_VERSION = "1.2.1061";

export const VersionQuery = graphql(`
  query Version {
    version
  }
`);

export const OnVersionSubscription = graphql(`
  subscription OnVersion {
    onVersion
  }
`);

/** The server's version (shown in the admin top bar). */
export function useServerVersion() {
  const query = useGqlQuery(VersionQuery);
  return { ...query, version: query.data?.version ?? null };
}

export const VERSION_MISMATCH_MESSAGE = "This application was updated. Please reload the page to get the new version.";
const VERSION_TOAST_ID = "app-version-mismatch";

/**
 * Listens to the live server version; when it differs from this build's, a persistent notice offers
 * Reload and Dismiss.
 */
export function useWatchVersion(clientVersion = APP_VERSION) {
  useEffect(() => {
    const { query, operationName } = documentInfo(OnVersionSubscription as TadaDocumentNode<unknown, unknown>);
    let dismissed: string | null = null;
    const unsubscribe = wsClient().subscribe<{ onVersion: string }>(
      { query, operationName },
      {
        next: (result) => {
          const serverVersion = result.data?.onVersion;
          if (!serverVersion || serverVersion === clientVersion || serverVersion === dismissed) return;
          toast.info(VERSION_MISMATCH_MESSAGE, {
            id: VERSION_TOAST_ID,
            duration: Number.POSITIVE_INFINITY,
            closeButton: false,
            action: { label: "Reload", onClick: () => window.location.reload() },
            cancel: {
              label: "Dismiss",
              onClick: () => {
                dismissed = serverVersion;
              },
            },
          });
        },
        error: () => {
          // Fatal close codes end the subscription (lib/subscriptions.ts); the app keeps working.
        },
        complete: () => {},
      },
    );
    return unsubscribe;
  }, [clientVersion]);
}
