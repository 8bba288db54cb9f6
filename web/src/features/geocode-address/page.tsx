import { ArrowLeftIcon, MapPinIcon, SaveIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { ListPage } from "@/components/data-list/list-page";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useThemeMode } from "@/lib/preferences";
import { useGeocodeAddress, useSetGeocodeAddress } from "./api";
import type { Point } from "./pin-map";

const PinMap = lazy(() => import("./pin-map"));

const CONFIDENCE: Record<string, string> = {
  HIGH: "Found by the geocoder",
  LOW: "Found roughly by the geocoder",
  SET_BY_USER: "Placed by hand",
  UNKNOWN: "Not placed yet",
};
const fixed = (n: number) => String(Math.round(n * 1e6) / 1e6);

/**
 * team/geocode-address/{customerId}/{addressId}: put a service address where it really is, by
 * clicking the map or dragging its pin (or typing the coordinates), then save: the point is kept with
 * confidence "set by user" and the address joins the zone it lies in on every territory map.
 */
export default function GeocodeAddressPage() {
  const params = useParams<{ customerId: string; addressId: string }>();
  const query = useGeocodeAddress(params.customerId ?? "", params.addressId ?? "");
  const address = query.data?.geocodeAddress;
  const save = useSetGeocodeAddress();
  const [themeMode] = useThemeMode();
  const [point, setPoint] = useState<Point | null>(null);
  const [typed, setTyped] = useState({ latitude: "", longitude: "" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: start again from the stored point when it changes
  useEffect(() => {
    if (!address) return;
    const p =
      address.latitude !== null && address.longitude !== null
        ? { latitude: address.latitude, longitude: address.longitude }
        : null;
    setPoint(p);
    setTyped(p ? { latitude: fixed(p.latitude), longitude: fixed(p.longitude) } : { latitude: "", longitude: "" });
  }, [address?.latitude, address?.longitude, address?.addressId]);
  const move = (p: Point) => {
    setPoint(p);
    setTyped({ latitude: fixed(p.latitude), longitude: fixed(p.longitude) });
  };
  const lat = Number(typed.latitude);
  const lng = Number(typed.longitude);
  const valid = typed.latitude !== "" && typed.longitude !== "" && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  const changed = valid && (lat !== address?.latitude || lng !== address?.longitude);
  const dark = themeMode === "dark";
  return (
    <ListPage
      documentTitle="Geocode address"
      title="Place the address on the map"
      description={address ? `${address.label} · account ${address.accountNumber}` : "Loading the address…"}
      actions={
        <Button variant="outline" asChild>
          <Link href="/team/my-work">
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Link>
        </Button>
      }
    >
      {query.isError ? <p role="alert">{query.error.message}</p> : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[1fr_20rem]">
        {address ? (
          <Suspense fallback={<Skeleton className="h-[420px] w-full md:h-[520px]" />}>
            <PinMap
              point={point}
              basemap={{ styleUrl: address.mapStyleUrl, pmtilesUrl: address.mapPmtilesUrl }}
              dark={dark}
              onMove={move}
            />
          </Suspense>
        ) : (
          <Skeleton className="h-[420px] w-full md:h-[520px]" />
        )}
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Where it is</h2>
            </CardTitle>
            <CardDescription>Click the map or drag the pin; or type the coordinates.</CardDescription>
          </CardHeader>
          <CardContent>
            <form
              className="grid gap-4"
              aria-label="Where it is"
              onSubmit={(e) => {
                e.preventDefault();
                if (!valid || !address) return;
                save.run({
                  customerId: address.customerId,
                  addressId: address.addressId,
                  latitude: lat,
                  longitude: lng,
                });
              }}
            >
              {address ? (
                <span className="flex items-center gap-2 text-sm">
                  <MapPinIcon aria-hidden="true" className="size-4" />
                  <Badge variant={address.geocodeConfidence === "SET_BY_USER" ? "default" : "secondary"}>
                    {CONFIDENCE[address.geocodeConfidence] ?? address.geocodeConfidence}
                  </Badge>
                </span>
              ) : null}
              <FormField
                label="Latitude"
                error={typed.latitude && Math.abs(lat) > 90 ? "Latitude must be between -90 and 90." : undefined}
              >
                <Input
                  inputMode="decimal"
                  value={typed.latitude}
                  onChange={(e) => setTyped((t) => ({ ...t, latitude: e.target.value }))}
                  onBlur={() => valid && setPoint({ latitude: lat, longitude: lng })}
                />
              </FormField>
              <FormField
                label="Longitude"
                error={typed.longitude && Math.abs(lng) > 180 ? "Longitude must be between -180 and 180." : undefined}
              >
                <Input
                  inputMode="decimal"
                  value={typed.longitude}
                  onChange={(e) => setTyped((t) => ({ ...t, longitude: e.target.value }))}
                  onBlur={() => valid && setPoint({ latitude: lat, longitude: lng })}
                />
              </FormField>
              <Button type="submit" disabled={!changed || save.isPending}>
                <SaveIcon aria-hidden="true" />
                Save location
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </ListPage>
  );
}
