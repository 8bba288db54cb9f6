import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// Team availability: person availabilities and their change; appointment time slots,
// availability by zone, set slots. Zones come from the territories module's maps.

export const PersonAvailabilitiesQuery = graphql(`
  query PersonAvailabilities {
    personAvailabilities {
      person {
        id
        fullName
        jobTitle
      }
      weekly {
        weekday
        startMinute
        endMinute
      }
      timeOff {
        id
        startDate
        endDate
        reason
      }
    }
  }
`);
export type PersonAvailability = ResultOf<typeof PersonAvailabilitiesQuery>["personAvailabilities"][number];
export type Weekday = PersonAvailability["weekly"][number]["weekday"];

export const ChangePersonAvailabilityMutation = graphql(`
  mutation ChangePersonAvailability($input: ChangePersonAvailabilityInput!) {
    changePersonAvailability(input: $input) {
      isSuccess
      message
    }
  }
`);
export type ChangeAvailabilityInput = VariablesOf<typeof ChangePersonAvailabilityMutation>["input"];

export const AppointmentTimeSlotsQuery = graphql(`
  query AppointmentTimeSlots($zoneId: String!) {
    appointmentTimeSlots(zoneId: $zoneId) {
      id
      weekday
      startMinute
      endMinute
      capacity
    }
  }
`);

export const SetAppointmentTimeSlotsMutation = graphql(`
  mutation SetAppointmentTimeSlots($input: SetAppointmentTimeSlotsInput!) {
    setAppointmentTimeSlots(input: $input) {
      isSuccess
      message
    }
  }
`);

export const AvailabilityByZoneQuery = graphql(`
  query AvailabilityByZone($zoneId: String!, $days: Int) {
    availabilityByZone(zoneId: $zoneId, days: $days) {
      date
      weekday
      slots {
        startMinute
        endMinute
        capacity
        available
        availablePersons
      }
    }
  }
`);

export const AvailabilityMapsQuery = graphql(`
  query AvailabilityMaps {
    territoryMaps {
      id
      name
    }
  }
`);
export const AvailabilityMapZonesQuery = graphql(`
  query AvailabilityMapZones($mapId: ID!) {
    territoryMap(mapId: $mapId) {
      id
      territoryZones {
        id
        name
      }
    }
  }
`);

export const usePersonAvailabilities = () => useGqlQuery(PersonAvailabilitiesQuery, {});
// Mutations show the server's message and refresh the availability queries.
const AVAILABILITY_QUERIES = ["PersonAvailabilities", "AppointmentTimeSlots", "AvailabilityByZone"];
export const useChangePersonAvailability = () =>
  useGqlMutation(ChangePersonAvailabilityMutation, { invalidates: AVAILABILITY_QUERIES, successToast: true });
export const useAppointmentTimeSlots = (zoneId: string) =>
  useGqlQuery(AppointmentTimeSlotsQuery, { zoneId }, { enabled: !!zoneId });
export const useSetAppointmentTimeSlots = () =>
  useGqlMutation(SetAppointmentTimeSlotsMutation, { invalidates: AVAILABILITY_QUERIES, successToast: true });
export const useAvailabilityByZone = (zoneId: string) =>
  useGqlQuery(AvailabilityByZoneQuery, { zoneId, days: 14 }, { enabled: !!zoneId });
export const useAvailabilityMaps = (enabled: boolean) => useGqlQuery(AvailabilityMapsQuery, {}, { enabled });
export const useAvailabilityMapZones = (mapId: string) =>
  useGqlQuery(AvailabilityMapZonesQuery, { mapId }, { enabled: !!mapId });

export const WEEKDAYS: Weekday[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
export const dayLabel = (d: Weekday) => `${d.charAt(0)}${d.slice(1, 3).toLowerCase()}`;
export const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
export const minutesOf = (t: string) => {
  const [h, m] = t.split(":").map((x) => Number.parseInt(x, 10));
  return (h ?? 0) * 60 + (m ?? 0);
};
