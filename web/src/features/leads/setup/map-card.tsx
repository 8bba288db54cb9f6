import { z } from "zod";
import { FormCard, SelectField, useStoredValues, useZodForm } from "@/components/form";
import { namedOptions } from "@/components/named-options";
import { type LeadConfiguration, useUpdateLeadTerritoryMap } from "./setup-api";

// The segregation map: the territory map whose zones leads are placed in. Saving another one places
// every lead with coordinates again (people keep only zones of the new map).

const schema = z.object({ mapId: z.string() });

export function MapCard({ config }: { config: LeadConfiguration }) {
  const update = useUpdateLeadTerritoryMap();
  const stored = { mapId: config.leadSegregationMapId ?? "" };
  const form = useZodForm(schema, stored);
  useStoredValues(form, stored);
  return (
    <FormCard
      form={form}
      title="Lead map"
      description="Leads are placed in the zones of this territory map by where they are. Choosing another map places every lead again, and takes the old map's zones from the people below."
      onSubmit={(v) => update.mutateQuietly({ mapId: v.mapId || null })}
      contentClassName="max-w-md gap-4"
    >
      <SelectField
        control={form.control}
        name="mapId"
        label="Segregation map"
        options={namedOptions(config.maps)}
        emptyLabel="No lead map"
        description={
          config.maps.length ? undefined : "This branch has no territory maps yet: draw one under Territories."
        }
      />
    </FormCard>
  );
}
