-- One permission per back-office area (docs/decisions/0012-authorization-model.md).
ALTER TYPE "EmployeePermission" ADD VALUE 'ETA_MANAGEMENT';
ALTER TYPE "EmployeePermission" ADD VALUE 'MESSAGING';
ALTER TYPE "EmployeePermission" ADD VALUE 'PERSONNEL_MANAGEMENT';
ALTER TYPE "EmployeePermission" ADD VALUE 'POINT_OF_SALE';
ALTER TYPE "EmployeePermission" ADD VALUE 'PROJECT_MANAGEMENT';
ALTER TYPE "EmployeePermission" ADD VALUE 'SCHEDULING';
ALTER TYPE "EmployeePermission" ADD VALUE 'TERRITORY_MANAGEMENT';
