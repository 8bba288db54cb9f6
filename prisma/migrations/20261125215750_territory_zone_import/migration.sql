-- CreateTable
CREATE TABLE "TerritoryZoneImport" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "mapId" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "before" JSONB NOT NULL,
    "createdZoneIds" TEXT[],
    "mapVersion" INTEGER NOT NULL,
    "undoneAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TerritoryZoneImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TerritoryZoneImport_branchId_mapId_idx" ON "TerritoryZoneImport"("branchId", "mapId");

-- AddForeignKey
ALTER TABLE "TerritoryZoneImport" ADD CONSTRAINT "TerritoryZoneImport_mapId_fkey" FOREIGN KEY ("mapId") REFERENCES "TerritoryMap"("id") ON DELETE CASCADE ON UPDATE CASCADE;
