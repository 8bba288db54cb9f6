import { ExternalLinkIcon } from "lucide-react";
import { useLocation, useSearch } from "wouter";
import { ListPage } from "@/components/data-list/list-page";
import { PageTabs } from "@/components/page-tabs";
import { LinkButton } from "@/components/ui/link-button";
import { BannersTab } from "../components/banners-tab";
import { PostsTab } from "../components/posts-tab";
import { WhatsNewDialogs, WhatsNewDialogsProvider } from "../components/whats-new-dialogs";

/** admin/whats-new: the what's-new posts and the portal banners (with their templates); ?tab=banners. */
export default function WhatsNewAdminPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = new URLSearchParams(search).get("tab") === "banners" ? "banners" : "posts";
  return (
    <WhatsNewDialogsProvider>
      <ListPage
        title="Edit What's New"
        description="Release notes on the What's new page, and banners across the top of a branch's portal."
        actions={
          <LinkButton href="/whats-new" variant="outline" icon={ExternalLinkIcon}>
            Open What's new
          </LinkButton>
        }
      >
        <PageTabs
          value={tab}
          onValueChange={(v) => navigate(`/admin/whats-new${v === "banners" ? "?tab=banners" : ""}`, { replace: true })}
          contentClassName="pt-4"
          tabs={[
            { value: "posts", label: "Posts", content: <PostsTab /> },
            { value: "banners", label: "Portal banners", content: <BannersTab /> },
          ]}
        />
      </ListPage>
      <WhatsNewDialogs />
    </WhatsNewDialogsProvider>
  );
}
