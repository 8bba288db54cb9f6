// Moved to the shared components (the admin console pages page the same way).
export { Pagination } from "@/components/ui/pagination";
