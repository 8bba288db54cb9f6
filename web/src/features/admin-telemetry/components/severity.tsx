import { Badge } from "@/components/ui/badge";
import type { Severity } from "../api";

export const SEVERITIES: Severity[] = ["FATAL", "ERROR", "WARNING", "INFO"];

const variants: Record<Severity, "destructive" | "warning" | "info" | "secondary"> = {
  FATAL: "destructive",
  ERROR: "warning",
  WARNING: "info",
  INFO: "secondary",
};

const labels: Record<Severity, string> = { FATAL: "Fatal", ERROR: "Error", WARNING: "Warning", INFO: "Info" };

export function severityLabel(s: Severity) {
  return labels[s];
}

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <Badge variant={variants[severity]}>{labels[severity]}</Badge>;
}

export function StatusBadge({ status }: { status: string }) {
  return status === "RESOLVED" ? <Badge variant="success">Resolved</Badge> : <Badge variant="outline">Active</Badge>;
}
