import { lazy, Suspense, useRef } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useThemeMode } from "@/lib/preferences";
import { useSeen } from "@/lib/use-seen";
import { type LeadDetail, useLeadBasemap } from "./api";

const LeadMap = lazy(() => import("./lead-map"));

const CONFIDENCE: Record<string, string> = {
  UNKNOWN: "unknown accuracy",
  LOW: "approximate",
  HIGH: "at the address",
  SET_BY_USER: "placed by hand",
};

/**
 * Where the lead is: its address, its zone of the lead map, and a pin when it has coordinates. The map
 * (MapLibre and, on the offline basemap, about 1 MB of shapes) loads once the card comes into view: on a
 * phone it is at the bottom of the page.
 */
export function LeadLocationCard({ lead }: { lead: LeadDetail }) {
  const placed = lead.latitude != null && lead.longitude != null;
  const card = useRef<HTMLDivElement>(null);
  const seen = useSeen(card);
  const basemap = useLeadBasemap(placed && seen);
  const [theme] = useThemeMode();
  const address = [lead.address, lead.city, [lead.stateCode, lead.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return (
    <Card ref={card}>
      <CardHeader>
        <CardTitle asChild>
          <h2>Location</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Address</dt>
          <dd>{address || "None given"}</dd>
          <dt className="text-muted-foreground">Zone</dt>
          <dd>{lead.zoneName ?? "Not in a zone of the lead map"}</dd>
        </dl>
        {placed && basemap.data ? (
          <Suspense fallback={<Skeleton className="h-56 w-full sm:h-64" />}>
            <LeadMap
              latitude={lead.latitude!}
              longitude={lead.longitude!}
              basemap={basemap.data.leadBasemap}
              dark={theme === "dark"}
              label={`Map: lead #${lead.number} at ${lead.latitude?.toFixed(5)}, ${lead.longitude?.toFixed(5)} (${CONFIDENCE[lead.geocodeConfidence] ?? "unknown accuracy"})`}
            />
          </Suspense>
        ) : placed ? (
          <Skeleton className="h-56 w-full sm:h-64" />
        ) : (
          <p className="text-muted-foreground">Not on the map: the lead has no coordinates.</p>
        )}
      </CardContent>
    </Card>
  );
}
