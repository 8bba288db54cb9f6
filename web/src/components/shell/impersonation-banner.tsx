import { EyeIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { graphql } from "@/lib/graphql";
import { describeRequestError, useGqlQuery, useRawMutation } from "@/lib/query-client";
import { toast } from "@/lib/toast";

// "Viewing as ...": shown on every page while a super admin views the app as another user
// (admin/impersonate), with Stop. The server says whether this session is an impersonation.

const ImpersonationQuery = graphql(`
  query ImpersonationBanner {
    impersonation {
      userName
      userEmail
      adminName
    }
  }
`);

const StopMutation = graphql(`
  mutation StopImpersonatingBanner {
    stopImpersonating {
      isSuccess
      message
      path
    }
  }
`);

export function ImpersonationBanner() {
  const q = useGqlQuery(ImpersonationQuery, undefined, { staleTime: 60_000, retry: false });
  const stop = useRawMutation(StopMutation);
  const [stopping, setStopping] = useState(false);
  const who = q.data?.impersonation;
  if (!who) return null;
  const onStop = async () => {
    setStopping(true);
    try {
      const r = await stop.mutateAsync(undefined as never);
      // A full load: the viewed user's cached data must not outlive the impersonation.
      window.location.assign(r.stopImpersonating.path || "/");
    } catch (e) {
      toast.error(describeRequestError(e));
      setStopping(false);
    }
  };
  return (
    <>
      {/* Keeps the page's end clear of the fixed banner. */}
      <div aria-hidden="true" className="h-12" />
      <section
        aria-label="Impersonation"
        className="fixed inset-x-0 bottom-0 z-[60] flex min-h-12 items-center gap-3 border-brand-dark border-t-2 bg-brand-yellow px-4 py-2 text-brand-dark shadow-lg"
      >
        <EyeIcon aria-hidden="true" className="size-5 shrink-0" />
        <p className="min-w-0 flex-1 text-sm">
          <strong className="font-semibold">Viewing as {who.userName}</strong>{" "}
          <span className="hidden sm:inline">
            ({who.userEmail}){who.adminName ? ` · you are ${who.adminName}; every request is recorded` : ""}
          </span>
        </p>
        <button
          type="button"
          onClick={() => void onStop()}
          disabled={stopping}
          className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md bg-brand-dark px-3 font-medium text-brand-offwhite text-sm outline-none hover:bg-brand-dark/90 focus-visible:ring-2 focus-visible:ring-brand-dark focus-visible:ring-offset-2 focus-visible:ring-offset-brand-yellow disabled:opacity-60"
        >
          <XIcon aria-hidden="true" className="size-4" />
          Stop
        </button>
      </section>
    </>
  );
}
