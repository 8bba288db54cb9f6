import { builder, type Result, ResultRef } from "../../pothos/builder.ts";
import { refusalAsResult } from "../../validation.ts";
import {
  enforceLeadTerritory,
  type LeadConfigurationView,
  leadConfiguration,
  type PersonZoneAccess,
  updateLeadTerritoryMap,
} from "./setup.service.ts";

// Lead setup through GraphQL (team/lead-setup): only LEAD_ADMIN reads and changes it, for others and
// for themselves (holding a person to zones narrows what they see; it never gives anything).

const ADMIN = { permission: "LEAD_ADMIN" } as const;

const Option = builder.objectRef<{ id: string; name: string }>("LeadSetupMap").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});
const ZoneOption = builder.objectRef<{ id: string; name: string; color: string }>("LeadSetupZone").implement({
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name"), color: t.exposeString("color") }),
});
const PersonAccessRef = builder.objectRef<PersonZoneAccess>("LeadPersonZoneAccess").implement({
  description: "A person with a lead permission, and whether they see only the leads of some zones.",
  fields: (t) => ({
    personId: t.exposeID("personId"),
    name: t.exposeString("name"),
    enforceZonePermission: t.exposeBoolean("enforceZonePermission", {
      description: "On: the person sees and works only the leads placed in zoneIds.",
    }),
    zoneIds: t.exposeStringList("zoneIds"),
  }),
});
const ConfigurationRef = builder.objectRef<LeadConfigurationView>("LeadConfiguration").implement({
  fields: (t) => ({
    leadSegregationMapId: t.exposeString("leadSegregationMapId", {
      nullable: true,
      description: "The territory map whose zones leads are placed in (by their coordinates).",
    }),
    maps: t.field({
      type: [Option],
      description: "The branch's territory maps, to choose from.",
      resolve: (c) => c.maps,
    }),
    zones: t.field({ type: [ZoneOption], description: "The zones of the segregation map.", resolve: (c) => c.zones }),
    persons: t.field({ type: [PersonAccessRef], resolve: (c) => c.persons }),
  }),
});

const asResult = (run: () => Promise<Result>) =>
  refusalAsResult<Result>(run, (message) => ({ isSuccess: false, message }));

builder.queryFields((t) => ({
  leadConfiguration: t.field({
    type: ConfigurationRef,
    description: "The segregation map and, per person with a lead permission, their zone enforcement.",
    authScopes: ADMIN,
    resolve: (_r, _a, ctx) => leadConfiguration(ctx),
  }),
}));

builder.mutationFields((t) => ({
  updateLeadTerritoryMap: t.field({
    type: ResultRef,
    description: "Chooses the segregation map (null for none) and places every lead in its zone on it.",
    authScopes: ADMIN,
    args: { mapId: t.arg.id({ required: false }) },
    resolve: (_r, a, ctx) => asResult(() => updateLeadTerritoryMap(ctx, a.mapId ?? null)),
  }),
  enforceLeadTerritory: t.field({
    type: ResultRef,
    description: "Holds a person to some zones of the segregation map (enforce), or lets them see every lead.",
    authScopes: ADMIN,
    args: {
      personId: t.arg.id({ required: true }),
      enforce: t.arg.boolean({ required: true }),
      zoneIds: t.arg.idList({ required: true }),
    },
    resolve: (_r, a, ctx) => asResult(() => enforceLeadTerritory(ctx, a.personId, a.enforce, a.zoneIds.map(String))),
  }),
}));
