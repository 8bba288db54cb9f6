import { leadImportFieldLabels } from "@shared/lead-import-fields.ts";
import type { NativeField } from "./forms-api";

// The lead's own fields a form question fills or a lead rule tests: the fields a CSV import maps to,
// less the unit and county (no question or rule asks for them), and the appointment.

const { UNIT: _unit, COUNTY: _county, ...imported } = leadImportFieldLabels;

export const NATIVE_FIELD_LABELS: Record<NativeField, string> = { ...imported, APPOINTMENT: "Appointment" };
