import { PhoneLink } from "@/components/phone-link";
import { useBranchBranding } from "@/lib/branding";

/** "Call us at (512) 555-0100", the number a tel: link on one line ("Call us" when the branch has none). */
export function CallUs({ lowercase = false }: { lowercase?: boolean }) {
  const { branding } = useBranchBranding();
  const call = lowercase ? "call us" : "Call us";
  if (!branding?.phone) return <>{call}</>;
  return (
    <>
      {call} at <PhoneLink phone={branding.phone} />
    </>
  );
}
