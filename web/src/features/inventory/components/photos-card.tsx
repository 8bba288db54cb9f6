import { ArrowLeftIcon, ArrowRightIcon, ImagePlusIcon, ImagesIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { fileToBase64, imageFileProblem } from "@/lib/media";
import { describeRequestError } from "@/lib/query-client";
import { cn } from "@/lib/utils";
import {
  type InventoryItemDetail,
  type ItemPhoto,
  useDeleteInventoryMedia,
  useRefreshInventory,
  useReorderInventoryMedia,
  useUploadInventoryMedia,
} from "../api";

const MAX_PHOTOS = 12;

/** The item's shop photos: upload (PNG, JPEG, WebP, GIF up to 5 MB), reorder, delete. The first is the main photo. */
export function PhotosCard({ item, canManage }: { item: InventoryItemDetail; canManage: boolean }) {
  const upload = useUploadInventoryMedia();
  const reorder = useReorderInventoryMedia();
  const remove = useDeleteInventoryMedia();
  const refresh = useRefreshInventory();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<ItemPhoto[]>(item.productAttachments);
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<ItemPhoto | null>(null);
  useEffect(() => setPhotos(item.productAttachments), [item.productAttachments]);

  const title = item.eCommerceTitle || item.description;

  async function uploadFiles(files: File[]) {
    if (!files.length) return;
    const room = MAX_PHOTOS - photos.length;
    if (files.length > room) {
      toast.error(
        room <= 0
          ? `An item can have at most ${MAX_PHOTOS} photos. Delete one first.`
          : `Only ${room} more ${room === 1 ? "photo fits" : "photos fit"} (at most ${MAX_PHOTOS}).`,
      );
      files = files.slice(0, Math.max(0, room));
    }
    let added = 0;
    for (const file of files) {
      const problem = imageFileProblem(file);
      if (problem) {
        toast.error(`${file.name}: ${problem}`);
        continue;
      }
      setUploading((n) => n + 1);
      try {
        await upload.mutateAsync({
          input: { itemId: item.id, fileName: file.name, dataBase64: await fileToBase64(file) },
        });
        added += 1;
      } catch (error) {
        toast.error(`${file.name}: ${describeRequestError(error)}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (added) {
      toast.success(added === 1 ? "Photo uploaded." : `${added} photos uploaded.`);
      await refresh(item.id);
    }
  }

  async function move(index: number, by: -1 | 1) {
    const next = [...photos];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    setPhotos(next);
    try {
      await reorder.mutateAsync({ itemId: item.id, mediaIds: next.map((p) => p.id) });
      await refresh(item.id);
    } catch (error) {
      setPhotos(item.productAttachments);
      toast.error(describeRequestError(error));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ mediaId: deleting.id });
      toast.success("Photo deleted.");
      await refresh(item.id);
    } catch (error) {
      toast.error(describeRequestError(error));
      throw error;
    }
  }

  const onDrop = (e: React.DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (canManage) void uploadFiles(Array.from(e.dataTransfer.files));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Shop photos</h2>
        </CardTitle>
        <CardDescription>
          The first photo is the main one in the shop. PNG, JPEG, WebP or GIF, up to 5 MB each.
        </CardDescription>
        {canManage ? (
          <CardAction>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              multiple
              className="sr-only"
              aria-label="Upload photos"
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = "";
                void uploadFiles(files);
              }}
            />
            <Button
              variant="outline"
              onClick={() => input.current?.click()}
              disabled={uploading > 0 || photos.length >= MAX_PHOTOS}
            >
              {uploading > 0 ? <Spinner size="sm" /> : <UploadIcon aria-hidden="true" />}
              {uploading > 0 ? "Uploading…" : "Upload"}
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent>
        {photos.length === 0 && uploading === 0 ? (
          canManage ? (
            <button
              type="button"
              onClick={() => input.current?.click()}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                "flex w-full flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center outline-none transition-colors hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring",
                dragging && "border-primary bg-primary/5",
              )}
            >
              <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <ImagePlusIcon aria-hidden="true" className="size-5" />
              </span>
              <span className="font-medium">No photos yet</span>
              <span className="text-muted-foreground text-sm">Drop images here, or click to choose files.</span>
            </button>
          ) : (
            <EmptyState icon={<ImagesIcon aria-hidden="true" />} title="No photos yet" />
          )
        ) : (
          <ul
            className={cn("grid grid-cols-2 gap-3 sm:grid-cols-3", dragging && "rounded-lg ring-2 ring-primary")}
            aria-label="Photos"
            onDragOver={(e) => {
              if (!canManage) return;
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            {photos.map((photo, i) => (
              <li key={photo.id} className="group relative overflow-hidden rounded-lg border bg-card">
                <div className="flex aspect-square items-center justify-center bg-muted/40 p-2">
                  <img
                    src={photo.url}
                    alt={`${title} (${i + 1} of ${photos.length})`}
                    className="max-h-full max-w-full object-contain"
                  />
                </div>
                {i === 0 ? (
                  <Badge variant="accent" className="absolute top-2 left-2">
                    Main photo
                  </Badge>
                ) : null}
                <div className="flex items-center justify-between gap-1 border-t px-1.5 py-1">
                  <span className="truncate px-1 text-muted-foreground text-xs" title={photo.fileName}>
                    {photo.fileName || `Photo ${i + 1}`}
                  </span>
                  {canManage ? (
                    <span className="flex shrink-0">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Move photo ${i + 1} earlier`}
                        disabled={i === 0 || reorder.isPending}
                        onClick={() => void move(i, -1)}
                      >
                        <ArrowLeftIcon aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Move photo ${i + 1} later`}
                        disabled={i === photos.length - 1 || reorder.isPending}
                        onClick={() => void move(i, 1)}
                      >
                        <ArrowRightIcon aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        className="text-destructive hover:text-destructive"
                        aria-label={`Delete photo ${i + 1}`}
                        onClick={() => setDeleting(photo)}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </span>
                  ) : null}
                </div>
              </li>
            ))}
            {Array.from({ length: uploading }, (_, i) => (
              <li
                key={`uploading-${i}`}
                className="flex aspect-square items-center justify-center rounded-lg border border-dashed"
              >
                <Spinner label="Uploading photo" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this photo?"
        description="It disappears from the shop at once. This can't be undone."
        destructive
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
