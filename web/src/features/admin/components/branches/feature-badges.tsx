import { Badge } from "@/components/ui/badge";
import { featureNames } from "../../format";

/** A branch's features in words, each once (a portal and a watertight feature of one name are one). */
export function FeatureBadges({
  features,
  watertight,
}: {
  features: readonly string[];
  watertight: readonly string[];
}) {
  const names = featureNames(features, watertight);
  if (!names.length) return <span className="text-muted-foreground">None</span>;
  return (
    <ul className="flex max-w-80 flex-wrap gap-1" aria-label="Features">
      {names.map((name) => (
        <li key={name}>
          <Badge variant="secondary">{name}</Badge>
        </li>
      ))}
    </ul>
  );
}
