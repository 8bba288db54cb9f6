-- CreateEnum
CREATE TYPE "CustomFieldType" AS ENUM ('DATE', 'DATE_TIME', 'INTEGER', 'NUMERIC', 'REALLY_LONG_TEXT', 'TABLE_RECORD', 'TEXT', 'TRUE_FALSE');

-- CreateEnum
CREATE TYPE "TableIdentifier" AS ENUM ('ACCOUNT_CATEGORY', 'ACTIVITY', 'CUSTOMER', 'INVENTORY_ITEM', 'LEAD', 'PERSON', 'PROJECT', 'PROJECT_THREAD', 'SERVICE_ADDRESS', 'WAREHOUSE', 'WORK_ORDER', 'WORK_ORDER_TYPE');

-- CreateEnum
CREATE TYPE "CustomFieldPinStatus" AS ENUM ('NOT_PINNED', 'PINNED');

-- CreateTable
CREATE TABLE "CustomField" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tableId" "TableIdentifier" NOT NULL,
    "displayParentId" TEXT,
    "macroName" TEXT NOT NULL DEFAULT '',
    "type" "CustomFieldType" NOT NULL,
    "usageApp" BOOLEAN NOT NULL DEFAULT true,
    "usageDesktop" BOOLEAN NOT NULL DEFAULT true,
    "readOnly" BOOLEAN NOT NULL DEFAULT false,
    "length" INTEGER,
    "decimals" INTEGER,
    "selectionTableId" "TableIdentifier",
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "useOptionList" BOOLEAN NOT NULL DEFAULT false,
    "optionList" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "displayIfFieldId" TEXT,
    "displayIfFieldValue" TEXT NOT NULL DEFAULT '',
    "required" BOOLEAN NOT NULL DEFAULT false,
    "defaultValue" TEXT NOT NULL DEFAULT '',
    "pinStatus" "CustomFieldPinStatus" NOT NULL DEFAULT 'NOT_PINNED',
    "updateOtherCustomFieldId" TEXT,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomFieldValue" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "fieldId" TEXT NOT NULL,
    "tableId" "TableIdentifier" NOT NULL,
    "recordId" TEXT NOT NULL,
    "valueString" TEXT,
    "valueStringMax" TEXT,
    "valueInt" INTEGER,
    "valueDecimal" DECIMAL(18,6),
    "valueDateTime" TIMESTAMP(3),
    "valueBool" BOOLEAN,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomFieldValue_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CustomField_branchId_tableId_sortOrder_idx" ON "CustomField"("branchId", "tableId", "sortOrder");

-- CreateIndex
CREATE UNIQUE INDEX "CustomField_branchId_tableId_name_key" ON "CustomField"("branchId", "tableId", "name");

-- CreateIndex
CREATE INDEX "CustomFieldValue_branchId_tableId_recordId_idx" ON "CustomFieldValue"("branchId", "tableId", "recordId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomFieldValue_fieldId_recordId_key" ON "CustomFieldValue"("fieldId", "recordId");

-- AddForeignKey
ALTER TABLE "CustomFieldValue" ADD CONSTRAINT "CustomFieldValue_fieldId_fkey" FOREIGN KEY ("fieldId") REFERENCES "CustomField"("id") ON DELETE CASCADE ON UPDATE CASCADE;
