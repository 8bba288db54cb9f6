-- CreateEnum
CREATE TYPE "AccountType" AS ENUM ('CHECKING', 'SAVINGS');

-- CreateEnum
CREATE TYPE "RecordStatus" AS ENUM ('ACTIVE', 'CANCELLED', 'DELETED', 'RESOLVED');

-- CreateEnum
CREATE TYPE "PermissionActorType" AS ENUM ('API_KEYS', 'PERSON', 'SECURITY_GROUP');

-- CreateEnum
CREATE TYPE "ContactRole" AS ENUM ('ADMINISTRATOR', 'BILLING', 'NONE', 'SALES');

-- CreateEnum
CREATE TYPE "CustomerStatus" AS ENUM ('ACTIVE', 'DELETED', 'INACTIVE', 'PROSPECT');

-- CreateEnum
CREATE TYPE "BillingType" AS ENUM ('INVOICE', 'STATEMENT', 'USE_BRANCH');

-- CreateEnum
CREATE TYPE "BranchPortalFeature" AS ENUM ('E_COMMERCE', 'ONLINE_LEADS', 'TWO_WAY_TEXTING', 'V2_WEB_PORTAL', 'WEB_PORTAL_DELIVERIES');

-- CreateEnum
CREATE TYPE "WatertightFeature" AS ENUM ('CALL_TOOLS', 'CENTAH_INTEGRATION', 'CUSTOMER_MESSAGING', 'ECOMMERCE', 'LEADS', 'MAPPING', 'MOBILE', 'MOBILE_GPS', 'MONITORED_DELIVERY_ETAS', 'PAYMENT_PROCESSING', 'QUICK_BOOKS', 'REQUIRE_LOCATION_SERVICES', 'REROUTING', 'TWO_WAY_SMS', 'WEB_PORTAL', 'WEB_PORTAL_DELIVERIES');

-- CreateEnum
CREATE TYPE "Emphasis" AS ENUM ('HEADER', 'IMPORTANT', 'NORMAL', 'SUBTLE');

-- CreateEnum
CREATE TYPE "AcceptedPaymentTypes" AS ENUM ('ACH_ONLY', 'BOTH', 'CARD_ONLY');

-- CreateEnum
CREATE TYPE "GeocodeConfidence" AS ENUM ('HIGH', 'LOW', 'SET_BY_USER', 'UNKNOWN');

-- CreateEnum
CREATE TYPE "ProductListingStatus" AS ENUM ('LISTED_AND_PURCHASABLE', 'LISTED_BUT_NOT_PURCHASABLE', 'NOT_LISTED');

-- CreateEnum
CREATE TYPE "EmployeePermission" AS ENUM ('ACCOUNTS_RECEIVABLE_SUPERVISOR', 'ADMINISTRATIVE_SETUP', 'CALL_TOOLS_AGENT', 'CUSTOMER_ACCESS', 'CUSTOMER_CREDIT_CARDS', 'DISPATCH', 'ECOMMERCE_MANAGEMENT', 'FINANCIAL_REPORTING', 'INVENTORY_ADJUSTMENTS', 'INVENTORY_MANAGEMENT', 'INVENTORY_PRICING', 'INVENTORY_VIEW', 'LEAD_ADMIN', 'LEAD_DATA_ENTRY', 'LEAD_REPORTING', 'MAPPING', 'MESSAGING_CONFIGURATION', 'PAYMENT_REFUNDING', 'PAYROLL', 'PURCHASING', 'REPORT_MANAGER', 'ROUTE_MANAGEMENT', 'SECURITY_USERS_AND_POLICIES', 'TEAM_CONFIGURATION', 'WORKFLOW_CONFIGURATION');

-- CreateEnum
CREATE TYPE "PaymentAccountKind" AS ENUM ('CARD', 'ACH');

-- CreateEnum
CREATE TYPE "TransactionKind" AS ENUM ('CHARGE', 'PAYMENT', 'CREDIT', 'ADJUSTMENT');

-- CreateEnum
CREATE TYPE "WorkType" AS ENUM ('SALES_RECEIPT', 'WORK_ORDER');

-- CreateEnum
CREATE TYPE "MessagePlatform" AS ENUM ('EMAIL', 'PHONE', 'SMS');

