import type { UseFormReturn } from "react-hook-form";
import { SelectField } from "@/components/form";
import type { SetupMilestone } from "../api";
import { FUNNEL_POSITIONS, funnelHelp, funnelLabels } from "../labels";
import type { NewStepValues } from "../schema";

type StageValues = Pick<NewStepValues, "funnelPosition" | "milestoneId">;

/** Where a step stands, side by side on wider screens: its funnel position (with what it means) and its milestone. */
export function StepStageFields<T extends StageValues>({
  form,
  milestones,
}: {
  form: UseFormReturn<T>;
  milestones: SetupMilestone[];
}) {
  const stage = form as unknown as UseFormReturn<StageValues>;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <SelectField
        control={stage.control}
        name="funnelPosition"
        label="Funnel position"
        description={funnelHelp[stage.watch("funnelPosition")]}
        options={FUNNEL_POSITIONS.map((f) => ({ value: f, label: funnelLabels[f] }))}
      />
      <SelectField
        control={stage.control}
        name="milestoneId"
        label="Milestone"
        emptyLabel="No milestone"
        options={milestones.map((m) => ({ value: m.id, label: m.name }))}
      />
    </div>
  );
}
