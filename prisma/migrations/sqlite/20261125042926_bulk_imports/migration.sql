-- CreateTable
CREATE TABLE "BulkImport" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "sourceType" TEXT NOT NULL DEFAULT 'gitlab',
    "sourceUrl" TEXT NOT NULL,
    "tokenEnc" TEXT NOT NULL,
    "sourceVersion" TEXT,
    "hasFailures" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BulkImportEntity" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bulkImportId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "sourceType" TEXT NOT NULL,
    "sourceFullPath" TEXT NOT NULL,
    "destinationSlug" TEXT NOT NULL,
    "destinationNamespace" TEXT NOT NULL DEFAULT '',
    "destinationName" TEXT,
    "migrateProjects" BOOLEAN NOT NULL DEFAULT true,
    "migrateMemberships" BOOLEAN NOT NULL DEFAULT true,
    "namespaceId" INTEGER,
    "projectId" INTEGER,
    "status" INTEGER NOT NULL DEFAULT 0,
    "stats" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BulkImportEntity_bulkImportId_fkey" FOREIGN KEY ("bulkImportId") REFERENCES "BulkImport" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BulkImportFailure" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entityId" INTEGER NOT NULL,
    "relation" TEXT NOT NULL,
    "exceptionClass" TEXT NOT NULL,
    "exceptionMessage" TEXT NOT NULL,
    "correlationIdValue" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "sourceTitle" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BulkImportFailure_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "BulkImportEntity" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "BulkImport_userId_id_idx" ON "BulkImport"("userId", "id");

-- CreateIndex
CREATE INDEX "BulkImportEntity_bulkImportId_id_idx" ON "BulkImportEntity"("bulkImportId", "id");

-- CreateIndex
CREATE INDEX "BulkImportEntity_status_idx" ON "BulkImportEntity"("status");

-- CreateIndex
CREATE INDEX "BulkImportFailure_entityId_id_idx" ON "BulkImportFailure"("entityId", "id");