-- CreateTable
CREATE TABLE "Tenant" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Branch" (
    "id" TEXT NOT NULL,
    "branchNumber" INTEGER NOT NULL,
    "tenantId" TEXT NOT NULL,
    "company" TEXT NOT NULL,
    "internalName" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "host" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL DEFAULT 'America/Chicago',
    "internalRelayAlertRecipients" TEXT NOT NULL DEFAULT '',
    "externalRelayAlertRecipients" TEXT NOT NULL DEFAULT '',
    "apiKey" TEXT NOT NULL,
    "saleApiKey" TEXT NOT NULL DEFAULT '',
    "paymentApiKey" TEXT NOT NULL DEFAULT '',
    "achPaymentSourceId" TEXT NOT NULL DEFAULT '',
    "cardPaymentSourceId" TEXT NOT NULL DEFAULT '',
    "collectJsApiKey" TEXT NOT NULL DEFAULT '',
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "denyInteractive" BOOLEAN NOT NULL DEFAULT false,
    "features" "BranchPortalFeature"[],
    "ecommerceWorkflowShortcutId" TEXT,
    "lastPaymentProcessTime" TIMESTAMP(3),
    "lastWtdSync" TIMESTAMP(3),
    "webSyncVersion" TEXT NOT NULL DEFAULT '',
    "redirectUrl" TEXT NOT NULL DEFAULT '',
    "websyncSlaSeconds" INTEGER NOT NULL DEFAULT 300,
    "allowReferenceNumberSignUp" BOOLEAN NOT NULL DEFAULT false,
    "phone" TEXT NOT NULL DEFAULT '',
    "brandWebsiteUrl" TEXT NOT NULL DEFAULT '',
    "websiteHeaderHtml" TEXT NOT NULL DEFAULT '',
    "websiteFooterHtml" TEXT NOT NULL DEFAULT '',
    "logoUrl" TEXT NOT NULL DEFAULT '',
    "ecommercePaymentAgreementHtml" TEXT NOT NULL DEFAULT '',
    "acceptedPaymentTypes" "AcceptedPaymentTypes" NOT NULL DEFAULT 'BOTH',
    "allowedCardTypes" TEXT[] DEFAULT ARRAY['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER']::TEXT[],
    "allowAnonymousSignUp" BOOLEAN NOT NULL DEFAULT false,
    "salesTaxRateBasisPoints" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Branch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BranchWatertightFeature" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "featureId" "WatertightFeature" NOT NULL,
    "startTime" TIMESTAMP(3),
    "endTime" TIMESTAMP(3),

    CONSTRAINT "BranchWatertightFeature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BranchNotice" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "severity" "Emphasis" NOT NULL DEFAULT 'NORMAL',
    "message" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BranchNotice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "verifiedEmail" BOOLEAN NOT NULL DEFAULT false,
    "isSuperAdmin" BOOLEAN NOT NULL DEFAULT false,
    "personId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastLoginAt" TIMESTAMP(3),

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "persistent" BOOLEAN NOT NULL DEFAULT false,
    "impersonatorUserId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "ip" TEXT NOT NULL DEFAULT '',
    "userAgent" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginAttempt" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "success" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoginAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Person" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL DEFAULT '',
    "photoId" TEXT,
    "jobTitle" TEXT NOT NULL DEFAULT '',
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "etaReminders" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Person_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SecurityGroup" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "SecurityGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SecurityGroupMember" (
    "groupId" TEXT NOT NULL,
    "personId" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,

    CONSTRAINT "SecurityGroupMember_pkey" PRIMARY KEY ("groupId","personId")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "personId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PermissionGrant" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "actorType" "PermissionActorType" NOT NULL,
    "actorId" TEXT NOT NULL,
    "permission" "EmployeePermission" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PermissionGrant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Customer" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "accountNumber" TEXT NOT NULL,
    "securityCode" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "CustomerStatus" NOT NULL DEFAULT 'ACTIVE',
    "billingType" "BillingType" NOT NULL DEFAULT 'USE_BRANCH',
    "isInvoiceAccount" BOOLEAN NOT NULL DEFAULT false,
    "purchaseOrderRequired" BOOLEAN NOT NULL DEFAULT false,
    "billingLocationId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Customer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Contact" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "userId" TEXT,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL DEFAULT '',
    "role" "ContactRole" NOT NULL DEFAULT 'NONE',
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactPhone" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "phoneNumber" TEXT NOT NULL,
    "textable" BOOLEAN NOT NULL DEFAULT false,
    "callable" BOOLEAN NOT NULL DEFAULT true,
    "isBillingPhone" BOOLEAN NOT NULL DEFAULT false,
    "billingPhoneSortOrder" INTEGER NOT NULL DEFAULT 0,
    "phoneTypeId" TEXT NOT NULL DEFAULT 'MOBILE',
    "comments" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "ContactPhone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Location" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "address1" TEXT NOT NULL,
    "address2" TEXT NOT NULL DEFAULT '',
    "attentionName" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL,
    "company" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL DEFAULT 'US',
    "email" TEXT NOT NULL DEFAULT '',
    "externalId" TEXT NOT NULL DEFAULT '',
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "postalCode" TEXT NOT NULL,
    "state" TEXT NOT NULL,

    CONSTRAINT "Location_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceAddress" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "referenceNumber" TEXT NOT NULL DEFAULT '',
    "streetNumber" TEXT NOT NULL,
    "streetName" TEXT NOT NULL,
    "address2" TEXT NOT NULL DEFAULT '',
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "company" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "countryId" TEXT NOT NULL DEFAULT 'US',
    "postalCode" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "geocodeConfidence" "GeocodeConfidence" NOT NULL DEFAULT 'UNKNOWN',
    "isOnCreditHold" BOOLEAN NOT NULL DEFAULT false,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServiceAddress_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CatalogItem" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "partNumber" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "retailPriceCents" INTEGER NOT NULL,
    "salePriceCents" INTEGER,
    "taxable" BOOLEAN NOT NULL DEFAULT true,
    "canHaveQuantity" BOOLEAN NOT NULL DEFAULT true,
    "ecommerceStatus" "ProductListingStatus" NOT NULL DEFAULT 'NOT_LISTED',
    "eCommerceTitle" TEXT NOT NULL DEFAULT '',
    "eCommerceDescription" TEXT NOT NULL DEFAULT '',
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CatalogItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceAddressItem" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "serviceAddressId" TEXT NOT NULL,
    "catalogItemId" TEXT NOT NULL,
    "defaultQuantity" INTEGER NOT NULL DEFAULT 1,
    "unitPriceCents" INTEGER,

    CONSTRAINT "ServiceAddressItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Route" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "routeNumber" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "driverPersonId" TEXT,
    "doNotUseNumberedRoutes" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Route_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RouteCalendarDate" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "routeId" TEXT NOT NULL,
    "date" DATE NOT NULL,

    CONSTRAINT "RouteCalendarDate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Service" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "serviceAddressId" TEXT NOT NULL,
    "productCodeId" TEXT,
    "routeId" TEXT NOT NULL,
    "routeFrequencyInterval" INTEGER NOT NULL DEFAULT 1,
    "nextDeliveryDate" DATE,
    "inactive" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Service_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseOrder" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "PurchaseOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkOrder" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "customerId" TEXT NOT NULL,
    "serviceAddressId" TEXT NOT NULL,
    "workType" "WorkType" NOT NULL DEFAULT 'WORK_ORDER',
    "name" TEXT NOT NULL DEFAULT '',
    "scheduledDate" DATE NOT NULL,
    "scheduledTime" TEXT,
    "purchaseOrderId" TEXT,
    "isOpen" BOOLEAN NOT NULL DEFAULT true,
    "status" "RecordStatus" NOT NULL DEFAULT 'ACTIVE',
    "postedAt" TIMESTAMP(3),
    "syncing" BOOLEAN NOT NULL DEFAULT false,
    "createdByUserId" TEXT,
    "source" TEXT NOT NULL DEFAULT 'TEAM',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BillingItem" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "workOrderId" TEXT NOT NULL,
    "catalogItemId" TEXT,
    "parentId" TEXT,
    "name" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "prepayQuantity" INTEGER NOT NULL DEFAULT 0,
    "unitPriceCents" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "taxCents" INTEGER NOT NULL DEFAULT 0,
    "canEdit" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "BillingItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Statement" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "closeDate" DATE NOT NULL,
    "comment" TEXT NOT NULL DEFAULT '',
    "openingBalanceCents" INTEGER NOT NULL,
    "balanceCents" INTEGER NOT NULL,

    CONSTRAINT "Statement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "displayId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "term" TEXT NOT NULL DEFAULT 'Net 30',
    "dueDate" DATE NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "balanceCents" INTEGER NOT NULL,
    "purchaseOrderNumber" TEXT NOT NULL DEFAULT '',
    "comment" TEXT NOT NULL DEFAULT '',
    "workOrderId" TEXT,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Transaction" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "kind" "TransactionKind" NOT NULL,
    "datePosted" TIMESTAMP(3) NOT NULL,
    "billingCodeId" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL,
    "comment" TEXT NOT NULL DEFAULT '',
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "amountCents" INTEGER NOT NULL,
    "statementId" TEXT,
    "invoiceId" TEXT,
    "paymentAccountId" TEXT,
    "maskedAccountNumber" TEXT NOT NULL DEFAULT '',
    "gatewayTransactionId" TEXT NOT NULL DEFAULT '',
    "gatewayResponseText" TEXT NOT NULL DEFAULT '',
    "avsResult" TEXT NOT NULL DEFAULT '',
    "cvvResult" TEXT NOT NULL DEFAULT '',
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Transaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentAccount" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "kind" "PaymentAccountKind" NOT NULL,
    "externalId" TEXT NOT NULL,
    "cardType" TEXT NOT NULL DEFAULT '',
    "accountType" "AccountType",
    "nameOnAccount" TEXT NOT NULL DEFAULT '',
    "maskedAccountNumber" TEXT NOT NULL,
    "expiration" TEXT NOT NULL DEFAULT '',
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutoPay" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "paymentAccountId" TEXT NOT NULL,
    "amountIsFixed" BOOLEAN NOT NULL DEFAULT false,
    "fixedAmountCents" INTEGER,
    "limitCents" INTEGER,
    "dayOfMonth" INTEGER NOT NULL,
    "lastRunAt" TIMESTAMP(3),
    "lastResult" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "AutoPay_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL,
    "branchId" TEXT,
    "platform" "MessagePlatform" NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL DEFAULT '',
    "sentAt" TIMESTAMP(3),
    "error" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Branch_branchNumber_key" ON "Branch"("branchNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Branch_host_key" ON "Branch"("host");

