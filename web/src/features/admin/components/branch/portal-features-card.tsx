import { FormField } from "@/components/ui/form-field";
import { Switch } from "@/components/ui/switch";
import { type AdminBranch, useUpdatePortalFeature } from "../../api";
import { featureLabel, PORTAL_FEATURES } from "../../format";
import { Section } from "./section";

/** What the branch's customers see on the portal and shop: each switch saves at once. */
export function PortalFeaturesCard({ branch }: { branch: AdminBranch }) {
  const update = useUpdatePortalFeature({
    successToast: (_, v) => `${featureLabel(v.feature)} is ${v.enabled ? "on" : "off"}.`,
  });
  return (
    <Section title="Portal features" description="What the branch's customers see on the web portal and shop.">
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Portal features">
        {PORTAL_FEATURES.map((f) => (
          <li key={f}>
            <FormField label={featureLabel(f)} orientation="horizontal">
              <Switch
                disabled={update.isPending}
                checked={branch.features.includes(f)}
                onCheckedChange={(enabled) => void update.run({ branchId: branch.id, feature: f, enabled })}
              />
            </FormField>
          </li>
        ))}
      </ul>
    </Section>
  );
}
