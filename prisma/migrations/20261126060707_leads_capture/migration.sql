-- CreateEnum
CREATE TYPE "LeadStatus" AS ENUM ('ASSIGNED', 'DISCARDED', 'UNASSIGNED');

-- CreateEnum
CREATE TYPE "LeadAppointmentKind" AS ENUM ('APPOINTMENT', 'CLOSED', 'OPEN');

-- CreateEnum
CREATE TYPE "NativeLeadField" AS ENUM ('ADDRESS', 'APPOINTMENT', 'CITY', 'COMMENTS', 'EMAIL', 'FIRST_NAME', 'LAST_NAME', 'PHONE', 'PHONE2', 'POSTAL_CODE', 'STATE_CODE');

-- CreateEnum
CREATE TYPE "LeadQuestionType" AS ENUM ('ADDRESS_AUTOFILL', 'CHECKBOX', 'DATE', 'DATE_TIME', 'EMAIL', 'NUMBER', 'PHONE', 'POSTAL_CODE', 'SELECT', 'SELECT_MULTIPLE', 'STATE_CODE', 'TEXT', 'TEXT_AREA', 'TIME', 'YES_NO');

-- CreateTable
CREATE TABLE "LeadSource" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "retailStoreId" TEXT,
    "retailStoreType" TEXT,
    "apiKeyHash" TEXT,
    "apiKeyPrefix" TEXT,
    "apiKeyCreatedAt" TIMESTAMP(3),
    "apiKeyLastUsed" TIMESTAMP(3),
    "importMapping" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LeadSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscardReason" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscardReason_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Lead" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "number" SERIAL NOT NULL,
    "customerId" TEXT,
    "enteredTime" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastEdited" TIMESTAMP(3) NOT NULL,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "emailKey" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL DEFAULT '',
    "phoneE164" TEXT NOT NULL DEFAULT '',
    "phone2" TEXT NOT NULL DEFAULT '',
    "phone2E164" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL DEFAULT '',
    "county" TEXT NOT NULL DEFAULT '',
    "stateCode" TEXT NOT NULL DEFAULT '',
    "postalCode" TEXT NOT NULL DEFAULT '',
    "addressKey" TEXT NOT NULL DEFAULT '',
    "comments" TEXT NOT NULL DEFAULT '',
    "appointment" TIMESTAMP(3),
    "appointmentKind" "LeadAppointmentKind",
    "status" "LeadStatus" NOT NULL DEFAULT 'UNASSIGNED',
    "duplicateOfId" TEXT,
    "leadFormId" TEXT,
    "personId" TEXT,
    "gathererPersonId" TEXT,
    "setterPersonId" TEXT,
    "leadSourceId" TEXT,
    "retailLeadId" TEXT,
    "geocodeConfidence" "GeocodeConfidence" NOT NULL DEFAULT 'UNKNOWN',
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "zoneId" TEXT,
    "discardReasonId" TEXT,
    "callToolsContactId" TEXT,
    "importFileId" TEXT,
    "importRowNumber" INTEGER,
    "intakeKey" TEXT,

    CONSTRAINT "Lead_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadNote" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "personId" TEXT,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeadNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadForm" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "isPublic" BOOLEAN NOT NULL DEFAULT false,
    "autoAssignLead" BOOLEAN NOT NULL DEFAULT false,
    "assignWorkflowShortcutId" TEXT,
    "minutesBetweenSubmissions" INTEGER NOT NULL DEFAULT 0,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "isTemplate" BOOLEAN NOT NULL DEFAULT false,
    "hasAppointmentScheduler" BOOLEAN NOT NULL DEFAULT false,
    "chooseSource" BOOLEAN NOT NULL DEFAULT false,
    "chooseGatherer" BOOLEAN NOT NULL DEFAULT false,
    "chooseSetter" BOOLEAN NOT NULL DEFAULT false,
    "sendToRetailer" BOOLEAN NOT NULL DEFAULT false,
    "leadSourceId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastEdited" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LeadForm_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadFormElement" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "leadFormId" TEXT NOT NULL,
    "parentElementId" TEXT,
    "showIfParentEquals" TEXT NOT NULL DEFAULT '',
    "isNativeLeadField" BOOLEAN NOT NULL DEFAULT true,
    "leadFieldId" "NativeLeadField",
    "customFieldId" TEXT,
    "questionText" TEXT NOT NULL,
    "questionType" "LeadQuestionType" NOT NULL,
    "questionOptions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "isRequired" BOOLEAN NOT NULL DEFAULT false,
    "orderIndex" INTEGER NOT NULL,

    CONSTRAINT "LeadFormElement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadImportFile" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "leadSourceId" TEXT,
    "personId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'DRY_RUN',
    "mapping" JSONB NOT NULL DEFAULT '{}',
    "totalRows" INTEGER NOT NULL DEFAULT 0,
    "newRows" INTEGER NOT NULL DEFAULT 0,
    "duplicateRows" INTEGER NOT NULL DEFAULT 0,
    "discardedRows" INTEGER NOT NULL DEFAULT 0,
    "invalidRows" INTEGER NOT NULL DEFAULT 0,
    "doneRows" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT NOT NULL DEFAULT '',
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "committedAt" TIMESTAMP(3),
    "undoneAt" TIMESTAMP(3),

    CONSTRAINT "LeadImportFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadImportRow" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "fileId" TEXT NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "matchedKey" TEXT NOT NULL DEFAULT '',
    "duplicateOfLeadId" TEXT,
    "duplicateOfCustomerId" TEXT,
    "data" JSONB NOT NULL DEFAULT '{}',
    "leadId" TEXT,
    "before" JSONB,

    CONSTRAINT "LeadImportRow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LeadSource_apiKeyHash_key" ON "LeadSource"("apiKeyHash");

