-- CreateTable
CREATE TABLE "TerritoryMap" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TerritoryMap_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TerritoryZone" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "mapId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "color" TEXT NOT NULL DEFAULT '#2563eb',
    "data" JSONB NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TerritoryZone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PersonTerritoryRole" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PersonTerritoryRole_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TerritoryZonePerson" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "zoneId" TEXT NOT NULL,
    "roleId" TEXT NOT NULL,
    "personId" TEXT NOT NULL,

    CONSTRAINT "TerritoryZonePerson_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TerritoryZoneWarehouse" (
    "zoneId" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "warehouseId" TEXT NOT NULL,

    CONSTRAINT "TerritoryZoneWarehouse_pkey" PRIMARY KEY ("zoneId")
);

-- CreateTable
CREATE TABLE "TerritoryZoneLeadSource" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "zoneId" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "sourceName" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "TerritoryZoneLeadSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TerritoryMapUsage" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "activityAssignmentMapId" TEXT,
    "activityAssignmentRoleId" TEXT,
    "workOrderAssignmentMapId" TEXT,
    "workOrderAssignmentRoleId" TEXT,
    "appointmentAssignmentRoleId" TEXT,
    "warehouseMapId" TEXT,

    CONSTRAINT "TerritoryMapUsage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TerritoryAddressZone" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "mapId" TEXT NOT NULL,
    "zoneId" TEXT NOT NULL,
    "serviceAddressId" TEXT NOT NULL,

    CONSTRAINT "TerritoryAddressZone_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TerritoryMap_branchId_idx" ON "TerritoryMap"("branchId");

-- CreateIndex
CREATE INDEX "TerritoryZone_branchId_mapId_idx" ON "TerritoryZone"("branchId", "mapId");

-- CreateIndex
CREATE UNIQUE INDEX "PersonTerritoryRole_branchId_name_key" ON "PersonTerritoryRole"("branchId", "name");

-- CreateIndex
CREATE INDEX "TerritoryZonePerson_branchId_personId_idx" ON "TerritoryZonePerson"("branchId", "personId");

-- CreateIndex
CREATE UNIQUE INDEX "TerritoryZonePerson_zoneId_roleId_personId_key" ON "TerritoryZonePerson"("zoneId", "roleId", "personId");

-- CreateIndex
CREATE UNIQUE INDEX "TerritoryZoneLeadSource_zoneId_sourceId_key" ON "TerritoryZoneLeadSource"("zoneId", "sourceId");

-- CreateIndex
CREATE UNIQUE INDEX "TerritoryMapUsage_branchId_key" ON "TerritoryMapUsage"("branchId");

-- CreateIndex
CREATE INDEX "TerritoryAddressZone_branchId_zoneId_idx" ON "TerritoryAddressZone"("branchId", "zoneId");

-- CreateIndex
CREATE UNIQUE INDEX "TerritoryAddressZone_mapId_serviceAddressId_key" ON "TerritoryAddressZone"("mapId", "serviceAddressId");

-- AddForeignKey
ALTER TABLE "TerritoryZone" ADD CONSTRAINT "TerritoryZone_mapId_fkey" FOREIGN KEY ("mapId") REFERENCES "TerritoryMap"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TerritoryZonePerson" ADD CONSTRAINT "TerritoryZonePerson_zoneId_fkey" FOREIGN KEY ("zoneId") REFERENCES "TerritoryZone"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TerritoryZonePerson" ADD CONSTRAINT "TerritoryZonePerson_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "PersonTerritoryRole"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TerritoryZonePerson" ADD CONSTRAINT "TerritoryZonePerson_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TerritoryZoneWarehouse" ADD CONSTRAINT "TerritoryZoneWarehouse_zoneId_fkey" FOREIGN KEY ("zoneId") REFERENCES "TerritoryZone"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TerritoryZoneWarehouse" ADD CONSTRAINT "TerritoryZoneWarehouse_warehouseId_fkey" FOREIGN KEY ("warehouseId") REFERENCES "Warehouse"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TerritoryZoneLeadSource" ADD CONSTRAINT "TerritoryZoneLeadSource_zoneId_fkey" FOREIGN KEY ("zoneId") REFERENCES "TerritoryZone"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TerritoryAddressZone" ADD CONSTRAINT "TerritoryAddressZone_zoneId_fkey" FOREIGN KEY ("zoneId") REFERENCES "TerritoryZone"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TerritoryAddressZone" ADD CONSTRAINT "TerritoryAddressZone_serviceAddressId_fkey" FOREIGN KEY ("serviceAddressId") REFERENCES "ServiceAddress"("id") ON DELETE CASCADE ON UPDATE CASCADE;
