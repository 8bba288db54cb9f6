import { CalendarClockIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useHasPermission } from "@/lib/permissions";
import { describeMutationError } from "@/lib/use-gql-mutation";
import {
  dayLabel,
  hhmm,
  minutesOf,
  type PersonAvailability,
  useAppointmentTimeSlots,
  useAvailabilityByZone,
  useAvailabilityMaps,
  useAvailabilityMapZones,
  useChangePersonAvailability,
  usePersonAvailabilities,
  useSetAppointmentTimeSlots,
  WEEKDAYS,
  type Weekday,
} from "../api";

type Period = { weekday: Weekday; start: string; end: string; capacity?: number };

/** Rows of weekday + start + end (+ capacity for slots), added and removed freely. */
function PeriodRows({
  rows,
  onChange,
  withCapacity,
  label,
}: {
  rows: Period[];
  onChange: (rows: Period[]) => void;
  withCapacity?: boolean;
  label: string;
}) {
  const set = (i: number, patch: Partial<Period>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="grid gap-2">
      {rows.map((r, i) => (
        <fieldset key={i} className="flex flex-wrap items-end gap-2" aria-label={`${label} ${i + 1}`}>
          <FormField label="Day" className="w-28">
            {(c) => (
              <Select value={r.weekday} onValueChange={(v) => set(i, { weekday: v as Weekday })}>
                <SelectTrigger {...c} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {WEEKDAYS.map((d) => (
                    <SelectItem key={d} value={d}>
                      {dayLabel(d)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <FormField label="From" className="w-28">
            <Input type="time" value={r.start} onChange={(e) => set(i, { start: e.target.value })} />
          </FormField>
          <FormField label="To" className="w-28">
            <Input type="time" value={r.end} onChange={(e) => set(i, { end: e.target.value })} />
          </FormField>
          {withCapacity ? (
            <FormField label="Capacity" className="w-24">
              <Input
                type="number"
                min={1}
                max={100}
                value={r.capacity ?? 1}
                onChange={(e) => set(i, { capacity: Number.parseInt(e.target.value, 10) || 0 })}
              />
            </FormField>
          ) : null}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </fieldset>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => onChange([...rows, { weekday: "MONDAY", start: "09:00", end: "17:00", capacity: 1 }])}
      >
        <PlusIcon aria-hidden="true" />
        Add {label.toLowerCase()}
      </Button>
    </div>
  );
}

function EditPersonDialog({ row, onClose }: { row: PersonAvailability | null; onClose: () => void }) {
  const change = useChangePersonAvailability();
  const [weekly, setWeekly] = useState<Period[]>([]);
  const [off, setOff] = useState<{ startDate: string; endDate: string; reason: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!row) return;
    setWeekly(row.weekly.map((w) => ({ weekday: w.weekday, start: hhmm(w.startMinute), end: hhmm(w.endMinute) })));
    setOff(row.timeOff.map((t) => ({ startDate: t.startDate, endDate: t.endDate, reason: t.reason })));
    setError(null);
  }, [row]);
  if (!row) return null;
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await change.mutateQuietly({
        input: {
          personId: row.person.id,
          weekly: weekly.map((w) => ({
            weekday: w.weekday,
            startMinute: minutesOf(w.start),
            endMinute: w.end === "00:00" ? 1440 : minutesOf(w.end),
          })),
          timeOff: off.map((t) => ({ startDate: t.startDate, endDate: t.endDate || t.startDate, reason: t.reason })),
        },
      });
      onClose();
    } catch (err) {
      setError(describeMutationError(err)); // in the dialog's alert
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <form className="grid gap-4" onSubmit={save} noValidate>
          <DialogHeader>
            <DialogTitle>Availability of {row.person.fullName}</DialogTitle>
            <DialogDescription>Weekly working hours and days off, in the branch's time zone.</DialogDescription>
          </DialogHeader>
          <section className="grid gap-2" aria-label="Weekly hours">
            <h3 className="font-medium text-sm">Weekly hours</h3>
            <PeriodRows rows={weekly} onChange={setWeekly} label="Period" />
          </section>
          <section className="grid gap-2" aria-label="Time off">
            <h3 className="font-medium text-sm">Time off</h3>
            {off.map((t, i) => (
              <fieldset key={i} className="flex flex-wrap items-end gap-2" aria-label={`Time off ${i + 1}`}>
                <FormField label="First day" className="w-40">
                  <Input
                    type="date"
                    value={t.startDate}
                    onChange={(e) => setOff(off.map((x, j) => (j === i ? { ...x, startDate: e.target.value } : x)))}
                  />
                </FormField>
                <FormField label="Last day" className="w-40">
                  <Input
                    type="date"
                    value={t.endDate}
                    onChange={(e) => setOff(off.map((x, j) => (j === i ? { ...x, endDate: e.target.value } : x)))}
                  />
                </FormField>
                <FormField label="Reason" className="min-w-32 flex-1">
                  <Input
                    value={t.reason}
                    maxLength={120}
                    onChange={(e) => setOff(off.map((x, j) => (j === i ? { ...x, reason: e.target.value } : x)))}
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove time off ${i + 1}`}
                  onClick={() => setOff(off.filter((_, j) => j !== i))}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </fieldset>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => setOff([...off, { startDate: "", endDate: "", reason: "" }])}
            >
              <PlusIcon aria-hidden="true" />
              Add time off
            </Button>
          </section>
          {error ? (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              Save availability
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function summary(row: PersonAvailability) {
  if (!row.weekly.length) return "No working hours set";
  const byDay = new Map<string, string[]>();
  for (const w of row.weekly) {
    const list = byDay.get(w.weekday) ?? [];
    list.push(`${hhmm(w.startMinute)}–${hhmm(w.endMinute)}`);
    byDay.set(w.weekday, list);
  }
  return [...byDay.entries()].map(([d, t]) => `${dayLabel(d as Weekday)} ${t.join(", ")}`).join(" · ");
}

function PeopleTab() {
  const q = usePersonAvailabilities();
  const [editing, setEditing] = useState<PersonAvailability | null>(null);
  const [filter, setFilter] = useState("");
  if (q.isPending) return <Skeleton className="h-64" />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} />;
  const rows = q.data.personAvailabilities.filter((r) =>
    `${r.person.fullName} ${r.person.jobTitle}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <div className="grid grid-cols-1 gap-3">
      <Input
        type="search"
        aria-label="Filter people"
        placeholder="Filter by name or job title"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <Card className="gap-0 divide-y py-0">
        {rows.map((r) => (
          <section key={r.person.id} className="flex items-center gap-3 p-3" aria-label={r.person.fullName}>
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="font-medium text-sm">
                {r.person.fullName}{" "}
                <span className="font-normal text-muted-foreground">· {r.person.jobTitle || "—"}</span>
              </span>
              <span className="text-muted-foreground text-xs">{summary(r)}</span>
              {r.timeOff.length ? (
                <span className="flex flex-wrap gap-1">
                  {r.timeOff.map((t) => (
                    <Badge key={t.id} variant="warning">
                      Off {t.startDate}
                      {t.endDate !== t.startDate ? ` – ${t.endDate}` : ""}
                      {t.reason ? ` (${t.reason})` : ""}
                    </Badge>
                  ))}
                </span>
              ) : null}
            </div>
            <Button variant="outline" size="sm" onClick={() => setEditing(r)} aria-label={`Edit ${r.person.fullName}`}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          </section>
        ))}
      </Card>
      <EditPersonDialog row={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** Zone choice: from the territory maps when the employee may read them, else a zone id. */
function ZonePicker({ zoneId, onZone }: { zoneId: string; onZone: (id: string) => void }) {
  const has = useHasPermission();
  const canReadMaps = has("TERRITORY_MANAGEMENT") || has("MAPPING");
  const maps = useAvailabilityMaps(canReadMaps);
  const [mapId, setMapId] = useState("");
  const zones = useAvailabilityMapZones(mapId);
  useEffect(() => {
    const first = maps.data?.territoryMaps.find((m) => m.name === "Sales territories") ?? maps.data?.territoryMaps[0];
    if (!mapId && first) setMapId(first.id);
  }, [maps.data, mapId]);
  if (!canReadMaps)
    return (
      <FormField label="Zone id" description="Zones are named on the territories pages.">
        <Input value={zoneId} onChange={(e) => onZone(e.target.value.trim())} className="max-w-sm" />
      </FormField>
    );
  return (
    <div className="flex flex-wrap gap-3">
      <FormField label="Map" className="w-56">
        {(c) => (
          <Select
            value={mapId}
            onValueChange={(v) => {
              setMapId(v);
              onZone("");
            }}
          >
            <SelectTrigger {...c} className="w-full">
              <SelectValue placeholder="Choose a map…" />
            </SelectTrigger>
            <SelectContent>
              {(maps.data?.territoryMaps ?? []).map((m) => (
                <SelectItem key={m.id} value={m.id}>
                  {m.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label="Zone" className="w-56">
        {(c) => (
          <Select value={zoneId} onValueChange={onZone}>
            <SelectTrigger {...c} className="w-full">
              <SelectValue placeholder="Choose a zone…" />
            </SelectTrigger>
            <SelectContent>
              {(zones.data?.territoryMap.territoryZones ?? []).map((z) => (
                <SelectItem key={z.id} value={z.id}>
                  {z.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
    </div>
  );
}

function SlotsTab({ zoneId, onZone }: { zoneId: string; onZone: (id: string) => void }) {
  const slots = useAppointmentTimeSlots(zoneId);
  const days = useAvailabilityByZone(zoneId);
  const save = useSetAppointmentTimeSlots();
  const [rows, setRows] = useState<Period[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRows(
      (slots.data?.appointmentTimeSlots ?? []).map((s) => ({
        weekday: s.weekday,
        start: hhmm(s.startMinute),
        end: hhmm(s.endMinute),
        capacity: s.capacity,
      })),
    );
    setError(null);
  }, [slots.data]);
  const submit = async () => {
    try {
      await save.mutateQuietly({
        input: {
          zoneId,
          slots: rows.map((s) => ({
            weekday: s.weekday,
            startMinute: minutesOf(s.start),
            endMinute: s.end === "00:00" ? 1440 : minutesOf(s.end),
            capacity: s.capacity ?? 1,
          })),
        },
      });
      setError(null);
    } catch (err) {
      setError(describeMutationError(err)); // in the card's alert
    }
  };
  return (
    <div className="grid grid-cols-1 gap-4">
      <ZonePicker zoneId={zoneId} onZone={onZone} />
      {!zoneId ? (
        <EmptyState
          icon={<CalendarClockIcon aria-hidden="true" />}
          title="Choose a zone"
          description="Each zone has its own weekly appointment windows that lead forms offer."
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Weekly slots</h2>
              </CardTitle>
              <CardDescription>Capacity: how many appointments one window takes.</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-3">
              {slots.isPending ? (
                <Skeleton className="h-24" />
              ) : (
                <PeriodRows rows={rows} onChange={setRows} withCapacity label="Slot" />
              )}
              {error ? (
                <Alert variant="destructive">
                  <AlertDescription>{error}</AlertDescription>
                </Alert>
              ) : null}
              <Button className="w-fit" onClick={submit} disabled={save.isPending}>
                Save slots
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Next two weeks</h2>
              </CardTitle>
              <CardDescription>Open windows per day, and how many people work then.</CardDescription>
            </CardHeader>
            <CardContent>
              {days.isPending ? (
                <Skeleton className="h-40" />
              ) : (
                <ul className="grid gap-2" aria-label="Availability by day">
                  {(days.data?.availabilityByZone ?? []).map((d) => (
                    <li key={d.date} className="grid gap-1 sm:grid-cols-[7rem_1fr]">
                      <span className="font-medium text-sm">
                        {dayLabel(d.weekday)} {d.date.slice(5)}
                      </span>
                      <span className="flex flex-wrap gap-1">
                        {d.slots.length === 0 ? <span className="text-muted-foreground text-xs">No slots</span> : null}
                        {d.slots.map((s) => (
                          <Badge key={s.startMinute} variant={s.availablePersons > 0 ? "secondary" : "outline"}>
                            {hhmm(s.startMinute)}–{hhmm(s.endMinute)} · {s.available} open · {s.availablePersons} staff
                          </Badge>
                        ))}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}

/** team/availability: people's weekly hours and time off; appointment slots per zone. */
export default function AvailabilityPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const tab = params.get("tab") === "slots" ? "slots" : "people";
  const zoneId = params.get("zone") ?? "";
  const go = (patch: Record<string, string>) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) v ? p.set(k, v) : p.delete(k);
    navigate(`${location}?${p}`, { replace: true });
  };
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Availability" />
      <PageHeader title="Availability" description="Who works when, and the appointment windows each zone offers." />
      <Tabs value={tab} onValueChange={(t) => go({ tab: t })} className="min-w-0">
        <TabsList>
          <TabsTrigger value="people">People</TabsTrigger>
          <TabsTrigger value="slots">Appointment slots</TabsTrigger>
        </TabsList>
        <TabsContent value="people" className="pt-2">
          <PeopleTab />
        </TabsContent>
        <TabsContent value="slots" className="pt-2">
          <SlotsTab zoneId={zoneId} onZone={(zone) => go({ zone, tab: "slots" })} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