-- CreateIndex
CREATE UNIQUE INDEX "LeadSource_branchId_name_key" ON "LeadSource"("branchId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "LeadSource_branchId_code_key" ON "LeadSource"("branchId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "DiscardReason_branchId_name_key" ON "DiscardReason"("branchId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Lead_number_key" ON "Lead"("number");

-- CreateIndex
CREATE INDEX "Lead_branchId_enteredTime_idx" ON "Lead"("branchId", "enteredTime");

-- CreateIndex
CREATE INDEX "Lead_branchId_status_enteredTime_idx" ON "Lead"("branchId", "status", "enteredTime");

-- CreateIndex
CREATE INDEX "Lead_branchId_phoneE164_idx" ON "Lead"("branchId", "phoneE164");

-- CreateIndex
CREATE INDEX "Lead_branchId_phone2E164_idx" ON "Lead"("branchId", "phone2E164");

-- CreateIndex
CREATE INDEX "Lead_branchId_emailKey_idx" ON "Lead"("branchId", "emailKey");

-- CreateIndex
CREATE INDEX "Lead_branchId_addressKey_idx" ON "Lead"("branchId", "addressKey");

-- CreateIndex
CREATE INDEX "Lead_branchId_importFileId_idx" ON "Lead"("branchId", "importFileId");

-- CreateIndex
CREATE UNIQUE INDEX "Lead_branchId_leadSourceId_intakeKey_key" ON "Lead"("branchId", "leadSourceId", "intakeKey");

-- CreateIndex
CREATE INDEX "LeadNote_leadId_createdAt_idx" ON "LeadNote"("leadId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LeadForm_branchId_name_key" ON "LeadForm"("branchId", "name");

-- CreateIndex
CREATE INDEX "LeadFormElement_leadFormId_orderIndex_idx" ON "LeadFormElement"("leadFormId", "orderIndex");

-- CreateIndex
CREATE INDEX "LeadImportFile_branchId_createdAt_idx" ON "LeadImportFile"("branchId", "createdAt");

-- CreateIndex
CREATE INDEX "LeadImportRow_fileId_outcome_idx" ON "LeadImportRow"("fileId", "outcome");

-- CreateIndex
CREATE UNIQUE INDEX "LeadImportRow_fileId_rowNumber_key" ON "LeadImportRow"("fileId", "rowNumber");

-- AddForeignKey
ALTER TABLE "LeadNote" ADD CONSTRAINT "LeadNote_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadFormElement" ADD CONSTRAINT "LeadFormElement_leadFormId_fkey" FOREIGN KEY ("leadFormId") REFERENCES "LeadForm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadImportRow" ADD CONSTRAINT "LeadImportRow_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "LeadImportFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
