-- Personnel (issue 9, people half): API keys stored as hashes, a phone per person, weekly
-- availability, time off and appointment time slots per zone.

-- CreateEnum
CREATE TYPE "Weekday" AS ENUM ('MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY');

-- API keys are stored only as their SHA-256 (hex); keys that exist keep working.
DROP INDEX "ApiKey_key_key";
ALTER TABLE "ApiKey" ADD COLUMN "keyHash" TEXT,
ADD COLUMN     "keyPrefix" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "lastUsedAt" TIMESTAMP(3);
UPDATE "ApiKey" SET "keyHash" = encode(sha256(convert_to("key", 'UTF8')), 'hex'), "keyPrefix" = left("key", 8);
ALTER TABLE "ApiKey" ALTER COLUMN "keyHash" SET NOT NULL;
ALTER TABLE "ApiKey" DROP COLUMN "key";
-- A key that names a person that no longer exists acts for nobody.
UPDATE "ApiKey" SET "personId" = NULL WHERE "personId" IS NOT NULL AND "personId" NOT IN (SELECT "id" FROM "Person");

-- AlterTable
ALTER TABLE "Person" ADD COLUMN     "phone" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "PersonAvailability" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "personId" TEXT NOT NULL,
    "weekday" "Weekday" NOT NULL,
    "startMinute" INTEGER NOT NULL,
    "endMinute" INTEGER NOT NULL,

    CONSTRAINT "PersonAvailability_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PersonTimeOff" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "personId" TEXT NOT NULL,
    "startDate" DATE NOT NULL,
    "endDate" DATE NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "PersonTimeOff_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AppointmentTimeSlot" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "zoneId" TEXT NOT NULL,
    "weekday" "Weekday" NOT NULL,
    "startMinute" INTEGER NOT NULL,
    "endMinute" INTEGER NOT NULL,
    "capacity" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "AppointmentTimeSlot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PersonAvailability_branchId_personId_idx" ON "PersonAvailability"("branchId", "personId");

-- CreateIndex
CREATE INDEX "PersonTimeOff_branchId_personId_idx" ON "PersonTimeOff"("branchId", "personId");

-- CreateIndex
CREATE INDEX "AppointmentTimeSlot_branchId_zoneId_idx" ON "AppointmentTimeSlot"("branchId", "zoneId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_branchId_idx" ON "ApiKey"("branchId");

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PersonAvailability" ADD CONSTRAINT "PersonAvailability_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PersonTimeOff" ADD CONSTRAINT "PersonTimeOff_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;
