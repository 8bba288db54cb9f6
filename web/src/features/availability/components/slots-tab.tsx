import { CalendarClockIcon } from "lucide-react";
import { useEffect } from "react";
import { FormCard, useZodForm } from "@/components/form";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import {
  dayLabel,
  hhmm,
  minutesOf,
  useAppointmentTimeSlots,
  useAvailabilityByZone,
  useSetAppointmentTimeSlots,
} from "../api";
import { type SlotsValues, slotsSchema } from "../schema";
import { endMinuteOf } from "./edit-person-dialog";
import { PeriodRows } from "./period-rows";
import { ZonePicker } from "./zone-picker";

/** The zone's weekly appointment windows (a form) beside what the next two weeks offer. */
export function SlotsTab({ zoneId, onZone }: { zoneId: string; onZone: (id: string) => void }) {
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
          <SlotsForm zoneId={zoneId} />
          <NextTwoWeeks zoneId={zoneId} />
        </div>
      )}
    </div>
  );
}

function SlotsForm({ zoneId }: { zoneId: string }) {
  const slots = useAppointmentTimeSlots(zoneId);
  const save = useSetAppointmentTimeSlots();
  const form = useZodForm(slotsSchema, { slots: [] });
  useEffect(() => {
    form.reset({
      slots: (slots.data?.appointmentTimeSlots ?? []).map((s) => ({
        weekday: s.weekday,
        start: hhmm(s.startMinute),
        end: hhmm(s.endMinute),
        capacity: s.capacity,
      })),
    } satisfies SlotsValues);
  }, [slots.data, form]);
  return (
    <FormCard
      form={form}
      title="Weekly slots"
      description="Capacity: how many appointments one window takes."
      submitLabel="Save slots"
      pending={save.isPending}
      onSubmit={(values) =>
        save.mutateQuietly({
          input: {
            zoneId,
            slots: values.slots.map((s) => ({
              weekday: s.weekday,
              startMinute: minutesOf(s.start),
              endMinute: endMinuteOf(s.end),
              capacity: s.capacity,
            })),
          },
        })
      }
    >
      {slots.isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <PeriodRows form={form} name="slots" withCapacity label="Slot" />
      )}
    </FormCard>
  );
}

function NextTwoWeeks({ zoneId }: { zoneId: string }) {
  const days = useAvailabilityByZone(zoneId);
  return (
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
  );
}