-- CreateIndex
CREATE UNIQUE INDEX "Branch_apiKey_key" ON "Branch"("apiKey");

-- CreateIndex
CREATE UNIQUE INDEX "BranchWatertightFeature_branchId_featureId_key" ON "BranchWatertightFeature"("branchId", "featureId");

-- CreateIndex
CREATE UNIQUE INDEX "User_personId_key" ON "User"("personId");

-- CreateIndex
CREATE INDEX "User_email_idx" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_branchId_email_key" ON "User"("branchId", "email");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "LoginAttempt_key_createdAt_idx" ON "LoginAttempt"("key", "createdAt");

-- CreateIndex
CREATE INDEX "Person_branchId_idx" ON "Person"("branchId");

-- CreateIndex
CREATE UNIQUE INDEX "SecurityGroup_branchId_name_key" ON "SecurityGroup"("branchId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_key_key" ON "ApiKey"("key");

-- CreateIndex
CREATE INDEX "PermissionGrant_branchId_actorType_actorId_idx" ON "PermissionGrant"("branchId", "actorType", "actorId");

-- CreateIndex
CREATE UNIQUE INDEX "PermissionGrant_branchId_actorType_actorId_permission_key" ON "PermissionGrant"("branchId", "actorType", "actorId", "permission");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_billingLocationId_key" ON "Customer"("billingLocationId");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_branchId_accountNumber_key" ON "Customer"("branchId", "accountNumber");

-- CreateIndex
CREATE INDEX "Contact_branchId_customerId_idx" ON "Contact"("branchId", "customerId");

-- CreateIndex
CREATE INDEX "Contact_userId_idx" ON "Contact"("userId");

-- CreateIndex
CREATE INDEX "ServiceAddress_branchId_customerId_idx" ON "ServiceAddress"("branchId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogItem_branchId_partNumber_key" ON "CatalogItem"("branchId", "partNumber");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceAddressItem_serviceAddressId_catalogItemId_key" ON "ServiceAddressItem"("serviceAddressId", "catalogItemId");

-- CreateIndex
CREATE UNIQUE INDEX "Route_branchId_routeNumber_key" ON "Route"("branchId", "routeNumber");

-- CreateIndex
CREATE UNIQUE INDEX "RouteCalendarDate_routeId_date_key" ON "RouteCalendarDate"("routeId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrder_customerId_number_key" ON "PurchaseOrder"("customerId", "number");

-- CreateIndex
CREATE INDEX "WorkOrder_branchId_customerId_idx" ON "WorkOrder"("branchId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "WorkOrder_branchId_number_key" ON "WorkOrder"("branchId", "number");

-- CreateIndex
CREATE INDEX "Statement_branchId_customerId_idx" ON "Statement"("branchId", "customerId");

-- CreateIndex
CREATE INDEX "Invoice_branchId_customerId_idx" ON "Invoice"("branchId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_branchId_displayId_key" ON "Invoice"("branchId", "displayId");

-- CreateIndex
CREATE UNIQUE INDEX "Transaction_idempotencyKey_key" ON "Transaction"("idempotencyKey");

-- CreateIndex
CREATE INDEX "Transaction_branchId_customerId_datePosted_idx" ON "Transaction"("branchId", "customerId", "datePosted");

-- CreateIndex
CREATE INDEX "PaymentAccount_branchId_customerId_idx" ON "PaymentAccount"("branchId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "AutoPay_customerId_key" ON "AutoPay"("customerId");

-- CreateIndex
CREATE INDEX "OutboxMessage_recipient_createdAt_idx" ON "OutboxMessage"("recipient", "createdAt");

-- AddForeignKey
ALTER TABLE "Branch" ADD CONSTRAINT "Branch_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BranchWatertightFeature" ADD CONSTRAINT "BranchWatertightFeature_branchId_fkey" FOREIGN KEY ("branchId") REFERENCES "Branch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BranchNotice" ADD CONSTRAINT "BranchNotice_branchId_fkey" FOREIGN KEY ("branchId") REFERENCES "Branch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SecurityGroupMember" ADD CONSTRAINT "SecurityGroupMember_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "SecurityGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SecurityGroupMember" ADD CONSTRAINT "SecurityGroupMember_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_billingLocationId_fkey" FOREIGN KEY ("billingLocationId") REFERENCES "Location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactPhone" ADD CONSTRAINT "ContactPhone_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceAddress" ADD CONSTRAINT "ServiceAddress_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceAddressItem" ADD CONSTRAINT "ServiceAddressItem_serviceAddressId_fkey" FOREIGN KEY ("serviceAddressId") REFERENCES "ServiceAddress"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RouteCalendarDate" ADD CONSTRAINT "RouteCalendarDate_routeId_fkey" FOREIGN KEY ("routeId") REFERENCES "Route"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_serviceAddressId_fkey" FOREIGN KEY ("serviceAddressId") REFERENCES "ServiceAddress"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Service" ADD CONSTRAINT "Service_routeId_fkey" FOREIGN KEY ("routeId") REFERENCES "Route"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrder" ADD CONSTRAINT "PurchaseOrder_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_serviceAddressId_fkey" FOREIGN KEY ("serviceAddressId") REFERENCES "ServiceAddress"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingItem" ADD CONSTRAINT "BillingItem_workOrderId_fkey" FOREIGN KEY ("workOrderId") REFERENCES "WorkOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Statement" ADD CONSTRAINT "Statement_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Transaction" ADD CONSTRAINT "Transaction_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Transaction" ADD CONSTRAINT "Transaction_statementId_fkey" FOREIGN KEY ("statementId") REFERENCES "Statement"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Transaction" ADD CONSTRAINT "Transaction_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAccount" ADD CONSTRAINT "PaymentAccount_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutoPay" ADD CONSTRAINT "AutoPay_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;
